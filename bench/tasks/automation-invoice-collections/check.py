"""Own task: the March collections run (today 2 March 2026).

Items: reminders to exactly the three customers due one (C-1042, C-1107, C-1215), one mail each to their billing
contact, none showing another customer's invoices (0.30, the gate: a run that reminds the wrong customers, puts
several in one mail or shows one customer another's debts scores 0); each reminder lists all of that customer's
overdue invoices (0.30); each
gives its total (0.15); the invoice past 90 days sent to legal (0.15); nobody else mailed, the disputed customer
least of all (0.10).
"""

from edgeagent.bench.grading import has_amount, has_number
from edgeagent.bench.taskcheck import body, graded, mails, recipients

REMIND = {'jennifer@davis-co.example': [('INV-25-1187', 1840.0), ('INV-26-0031', 615.5)], 'michelle.brewer@martin-co.example': [('INV-25-1203', 9120.0)], 'kward@mendoza-co.example': [('INV-25-1150', 2300.0), ('INV-26-0012', 480.0), ('INV-26-0040', 1275.25)]}  # billing email -> [(invoice, amount)]
ESCALATE = ['INV-25-0988']
LEGAL = 'legal@northwind-tools.example'
ALL_INVOICES = set(['INV-25-0988', 'INV-25-1150', 'INV-25-1187', 'INV-25-1199', 'INV-25-1203', 'INV-26-0012', 'INV-26-0031', 'INV-26-0040', 'INV-26-0077', 'INV-26-0081'])


def check(ws, answer):
    out = mails(ws, "outbox")
    by = {}
    for m in out:
        rc = recipients(m)
        for e in REMIND:
            if e in rc:
                by.setdefault(e, []).append((m, rc))
    if set(by) != set(REMIND) or any(len(v) != 1 or len(v[0][1] & set(REMIND)) != 1 for v in by.values()):
        return 0.0
    lists = totals = True
    for e, inv in REMIND.items():
        m = by[e][0][0]
        t = str(m.get("subject", "")) + "\n" + body(m)
        mine = {i for i, _a in inv}
        if any(i in t for i in ALL_INVOICES - mine):
            return 0.0  # another customer's invoices shown: the one thing the policy forbids outright
        lists = lists and all(i in t for i in mine)
        total = round(sum(a for _i, a in inv), 2)
        totals = totals and (has_amount(t, total, "EUR", alone=True) or has_number(t, total, alone=True))
    legal = [m for m in out if LEGAL in recipients(m)]
    esc = len(legal) >= 1 and all(i in body(legal[0]) + str(legal[0].get("subject", "")) for i in ESCALATE)
    expected = set(REMIND) | {LEGAL}
    extra = any(not (recipients(m) <= expected) for m in out)
    return 0.30 + 0.30 * lists + 0.15 * totals + 0.15 * esc + 0.10 * (not extra)


check = graded(check)  # a pasted file is no answer
