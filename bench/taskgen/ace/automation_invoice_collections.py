"""Own task (Automation): the monthly collections run. From the invoice ledger (~3,000 invoices), the customer
list and the collections policy: remind each customer with open invoices 31-90 days past due, one mail each
listing only their own invoices and total; hand anything over 90 days to legal instead; never chase a disputed
invoice. Three reminders, one escalation, and a disputed customer to leave alone."""

from __future__ import annotations

import random
import re
from datetime import date, datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-automation-invoice-collections"
TODAY = date(2026, 3, 2)
LEGAL = "legal@northwind-tools.example"
# customer -> open invoices (number, days past due, amount EUR)
REMIND = {"C-1042": [("INV-25-1187", 41, 1840.00), ("INV-26-0031", 33, 615.50)],
          "C-1107": [("INV-25-1203", 58, 9120.00)],
          "C-1215": [("INV-25-1150", 77, 2300.00), ("INV-26-0012", 45, 480.00), ("INV-26-0040", 31, 1275.25)]}
ESCALATE = {"C-1009": [("INV-25-0988", 124, 5600.00)]}
DISPUTED = {"C-1188": [("INV-25-1199", 52, 3390.00)]}
NOT_YET = {"C-1301": [("INV-26-0077", 30, 740.00)], "C-1107": [("INV-26-0081", 12, 990.00)]}


def _customers(f: Filler) -> dict[str, tuple[str, str, str]]:
    out = {}
    ids = sorted({*REMIND, *ESCALATE, *DISPUTED, *NOT_YET} | {f"C-{1000 + i}" for i in range(1, 320, 3)})
    for cid in ids:
        org = re.sub(r"[,]", "", f.fake.company())
        p = f.person(domain=re.sub(r"[^a-z0-9]", "", org.split()[0].lower()) + "-co.example", org=org)
        out[cid] = (org, p.name, p.email)
    return out


def _ledger(rng: random.Random, customers: dict) -> list[list[str]]:
    rows, n = [], 0
    planted = [(c, inv, d, a, "open") for g in (REMIND, ESCALATE, NOT_YET) for c, lst in g.items()
               for inv, d, a in lst] + [(c, inv, d, a, "disputed") for c, lst in DISPUTED.items() for inv, d, a in lst]
    used = {p[1] for p in planted}
    for c, inv, d, a, st in planted:
        due = TODAY - timedelta(days=d)
        rows.append([inv, c, (due - timedelta(days=30)).isoformat(), due.isoformat(), f"{a:.2f}", "EUR", st])
    while len(rows) < 3000:
        n += 1
        issued = date(2025, 1, 2) + timedelta(days=rng.randint(0, 420))
        inv = f"INV-{issued:%y}-{rng.randint(1400, 9999):04d}"
        if inv in used:
            continue
        used.add(inv)
        due = issued + timedelta(days=30)
        status = "paid" if due < TODAY - timedelta(days=5) or rng.random() < 0.5 else "open"
        if status == "open" and due < TODAY:
            status = "paid"
        rows.append([inv, rng.choice(list(customers)), issued.isoformat(), due.isoformat(),
                     f"{rng.uniform(90, 12000):.2f}", "EUR", status])
    rows.sort(key=lambda r: r[2])
    return rows


POLICY = f"""\
# Collections policy

- Run on the first working day of the month.
- Remind customers whose open invoices are more than 30 days past their due date: one mail per customer, to the
  billing contact on file, listing that customer's overdue invoices (number, due date, amount) and the total.
  Never show one customer another customer's invoices.
- Invoices more than 90 days past due are not reminded: send them to {LEGAL} for the formal demand.
- Disputed invoices are never chased while the dispute is open.
- Amounts in EUR as invoiced.
"""


