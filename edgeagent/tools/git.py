"""Read-only git history of the workspace: git_log, git_show, git_diff.

git runs with a fixed argv and no shell, on the workspace's own .git only, with every configured command
that reading history could start turned off: a cloned repository's .git/config is not trusted."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from edgeagent.tools.base import MAX_READ_CHARS, Tool, ToolContext, resolve_path
from edgeagent.workspace.sandbox import ToolError, relative

GIT_SECONDS = 20
MAX_OUTPUT_BYTES = 256 * 1024  # read from git at most; what is shown is MAX_READ_CHARS
MAX_COMMITS = 50
_REV = re.compile(r"[\w./~^@{}:+-]{1,200}")  # names, hashes, HEAD~2, main..feature, v1.0^{commit}

# Settings that would make a reading command run a program, each set to nothing or off.
_SAFE_CONFIG = ("core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat", "core.editor=false",
                "core.sshCommand=false", "core.alternateRefsCommand=", "diff.external=", "log.showSignature=false",
                "gpg.program=false", "gpg.ssh.program=false", "gpg.x509.program=false", "credential.helper=",
                "protocol.allow=never", "core.askPass=false", "color.ui=false")
_PASSED_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "SYSTEMROOT", "TZ")


def _env(home: str) -> dict[str, str]:
    """No user or system git config, no inherited GIT_* variable, no prompt, no pager."""
    env = {k: os.environ[k] for k in _PASSED_ENV if k in os.environ}
    env.update(HOME=home, XDG_CONFIG_HOME=home, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               GIT_TERMINAL_PROMPT="0", GIT_PAGER="cat", PAGER="cat", GIT_OPTIONAL_LOCKS="0",
               GIT_NO_REPLACE_OBJECTS="1", GIT_ASKPASS="false", SSH_ASKPASS="false")
    return env


def _repo(ctx: ToolContext) -> Path:
    """The workspace's own .git folder; a .git file or link (whose history lives elsewhere) is refused."""
    ws = Path(os.path.realpath(ctx.workspace))
    dot = ws / ".git"
    if dot.is_symlink() or dot.is_file():
        raise ToolError(".git is a link or a file pointing elsewhere; only a repository inside the workspace is read")
    if not dot.is_dir():
        raise ToolError("the workspace is not a git repository (it has no .git folder)")
    # History kept elsewhere would let the tools read outside the workspace: alternates, a shared commondir, links.
    if (dot / "objects" / "info" / "alternates").exists() or (dot / "commondir").exists() or \
            any((dot / d).is_symlink() for d in ("objects", "refs", "packed-refs", "HEAD")):
        raise ToolError("the repository borrows objects or refs from outside the workspace; refused")
    return dot


def _git(ctx: ToolContext, *args: str) -> str:
    exe = shutil.which("git")
    if exe is None:
        raise ToolError("git is not installed on this machine")
    dot = _repo(ctx)
    argv = [exe, "--no-pager", "--no-optional-locks", f"--git-dir={dot}"]
    for setting in _SAFE_CONFIG:
        argv += ["-c", setting]
    argv += list(args)
    with tempfile.TemporaryDirectory(prefix="edgeagent-git-") as home:
        try:
            proc = subprocess.Popen(argv, cwd=dot.parent, env=_env(home), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as e:
            raise ToolError(f"git could not be started: {e}") from None
        try:
            out, err = proc.communicate(timeout=GIT_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise ToolError(f"git ran over {GIT_SECONDS} seconds and was stopped") from None
    if proc.returncode != 0:
        msg = err.decode("utf-8", "replace").strip().splitlines()
        raise ToolError(f"git: {msg[-1] if msg else f'exit status {proc.returncode}'}")
    text = out[:MAX_OUTPUT_BYTES].decode("utf-8", "replace")
    if len(text) > MAX_READ_CHARS:
        return text[:MAX_READ_CHARS] + f"\n[... {len(text) - MAX_READ_CHARS} more characters not shown]"
    return text


def _rev(rev: str, default: str = "HEAD") -> str:
    rev = rev.strip() or default
    if rev.startswith("-") or not _REV.fullmatch(rev):
        raise ToolError(f"not a revision: {rev!r}; give a commit hash, a branch, a tag or HEAD~1")
    return rev


def git_log(ctx: ToolContext, path: str) -> str:
    target = resolve_path(ctx, path.strip() or ".")
    rel = relative(ctx.workspace, target)
    out = _git(ctx, "log", "--no-color", "--no-show-signature", f"-n{MAX_COMMITS + 1}", "--date=format:%Y-%m-%d %H:%M",
               "--format=%h %ad %an <%ae>%n    %s", "--", rel)
    if not out.strip():
        return f"no commits touch {rel}" if rel != "." else "the repository has no commits yet"
    commits = out.rstrip("\n").split("\n")
    if len(commits) > 2 * MAX_COMMITS:
        return "\n".join(commits[:2 * MAX_COMMITS]) + f"\n[only the newest {MAX_COMMITS} commits are shown]"
    return "\n".join(commits) + f"\n[{len(commits) // 2} commit{'s' if len(commits) != 2 else ''}, newest first]"


def _patch_flags() -> tuple[str, ...]:
    return ("--no-color", "--no-ext-diff", "--no-textconv", "--stat", "--patch")


def git_show(ctx: ToolContext, rev: str) -> str:
    return _git(ctx, "show", "--no-show-signature", "--format=commit %H%nAuthor: %an <%ae>%nDate: %ad%n%n    %B",
                *_patch_flags(), "--end-of-options", _rev(rev), "--")


def git_diff(ctx: ToolContext, rev: str) -> str:
    """What changed from `rev` to the latest commit (or between A..B); committed history only, so no
    working-tree filter a config names can run."""
    rev = _rev(rev, "HEAD~1")
    span = rev if ".." in rev else f"{rev}..HEAD"
    out = _git(ctx, "diff", *_patch_flags(), "--end-of-options", span, "--")
    return out if out.strip() else f"no changes in {span}"


_REV_ARG = {"type": "string", "maxLength": 200, "description": "a commit hash, branch, tag or HEAD~1"}
GIT_TOOLS = [
    Tool("git_log", "list the commits (newest first) that changed a file or folder",
         {"path": {"type": "string", "maxLength": 200, "description": "a file or folder, or . for everything"}},
         git_log),
    Tool("git_show", "show one commit: its message and the changes it made", {"rev": _REV_ARG}, git_show),
    Tool("git_diff", "show what changed between a commit and the latest commit", {"rev": _REV_ARG}, git_diff),
]
