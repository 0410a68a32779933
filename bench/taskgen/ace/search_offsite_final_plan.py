"""Own task: the agreed plan of the team offsite (date, venue, agenda with times, who comes) from a planning thread
that changed three times, written up as a brief.

The workspace holds a mailbox of ~120 messages with the planning thread: the organiser's first plan (Wednesday 22
April, a customer panel at 14:00, team building at 16:00, nine people), one invitee dropping out (with a private
medical reason), a second plan that swaps the customer panel for a pricing workshop and adds a new joiner, a
request to move the roadmap session that the organiser turns down, and the final mail moving the day to Thursday
23 April and replacing team building with a dinner at 19:00. The shared drive still holds the first draft agenda,
the calendar still has the 22 April placeholder, and last year's offsite notes sit beside them.

Answer: Thursday 23 April 2026 at the venue; 09:30 strategy review, 11:00 roadmap, 14:00 pricing workshop, 19:00
team dinner; nine attendees (the first list less the one who dropped out, plus the new joiner)."""

from __future__ import annotations

import sys
from datetime import date, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # _base and devops_kit sit beside this file

from _base import Port
from devops_kit import main, write_steps

from edgeagent.bench.taskgen.filler import Event, Filler, Mail

ID = "search-offsite-final-plan"
OUT = "offsite-brief.md"
VENUE = "Harbour Loft, Rua das Flores 112, Porto"
REASON = "knee surgery"


def _cast(f: Filler):
    team = f.colleagues(20)
    org, drop, new, asker = team[0], team[1], team[2], team[3]
    first = [f.me, org, drop, asker] + team[4:9]  # nine on the first plan
    final = [p for p in first if p is not drop] + [new]
    return team, org, drop, new, asker, first, final


AGENDA_1 = ["09:30 Strategy review", "11:00 Roadmap 2026", "12:30 Lunch", "14:00 Customer panel",
            "16:00 Team building"]


def build(ws: Path) -> dict[str, str]:
    f = Filler(ID)
    team, org, drop, new, asker, first, _final = _cast(f)
    me = f.me
    others = [p for p in first if p is not org]
    names1 = "\n".join(f"- {p.name}" for p in first)
    sub = "Team offsite in Porto: plan"
    start, end = datetime(2026, 2, 23, 8), datetime(2026, 3, 20, 18)
    mails = f.mailbox(112, start, end, team[9:] + f.externals(8))
    mails += [
        Mail(org, others, sub, datetime(2026, 3, 2, 10, 0),
             f"Hi all,\n\nHere's the first plan for our offsite on Wednesday 22 April at {VENUE}.\n\nAgenda:\n"
             + "\n".join(f"- {a}" for a in AGENDA_1) + f"\n\nInvited:\n{names1}\n\nShout if anything clashes."
             f"\n\n{org.first}", key="v1"),
        Mail(drop, [org], "Re: " + sub, datetime(2026, 3, 4, 13, 22),
             f"Hi {org.first},\n\nSorry, I'll have to miss it: I'm having {REASON} that week and won't be able to "
             f"travel. Please take me off the list.\n\n{drop.first}", key="drop"),
        Mail(org, others, "Re: " + sub, datetime(2026, 3, 9, 9, 45),
             f"Hi all,\n\nUpdated plan (v2):\n- {drop.first} can't make it.\n- {new.name}, who joins the team on 1 "
             "April, will come along.\n- The customer panel is dropped (the customers can't travel); instead we do "
             "a pricing workshop at 14:00.\n\nEverything else as before.\n\n" + org.first, key="v2"),
        Mail(asker, [org], "Re: " + sub, datetime(2026, 3, 10, 11, 5),
             f"{org.first}, could we move the roadmap session to the afternoon? Mornings are tough for the US folks."
             f"\n\n{asker.first}", cc=[me]),
        Mail(org, [asker], "Re: " + sub, datetime(2026, 3, 10, 15, 30),
             f"{asker.first}, I'd rather keep the roadmap at 11:00: the pricing workshop builds on it. Let's keep "
             f"the agenda as it is.\n\n{org.first}", cc=[me]),
        Mail(org, others, "Offsite: final details", datetime(2026, 3, 16, 17, 10),
             f"Hi all,\n\nFinal details: the venue can't host us on the 22nd, so the offsite moves to Thursday 23 "
             f"April, same place ({VENUE}). Agenda as in v2, except that instead of team building at 16:00 we'll "
             "wrap up at 17:00 and have a team dinner at 19:00.\n\nSee you there,\n" + org.first, key="final"),
    ]
    mails.sort(key=lambda m: m.when)
    keys = f.write_mailbox(ws / "inbox", mails)
    d = ws / "shared-drive" / "offsite"
    d.mkdir(parents=True)
    (d / "agenda-draft.md").write_text(
        "# Team offsite: draft agenda\n\n_Wednesday 22 April 2026 · " + VENUE + " · draft of 2 March_\n\n"
        + "\n".join(f"- {a}" for a in AGENDA_1) + "\n")
    (d / "offsite-2025-notes.md").write_text(
        "# Offsite 2025: notes\n\n_Thursday 15 May 2025 · Lisbon_\n\n- 09:00 Retrospective of 2024\n- 11:30 Hiring "
        "plan\n- 15:00 Team building (kayaking)\n\n" + f.paragraph() + "\n")
    (d / "venue-options.md").write_text(f.document("brief", title="Offsite venue options"))
    (ws / "shared-drive" / "team-notes.md").write_text(f.document("notes"))
    (ws / "shared-drive" / "q1-status.md").write_text(f.document("status"))
    events = f.calendar(date(2026, 3, 1), date(2026, 4, 30), attendees=team[:8])
    events.append(Event("Team offsite (placeholder)", datetime(2026, 4, 22, 9, 30), datetime(2026, 4, 22, 17, 0),
                        location=VENUE, organizer=org, attendees=others))
    f.write_ics(ws / "calendar.ics", events)
    return keys


