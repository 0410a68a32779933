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

WEEK = (date(2026, 6, 15), date(2026, 6, 19))
START = datetime(2026, 6, 18, 9, 0)
END = datetime(2026, 6, 18, 12, 30)
ROOM = 'Larch'
OTHER_ROOMS = ['Aurora', 'Birch', 'Cedar', 'Delft', 'Elm', 'Fig', 'Atrium']
ATTENDEES = ['holly.long@thomas.example', 'brittany.r@thomas.example', 'melanie.wood@thomas.example', 'william@thomas.example']
NEAR = 'brittany.s@thomas.example'
SEEDED = [('Quarterly planning prep', datetime(2026, 6, 16, 14, 0)), ('Lunch with Robert', datetime(2026, 6, 15, 12, 30)), ('Breakfast with the new hires', datetime(2026, 6, 18, 8, 15)), ('Offsite prep', datetime(2026, 6, 19, 13, 30))]


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
