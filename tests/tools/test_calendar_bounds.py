"""Hostile .ics files (issue 27, items 10 and 14): 100 FREQ=SECONDLY events took 25 s and 0.8 GB; malformed
values raised AttributeError or OverflowError. Memory is measured in a child process: its own VmHWM at its end."""

from __future__ import annotations

import sys
import time

import pytest

from edgeagent.tools.base import ToolContext
from edgeagent.tools.calendar import list_events
from tests.tools.child_memory import MEMORY_CAP_KB, in_child, needs_proc


def _calendar(events: str) -> str:
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n{events}END:VCALENDAR\r\n"


def _event(uid: str, lines: str) -> str:
    return f"BEGIN:VEVENT\r\nUID:{uid}\r\nSUMMARY:{uid}\r\n{lines}END:VEVENT\r\n"


# Item 10: 100 FREQ=SECONDLY events (10 KB) took 25 s and 0.8 GB: 20,000 occurrences each, with no total.
@needs_proc
@pytest.mark.parametrize("start,end", [("", ""), ("2026-03-02", "2026-03-03")])
def test_100_secondly_events_are_expanded_within_a_total_bound(tmp_path, start, end):
    ticks = "".join(_event(f"tick{i}", "DTSTART:20260302T090000Z\r\nRRULE:FREQ=SECONDLY\r\n") for i in range(100))
    weekly = _event("standup", "DTSTART:20260302T080000Z\r\nDTEND:20260302T081500Z\r\nRRULE:FREQ=WEEKLY\r\n")
    (tmp_path / "cal.ics").write_text(_calendar(ticks + weekly))
    assert (tmp_path / "cal.ics").stat().st_size < 12_000
    got = in_child(tmp_path, f"""
        from edgeagent.tools.calendar import list_events
        outs["list"] = list_events(ctx, {start!r}, {end!r})
    """)
    assert got["hwm_kb"] < MEMORY_CAP_KB, got["hwm_kb"]
    assert got["seconds"] < 5, got["seconds"]
    out = got["outs"]["list"]
    assert "Mon 2026-03-02 08:00-08:15 UTC | standup" in out  # a plain weekly event after them is still listed
    assert "event(s) repeat more than 50 times in this range" in out and "tick0, tick1, tick2, and 9" in out


@needs_proc
def test_secondly_events_far_before_the_range_stop_at_the_total_bound_with_a_note(tmp_path):
    ticks = "".join(_event(f"tick{i}", "DTSTART:20260301T000000Z\r\nRRULE:FREQ=SECONDLY\r\n") for i in range(100))
    (tmp_path / "cal.ics").write_text(_calendar(ticks + _GOOD))
    got = in_child(tmp_path, """
        from edgeagent.tools.calendar import list_events
        outs["list"] = list_events(ctx, "2026-03-02", "2026-03-03")
    """)
    assert got["hwm_kb"] < MEMORY_CAP_KB, got["hwm_kb"]
    assert got["seconds"] < 5, got["seconds"]
    out = got["outs"]["list"]
    assert "good" in out and "stopped expanding recurring events" in out
    assert "only the first 1000 repetitions of " in out  # of 99 events, or fewer when the 2 s stopped them first


def test_rules_no_day_satisfies_are_stopped_in_time(tmp_path):
    # dateutil searches up to year 9999 inside one step for February 30th: 12 s per event.
    never = "".join(_event(f"never{i}", "DTSTART:20260101T000000Z\r\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\n")
                    for i in range(5))
    (tmp_path / "cal.ics").write_text(_calendar(never + _GOOD))
    tracing, t0 = sys.gettrace(), time.monotonic()
    out = list_events(ToolContext(tmp_path), "2026-03-01", "2026-03-05")
    assert time.monotonic() - t0 < 5
    assert "good" in out and "stopped expanding recurring events" in out
    assert sys.gettrace() is tracing  # the deadline's trace function is gone again


def test_an_event_repeating_forever_stops_at_a_horizon_without_an_end(tmp_path):
    (tmp_path / "cal.ics").write_text(_calendar(_event("daily", "DTSTART:20260302T090000Z\r\nRRULE:FREQ=DAILY\r\n")))
    out = list_events(ToolContext(tmp_path), "2026-03-02", "")
    assert "Mon 2026-03-02 09:00" in out and "daily" in out


# Item 14: malformed values raised AttributeError or OverflowError out of list_events.
_GOOD = _event("good", "DTSTART:20260302T090000Z\r\nDTEND:20260302T093000Z\r\n")


@pytest.mark.parametrize("lines", [
    "DTSTART:\r\n",
    "DTSTART;VALUE=PERIOD:20260302T100000Z/20260302T110000Z\r\n",
    "DTSTART:20260302T100000Z\r\nRECURRENCE-ID:garbage\r\n",
    "DTSTART:20260302T100000+9999\r\n",
    "DTSTART:20260302T100000Z\r\nDURATION:-P99999999D\r\n",
    "DTSTART;VALUE=DATE:00010101\r\nDURATION:-P1D\r\n",
    "DTSTART;VALUE=DATE:99991231\r\n",
    "DTSTART:99991231T235959Z\r\nDTEND:99991231T235959Z\r\nRRULE:FREQ=SECONDLY\r\n",
    "DTSTART:00010101T000000\r\nDTEND:00010101T010000\r\nRRULE:FREQ=YEARLY;INTERVAL=-1\r\n",
    "DTSTART:20260302T100000Z\r\nDTEND:garbage\r\n",
    "DTSTART:20260302T100000Z\r\nEXDATE:garbage\r\nRRULE:FREQ=DAILY\r\n",
    "DTSTART;TZID=No/Such:20260302T100000\r\n",
    "DTSTART:20260302T100000Z\r\nRRULE:FREQ=YEARLY;BYMONTH=13\r\n",
    "DTSTART:20260302T100000Z\r\nRRULE:FREQ=DAILY;UNTIL=garbage\r\n",
    "DTSTART;VALUE=DATE:20260230\r\n",
    "DTSTART:20260302T100000Z\r\nDTEND:20250101T000000Z\r\n",
    "DTSTART:99991231T235959Z\r\nDURATION:P2D\r\n",
], ids=["empty", "period", "recurrence-id", "offset", "duration", "year1", "year9999", "year9999-rrule",
        "year1-rrule", "dtend", "exdate", "tzid", "bymonth", "until", "feb30", "end-before-start", "year9999-duration"])
@pytest.mark.parametrize("start,end", [("", ""), ("2026-03-01", "2026-03-05")])
def test_a_malformed_event_is_skipped_with_a_note_and_the_rest_listed(tmp_path, lines, start, end):
    (tmp_path / "cal.ics").write_text(_calendar(_event("bad", lines) + _GOOD))
    out = list_events(ToolContext(tmp_path), start, end)
    assert "Mon 2026-03-02 09:00-09:30 UTC | good" in out


def test_the_note_names_the_skipped_event(tmp_path):
    (tmp_path / "cal.ics").write_text(_calendar(_event("bad", "DTSTART;VALUE=PERIOD:20260302T100000Z/PT1H\r\n")
                                                + _GOOD))
    out = list_events(ToolContext(tmp_path), "", "")
    assert "good" in out and "[events skipped: cal.ics: bad (DTSTART is not a date or time)]" in out
