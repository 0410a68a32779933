"""Hostile repositories for the git tools (issue 27 items 1 and 3), built with real git in tmp_path.

Item 1: a partial clone's lazy fetch runs the remote's upload-pack through a shell, so a .git/config that makes the
repository a promisor runs any command on the first missing object. Item 3: links below .git (refs/heads,
objects/pack, one ref file) make git read another repository's history."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from edgeagent.tools.base import ToolContext
from edgeagent.tools.files import append_file, write_file
from edgeagent.tools.git import git_diff, git_log, git_show
from edgeagent.workspace.sandbox import ToolError

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], check=False, capture_output=True).returncode != 0,
                                reason="git is not installed")


def _env(tmp_path: Path) -> dict:
    return {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Ann Lee", "GIT_AUTHOR_EMAIL": "ann@example.org",
            "GIT_COMMITTER_NAME": "Ann Lee", "GIT_COMMITTER_EMAIL": "ann@example.org",
            "GIT_AUTHOR_DATE": "2026-03-02T10:00:00+00:00", "GIT_COMMITTER_DATE": "2026-03-02T10:00:00+00:00"}


def _git(ws: Path, tmp_path: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(ws), *args], env=_env(tmp_path), check=True, capture_output=True,
                          text=True).stdout


def _make_repo(ws: Path, tmp_path: Path, text: str, pack: bool = False) -> None:
    ws.mkdir(parents=True)
    _git(ws, tmp_path, "init", "-q", "-b", "main")
    (ws / "app.yaml").write_text("replicas: 2\n")
    _git(ws, tmp_path, "add", "-A")
    _git(ws, tmp_path, "commit", "-q", "-m", "first")
    (ws / "app.yaml").write_text(text)
    _git(ws, tmp_path, "add", "-A")
    _git(ws, tmp_path, "commit", "-q", "-m", "second")
    if pack:
        _git(ws, tmp_path, "gc", "-q")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    _make_repo(ws, tmp_path, "replicas: 3\n")
    return ws


def _promisor_config(tmp_path: Path, marker: Path) -> str:
    """The issue's reproduction: the repository becomes a partial clone whose remote's upload-pack is a shell line."""
    origin = tmp_path / "origin"
    if not origin.exists():
        _make_repo(origin, tmp_path, "replicas: 3\n")
    return (f"[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialClone = origin\n"
            f"[remote \"origin\"]\n\turl = {origin}\n\tpromisor = true\n"
            f"\tuploadpack = \"touch '{marker}'; git-upload-pack\"\n[protocol \"file\"]\n\tallow = always\n")


def _drop_head_blob(repo: Path, tmp_path: Path) -> None:
    """Delete the loose object of app.yaml at HEAD, so showing HEAD needs a (lazy) fetch."""
    sha = _git(repo, tmp_path, "rev-parse", "HEAD:app.yaml").strip()
    (repo / ".git" / "objects" / sha[:2] / sha[2:]).unlink()


def _plain_git_runs_it(repo: Path, tmp_path: Path, marker: Path) -> None:
    """Control: plain git on a copy of the repository does run the command (so the test would catch a
    regression); on a copy, because the lazy fetch would bring the missing object back."""
    import shutil

    copy = tmp_path / "control"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(repo, copy, symlinks=True)
    subprocess.run(["git", "-C", str(copy), "show", "HEAD"], env=_env(tmp_path), check=False, capture_output=True)
    assert marker.exists(), "plain git should have run the hostile upload-pack"
    marker.unlink()


def _error_of(tool, ctx: ToolContext, arg: str) -> str:
    """The ToolError's message, or "" when the call succeeded (checked after the marker, so a run shows first)."""
    try:
        tool(ctx, arg)
    except ToolError as e:
        return str(e)
    return ""


# ---- item 1: a command from .git/config, through lazy fetch of a partial clone


@pytest.mark.parametrize("tool", [git_show, git_log, git_diff])
def test_promisor_repository_lazy_fetch_runs_no_command(repo, tmp_path, tool):
    marker = tmp_path / "ran"
    with open(repo / ".git" / "config", "a") as f:
        f.write(_promisor_config(tmp_path, marker))
    _drop_head_blob(repo, tmp_path)
    _plain_git_runs_it(repo, tmp_path, marker)
    arg = {git_show: "HEAD", git_log: "app.yaml", git_diff: "HEAD~1"}[tool]
    err = _error_of(tool, ToolContext(repo), arg)
    assert not marker.exists(), "the repository's upload-pack command ran"
    assert "promisor" in err or "partial clone" in err


