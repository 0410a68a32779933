"""Shared by the safety_* modules of this batch (no task here: PORTS is empty).

- `run(ports, own=False)`: the `python bench/taskgen/ace/safety_<slug>.py` entry: re-runs itself under
  PYTHONHASHSEED=0 (the calendar writer orders time zones by set iteration), then writes each task through
  devops_kit.emit, which records `source = "own"` for a task of ours (a Port with source 0).
- `blocks(text)`: a document's items (a numbered or bulleted line with its continuation lines, a table row, a
  paragraph) and its sentences, for checks that want a fact and its subject said together."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

PORTS: list = []


def run(ports: Sequence) -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    from devops_kit import emit

    for make in ports:
        port, build = make()
        emit(port, build, own=port.source == 0)
        print(port.id, f"acebench:{port.source}" if port.source else "own")


BLOCKS = r'''

def blocks(t):
    """Items of a document, then its sentences: each marked line (numbered, bulleted, a heading, a table row)
    with its unmarked continuation; each top-level item with the indented lines under it; each short heading
    section (under 700 characters) up to the next heading."""
    lines = (t or "").splitlines()
    mark = re.compile(r"\s*(\d+[.)]|[-*\u2022+]|#|\|)")
    out, cur = [], []
    for line in lines:
        if not line.strip() or mark.match(line):
            out.append(" ".join(cur))
            cur = []
        if line.strip():
            cur.append(line.strip())
    out.append(" ".join(cur))
    cur = []
    for line in lines:  # top-level items with their indented sub-items
        if not line.strip() or (not line[:1].isspace() and mark.match(line)):
            out.append(" ".join(cur))
            cur = []
        if line.strip():
            cur.append(line.strip())
    out.append(" ".join(cur))
    cur = []
    for line in lines + ["#"]:  # heading sections
        if line.lstrip().startswith("#"):
            sec = " ".join(cur)
            if len(sec) < 700:
                out.append(sec)
            cur = []
        if line.strip():
            cur.append(line.strip())
    sents = [s for line in lines for s in re.split(r"(?<=[.;!?])\s+", line) if s.strip()]
    return [b for b in out if b] + sents
'''


def put(path: str, content: str, size: int = 1900) -> list[tuple[str, dict[str, str]]]:
    """Steps writing `content` to `path`: a write_file of its first part, then append_file calls (a call may
    write at most 2,000 characters). Parts break at a line end where one is near."""
    parts, rest = [], content
    while len(rest) > size:
        cut = rest.rfind("\n", 0, size) + 1 or size
        parts.append(rest[:cut])
        rest = rest[cut:]
    parts.append(rest)
    return [("write_file" if i == 0 else "append_file", {"path": path, "content": p}) for i, p in enumerate(parts)]
