"""What every workspace tool is built from: the Tool and its context, paths resolved inside the workspace,
idempotent side effects, and reading files through the sandbox."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from edgeagent.workspace.safeopen import open_regular, open_regular_at, parent_dir, replace_file
from edgeagent.workspace.sandbox import ToolError, is_internal, relative, require_writable, resolve
from edgeagent.workspace.snapshots import Snapshots

MAX_READ_CHARS = 4000
MAX_STRING = 2000  # longest string argument the grammar lets a model write; tools enforce it for cloud steps too
# Longest free text a call may carry (a file's content, a mail's body): with [agent] free_text the text is written
# after the call, bounded by its token budget rather than the grammar, and by this in the tool for everyone.
MAX_BODY = 16_000
MAX_EDIT_BYTES = 8 * 1024 * 1024  # largest file a tool may replace or append to: its old content is kept for undo


class EffectLedger(Protocol):
    def effect(self, run_id: str, step_idx: int, path: str) -> dict | None: ...
    def add_effect(self, run_id: str, step_idx: int, path: str, before_sha: str | None, after_sha: str) -> None: ...


@dataclass
class ToolContext:
    workspace: Path
    run_id: str = ""
    step_idx: int = 0
    ledger: EffectLedger | None = None
    advisor: Callable[[str], str] | None = None  # the export layer's advisor path, when a cloud is configured
    snapshots: Snapshots | None = None  # where a file's content before a change is kept, for undo
    allow_hardlinks: bool = False  # [tools] allow_hardlinks: read files that have several names
    task: str = ""  # the user's request: an address it names is one the user gave, not a guess
    # (kind, value) of each secret in a text as the export layer sees it (value None: found disguised); set by
    # the agent layer, since tools never import export/. Mail to outside addresses is checked with it.
    find_secrets: Callable[[str], list[tuple[str, str | None]]] | None = None


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    params: dict[str, dict]  # argument name -> JSON schema; all are required
    fn: Callable[..., str]
    side_effect: bool = False
    # The free-text argument (a file's content, a mail's body): with [agent] free_text the model writes it as plain
    # text in a turn of its own after the call, instead of as an escaped JSON string inside it.
    body: str | None = None

    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})"


def _sha(data: bytes | None) -> str | None:
    return hashlib.sha256(data).hexdigest() if data is not None else None


def _old_content(ctx: ToolContext, dir_fd: int, name: str, rel: str, for_append: bool
                 ) -> tuple[bytes | None, int | None]:
    """The file's current bytes (None: it does not exist) and mode, read through `dir_fd`, bounded in size."""
    with open_regular_at(dir_fd, name, rel, allow_hardlinks=ctx.allow_hardlinks or not for_append) as opened:
        if opened is None:
            return None, None
        f, st = opened
        if st.st_size > MAX_EDIT_BYTES:
            raise ToolError(f"{rel} is {st.st_size} bytes; tools change files up to {MAX_EDIT_BYTES} bytes only")
        data = f.read(MAX_EDIT_BYTES + 1)
        if len(data) > MAX_EDIT_BYTES:  # grew since fstat
            raise ToolError(f"{rel} is over {MAX_EDIT_BYTES} bytes; tools change files up to that size only")
        return data, st.st_mode


def apply_effect(ctx: ToolContext, path: Path, content: bytes, append: bool = False) -> bool:
    """Write (or append to) `path` once per (run, step): the intent is durable first, so a replay finds it and skips.

    Returns False when the effect was already applied by an earlier attempt of this step."""
    key = relative(ctx.workspace, path)
    require_writable(ctx.workspace, path)  # every tool's write comes here: .git stays read-only to all of them
    with parent_dir(ctx.workspace, path, create=True) as (dir_fd, name):
        # An append copies the old content into the new file, so a hard link's content must not come along.
        current, mode = _old_content(ctx, dir_fd, name, key, for_append=append)
        if ctx.ledger is not None:
            prior = ctx.ledger.effect(ctx.run_id, ctx.step_idx, key)
            if prior is not None and prior["after_sha"] == _sha(current):
                return False
        data = (current or b"") + content if append else content
        if ctx.snapshots is not None and current is not None:
            ctx.snapshots.keep(current)  # before the intent is durable: undo never finds an intent without it
        if ctx.ledger is not None:
            ctx.ledger.add_effect(ctx.run_id, ctx.step_idx, key, _sha(current), hashlib.sha256(data).hexdigest())
        # Atomic replace, so a crash leaves either the old or the new file, never half of one.
        replace_file(dir_fd, name, [data], mode)
    return True


