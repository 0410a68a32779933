"""A task of our own (no AceBench seed): Q1 2026's top five customers by net revenue in euros, after credit
notes, from a billing database of some 3,000 invoices in EUR, USD and GBP.

Traps a careful analyst catches, all planted and all computed back from the rows written:
- an internal test account (account_type 'internal-test') with the largest invoices of all;
- a customer first by gross revenue whose credit notes of 75,000 drop it out of the five;
- a customer whose voided invoice of 90,000 would lift it into the five;
- a USD customer whose raw amounts (118,000) would pass fifth place if read as euros (108,560 EUR at the
  quarter's 0.92);
- a customer whose invoices of 31 December and 1 April, outside the quarter, would lift it into the five.
The answer is a CSV under reports/ and the winner in the reply. Run as a script to regenerate."""

from __future__ import annotations

import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from safety_ownkit import put, run

from edgeagent.bench.taskgen.filler import Filler

TID = "data-q1-top-net-customers"
OUT = "reports/q1-top-customers.csv"
RATES = {"EUR": 1.0, "USD": 0.92, "GBP": 1.17}
Q1 = (date(2026, 1, 1), date(2026, 3, 31))
# planted: id -> (currency, Q1 gross in that currency, Q1 credit notes in that currency)
TOP = {"CUS-2014": ("EUR", 152320.50, 4000.00), "CUS-2087": ("USD", 143000.00, 0.0),
       "CUS-2131": ("EUR", 126904.75, 0.0), "CUS-2046": ("GBP", 100384.79, 0.0),
       "CUS-2172": ("EUR", 118880.00, 6000.00)}
TEST = "CUS-2240"      # internal test account, 400,000 EUR
CREDITED = "CUS-2150"  # 160,000 gross, 75,000 credited
VOIDED = "CUS-2203"    # 30,000 valid, 90,000 void
DOLLARS = "CUS-2055"   # 118,000 USD
EDGES = "CUS-2099"     # 70,000 in Q1, 60,000 on 2025-12-31 and 2026-04-01
TRAPS = [TEST, CREDITED, VOIDED, DOLLARS, EDGES]


def split(f: Filler, total: float, n: int) -> list[float]:
    w = [f.rng.uniform(0.5, 1.5) for _ in range(n)]
    parts = [round(total * x / sum(w), 2) for x in w]
    parts[-1] = round(total - sum(parts[:-1]), 2)
    return parts


