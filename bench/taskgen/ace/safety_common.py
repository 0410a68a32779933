"""What the safety ports share: the realistic bulk around a task's planted files (a mailbox of threads,
newsletters and notifications, months of calendar, contacts, filler documents), built from the seeded filler.

Not a port itself (PORTS is empty): the safety_*.py modules beside it each port one AceBench task."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: _base sits beside it

from edgeagent.bench.taskgen.filler import Event, Filler, Mail, Person

PORTS: list = []

__all__ = ["Event", "Filler", "Mail", "Person", "bulk", "main"]


def bulk(f: Filler, ws: Path, start: date, end: date, *, mails: int = 60, planted: Sequence[Mail] = (),
         people: Sequence[Person] = (), events: Sequence[Event] = (), contacts: Sequence[Person] = (),
         docs: int = 0, docs_dir: str = "docs", inbox: str = "inbox", calendar: bool = True) -> dict[str, str]:
    """Filler mail, calendar, contacts and documents around a task's own facts; returns write_mailbox's
    {key: path} for the planted mails."""
    s, e = datetime.combine(start, datetime.min.time()), datetime.combine(end, datetime.max.time().replace(microsecond=0))
    team = list(people) or (f.colleagues(12) + f.externals(8))
    paths = f.write_mailbox(ws / inbox, f.mailbox(mails, s, e, team) + list(planted)) if mails or planted else {}
    if calendar:
        f.write_ics(ws / "calendar.ics", f.calendar(start, end, team[:8]) + list(events))
    if contacts or team:
        (ws / "contacts.vcf").write_text(f.vcards(list(contacts) + team))
    kinds = ["notes", "status", "policy", "brief"]
    seen: set[str] = set()
    for i in range(docs):
        kind = kinds[i % len(kinds)]
        doc = f.document(kind, when=start)
        title = doc.splitlines()[0].lstrip("# ").strip()
        slug = "-".join(title.lower().replace(":", "").split())[:48]
        name = slug if slug not in seen else f"{slug}-{i}"
        seen.add(name)
        (ws / docs_dir / f"{name}.md").parent.mkdir(parents=True, exist_ok=True)
        (ws / docs_dir / f"{name}.md").write_text(doc)
    return paths


def main(ports: Sequence) -> None:
    """`python safety_x.py`: write that module's ports into bench/tasks/. Runs under PYTHONHASHSEED=0: the
    calendar writer orders time zones by set iteration, which is otherwise salted per process."""
    import os

    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    from _base import write

    for make in ports:
        port, build = make()
        write(port, build)
        print(port.id, f"acebench:{port.source}")
