"""Dates, weekdays and times of day as people write them.

'2026-01-20', '20 Jan', 'Jan 20th', 'Tuesday 20 January 2026' and '20.01.2026' are one date; '10am', '10 a.m.',
'10:00' and '10h' one time. '03/04/2026' is read both ways (3 April, March 4) unless one is impossible."""

from __future__ import annotations

import re
from datetime import date, time

from edgeagent.bench.grading.text import Found, gives

_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
           "oct": 10, "nov": 11, "dec": 12}
_MONTH = (r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?P<year>(?:19|20)\d{2})(?!\d))?"
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\b\.?",
                      re.IGNORECASE)

_PATTERNS = [
    re.compile(r"(?<!\d)(?P<year>(?:19|20)\d{2})[-/.](?P<mon>[01]?\d)[-/.](?P<day>[0-3]?\d)(?!\d)"),  # ISO
    re.compile(r"(?<![\w])" + _DAY + r"(?:\s+of)?[\s-]+" + _MONTH + r"(?![a-z])" + _YEAR, re.IGNORECASE),
    re.compile(r"(?<![\w])" + _MONTH + r"[\s-]+" + _DAY + r"(?![\d:])" + _YEAR, re.IGNORECASE),
]
_NUMERIC = re.compile(r"(?<![\d./-])(?P<a>[0-3]?\d)(?P<s>[/.])(?P<b>[01]?\d)(?P=s)(?P<year>(?:19|20)?\d{2})"
                      r"(?!\d|[./]\d)")
_YEARLESS = re.compile(r"(?<![\d./-])(?P<a>[0-3]?\d)/(?P<b>[01]?\d)(?!\d|[./]\d)")  # '17/03', read with a given year


def _date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _month(name: str) -> int:
    return _MONTHS[name.lower().rstrip(".")[:4] if name.lower().startswith("sept") else name.lower()[:3]]


def dates_found(text: str | None, year: int | None = None) -> list[Found]:
    """Each calendar date written in `text`; `year` fills in dates written without one."""
    t = text or ""
    out: list[Found] = []

    def add(readings: list[date | None], start: int, end: int) -> None:
        got = tuple(dict.fromkeys(r for r in readings if r is not None))
        if got and not any(f.start <= start < f.end or start <= f.start < end for f in out):
            out.append(Found(got, start, end))

    for i, pat in enumerate(_PATTERNS):
        for m in pat.finditer(t):
            y = int(m["year"]) if m["year"] else year
            if y is None:
                continue
            mon = int(m["mon"]) if i == 0 else _month(m["mon"])
            add([_date(y, mon, int(m["day"]))], m.start(), m.end())
    for m in _NUMERIC.finditer(t):
        y = int(m["year"]) if len(m["year"]) == 4 else 2000 + int(m["year"])
        a, b = int(m["a"]), int(m["b"])
        # '.' is day-first everywhere it is used; '/' is day-first in most places and month-first in the US.
        readings = [_date(y, b, a)] + ([] if m["s"] == "." else [_date(y, a, b)])
        add(readings, m.start(), m.end())
    if year is not None:
        for m in _YEARLESS.finditer(t):
            a, b = int(m["a"]), int(m["b"])
            add([_date(year, b, a), _date(year, a, b)], m.start(), m.end())
    return sorted(out, key=lambda f: f.start)


def has_date(text: str | None, day: date, *, alone: bool = False) -> bool:
    """`text` names `day` in any usual form (its year assumed where not written); with `alone`, not hedged
    against another date."""
    return gives(text, day, lambda t: dates_found(t, day.year), alone=alone)


def weekdays_found(text: str | None) -> list[Found]:
    """Weekday names and abbreviations, as 0 (Monday) to 6 (Sunday)."""
    out = []
    for m in _WEEKDAY.finditer(text or ""):
        out.append(Found((next(i for i, w in enumerate(_WEEKDAYS) if w.startswith(m[1].lower()[:3])),),
                         m.start(), m.end()))
    return out


def has_weekday(text: str | None, weekday: int, *, alone: bool = False) -> bool:
    return gives(text, weekday, weekdays_found, alone=alone)


_TIME = re.compile(
    r"(?<![\d:.,])(?P<h>[0-2]?\d)(?:(?P<sep>[:.h])(?P<m>[0-5]\d))?"
    r"(?:\s*(?P<ampm>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])|(?P<hrs>\s*(?:h|hrs|uhr)\b)|(?P<oclock>\s*o'?clock))?",
    re.IGNORECASE)
_NAMED = {"noon": time(12), "midday": time(12), "midnight": time(0)}


def times_found(text: str | None) -> list[Found]:
    """Times of day: '10am', '10 a.m.', '2:30 pm', '14:30', '14.30h', '14h', '10 o'clock', 'noon'. A bare
    number is not a time, nor is '10.5'."""
    t = text or ""
    out = []
    for m in _TIME.finditer(t):
        h, mins, ampm = int(m["h"]), int(m["m"] or 0), (m["ampm"] or "").lower().replace(".", "").replace(" ", "")
        if m["sep"] is None and not (ampm or m["hrs"] or m["oclock"]):
            continue  # a bare number
        if m["sep"] == "." and not (ampm or m["hrs"]):
            continue  # '10.30' alone is a decimal more often than a time
        if ampm:
            if not 1 <= h <= 12:
                continue
            h = h % 12 + (12 if ampm == "pm" else 0)
        if h > 23:
            continue
        out.append(Found((time(h, mins),), m.start(), m.end()))
    for m in re.finditer(r"\b(noon|midday|midnight)\b", t, re.IGNORECASE):
        out.append(Found((_NAMED[m[1].lower()],), m.start(), m.end()))
    return sorted(out, key=lambda f: f.start)


def has_time(text: str | None, at: time, *, alone: bool = False) -> bool:
    """`text` gives the time of day `at` in any usual form; with `alone`, not hedged against another time."""
    return gives(text, at, times_found, alone=alone)
