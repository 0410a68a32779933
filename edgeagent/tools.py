"""The built-in workspace tools, their JSON schema, and idempotent side effects."""

from __future__ import annotations

import hashlib
import os
import re
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


MAX_SEARCH_HITS = 30
_WALK_LIMIT = 5000  # entries looked at for near-match suggestions: a huge tree must not stall a step
# Words a question adds around what it looks for; a line need not hold them.
_STOPWORDS = frozenset("a an and are as at be by can did do does for from has have how i in is it its me my of on "
                       "or our say says tell that the their there this to was what when where which who whom whose "
                       "why will with you your".split())


def _workspace_alias(path: str) -> str:
    """"workspace" names the workspace itself, as the prompt calls it, unless a real entry has that name."""
    p = path.strip()
    for alias in ("workspace", "./workspace", "/workspace"):
        if p == alias or p == alias + "/":
            return "."
        if p.startswith(alias + "/"):
            return p[len(alias) + 1:] or "."
    return p


def _resolve(ctx: ToolContext, path: str) -> Path:
    alias = _workspace_alias(path) if isinstance(path, str) else path
    if alias != path and not (Path(ctx.workspace) / "workspace").exists():
        path = alias
    try:
        return resolve(ctx.workspace, path)
    except ToolError as e:
        if isinstance(path, str) and os.path.isabs(path):  # a guessed absolute path: show what there is instead
            raise ToolError(f"{e}{_near(ctx, path)}") from None
        raise


def _walk(ctx: ToolContext) -> list[str]:
    """Workspace-relative paths of files and folders (folders end in /), skipping .git and our own files."""
    root = os.path.realpath(ctx.workspace)
    out: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != ".git")
        rel = os.path.relpath(dirpath, root)
        for name in [d + "/" for d in dirnames] + sorted(filenames):
            if not name.startswith(".edgeagent-"):
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


def _entry(ctx: ToolContext, p: Path) -> str:
    rel = relative(ctx.workspace, p)
    if p.is_symlink() and not p.exists():
        return f"{rel} (broken link)"
    return f"{rel}/" if p.is_dir() else f"{rel} ({p.stat().st_size} bytes)"


def list_dir(ctx: ToolContext, path: str) -> str:
    d = _resolve(ctx, path)
    if d.is_file():
        raise ToolError(f"{path} is a file, not a folder ({d.stat().st_size} bytes); read it with read_file")
    if not d.is_dir():
        raise ToolError(f"no such folder: {path}{_near(ctx, path, want_dir=True)}")
    entries = sorted(p for p in d.iterdir() if not p.name.startswith(".edgeagent-"))  # temp files, secrets
    if not entries:
        return f"{relative(ctx.workspace, d)}/ is empty"
    # Workspace-relative names, so each can be passed back to a tool as it is.
    return "\n".join(_entry(ctx, p) for p in entries)


def read_file(ctx: ToolContext, path: str) -> str:
    p = _resolve(ctx, path)
    if p.is_dir():
        inside = ", ".join(_entry(ctx, c) for c in sorted(p.iterdir())[:20] if not c.name.startswith(".edgeagent-"))
        raise ToolError(f"{path} is a folder, not a file; it holds: {inside or 'nothing'}")
    if not p.is_file():
        raise ToolError(f"no such file: {path}{_near(ctx, path, want_dir=False)}")
    text = _text(p)
    if len(text) > MAX_READ_CHARS:
        return text[:MAX_READ_CHARS] + f"\n[... {len(text) - MAX_READ_CHARS} more characters not shown]"
    return text


