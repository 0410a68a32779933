"""The built-in workspace tools, their JSON schema, and idempotent side effects."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from .sandbox import ToolError, relative, resolve

MAX_READ_CHARS = 4000
MAX_STRING = 2000  # longest string argument the grammar lets a model write


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


def _read_bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None


def apply_effect(ctx: ToolContext, path: Path, new_content: Callable[[bytes | None], bytes]) -> bool:
    """Write `path` once per (run, step): the intent is durable first, so a replay finds it and skips.

    Returns False when the effect was already applied by an earlier attempt of this step."""
    key = relative(ctx.workspace, path)
    current = _read_bytes(path)
    if ctx.ledger is not None:
        prior = ctx.ledger.effect(ctx.run_id, ctx.step_idx, key)
        if prior is not None and prior["after_sha"] == _sha(current):
            return False
    data = new_content(current)
    if ctx.ledger is not None:
        ctx.ledger.add_effect(ctx.run_id, ctx.step_idx, key, _sha(current), _sha(data))
    path.parent.mkdir(parents=True, exist_ok=True)
    # Atomic replace, so a crash leaves either the old or the new file, never half of one.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".edgeagent-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return True


def _text(path: Path) -> str:
    data = path.read_bytes()
    if b"\x00" in data[:4096]:
        raise ToolError(f"{path.name} is a binary file")
    return data.decode("utf-8", errors="replace")


def list_dir(ctx: ToolContext, path: str) -> str:
    d = resolve(ctx.workspace, path)
    if not d.is_dir():
        raise ToolError(f"not a directory: {path}")
    entries = sorted(p for p in d.iterdir() if not p.name.startswith(".edgeagent-"))  # temp files, secrets
    if not entries:
        return "(empty directory)"
    return "\n".join(f"{p.name}/" if p.is_dir() else f"{p.name} ({p.stat().st_size} bytes)" for p in entries)


def read_file(ctx: ToolContext, path: str) -> str:
    p = resolve(ctx.workspace, path)
    if not p.is_file():
        raise ToolError(f"no such file: {path}")
    text = _text(p)
    if len(text) > MAX_READ_CHARS:
        return text[:MAX_READ_CHARS] + f"\n[... {len(text) - MAX_READ_CHARS} more characters not shown]"
    return text


def write_file(ctx: ToolContext, path: str, content: str) -> str:
    p = resolve(ctx.workspace, path)
    if p.is_dir():
        raise ToolError(f"is a directory: {path}")
    apply_effect(ctx, p, lambda _old: content.encode())
    return f"wrote {len(content.encode())} bytes to {relative(ctx.workspace, p)}"


def append_file(ctx: ToolContext, path: str, content: str) -> str:
    p = resolve(ctx.workspace, path)
    if p.is_dir():
        raise ToolError(f"is a directory: {path}")
    apply_effect(ctx, p, lambda old: (old or b"") + content.encode())
    return f"appended {len(content.encode())} bytes to {relative(ctx.workspace, p)}"


def search(ctx: ToolContext, query: str, path: str = ".") -> str:
    """Case-insensitive substring search over text files; at most 30 matching lines."""
    if not query.strip():
        raise ToolError("query must not be empty")
    root = resolve(ctx.workspace, path)
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    hits, needle = [], query.lower()
    ws = os.path.realpath(ctx.workspace)
    for f in files:
        if ".git" in f.parts:
            continue
        try:
            f = resolve(ctx.workspace, os.path.relpath(f, ws))  # skips links that point outside
            lines = _text(f).splitlines()
        except (ToolError, OSError):
            continue
        for n, line in enumerate(lines, 1):
            if needle in line.lower():
                hits.append(f"{relative(ctx.workspace, f)}:{n}: {line.strip()[:200]}")
                if len(hits) >= 30:
                    return "\n".join(hits) + "\n[more matches not shown]"
    return "\n".join(hits) if hits else f"no matches for {query!r}"


def finish(ctx: ToolContext, answer: str) -> str:
    return answer


def ask_cloud(ctx: ToolContext, question: str) -> str:
    if ctx.advisor is None:
        raise ToolError("no cloud advisor is configured for this run")
    return ctx.advisor(question)


_S = {"type": "string", "maxLength": MAX_STRING}
_P = {"type": "string", "maxLength": 200}

BUILTIN_TOOLS: dict[str, Tool] = {
    t.name: t
    for t in [
        Tool("list_dir", "list the files in a folder; \".\" is the workspace", {"path": _P}, list_dir),
        Tool("read_file", "read a text file", {"path": _P}, read_file),
        Tool("search", "find lines containing some text in all files", {"query": _P}, search),
        Tool("write_file", "create or overwrite a file with content", {"path": _P, "content": _S}, write_file, True),
        Tool("append_file", "add content to the end of a file", {"path": _P, "content": _S}, append_file, True),
        Tool("finish", "stop and give the final answer to the user", {"answer": _S}, finish),
    ]
}


ASK_CLOUD = Tool("ask_cloud", "ask a stronger cloud model for advice; private values are hidden from it",
                 {"question": _P}, ask_cloud)


def tools_for(with_cloud: bool) -> dict[str, Tool]:
    return {**BUILTIN_TOOLS, ASK_CLOUD.name: ASK_CLOUD} if with_cloud else dict(BUILTIN_TOOLS)


def anthropic_tools(tools: dict[str, Tool]) -> list[dict]:
    """The tools in the Messages API format, for a cloud model that executes steps."""
    return [{"name": t.name, "description": t.description,
             "input_schema": {"type": "object", "properties": t.params, "required": list(t.params)}}
            for t in tools.values()]


def action_schema(tools: dict[str, Tool]) -> dict:
    """A JSON schema that admits exactly one call to one of `tools`, written compactly."""
    variants = [
        {
            "type": "object",
            "properties": {
                "tool": {"const": t.name},
                "args": {"type": "object", "properties": t.params, "required": list(t.params),
                         "additionalProperties": False},
            },
            "required": ["tool", "args"],
            "additionalProperties": False,
        }
        for t in tools.values()
    ]
    # llguidance extension: fixed separators, so a small model cannot wander off into whitespace.
    return {"anyOf": variants, "x-guidance": {"whitespace_flexible": False, "key_separator": ": ", "item_separator": ", "}}
