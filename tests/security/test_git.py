"""Hostile git repositories: configs that name commands, history borrowed from outside, and the agent's own
writes into .git. Each runs the git tools in a real `edgeagent run`."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.security.harness import CANARY, Place, call, held, place, run

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
READS = [call("git_log", path="."), call("git_show", rev="HEAD"), call("git_diff", rev="HEAD~1")]


def git(repo: Path, *args: str) -> str:
    env = {"PATH": os.environ["PATH"], "HOME": str(repo.parent), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Ann", "GIT_AUTHOR_EMAIL": "ann@example.org",
           "GIT_COMMITTER_NAME": "Ann", "GIT_COMMITTER_EMAIL": "ann@example.org"}
    return subprocess.run(["git", "-C", str(repo), *args], env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def commit_twice(repo: Path, text: str = "plain") -> None:
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "main")
    for i in range(2):
        (repo / "notes.txt").write_text(f"{text} {i}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"{text} commit {i}")


def private_repo(p: Place) -> Path:
    """A repository outside the workspace whose history holds the canary."""
    repo = p.outside / "private"
    commit_twice(repo, CANARY)
    return repo


def add_config(p: Place, text: str) -> None:
    with (p.ws / ".git" / "config").open("a") as f:
        f.write(text)


@pytest.fixture
def p(tmp_path) -> Place:
    pl = place(tmp_path)
    commit_twice(pl.ws)
    return pl


def drop_loose_object(repo: Path) -> None:
    """Deletes the blob of the first commit's notes.txt, so reading it would need a (lazy) fetch."""
    blob = git(repo, "rev-parse", "HEAD~1:notes.txt")
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()


def test_partial_clone_promisor_upload_pack_runs_nothing(p):
    upstream = p.outside / "upstream"
    commit_twice(upstream)
    add_config(p, "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialClone = origin\n"
                  f"[remote \"origin\"]\n\turl = {upstream}\n\tpromisor = true\n"
                  f"\tuploadpack = {p.touch_command()}; git-upload-pack\n[protocol \"file\"]\n\tallow = always\n")
    drop_loose_object(p.ws)
    held(p, run(p, READS))


def test_agent_cannot_build_the_promisor_config_itself(p):
    """The tools refuse writes under .git, so a model told by a file to arm the repository can't."""
    before = (p.ws / ".git" / "config").read_bytes()
    hostile = (f"[extensions]\n\tpartialClone = origin\n[remote \"origin\"]\n\tpromisor = true\n"
               f"\tuploadpack = {p.touch_command()}; git-upload-pack\n")
    head = git(p.ws, "rev-parse", "HEAD")
    r = run(p, [call("append_file", path=".git/config", content=hostile),
                call("write_file", path=".git/refs/heads/evil", content=head + "\n"),
                call("append_file", path=".git/config", content=f"[core]\n\tfsmonitor = {p.touch_command()}\n"),
                call("write_file", path=".git/hooks/post-checkout", content=f"#!/bin/sh\n{p.touch_command()}\n"),
                call("git_show", rev="evil")])
    held(p, r)
    assert (p.ws / ".git" / "config").read_bytes() == before
    assert not (p.ws / ".git" / "refs" / "heads" / "evil").exists()
    assert not (p.ws / ".git" / "hooks" / "post-checkout").exists()
    subprocess.run(["git", "-C", str(p.ws), "status"], capture_output=True, check=False)  # the user's own git
    assert not p.marker.exists()


