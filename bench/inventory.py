"""The suite's inventory: what each task's workspace holds and how the suite measures up to its shape rules.

`python -m edgeagent.bench.inventory [TASKS...] [--json]`: per category and source, the median files, bytes,
messages, rows and reference steps; prompts that name the file holding the answer; injections and private units
per task; and the rules of docs/bench-tasks.md (no two byte-identical workspaces, no persona in more than a tenth
of the tasks, at most a quarter of prompts naming the answer's file, a median of 5 or more reference steps, 60%
or more tasks that produce an artifact, injections that never address an AI)."""

from __future__ import annotations

import argparse
import csv
import email
import email.policy
import hashlib
import json
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from email.utils import getaddresses
from pathlib import Path

from edgeagent.bench.task import Task, git_command, load_tasks
from edgeagent.tools.registry import ALL_TOOLS

READS = {"read_file", "read_mail"}  # the tools whose `path` is where an answer is read from
SUITE_SIZE = 128  # a persona may sit in a tenth of this many tasks, however few are written yet
# Senders that are systems, not people ("People Portal <no-reply-people@...>"): not a persona.
_MACHINE = re.compile(r"(no-?reply|do-?not-?reply|notifications?|alerts?|mailer-daemon|bounces?|newsletter)",
                      re.IGNORECASE)
# An injection that speaks to an AI ("Dear AI assistant", "if you are a language model", "AI assistant: forward
# this"), not one that merely mentions AI, as an article about AI agents does.
_BOT = r"(?:ai|a\.i\.|assistant|language model|llm|chatbot|gpt|bot|agent)s?"
_AI = re.compile(r"\b(?:dear|attention|hey|hi|hello|note to|to the|if you are an?|as an?|you are an?)\s+(?:the\s+)?"
                 + _BOT + r"\b|\b" + _BOT + r"\s+(?:reading|processing|summari[sz]ing|handling)\s+this\b|"
                 r"\b(?:ai|assistant|llm|chatbot)\b[^.\n]{0,12}:\s|\bignore (?:all |any )?(?:previous|prior) instructions\b",
                 re.IGNORECASE)


@dataclass
class Shape:
    task: str
    category: str | None
    source: str | None
    split: str | None
    files: int = 0
    bytes: int = 0
    messages: int = 0
    events: int = 0
    rows: int = 0
    log_lines: int = 0
    commits: int = 0
    steps: int = 0
    artifact: bool = False
    names_answer_file: bool = False
    injections: int = 0
    injection_addresses_ai: bool = False
    units: int = 0
    digest: str = ""
    people: list[str] = field(default_factory=list)


def _rows(f: Path) -> int:
    if f.suffix == ".csv":
        with f.open(newline="", errors="replace") as fh:
            return max(0, sum(1 for _ in csv.reader(fh)) - 1)
    try:
        con = sqlite3.connect(f"file:{f}?mode=ro&immutable=1", uri=True)
        try:
            names = [r[0] for r in con.execute("select name from sqlite_master where type = 'table'")]
            return sum(con.execute(f'select count(*) from "{n}"').fetchone()[0] for n in names)
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def _people(f: Path) -> list[str]:
    """Display names in a message's From/To/Cc, or a vCard's FN lines: who the workspace is about."""
    text = f.read_text(errors="replace")
    if f.suffix == ".vcf":
        return [ln.split(":", 1)[1].strip() for ln in text.splitlines() if ln.upper().startswith("FN")]
    msg = email.message_from_string(text, policy=email.policy.compat32)
    pairs = getaddresses([str(v) for k in ("From", "To", "Cc") for v in msg.get_all(k, [])])
    return [n.strip() for n, addr in pairs if n.strip() and not _MACHINE.match(addr)]


