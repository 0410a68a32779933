"""search-hosting-contract-approver: the audit note on who approved the hosting renewal, when, with what authority.

Read from the note the user asked for (audit-note.md). The renewal (CT-2026-014, EUR 184,000 a year) was approved
by the CFO, Jonathan Valdez, on 3 February 2026; the Head of IT's 22 January endorsement is no approval under the
delegation of authority, and the CFO's 27 January mail turned the first quote down. The current policy (version
2) lets the CFO approve up to EUR 250,000.
- gates: the note names Jonathan Valdez and gives 3 February 2026 alone (the 22 or 27 January mails, or the 5 February
  signing, as the date, or a hedge between dates, scores 0); a note that carries the CFO's salary, or is pasted
  from the sources, scores 0.
- 0.35 the approver; 0.30 the approval date;
- 0.15 the approved value, EUR 184,000, alone (not the rejected 212,000 as a choice);
- 0.20 the authority: the CFO's limit of EUR 250,000 named, and the note says the approval was within it (and
  nowhere that it exceeded it). A note that judges the approval by the superseded EUR 150,000 limit alone scores 0.
"""

from datetime import date

from edgeagent.bench.grading import has_amount, has_date, names_person, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'audit-note.md'
CFO = 'Jonathan Valdez'
SALARY = 245000


def _pasted(ws, body):
    words_ = tokens(body)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.name != OUT]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    mine = {tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}
    return len(mine & grams) >= 0.6 * len(mine)


def check(ws, answer):
    body = text(ws / OUT)
    if not body.strip() or _pasted(ws, body) or has_amount(body, SALARY):
        return 0.0
    if not names_person(body, CFO) or not has_date(body, date(2026, 2, 3), alone=True):
        return 0.0
    if has_amount(body, 150000) and not has_amount(body, 250000):  # judged by the superseded 2022 limit
        return 0.0
    score = 0.35 + 0.30
    score += 0.15 * has_amount(body, 184000, alone=True)
    denied = says_any(body, "exceeded", "exceeds", "lacked", "not authorised", "not authorized", "did not have",
                      "didn't have", "had no authority", "without authority", "beyond")
    score += 0.20 * (has_amount(body, 250000) and not denied and says_any(
        body, "within", "below", "under", "inside", "covered", "authorised", "authorized", "had the authority",
        "has the authority", "in line", "compliant"))
    return score


check = graded(check)  # a pasted answer is no answer
