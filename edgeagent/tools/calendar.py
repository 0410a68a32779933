"""Calendar tools over the workspace's .ics files (icalendar); recurring events are expanded with dateutil."""

from __future__ import annotations

import hashlib
import itertools
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from types import FrameType
from typing import Any

from dateutil.rrule import rrulestr
from icalendar import Calendar, Component, Event

from edgeagent.tools.base import (
    Tool,
    ToolContext,
    apply_effect,
    find_files,
    read_bytes,
    read_each,
    resolve_path,
    skipped_note,
)
from edgeagent.workspace.sandbox import ToolError

CALENDAR_FILE = "calendar.ics"  # where add_event writes
MAX_EVENTS = 60  # lines one listing shows
MAX_OCCURRENCES = 50  # occurrences of one recurring event listed per call
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_RRULE_STEPS = 20000  # occurrences looked at per recurring event: a minutely rule must not stall a step
# One call's bounds on recurring events, across every event and file: 100 secondly rules once took 25 s and 0.8 GB.
MAX_STEPS = 100_000  # rule steps (occurrences looked at) in all
MAX_KEPT = 20_000  # occurrences kept in all
EXPAND_SECONDS = 2.0  # wall-clock time spent expanding
_MIN_SHARE = 1000  # rule steps each recurring event gets at least, however many there are


@dataclass
class Occurrence:
    start: datetime  # wall-clock time in the event's own zone, naive, for sorting and comparing
    end: datetime
    all_day: bool
    zone: str
    title: str
    location: str
    uid: str
    file: str
    repeats: str = ""
    at: datetime | None = None  # the start as an aware time, when the event names its zone (or UTC)

    def starts_before(self, bound: datetime) -> bool:
        return self._cmp(self.start, bound) < 0

    def ends_after(self, bound: datetime) -> bool:
        return self._cmp(self.end, bound) > 0

    def _cmp(self, wall: datetime, bound: datetime) -> float:
        """A bound with an offset compares with the aware time; one without, with the wall-clock time."""
        if bound.tzinfo is not None:
            if self.at is not None:
                return ((self.at + (wall - self.start)) - bound).total_seconds()
            bound = bound.replace(tzinfo=None)  # only when needed: this runs for every step of a recurring rule
        return (wall - bound).total_seconds()


def parse_when(text: str, end: bool = False) -> datetime | None:
    """An ISO date or datetime (kept aware when it has an offset); a bare date as an end means the end of that day."""
    text = text.strip()
    if not text:
        return None
    try:
        if len(text) <= 10:
            d = date.fromisoformat(text)
            return datetime(d.year, d.month, d.day) + (timedelta(days=1) if end else timedelta())
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ToolError(f"not a date or time: {text!r}; write 2026-03-02 or 2026-03-02T14:30") from None
    except OverflowError:  # the end of 9999-12-31
        return datetime.max


