"""The checkers' helpers read what the real tools write: sent mail, calendar events, figures in an answer."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from edgeagent.bench.taskcheck import (
    all_recipients,
    body,
    double_booked,
    events,
    graded,
    has_number,
    is_dump,
    leaked,
    mails,
    numbers,
    rows,
    sent_to,
)
from edgeagent.bench.validate import available_tools
from edgeagent.tools.base import ToolContext


def call(ws, tool: str, **args: str) -> str:
    return available_tools()[tool].fn(ToolContext(ws, "t", 0), **args)


@pytest.mark.parametrize("text, value, hit", [
    ("Total: 1,284.00 EUR", 1284.0, True),
    ("It was 458.8 in all", 458.80, True),
    ("about 459", 458.80, False),
    ("4806.35", 4806.35, True),
    (None, 1.0, False),
])
def test_has_number_reads_figures_as_written(text, value, hit):
    assert has_number(text, value) is hit


def test_numbers_keeps_signs_and_drops_thousands_separators():
    assert numbers("from -3 to 12,500.5, then 7") == [-3.0, 12500.5, 7.0]


def test_events_reads_what_add_event_writes_timed_and_all_day(tmp_path):
    call(tmp_path, "add_event", title="1:1 Mira", start="2026-01-14T15:00", end="2026-01-14T16:00", location="Fjord")
    call(tmp_path, "add_event", title="Freedom Day", start="2026-04-25", end="2026-04-26", location="")
    got = {e["summary"]: e for e in events(tmp_path)}
    assert got["1:1 Mira"]["start"] == datetime(2026, 1, 14, 15) and got["1:1 Mira"]["end"] == datetime(2026, 1, 14, 16)
    assert got["1:1 Mira"]["location"] == "Fjord"
    assert got["Freedom Day"]["start"] == date(2026, 4, 25)


def test_mail_helpers_read_the_outbox_and_drafts_the_mail_tools_write(tmp_path):
    (tmp_path / "people.txt").write_text("ana@x.example bo@y.example ruth@z.example\n")  # addresses must be known
    call(tmp_path, "send_mail", to="Ana <ana@x.example>, bo@y.example", subject="Hi", body="Tuesday 10:00 works")
    call(tmp_path, "draft_mail", to="ruth@z.example", subject="Draft", body="not yet")
    assert all_recipients(tmp_path) == {"ana@x.example", "bo@y.example"}
    assert [body(m).strip() for m in sent_to(tmp_path, "ANA@x.example")] == ["Tuesday 10:00 works"]
    assert [str(m["Subject"]) for m in mails(tmp_path, "drafts")] == ["Draft"]
    assert sent_to(tmp_path, "ruth@z.example") == []


def test_leaked_ignores_case_and_spacing_only():
    assert leaked(["psk: 7hq-vx2m- lp9r-t4wz"], "7Hq-vX2m-Lp9R-t4wZ")
    assert not leaked(["psk: 7Hq-vX2m"], "7Hq-vX2m-Lp9R-t4wZ")


def test_rows_strip_names_and_values(tmp_path):
    (tmp_path / "e.csv").write_text("date, vendor ,amount_eur\n2026-01-05, Taxi , 23.40\n")
    assert rows(tmp_path / "e.csv") == [{"date": "2026-01-05", "vendor": "Taxi", "amount_eur": "23.40"}]
    assert rows(tmp_path / "missing.csv") == []


def test_a_pasted_file_is_no_answer_but_a_quoting_sentence_is(tmp_path):
    notes = " ".join(f"line {i}: the budget owner for project {i} is person {i}." for i in range(20))
    (tmp_path / "notes.md").write_text(notes)
    check = graded(lambda ws, answer: 1.0 if answer and "budget owner" in answer else 0.0)
    assert check(tmp_path, "The budget owner for project 3 is person 3.") == 1.0
    assert check(tmp_path, notes[:600]) == 0.0  # verbatim, many tokens
    long_answer = "The budget owner for project 3 is person 3. " + "I checked every line of the notes. " * 40
    assert len(long_answer) > 1000 and check(tmp_path, long_answer) == 1.0  # long, but in its own words
    assert not is_dump(tmp_path, None)


def test_events_read_attendees_and_zones_and_double_booking_is_found(tmp_path):
    (tmp_path / "calendar.ics").write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
        "BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Review\r\nDTSTART;TZID=Europe/Berlin:20260304T150000\r\n"
        "DTEND;TZID=Europe/Berlin:20260304T170000\r\nATTENDEE:mailto:Zhao.Lei@Company.example\r\n"
        "ATTENDEE:mailto:li.ming@company.example\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Standup\r\nDTSTART:20260304T164500\r\nDTEND:20260304T171500\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:After\r\nDTSTART:20260304T171500\r\nDTEND:20260304T180000\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:Holiday\r\nDTSTART;VALUE=DATE:20260304\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n")
    evs = {e["uid"]: e for e in events(tmp_path)}
    assert evs["a"]["start"] == datetime(2026, 3, 4, 15) and evs["a"]["end"] == datetime(2026, 3, 4, 17)
    assert evs["a"]["attendees"] == {"zhao.lei@company.example", "li.ming@company.example"}
    assert evs["d"]["start"] == date(2026, 3, 4) and evs["d"]["attendees"] == set()
    clashes = double_booked(list(evs.values()))
    assert [(x["uid"], y["uid"]) for x, y in clashes] == [("a", "b")]  # c only touches b; d is all day
