"""Tools that see more per call: the workspace as a tree with sizes, and several files read at once.

A small model walks a workspace one `list_dir` at a time and often in circles; one `tree` shows the folders
it has not opened, and one `read_files` reads a folder's notes. Both keep to a character budget and say what
they left out and how to get it."""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path

from edgeagent.tools.base import MAX_READ_CHARS, Tool, ToolContext, near_hint, resolve_path, walk_paths
from edgeagent.tools.files import folder_at, folder_entries, read_file
from edgeagent.workspace.safeopen import open_dir
from edgeagent.workspace.sandbox import ToolError, is_internal, relative

TREE_DEPTH = 3  # folder levels shown below the one asked for; deeper folders are summarised by count
TREE_ENTRIES = 25  # entries shown per folder; the rest are counted
TREE_CHARS = 3000  # the whole tree; past it, the tree says which folders to ask for
READ_FILES_CHARS = 6000  # everything one read_files call shows
READ_FILES_MAX = 12  # files one call reads; more matches are named, not read
_COUNT_CAP = 10000  # entries counted in a folder that is only summarised
_GLOB = re.compile(r"[*?\[]")
HEADER = "=== {name} ({size} bytes) ==="


def _count(ctx: ToolContext, path: str) -> str:
    """ "N entries" in a folder, counted without stat-ing each one."""
    d = resolve_path(ctx, path)
    n = 0
    try:
        with open_dir(ctx.workspace, d) as fd, os.scandir(fd) as it:
            for e in it:
                n += not is_internal(e.name)
                if n >= _COUNT_CAP:
                    return f"{n}+ entries"
    except (ToolError, OSError):
        return "unreadable"
    return f"{n} entr{'y' if n == 1 else 'ies'}"


def tree(ctx: ToolContext, path: str) -> str:
    root = folder_at(ctx, path)
    lines = [f"{relative(ctx.workspace, root)}/"]
    _grow(ctx, root, 1, lines)
    return "\n".join(lines) if len(lines) > 1 else f"{lines[0]} is empty"


def _grow(ctx: ToolContext, d: Path, depth: int, lines: list[str]) -> bool:
    """Add folder `d`'s rows, depth-first; True once the budget is spent (the last row then says so)."""
    entries = [e for e in folder_entries(ctx, d) if e[0].rsplit("/", 1)[-1] != ".git"]  # read by the git tools
    indent = "  " * depth
    for rel, line in entries[:TREE_ENTRIES]:
        if sum(len(x) + 1 for x in lines) > TREE_CHARS:
            lines.append(f"{indent}[cut at {TREE_CHARS} characters; call tree on {relative(ctx.workspace, d)} "
                         "or a folder inside it]")
            return True
        name, folder = rel.rsplit("/", 1)[-1], line == f"{rel}/"
        if folder and depth >= TREE_DEPTH:
            lines.append(f"{indent}{name}/ ({_count(ctx, rel)}; call tree on it)")
        elif folder:
            lines.append(f"{indent}{name}/")
            if _grow(ctx, resolve_path(ctx, rel), depth + 1, lines):
                return True
        else:
            lines.append(indent + name + line[len(rel):])
    if len(entries) > TREE_ENTRIES:
        lines.append(f"{indent}... {len(entries) - TREE_ENTRIES} more entries (list_dir shows them all)")
    return False


def expand(ctx: ToolContext, paths: str) -> list[str]:
    """The files `paths` names: a comma- or newline-separated list of paths and globs ("notes/*.md"), in the
    order given, each once; a glob matches workspace-relative paths (its * crosses folders)."""
    items = [p.strip() for p in re.split(r"[,\n]", paths) if p.strip()]
    if not items:
        raise ToolError("paths must name at least one file, e.g. notes/a.md, notes/b.md or notes/*.md")
    every: list[str] | None = None
    out: list[str] = []
    for item in items:
        if _GLOB.search(item):
            every = walk_paths(ctx) if every is None else every
            pattern = item.removeprefix("./")  # not lstrip: that would eat a leading dot of the name
            out += [e for e in every if not e.endswith("/") and fnmatch.fnmatchcase(e.lower(), pattern.lower())]
        else:
            out.append(item)
    return list(dict.fromkeys(out))


def read_files(ctx: ToolContext, paths: str) -> str:
    names = expand(ctx, paths)
    if not names:
        raise ToolError(f"no file matches {paths!r}{near_hint(ctx, paths.split(',')[0])}")
    parts: list[str] = []
    left, unread, failed = READ_FILES_CHARS, [], 0
    for i, name in enumerate(names):
        if i >= READ_FILES_MAX or left < 200:
            unread.append(name)
            continue
        try:
            p = resolve_path(ctx, name)
            text = read_file(ctx, name)
        except (ToolError, OSError) as e:
            parts.append(f"=== {name}: {e} ===")
            failed += 1
            continue
        rel = relative(ctx.workspace, p)
        room = min(left, MAX_READ_CHARS)
        if len(text) > room:
            text = text[:room] + f"\n[... cut here, over this call's budget; read_file {rel} shows more]"
        parts.append(HEADER.format(name=rel, size=p.stat().st_size) + "\n" + text)
        left -= len(text)
    if failed == len(names):
        raise ToolError("; ".join(part.strip("= ") for part in parts))
    if unread:
        parts.append(f"[not read, over this call's budget of {READ_FILES_MAX} files or {READ_FILES_CHARS} "
                     f"characters: {', '.join(unread[:30])}{' ...' if len(unread) > 30 else ''}; "
                     "read them in another call]")
    return "\n".join(parts)


def paths_read(observation: str) -> list[str]:
    """The files a read_files observation showed, by their headers (the overwrite guard counts them as read)."""
    return re.findall(r"^=== (.+?) \(\d+ bytes\) ===$", observation, re.MULTILINE)


_P = {"type": "string", "maxLength": 200}
NAV_TOOLS = [
    Tool("tree", "show the files and folders under a folder, several levels deep, with sizes",
         {"path": {**_P, "description": "a folder path relative to the workspace (the workspace itself is .)"}}, tree),
    Tool("read_files", "read several text files in one call, each under its own header",
         {"paths": {**_P, "description": "file paths separated by commas, or a pattern such as notes/*.md"}},
         read_files),
]