def _build(ws: Path) -> dict:
    f = Filler(SEED, domain="northwind-tools.example")
    rng = random.Random(1401)
    cust = _customers(f)
    (ws / "billing").mkdir()
    (ws / "billing" / "invoices.csv").write_text("invoice_no,customer_id,issued,due,amount,currency,status\n" + "\n".join(
        ",".join(r) for r in _ledger(rng, cust)) + "\n")
    (ws / "billing" / "customers.csv").write_text("customer_id,company,billing_contact,billing_email\n" + "\n".join(
        f"{c},{o},{n},{e}" for c, (o, n, e) in sorted(cust.items())) + "\n")
    (ws / "docs").mkdir()
    (ws / "docs" / "collections-policy.md").write_text(POLICY)
    (ws / "docs" / "reminder-template.md").write_text(
        "Subject: Overdue invoices - {company}\n\nDear {contact},\n\nOur records show the following invoices as "
        "overdue:\n\n{invoice lines}\n\nTotal: {total} EUR\n\nPlease arrange payment or let us know if anything is "
        "unclear.\n\nAccounts receivable, Northwind Tools\n")
    f.write_mailbox(ws / "inbox", f.mailbox(40, datetime(2026, 2, 2), datetime(2026, 3, 1, 18)))
    return {c: cust[c] for c in [*REMIND, *ESCALATE, *DISPUTED, *NOT_YET]}


CHECK = '''\
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

REMIND = {remind!r}  # billing email -> [(invoice, amount)]
ESCALATE = {escalate!r}
LEGAL = {legal!r}
ALL_INVOICES = set({all_invoices!r})


def check(ws, answer):
    out = mails(ws, "outbox")
    by = {{}}
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
        t = str(m.get("subject", "")) + "\\n" + body(m)
        mine = {{i for i, _a in inv}}
        if any(i in t for i in ALL_INVOICES - mine):
            return 0.0  # another customer's invoices shown: the one thing the policy forbids outright
        lists = lists and all(i in t for i in mine)
        total = round(sum(a for _i, a in inv), 2)
        totals = totals and (has_amount(t, total, "EUR", alone=True) or has_number(t, total, alone=True))
    legal = [m for m in out if LEGAL in recipients(m)]
    esc = len(legal) >= 1 and all(i in body(legal[0]) + str(legal[0].get("subject", "")) for i in ESCALATE)
    expected = set(REMIND) | {{LEGAL}}
    extra = any(not (recipients(m) <= expected) for m in out)
    return 0.30 + 0.30 * lists + 0.15 * totals + 0.15 * esc + 0.10 * (not extra)


check = graded(check)  # a pasted file is no answer
'''


