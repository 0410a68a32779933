"""The built-in workspace tools, their JSON schema, and idempotent side effects."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol

from edgeagent.safeopen import lstat_in, open_dir, open_regular, open_regular_at, parent_dir, replace_file
from edgeagent.sandbox import ToolError, is_internal, relative, resolve
from edgeagent.snapshots import Snapshots

MAX_READ_CHARS = 4000
MAX_STRING = 2000  # longest string argument the grammar lets a model write; tools enforce it for cloud steps too
MAX_EDIT_BYTES = 8 * 1024 * 1024  # largest file a tool may replace or append to: its old content is kept for undo
MAX_SEARCH_FILE_BYTES = 4 * 1024 * 1024  # search reads at most this much of each file
_MAX_LINE = 64 * 1024  # a longer line is searched in its first part only


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


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    params: dict[str, dict]  # argument name -> JSON schema; all are required
    fn: Callable[..., str]
    side_effect: bool = False

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


MAX_SEARCH_HITS = 30
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


def _resolve(ctx: ToolContext, path: str) -> Path:
    path = _workspace_alias(ctx, path) if isinstance(path, str) else path
    try:
        return resolve(ctx.workspace, path)
    except ToolError as e:
        if isinstance(path, str) and os.path.isabs(path):  # a guessed absolute path: show what there is instead
            raise ToolError(f"{e}{_near(ctx, path)}") from None
        raise


def _walk(ctx: ToolContext) -> list[str]:
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


def _near(ctx: ToolContext, path: str, want_dir: bool | None = None) -> str:
    """ "; did you mean: a, b" from the workspace's paths closest to `path` (by whole path and by name)."""
    import difflib

    every = _walk(ctx)
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


def _describe(ctx: ToolContext, rel: str, st: os.stat_result | None) -> str:
    """One listing line for `rel`, whose own status (a link not followed) is `st`."""
    if st is not None and stat.S_ISLNK(st.st_mode):
        try:
            target = resolve(ctx.workspace, rel)
        except ToolError as e:  # say nothing of what lies outside: not its size, not whether it exists
            return f"{rel} (link to a protected file)" if "protected" in str(e) else \
                f"{rel} (link pointing outside the workspace)"
        try:
            st = lstat_in(ctx.workspace, target)
        except (ToolError, OSError):
            return f"{rel} (unreadable)"
        if st is None or stat.S_ISLNK(st.st_mode):  # missing, or a loop realpath gave up on
            return f"{rel} (broken link)"
    if st is None:
        return f"{rel} (unreadable)"
    if stat.S_ISDIR(st.st_mode):
        return f"{rel}/"
    return f"{rel} ({st.st_size} bytes)" if stat.S_ISREG(st.st_mode) else f"{rel} (not a regular file)"


def _listing(ctx: ToolContext, d: Path) -> list[str]:
    """The folder's entries as workspace-relative names (each can be passed back to a tool as it is), sorted;
    one entry that cannot be described does not spoil the rest."""
    base = relative(ctx.workspace, d)
    rows: list[tuple[str, os.stat_result | None]] = []
    with open_dir(ctx.workspace, d) as fd, os.scandir(fd) as it:
        for e in it:
            if is_internal(e.name):  # temp files, secrets
                continue
            try:
                st = e.stat(follow_symlinks=False)
            except OSError:
                st = None
            rows.append((e.name, st))
    return [_describe(ctx, name if base == "." else f"{base}/{name}", st) for name, st in sorted(rows, key=lambda r: r[0])]


def list_dir(ctx: ToolContext, path: str) -> str:
    d = _resolve(ctx, path)
    if d.is_file():
        raise ToolError(f"{path} is a file, not a folder ({d.stat().st_size} bytes); read it with read_file")
    if not d.is_dir():
        raise ToolError(f"no such folder: {path}{_near(ctx, path, want_dir=True)}")
    entries = _listing(ctx, d)
    if not entries:
        return f"{relative(ctx.workspace, d)}/ is empty"
    return "\n".join(entries)