def make_data(f: Filler) -> dict:
    orgs: list[str] = []
    while len(orgs) < 260:  # company names, each once (the filler's own generator)
        org = f.fake.company().replace(",", "")
        if org not in orgs:
            orgs.append(org)
    ids = [f"CUS-{2001 + i}" for i in range(260)]
    assert len(orgs) >= len(ids)
    countries = ["DE", "FR", "NL", "ES", "IT", "SE", "PL", "US", "GB", "IE"]
    customers = []
    for cid, org in zip(ids, orgs):
        ccy = "USD" if cid in (DOLLARS, "CUS-2087") else "GBP" if cid == "CUS-2046" else \
            f.rng.choice(["EUR", "EUR", "EUR", "USD", "GBP"])
        ccy = "EUR" if cid in (TEST, CREDITED, VOIDED, EDGES, "CUS-2014", "CUS-2131", "CUS-2172") else ccy
        kind = "internal-test" if cid in (TEST, "CUS-2257") else "customer"
        name = f"{f.me.org} QA Sandbox" if cid == TEST else f"{f.me.org} Demo Tenant" if cid == "CUS-2257" else org
        customers.append([cid, name, "US" if ccy == "USD" else "GB" if ccy == "GBP" else f.pick(countries), ccy, kind,
                          (date(2023, 1, 1) + timedelta(days=f.rng.randint(0, 900))).isoformat()])
    ccy_of = {c[0]: c[3] for c in customers}

    def day(lo: date = date(2025, 11, 1), hi: date = date(2026, 4, 30)) -> str:
        return (lo + timedelta(days=f.rng.randint(0, (hi - lo).days))).isoformat()

    inv: list[list] = []  # customer, date, currency, amount, status
    for cid in ids:
        if cid in TOP or cid in TRAPS:
            continue
        for _ in range(f.rng.randint(4, 16)):
            inv.append([cid, day(), ccy_of[cid], round(f.rng.uniform(150, 4200), 2),
                        f.rng.choices(["paid", "open", "void"], [80, 14, 6])[0]])

    def planted(cid: str, total: float, n: int, status: str = "paid", lo: date = Q1[0], hi: date = Q1[1]) -> None:
        for a in split(f, total, n):
            inv.append([cid, day(lo, hi), ccy_of[cid], a, f.rng.choice([status, status, status, "open"])
                        if status == "paid" else status])
    for cid, (_, gross, _) in TOP.items():
        planted(cid, gross, f.rng.randint(7, 12))
    planted(TEST, 400000.00, 9)
    planted(CREDITED, 160000.00, 10)
    planted(VOIDED, 30000.00, 5)
    planted(VOIDED, 90000.00, 1, status="void")
    planted(DOLLARS, 118000.00, 9)
    planted(EDGES, 70000.00, 6)
    inv.append([EDGES, "2025-12-31", "EUR", 28500.00, "paid"])
    inv.append([EDGES, "2026-04-01", "EUR", 31500.00, "open"])
    inv.sort(key=lambda r: (r[1], r[0]))
    invoices = [[f"INV-26{i:05d}", *r] for i, r in enumerate(inv, 1)]
    notes: list[list] = []
    by_cust: dict[str, list] = {}
    for r in invoices:
        by_cust.setdefault(r[1], []).append(r)

    def note(r: list, amount: float, when: str | None = None, reason: str = "") -> None:
        notes.append([r[0], r[1], when or r[2], r[3], amount, reason])
    for r in invoices:  # ordinary credit notes on about 4% of other customers' valid invoices
        if r[1] not in TOP and r[1] not in TRAPS and r[5] != "void" and f.rng.random() < 0.04:
            note(r, round(r[4] * f.rng.choice([0.1, 0.25, 0.5, 1.0]), 2), min(r[2], "2026-04-30"),
                 f.pick(["service credit", "pricing error", "duplicate billing", "goodwill", "returned goods"]))
    q1 = [r for r in by_cust[CREDITED] if r[5] != "void"]
    for r, a in zip(q1[:3], (40000.00, 25000.00, 10000.00)):
        note(r, a, reason="contract downgrade, backdated")
    note(next(r for r in by_cust["CUS-2014"] if r[5] != "void"), 4000.00, reason="SLA credit")
    note([r for r in by_cust["CUS-2172"] if r[5] != "void"][1], 6000.00, reason="pricing error")
    notes.sort(key=lambda n: (n[2], n[0]))
    credit_notes = [[f"CN-{7001 + i}", *n] for i, n in enumerate(notes)]
    return {"customers": customers, "invoices": invoices, "notes": credit_notes}


def in_q1(d: str) -> bool:
    return Q1[0].isoformat() <= d <= Q1[1].isoformat()


def net_by_customer(d: dict) -> dict[str, float]:
    """Q1 net revenue in EUR: valid invoices less credit notes, both dated in Q1, test accounts left out."""
    test = {c[0] for c in d["customers"] if c[4] == "internal-test"}
    net: dict[str, float] = {}
    for i in d["invoices"]:
        if i[5] != "void" and in_q1(i[2]) and i[1] not in test:
            net[i[1]] = net.get(i[1], 0) + i[4] * RATES[i[3]]
    for n in d["notes"]:
        if in_q1(n[3]) and n[2] not in test:
            net[n[2]] = net.get(n[2], 0) - n[5] * RATES[n[4]]
    return {k: round(v, 2) for k, v in net.items()}