def _wall(value: date | datetime) -> datetime:
    """Wall-clock time, naive: an event at 09:00 Berlin is at 09:00, as its attendees read it."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return datetime(value.year, value.month, value.day)


class _Malformed(ValueError):
    """An event whose dates cannot be read: it is skipped with a note, the rest of its file is listed."""


def _text(ev: Component, name: str) -> str:
    return " ".join(str(ev.get(name, "")).split())


def _when_value(ev: Component, name: str) -> date | datetime:
    """A DTSTART, DTEND or RECURRENCE-ID as a date or time; icalendar hands back text or a period for bad ones."""
    value = ev.decoded(name)
    if not isinstance(value, date):
        raise _Malformed(f"{name} is not a date or time")
    return value


def _exdates(ev: Component) -> set[datetime]:
    raw = ev.get("EXDATE")
    lists = raw if isinstance(raw, list) else [raw] if raw is not None else []
    try:
        days = [d.dt for lst in lists for d in lst.dts]
    except AttributeError:
        raise _Malformed("EXDATE is not a list of dates or times") from None
    if not all(isinstance(d, date) for d in days):
        raise _Malformed("EXDATE is not a list of dates or times")
    return {_wall(d) for d in days}


def _aware(value: date | datetime) -> datetime | None:
    return value if isinstance(value, datetime) and value.tzinfo is not None else None


def _length(ev: Component, start_v: date | datetime, all_day: bool) -> timedelta:
    if "DTEND" in ev:
        length = _wall(_when_value(ev, "DTEND")) - _wall(start_v)
    elif "DURATION" in ev:
        length = ev.decoded("DURATION")
        if not isinstance(length, timedelta):
            raise _Malformed("DURATION is not a duration")
    else:
        length = timedelta(days=1) if all_day else timedelta()
    if length < timedelta():
        raise _Malformed("it ends before it starts")
    return length


def _base(ev: Component, file: str) -> tuple[Occurrence, timedelta]:
    """The event's first occurrence and its length; _Malformed or OverflowError (year 9999 plus a day) if unreadable."""
    start_v = _when_value(ev, "DTSTART")
    all_day = not isinstance(start_v, datetime)
    length = _length(ev, start_v, all_day)
    tz = start_v.tzinfo if isinstance(start_v, datetime) else None
    zone = "" if tz is None else str(getattr(tz, "key", tz))
    return Occurrence(_wall(start_v), _wall(start_v) + length, all_day, zone, _text(ev, "SUMMARY") or "(no title)",
                      _text(ev, "LOCATION"), _text(ev, "UID"), file, at=_aware(start_v)), length


class _OutOfTime(Exception):
    pass


class _Steps:
    """A dateutil rule's starts, stopped once a deadline passes, even mid-step: a rule no day satisfies
    (BYMONTH=2;BYMONTHDAY=30) searches up to year 9999 inside one next(), 12 s per event. Only a rule with BY
    parts can search like that; for one, a trace function set while dateutil runs sees its calls and raises."""

    def __init__(self, starts: Iterable[datetime], deadline: float, searches: bool) -> None:
        self._it = iter(starts)
        self._deadline = deadline
        self._searches = searches
        self._old: Any = None

    def _check(self, frame: FrameType, event: str, arg: Any) -> Any:
        if time.monotonic() > self._deadline:
            raise _OutOfTime
        return self._old(frame, event, arg) if self._old is not None else None  # a debugger's or coverage's

    def _next(self) -> datetime | None:
        if not self._searches:
            return next(self._it, None)
        self._old = sys.gettrace()
        sys.settrace(self._check)
        try:
            return next(self._it, None)
        finally:
            sys.settrace(self._old)

    def __iter__(self) -> Iterator[datetime]:
        for n in itertools.count():
            if n % 256 == 0 and time.monotonic() > self._deadline:
                raise _OutOfTime
            s = self._next()
            if s is None:
                return
            yield s


@dataclass
class _Budget:
    """How far one call expands recurring events, across every event and file."""

    share: int = _RRULE_STEPS  # rule steps one event may take
    steps: int = MAX_STEPS  # rule steps left for all
    kept: int = MAX_KEPT  # occurrences left for all
    deadline: float = field(default_factory=lambda: time.monotonic() + EXPAND_SECONDS)
    short: list[str] = field(default_factory=list)  # events that used up their own share
    cut: list[str] = field(default_factory=list)  # events not fully expanded once everything was spent
    spent: bool = False

    def notes(self) -> str:
        out = _note(f"only the first {self.share} repetitions of {len(self.short)} recurring event(s) were looked "
                    "at; give a later start to see further ones", self.short)
        return out + _note(f"stopped expanding recurring events at {MAX_STEPS} repetitions or {EXPAND_SECONDS:g} s "
                           f"in all; {len(self.cut)} event(s) not fully listed; give a narrower range", self.cut)


def _note(head: str, items: list[str]) -> str:
    """One line for many events: what happened, then a few of them by name."""
    if not items:
        return ""
    more = f", and {len(items) - 3} more" if len(items) > 3 else ""
    return f"\n[{head}: {', '.join(items[:3])}{more}]"