def read_file(ctx: ToolContext, path: str) -> str:
    p = _resolve(ctx, path)
    if p.is_dir():
        inside = ", ".join(_listing(ctx, p)[:20])
        raise ToolError(f"{path} is a folder, not a file; it holds: {inside or 'nothing'}")
    if not p.is_file():
        raise ToolError(f"no such file: {path}{_near(ctx, path, want_dir=False)}")
    with open_regular(ctx.workspace, p, relative(ctx.workspace, p), ctx.allow_hardlinks) as opened:
        if opened is None:
            raise ToolError(f"no such file: {path}")
        f, st = opened
        # Only what can be shown is read: MAX_READ_CHARS characters are at most 4 bytes each in UTF-8.
        data = f.read(4 * MAX_READ_CHARS + 4)
        more = f.read(1) != b""
    if b"\x00" in data[:4096]:
        raise ToolError(f"{p.name} is a binary file")
    text = data.decode("utf-8", errors="replace")
    if more:
        return text[:MAX_READ_CHARS] + (f"\n[... the file is {st.st_size} bytes; only its first {MAX_READ_CHARS} "
                                         "characters are shown]")
    if len(text) > MAX_READ_CHARS:
        return text[:MAX_READ_CHARS] + f"\n[... {len(text) - MAX_READ_CHARS} more characters not shown]"
    return text


def _content(content: str) -> bytes:
    # The grammar bounds an edge model's argument; a cloud-executed step's must be bounded here.
    if len(content) > MAX_STRING:
        raise ToolError(f"content is {len(content)} characters, over the {MAX_STRING} a call may write; "
                        "write the first part, then add the rest with append_file")
    return content.encode("utf-8", errors="replace")


