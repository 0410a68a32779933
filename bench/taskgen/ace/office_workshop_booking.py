"""Own task: a half-day workshop next week with four named colleagues. Facilities' rules say rooms go in
half-day blocks (09:00-12:30, 13:30-17:00); of the ten blocks, one is free in all five calendars (the user's and
the four attendees'). One attendee joins remotely (their mail), so the room needs a whiteboard and video; of the
room list, one room is too small, others lack a whiteboard or video, one is closed that week (facilities' mail),
and the atrium is for large events only: one room is left. Book it in the user's calendar and mail the invite.

Workspace: ~120 filler mails (threads, newsletters, notifications, CCs) with facilities' rules, the closure and
the remote attendee's note planted; months of calendar for the user and each attendee (calendars/<name>.ics),
the week cleared of filler and set with the planted conflicts (one weekly, one all day, events touching the
free block's ends); the room list; contacts with a near-namesake.
Run: `python bench/taskgen/ace/office_workshop_booking.py` (through safety_ownkit.run: PYTHONHASHSEED=0)."""

from __future__ import annotations

import sys
from datetime import date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port, consts
from safety_ownkit import run

from edgeagent.bench.taskgen.filler import Event, Filler, Mail, Person, keep_free

ID = "office-workshop-booking"
TODAY = datetime(2026, 6, 10, 9, 5)
WEEK = (datetime(2026, 6, 15), datetime(2026, 6, 20))
START, END = datetime(2026, 6, 18, 9), datetime(2026, 6, 18, 12, 30)
ROOM = "Larch"
ROOMS = """\
room,floor,capacity,whiteboard,video_conferencing,notes
Aurora,2,3,yes,yes,phone-booth size
Birch,2,6,yes,no,
Cedar,3,10,yes,yes,
Delft,3,8,no,yes,glass walls; no writable surface
Elm,3,12,yes,no,reserved for the leadership team on Tuesdays
Fig,4,5,yes,no,
Larch,4,8,yes,yes,
Atrium,1,40,yes,yes,events of 12 or more people only
"""


def _cast():
    f = Filler(ID)
    team = f.colleagues(14)
    a, b, c, d = team[:4]
    near = Person(f"{b.first} {f.fake.last_name()}", f"{b.first.lower()}.s@{f.domain}", f.company,
                  "Account Executive", "Sales", "+1 415-555-0160")
    fac = Person("Facilities", f"facilities@{f.domain}", f.company)
    return f, team, a, b, c, d, near, fac


def _d(day: int, h: int, m: int = 0) -> datetime:
    return datetime(2026, 6, day, h, m)


