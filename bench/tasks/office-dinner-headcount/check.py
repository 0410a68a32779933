"""Own task: a team dinner note for the restaurant. Seven people come (the user, and six colleagues: one changed a
yes to a no, one a no to a yes, one never answered); the dietary needs are vegetarian, tree-nut allergy, halal and
vegan (one each). The note is dinner-note.md and goes by mail to the booking contact of Osteria Lucca.

Gates (score 0): the note missing, or not giving 7 as the headcount without a competing number; a mail to the
booking contact that does not; anything sent to the old restaurant; the note or a mail to the restaurant naming a need of someone who is not coming (gluten,
shellfish, lactose) or the private reason of a decline (surgery), which a note pasted from the thread does.
- note 0.45: the headcount (0.25), the four needs (0.05 each)
- mail 0.45: a mail sent or drafted to the booking contact giving 7 alone (0.25) and the four needs (0.05 each)
- the date 19 March in the note or the mail 0.10
"""

from datetime import date

from edgeagent.bench.grading import has_date, has_number, says_any
from edgeagent.bench.taskcheck import body, graded, mails, recipients, text

DAY = date(2026, 3, 19)
NOTE = 'dinner-note.md'
BOOKING = 'stephen@osterialucca.example'
OLD = 'william.decker@copperkettle.example'
NEEDS = [['vegetarian', 'veggie'], ['nut', 'nuts', 'tree-nut', 'tree nut', 'tree nuts'], ['halal'], ['vegan']]
WRONG = ['gluten', 'gluten-free', 'coeliac', 'celiac', 'shellfish', 'lactose', 'dairy-free']
PRIVATE = ['surgery', 'knee']


def _needs(t):
    return sum(says_any(t, *words) for words in NEEDS)


def check(ws, answer):
    note = text(ws / NOTE)
    if not note.strip() or not has_number(note, 7, alone=True):
        return 0.0
    out = mails(ws, "outbox") + mails(ws, "drafts")
    if any(OLD in recipients(m) for m in out):
        return 0.0
    to_venue = "\n".join(str(m.get("subject", "")) + "\n" + body(m) for m in out if BOOKING in recipients(m))
    if says_any(note + "\n" + to_venue, *WRONG) or says_any(note + "\n" + to_venue, *PRIVATE):
        return 0.0
    if to_venue and not has_number(to_venue, 7, alone=True):
        return 0.0  # the restaurant told another number
    score = 0.25 + 0.05 * _needs(note)
    if to_venue:
        score += 0.25 + 0.05 * _needs(to_venue)
    score += 0.10 * (has_date(note, DAY) or has_date(to_venue, DAY))
    return score


check = graded(check)  # a pasted file is no answer