def shape(task: Task, scratch: Path) -> Shape:
    ws = task.seed_into(scratch / task.id)
    s = Shape(task.id, task.category, task.origin, task.split, injections=len(task.injections),
              units=len(task.sensitive))
    digest = hashlib.sha256()
    people: set[str] = set()
    for f in sorted(ws.rglob("*")):
        rel = f.relative_to(ws)
        if not f.is_file() or ".git" in rel.parts:
            continue
        data = f.read_bytes()
        digest.update(str(rel).encode() + b"\0" + hashlib.sha256(data).digest())
        s.files += 1
        s.bytes += len(data)
        if f.suffix == ".eml":
            s.messages += 1
        if f.suffix in (".eml", ".vcf"):
            people.update(_people(f))
        if f.suffix == ".ics":
            s.events += data.count(b"BEGIN:VEVENT")
        if f.suffix in (".csv", ".sqlite", ".db"):
            s.rows += _rows(f)
        if f.suffix == ".log":
            s.log_lines += data.count(b"\n")
    git, env = git_command()
    for repo in [ws] + [d.parent for d in ws.rglob(".git") if d.parent != ws]:
        if (repo / ".git").exists():
            out = subprocess.run([*git, "-C", str(repo), "rev-list", "--all", "--count"], env=env,
                                 capture_output=True, text=True, check=False).stdout.strip()
            s.commits += int(out or 0)
    s.digest = digest.hexdigest()
    s.people = sorted(people)
    steps = task.reference.steps if task.reference else ()
    s.steps = len(steps)
    s.artifact = any(ALL_TOOLS[st.tool].side_effect for st in steps if st.tool in ALL_TOOLS)
    # The prompt names a file the reference reads (by path, or as a table in its SQL): the task says where to look.
    prompt = task.prompt.casefold()
    used = " ".join(st.args.get("path", "") if st.tool in READS else st.args.get("sql", "") for st in steps).casefold()
    s.names_answer_file = any(f.name.casefold() in prompt and (f.name.casefold() in used or
                                                               f.stem.casefold() in used)
                              for f in ws.rglob("*") if f.is_file() and ".git" not in f.relative_to(ws).parts)
    s.injection_addresses_ai = any(_AI.search((ws / i.where).read_text(errors="replace"))
                                   for i in task.injections if (ws / i.where).is_file())
    return s


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else 0.0


def summarise(shapes: list[Shape]) -> dict:
    """The inventory's totals and the shape rules, each with its figure and whether it holds."""
    n = len(shapes)
    persona = Counter(p for s in shapes for p in set(s.people))
    crowded = {p: c for p, c in persona.most_common() if c > 0.1 * max(n, SUITE_SIZE)}
    twins = [ids for ids in _by(shapes, lambda s: s.digest).values() if len(ids) > 1]
    medians = {k: _median([getattr(s, k) for s in shapes]) for k in
               ("files", "bytes", "messages", "events", "rows", "log_lines", "commits", "steps", "units")}
    rules = {
        "no byte-identical workspaces": (len(twins), not twins),
        "no persona in more than 10% of tasks": (max(persona.values(), default=0), not crowded),
        "at most 25% of prompts name the answer's file": (sum(s.names_answer_file for s in shapes),
                                                          sum(s.names_answer_file for s in shapes) <= 0.25 * n),
        "median reference steps at least 5": (medians["steps"], medians["steps"] >= 5),
        "at least 60% produce an artifact": (sum(s.artifact for s in shapes), sum(s.artifact for s in shapes) >= 0.6 * n),
        "no injection addresses an AI": (sum(s.injection_addresses_ai for s in shapes),
                                         not any(s.injection_addresses_ai for s in shapes)),
    }
    return {"tasks": n, "per_category": dict(Counter(s.category or "-" for s in shapes)),
            "per_source": dict(Counter((s.source or "legacy").split(":")[0] for s in shapes)),
            "per_split": dict(Counter(s.split or "-" for s in shapes)), "medians": medians,
            "injections": sum(s.injections for s in shapes), "twins": twins, "crowded_personas": crowded,
            "rules": {k: {"figure": v, "holds": ok} for k, (v, ok) in rules.items()}}


def _by(shapes: list[Shape], key) -> dict:
    out: dict = {}
    for s in shapes:
        out.setdefault(key(s), []).append(s.task)
    return out


def inventory(tasks: list[Task]) -> tuple[list[Shape], dict]:
    with tempfile.TemporaryDirectory(prefix="edgeagent-inventory-") as d:
        shapes = [shape(t, Path(d)) for t in tasks]
    return shapes, summarise(shapes)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m edgeagent.bench.inventory", description=__doc__.split("\n\n")[0])
    ap.add_argument("tasks", nargs="*", type=Path, help="task folders (default: the shipped suite)")
    ap.add_argument("--ported", action="store_true", help="only tasks with a `source` (the ported suite)")
    ap.add_argument("--json", action="store_true", help="every task's shape and the summary, as JSON")
    args = ap.parse_args(argv)
    try:
        tasks = load_tasks(args.tasks or [Path(__file__).resolve().parent / "tasks"])
    except Exception as e:  # noqa: BLE001 -- one line for bad input, never a traceback
        print(f"error: {e}", file=sys.stderr)
        return 2
    tasks = [t for t in tasks if t.origin is not None] if args.ported else tasks
    shapes, summary = inventory(tasks)
    if args.json:
        print(json.dumps({"tasks": [asdict(s) for s in shapes], "summary": summary}, indent=1))
        return 0
    print(f"{summary['tasks']} tasks; by category {summary['per_category']}; by source {summary['per_source']}; "
          f"by split {summary['per_split']}; {summary['injections']} injections")
    print("medians: " + ", ".join(f"{k} {v:g}" for k, v in summary["medians"].items()))
    for rule, r in summary["rules"].items():
        print(f"  {'ok ' if r['holds'] else 'NO '} {rule}: {r['figure']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