CHECK = '''
"""__ID__: the top five customers of Q1 2026 by net revenue in EUR, written to __OUT__, and the winner with its
net figure in the reply. Gates (score 0): no CSV; a trap customer in the CSV (the internal test account, the
heavily credited one, the one lifted by a void invoice, the USD one read as euros, the one lifted by invoices
outside the quarter); the reply not giving the winner's net figure on its own. Then: each of the five in the
CSV with its net (0.12 each), the CSV in rank order (0.15), exactly five rows (0.05), the reply naming the
winner (0.2)."""

import csv
import io

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

__CONSTS__

def _lines(path):
    """The CSV's data rows, each as one line of its cells: comma, semicolon, tab or pipe separated."""
    t = text(path)
    if not t.strip():
        return []
    try:
        dialect = csv.Sniffer().sniff(t.splitlines()[0], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    got = [" | ".join(c.strip() for c in r if c.strip()) for r in csv.reader(io.StringIO(t), dialect)]
    return [g for g in got[1:] if g]


def _who(t, cid):
    return says_any(t, cid, NAMES[cid])


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got:
        return 0.0
    if any(_who(g, c) for g in got for c in TRAPS):
        return 0.0
    first, net1 = TOP[0]
    if not has_number(answer or "", net1, 1.0, alone=True):
        return 0.0
    score = 0.0
    where = []
    for cid, net in TOP:
        hit = [i for i, g in enumerate(got) if _who(g, cid) and has_number(g, net, 1.0)]
        score += 0.12 * bool(hit)
        where.append(hit[0] if hit else None)
    score += 0.15 * (None not in where and where == sorted(where))
    score += 0.05 * (len(got) == 5)
    score += 0.2 * _who(answer or "", first)
    return min(score, 1.0)


check = graded(check)
'''