def test_agent_cannot_build_the_promisor_repository_with_its_own_tools(repo, tmp_path):
    """The issue's agent-built variant: append to .git/config, write a ref, then git_show it."""
    marker = tmp_path / "ran"
    ctx = ToolContext(repo)
    config = _promisor_config(tmp_path, marker)
    head = _git(repo, tmp_path, "rev-parse", "HEAD").strip()
    with pytest.raises(ToolError, match=r"\.git"):
        append_file(ctx, ".git/config", config)
    with pytest.raises(ToolError, match=r"\.git"):
        write_file(ctx, ".git/refs/heads/evil", head + "\n")
    assert "promisor" not in (repo / ".git" / "config").read_text()
    assert not (repo / ".git" / "refs" / "heads" / "evil").exists()
    _drop_head_blob(repo, tmp_path)
    _error_of(git_show, ctx, "evil")
    assert not marker.exists()


@pytest.mark.parametrize("extra", [
    "[remote \"origin\"]\n\turl = /nowhere\n\tpromisor = true\n",  # a promisor remote without the extension
    "[remote \"up\"]\n\tpromisor = false\n",  # any promisor key at all
    "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialclone = origin\n",
    "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true\n",  # reads config.worktree
    "[include]\n\tpath = ../../outside.gitconfig\n",
    "[includeIf \"gitdir:/\"]\n\tpath = /tmp/outside.gitconfig\n",
    "[core]\n\trepositoryformatversion = 7\n",
])
def test_config_keys_that_fetch_run_or_include_are_refused(repo, tmp_path, extra):
    with open(repo / ".git" / "config", "a") as f:
        f.write(extra)
    with pytest.raises(ToolError, match="refused"):
        git_log(ToolContext(repo), ".")


def test_an_include_pulling_a_hostile_config_from_outside_runs_nothing(repo, tmp_path):
    marker = tmp_path / "ran"
    outside = tmp_path / "outside.gitconfig"
    outside.write_text(_promisor_config(tmp_path, marker))
    with open(repo / ".git" / "config", "a") as f:
        f.write(f"[include]\n\tpath = {outside}\n")
    _drop_head_blob(repo, tmp_path)
    _plain_git_runs_it(repo, tmp_path, marker)
    err = _error_of(git_show, ToolContext(repo), "HEAD")
    assert not marker.exists(), "the included config's upload-pack command ran"
    assert "include" in err


def test_a_plain_repository_with_format_version_1_and_sha1_still_reads(repo, tmp_path):
    with open(repo / ".git" / "config", "a") as f:
        f.write("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = sha1\n")
    assert "second" in git_log(ToolContext(repo), ".")


# ---- item 3: links below .git read another repository


@pytest.fixture
def private(tmp_path: Path) -> Path:
    """Another repository outside the workspace, packed, whose content must never show."""
    p = tmp_path / "private"
    _make_repo(p, tmp_path, "password: hunter2-private\n", pack=True)
    return p