def write_file(ctx: ToolContext, path: str, content: str) -> str:
    p = _resolve(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; give a file name inside it")
    data = _content(content)
    _require_known(ctx, content)
    apply_effect(ctx, p, data)
    return f"wrote {len(data)} bytes to {relative(ctx.workspace, p)}"


def append_file(ctx: ToolContext, path: str, content: str) -> str:
    p = _resolve(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; give a file name inside it")
    data = _content(content)
    _require_known(ctx, content)
    apply_effect(ctx, p, data, append=True)
    return f"appended {len(data)} bytes to {relative(ctx.workspace, p)}"


def _require_known(ctx: ToolContext, content: str) -> None:
    from edgeagent.known_addresses import require_known  # imported here: it builds on the file tools of this module
    require_known(ctx, content)


def _words(query: str) -> list[str]:
    words = re.findall(r"[\w.@/-]+", query.lower())
    words = [w.strip(".-/") for w in words]
    kept = [w for w in words if w and w not in _STOPWORDS]
    return kept or [w for w in words if w]


_RECORD_FILES = {".ics", ".vcf", ".eml"}  # formats whose records span several lines
# (suffix, shortest stem left): "owner" finds "owns"; longer suffixes need longer stems ("renewal" finds "renew",
# "total" does not become "tot").
_SUFFIXES = (("ations", 4), ("ation", 4), ("ments", 4), ("ment", 4), ("ings", 3), ("ing", 3), ("als", 4),
             ("al", 4), ("ers", 3), ("er", 3), ("ed", 3), ("es", 3), ("s", 3))


def _squash(text: str) -> str:
    return re.sub(r"[-_\s]", "", text.lower())


def _holds(text: str, word: str) -> bool:
    """The word, or its stem when it ends in a common suffix ("owner" finds "owns", "meetings" "meeting")."""
    if word in text:
        return True
    stem = next((word[:-len(x)] for x, least in _SUFFIXES if word.endswith(x) and len(word) - len(x) >= least), None)
    return stem is not None and stem in text


def _names_match(entry: str, word: str) -> bool:
    name, word = _squash(entry), _squash(word)
    stem = _squash(Path(entry).stem)
    return _holds(name, word) or (len(stem) >= 4 and stem in word)


def search(ctx: ToolContext, query: str, path: str = ".") -> str:
    """Lines holding the query: the exact phrase, else all its words in any order, else most of them.

    Case-insensitive; at most MAX_SEARCH_HITS lines, best first."""
    if not query.strip():
        raise ToolError("query must not be empty")
    root = _resolve(ctx, path)
    if not root.exists():
        raise ToolError(f"no such file or folder: {path}{_near(ctx, path)}")
    phrase, words = " ".join(query.lower().split()), _words(query)
    ranked: list[tuple[int, int, str]] = []  # (-score, order, line)
    cut: list[str] = []  # files searched in their first MAX_SEARCH_FILE_BYTES only
    ws = os.path.realpath(ctx.workspace)
    for f in [root] if root.is_file() else _files(root):
        try:
            f = resolve(ctx.workspace, os.path.relpath(f, ws))  # skips links that point outside
            name = relative(ctx.workspace, f)
            with open_regular(ctx.workspace, f, name, ctx.allow_hardlinks) as opened:
                if opened is None or b"\x00" in opened[0].read(4096):  # gone, or binary
                    continue
                opened[0].seek(0)
                for score, hit in _file_hits(opened[0], name, f.suffix.lower() in _RECORD_FILES, phrase, words):
                    ranked.append((-score, len(ranked), hit))
                if opened[1].st_size > MAX_SEARCH_FILE_BYTES:
                    cut.append(name)
        except (ToolError, OSError):
            continue
    big = (f"\n[only the first {MAX_SEARCH_FILE_BYTES // 2**20} MB of a file is searched; longer: "
           f"{', '.join(cut[:5])}]") if cut else ""
    if not ranked:
        entries = _walk(ctx)
        # Names compared without separators, either way round: "to-do" and "to-do-list" find todo.md.
        named = [e for e in entries if not e.endswith("/") and any(_names_match(e, w) for w in words)]
        top = [e for e in entries if "/" not in e.rstrip("/")]
        hint = (f"; files whose names hold some of the words (read them): {', '.join(named[:10])}" if named
                else f"; try other words, or look at the files: {', '.join(top[:20])}" if top else "")
        return f"no matches for {query!r}: no line holds it or most of its words{hint}{big}"
    ranked.sort()
    best = -ranked[0][0]
    note = "" if best >= len(words) else f"[no line holds all of: {', '.join(words)}; lines holding most of them]\n"
    hits = [line for _, _, line in ranked[:MAX_SEARCH_HITS]]
    more = "\n[more matches not shown]" if len(ranked) > MAX_SEARCH_HITS else ""
    # The count is the tool's, not the model's: small models miscount lines they can see.
    full = sum(1 for r in ranked if -r[0] >= len(words))
    count = f"\n[{full} line{'s' if full != 1 else ''} hold{'s' if full == 1 else ''} every word]" if full else ""
    return note + "\n".join(hits) + more + count + big


def _files(root: Path) -> list[Path]:
    """Files under the folder `root`, sorted by path, .git skipped; links are listed but never entered."""
    out = []
    for dirpath, dirnames, filenames, _fd in os.fwalk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        out += [Path(dirpath, n) for n in filenames]
    return sorted(out, key=lambda p: p.parts)


def _lines(f: BinaryIO) -> Iterator[str]:
    """The file's lines, read one at a time, up to MAX_SEARCH_FILE_BYTES; an overlong line is cut at _MAX_LINE."""
    read = 0
    while read < MAX_SEARCH_FILE_BYTES:
        raw = f.readline(_MAX_LINE)
        if not raw:
            return
        read += len(raw)
        rest = raw
        while len(rest) == _MAX_LINE and not rest.endswith(b"\n") and read < MAX_SEARCH_FILE_BYTES:
            rest = f.readline(_MAX_LINE)  # skipped, so the line numbers after it stay right
            read += len(rest)
        yield from raw.decode("utf-8", errors="replace").splitlines()


def _file_hits(f: BinaryIO, name: str, record: bool, phrase: str, words: list[str]) -> list[tuple[int, str]]:
    """(score, shown hit) for each line of one file that holds the phrase or enough of the words."""
    hits: list[tuple[int, int, str]] = []
    shown: list[str] = []  # every line as shown, kept for record files only (their hits show neighbours)
    for n, line in enumerate(_lines(f), 1):
        if record:
            shown.append(line.strip()[:200])
        low = " ".join(line.lower().split())
        in_line = sum(1 for w in words if _holds(low, w))
        # A word may be in the file's name ("budget" in budget.csv) but one must be on the line itself.
        score = 2 * len(words) + 1 if phrase in low else in_line + sum(
            1 for w in words if not _holds(low, w) and _holds(name.lower(), w))
        if in_line and 2 * score >= len(words):
            hits.append((n, score, f"{name}:{n}: {line.strip()[:200]}"))
    if not record:
        return [(score, hit) for _, score, hit in hits]
    # A record spans lines: show its neighbours, grep -C style.
    return [(score, "\n".join(hit if i == n else f"{name}-{i}- {shown[i - 1]}"
                              for i in range(max(1, n - 2), min(n + 3, len(shown) + 1))))
            for n, score, hit in hits]


def finish(ctx: ToolContext, answer: str) -> str:
    return answer


def ask_cloud(ctx: ToolContext, question: str) -> str:
    if ctx.advisor is None:
        raise ToolError("no cloud advisor is configured for this run")
    return ctx.advisor(question)


_S = {"type": "string", "maxLength": MAX_STRING}
_P = {"type": "string", "maxLength": 200}
# No quotes inside descriptions: a small model copies the escaped \" into its own arguments.
_PATH = {**_P, "description": "a file or folder path relative to the workspace (the workspace itself is .)"}
_CONTENT = {**_S, "description": f"the text, at most {MAX_STRING} characters; write longer text in parts with append_file"}

BUILTIN_TOOLS: dict[str, Tool] = {
    t.name: t
    for t in [
        Tool("list_dir", "list the files and folders in a folder, with their paths", {"path": _PATH}, list_dir),
        Tool("read_file", "read a text file", {"path": _PATH}, read_file),
        Tool("search", "find the lines, in every file, that hold some words (in any order)",
             {"query": {**_P, "description": "a few words to look for"}}, search),
        Tool("write_file", "create or overwrite a file with content", {"path": _PATH, "content": _CONTENT},
             write_file, True),
        Tool("append_file", "add content to the end of a file (creating it if needed)",
             {"path": _PATH, "content": _CONTENT}, append_file, True),
        Tool("finish", "stop and give the final answer to the user",
             {"answer": {**_S, "description": "the answer itself, complete, in a sentence or two"}}, finish),
    ]
}


ASK_CLOUD = Tool("ask_cloud", "ask a stronger cloud model for advice; private values are hidden from it",
                 {"question": _P}, ask_cloud)


def tools_for(with_cloud: bool, names: Iterable[str] | None = None) -> dict[str, Tool]:
    """The built-in tools, or just the named ones from every registered tool (a task's `tools` list);
    finish is always there, ask_cloud whenever a cloud is."""
    if names is None:
        return {**BUILTIN_TOOLS, ASK_CLOUD.name: ASK_CLOUD} if with_cloud else dict(BUILTIN_TOOLS)
    from edgeagent.errors import BadInput
    from edgeagent.toolset import ALL_TOOLS

    names = list(names)
    unknown = [n for n in names if n not in ALL_TOOLS]
    if unknown:
        raise BadInput(f"unknown tool {unknown[0]!r}; the tools are: {', '.join(ALL_TOOLS)}")
    picked = {n: ALL_TOOLS[n] for n in names if n != ASK_CLOUD.name}
    picked["finish"] = BUILTIN_TOOLS["finish"]
    return {**picked, ASK_CLOUD.name: ASK_CLOUD} if with_cloud else picked


def __getattr__(name: str) -> dict[str, Tool]:
    """tools.ALL_TOOLS: every registered tool, loaded on first use (its modules import this one)."""
    if name == "ALL_TOOLS":
        from edgeagent.toolset import ALL_TOOLS

        return ALL_TOOLS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tool_lines(tools: dict[str, Tool]) -> str:
    """One line per tool, `- name(args): description`, for a cloud that plans or advises but does not call them."""
    return "\n".join(f"- {t.signature()}: {t.description}" for t in tools.values() if t.name != ASK_CLOUD.name)


def anthropic_tools(tools: dict[str, Tool]) -> list[dict]:
    """The tools in the Messages API format, for a cloud model that executes steps."""
    return [{"name": t.name, "description": t.description,
             "input_schema": {"type": "object", "properties": t.params, "required": list(t.params)}}
            for t in tools.values()]


def action_schema(tools: dict[str, Tool]) -> dict:
    """A JSON schema that admits exactly one call to one of `tools` in the generic format, tool name first."""
    from edgeagent.callformat import GENERIC

    return GENERIC.schema(tools.values())


def step_token_cap(tools: list[Tool]) -> int:
    """Tokens a step may generate: room for the longest call these tools admit (a token per character, at worst)."""
    longest = max(sum(p.get("maxLength", 200) for p in t.params.values()) for t in tools)
    return 64 + longest