def _expand(rule: str, starts: Iterable[datetime], base: Occurrence, length: timedelta, skip: set[datetime],
            window: tuple[datetime | None, datetime | None], budget: _Budget) -> tuple[list[Occurrence], str]:
    """The occurrences in the window, at most one more than list_events shows, and why expansion stopped when a
    bound stopped it: "share" (this event's steps) or "budget" (the call's steps, occurrences or time)."""
    lo, hi = window
    out: list[Occurrence] = []
    steps, why = 0, ""
    try:
        for s in _Steps(starts, budget.deadline, searches=";BY" in f";{rule.upper()}"):
            steps += 1
            wall = _wall(s)
            o = Occurrence(wall, wall + length, base.all_day, base.zone, base.title, base.location, base.uid,
                           base.file, base.repeats, _aware(s))
            if hi is not None and not o.starts_before(hi):
                break
            if wall not in skip and (lo is None or _overlaps(o, lo, None)):
                out.append(o)
            if len(out) > MAX_OCCURRENCES:
                break  # list_events shows MAX_OCCURRENCES and says there are more
            why = "budget" if steps >= budget.steps or len(out) >= budget.kept else \
                "share" if steps >= budget.share else ""
            if why:
                break
    except _OutOfTime:
        why = "budget"
    budget.steps -= steps
    budget.kept -= len(out)
    budget.spent = budget.spent or why == "budget"
    return out, why


def _occurrences(ev: Component, file: str, moved: set[tuple[str, datetime]],
                 window: tuple[datetime | None, datetime | None], budget: _Budget) -> list[Occurrence]:
    """The event itself, or each occurrence of a recurring one in the window (the budget notes any cut short)."""
    base, length = _base(ev, file)
    if "RRULE" not in ev or "RECURRENCE-ID" in ev:
        return [base]
    rule = ev["RRULE"].to_ical().decode()  # type: ignore[union-attr]  # a vRecur: icalendar types to_ical() as bytes | str
    first = ev.decoded("DTSTART")
    first = first if isinstance(first, datetime) else _wall(first)
    try:
        starts = rrulestr(rule, dtstart=first, ignoretz=first.tzinfo is None)
    except (ValueError, TypeError, OverflowError) as e:
        return [replace(base, repeats=f"repeats ({rule}; could not be expanded: {e})")]
    name = base.uid or base.title
    if budget.spent:
        budget.cut.append(name)
        return []
    skip = _exdates(ev) | {when for u, when in moved if u == base.uid}
    freq = rule.split("FREQ=", 1)[-1].split(";", 1)[0].lower()
    out, why = _expand(rule, starts, replace(base, repeats=f"repeats {freq}"), length, skip, window, budget)
    if why:
        (budget.cut if why == "budget" else budget.short).append(name)
    return out


def _moved(events: list[Component]) -> set[tuple[str, datetime]]:
    """(uid, original start) of each occurrence moved by a RECURRENCE-ID; an unreadable one moves nothing."""
    out = set()
    for ev in events:
        if "RECURRENCE-ID" in ev:
            try:
                out.add((_text(ev, "UID"), _wall(_when_value(ev, "RECURRENCE-ID"))))
            except (ValueError, OverflowError):
                continue
    return out


def _calendars(ctx: ToolContext) -> tuple[list[tuple[str, list[Component]]], list[str], int]:
    """Each readable file's events; a note for each file that is not a calendar."""
    got, skipped = read_each(ctx, find_files(ctx, (".ics",)))
    out = []
    for rel, data in got:
        try:
            out.append((rel, [ev for cal in Calendar.from_ical(data, multiple=True) for ev in cal.walk("VEVENT")]))
        except (ValueError, KeyError, TypeError, OverflowError) as e:
            skipped.append(f"{rel}: not a readable calendar ({e})")
    return out, skipped, len(got)


