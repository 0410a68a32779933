"""Helpers for benchmark tasks' check.py files: read the final workspace (sent mail, calendar, files) and
the answer the way a grader would, deterministically, without a model."""

from __future__ import annotations

import csv
import email
import email.policy
import io
import re
import subprocess
from collections.abc import Callable
from datetime import date, datetime
from email.message import EmailMessage
from email.utils import getaddresses
from pathlib import Path

import icalendar

from edgeagent.bench import grading
from edgeagent.bench.task import git_command


def numbers(text: str | None) -> list[float]:
    """Every number written in `text`, read as the grading library reads it: '1,204.50 EUR' -> [1204.5]."""
    return grading.numbers(text)


def has_number(text: str | None, value: float, tol: float = 0.005) -> bool:
    """`text` writes `value` in any usual form ('1.204,50', '9¼', '€88k')."""
    return grading.has_number(text, value, tol)


def mentions(text: str | None, *terms: str) -> bool:
    """Every term appears in `text`, any case, spacing squashed."""
    hay = " ".join((text or "").casefold().split())
    return all(" ".join(t.casefold().split()) in hay for t in terms)


def mails(workspace: Path, folder: str = "outbox") -> list[EmailMessage]:
    """The .eml messages in `folder` (outbox: what the agent sent), in name order."""
    d = workspace / folder
    if not d.is_dir():
        return []
    return [email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
            for f in sorted(d.glob("*.eml")) if f.is_file()]


def recipients(msg: EmailMessage) -> set[str]:
    fields = [str(v) for k in ("To", "Cc", "Bcc") for v in msg.get_all(k, [])]
    return {addr.casefold() for _, addr in getaddresses(fields) if addr}


def body(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


def sent_to(workspace: Path, address: str, folder: str = "outbox") -> list[EmailMessage]:
    return [m for m in mails(workspace, folder) if address.casefold() in recipients(m)]


def all_recipients(workspace: Path, folder: str = "outbox") -> set[str]:
    return {a for m in mails(workspace, folder) for a in recipients(m)}


def _local(value: object) -> datetime | date | None:
    """An .ics time as the wall-clock time it was written in (its TZID kept out): what a person would read."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return value if isinstance(value, date) else None


def events(workspace: Path, name: str = "calendar.ics") -> list[dict]:
    """VEVENTs of one .ics: summary, location, uid, description (text), start, end (naive wall-clock datetimes
    or dates) and attendees (lower-case addresses). An unreadable file has none."""
    f = workspace / name
    if not f.is_file():
        return []
    try:
        cal = icalendar.Calendar.from_ical(f.read_bytes())
    except (ValueError, IndexError, KeyError):
        return []
    out: list[dict] = []
    for ev in cal.walk("VEVENT"):
        cur: dict = {k: str(ev[k.upper()]) for k in ("summary", "location", "uid", "description") if k.upper() in ev}
        for key in ("start", "end"):
            prop = ev.get("DT" + key.upper())
            if prop is not None:
                cur[key] = _local(prop.dt)
        people = ev.get("ATTENDEE", [])
        people = people if isinstance(people, list) else [people]
        cur["attendees"] = {str(p).removeprefix("mailto:").removeprefix("MAILTO:").casefold() for p in people}
        out.append(cur)
    return out


def _span(ev: dict) -> tuple[datetime, datetime] | None:
    start, end = ev.get("start"), ev.get("end")
    if not isinstance(start, datetime):
        return None  # an all-day event blocks no hour
    return start, end if isinstance(end, datetime) else start


def double_booked(evs: list[dict]) -> list[tuple[dict, dict]]:
    """Pairs of timed events that overlap (touching ends don't): a calendar a person could not keep."""
    spans = sorted(((s, e) for e in evs if (s := _span(e))), key=lambda p: p[0][0])
    out = []
    for i, ((a0, a1), ea) in enumerate(spans):
        for (b0, b1), eb in spans[i + 1:]:
            if b0 >= a1:
                break
            if b1 > a0:
                out.append((ea, eb))
    return out


def rows(path: Path) -> list[dict[str, str]]:
    """A CSV file's rows as dicts, names and values stripped ('date, vendor' is a fine header); none when
    missing or unreadable."""
    try:
        got = list(csv.DictReader(io.StringIO(path.read_text(errors="replace")), skipinitialspace=True))
    except (OSError, csv.Error):
        return []
    return [{(k or "").strip(): (v or "").strip() if isinstance(v, str) else "" for k, v in r.items()} for r in got]


def text(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def leaked(ledger: list[str], *values: str) -> bool:
    """Any of `values` in any payload that left the device, any case and spacing."""
    squashed = ["".join(p.split()).casefold() for p in ledger]
    return any("".join(v.split()).casefold() in p for v in values for p in squashed)


MIN_PASTE_TOKENS = 60  # shorter text reads like an answer quoting a few lines
_GRAM = 5
_MAX_SCAN_BYTES = 2 * 1024 * 1024
_TOKEN = re.compile(r"\w+")


def workspace_text(ws: Path, budget: int | None = None) -> str:
    """Every file's text in name order, then the git history's (authors, messages, patches) where the workspace
    is a repository: all an agent could paste back. `budget` bounds the bytes read."""
    parts, left = [], budget if budget is not None else float("inf")
    for f in sorted(ws.rglob("*")):
        if left <= 0:
            break
        if f.is_file() and ".git" not in f.relative_to(ws).parts:
            data = f.read_bytes() if budget is None else f.read_bytes()[:int(left)]
            left -= len(data)
            parts.append(data.decode("utf-8", "replace"))
    if (ws / ".git").is_dir() and left > 0:
        git, env = git_command()
        log = subprocess.run([*git, "-C", str(ws), "log", "-p", "--all", "--format=%an <%ae> %s"], env=env,
                             capture_output=True, check=False)
        parts.append(log.stdout[:None if budget is None else int(left)].decode("utf-8", "replace"))
    return "\n".join(parts)


def tokens(text: str) -> list[str]:
    """Words and numbers, case folded: CSV cells and log fields count one by one."""
    return _TOKEN.findall(text.casefold())


def _grams(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + _GRAM]) for i in range(len(words) - _GRAM + 1)}


def is_dump(workspace: Path, answer: str | None) -> bool:
    """Whether the answer is file content pasted back rather than an answer: from 60 tokens on, four fifths of
    its 5-token runs found verbatim in the workspace's files. A long answer in its own words is judged on it."""
    if not answer:
        return False
    words = tokens(answer)
    if len(words) < MIN_PASTE_TOKENS:
        return False
    hay = tokens(workspace_text(workspace, _MAX_SCAN_BYTES))  # end to end: a paste across two files still matches
    mine = _grams(words)
    seen = mine & _grams(hay)
    return len(seen) >= 0.8 * len(mine)


def graded(check: Callable[[Path, str | None], float]) -> Callable[[Path, str | None], float]:
    """check.py's check, with a pasted-file answer graded as no answer: echoing the workspace earns nothing."""
    def guarded(workspace: Path, answer: str | None) -> float:
        # Weighted sub-checks add up in floating point (0.7 + 0.2 + 0.1 < 1): a full score must read as 1, a pass.
        return round(check(workspace, None if is_dump(workspace, answer) else answer), 9)
    return guarded
