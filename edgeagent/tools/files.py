"""The built-in file tools (list, read, search, write, append, finish) and their JSON schema."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from edgeagent.tools.base import (
    MAX_BODY,
    MAX_READ_CHARS,
    MAX_STRING,
    Tool,
    ToolContext,
    apply_effect,
    files_under,
    holds_word,
    near_hint,
    query_words,
    resolve_path,
    walk_paths,
)
from edgeagent.tools.known_addresses import require_known
from edgeagent.workspace.safeopen import lstat_in, open_dir, open_regular
from edgeagent.workspace.sandbox import ToolError, is_internal, relative, resolve

MAX_SEARCH_HITS = 30
MAX_SEARCH_FILE_BYTES = 4 * 1024 * 1024  # search reads at most this much of each file
_MAX_LINE = 64 * 1024  # a longer line is searched in its first part only


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


def folder_entries(ctx: ToolContext, d: Path) -> list[tuple[str, str]]:
    """The folder's entries, sorted, as (workspace-relative name, listing line): the name can be passed back to
    a tool as it is, the line adds size or kind; one entry that cannot be described does not spoil the rest."""
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
    names = [(name if base == "." else f"{base}/{name}", st) for name, st in sorted(rows, key=lambda r: r[0])]
    return [(rel, _describe(ctx, rel, st)) for rel, st in names]


def _listing(ctx: ToolContext, d: Path) -> list[str]:
    return [line for _, line in folder_entries(ctx, d)]


def folder_at(ctx: ToolContext, path: str) -> Path:
    """The workspace folder `path` names; a file, or nothing there, is refused with what to do instead."""
    d = resolve_path(ctx, path)
    if d.is_file():
        raise ToolError(f"{path} is a file, not a folder ({d.stat().st_size} bytes); read it with read_file")
    if not d.is_dir():
        raise ToolError(f"no such folder: {path}{near_hint(ctx, path, want_dir=True)}")
    return d


def list_dir(ctx: ToolContext, path: str) -> str:
    d = folder_at(ctx, path)
    entries = _listing(ctx, d)
    if not entries:
        return f"{relative(ctx.workspace, d)}/ is empty"
    return "\n".join(entries)


def read_file(ctx: ToolContext, path: str) -> str:
    p = resolve_path(ctx, path)
    if p.is_dir():
        inside = ", ".join(_listing(ctx, p)[:20])
        raise ToolError(f"{path} is a folder, not a file; it holds: {inside or 'nothing'}")
    if not p.is_file():
        raise ToolError(f"no such file: {path}{near_hint(ctx, path, want_dir=False)}")
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
    # The grammar or the free-text budget bounds an edge model's content; a cloud-executed step's is bounded here.
    if len(content) > MAX_BODY:
        raise ToolError(f"content is {len(content)} characters, over the {MAX_BODY} a call may write; "
                        "write the first part, then add the rest with append_file")
    return content.encode("utf-8", errors="replace")


def write_file(ctx: ToolContext, path: str, content: str) -> str:
    p = resolve_path(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; give a file name inside it")
    data = _content(content)
    require_known(ctx, content)
    apply_effect(ctx, p, data)
    return f"wrote {len(data)} bytes to {relative(ctx.workspace, p)}"


def append_file(ctx: ToolContext, path: str, content: str) -> str:
    p = resolve_path(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; give a file name inside it")
    data = _content(content)
    require_known(ctx, content)
    apply_effect(ctx, p, data, append=True)
    return f"appended {len(data)} bytes to {relative(ctx.workspace, p)}"


_RECORD_FILES = {".ics", ".vcf", ".eml"}  # formats whose records span several lines


def _squash(text: str) -> str:
    return re.sub(r"[-_\s]", "", text.lower())


def _names_match(entry: str, word: str) -> bool:
    name, word = _squash(entry), _squash(word)
    stem = _squash(Path(entry).stem)
    return holds_word(name, word) or (len(stem) >= 4 and stem in word)


def search(ctx: ToolContext, query: str, path: str = ".") -> str:
    """Lines holding the query: the exact phrase, else all its words in any order, else most of them.

    Case-insensitive; at most MAX_SEARCH_HITS lines, best first."""
    if not query.strip():
        raise ToolError("query must not be empty")
    root = resolve_path(ctx, path)
    if not root.exists():
        raise ToolError(f"no such file or folder: {path}{near_hint(ctx, path)}")
    phrase, words = " ".join(query.lower().split()), query_words(query)
    ranked: list[tuple[int, int, str]] = []  # (-score, order, line)
    cut: list[str] = []  # files searched in their first MAX_SEARCH_FILE_BYTES only
    ws = os.path.realpath(ctx.workspace)
    for f in [root] if root.is_file() else files_under(root):
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
        entries = walk_paths(ctx)
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
        in_line = sum(1 for w in words if holds_word(low, w))
        # A word may be in the file's name ("budget" in budget.csv) but one must be on the line itself.
        score = 2 * len(words) + 1 if phrase in low else in_line + sum(
            1 for w in words if not holds_word(low, w) and holds_word(name.lower(), w))
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
             write_file, True, body="content"),
        Tool("append_file", "add content to the end of a file (creating it if needed)",
             {"path": _PATH, "content": _CONTENT}, append_file, True, body="content"),
        Tool("finish", "stop and give the final answer to the user",
             {"answer": {**_S, "description": "the answer itself, complete, in a sentence or two"}}, finish),
    ]
}


