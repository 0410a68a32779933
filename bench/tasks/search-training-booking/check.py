"""search-training-booking: the note at notes/training-logistics.md on what is booked for the data privacy training.

Gates (0): no note; a note pasted from the mails; the Maple room not named, or Linden or Birch named
without saying the booking moved from it or was cancelled; lunch for 26 missing or hedged; a room or
count in doubt (not sure, maybe). Then 0.35 the room, 0.25 the 26 lunches, 0.15 the date 24 March 2026,
0.15 the dietary counts (8 vegetarian, 2 gluten-free), 0.10 the times (09:00-17:00 and lunch at 12:30)."""

from datetime import date, time

from edgeagent.bench.grading import has_date, has_number, has_time, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'notes/training-logistics.md'
MOVED = ("moved", "changed", "cancelled", "canceled", "instead of", "no longer", "originally", "previously",
         "was first", "first booked", "replaced", "out for repair", "different session", "not ours",
         "another session", "taken", "refresher", "support team")


def _pasted(ws, note):
    """Three fifths of the note's 5-word runs found in the seed's files (the note itself left out)."""
    mine = tokens(note)
    if len(mine) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p != ws / OUT]
    hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    runs = {tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}
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