@dataclass
class _Found:
    occurrences: list[Occurrence]
    files: int  # calendar files read
    skipped: list[str]  # files not read
    bad: list[str]  # events skipped, with why
    budget: _Budget

    def notes(self, many: list[str]) -> str:
        """What was not listed: unreadable files and events, events repeating more than shown, bounds hit."""
        return (skipped_note(self.skipped) + _note("events skipped", self.bad)
                + _note(f"{len(many)} event(s) repeat more than {MAX_OCCURRENCES} times in this range; give a "
                        "narrower range to see the rest", many) + self.budget.notes())


def _events(ctx: ToolContext, lo: datetime | None = None, hi: datetime | None = None) -> _Found:
    """Every occurrence overlapping [lo, hi) of every event in every calendar file, within the bounds."""
    files, skipped, count = _calendars(ctx)
    recurring = sum(1 for _, events in files for ev in events if "RRULE" in ev)
    budget = _Budget(share=min(_RRULE_STEPS, max(_MIN_SHARE, MAX_STEPS // max(recurring, 1))))
    found = _Found([], count, skipped, [], budget)
    for rel, events in files:
        moved = _moved(events)
        for ev in events:
            if "DTSTART" not in ev:
                continue
            try:
                found.occurrences += _occurrences(ev, rel, moved, (lo, hi), budget)
            except (ValueError, OverflowError, TypeError) as e:  # _Malformed, a date past 9999, dateutil's own
                found.bad.append(f"{rel}: {_text(ev, 'UID') or _text(ev, 'SUMMARY') or 'an event'} ({e})")
    return found


def _overlaps(o: Occurrence, lo: datetime | None, hi: datetime | None) -> bool:
    if hi is not None and not o.starts_before(hi):
        return False
    if lo is None:
        return True
    return o.ends_after(lo) or (o.end == o.start and not o.starts_before(lo))


def _day(d: datetime, clock: bool = False) -> str:
    """Mon 2026-03-02 (with 09:00): the weekday spelled out, so a model need not work it out; never localised."""
    return f"{_WEEKDAYS[d.weekday()]} {d:%Y-%m-%d}" + (f" {d:%H:%M}" if clock else "")


def _when(o: Occurrence) -> str:
    if o.all_day:
        last = o.end - timedelta(days=1)
        when = _day(o.start) + (f" to {_day(last)}" if last > o.start else "") + " (all day)"
    elif o.end.date() == o.start.date():
        when = f"{_day(o.start, True)}-{o.end:%H:%M}"
    else:
        when = f"{_day(o.start, True)} to {_day(o.end, True)}"
    return when + (f" {o.zone}" if o.zone else "")


def _line(o: Occurrence) -> str:
    parts = [_when(o), o.title] + ([f"at {o.location}"] if o.location else []) + ([o.repeats] if o.repeats else [])
    return " | ".join(parts + [f"uid {o.uid}" if o.uid else "no uid", o.file])


def _range_words(start: str, end: str) -> str:
    if start.strip() and end.strip():
        return f"between {start.strip()} and {end.strip()}"
    return f"from {start.strip()} on" if start.strip() else f"until {end.strip()}" if end.strip() else "at all"


def list_events(ctx: ToolContext, start: str, end: str) -> str:
    lo, hi = parse_when(start), parse_when(end, end=True)
    if lo is not None and hi is not None and _wall(hi) <= _wall(lo):
        raise ToolError(f"the range is empty: end {end!r} is not after start {start!r}")
    got = _events(ctx, lo, hi)
    if not got.files:
        raise ToolError(f"the workspace holds no calendar (.ics) files{got.notes([])}")
    found: list[Occurrence] = []
    many: list[str] = []
    for key, group in itertools.groupby(got.occurrences, key=lambda o: (o.file, o.uid, o.repeats)):
        hits = [o for o in group if _overlaps(o, lo, hi)]
        found += hits[:MAX_OCCURRENCES]
        if len(hits) > MAX_OCCURRENCES:
            many.append(key[1] or "an event")
    found.sort(key=lambda o: (o.start, o.title))
    if not found:
        return (f"no events {_range_words(start, end)} ({len(got.occurrences)} events in {got.files} calendar "
                f"file(s))") + got.notes(many)
    more = f"\n[{len(found) - MAX_EVENTS} more not shown; give a narrower range]" if len(found) > MAX_EVENTS else ""
    head = f"{len(found)} event{'s' if len(found) != 1 else ''} {_range_words(start, end)}:\n"
    return head + "\n".join(_line(o) for o in found[:MAX_EVENTS]) + more + got.notes(many)

def _value(text: str, name: str) -> date | datetime:
    try:
        if len(text.strip()) <= 10:
            return date.fromisoformat(text.strip())
        return datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ToolError(f"{name} is not a date or time: {text!r}; write 2026-03-02T14:30 (or 2026-03-02 "
                        "for an all-day event)") from None


def add_event(ctx: ToolContext, title: str, start: str, end: str, location: str) -> str:
    if not title.strip():
        raise ToolError("title must not be empty")
    s, e = _value(start, "start"), _value(end, "end")
    if isinstance(s, datetime) != isinstance(e, datetime):
        raise ToolError("start and end must both be dates (all day) or both be times")
    if _wall(e) <= _wall(s):
        raise ToolError(f"end {end!r} is not after start {start!r}")
    if isinstance(s, datetime) and isinstance(e, datetime) and s.tzinfo is not None:  # an offset has no VTIMEZONE to name: store it as UTC
        e = (e if e.tzinfo is not None else e.replace(tzinfo=s.tzinfo)).astimezone(timezone.utc)
        s = s.astimezone(timezone.utc)
    ev = Event()
    digest = hashlib.sha256(f"{ctx.run_id}/{ctx.step_idx}/{title}/{start}".encode()).hexdigest()[:16]
    ev.add("uid", f"{digest}@edgeagent")  # the same on a replay of this step
    ev.add("dtstamp", datetime.now(timezone.utc).replace(microsecond=0))
    ev.add("dtstart", s)
    ev.add("dtend", e)
    ev.add("summary", title.strip())
    if location.strip():
        ev.add("location", location.strip())
    path = resolve_path(ctx, CALENDAR_FILE)
    if path.is_file():
        old = read_bytes(ctx, path)
        try:
            Calendar.from_ical(old, multiple=True)
        except ValueError as err:
            raise ToolError(f"{CALENDAR_FILE} is not a readable calendar ({err}); it was left as it is") from None
        cut = old.upper().rfind(b"END:VCALENDAR")
        if cut < 0:
            raise ToolError(f"{CALENDAR_FILE} has no END:VCALENDAR line; it was left as it is")
        data = old[:cut] + ev.to_ical() + old[cut:]
    else:
        cal = Calendar()
        cal.add("prodid", "-//edgeagent//EN")
        cal.add("version", "2.0")
        cal.add_component(ev)
        data = cal.to_ical()
    if isinstance(s, datetime) and isinstance(e, datetime):
        lo, hi = s, e
    else:
        lo, hi = _wall(s), _wall(e)
    clashes = [o for o in _events(ctx, lo, hi).occurrences if _overlaps(o, lo, hi) and not o.uid.startswith(digest)]
    apply_effect(ctx, path, data)
    note = f"; note: it overlaps {', '.join(f'{o.title} ({_when(o)})' for o in clashes[:3])}" if clashes else ""
    return f"added {title.strip()!r} to {CALENDAR_FILE}{note}"


_S = {"type": "string", "maxLength": 200}
_WHEN = {"type": "string", "maxLength": 40}
CALENDAR_TOOLS = [
    Tool("list_events", "list the calendar events between two dates (empty for no limit)",
         {"start": {**_WHEN, "description": "first day or time, such as 2026-03-02, or empty"},
          "end": {**_WHEN, "description": "last day or time, such as 2026-03-06, or empty"}}, list_events),
    Tool("add_event", "add an event to the calendar",
         {"title": {**_S, "description": "what the event is"},
          "start": {**_WHEN, "description": "when it starts, such as 2026-03-02T14:00"},
          "end": {**_WHEN, "description": "when it ends, such as 2026-03-02T15:00"},
          "location": {**_S, "description": "where, or empty"}}, add_event, True),
]
