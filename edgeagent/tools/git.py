"""Read-only git history of the workspace: git_log, git_show, git_diff.

git runs with a fixed argv and no shell, on the workspace's own .git only, with every configured command
that reading history could start turned off: a cloned repository's .git/config is not trusted. Before git runs,
every entry below .git is checked (no links, no redirecting files) and the config is read with git's own parser:
a repository that would make git fetch (a partial clone's lazy fetch runs the remote's upload-pack through a
shell) or include config from elsewhere is refused, and no transport is allowed at all."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

from edgeagent.tools.base import MAX_READ_CHARS, Tool, ToolContext, resolve_path
from edgeagent.workspace.safeopen import require_regular
from edgeagent.workspace.sandbox import ToolError, relative

GIT_SECONDS = 20
MAX_OUTPUT_BYTES = 256 * 1024  # read from git at most; what is shown is MAX_READ_CHARS
MAX_COMMITS = 50
_REV = re.compile(r"[\w./~^@{}:+-]{1,200}")  # names, hashes, HEAD~2, main..feature, v1.0^{commit}

# Settings that would make a reading command run a program, each set to nothing or off.
_SAFE_CONFIG = ("core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat", "core.editor=false",
                "core.sshCommand=false", "core.alternateRefsCommand=", "diff.external=", "log.showSignature=false",
                "gpg.program=false", "gpg.ssh.program=false", "gpg.x509.program=false", "credential.helper=",
                "protocol.allow=never", "core.askPass=false", "color.ui=false",
                # A submodule diff opens the submodule's repository, whose .git file may point anywhere.
                "diff.submodule=short", "submodule.recurse=false", "log.mailmap=false",
                "core.attributesFile=/dev/null")
# A repository's protocol.file.allow=always beats the generic protocol.allow=never, so each is named (the
# command line wins over the repository's config for the same key); GIT_ALLOW_PROTOCOL below also covers helpers.
_TRANSPORTS = ("file", "git", "ssh", "http", "https", "ext", "fd")
_PASSED_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "SYSTEMROOT", "TZ")
MAX_GIT_ENTRIES = 100_000  # entries below .git checked before git runs; past this the repository is refused
# Files below .git that send git to another object store or repository (dumb-http alternates included).
_REDIRECTS = ("objects/info/alternates", "objects/info/http-alternates", "commondir", "gitdir")
_BORROWS = "the repository borrows objects or refs from outside the workspace"


def _env(home: str) -> dict[str, str]:
    """No user or system git config, no inherited GIT_* variable, no prompt, no pager."""
    env = {k: os.environ[k] for k in _PASSED_ENV if k in os.environ}
    env.update(HOME=home, XDG_CONFIG_HOME=home, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               GIT_TERMINAL_PROMPT="0", GIT_PAGER="cat", PAGER="cat", GIT_OPTIONAL_LOCKS="0",
               GIT_NO_REPLACE_OBJECTS="1", GIT_ASKPASS="false", SSH_ASKPASS="false",
               # No fetch of any kind: lazy fetch off (git 2.45, and the 2.39.4+ security releases, honour it;
               # older ones meet _config_problem's refusals), no protocol taken as the user's, and an allow-list
               # (which overrides every protocol.* key, remote helpers' too) naming no real protocol.
               GIT_NO_LAZY_FETCH="1", GIT_PROTOCOL_FROM_USER="0", GIT_ALLOW_PROTOCOL="none-allowed",
               GIT_CEILING_DIRECTORIES=os.path.dirname(home))
    return env


def _repo(ctx: ToolContext) -> Path:
    """The workspace's own .git folder; a .git file or link (whose history lives elsewhere) is refused."""
    ws = Path(os.path.realpath(ctx.workspace))
    dot = ws / ".git"
    if dot.is_symlink() or dot.is_file():
        raise ToolError(".git is a link or a file pointing elsewhere; only a repository inside the workspace is read")
    if not dot.is_dir():
        raise ToolError("the workspace is not a git repository (it has no .git folder)")
    try:
        _check_entries(dot, ctx.allow_hardlinks)
    except OSError as e:  # unreadable, or changed while walked: what was not checked is not trusted
        raise ToolError(f".git could not be checked ({e.strerror or e}); the repository is refused") from None
    redirect = next((r for r in _REDIRECTS if os.path.lexists(dot / r)), None)
    if redirect is not None:
        raise ToolError(f"{_BORROWS}: .git/{redirect} names another object store or repository; refused")
    return dot