CHECK = '''\
"""search-offsite-final-plan: the brief of the offsite's final plan.

Read from the brief the user asked for ({out}). The final mail (16 March) moved the offsite to Thursday 23 April
2026 at the same venue; the agenda is v2's (09:30 strategy review, 11:00 roadmap, 14:00 pricing workshop instead of
the customer panel) with a 19:00 team dinner instead of team building; {drop} dropped out and {new} joined.
- gates: 23 April 2026 given alone (the first plan's 22 April, or both as a choice, scores 0); a brief that keeps
  the customer panel or team building on the agenda (without saying it was dropped or replaced), carries the
  private reason for the drop-out, or is pasted from the sources, scores 0.
- 0.20 the date; 0.10 the venue (Harbour Loft);
- 0.15 the pricing workshop at 14:00; 0.10 the team dinner at 19:00; 0.10 strategy review 09:30 and roadmap 11:00;
- 0.35 every final attendee named, and {drop} not listed as coming (absent, or named as not attending).
"""

from datetime import date, time

from edgeagent.bench.grading import has_date, has_time, names_person, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = {out!r}
FINAL = {final!r}
DROP = {drop!r}
REASON = {reason!r}
GONE = ("dropped", "drop", "removed", "replaced", "replaces", "replacing", "cancelled", "canceled", "instead",
        "in place of", "no longer", "not happening", "swapped", "scrapped", "cut")
NOT_COMING = ("not attending", "not coming", "can't", "cannot", "can not", "dropped", "declined", "unable",
              "won't", "will not", "apologies", "absent", "not joining", "out", "off the list", "missing", "excluded")


def _pasted(ws, body):
    words_ = tokens(body)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.name != OUT]
    hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
    grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
    mine = {{tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}}
    return len(mine & grams) >= 0.6 * len(mine)


def _line(body, *words_):
    """The lines that say one of the words."""
    return "\\n".join(ln for ln in body.splitlines() if says_any(ln, *words_))


def check(ws, answer):
    body = text(ws / OUT)
    if not body.strip() or says(body, REASON) or says(body, "surgery") or _pasted(ws, body):
        return 0.0
    if not has_date(body, date(2026, 4, 23), alone=True):
        return 0.0
    for old in ("customer panel", "team building"):
        lines = _line(body, old)
        if lines and not says_any(lines, *GONE):
            return 0.0
    score = 0.20
    score += 0.10 * says(body, "Harbour Loft")
    score += 0.15 * has_time(_line(body, "pricing"), time(14, 0))
    score += 0.10 * has_time(_line(body, "dinner"), time(19, 0))
    score += 0.10 * (has_time(_line(body, "strategy"), time(9, 30)) and has_time(_line(body, "roadmap"), time(11, 0)))
    drop_lines = "\\n".join(ln for ln in body.splitlines() if names_person(ln, DROP))
    score += 0.35 * (all(names_person(body, n) for n in FINAL) and (not drop_lines or says_any(drop_lines,
                                                                                               *NOT_COMING)))
    return score


check = graded(check)  # a pasted answer is no answer
'''

PROMPT = ("The planning for our team offsite went back and forth over several weeks. Pull together what was finally "
          f"agreed: the date and venue, the agenda with times, and who is actually coming. Put it in {OUT} so I can "
          "send it to the hotel and the team.")