_WALK_LIMIT = 5000  # entries looked at for near-match suggestions: a huge tree must not stall a step
# Words a question adds around what it looks for; a line need not hold them.
_STOPWORDS = frozenset(["a", "an", "and", "are", "as", "at", "be", "by", "can", "did", "do", "does", "for", "from", "has", "have", "how", "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "our", "say", "says", "tell", "that", "the", "their", "there", "this", "to", "was", "what", "when", "where", "which", "who", "whom", "whose", "why", "will", "with", "you", "your"])


def _workspace_alias(ctx: ToolContext, path: str) -> str:
    """The path as the model meant it: "workspace", and a leading "/" before a folder the workspace has, name it.

    Small models write "/notes.md" or "/workspace/notes.md" for a file at the top. A rooted path whose folder
    the workspace lacks ("/etc/passwd") stays absolute and is refused; every result still goes through resolve()."""
    p = path.strip()
    ws = os.path.realpath(ctx.workspace)
    for root in {ws, os.path.abspath(ctx.workspace)}:
        if p == root or p.startswith(root + os.sep):
            p = p[len(root):] or "/"
    if (Path(ws) / "workspace").exists():  # a real entry of that name is not an alias
        aliases: tuple[str, ...] = ()
    else:
        aliases = ("workspace", "./workspace", "/workspace")
    for alias in aliases:
        if p == alias or p == alias + "/":
            return "."
        if p.startswith(alias + "/"):
            return p[len(alias) + 1:] or "."
    rooted = p.lstrip("/")
    if p.startswith("/") and not p.startswith("//") and os.path.isdir(os.path.join(ws, os.path.dirname(rooted))):
        return rooted or "."
    return p


def resolve_path(ctx: ToolContext, path: str) -> Path:
    path = _workspace_alias(ctx, path) if isinstance(path, str) else path
    try:
        return resolve(ctx.workspace, path)
    except ToolError as e:
        if isinstance(path, str) and os.path.isabs(path):  # a guessed absolute path: show what there is instead
            raise ToolError(f"{e}{near_hint(ctx, path)}") from None
        raise


def walk_paths(ctx: ToolContext) -> list[str]:
    """Workspace-relative paths of files and folders (folders end in /), skipping .git and our own files."""
    out: list[str] = []
    # fwalk holds each folder by descriptor and never enters a link, even one swapped in while it walks.
    for dirpath, dirnames, filenames, _fd in os.fwalk(os.path.realpath(ctx.workspace)):
        dirnames[:] = sorted(d for d in dirnames if d != ".git")
        rel = os.path.relpath(dirpath, os.path.realpath(ctx.workspace))
        for name in [d + "/" for d in dirnames] + sorted(filenames):
            if not is_internal(name):
                out.append(name if rel == "." else f"{rel}/{name}")
        if len(out) >= _WALK_LIMIT:
            break
    return out


def near_hint(ctx: ToolContext, path: str, want_dir: bool | None = None) -> str:
    """ "; did you mean: a, b" from the workspace's paths closest to `path` (by whole path and by name)."""
    import difflib

    every = walk_paths(ctx)
    entries = [e for e in every if want_dir is None or e.endswith("/") == want_dir]
    target = path.strip().strip("/").lower()
    by_name = {e.rstrip("/").rsplit("/", 1)[-1].lower(): e for e in entries}
    found = difflib.get_close_matches(target, [e.rstrip("/").lower() for e in entries], n=3, cutoff=0.6)
    picks = [next(e for e in entries if e.rstrip("/").lower() == f) for f in found]
    picks += [by_name[n] for n in difflib.get_close_matches(target.rsplit("/", 1)[-1], list(by_name), n=3, cutoff=0.6)]
    picks = list(dict.fromkeys(picks))[:3]
    if picks:
        return f"; did you mean: {', '.join(picks)}"
    top = [e for e in entries if "/" not in e.rstrip("/")] or [e for e in every if "/" not in e.rstrip("/")]
    return f"; the workspace holds: {', '.join(top[:20])}" if top else "; the workspace is empty"


def query_words(query: str) -> list[str]:
    words = re.findall(r"[\w.@/-]+", query.lower())
    words = [w.strip(".-/") for w in words]
    kept = [w for w in words if w and w not in _STOPWORDS]
    return kept or [w for w in words if w]


# (suffix, shortest stem left): "owner" finds "owns"; longer suffixes need longer stems ("renewal" finds "renew",
# "total" does not become "tot").
_SUFFIXES = (("ations", 4), ("ation", 4), ("ments", 4), ("ment", 4), ("ings", 3), ("ing", 3), ("als", 4),
             ("al", 4), ("ers", 3), ("er", 3), ("ed", 3), ("es", 3), ("s", 3))


def holds_word(text: str, word: str) -> bool:
    """The word, or its stem when it ends in a common suffix ("owner" finds "owns", "meetings" "meeting")."""
    if word in text:
        return True
    stem = next((word[:-len(x)] for x, least in _SUFFIXES if word.endswith(x) and len(word) - len(x) >= least), None)
    return stem is not None and stem in text


def files_under(root: Path) -> list[Path]:
    """Files under the folder `root`, sorted by path, .git skipped; links are listed but never entered."""
    out = []
    for dirpath, dirnames, filenames, _fd in os.fwalk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        out += [Path(dirpath, n) for n in filenames]
    return sorted(out, key=lambda p: p.parts)


MAX_APP_FILE_BYTES = 8 * 1024 * 1024  # one mail, calendar, card file or document: larger ones are skipped


def read_bytes(ctx: ToolContext, path: Path, cap: int = MAX_APP_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path` (resolved already), opened without following links, at most `cap`."""
    rel = relative(ctx.workspace, path)
    with open_regular(ctx.workspace, path, rel, ctx.allow_hardlinks) as opened:
        if opened is None:
            raise ToolError(f"no such file: {rel}")
        f, st = opened
        if st.st_size > cap:
            raise ToolError(f"{rel} is {st.st_size} bytes, over the {cap} this tool reads")
        return f.read(cap + 1)[:cap]


def find_files(ctx: ToolContext, suffixes: tuple[str, ...], under: str = ".") -> list[tuple[str, Path]]:
    """(workspace-relative name, resolved path) of every file under `under` whose name ends in one of
    `suffixes`, sorted; links leading outside, .git and our own files are skipped."""
    root = resolve_path(ctx, under)
    if not root.is_dir():
        return []
    ws = os.path.realpath(ctx.workspace)
    out = []
    for f in files_under(root):
        if not f.name.lower().endswith(suffixes) or is_internal(f.name):
            continue
        try:
            p = resolve(ctx.workspace, os.path.relpath(f, ws))
        except ToolError:
            continue
        if p.is_file():
            out.append((relative(ctx.workspace, p), p))
    return out


def read_each(ctx: ToolContext, files: list[tuple[str, Path]]) -> tuple[list[tuple[str, bytes]], list[str]]:
    """The bytes of each file, and a plain note for each one that could not be read (too big, a hard link...)."""
    got, skipped = [], []
    for rel, p in files:
        try:
            got.append((rel, read_bytes(ctx, p)))
        except (ToolError, OSError) as e:
            skipped.append(f"{rel}: {e}")
    return got, skipped


def skipped_note(skipped: list[str]) -> str:
    return f"\n[skipped {len(skipped)} file(s): {'; '.join(skipped[:3])}]" if skipped else ""