@pytest.mark.parametrize("setting", [
    "[core]\n\tfsmonitor = {cmd}\n",
    "[core]\n\tpager = {cmd}\n",
    "[diff]\n\texternal = {cmd}\n",
    "[diff \"evil\"]\n\ttextconv = {cmd}\n",
    "[core]\n\thooksPath = {hooks}\n",
    "[gpg]\n\tprogram = {cmd}\n[log]\n\tshowSignature = true\n",
    "[core]\n\talternateRefsCommand = {cmd}\n",
    "[alias]\n\tshow = !{cmd}\n",
], ids=["fsmonitor", "pager", "diff-external", "textconv", "hooks-path", "gpg", "alternate-refs", "alias"])
def test_config_commands_never_run(p, setting):
    hooks = p.outside / "hooks"
    hooks.mkdir()
    for hook in ("post-checkout", "pre-commit", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\n{p.touch_command()}\n")
        (hooks / hook).chmod(0o755)
    (p.ws / ".gitattributes").write_text("*.txt diff=evil\n")
    git(p.ws, "add", ".gitattributes")
    git(p.ws, "commit", "-q", "-m", "attributes")
    add_config(p, setting.format(cmd=p.touch_command(), hooks=hooks))
    held(p, run(p, READS))


def test_include_of_an_outside_config_runs_nothing(p):
    outer = p.outside / "evil.config"
    outer.write_text(f"[core]\n\tfsmonitor = {p.touch_command()}\n[diff]\n\texternal = {p.touch_command()}\n")
    add_config(p, f"[include]\n\tpath = {outer}\n[includeIf \"gitdir:/\"]\n\tpath = {outer}\n")
    held(p, run(p, READS))


@pytest.mark.parametrize("links", ["refs/heads objects/pack", "refs objects", "packed-refs objects/pack",
                                   "logs objects/pack", "objects/pack"])
def test_links_below_git_read_nothing_outside(p, links):
    priv = private_repo(p)
    git(priv, "repack", "-q", "-a", "-d")  # objects/pack holds the history; refs stay loose
    if "packed-refs" in links:
        git(priv, "pack-refs", "--all")
    for link in links.split():
        target, mine = priv / ".git" / link, p.ws / ".git" / link
        if mine.is_dir():
            shutil.rmtree(mine)
        elif mine.exists():
            mine.unlink()
        mine.symlink_to(target)
    held(p, run(p, READS))


def test_a_deep_ref_link_reads_nothing_outside(p):
    priv = private_repo(p)
    head = git(priv, "rev-parse", "HEAD")
    (p.ws / ".git" / "refs" / "heads" / "feature").symlink_to(priv / ".git" / "refs" / "heads" / "main")
    shutil.copytree(priv / ".git" / "objects", p.ws / ".git" / "objects", dirs_exist_ok=True,
                    ignore=lambda d, names: [n for n in names if n == "info"])
    held(p, run(p, [call("git_show", rev="feature"), call("git_log", path="."), call("git_show", rev=head)]))


@pytest.mark.parametrize("how", ["alternates", "gitfile", "commondir", "git-link"])
def test_history_borrowed_from_outside_is_refused(p, how):
    priv = private_repo(p)
    dot = p.ws / ".git"
    if how == "alternates":
        (dot / "objects" / "info").mkdir(exist_ok=True)
        (dot / "objects" / "info" / "alternates").write_text(f"{priv / '.git' / 'objects'}\n")
        head = git(priv, "rev-parse", "HEAD")
        calls = [call("git_show", rev=head)]
    else:
        shutil.rmtree(dot)
        if how == "gitfile":
            dot.write_text(f"gitdir: {priv / '.git'}\n")
        elif how == "git-link":
            dot.symlink_to(priv / ".git")
        else:
            commit_twice(p.ws)
            (dot / "commondir").write_text(f"{priv / '.git'}\n")
        calls = READS
    held(p, run(p, calls))


def test_a_submodule_git_folder_is_read_only(p):
    sub = p.ws / "vendor" / "lib"
    commit_twice(sub)
    before = (sub / ".git" / "config").read_bytes()
    r = run(p, [call("append_file", path="vendor/lib/.git/config", content=f"[core]\n\tfsmonitor = {p.touch_command()}\n"),
                call("write_file", path="vendor/lib/.GIT/info/exclude", content="*\n"),
                call("write_file", path="./vendor/lib/.git/hooks/pre-commit", content=p.touch_command())])
    held(p, r)
    assert (sub / ".git" / "config").read_bytes() == before
    assert not (sub / ".git" / "hooks" / "pre-commit").exists()
    assert all(o.startswith("error") for o in r.observations[:3])


def test_a_huge_compressed_blob_stays_in_bounds(p):
    """A 120 MB file of repeated lines is a few hundred KB in git: showing its change must stay bounded."""
    big = p.ws / "big.txt"
    line = b"the same line again and again, compressed to almost nothing by zlib\n"
    big.write_bytes(line * (60_000_000 // len(line)))
    git(p.ws, "add", "big.txt")
    git(p.ws, "commit", "-q", "-m", "big file")
    big.write_bytes(line * (120_000_000 // len(line)))
    git(p.ws, "commit", "-q", "-am", "bigger file")
    big.unlink()
    r = run(p, READS + [call("git_show", rev="HEAD~1")])
    held(p, r)
    assert r.seconds < 90
