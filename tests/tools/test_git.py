"""git_log, git_show, git_diff on a real repository made here; a hostile .git/config runs nothing."""

from __future__ import annotations

import os
import subprocess

import pytest

from edgeagent.tools.base import ToolContext
from edgeagent.tools.git import git_diff, git_log, git_show
from edgeagent.workspace.sandbox import ToolError

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], check=False, capture_output=True).returncode != 0,
                                reason="git is not installed")


def _env(tmp_path) -> dict:
    return {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Ann Lee", "GIT_AUTHOR_EMAIL": "ann@example.org",
            "GIT_COMMITTER_NAME": "Ann Lee", "GIT_COMMITTER_EMAIL": "ann@example.org"}


def _git(ws, tmp_path, *args, date="2026-03-02T10:00:00+00:00", stdin=None) -> str:
    env = {**_env(tmp_path), "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    return subprocess.run(["git", "-C", str(ws), *args], env=env, check=True, capture_output=True, text=True,
                          input=stdin).stdout


@pytest.fixture
def repo(tmp_path):
    ws = tmp_path / "ws"
    (ws / "config").mkdir(parents=True)
    _git(ws, tmp_path, "init", "-q", "-b", "main")
    (ws / "app.yaml").write_text("replicas: 2\nport: 8080\n")
    _git(ws, tmp_path, "add", "app.yaml")
    _git(ws, tmp_path, "commit", "-q", "-m", "Initial deploy config")
    (ws / "app.yaml").write_text("replicas: 3\nport: 8080\n")
    (ws / "config" / "db.ini").write_text("[db]\nhost = db1\n")
    _git(ws, tmp_path, "add", "-A")
    _git(ws, tmp_path, "commit", "-q", "-m", "Scale to 3 replicas; add db config", date="2026-03-04T16:30:00+00:00")
    return ws


def test_git_log_lists_commits_newest_first(repo):
    out = git_log(ToolContext(repo), ".")
    lines = out.splitlines()
    assert lines[0].endswith("2026-03-04 16:30 Ann Lee <ann@example.org>") and lines[1].strip() == \
        "Scale to 3 replicas; add db config"
    assert lines[3].strip() == "Initial deploy config" and lines[-1] == "[2 commits, newest first]"


def test_git_log_of_one_path(repo):
    out = git_log(ToolContext(repo), "config/db.ini")
    assert "add db config" in out and "Initial" not in out and out.endswith("[1 commit, newest first]")
    with pytest.raises(ToolError, match="leaves the workspace"):
        git_log(ToolContext(repo), "../")


def test_git_show_and_git_diff_show_the_change(repo):
    shown = git_show(ToolContext(repo), "HEAD")
    assert "Scale to 3 replicas" in shown and "-replicas: 2" in shown and "+replicas: 3" in shown
    diff = git_diff(ToolContext(repo), "HEAD~1")
    assert "+host = db1" in diff and "-replicas: 2" in diff and "Initial" not in diff
    assert git_diff(ToolContext(repo), "HEAD..HEAD") == "no changes in HEAD..HEAD"
    assert "replicas: 2" in git_show(ToolContext(repo), "HEAD~1:app.yaml")


@pytest.mark.parametrize("rev", ["--output=stolen.txt", "-p", "HEAD; touch x", "$(touch x)", "a b"])
def test_options_and_shell_text_are_not_revisions(repo, rev):
    with pytest.raises(ToolError, match="not a revision"):
        git_show(ToolContext(repo), rev)
    assert not (repo / "stolen.txt").exists() and not (repo / "x").exists()


def test_an_unknown_revision_is_one_plain_line(repo):
    with pytest.raises(ToolError, match=r"^git: .*nosuchbranch"):
        git_show(ToolContext(repo), "nosuchbranch")


def test_not_a_repository_or_a_git_file_pointing_elsewhere(tmp_path, repo):
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(ToolError, match="not a git repository"):
        git_log(ToolContext(plain), ".")
    (plain / ".git").write_text(f"gitdir: {repo / '.git'}\n")  # history kept outside the workspace
    with pytest.raises(ToolError, match="pointing elsewhere"):
        git_log(ToolContext(plain), ".")


def _sign_head(repo, tmp_path) -> None:
    """Replace HEAD by the same commit carrying a (fake) signature, so log.showSignature would call gpg."""
    raw = _git(repo, tmp_path, "cat-file", "commit", "HEAD")
    head, _, message = raw.partition("\n\n")
    signed = f"{head}\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\n{message}"
    sha = _git(repo, tmp_path, "hash-object", "-t", "commit", "-w", "--stdin", stdin=signed).strip()
    _git(repo, tmp_path, "update-ref", "HEAD", sha)


def test_a_hostile_repository_config_runs_no_command(repo, tmp_path):
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.sh"
    evil.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{marker}'\ncat\n")
    evil.chmod(0o755)
    _sign_head(repo, tmp_path)
    (repo / ".gitattributes").write_text("* diff=evil filter=evil\n")
    hooks = repo / ".git" / "hooks"
    for hook in ("post-checkout", "pre-commit", "post-index-change", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\n{evil}\n")
        (hooks / hook).chmod(0o755)
    with open(repo / ".git" / "config", "a") as f:
        f.write(f"[core]\n\tfsmonitor = {evil}\n\tpager = {evil}\n\thooksPath = {hooks}\n"
                f"[log]\n\tshowSignature = true\n[gpg]\n\tprogram = {evil}\n"
                f"[diff]\n\texternal = {evil}\n[diff \"evil\"]\n\ttextconv = {evil}\n\tcommand = {evil}\n"
                f"[filter \"evil\"]\n\tclean = {evil}\n\tsmudge = {evil}\n"
                f"[pager]\n\tlog = {evil}\n\tshow = {evil}\n\tdiff = {evil}\n")
    # Control: plain git on this repository does run the configured programs.
    subprocess.run(["git", "-C", str(repo), "log", "-p", "-1"], check=False, env=_env(tmp_path), capture_output=True)
    assert marker.exists(), "the hostile config should have run a program under plain git"
    marker.unlink()

    ctx = ToolContext(repo)
    assert "Scale to 3 replicas" in git_log(ctx, ".")
    assert "+replicas: 3" in git_show(ctx, "HEAD")
    assert "+host = db1" in git_diff(ctx, "HEAD~1")
    assert not marker.exists(), marker.read_text()


@pytest.mark.parametrize("how", ["alternates", "commondir", "objects link"])
def test_history_borrowed_from_outside_is_refused(repo, tmp_path, how):
    dot = repo / ".git"
    if how == "alternates":
        (dot / "objects" / "info").mkdir(exist_ok=True)
        (dot / "objects" / "info" / "alternates").write_text(str(tmp_path / "other" / ".git" / "objects"))
    elif how == "commondir":
        (dot / "commondir").write_text(str(tmp_path / "other" / ".git"))
    else:
        (dot / "objects").rename(tmp_path / "outside-objects")
        (dot / "objects").symlink_to(tmp_path / "outside-objects")
    with pytest.raises(ToolError, match="borrows objects or refs from outside"):
        git_log(ToolContext(repo), ".")
