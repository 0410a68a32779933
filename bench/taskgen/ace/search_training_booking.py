"""search-training-booking (own): what is booked now for the data privacy training of 24 March 2026 (room, times,
catering with dietary counts and break times), as a note the user can forward to the trainer.

Workspace: a mailbox (~120 messages) with the facilities desk's confirmation of booking BK-3310 (Linden room,
20 people, lunch for 20), its later change (moved to the Maple room on the 4th floor, 26 people: Linden's
projector is out), the caterer's updated order CT-882 (lunch buffet for 26 at 12:30, 8 vegetarian and 2
gluten-free, coffee at 10:30 and 15:00), the cancellation of the first booking BK-3297 (Birch room, 17 March),
and a near-namesake: the "data protection refresher" in Linden on the afternoon of 24 March with sandwiches for
12; a calendar; docs/ filler with the room list. Answer: Maple, 24 March 09:00-17:00, lunch for 26 at 12:30
(8 vegetarian, 2 gluten-free), coffee 10:30 and 15:00."""

from __future__ import annotations

import sys
from datetime import date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from devops_kit import write_steps
from safety_ownkit import run

from edgeagent.bench.taskgen.filler import Filler, Mail

PORTS: list = []
ID = "search-training-booking"
OUT = "notes/training-logistics.md"


