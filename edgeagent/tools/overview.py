"""What the workspace holds, told to the edge model with the task: file names, and tables with their columns.

Small models act on the first plausible guess (SQL over invented columns, a reply written from nothing), so a
run starts knowing what exists. Taken once, at the run's start, and stored with it: a resumed run shows the
model the same words, and files the run itself writes do not appear to have been there."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections import Counter
from pathlib import Path

from edgeagent.tools.base import Tool, ToolContext
from edgeagent.workspace.sandbox import ToolError, is_internal

MAX_FILES = 30  # names listed one by one; a folder with more is summarised by count and type
MAX_CHARS = 1500  # the whole overview; a larger workspace is cut, with a note saying so
MAX_WALKED = 5000  # files looked at; past this the count says "5000+" and no tables are read
MAX_TABLE_BYTES = 16 * 1024 * 1024  # CSV and SQLite bytes read at the start to list tables; past it, query lists them
_DATA_SUFFIXES = (".csv", ".tsv", ".sqlite", ".sqlite3", ".db")


def overview(workspace: Path, tools: dict[str, Tool]) -> str:
    """The overview for a run with these tools ("" for an empty or missing workspace)."""
    files, sizes = walk_files(workspace)
    if not files:
        return ""
    more = "+" if len(files) >= MAX_WALKED else ""
    lines = [f"Workspace files ({len(files)}{more}): " + ", ".join(_listing(files))]
    data = sum(size for f, size in zip(files, sizes) if f.lower().endswith(_DATA_SUFFIXES))
    if "query" in tools and 0 < data <= MAX_TABLE_BYTES and not more:
        tables = _tables(ToolContext(workspace))
        if tables:
            lines.append("Tables for query: " + "; ".join(tables))
    text = "\n".join(lines)
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 30].rsplit(", ", 1)[0] + ", ... (cut)"


def walk_files(root: Path) -> tuple[list[str], list[int]]:
    """Workspace-relative names and sizes of its regular files, sorted, .git and our own files skipped; stops at
    MAX_WALKED (a run in a home folder must not start by walking all of it). Links are neither listed nor followed."""
    names, sizes = [], []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != ".git")
        for n in sorted(filenames):
            if is_internal(n):
                continue
            try:  # lstat: a link is neither listed nor followed; a file we may not stat is left out, not fatal
                st = os.lstat(os.path.join(dirpath, n))
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            names.append(Path(dirpath, n).relative_to(root).as_posix())
            sizes.append(st.st_size)
            if len(names) >= MAX_WALKED:
                return names, sizes
    return names, sizes


def _listing(files: list[str]) -> list[str]:
    """Every file by name when there are few; else top-level files by name and each folder as a count."""
    if len(files) <= MAX_FILES:
        return files
    top = [f for f in files if "/" not in f]
    folders: dict[str, Counter] = {}
    for f in files:
        if "/" in f:
            folder, name = f.split("/", 1)[0], f.rsplit("/", 1)[-1]
            folders.setdefault(folder, Counter())[Path(name).suffix or "no suffix"] += 1
    shown = [f"{d}/ ({sum(c.values())} files: {', '.join(s for s, _ in c.most_common(3))})"
             for d, c in sorted(folders.items())]
    return top[:MAX_FILES] + shown


def _tables(ctx: ToolContext) -> list[str]:
    from edgeagent.tools.query import open_tables, table_names

    try:
        conn, _ = open_tables(ctx)
    except (ToolError, OSError, sqlite3.Error):
        return []
    try:
        return table_names(conn)
    except sqlite3.Error:  # a schema SQLite cannot read: query says what it can, the run still starts
        return []
    finally:
        conn.close()