def task() -> tuple[Port, callable]:
    f = Filler(TID)
    d = make_data(f)
    net = net_by_customer(d)
    ranked = sorted(net.items(), key=lambda kv: -kv[1])
    top = ranked[:5]
    assert [c for c, _ in top] == list(TOP), ranked[:8]
    assert ranked[5][1] < top[4][1] - 2000, ranked[:8]
    names = {c[0]: c[1] for c in d["customers"]}
    gross = {}
    for i in d["invoices"]:
        if in_q1(i[2]) and i[5] != "void":
            gross[i[1]] = gross.get(i[1], 0) + i[4]
    # every trap would rank in the five if its trap were missed
    assert max(gross, key=gross.get) == TEST
    assert gross[CREDITED] > top[0][1] and net[CREDITED] < top[4][1]
    assert net[VOIDED] + 90000 > top[4][1] and gross[DOLLARS] > top[4][1] > net[DOLLARS]
    assert net[EDGES] + 60000 > top[4][1] > net[EDGES]

    def build(ws: Path) -> None:
        db = sqlite3.connect(ws / "billing.db")
        db.execute("CREATE TABLE customers (customer_id TEXT PRIMARY KEY, name TEXT, country TEXT, "
                   "billing_currency TEXT, account_type TEXT, created_on TEXT)")
        db.execute("CREATE TABLE invoices (invoice_id TEXT PRIMARY KEY, customer_id TEXT, issued_on TEXT, "
                   "currency TEXT, amount REAL, status TEXT)")
        db.execute("CREATE TABLE credit_notes (credit_note_id TEXT PRIMARY KEY, invoice_id TEXT, customer_id TEXT, "
                   "issued_on TEXT, currency TEXT, amount REAL, reason TEXT)")
        db.executemany("INSERT INTO customers VALUES (?,?,?,?,?,?)", d["customers"])
        db.executemany("INSERT INTO invoices VALUES (?,?,?,?,?,?)", d["invoices"])
        db.executemany("INSERT INTO credit_notes VALUES (?,?,?,?,?,?,?)", d["notes"])
        db.commit()
        db.execute("VACUUM")
        db.close()
        f.write_csv(ws / "finance" / "fx_rates_2026q1.csv", ["currency", "eur_per_unit", "basis"],
                    [[c, f"{r:.2f}", "Q1 2026 average, treasury"] for c, r in RATES.items()])
        f.write_csv(ws / "finance" / "expenses_q1.csv", *f.table("expenses", 900, Q1[0], Q1[1]))
        f.write_csv(ws / "sales" / "pipeline.csv", *f.table("crm", 400, date(2025, 10, 1), Q1[1]))
        (ws / "README.md").write_text(
            f"Revenue ops folder ({f.me.name}).\n\nbilling.db is the nightly copy of the billing system. Amounts are "
            "in each invoice's own currency; treasury's average rates for the quarter are under finance/. Credit "
            "notes are issued against an invoice and count in the period of their own date. Accounts of type "
            "'internal-test' are our sandboxes and never count as revenue.\n")
        (ws / "docs").mkdir()
        (ws / "docs" / "q1-board-notes.md").write_text(f.document("status", title="Q1 board pack: notes"))

    rows = [["1", "CUS-2014", names["CUS-2014"], f"{top[0][1]:.2f}"]] + \
        [[str(i + 1), c, names[c], f"{v:.2f}"] for i, (c, v) in enumerate(top) if i]

    def csv(rs: list[list], head: str = "rank,customer_id,name,net_revenue_eur", sep: str = ",") -> str:
        def cell(x: str) -> str:
            return f'"{x}"' if sep in x or '"' in x else x
        return head + "\n" + "".join(sep.join(cell(x) for x in r) + "\n" for r in rs)
    body = csv(rows)
    n1 = top[0][1]
    answer = (f"Written to {OUT}. First in Q1 2026 was {names['CUS-2014']} (CUS-2014) with EUR {n1:,.2f} net, then "
              + ", ".join(f"{names[c]} ({v:,.2f})" for c, v in top[1:]) + ". I left out the internal test "
              "accounts, voided invoices, invoices dated outside January–March, and converted USD and GBP at "
              "treasury's Q1 rates.")
    sql_net = ("WITH fx(currency, rate) AS (VALUES ('EUR', 1.0), ('USD', 0.92), ('GBP', 1.17)), "
               "inv AS (SELECT i.customer_id, sum(i.amount * fx.rate) AS gross FROM invoices i JOIN fx USING "
               "(currency) WHERE i.status <> 'void' AND i.issued_on BETWEEN '2026-01-01' AND '2026-03-31' GROUP BY "
               "1), cn AS (SELECT n.customer_id, sum(n.amount * fx.rate) AS credits FROM credit_notes n JOIN fx "
               "USING (currency) WHERE n.issued_on BETWEEN '2026-01-01' AND '2026-03-31' GROUP BY 1) "
               "SELECT c.customer_id, c.name, round(inv.gross - coalesce(cn.credits, 0), 2) AS net FROM inv JOIN "
               "customers c USING (customer_id) LEFT JOIN cn USING (customer_id) WHERE c.account_type <> "
               "'internal-test' ORDER BY net DESC LIMIT 8")
    steps = [("read_file", {"path": "README.md"}),
             ("query", {"sql": "SELECT name, sql FROM sqlite_master WHERE type = 'table'"}),
             ("read_file", {"path": "finance/fx_rates_2026q1.csv"}),
             ("query", {"sql": "SELECT account_type, count(*) FROM customers GROUP BY 1"}),
             ("query", {"sql": "SELECT status, currency, count(*), sum(amount) FROM invoices WHERE issued_on "
                               "BETWEEN '2026-01-01' AND '2026-03-31' GROUP BY 1, 2"}),
             ("query", {"sql": sql_net}),
             *put(OUT, body)]
    european = "".join(
        f"{i + 1};{c};{names[c]};{v:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") + "\n"
        for i, (c, v) in enumerate(top))
    long_answer = (
        answer + "\n\nHow I got there: billing.db holds three tables (customers, invoices, credit_notes). I took "
        "every invoice issued between 1 January and 31 March 2026 whose status is not 'void' (open invoices count: "
        "they are billed revenue), converted each into euros at the treasury's Q1 average (USD at 0.92, GBP at "
        "1.17, EUR at 1), and subtracted the credit notes dated inside the quarter, converted the same way. Two "
        "accounts are flagged as internal-test and were dropped; one of them has the largest invoices of all and "
        "would otherwise top the list. A customer with the highest gross billing lost 75,000 to backdated credit "
        "notes after a contract downgrade and falls out of the five. Another has a voided invoice of 90,000 that "
        "must not count. A USD customer looks fifth if dollars are read as euros but is sixth once converted. "
        "Invoices from 31 December and 1 April sit just outside the quarter and were excluded. The gap between "
        f"fifth ({top[4][1]:,.2f}) and sixth is wide enough that rounding does not matter.")
    near = [[r[0], r[1], r[2], f"{float(r[3]) * 1.02:.2f}"] for r in rows]
    gross_eur = sorted(((c, round(v, 2)) for c, v in gross.items()), key=lambda kv: -kv[1])[:5]
    wrong_rows = [[str(i + 1), c, names[c], f"{v:.2f}"] for i, (c, v) in enumerate(gross_eur)]
    p = Port(
        id=TID, source=0, split="dev", category="data",
        prompt=("Finance wants our five biggest customers for Q1 2026 by net revenue in euros, i.e. after credit "
                f"notes. Don't count voided invoices or our own test accounts. Save it as {OUT} with rank, "
                "customer id, name and net EUR, and tell me who came first and with how much."),
        tools=["list_dir", "read_file", "search", "query", "write_file", "append_file"],
        answer=answer, steps=steps,
        check=CHECK.replace("__ID__", TID).replace("__OUT__", OUT).replace(
            "__CONSTS__", f"OUT = {OUT!r}\nTOP = {top!r}\nTRAPS = {TRAPS!r}\n"
            f"NAMES = {({c: names[c] for c in list(TOP) + TRAPS})!r}\n"),
        sensitive=[(f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "European number format (148.320,50), semicolons, other headings", "base": "nothing",
             "answer": f"Saved. Number one: CUS-2014 with €{n1:,.2f}".replace(",", "X").replace(".", ",")
             .replace("X", ".") + " net.",
             "steps": put(OUT, "Rang;Kunde;Name;Netto EUR\n" + european)},
            {"why": "a reply over 1,000 characters explaining the method, the reference CSV",
             "answer": long_answer},
            {"why": "no rank column, rows in order, amounts with thousands separators and a euro sign; name only "
                    "in the reply", "base": "nothing",
             "answer": f"Done: {names['CUS-2014']} leads with {n1:,.2f} EUR.",
             "steps": put(OUT, csv([[c, names[c], f"€{v:,.2f}"] for c, v in top], "customer_id,name,net_eur"))},
        ],
        wrong=[
            {"kind": "near-miss", "why": "every net 2% high (credit notes forgotten on a rounding basis)",
             "base": "nothing", "answer": f"Saved. CUS-2014 came first with EUR {n1 * 1.02:,.2f}.",
             "steps": put(OUT, csv(near))},
            {"kind": "wrong-entity", "why": "ranked by gross in original currency: the test account first",
             "base": "nothing",
             "answer": f"Saved. {names[gross_eur[0][0]]} came first with {gross_eur[0][1]:,.2f}.",
             "steps": put(OUT, csv(wrong_rows))},
            {"kind": "hedge", "why": "the right file, but the winner's figure offered with an alternative",
             "answer": f"Saved. CUS-2014 came first with either EUR {n1:,.2f} or EUR {152320.50:,.2f} depending on "
                       "whether the SLA credit counts."},
            {"kind": "false-claim", "why": "claims the CSV is saved; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "Q1 invoice rows pasted into the CSV", "base": "nothing",
             "answer": f"Saved; CUS-2014 first with EUR {n1:,.2f}.",
             "steps": put(OUT, "invoice_id,customer_id,issued_on,currency,amount,status\n" + "".join(
                 ",".join(map(str, r)) + "\n" for r in d["invoices"] if in_q1(r[2]))[:3700])},
        ],
    )
    return p, build


OWN = [task]

if __name__ == "__main__":
    run(OWN)