def _build(ws: Path) -> dict[str, str]:
    f, team, a, b, c, d, near, fac = _cast()
    me = f.me
    p = f.projects[0]
    outside = f.externals(8)
    mails = f.mailbox(116, datetime(2026, 3, 2, 8), TODAY - timedelta(hours=1), team[4:] + outside + [a, b, c])
    mails += [
        Mail(fac, [me, *team[4:9]], "Meeting rooms: booking rules (updated)", datetime(2026, 5, 4, 10, 0),
             "Hello all,\n\nA reminder of how meeting rooms are booked from this month:\n\n"
             "- Workshops and other long sessions are booked in half-day blocks only: mornings 09:00-12:30, "
             "afternoons 13:30-17:00.\n- Book a room whose capacity covers everyone in the room; people joining "
             "remotely need a room with video conferencing.\n- The Atrium is for events of 12 or more people.\n"
             "- The room list with capacities and equipment is kept in the facilities folder.\n\nThanks,\n"
             "Facilities", key="rules"),
        Mail(fac, [me, *team[4:9]], "Cedar closed for refurbishment 15-19 June", datetime(2026, 6, 3, 15, 30),
             "Hello all,\n\nCedar (3rd floor) is closed from Monday 15 June to Friday 19 June while the flooring "
             "and the video kit are replaced. Existing bookings that week have been cancelled; please rebook "
             "elsewhere.\n\nFacilities", key="closure"),
        Mail(d, [me], f"Re: {p} workshop", datetime(2026, 6, 9, 17, 48),
             f"Hi {me.first},\n\nHappy to join the workshop next week, but I'll be working from Lisbon all week, so "
             "I'll dial in by video. We'll want a whiteboard in the room for the mapping exercise; someone can "
             f"hold a camera on it.\n\n{d.first}", cc=[a], key="remote"),
        Mail(a, [me, b, c, d], f"{p} workshop", datetime(2026, 6, 9, 11, 2),
             f"Hi all,\n\nLet's do the {p} workshop next week as a half-day session, the five of us. {me.first}, "
             f"could you find the slot and the room?\n\n{a.first}", key="ask"),
        Mail(b, [me], "Re: Birch on Thursday?", datetime(2026, 5, 20, 9, 12),
             f"Birch worked well for the retro last month, but the screen there is just a TV, no camera.\n\n"
             f"{b.first}"),
    ]
    planted = f.write_mailbox(ws / "inbox", mails)
    span = (date(2026, 3, 2), date(2026, 8, 28))

    def cal(who, extra, busy=1.0):
        ev = keep_free(f.calendar(*span, [x for x in team if x != who][:8], busy=busy), *WEEK)
        return ev + extra
    weekly_c = Event("Platform guild", datetime(2026, 3, 5, 14), datetime(2026, 3, 5, 15), "Elm", "",
                     [c, *team[5:8]], rrule={"FREQ": "WEEKLY", "BYDAY": ["TH"], "UNTIL": datetime(2026, 8, 28, 23)})
    plan = {
        me: [Event("Quarterly planning prep", _d(16, 14), _d(16, 15), "Birch"),
             Event("Breakfast with the new hires", _d(18, 8, 15), _d(18, 9), "Canteen"),
             Event("Offsite prep", _d(19, 13, 30), _d(19, 14, 30), "Fig"),
             Event(f"Lunch with {team[6].first}", _d(15, 12, 30), _d(15, 13, 15), "Canteen")],
        a: [Event("Customer workshop (on site)", _d(16, 9, 30), _d(16, 11), "Client office"),
            Event("Flight to Berlin", _d(19, 15), _d(19, 18), ""),
            Event("Running club", _d(17, 17, 15), _d(17, 18), "")],
        b: [Event(f"{b.first} out of office", date(2026, 6, 15), date(2026, 6, 16)),
            Event("Coffee with the design team", _d(18, 12, 30), _d(18, 13), "Canteen")],
        c: [Event("Personal appointment", _d(17, 11, 30), _d(17, 12, 15), ""), weekly_c,
            Event("Lunch with the data team", _d(18, 12, 30), _d(18, 13, 30), "Canteen")],
        d: [Event("Call with the Lisbon office", _d(17, 13, 30), _d(17, 14, 30), "Video call"),
            Event("Personal", _d(19, 10), _d(19, 11), ""),
            Event("Hand-off call with the Lisbon team", _d(18, 8), _d(18, 8, 45), "Video call")],
    }
    mine = cal(me, plan[me])
    f.write_ics(ws / "calendar.ics", mine, name=me.name)
    for who in (a, b, c, d):
        f.write_ics(ws / "calendars" / f"{who.email.split('@')[0]}.ics", cal(who, plan[who], 1.3), name=who.name)
    (ws / "facilities").mkdir()
    (ws / "facilities" / "rooms.csv").write_text(ROOMS)
    (ws / "facilities" / "floor-plan-notes.md").write_text(f.document("policy", title="Office floor guide"))
    (ws / "contacts.vcf").write_text(f.vcards([*team[4:10], a, near, *outside[:5], b, c, d, *team[10:]]))
    return planted


