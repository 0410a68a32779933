"""search_docs: ranked full-text search (SQLite FTS5 through sqlite-utils) over the workspace's documents.

The index is kept per workspace in memory and rebuilt only when a document's size or mtime changed."""

from __future__ import annotations

import os
import sqlite3
import threading

import sqlite_utils

from edgeagent.tools.base import Tool, ToolContext, find_files, holds_word, query_words, read_each, skipped_note
from edgeagent.tools.eml import body_text, parse_mail
from edgeagent.tools.htmltext import html_lines
from edgeagent.workspace.sandbox import ToolError

DOC_SUFFIXES = (".md", ".markdown", ".txt", ".rst", ".html", ".htm", ".eml")
MAX_HITS = 10
_CHUNK_LINES = 12  # a paragraph longer than this is indexed in parts, so a hit points near its line
_CACHED = 4  # workspaces whose index is kept
_cache: dict[str, tuple[tuple, sqlite_utils.Database, list[str]]] = {}
_lock = threading.Lock()


def _lines(rel: str, data: bytes) -> list[tuple[int, str]]:
    """(line number, text) of what a reader sees in the document; a mail's lines are those of its text."""
    text = data.decode("utf-8", "replace")
    if rel.lower().endswith((".html", ".htm")):
        return list(html_lines(text))
    if rel.lower().endswith(".eml"):
        msg = parse_mail(data)
        head = [f"{h}: {msg.get(h, '')}" for h in ("Subject", "From") if msg.get(h)]
        text = "\n".join(head + [body_text(msg)])
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def _printable(rel: str) -> str:
    """A name that is not UTF-8 (its bytes held as lone surrogates, which SQLite refuses) with those bytes as \\xff."""
    return rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _chunks(rel: str, data: bytes) -> list[dict]:
    """Paragraphs (runs of lines without a gap), at most _CHUNK_LINES lines each."""
    out: list[dict] = []
    run: list[tuple[int, str]] = []
    for n, line in [*_lines(rel, data), (-1, "")]:
        if run and (n != run[-1][0] + 1 or len(run) >= _CHUNK_LINES):
            out.append({"path": _printable(rel), "line": run[0][0], "text": "\n".join(t for _, t in run)})
            run = []
        if n > 0:
            run.append((n, line))
    return out


def _index(ctx: ToolContext) -> tuple[sqlite_utils.Database, list[str], int]:
    files = find_files(ctx, DOC_SUFFIXES)
    key = os.path.realpath(ctx.workspace)
    sig = tuple((rel, st.st_mtime_ns, st.st_size) for rel, p in files for st in [os.stat(p)])
    with _lock:
        hit = _cache.get(key)
        if hit is not None and hit[0] == sig:
            return hit[1], hit[2], len(files)
    got, skipped = read_each(ctx, files)
    db = sqlite_utils.Database(sqlite3.connect(":memory:", check_same_thread=False))
    db.table("chunks").insert_all((c for rel, data in got for c in _chunks(rel, data)),
                            pk=None, columns={"path": str, "line": int, "text": str})
    if db["chunks"].exists():
        db.table("chunks").enable_fts(["text"], tokenize="porter unicode61", create_triggers=False)
    with _lock:
        _cache.pop(key, None)
        while len(_cache) >= _CACHED:
            _cache.pop(next(iter(_cache)))
        _cache[key] = (sig, db, skipped)
    return db, skipped, len(files)


def _fts(words: list[str], op: str) -> str:
    return f" {op} ".join('"' + w.replace('"', '""') + '"' for w in words)


def search_docs(ctx: ToolContext, query: str) -> str:
    words = query_words(query)
    if not words:
        raise ToolError("query must hold at least one word")
    db, skipped, count = _index(ctx)
    if not db["chunks"].exists():
        raise ToolError(f"the workspace holds no documents ({', '.join(DOC_SUFFIXES)}){skipped_note(skipped)}")
    sql = ("SELECT c.path, c.line, c.text FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid "
           "WHERE chunks_fts MATCH ? ORDER BY chunks_fts.rank LIMIT ?")
    hits = db.execute(sql, (_fts(words, "AND"), MAX_HITS)).fetchall()
    note = ""
    if not hits and len(words) > 1:
        hits = db.execute(sql, (_fts(words, "OR"), MAX_HITS)).fetchall()
        note = f"[no passage holds all of: {', '.join(words)}; passages holding some of them, best first]\n"
    if not hits:
        return f"no document mentions {', '.join(words)} ({count} documents searched){skipped_note(skipped)}"
    return note + "\n".join(_show(path, line, text, words) for path, line, text in hits) + skipped_note(skipped)


def _show(path: str, first: int, text: str, words: list[str]) -> str:
    """path:line: the passage's line holding the most query words, with the line after it."""
    lines = text.split("\n")
    best = max(range(len(lines)), key=lambda i: sum(holds_word(lines[i].lower(), w) for w in words))
    shown = " / ".join(line[:200] for line in lines[best:best + 2])
    return f"{path}:{first + best}: {shown}"


DOCS_TOOLS = [
    Tool("search_docs", "search the documents (notes, pages, mail) for a topic; best passages first, with file:line",
         {"query": {"type": "string", "maxLength": 200, "description": "a few words about what you look for"}},
         search_docs),
]