def _check_entries(dot: Path, allow_hardlinks: bool) -> None:
    """Every entry below .git by lstat (links not followed): a link anywhere (refs/heads, objects/pack, one ref)
    would let git read another repository, so any link, special file or foreign hard link refuses it.

    At most MAX_GIT_ENTRIES are looked at, so a huge .git cannot stall a step; past that the repository is
    refused (fail closed), as what was not looked at may be a link."""
    seen, folders = 0, [dot]
    while folders:
        with os.scandir(folders.pop()) as it:
            for entry in it:
                seen += 1
                if seen > MAX_GIT_ENTRIES:
                    raise ToolError(f".git holds over {MAX_GIT_ENTRIES} entries, more than are checked before "
                                    "git runs; refused (git gc packs loose objects into a few files)")
                st = entry.stat(follow_symlinks=False)
                rel = os.path.relpath(entry.path, dot.parent)
                if stat.S_ISDIR(st.st_mode):
                    folders.append(Path(entry.path))
                else:
                    _check_file(rel, st, allow_hardlinks)


def _check_file(rel: str, st: os.stat_result, allow_hardlinks: bool) -> None:
    if stat.S_ISLNK(st.st_mode):
        raise ToolError(f"{_BORROWS}: {rel} is a link, which git would follow; refused")
    require_regular(rel, st, allow_hardlinks, whose="to another repository", refused="the repository is refused")


def _config_problem(exe: str, dot: Path, home: str) -> str | None:
    """Why the repository's config is refused, or None. Read by git's own parser (`git config --file --list`),
    so what is checked is exactly what git will see, with no parser of ours to disagree; with --file, git
    does not follow include.path, and listing runs nothing. It runs outside any repository (cwd is the empty
    home, ceilinged), so this repository's own config does not set it up."""
    try:
        proc = subprocess.run([exe, "config", "--file", str(dot / "config"), "--list", "--null"], check=False,
                              cwd=home, env=_env(home), stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=GIT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"its .git/config could not be read ({e})"
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"its .git/config is not valid ({msg[-1] if msg else f'exit status {proc.returncode}'})"
    for item in proc.stdout.decode("utf-8", "replace").split("\0"):
        key, _, value = item.partition("\n")
        why = _key_problem(key.lower(), value.strip())
        if why:
            return why
    return None


def _key_problem(key: str, value: str) -> str | None:
    """Keys that make a reading git fetch (and so run the remote's commands) or read config from elsewhere."""
    if key.startswith(("include.", "includeif.")):
        return f"its .git/config includes other config ({key}), which may lie outside the workspace"
    if key == "extensions.partialclone":
        return "it is a partial clone (extensions.partialClone): git fetches missing objects by running commands"
    if key.startswith("remote.") and key.endswith(".promisor"):
        return f"it has a promisor remote ({key}): git would fetch missing objects from it, running commands"
    if key.startswith("extensions.") and key != "extensions.objectformat":
        return f"it sets {key}, a repository extension these tools do not read"
    if key == "core.repositoryformatversion" and value not in ("0", "1"):
        return f"its core.repositoryformatversion is {value!r}; only 0 and 1 are read"
    return None


def _git(ctx: ToolContext, *args: str) -> str:
    exe = shutil.which("git")
    if exe is None:
        raise ToolError("git is not installed on this machine")
    dot = _repo(ctx)
    # --work-tree: the repository's core.worktree must not send git to another folder's .gitattributes.
    argv = [exe, "--no-pager", "--no-optional-locks", f"--git-dir={dot}", f"--work-tree={dot.parent}"]
    for setting in (*_SAFE_CONFIG, *(f"protocol.{t}.allow=never" for t in _TRANSPORTS)):
        argv += ["-c", setting]
    argv += list(args)
    with tempfile.TemporaryDirectory(prefix="edgeagent-git-") as home:
        problem = _config_problem(exe, dot, home)
        if problem is not None:
            raise ToolError(f"this repository is refused: {problem}")
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