def _link(path: Path, target: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        import shutil
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    path.symlink_to(target)


def test_refs_heads_and_objects_pack_linked_to_another_repository_are_refused(repo, private, tmp_path):
    dot = repo / ".git"
    _link(dot / "refs" / "heads", private / ".git" / "refs" / "heads")
    _link(dot / "objects" / "pack", private / ".git" / "objects" / "pack")
    (private / ".git" / "refs" / "heads" / "main").write_text(_git(private, tmp_path, "rev-parse", "HEAD"))
    shown = subprocess.run(["git", "-C", str(repo), "show", "HEAD"], env=_env(tmp_path), check=False,
                           capture_output=True, text=True).stdout
    assert "hunter2-private" in shown, "control: plain git reads the private repository through the links"
    for tool, arg in ((git_show, "HEAD"), (git_log, "."), (git_diff, "HEAD~1")):
        try:
            out = tool(ToolContext(repo), arg)
        except ToolError as e:
            out = str(e)
        assert "hunter2-private" not in out, f"{tool.__name__} read the private repository"
        assert "link" in out and "refused" in out


@pytest.mark.parametrize("where", ["refs/heads/feature", "objects/pack", "objects/info", "refs/tags/v1", "info",
                                   "packed-refs", "HEAD", "config"])
def test_a_link_anywhere_below_git_is_refused(repo, tmp_path, where):
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "target"
    head = _git(repo, tmp_path, "rev-parse", "HEAD~1").strip()
    if where in ("objects/pack", "objects/info", "info"):
        target.mkdir()
    else:
        target.write_text((repo / ".git" / where).read_text() if (repo / ".git" / where).is_file() else head + "\n")
    (repo / ".git" / where).parent.mkdir(parents=True, exist_ok=True)
    _link(repo / ".git" / where, target)
    with pytest.raises(ToolError, match="link"):
        git_show(ToolContext(repo), "HEAD")


def test_a_ref_file_linked_outside_steers_nothing(repo, tmp_path):
    """A ref deeper down pointing at an outside file: git would read the outside file as the ref."""
    outside = tmp_path / "outside-ref"
    outside.write_text(_git(repo, tmp_path, "rev-parse", "HEAD~1").strip() + "\n")
    (repo / ".git" / "refs" / "heads" / "feature").symlink_to(outside)
    with pytest.raises(ToolError, match="link"):
        git_show(ToolContext(repo), "feature")


@pytest.mark.parametrize("name", ["objects/info/alternates", "objects/info/http-alternates", "commondir", "gitdir"])
def test_redirecting_files_are_refused(repo, private, name):
    f = repo / ".git" / name
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(str(private / ".git" / "objects") + "\n")
    with pytest.raises(ToolError, match="refused"):
        git_show(ToolContext(repo), "HEAD")


def test_a_fifo_below_git_is_refused_not_waited_on(repo):
    os.mkfifo(repo / ".git" / "refs" / "heads" / "stuck")
    with pytest.raises(ToolError, match="not a regular file|refused"):
        git_log(ToolContext(repo), ".")


def test_a_hard_link_to_an_outside_file_below_git_is_refused(repo, private):
    pack = next((private / ".git" / "objects" / "pack").glob("*.pack"))
    os.link(pack, repo / ".git" / "objects" / "pack" / pack.name)
    with pytest.raises(ToolError, match="hard link"):
        git_log(ToolContext(repo), ".")
    assert "second" in git_log(ToolContext(repo, allow_hardlinks=True), ".")


def test_past_the_walk_bound_the_repository_is_refused(repo, monkeypatch):
    import edgeagent.tools.git as g

    monkeypatch.setattr(g, "MAX_GIT_ENTRIES", 5)
    with pytest.raises(ToolError, match="over 5 entries"):
        git_log(ToolContext(repo), ".")


def test_no_transport_is_allowed_even_past_the_config_check(repo, tmp_path, monkeypatch):
    """Defence in depth: with the config refusal skipped and GIT_NO_LAZY_FETCH unset (as an older git ignores it),
    the per-transport protocol.<name>.allow=never and GIT_ALLOW_PROTOCOL still stop the lazy fetch."""
    import edgeagent.tools.git as g

    marker = tmp_path / "ran"
    with open(repo / ".git" / "config", "a") as f:
        f.write(_promisor_config(tmp_path, marker))
    _drop_head_blob(repo, tmp_path)
    env = g._env
    monkeypatch.setattr(g, "_config_problem", lambda *a: None)
    monkeypatch.setattr(g, "_env", lambda home: {k: v for k, v in env(home).items() if k != "GIT_NO_LAZY_FETCH"})
    with pytest.raises(ToolError, match="unable to read"):
        git_show(ToolContext(repo), "HEAD")
    assert not marker.exists()


def test_a_folder_below_git_that_cannot_be_walked_is_refused_not_a_crash(repo, monkeypatch):
    import edgeagent.tools.git as g

    def denied(dot, allow_hardlinks):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(g, "_check_entries", denied)  # root reads any folder, so chmod 0 cannot show it here
    with pytest.raises(ToolError, match="could not be checked"):
        git_log(ToolContext(repo), ".")
