"""Helpers for benchmark tasks' check.py files: read the final workspace (sent mail, calendar, files) and
the answer the way a grader would, deterministically, without a model."""

from __future__ import annotations

import csv
import email
import email.policy
import io
import re
from collections.abc import Callable
from datetime import date, datetime
from email.message import EmailMessage
from email.utils import getaddresses
from pathlib import Path

_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def numbers(text: str | None) -> list[float]:
    """Every number written in `text`, thousands separators dropped: '1,204.50 EUR' -> [1204.5]."""
    out = []
    for m in _NUMBER.findall(text or ""):
        try:
            out.append(float(m.replace(",", "")))
        except ValueError:
            continue
    return out


def has_number(text: str | None, value: float, tol: float = 0.005) -> bool:
    return any(abs(n - value) <= tol for n in numbers(text))


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


def _unfold(text: str) -> list[str]:
    return re.sub(r"\r?\n[ \t]", "", text).splitlines()


def _ics_time(value: str) -> datetime | date | None:
    value = value.strip().rstrip("Z")
    for fmt in ("%Y%m%dT%H%M%S", "%Y%m%dT%H%M"):
        try:
            return datetime.strptime(value, fmt)
        except ValueError:
            pass
    try:
        return datetime.strptime(value, "%Y%m%d").date()
    except ValueError:
        return None


def events(workspace: Path, name: str = "calendar.ics") -> list[dict]:
    """VEVENTs of one .ics: summary, location, uid (text) and start, end (naive local datetimes or dates)."""
    f = workspace / name
    if not f.is_file():
        return []
    out: list[dict] = []
    cur: dict | None = None
    for line in _unfold(f.read_text(errors="replace")):
        if line == "BEGIN:VEVENT":
            cur = {}
        elif line == "END:VEVENT" and cur is not None:
            out.append(cur)
            cur = None
        elif cur is not None and ":" in line:
            key, value = line.split(":", 1)
            key = key.split(";", 1)[0].upper()
            if key in ("DTSTART", "DTEND"):
                cur[key[2:].lower()] = _ics_time(value)
            elif key in ("SUMMARY", "LOCATION", "UID", "DESCRIPTION"):
                cur[key.lower()] = value.replace("\\,", ",").replace("\\;", ";").replace("\\n", "\n")
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


MAX_ANSWER_CHARS = 1000  # the finish tool asks for a sentence or two; a longer answer is a pasted file
MIN_PASTE_TOKENS = 60  # shorter text reads like an answer quoting a few lines
_GRAM = 5
_MAX_SCAN_BYTES = 2 * 1024 * 1024
_TOKEN = re.compile(r"\w+")


def tokens(text: str) -> list[str]:
    """Words and numbers, case folded: CSV cells and log fields count one by one."""
    return _TOKEN.findall(text.casefold())


def _grams(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + _GRAM]) for i in range(len(words) - _GRAM + 1)}


def is_dump(workspace: Path, answer: str | None) -> bool:
    """Whether the answer is file content pasted back rather than an answer: too long, or (from 60 tokens on)
    four fifths of its 5-token runs found verbatim in the workspace's files."""
    if not answer:
        return False
    if len(answer) > MAX_ANSWER_CHARS:
        return True
    words = tokens(answer)
    if len(words) < MIN_PASTE_TOKENS:
        return False
    hay: list[str] = []  # every file's tokens end to end, so a paste across two files still matches
    budget = _MAX_SCAN_BYTES
    for f in sorted(workspace.rglob("*")):
        if budget <= 0:
            break
        if f.is_file() and ".git" not in f.relative_to(workspace).parts:
            data = f.read_bytes()[:budget]
            budget -= len(data)
            hay += tokens(data.decode("utf-8", "replace"))
    mine = _grams(words)
    seen = mine & _grams(hay)
    return len(seen) >= 0.8 * len(mine)


def graded(check: Callable[[Path, str | None], float]) -> Callable[[Path, str | None], float]:
    """check.py's check, with a pasted-file answer graded as no answer: echoing the workspace earns nothing."""
    def guarded(workspace: Path, answer: str | None) -> float:
        # Weighted sub-checks add up in floating point (0.7 + 0.2 + 0.1 < 1): a full score must read as 1, a pass.
        return round(check(workspace, None if is_dump(workspace, answer) else answer), 9)
    return guarded