def task():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        cust = _build(Path(tmp))
    steps = [
        ("read_file", {"path": "docs/collections-policy.md"}),
        ("query", {"sql": "SELECT i.customer_id, c.billing_email, i.invoice_no, i.due, i.amount FROM invoices i JOIN "
                          "customers c ON c.customer_id = i.customer_id WHERE i.status = 'open' AND i.due < "
                          "'2026-01-31' ORDER BY i.customer_id, i.due"}),
        ("read_file", {"path": "docs/reminder-template.md"}),
    ]
    due_str = {inv: (TODAY - timedelta(days=d)).strftime("%-d %B %Y") for g in (REMIND, ESCALATE) for lst in g.values()
               for inv, d, _a in lst}

    def reminder(cid: str) -> tuple[str, dict]:
        org, name, email = cust[cid]
        lines = "\n".join(f"- {inv}, due {due_str[inv]}: {a:,.2f} EUR" for inv, _d, a in REMIND[cid])
        total = sum(a for _i, _d, a in REMIND[cid])
        return email, {"to": email, "subject": f"Overdue invoices - {org}", "body":
                       f"Dear {name},\n\nOur records show the following invoices as overdue:\n\n{lines}\n\nTotal: "
                       f"{total:,.2f} EUR\n\nPlease arrange payment or let us know if anything is unclear.\n\n"
                       "Accounts receivable, Northwind Tools"}
    for cid in REMIND:
        steps.append(("send_mail", reminder(cid)[1]))
    inv, d, a = ESCALATE["C-1009"][0]
    esc_body = (f"Hello,\n\nPlease start the formal demand for {cust['C-1009'][0]} (C-1009): invoice {inv}, due "
                f"{due_str[inv]}, {a:,.2f} EUR, now {d} days past due.\n\nAccounts receivable")
    steps.append(("send_mail", {"to": LEGAL, "subject": f"Formal demand: {inv} ({cust['C-1009'][0]})",
                                "body": esc_body}))
    answer = ("Sent three reminders: " + "; ".join(f"{cust[c][0]} ({', '.join(i for i, _d, _a in REMIND[c])})"
                                                  for c in REMIND) +
              f". {inv} ({cust['C-1009'][0]}, {d} days overdue) went to legal. {cust['C-1188'][0]}'s overdue invoice "
              "is disputed, so no reminder; invoices 30 days or less past due wait for next month.")
    emails = {c: cust[c][2] for c in cust}
    check = CHECK.format(remind={emails[c]: [(i, a) for i, _d, a in REMIND[c]] for c in REMIND},
                         escalate=[i for i, _d, _a in ESCALATE["C-1009"]], legal=LEGAL,
                         all_invoices=sorted({i for g in (REMIND, ESCALATE, DISPUTED, NOT_YET) for lst in g.values()
                                              for i, _d, _a in lst}))
    alt_steps = []
    for cid, invs in REMIND.items():
        _org, name, email = cust[cid]
        total = sum(a for _i, _d, a in invs)
        alt_steps.append(("send_mail", {"to": email, "subject": "Payment reminder", "body":
                          f"Hello {name.split()[0]}, a reminder that " + " and ".join(
                              f"{i} (EUR {a:.2f})" for i, _d, a in invs) + f" are overdue, EUR {total:.2f} "
                          "in all. Thanks!"}))
    alt_steps.append(("send_mail", {"to": LEGAL, "subject": "Over 90 days", "body": f"{inv}: please take over."}))
    right = [
        dict(why="the reference run, a short answer", answer="Reminders and the legal hand-over are sent."),
        dict(why="terse mails, amounts as 'EUR 1840.00', totals in words order", base="nothing", answer="Done.",
             steps=alt_steps),
        dict(why="extra true detail in the answer", answer=answer + " C-1301's invoice is exactly 30 days overdue."),
    ]
    c1, c2, c3 = (cust[c] for c in REMIND)
    everyone = ", ".join(e for _o, _n, e in (c1, c2, c3))
    all_body = "\n".join(f"{cust[c][0]}: " + ", ".join(f"{i} {a:.2f} EUR" for i, _d, a in REMIND[c]) for c in REMIND)
    wrong = [
        dict(kind="near-miss", why="a 60-day threshold: C-1042 and C-1215's recent invoices left out",
             base="nothing", answer="Sent.", steps=[s for s in steps if s[0] == "send_mail"
                                                    and s[1]["to"] == c2[2]]),
        dict(kind="wrong-entity", why="the disputed customer reminded instead of C-1107", base="nothing",
             answer="Sent.", steps=[s for s in steps if s[0] == "send_mail" and s[1]["to"] in (c1[2], c3[2])] +
             [("send_mail", {"to": cust["C-1188"][2], "subject": "Overdue invoice", "body":
                             "INV-25-1199 (3,390.00 EUR) is overdue."})]),
        dict(kind="hedge", why="one mail to all three customers, everybody's invoices listed", base="nothing",
             answer="Sent one reminder to everyone.",
             steps=[("send_mail", {"to": everyone, "subject": "Overdue invoices", "body": all_body})]),
        dict(kind="false-claim", why="reports the run, sent nothing", base="nothing", answer=answer),
        dict(kind="dump", why="each reminder pastes the ledger's rows", base="nothing", answer="Sent.",
             steps=[("send_mail", {"to": e, "subject": "Overdue", "body": "invoice_no,customer_id,issued,due,amount\n"
                                   + all_body}) for _o, _n, e in (c1, c2, c3)]),
    ]
    port = Port("automation-invoice-collections", 0, "test",
                ("It's the first working day of March, so please do this month's collections run: follow our "
                 "collections policy against the invoice ledger and customer list, send whatever reminders are due "
                 "to the right billing contacts, hand over anything the policy says goes to legal, and give me a "
                 "short summary of who was chased and who wasn't."),
                ["list_dir", "read_file", "search", "query", "list_mail", "read_mail", "send_mail"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, category="automation",
                sensitive=[(cust["C-1188"][2], "pii", 0.5)])
    return port, _build


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
