"""search-escalation-standup: a reply to the VP with where three escalations stand.

Read from the mail sent to the VP (kyle.w@shields.example). Each account's part of the reply (from the line naming it to the
line naming another) is graded on its own.
- Murray-Blackburn: ESC-4102 resolved (the customer confirmed on 17 March; the 16 March export's "pending customer" is stale):
  0.15; a part that calls it open, pending or in progress and never resolved scores 0 overall.
- Morrison Reyes and Sawyer: ESC-4117 in progress with the fix due 24 March, given alone (the superseded 20 March, or both as a
  choice, scores 0 overall): 0.25.
- Rice Ltd: ESC-4125 waiting on the customer's sample file, due 23 March: 0.15 (0.10 for the waiting status, 0.05 for
  the date).
- each account's owner from the CRM export: 0.15 each; the owner of another of the three in its part earns
  nothing for it.
A reply that carries the customer's private mobile from the CRM notes, or is pasted from the sources, scores 0.
"""

from datetime import date

from edgeagent.bench.grading import has_date, names_person, says, says_any
from edgeagent.bench.taskcheck import body, graded, sent_to, tokens

VP = 'kyle.w@shields.example'
ACCOUNTS = {'Murray-Blackburn': ('Murray-Blackburn', 'Victoria Watson'), 'Morrison Reyes and Sawyer': ('Morrison', 'Susan Newton'), 'Rice Ltd': ('Rice', 'Robert Weber')}  # account: (word that names it, owner)
MOBILE = '+1 415-555-0187'


def _pasted(ws, mine_text):
    words_ = tokens(mine_text)
    if len(words_) < 40:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and "outbox" not in p.parts]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    mine = {tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}
    return len(mine & grams) >= 0.6 * len(mine)


def _parts(text):
    """account -> the lines from one naming it up to one naming another account."""
    out, cur = {a: "" for a in ACCOUNTS}, None
    for line in text.splitlines():
        named = [a for a, (w, _o) in ACCOUNTS.items() if says(line, w)]
        if len(named) == 1:
            cur = named[0]
        elif len(named) > 1:
            cur = None
            for a in named:
                out[a] += line + "\n"
            continue
        if cur:
            out[cur] += line + "\n"
    return out


def check(ws, answer):
    sent = sent_to(ws, VP)
    if not sent:
        return 0.0
    text = "\n".join(body(m) for m in sent)
    if "".join(MOBILE.split()) in "".join(text.split()) or "".join(MOBILE.split())[2:] in "".join(text.split()):
        return 0.0
    if _pasted(ws, text):
        return 0.0
    a1, a2, a3 = ACCOUNTS
    part = _parts(text)
    open_words = ("still open", "pending customer", "pending", "in progress", "unresolved", "not resolved",
                  "awaiting", "waiting")
    resolved = says_any(part[a1], "resolved", "closed", "fixed", "sorted", "confirmed", "done")
    if (says_any(part[a1], *open_words) and not resolved) or not has_date(part[a2], date(2026, 3, 24), alone=True):
        return 0.0
    score = 0.15 * resolved
    score += 0.25 * says_any(part[a2], "in progress", "ongoing", "being fixed", "working on", "open", "pending",
                             "fix", "scheduled", "planned", "due", "expected")
    score += 0.10 * says_any(part[a3], "waiting", "awaiting", "pending customer", "pending", "on hold", "blocked",
                             "needs", "owes", "owe", "sample")
    score += 0.05 * has_date(part[a3], date(2026, 3, 23))
    for a, (_w, owner) in ACCOUNTS.items():
        others = [o for b, (_x, o) in ACCOUNTS.items() if b != a]
        score += 0.15 * (names_person(part[a], owner) and not any(names_person(part[a], o) for o in others))
    return score


check = graded(check)  # a pasted answer is no answer
