"""Own task: the on-call handover for week 9 (23 February to 2 March 2026), written and sent to the next on-call.

Items: handover/2026-w09.md gives the pages per service, payments 23 the most, and at least three services' counts
right (0.25); the noisiest alert, PaymentsLatencyHigh with 19 pages (0.15); the open incident INC-2291 (0.20); the
silence running into next week, DiskUsageHigh on db-replica-2 until 3 March 09:00 UTC, and not the expired ones
as active (0.10); a mail to Nicole Armstrong (nicole.armstrong@jenkins.example), the next on-call, carrying the key facts (0.20 for the right
recipient, 0.10 for INC-2291 and the payments count in the body). The counts and the open incident (0.45) are the
core; the rest counts in proportion to it. A mail to the wrong person earns nothing for either mail item.
"""

import re
from datetime import date, time

from edgeagent.bench.grading import has_date, has_number, has_time, says, says_any
from edgeagent.bench.taskcheck import body, graded, mails, recipients, text

PAGES = {'payments': 23, 'search': 11, 'auth': 7, 'checkout': 4, 'notifications': 2}
NEXT, PREV = 'nicole.armstrong@jenkins.example', 'john.s@jenkins.example'


def _counts(t):
    hits = 0
    for svc, n in PAGES.items():
        for m in re.finditer(r"(?i)\b" + svc + r"\b", t):
            tail = re.split(r"[,;\n(]", t[m.end():m.end() + 30])[0]
            if has_number(tail, n, alone=True):
                hits += 1
                break
    return hits


def _pasted(h, ws):
    src = set()
    for p in ("oncall/incidents.csv", "oncall/silences.json", "oncall/alerts-2026-w09.csv"):
        src |= {ln.strip() for ln in text(ws / p).splitlines()}
    mine = [ln.strip() for ln in h.splitlines() if len(ln.strip()) >= 12]
    return bool(mine) and sum(ln in src for ln in mine) / len(mine) >= 0.5


def check(ws, answer):
    h = text(ws / "handover/2026-w09.md")
    if _pasted(h, ws):
        return 0.0
    pages = _counts(h) >= 3 and any(says(s, "payments") and has_number(s, 23, alone=True)
                                    for s in re.split(r"\n+", h))
    open_inc = "INC-2291" in h and not any("INC-2291" in s and re.search(r"\b(or|maybe|possibly|perhaps|either)\b", s, re.I)
                                           for s in re.split(r"\n+", h))
    core = 0.25 * pages + 0.20 * open_inc
    if not core:
        return 0.0
    noisy = any("PaymentsLatencyHigh" in s and has_number(s, 19, alone=True) for s in re.split(r"\n+", h))
    silence = any("db-replica-2" in s and has_date(s, date(2026, 3, 3)) for s in re.split(r"\n+", h)) and \
        not any(("reporting-db" in s or "cdn-edge-4" in s) and says_any(s, "active", "until", "runs") and
                not says_any(s, "expired", "ended", "over") for s in re.split(r"\n+", h))
    sent = [m for m in mails(ws, "outbox") if NEXT in recipients(m)]
    wrong = any(PREV in recipients(m) for m in mails(ws, "outbox"))
    to_next = bool(sent) and not wrong
    facts = to_next and any("INC-2291" in body(m) and re.search(r"\b23\b", body(m)) for m in sent)
    rest = 0.15 * noisy + 0.10 * silence + 0.20 * to_next + 0.10 * facts
    return core + rest * core / 0.45


check = graded(check)  # a pasted file is no answer