def task():
    f = Filler(ID)
    _team, org, drop, new, _asker, first_plan, final = _cast(f)
    names = "\n".join(f"- {p.name}" for p in final)
    note = (f"# Team offsite: final plan\n\n**Date:** Thursday 23 April 2026\n**Venue:** {VENUE}\n\n"
            "## Agenda\n\n| Time | Session |\n|---|---|\n| 09:30 | Strategy review |\n| 11:00 | Roadmap 2026 |\n"
            "| 12:30 | Lunch |\n| 14:00 | Pricing workshop |\n| 17:00 | Wrap-up |\n| 19:00 | Team dinner |\n\n"
            f"## Attendees ({len(final)})\n\n{names}\n\n"
            f"Not coming: {drop.name}. Organiser: {org.name}.\n")
    steps = [
        ("search_mail", {"query": "offsite plan"}),
        ("read_mail", {"path": "@v1"}),
        ("read_mail", {"path": "@drop"}),
        ("read_mail", {"path": "@v2"}),
        ("search_mail", {"query": "offsite final details"}),
        ("read_mail", {"path": "@final"}),
        ("list_dir", {"path": "shared-drive/offsite"}),
        *write_steps(OUT, note),
    ]
    answer = (f"Wrote {OUT}: Thursday 23 April 2026 at Harbour Loft, Porto; 09:30 strategy review, 11:00 roadmap, "
              f"14:00 pricing workshop, 19:00 team dinner; {len(final)} attendees ({new.name} joins, {drop.name} "
              "can't come).")
    long_note = note + (
        "\n## What changed along the way\n\n"
        f"The first plan of 2 March had the offsite on Wednesday 22 April with a customer panel at 14:00 and team "
        "building at 16:00; the draft agenda on the shared drive and the calendar placeholder still show that "
        f"version. On 9 March {org.first} sent v2: the customer panel was dropped because the customers could not "
        f"travel and replaced by the pricing workshop, {drop.first} cannot attend, and {new.name}, who starts on "
        "1 April, joins. A request to move the roadmap session to the afternoon was turned down, so it stays at "
        "11:00. The final details of 16 March moved the day to Thursday 23 April because the venue could not host "
        "us on the 22nd, and replaced team building with a wrap-up at 17:00 and a team dinner at 19:00. The venue "
        "itself did not change. The calendar entry for 22 April should be moved.\n")
    assert len(long_note) > 1000
    right = [
        dict(why="the reference brief", answer=answer),
        dict(why="a long brief with the history, the old sessions named as dropped", base="nothing",
             answer="Done: offsite-brief.md.", steps=write_steps(OUT, long_note)),
        dict(why="a plain list, times as 2pm and 7 pm, names surname first", base="nothing", answer="Written.",
             steps=write_steps(OUT, (
                 "Offsite: 23/04/2026 (Thursday), Harbour Loft in Porto\n\n9:30 am strategy review\n11 am roadmap\n"
                 "2pm pricing workshop\n7 pm team dinner\n\nComing: " + "; ".join(
                     f"{p.name.split()[-1]}, {p.name.split()[0]}" for p in final) + "\n"))),
    ]
    wrong = [
        dict(kind="near-miss", why="the first plan's date, 22 April", base="nothing", answer="Written.",
             steps=write_steps(OUT, note.replace("Thursday 23 April", "Wednesday 22 April"))),
        dict(kind="wrong-entity", why="the draft agenda from the shared drive", base="nothing", answer="Written.",
             steps=write_steps(OUT, note.replace("| 14:00 | Pricing workshop |", "| 14:00 | Customer panel |")
                               .replace("| 17:00 | Wrap-up |\n| 19:00 | Team dinner |", "| 16:00 | Team building |"))),
        dict(kind="hedge", why="22 or 23 April", base="nothing", answer="Written.",
             steps=write_steps(OUT, note.replace("Thursday 23 April 2026", "22 April or 23 April 2026"))),
        dict(kind="false-claim", why="claims the brief, wrote nothing", base="nothing", answer=answer),
        dict(kind="wrong-entity", why="the drop-out's private reason in a brief for the hotel and team",
             base="nothing", answer="Written.",
             steps=write_steps(OUT, note.replace(f"Not coming: {drop.name}.", f"Not coming: {drop.name} ({REASON})."))),
        dict(kind="dump", why="the planning mails' text pasted as the brief", base="nothing", answer="Written.",
             steps=write_steps(OUT, "Agenda:\n" + "\n".join(f"- {a}" for a in AGENDA_1) + "\n\nInvited:\n" + "\n".join(
                 f"- {p.name}" for p in first_plan) + f"\n\nHere's the first plan for our offsite on Wednesday 22 April "
                 f"at {VENUE}.\n")),
    ]
    port = Port(ID, 0, "test", PROMPT,
                ["list_dir", "read_file", "search", "search_docs", "list_events", "list_mail", "read_mail",
                 "search_mail", "write_file", "append_file"],
                answer=answer, steps=steps,
                check=CHECK.format(out=OUT, final=[p.name for p in final], drop=drop.name, new=new.name,
                                   reason=REASON),
                right=right, wrong=wrong, sensitive=[(REASON, "pii", 1.0)], category="search")
    return port, build


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
