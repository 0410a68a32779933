"""Issue 27 item 2: a repository's own folder (.git, at any depth, in any case, and a folder a .git file names)
is read-only to every write tool: its config, hooks and info files make the user's next git command run things."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from edgeagent.tools.base import ToolContext, apply_effect
from edgeagent.tools.calendar import add_event
from edgeagent.tools.files import append_file, read_file, write_file
from edgeagent.tools.mail import draft_mail, send_mail
from edgeagent.workspace.sandbox import ToolError

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], check=False, capture_output=True).returncode != 0,
                                reason="git is not installed")

READ_ONLY = r"read-only"


def _git(ws: Path, *args: str) -> None:
    env = {"PATH": os.environ["PATH"], "HOME": str(ws.parent), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["git", "-C", str(ws), *args], env=env, check=True, capture_output=True)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """A workspace repository with a nested repository (sub/.git folder) and a submodule-style .git file."""
    w = tmp_path / "ws"
    w.mkdir()
    _git(w, "init", "-q", "-b", "main")
    (w / "sub").mkdir()
    _git(w / "sub", "init", "-q", "-b", "main")
    (w / "linked").mkdir()
    store = w / ".modules-store" / "linked"  # where linked/.git sends git: a git folder not named .git
    store.parent.mkdir()
    _git(w, "init", "-q", "--bare", str(store))
    (w / "linked" / ".git").write_text("gitdir: ../.modules-store/linked\n")
    (w / "notes.md").write_text("# Notes\n")
    return w


def _config_of(ws: Path) -> str:
    return (ws / ".git" / "config").read_text()


HOSTILE = "[core]\n\tfsmonitor = touch /tmp/edgeagent-pwned\n"


@pytest.mark.parametrize("path", [
    ".git/config", "./.git/config", ".git/hooks/pre-commit", "./.git/hooks/pre-commit", ".git/info/exclude",
    ".git/refs/heads/evil", ".git/new-file", "sub/.git/config", "sub/.git/info/exclude", ".GIT/config",
    ".Git/hooks/post-checkout", "docs/../.git/config", "/workspace/.git/config", "new/.git/config",
    "linked/.git", ".git\u200c/config", ".git./config", ".git /config", "git~1/config",
    ".modules-store/linked/config", ".modules-store/linked/hooks/post-checkout",
])
@pytest.mark.parametrize("tool", [write_file, append_file])
def test_write_tools_refuse_every_git_folder(ws, tool, path):
    before = _config_of(ws)
    with pytest.raises(ToolError, match=READ_ONLY):
        tool(ToolContext(ws), path, HOSTILE)
    assert _config_of(ws) == before and (ws / "linked" / ".git").read_text().startswith("gitdir: ../")
    assert not (ws / "new").exists() and not (ws / ".git" / "new-file").exists()


def test_a_link_to_the_git_folder_does_not_open_it_for_writing(ws):
    (ws / "gitlink").symlink_to(ws / ".git")
    (ws / "cfg").symlink_to(ws / ".git" / "config")
    with pytest.raises(ToolError, match=READ_ONLY):
        append_file(ToolContext(ws), "gitlink/config", HOSTILE)
    with pytest.raises(ToolError, match=READ_ONLY):
        append_file(ToolContext(ws), "cfg", HOSTILE)
    assert "fsmonitor" not in _config_of(ws)


def test_a_folder_becoming_a_bare_repository_is_refused_in_any_order(ws):
    """git status in a folder holding HEAD, objects/ and refs/ treats it as a repository and reads its config."""
    ctx = ToolContext(ws)
    write_file(ctx, "bare/config", HOSTILE)  # alone it is an ordinary file
    write_file(ctx, "bare/objects/x", "x")
    write_file(ctx, "bare/refs/x", "x")
    with pytest.raises(ToolError, match=READ_ONLY):
        write_file(ctx, "bare/HEAD", "ref: refs/heads/main\n")
    assert not (ws / "bare" / "HEAD").exists()


def test_mail_and_calendar_cannot_write_into_git_through_their_folders(ws):
    (ws / "outbox").symlink_to(ws / ".git" / "hooks")
    (ws / "drafts").symlink_to(ws / "sub" / ".git" / "info")
    (ws / "calendar.ics").symlink_to(ws / ".git" / "hooks" / "post-checkout")
    ctx = ToolContext(ws, task="write to ann@example.org")
    with pytest.raises(ToolError, match=READ_ONLY):
        send_mail(ctx, "ann@example.org", "hi", "hello")
    with pytest.raises(ToolError, match=READ_ONLY):
        draft_mail(ctx, "ann@example.org", "hi", "hello")
    with pytest.raises(ToolError, match=READ_ONLY):
        add_event(ctx, "standup", "2026-03-02T10:00", "2026-03-02T10:15", "")
    assert not list((ws / ".git" / "hooks").glob("*.eml")) and not (ws / ".git" / "hooks" / "post-checkout").exists()


def test_the_rule_is_in_apply_effect_so_new_write_tools_inherit_it(ws):
    with pytest.raises(ToolError, match=READ_ONLY):
        apply_effect(ToolContext(ws), ws / ".git" / "config", b"x")
    assert "x" != _config_of(ws)


def test_git_files_can_still_be_read_and_ordinary_files_written(ws):
    ctx = ToolContext(ws)
    assert "[core]" in read_file(ctx, ".git/config")
    assert write_file(ctx, "notes.md", "ok") == "wrote 2 bytes to notes.md"
    assert write_file(ctx, ".gitignore", "*.log\n").startswith("wrote")  # working-tree files named .git* are fine
    assert write_file(ctx, "docs/git/config", "x").startswith("wrote")