def task() -> tuple[Port, object]:
    f = Filler(ID)
    me = f.me
    fac = f.person(dept="Operations")
    caterer = f.person(domain="greenfork-catering.example", org="Greenfork Catering", dept="Sales")
    other = f.person(dept="People")
    prompt = ("I'm running the data privacy training for our new managers later this month. Bookings have changed "
              "a few times, so work out what is actually booked for it now: the room, the day and times, and the "
              "catering (how many lunches, dietary counts, when the breaks are). Write it up in "
              f"{OUT} so I can forward it to the trainer.")

    def build(ws: Path) -> dict[str, str]:
        mails = f.mailbox(112, datetime(2026, 1, 12, 8), datetime(2026, 3, 13, 18))
        mails += [
            Mail(fac, [me], "Booking confirmed: BK-3297 Birch room, 17 March", datetime(2026, 1, 28, 11, 2),
                 f"Hi {me.first},\n\nConfirmed: BK-3297, Birch room (1st floor), Tuesday 17 March 2026, 09:00-17:00, "
                 "for the data privacy training for new managers, 18 people. No catering booked.\n\nFacilities desk\n"
                 f"{fac.name}"),
            Mail(fac, [me], "Cancelled: BK-3297 Birch room, 17 March", datetime(2026, 2, 10, 14, 30),
                 f"Hi {me.first},\n\nAs requested, BK-3297 (Birch, 17 March) is cancelled. The new date is booked "
                 f"separately as BK-3310.\n\n{fac.name}", key="cancel"),
            Mail(fac, [me], "Booking confirmed: BK-3310 Linden room, 24 March", datetime(2026, 2, 10, 14, 41),
                 f"Hi {me.first},\n\nConfirmed: BK-3310, Linden room (2nd floor), Tuesday 24 March 2026, "
                 "09:00-17:00, data privacy training for new managers, 20 people. Catering: lunch for 20 and two "
                 f"coffee breaks, ordered from Greenfork Catering.\n\n{fac.name}", key="first"),
            Mail(fac, [me], "Change to BK-3310: moved to the Maple room", datetime(2026, 3, 2, 9, 15),
                 f"Hi {me.first},\n\nThe projector in Linden is out for repair until April, and you asked for "
                 "26 places, so BK-3310 has moved to the Maple room (4th floor, seats 30). Date and times are "
                 "unchanged: Tuesday 24 March, 09:00-17:00. I've passed the new headcount to Greenfork; they will "
                 f"confirm the catering directly.\n\n{fac.name}", key="change"),
            Mail(caterer, [me], "Order CT-882 updated: 24 March", datetime(2026, 3, 3, 16, 48),
                 f"Dear {me.first},\n\nYour order CT-882 for Tuesday 24 March is updated as follows:\n\n"
                 "- Delivery to: Maple room, 4th floor\n- Coffee, tea and pastries at 10:30 and 15:00\n- Lunch "
                 "buffet for 26 at 12:30, of which 8 vegetarian and 2 gluten-free\n\nThe earlier version (lunch for "
                 f"20) is replaced.\n\nKind regards,\n{caterer.name}\nGreenfork Catering", key="cater"),
            Mail(other, [me], "Data protection refresher, 24 March pm", datetime(2026, 3, 5, 10, 20),
                 f"Hi {me.first},\n\nFYI, I've booked Linden for the data protection refresher for the support "
                 "team on 24 March, 14:00-16:00, with sandwiches for 12 at 13:30. Projector or not, we'll manage "
                 f"with the screen.\n\n{other.first}"),
        ]
        paths = f.write_mailbox(ws / "inbox", mails)
        events = f.calendar(date(2026, 2, 2), date(2026, 4, 3))
        f.write_ics(ws / "calendar.ics", events)
        docs = ws / "docs"
        docs.mkdir()
        (docs / "meeting-rooms.md").write_text(
            "# Meeting rooms\n\n| Room | Floor | Seats | Projector |\n|---|---|---|---|\n| Birch | 1 | 20 | yes |\n"
            "| Linden | 2 | 22 | yes |\n| Cedar | 3 | 10 | no |\n| Maple | 4 | 30 | yes |\n\nBook through the "
            "facilities desk; catering orders go to Greenfork Catering.\n")
        for i in range(15):
            kind = ["notes", "status", "policy", "brief"][i % 4]
            (docs / f"{kind}-{i + 1:02d}.md").write_text(f.document(kind, when=date(2026, 1, 5) + timedelta(days=4 * i)))
        return paths

    note = ("# Data privacy training for new managers: logistics\n\n- Date: Tuesday 24 March 2026, 09:00-17:00\n"
            "- Room: Maple, 4th floor (seats 30); booking BK-3310. It moved from Linden because of the broken "
            "projector; the old 17 March booking in Birch is cancelled.\n- Catering (Greenfork, order CT-882): "
            "coffee, tea and pastries at 10:30 and 15:00; lunch buffet for 26 at 12:30, including 8 vegetarian "
            "and 2 gluten-free.\n")
    steps = [("search_mail", {"query": "BK-3310"}), ("read_mail", {"path": "@first"}),
             ("read_mail", {"path": "@change"}), ("search_mail", {"query": "catering order 24 March"}),
             ("read_mail", {"path": "@cater"}), ("read_mail", {"path": "@cancel"}), *write_steps(OUT, note)]
    answer = (f"Wrote {OUT}: Tuesday 24 March 2026, 09:00-17:00, Maple room (4th floor, BK-3310); lunch buffet for 26 "
              "at 12:30 (8 vegetarian, 2 gluten-free), coffee at 10:30 and 15:00.")
    long_note = (
        "# Training logistics\n\nHere is where things stand for the data privacy training for new managers, after "
        "the changes of the last weeks.\n\n## When and where\n\nThe training is on Tuesday 24 March 2026 from 9 am "
        "to 5 pm in the Maple room on the 4th floor, which seats 30 (facilities booking BK-3310). It was first "
        "booked in Linden on the 2nd floor, but the Linden projector is out for repair until April and we needed "
        "26 places, so facilities moved it to Maple on 2 March. The original 17 March booking in the Birch room "
        "(BK-3297) was cancelled when the date moved. Note that Linden is taken that afternoon anyway by the "
        "support team's data protection refresher, which is a different session.\n\n## Catering\n\nGreenfork "
        "Catering confirmed the updated order CT-882 on 3 March, delivered to the Maple room:\n\n- morning break "
        "at 10:30 and afternoon break at 15:00: coffee, tea and pastries\n- lunch buffet at 12:30 for 26 people, "
        "of which 8 vegetarian and 2 gluten-free\n\nThe earlier order for 20 lunches is replaced. If the "
        "headcount changes again, tell Greenfork directly.\n")
    assert len(long_note) > 1000
    right = [
        {"why": "the reference note", "answer": answer},
        {"why": "a terse note, times as 9am-5pm", "base": "nothing", "answer": "Done.",
         "steps": [("write_file", {"path": OUT, "content": (
             "24/03/2026, 9am-5pm, Maple room (4th fl.). 26 lunches at 12:30 (8 veggie, 2 gluten free); coffee "
             "10.30 & 15.00.")})]},
        {"why": "a long note with the history", "base": "nothing", "answer": "Written.",
         "steps": write_steps(OUT, long_note)},
    ]

    def wr(content: str) -> list:
        return [("write_file", {"path": OUT, "content": content})]
    wrong = [
        {"kind": "near-miss", "why": "the first catering order's 20 lunches", "base": "nothing", "answer": "Done.",
         "steps": wr("Tuesday 24 March 2026, 09:00-17:00, Maple room (4th floor). Lunch for 20 at 12:30; coffee at "
                     "10:30 and 15:00.")},
        {"kind": "wrong-entity", "why": "the room before the change", "base": "nothing", "answer": "Done.",
         "steps": wr("Tuesday 24 March 2026, 09:00-17:00, Linden room (2nd floor). Lunch buffet for 26 at 12:30 "
                     "(8 vegetarian, 2 gluten-free); coffee 10:30 and 15:00.")},
        {"kind": "wrong-entity", "why": "the cancelled Birch booking", "base": "nothing", "answer": "Done.",
         "steps": wr("Tuesday 17 March 2026, 09:00-17:00, Birch room (1st floor), 18 people, no catering.")},
        {"kind": "hedge", "why": "two rooms offered", "base": "nothing", "answer": "Done.",
         "steps": wr("24 March 2026, 09:00-17:00, in Maple or Linden (not sure which is final). Lunch for 26 at "
                     "12:30.")},
        {"kind": "false-claim", "why": "claims the note without writing it", "base": "nothing",
         "answer": f"Wrote {OUT}: 24 March, 09:00-17:00, Maple room, lunch for 26 at 12:30."},
        {"kind": "dump", "why": "the booking mails pasted into the note", "base": "nothing", "answer": "Done.",
         "steps": write_steps(OUT, "Confirmed: BK-3310, Linden room (2nd floor), Tuesday 24 March 2026, 09:00-17:00, data privacy training for new managers, 20 people. Catering: lunch for 20 and two coffee breaks, ordered from Greenfork Catering.\n\nThe projector in Linden is out for repair until April, and you asked for 26 places, so BK-3310 has moved to the Maple room (4th floor, seats 30). Date and times are unchanged: Tuesday 24 March, 09:00-17:00. I've passed the new headcount to Greenfork; they will confirm the catering directly.\n\nYour order CT-882 for Tuesday 24 March is updated as follows:\n\n- Delivery to: Maple room, 4th floor\n- Coffee, tea and pastries at 10:30 and 15:00\n- Lunch buffet for 26 at 12:30, of which 8 vegetarian and 2 gluten-free")},
    ]
    check = f'''
        """{ID}: the note at {OUT} on what is booked for the data privacy training.

        Gates (0): no note; a note pasted from the mails; the Maple room not named, or Linden or Birch named
        without saying the booking moved from it or was cancelled; lunch for 26 missing or hedged; a room or
        count in doubt (not sure, maybe). Then 0.35 the room, 0.25 the 26 lunches, 0.15 the date 24 March 2026,
        0.15 the dietary counts (8 vegetarian, 2 gluten-free), 0.10 the times (09:00-17:00 and lunch at 12:30)."""

        from datetime import date, time

        from edgeagent.bench.grading import has_date, has_number, has_time, says, says_any
        from edgeagent.bench.taskcheck import graded, text, tokens

        OUT = {OUT!r}
        MOVED = ("moved", "changed", "cancelled", "canceled", "instead of", "no longer", "originally", "previously",
                 "was first", "first booked", "replaced", "out for repair", "different session", "not ours",
                 "another session", "taken", "refresher", "support team")


        def _pasted(ws, note):
            """Three fifths of the note's 5-word runs found in the seed's files (the note itself left out)."""
            mine = tokens(note)
            if len(mine) < 60:
                return False
            src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p != ws / OUT]
            hay = tokens("\\\\n".join(p.read_text(errors="replace") for p in src))
            grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
            runs = {{tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}}
            return len(runs & grams) >= 0.6 * len(runs)


        def check(workspace, answer):
            t = text(workspace / OUT)
            if not t.strip() or _pasted(workspace, t):
                return 0.0
            if not says(t, "Maple") or says_any(t, "not sure", "unsure", "maybe", "probably", "perhaps"):
                return 0.0
            if says_any(t, "Linden", "Birch") and not says_any(t, *MOVED):
                return 0.0
            if not has_number(t, 26, alone=True):
                return 0.0
            score = 0.35 + 0.25
            score += 0.15 * has_date(t, date(2026, 3, 24), alone=True)
            score += 0.15 * (has_number(t, 8) and says_any(t, "vegetarian", "veggie", "veg")
                             and has_number(t, 2) and says_any(t, "gluten-free", "gluten free", "GF", "coeliac"))
            score += 0.10 * (has_time(t, time(9, 0)) and has_time(t, time(17, 0)) and has_time(t, time(12, 30)))
            return score


        check = graded(check)
    '''
    port = Port(id=ID, source=0, split="test", prompt=prompt, category="search",
                tools=["list_dir", "read_file", "search", "search_docs", "list_mail", "read_mail", "search_mail",
                       "list_events", "write_file", "append_file"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, max_steps=18)
    return port, build


OWN = [task]

if __name__ == "__main__":
    run(OWN)  # under PYTHONHASHSEED=0: the calendar writer's order depends on it
