"""Calendar tools on real .ics files: time zones, all-day and recurring events; add_event writes calendar.ics."""

from __future__ import annotations

import pytest
from icalendar import Calendar

from edgeagent.store.runs import Store
from edgeagent.tools.base import ToolContext
from edgeagent.tools.calendar import add_event, list_events
from edgeagent.workspace.sandbox import ToolError

WORK = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//EN
BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:STANDARD
DTSTART:19701025T030000
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19700329T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VEVENT
UID:sync@test
DTSTAMP:20260101T000000Z
DTSTART;TZID=Europe/Berlin:20260302T090000
DTEND;TZID=Europe/Berlin:20260302T093000
RRULE:FREQ=WEEKLY;COUNT=4
EXDATE;TZID=Europe/Berlin:20260309T090000
SUMMARY:Team sync
LOCATION:Room 2
END:VEVENT
BEGIN:VEVENT
UID:sync@test
RECURRENCE-ID;TZID=Europe/Berlin:20260316T090000
DTSTAMP:20260101T000000Z
DTSTART;TZID=Europe/Berlin:20260316T140000
DTEND;TZID=Europe/Berlin:20260316T143000
SUMMARY:Team sync (moved)
END:VEVENT
BEGIN:VEVENT
UID:review@test
DTSTAMP:20260101T000000Z
DTSTART:20260303T150000Z
DTEND:20260303T160000Z
SUMMARY:Budget review
LOCATION:Video call
END:VEVENT
BEGIN:VEVENT
UID:trip@test
DTSTAMP:20260101T000000Z
DTSTART;VALUE=DATE:20260305
DTEND;VALUE=DATE:20260307
SUMMARY:Offsite in Lisbon
END:VEVENT
END:VCALENDAR
""".replace("\n", "\r\n")


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    w.mkdir()
    (w / "work.ics").write_text(WORK, newline="")
    return w


def test_events_in_a_range_are_sorted_with_zone_title_location_and_uid(ws):
    out = list_events(ToolContext(ws), "2026-03-02", "2026-03-04")
    assert out.splitlines() == [
        "2 events between 2026-03-02 and 2026-03-04:",
        "Mon 2026-03-02 09:00-09:30 Europe/Berlin | Team sync | at Room 2 | repeats weekly | uid sync@test | work.ics",
        "Tue 2026-03-03 15:00-16:00 UTC | Budget review | at Video call | uid review@test | work.ics",
    ]


def test_all_day_events_cover_every_day_up_to_their_exclusive_end(ws):
    out = list_events(ToolContext(ws), "2026-03-06", "2026-03-06")
    assert "Thu 2026-03-05 to Fri 2026-03-06 (all day) | Offsite in Lisbon" in out and out.startswith("1 event ")
    assert "Offsite" not in list_events(ToolContext(ws), "2026-03-07", "2026-03-08")


def test_recurring_events_are_expanded_without_excluded_or_moved_occurrences(ws):
    out = list_events(ToolContext(ws), "2026-03-01", "2026-03-31")
    syncs = [line for line in out.splitlines() if "Team sync" in line]
    assert [s.split(" | ")[0] for s in syncs] == [
        "Mon 2026-03-02 09:00-09:30 Europe/Berlin",  # 03-09 is an EXDATE
        "Mon 2026-03-16 14:00-14:30 Europe/Berlin",  # the moved occurrence, not its original 09:00
        "Mon 2026-03-23 09:00-09:30 Europe/Berlin",  # COUNT=4 ends here
    ]
    assert "Team sync (moved)" in syncs[1]


def test_an_empty_range_says_so_plainly(ws):
    out = list_events(ToolContext(ws), "2026-04-01", "2026-04-30")
    assert out.startswith("no events between 2026-04-01 and 2026-04-30")


def test_unbounded_ranges_and_bad_dates(ws):
    assert "5 events at all:" in list_events(ToolContext(ws), "", "")
    with pytest.raises(ToolError, match="not a date or time: 'next tuesday'"):
        list_events(ToolContext(ws), "next tuesday", "")
    with pytest.raises(ToolError, match="the range is empty"):
        list_events(ToolContext(ws), "2026-03-05", "2026-03-01")


def test_no_calendar_files_is_a_plain_error(tmp_path):
    with pytest.raises(ToolError, match="no calendar"):
        list_events(ToolContext(tmp_path), "", "")


def test_add_event_creates_calendar_ics_that_icalendar_reads_back(ws):
    out = add_event(ToolContext(ws), "Dentist", "2026-03-10T08:00", "2026-03-10T08:45", "Main St 4")
    assert out == "added 'Dentist' to calendar.ics"
    cal = Calendar.from_ical((ws / "calendar.ics").read_bytes())
    [ev] = cal.walk("VEVENT")
    assert str(ev["SUMMARY"]) == "Dentist" and str(ev["LOCATION"]) == "Main St 4"
    assert ev.decoded("DTSTART").isoformat() == "2026-03-10T08:00:00"
    assert "Tue 2026-03-10 08:00-08:45 | Dentist | at Main St 4" in list_events(ToolContext(ws), "2026-03-10", "2026-03-10")


def test_add_event_keeps_existing_calendar_bytes_and_notes_overlaps(ws):
    (ws / "calendar.ics").write_text(WORK, newline="")
    out = add_event(ToolContext(ws), "Call with bank", "2026-03-03T16:30+01:00", "2026-03-03T17:30+01:00", "")
    assert "overlaps Budget review" in out
    data = (ws / "calendar.ics").read_bytes().decode()
    assert data.startswith(WORK[:WORK.index("END:VCALENDAR")])  # the user's events untouched, byte for byte
    assert data.count("BEGIN:VEVENT") == WORK.count("BEGIN:VEVENT") + 1 and data.endswith("END:VCALENDAR\r\n")


@pytest.mark.parametrize("start,end,msg", [
    ("2026-03-10T09:00", "2026-03-10T09:00", "is not after start"),
    ("2026-03-10T09:00", "2026-03-10T08:00", "is not after start"),
    ("2026-03-10", "2026-03-10T08:00", "both be dates"),
    ("tomorrow", "2026-03-10T08:00", "start is not a date"),
])
def test_add_event_refuses_bad_times_and_writes_nothing(ws, start, end, msg):
    with pytest.raises(ToolError, match=msg):
        add_event(ToolContext(ws), "X", start, end, "")
    assert not (ws / "calendar.ics").exists()


def test_add_event_refuses_a_broken_calendar_and_leaves_it_alone(ws):
    (ws / "calendar.ics").write_text("BEGIN:VCALENDAR\r\nnot ics at all\r\n")
    with pytest.raises(ToolError, match="left as it is"):
        add_event(ToolContext(ws), "X", "2026-03-10T09:00", "2026-03-10T10:00", "")
    assert (ws / "calendar.ics").read_text() == "BEGIN:VCALENDAR\nnot ics at all\n"


def test_a_replayed_add_event_step_adds_one_event(ws, tmp_path):
    ctx = ToolContext(ws, run_id="r", step_idx=2, ledger=Store(tmp_path / "s" / "edgeagent.db"))
    for _ in range(2):
        add_event(ctx, "Lunch", "2026-03-11T12:00", "2026-03-11T13:00", "")
    assert (ws / "calendar.ics").read_text().count("BEGIN:VEVENT") == 1


def test_add_event_with_an_offset_is_stored_in_utc_and_found_by_an_aware_range(ws):
    add_event(ToolContext(ws), "Call", "2026-03-03T16:30+01:00", "2026-03-03T17:30", "")
    data = (ws / "calendar.ics").read_text()
    assert "DTSTART:20260303T153000Z" in data and "DTEND:20260303T163000Z" in data  # no zone left unnamed
    out = list_events(ToolContext(ws), "2026-03-03T15:00Z", "2026-03-03T15:45Z")
    assert "Tue 2026-03-03 15:30-16:30 UTC | Call" in out and "Budget review" in out