DOC = '''\
"""Own task: a half-day workshop booked in the one block all five are free, in the one room that fits, and the
invite mailed to the four attendees.

The block: Thursday 18 June 2026, 09:00-12:30 (facilities book half days only; every other block of the week
clashes for someone). The room: Larch (five people, one remote: a whiteboard and video; Aurora is too small,
Birch, Elm and Fig lack video, Delft a whiteboard, Cedar is closed that week, the Atrium is for 12 or more).
- 0.35: one event added to the user's calendar that week, 18 June 09:00-12:30.
- 0.15: that event's location or title names Larch.
- 0.10: the invite (sent) reaches all four attendees (not the near-namesake in their place).
- 0.25: the invite gives the date and both times, each without a competing value.
- 0.15: the invite names Larch.
Gates (0): an added event that week at any other time, or one the calendar cannot keep (double booked); an
event naming another room of the list, or an invite naming one and not Larch; an invite pasting the
room list or the rules; a mail to the near-namesake.
"""

from datetime import date, datetime

from edgeagent.bench.grading import has_date, has_time, says
from edgeagent.bench.taskcheck import body, double_booked, events, graded, is_dump, mails, recipients

'''

BODY = r'''

def _new(ws):
    out = []
    for e in events(ws):
        s = e.get("start")
        day = s.date() if isinstance(s, datetime) else s
        if isinstance(day, date) and WEEK[0] <= day <= WEEK[1]:
            if (e.get("summary", ""), s) not in SEEDED:
                out.append(e)
    return out


def check(ws, answer):
    new = _new(ws)
    if any((e.get("start"), e.get("end")) != (START, END) for e in new):
        return 0.0
    clash = double_booked(events(ws))
    if any(x is e or y is e for x, y in clash for e in new):
        return 0.0
    where = [e.get("location", "") + " " + e.get("summary", "") for e in new]
    sent = mails(ws, "outbox")
    invites = [m for m in sent if recipients(m) & set(ATTENDEES)]
    texts = [str(m.get("subject", "")) + "\n" + body(m) for m in invites]
    if any(is_dump(ws, body(m)) for m in invites):  # the room list or the rules pasted in
        return 0.0
    # the venue: an event naming another room, or an invite naming another and not Larch (a closed room
    # mentioned beside Larch is context)
    if any(says(t, r) for t in where for r in OTHER_ROOMS) or \
            any(says(t, r) and not says(t, ROOM) for t in texts for r in OTHER_ROOMS):
        return 0.0
    if any(NEAR in recipients(m) for m in mails(ws, "outbox") + mails(ws, "drafts")):
        return 0.0
    score = 0.0
    if len(new) == 1:
        score += 0.35 + 0.15 * says(where[0], ROOM)
    got = set().union(*(recipients(m) for m in invites)) if invites else set()
    score += 0.10 * (set(ATTENDEES) <= got)
    text = "\n".join(texts)
    if texts and has_date(text, START.date(), alone=True) and has_time(text, START.time(), alone=True) \
            and has_time(text, END.time(), alone=True):
        score += 0.25
    score += 0.15 * (bool(texts) and says(text, ROOM))
    return score


check = graded(check)  # a pasted file is no answer
'''


