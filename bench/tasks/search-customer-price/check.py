"""search-customer-price: the reply to Stacey Tran with Davis Meyer and Jones's last agreed per-seat price.

Gates (0): no mail to Stacey; a reply pasted from the workspace; EUR 37.25 missing or hedged (37.00
was the customer's counter, 37.80 our offer, 39.50 amendment 1, 35.00 another account's); a price in
doubt (probably, maybe); a sentence calling another price the agreed, current or last one. Then 0.60 the price; 0.20 its start, 1 March 2026; 0.10 where it was agreed
(amendment 2, or the sales director's mail); 0.10 said per seat (per month)."""

import re
from datetime import date

from edgeagent.bench.grading import has_amount, has_date, has_number, names_person, says, says_any
from edgeagent.bench.taskcheck import body, graded, sent_to, tokens

TO = 'stacey.tran@velazquez.example'
DIRECTOR = 'Gerald Ramirez'


def _pasted(ws, reply):
    """Three fifths of the reply's 5-word runs found in the seed's files (what was sent left out)."""
    mine = tokens(reply)
    if len(mine) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.relative_to(ws).parts[0] != "outbox"]
    hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    runs = {tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}
    return len(runs & grams) >= 0.6 * len(runs)


def check(workspace, answer):
    mine = [body(m) for m in sent_to(workspace, TO)]
    if not mine:
        return 0.0
    t = "\\n".join(mine)
    if _pasted(workspace, t):
        return 0.0
    if not (has_amount(t, 37.25, "EUR", alone=True) or has_number(t, 37.25, alone=True)):
        return 0.0
    if says_any(t, "probably", "maybe", "perhaps", "not sure", "unsure", "should say"):
        return 0.0
    for s in re.split(r"(?<=[.;!?])\s+|\n", t):  # another price called the agreed or current one
        if says_any(s, "agreed", "current", "last", "now") and not has_number(s, 37.25) and \
                any(has_number(s, v) for v in (35.0, 36.0, 37.0, 37.8, 39.5, 42.0)):
            return 0.0
    score = 0.60
    score += 0.20 * has_date(t, date(2026, 3, 1))
    score += 0.10 * (says_any(t, "amendment 2", "second amendment", "amendment no 2", "amendment #2")
                     or names_person(t, DIRECTOR))
    score += 0.10 * says_any(t, "seat", "seats", "per user", "/user", "licence", "license")
    return score


check = graded(check)
