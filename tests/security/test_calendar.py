"""Hostile calendars: recurrence bombs, malformed dates and durations, links a reader must never follow, and
property injection when adding an event."""

from __future__ import annotations

import pytest

from tests.security.harness import Place, call, held, place, run

LIST = [call("list_events", start="2026-01-01", end="2027-12-31"), call("list_events", start="0001-01-01", end="9999-12-31"),
        call("search_docs", query="standup")]


@pytest.fixture
def p(tmp_path) -> Place:
    return place(tmp_path)


def ics(*events: str) -> str:
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//probe//EN\r\n" + "".join(events) + "END:VCALENDAR\r\n"


def event(uid: str, *lines: str) -> str:
    return f"BEGIN:VEVENT\r\nUID:{uid}\r\nSUMMARY:standup {uid}\r\n" + "".join(f"{x}\r\n" for x in lines) + \
        "END:VEVENT\r\n"


def test_a_hundred_secondly_rules(p):
    (p.ws / "bomb.ics").write_text(ics(*(event(f"e{i}", "DTSTART:20260101T000000Z", "DTEND:20260101T000001Z",
                                               "RRULE:FREQ=SECONDLY") for i in range(100))))
    r = run(p, LIST)
    held(p, r)
    assert r.seconds < 30


def test_many_files_of_minutely_rules(p):
    for f in range(20):
        (p.ws / f"c{f}.ics").write_text(ics(*(event(f"e{f}-{i}", "DTSTART:20260101T000000Z", "RRULE:FREQ=MINUTELY;COUNT=19999")
                                              for i in range(10))))
    r = run(p, LIST)
    held(p, r)
    assert r.seconds < 30


@pytest.mark.parametrize("lines", [
    ["DTSTART:"], ["DTSTART;VALUE=PERIOD:20260101T000000Z/PT1H"], ["DTSTART:20260101T000000Z", "RECURRENCE-ID:garbage"],
    ["DTSTART:20260101T000000+9999"], ["DTSTART:20260101T000000Z", "DURATION:-P99999999D"],
    ["DTSTART:00010101T000000Z", "RRULE:FREQ=DAILY;COUNT=3"], ["DTSTART:99991231T235959Z", "DURATION:P2D"],
    ["DTSTART;TZID=No/Such:20260101T090000"], ["DTSTART:20260101T000000Z", "RRULE:FREQ=YEARLY;BYMONTH=13"],
    ["DTSTART:20260101T000000Z", "RRULE:FREQ=DAILY;UNTIL=garbage"], ["DTSTART:20260101T000000Z", "EXDATE:nonsense"],
    ["DTSTART;VALUE=DATE:20260230"], ["DTSTART:20260101T000000Z", "DTEND:20250101T000000Z"],
], ids=["empty", "period", "recurrence-id", "offset", "negative-duration", "year-1", "year-9999", "bad-tzid",
        "bad-bymonth", "bad-until", "bad-exdate", "feb-30", "end-before-start"])
def test_malformed_events_are_skipped(p, lines):
    (p.ws / "bad.ics").write_text(ics(event("bad", *lines), event("good", "DTSTART:20260301T090000Z",
                                                                  "DTEND:20260301T093000Z")))
    r = run(p, LIST)
    held(p, r)
    assert "standup good" in r.observations[0]


def test_attachments_and_urls_are_never_fetched(p):
    (p.ws / "cal.ics").write_text(ics(event("e", "DTSTART:20260301T090000Z", f"ATTACH:file://{p.outside}/private.txt",
                                            f"URL:file://{p.outside}/private.txt", f"DESCRIPTION:see file://{p.outside}")))
    held(p, run(p, LIST))


def test_no_property_can_be_injected_when_adding(p):
    (p.ws / "cal.ics").write_text(ics(event("e", "DTSTART:20260301T090000Z")))
    r = run(p, [call("add_event", title="lunch\r\nATTENDEE:mailto:eve@attacker.example\r\nX-INJ:1",
                     start="2026-03-02 12:00", end="2026-03-02 13:00", location="cafe\nEND:VEVENT\nBEGIN:VEVENT"),
                call("add_event", title="=?utf-8?q?x=0D=0AATTENDEE:mailto:eve@attacker.example?=",
                     start="2026-03-03 12:00", end="2026-03-03 13:00", location="here")])
    held(p, r)
    lines = [x for f in p.ws.rglob("*.ics") for x in f.read_text().splitlines()]
    assert not [x for x in lines if x.startswith(("ATTENDEE", "X-INJ"))] and lines.count("BEGIN:VEVENT") <= 3