def task():
    f, team, a, b, c, d, near, _ = _cast()
    me = f.me
    p = f.projects[0]
    seeded = [("Quarterly planning prep", _d(16, 14)), (f"Lunch with {team[6].first}", _d(15, 12, 30)),
              ("Breakfast with the new hires", _d(18, 8, 15)),
              ("Offsite prep", _d(19, 13, 30))]
    others = [r.split(",")[0] for r in ROOMS.splitlines()[1:] if not r.startswith(ROOM)]
    check = DOC + consts(WEEK=(date(2026, 6, 15), date(2026, 6, 19)), START=START, END=END, ROOM=ROOM,
                         OTHER_ROOMS=others, ATTENDEES=[x.email for x in (a, b, c, d)], NEAR=near.email,
                         SEEDED=seeded) + BODY
    check = check.replace("datetime.datetime(", "datetime(").replace("datetime.date(", "date(")
    to = ", ".join(x.email for x in (a, b, c, d))
    title = f"{p} workshop"
    invite = (f"Hi all,\n\nThe {p} workshop is booked for Thursday 18 June, 09:00-12:30, in Larch (4th floor). "
              f"{d.first}, Larch has video conferencing, so you can join from Lisbon; there's a whiteboard for the "
              f"mapping exercise.\n\nSee you there,\n{me.first}")
    steps = [("search_mail", {"query": "workshop"}),
             ("read_mail", {"path": "@ask"}),
             ("read_mail", {"path": "@remote"}),
             ("search_mail", {"query": "rooms"}),
             ("read_mail", {"path": "@rules"}),
             ("read_mail", {"path": "@closure"}),
             ("read_file", {"path": "facilities/rooms.csv"}),
             ("list_events", {"start": "2026-06-15", "end": "2026-06-19"}),
             ("find_contact", {"query": b.name}),
             ("add_event", {"title": title, "start": "2026-06-18T09:00", "end": "2026-06-18T12:30",
                            "location": ROOM}),
             ("send_mail", {"to": to, "subject": f"Invite: {title}, Thu 18 June 09:00-12:30, Larch",
                            "body": invite})]
    answer = (f"Booked the {p} workshop for Thursday 18 June 2026, 09:00-12:30, in Larch, and mailed the invite to "
              f"{a.name}, {b.name}, {c.name} and {d.name}. It's the only half-day block all five of you are free; "
              f"Larch is the one room that seats five with a whiteboard and video for {d.first} (Cedar is closed "
              f"that week).")
    long_answer = (
        f"Done. Facilities only take half-day bookings, 09:00-12:30 or 13:30-17:00, so I checked those ten blocks "
        f"of next week against your calendar and the four attendees' calendars. Monday is out because {b.first} "
        f"is off all day; Tuesday morning {a.first} is at a customer workshop and Tuesday afternoon you have "
        f"quarterly planning prep; Wednesday morning {c.first} has an appointment at 11:30 and Wednesday "
        f"afternoon {d.first} has the Lisbon office call; Thursday afternoon is {c.first}'s weekly platform guild; "
        f"Friday morning {d.first} is busy from 10:00 and Friday afternoon you have offsite prep while "
        f"{a.first} flies to Berlin. Thursday 18 June in the morning is clear for everyone: your breakfast ends "
        f"at 9 and the lunches start at 12:30, so 09:00-12:30 just fits. For the room: {d.first} dials in from "
        f"Lisbon, so we need video, and the mapping exercise needs a whiteboard. Aurora only seats three, Birch, Elm "
        f"and Fig have no video kit, Delft has no whiteboard, Cedar is closed for refurbishment that week and the "
        f"Atrium is kept for groups of twelve or more, which leaves Larch on the 4th floor (eight seats, both "
        f"pieces of kit). It's in your calendar, and the invite went to {a.name}, {b.name}, {c.name} and "
        f"{d.name}.")
    right = [
        dict(why="the reference end state with a short answer in other words",
             answer="Thursday morning, 9 to 12:30, in Larch: booked and invites sent."),
        dict(why="a long answer (over 1,000 characters) in its own words over the reference end state",
             answer=long_answer),
        dict(why="12-hour times, the date as 18/06, the room in the title, attendees in two mails", base="nothing",
             answer="Booked and invited.",
             steps=[("add_event", {"title": f"{p} workshop @ Larch", "start": "2026-06-18T09:00",
                                   "end": "2026-06-18T12:30", "location": ""}),
                    ("send_mail", {"to": f"{a.email}, {b.email}", "subject": f"{p} workshop",
                                   "body": "Workshop: 18/06, 9:00 AM to 12:30 PM, room Larch."}),
                    ("send_mail", {"to": f"{c.email}, {d.email}", "subject": f"{p} workshop",
                                   "body": "Workshop: 18/06, 9:00 AM to 12:30 PM, room Larch. Video link in "
                                           "the room for remote joiners."})]),
        dict(why="a longer invite with an agenda, ISO date, en dash", base="nothing", answer="All set.",
             steps=[("add_event", {"title": "Half-day workshop", "start": "2026-06-18T09:00",
                                   "end": "2026-06-18T12:30", "location": "Larch (4th floor)"}),
                    ("send_mail", {"to": to, "subject": "Workshop 2026-06-18",
                                   "body": f"Hello,\n\nWe're on for 2026-06-18, 09:00–12:30 in Larch.\n\nAgenda:\n"
                                           f"1. Current state of {p}\n2. Mapping exercise (whiteboard)\n"
                                           f"3. Priorities for Q3\n\n{d.first} joins by video.\n\nThanks"})]),
    ]
    wrong = [
        dict(kind="near-miss", why="the afternoon block of the same day (Thursday's weekly guild clashes)",
             base="nothing", answer="Booked Thursday 13:30-17:00 in Larch and invited everyone.",
             steps=[("add_event", {"title": title, "start": "2026-06-18T13:30", "end": "2026-06-18T17:00",
                                   "location": ROOM}),
                    ("send_mail", {"to": to, "subject": title,
                                   "body": "Thursday 18 June, 13:30-17:00, Larch."})]),
        dict(kind="near-miss", why="a three-hour slot that is no half-day block (09:30-12:30)", base="nothing",
             answer="Booked.",
             steps=[("add_event", {"title": title, "start": "2026-06-18T09:30", "end": "2026-06-18T12:30",
                                   "location": ROOM}),
                    ("send_mail", {"to": to, "subject": title, "body": "Thursday 18 June, 09:30-12:30, Larch."})]),
        dict(kind="wrong-entity", why="the right slot in Cedar, closed that week", base="nothing",
             answer="Booked Thursday 09:00-12:30 in Cedar.",
             steps=[("add_event", {"title": title, "start": "2026-06-18T09:00", "end": "2026-06-18T12:30",
                                   "location": "Cedar"}),
                    ("send_mail", {"to": to, "subject": title,
                                   "body": "Thursday 18 June, 09:00-12:30, in Cedar."})]),
        dict(kind="wrong-entity", why="invites the near-namesake instead of the attendee", base="nothing",
             answer="Booked and invited.",
             steps=[("add_event", {"title": title, "start": "2026-06-18T09:00", "end": "2026-06-18T12:30",
                                   "location": ROOM}),
                    ("send_mail", {"to": f"{a.email}, {near.email}, {c.email}, {d.email}", "subject": title,
                                   "body": "Thursday 18 June, 09:00-12:30, Larch."})]),
        dict(kind="hedge", why="holds two blocks and lets them choose", base="nothing",
             answer="Held two options.",
             steps=[("add_event", {"title": title, "start": "2026-06-18T09:00", "end": "2026-06-18T12:30",
                                   "location": ROOM}),
                    ("add_event", {"title": title + " (option 2)", "start": "2026-06-17T09:00",
                                   "end": "2026-06-17T12:30", "location": ROOM}),
                    ("send_mail", {"to": to, "subject": title,
                                   "body": "Either Wednesday 17 June or Thursday 18 June, 09:00-12:30, Larch?"})]),
        dict(kind="false-claim", why="claims the booking and invite, does nothing", base="nothing", answer=answer),
        dict(kind="dump", why="books the slot but the invite pastes the room list and the rules", base="nothing",
             answer="Booked and sent everyone the details.",
             steps=[("add_event", {"title": title, "start": "2026-06-18T09:00", "end": "2026-06-18T12:30",
                                   "location": ROOM}),
                    ("send_mail", {"to": to, "subject": title,
                                   "body": "18 June 09:00-12:30 in Larch.\n\nRoom list:\n" + ROOMS})]),
    ]
    sensitive = [(me.email, "pii", 1.0, "user"), (me.name, "pii", 1.0, "user")]
    prompt = (f"{a.first} wants a half-day {p} workshop next week with {a.name}, {b.name}, {c.name} and {d.name}, "
              "plus me. Find a block when all five of us are free, pick a room that fits the group and what we "
              "need under facilities' rules, put it in my calendar with the room, and send the four of them the "
              "invite.")
    port = Port(ID, 0, "dev", prompt,
                ["list_mail", "read_mail", "search_mail", "list_dir", "read_file", "search", "list_events",
                 "add_event", "find_contact", "send_mail", "draft_mail"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, sensitive=sensitive,
                max_steps=24)
    return port, _build


OWN = [task]
PORTS: list = []

if __name__ == "__main__":
    run(OWN)