def write_file(ctx: ToolContext, path: str, content: str) -> str:
    p = _resolve(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; give a file name inside it")
    apply_effect(ctx, p, lambda _old: content.encode())
    return f"wrote {len(content.encode())} bytes to {relative(ctx.workspace, p)}"


def append_file(ctx: ToolContext, path: str, content: str) -> str:
    p = _resolve(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; give a file name inside it")
    apply_effect(ctx, p, lambda old: (old or b"") + content.encode())
    return f"appended {len(content.encode())} bytes to {relative(ctx.workspace, p)}"


def _words(query: str) -> list[str]:
    words = re.findall(r"[\w.@/-]+", query.lower())
    words = [w.strip(".-/") for w in words]
    kept = [w for w in words if w and w not in _STOPWORDS]
    return kept or [w for w in words if w]


_RECORD_FILES = {".ics", ".vcf", ".eml"}  # formats whose records span several lines
_SUFFIXES = ("ings", "ing", "ers", "er", "ed", "es", "s")


def _squash(text: str) -> str:
    return re.sub(r"[-_\s]", "", text.lower())


def _holds(text: str, word: str) -> bool:
    """The word, or its stem when it ends in a common suffix ("owner" finds "owns", "meetings" "meeting")."""
    if word in text:
        return True
    stem = next((word[:-len(x)] for x in _SUFFIXES if word.endswith(x) and len(word) - len(x) >= 3), None)
    return stem is not None and stem in text


def search(ctx: ToolContext, query: str, path: str = ".") -> str:
    """Lines holding the query: the exact phrase, else all its words in any order, else most of them.

    Case-insensitive; at most MAX_SEARCH_HITS lines, best first."""
    if not query.strip():
        raise ToolError("query must not be empty")
    root = _resolve(ctx, path)
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    phrase, words = " ".join(query.lower().split()), _words(query)
    ranked: list[tuple[int, int, str]] = []  # (-score, order, line)
    ws = os.path.realpath(ctx.workspace)
    for f in files:
        if ".git" in f.parts:
            continue
        try:
            f = resolve(ctx.workspace, os.path.relpath(f, ws))  # skips links that point outside
            lines = _text(f).splitlines()
        except (ToolError, OSError):
            continue
        name = relative(ctx.workspace, f)
        for n, line in enumerate(lines, 1):
            low = " ".join(line.lower().split())
            in_line = sum(1 for w in words if _holds(low, w))
            # A word may be in the file's name ("budget" in budget.csv) but one must be on the line itself.
            score = 2 * len(words) + 1 if phrase in low else in_line + sum(
                1 for w in words if not _holds(low, w) and _holds(name.lower(), w))
            if in_line and 2 * score >= len(words):
                hit = f"{name}:{n}: {line.strip()[:200]}"
                if f.suffix.lower() in _RECORD_FILES:  # a record spans lines: show its neighbours, grep -C style
                    around = [f"{name}-{i}- {lines[i - 1].strip()[:200]}" for i in range(max(1, n - 2), n + 3)
                              if i != n and i <= len(lines)]
                    hit = "\n".join(sorted([hit, *around], key=lambda h: int(re.split(r"[:-]", h[len(name) + 1:])[0])))
                ranked.append((-score, len(ranked), hit))
    if not ranked:
        entries = _walk(ctx)
        # Names compared without separators: "to-do list" finds todo.md.
        named = [e for e in entries if not e.endswith("/") and any(_holds(_squash(e), _squash(w)) for w in words)]
        top = [e for e in entries if "/" not in e.rstrip("/")]
        hint = (f"; files whose names hold some of the words (read them): {', '.join(named[:10])}" if named
                else f"; try other words, or look at the files: {', '.join(top[:20])}" if top else "")
        return f"no matches for {query!r}: no line holds it or most of its words{hint}"
    ranked.sort()
    best = -ranked[0][0]
    note = "" if best >= len(words) else f"[no line holds all of: {', '.join(words)}; lines holding most of them]\n"
    hits = [line for _, _, line in ranked[:MAX_SEARCH_HITS]]
    more = "\n[more matches not shown]" if len(ranked) > MAX_SEARCH_HITS else ""
    # The count is the tool's, not the model's: small models miscount lines they can see.
    full = sum(1 for r in ranked if -r[0] >= len(words))
    count = f"\n[{full} line{'s' if full != 1 else ''} hold{'s' if full == 1 else ''} every word]" if full else ""
    return note + "\n".join(hits) + more + count


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


def tools_for(with_cloud: bool) -> dict[str, Tool]:
    return {**BUILTIN_TOOLS, ASK_CLOUD.name: ASK_CLOUD} if with_cloud else dict(BUILTIN_TOOLS)


def anthropic_tools(tools: dict[str, Tool]) -> list[dict]:
    """The tools in the Messages API format, for a cloud model that executes steps."""
    return [{"name": t.name, "description": t.description,
             "input_schema": {"type": "object", "properties": t.params, "required": list(t.params)}}
            for t in tools.values()]


def action_schema(tools: dict[str, Tool]) -> dict:
    """A JSON schema that admits exactly one call to one of `tools` in the generic format, tool name first."""
    from .callformat import GENERIC

    return GENERIC.schema(tools.values())


def step_token_cap(tools: list[Tool]) -> int:
    """Tokens a step may generate: room for the longest call these tools admit (a token per character, at worst)."""
    longest = max(sum(p.get("maxLength", 200) for p in t.params.values()) for t in tools)
    return 64 + longest
