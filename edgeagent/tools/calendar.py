"""Calendar tools over the workspace's .ics files (icalendar); recurring events are expanded with dateutil."""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

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
        if bound.tzinfo is not None and self.at is not None:
            return ((self.at + (wall - self.start)) - bound).total_seconds()
        return (wall - bound.replace(tzinfo=None)).total_seconds()


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


def _wall(value: date | datetime) -> datetime:
    """Wall-clock time, naive: an event at 09:00 Berlin is at 09:00, as its attendees read it."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return datetime(value.year, value.month, value.day)


def _text(ev: Component, name: str) -> str:
    return " ".join(str(ev.get(name, "")).split())


def _exdates(ev: Component) -> set[datetime]:
    raw = ev.get("EXDATE")
    lists = raw if isinstance(raw, list) else [raw] if raw is not None else []
    return {_wall(d.dt) for lst in lists for d in lst.dts}


def _aware(value: date | datetime) -> datetime | None:
    return value if isinstance(value, datetime) and value.tzinfo is not None else None


def _occurrences(ev: Component, file: str, moved: set[tuple[str, datetime]], hi: datetime | None) -> list[Occurrence]:
    """The event itself, or each occurrence of a recurring one that starts before `hi`."""
    start_v = ev.decoded("DTSTART")
    all_day = not isinstance(start_v, datetime)
    if "DTEND" in ev:
        length = _wall(ev.decoded("DTEND")) - _wall(start_v)
    elif "DURATION" in ev:
        length = ev.decoded("DURATION")
    else:
        length = timedelta(days=1) if all_day else timedelta()
    zone = "" if all_day or start_v.tzinfo is None else str(getattr(start_v.tzinfo, "key", start_v.tzinfo))
    uid = _text(ev, "UID")
    base = Occurrence(_wall(start_v), _wall(start_v) + length, all_day, zone, _text(ev, "SUMMARY") or "(no title)",
                      _text(ev, "LOCATION"), uid, file, at=_aware(start_v))
    if "RRULE" not in ev or "RECURRENCE-ID" in ev:
        return [base]
    rule = ev["RRULE"].to_ical().decode()  # type: ignore[union-attr]  # a vRecur: icalendar types to_ical() as bytes | str
    first = start_v if isinstance(start_v, datetime) else _wall(start_v)
    try:
        starts = rrulestr(rule, dtstart=first, ignoretz=first.tzinfo is None)
    except (ValueError, TypeError) as e:
        return [Occurrence(**{**base.__dict__, "repeats": f"repeats ({rule}; could not be expanded: {e})"})]
    skip = _exdates(ev) | {when for u, when in moved if u == uid}
    freq = rule.split("FREQ=", 1)[-1].split(";", 1)[0].lower()
    every = (Occurrence(**{**base.__dict__, "start": _wall(s), "end": _wall(s) + length, "at": _aware(s),
                           "repeats": f"repeats {freq}"}) for s in itertools.islice(starts, _RRULE_STEPS))
    return [o for o in itertools.takewhile(lambda o: hi is None or o.starts_before(hi), every) if o.start not in skip]


def _events(ctx: ToolContext, hi: datetime | None = None) -> tuple[list[Occurrence], list[str], int]:
    got, skipped = read_each(ctx, find_files(ctx, (".ics",)))
    out: list[Occurrence] = []
    for rel, data in got:
        try:
            events = [ev for cal in Calendar.from_ical(data, multiple=True) for ev in cal.walk("VEVENT")]
            moved = {(_text(ev, "UID"), _wall(ev.decoded("RECURRENCE-ID"))) for ev in events if "RECURRENCE-ID" in ev}
            for ev in events:
                if "DTSTART" in ev:
                    out += _occurrences(ev, rel, moved, hi)
        except (ValueError, KeyError, TypeError) as e:
            skipped.append(f"{rel}: not a readable calendar ({e})")
    return out, skipped, len(got)


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
    every, skipped, files = _events(ctx, hi)
    if not files:
        raise ToolError(f"the workspace holds no calendar (.ics) files{skipped_note(skipped)}")
    found: list[Occurrence] = []
    for key, group in itertools.groupby(every, key=lambda o: (o.file, o.uid, o.repeats)):
        hits = [o for o in group if _overlaps(o, lo, hi)]
        found += hits[:MAX_OCCURRENCES]
        if len(hits) > MAX_OCCURRENCES:
            skipped.append(f"{key[1] or 'an event'} repeats more than {MAX_OCCURRENCES} times in this range; "
                           "give a narrower range to see the rest")
    found.sort(key=lambda o: (o.start, o.title))
    if not found:
        return f"no events {_range_words(start, end)} ({len(every)} events in {files} calendar file(s))" + \
            skipped_note(skipped)
    more = f"\n[{len(found) - MAX_EVENTS} more not shown; give a narrower range]" if len(found) > MAX_EVENTS else ""
    head = f"{len(found)} event{'s' if len(found) != 1 else ''} {_range_words(start, end)}:\n"
    return head + "\n".join(_line(o) for o in found[:MAX_EVENTS]) + more + skipped_note(skipped)


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
    clashes = [o for o in _events(ctx, hi)[0] if _overlaps(o, lo, hi) and not o.uid.startswith(digest)]
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
