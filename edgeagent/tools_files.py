"""Reading workspace files for the app tools (mail, calendar, contacts, query, docs) through the sandbox."""

from __future__ import annotations

import os
from pathlib import Path

from edgeagent.safeopen import open_regular
from edgeagent.sandbox import ToolError, is_internal, relative, resolve
from edgeagent.tools import ToolContext, _files, _resolve

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
    root = _resolve(ctx, under)
    if not root.is_dir():
        return []
    ws = os.path.realpath(ctx.workspace)
    out = []
    for f in _files(root):
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
