"""A task of our own (no AceBench seed): March 2026 budget against actual per cost centre, in euros, from a
general ledger of some 4,000 journal lines in SQLite and a budget CSV; a CSV with budget, actual and variance
per cost centre, and the worst overspend in the reply.

Traps a careful analyst catches, planted and computed back from the rows written:
- CC-215 (Events & Field Marketing) was renamed CC-220 (Field Marketing) during March: lines under both codes
  are one cost centre, budgeted under CC-220 only; together they are the worst overspend;
- Cloud Infrastructure (CC-310) books mostly in USD: read as euros it would look like the worst overspend;
- a 30,000 draft journal (status 'draft') in Facilities never posted;
- lines count in their accounting period, not their posting date: February's accruals posted on 2 March
  (People, 25,000) belong to February, and March's posted on 2 April belong to March.
Run as a script to regenerate."""

from __future__ import annotations

import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from safety_ownkit import put, run

from edgeagent.bench.taskgen.filler import Filler

TID = "data-march-budget-variance"
OUT = "reports/march-budget-variance.csv"
RATES = {"EUR": 1.0, "USD": 0.925, "GBP": 1.165}
CCS = [("CC-110", "Finance"), ("CC-130", "People"), ("CC-220", "Field Marketing"), ("CC-240", "Brand"),
       ("CC-310", "Cloud Infrastructure"), ("CC-330", "Engineering Tools"), ("CC-510", "Facilities"),
       ("CC-610", "Customer Support")]
OLD = "CC-215"
WORST_OVER = 18450.30   # CC-220 with CC-215, March
CLOUD_OVER = 9012.75    # CC-310, true; its USD read as euros would be far more
ACCOUNTS = {"CC-110": ["6100 Audit fees", "6110 Bank charges", "6120 Software"],
            "CC-130": ["6200 Recruiting", "6210 Training", "6220 Benefits admin"],
            "CC-220": ["6300 Events", "6310 Sponsorships", "6320 Travel"],
            "CC-240": ["6400 Agency fees", "6410 Print", "6420 Media"],
            "CC-310": ["6500 Cloud hosting", "6510 CDN", "6520 Monitoring"],
            "CC-330": ["6600 Developer tools", "6610 CI minutes", "6620 Licences"],
            "CC-510": ["6700 Rent", "6710 Utilities", "6720 Maintenance"],
            "CC-610": ["6800 Support tooling", "6810 Outsourced support", "6820 Telephony"]}


def make_data(f: Filler) -> dict:
    r = f.rng
    vendors = f.vendors
    budget = {(cc, m): r.randint(40, 200) * 1000 for cc, _ in CCS for m in (1, 2, 3)}
    budget[("CC-310", 3)] = 150000
    lines = []  # posted_on, period, cc, account, vendor, description, amount, currency, status

    def spend(cc: str, m: int, total_eur: float, ccy: str = "EUR", code: str | None = None,
              first: date | None = None, last: date | None = None) -> None:
        n = r.randint(40, 70)
        w = [r.uniform(0.3, 1.7) for _ in range(n)]
        amounts = [round(total_eur / RATES[ccy] * x / sum(w), 2) for x in w]
        amounts[-1] = round(total_eur / RATES[ccy] - sum(amounts[:-1]), 2)
        lo = first or date(2026, m, 1)
        hi = last or (date(2026, m + 1, 1) - timedelta(days=1))
        for a in amounts:
            posted = lo + timedelta(days=r.randint(0, (hi - lo).days))
            if r.random() < 0.06:  # month-end accrual, posted early the next month, in its own period
                posted = date(2026, m + 1, r.randint(1, 4))
            lines.append([posted.isoformat(), f"2026-{m:02d}", code or cc, f.pick(ACCOUNTS[cc]), f.pick(vendors),
                          f.pick(["monthly invoice", "subscription", "expense claim", "accrual", "purchase order",
                                  "recharge"]), a, ccy, "posted"])
    for cc, _ in CCS:
        for m in (1, 2, 3):
            b = budget[(cc, m)]
            if m == 3 and cc in ("CC-220", "CC-310"):
                continue
            spend(cc, m, round(b * r.uniform(0.90, 1.02), 2), f.pick(["EUR", "EUR", "EUR", "GBP"]))
    b220 = budget[("CC-220", 3)]
    part = round((b220 + WORST_OVER) * 0.45, 2)
    spend("CC-220", 3, part, "EUR", code=OLD, last=date(2026, 3, 10))
    spend("CC-220", 3, round(b220 + WORST_OVER - part, 2), "EUR", first=date(2026, 3, 11))
    spend("CC-310", 3, round(150000 + CLOUD_OVER - 12000, 2), "USD")
    spend("CC-310", 3, 12000.00, "EUR")
    lines.append(["2026-03-27", "2026-03", "CC-510", "6720 Maintenance", f.pick(vendors),
                  "roof repair estimate (awaiting approval)", 30000.00, "EUR", "draft"])
    lines.append(["2026-03-02", "2026-02", "CC-130", "6200 Recruiting", f.pick(vendors),
                  "February agency fees accrual", 25000.00, "EUR", "posted"])
    # the accrual above belongs to February's total: keep February's own variance in range
    lines.sort(key=lambda x: (x[0], x[2]))
    gl = [[f"JE-{260001 + i}", *x] for i, x in enumerate(lines)]
    return {"budget": budget, "gl": gl}


def actuals(d: dict, *, merge: bool = True, fx: bool = True, drafts: bool = False,
            by_posting: bool = False) -> dict:
    """March actual in EUR per cost centre, computed from the rows written."""
    out = {cc: 0.0 for cc, _ in CCS}
    if not merge:
        out[OLD] = 0.0
    for _, posted, period, cc, _, _, _, amount, ccy, status in d["gl"]:
        month = posted[:7] if by_posting else period
        if month != "2026-03" or (status != "posted" and not drafts):
            continue
        key = "CC-220" if cc == OLD and merge else cc
        out[key] += amount * (RATES[ccy] if fx else 1)
    return {k: round(v, 2) for k, v in out.items()}


def variance(d: dict, **kw) -> dict:
    act = actuals(d, **kw)
    return {cc: round(a - d["budget"].get((cc, 3), 0), 2) for cc, a in act.items()}


CHECK = '''
"""__ID__: March 2026 budget against actual per cost centre in EUR, in __OUT__, and the worst overspend in the
reply. Gates (score 0): no CSV; CC-215 as a row of its own (it is CC-220 under its old code); the reply not
giving the worst overspend on its own. Then per cost centre its actual (0.06 each) and variance (0.03 each),
eight rows (0.08), the reply naming the cost centre (0.2)."""

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
        dialect = csv.Sniffer().sniff(t.splitlines()[0], delimiters=",;\\t|")
    except csv.Error:
        dialect = csv.excel
    got = [" | ".join(c.strip() for c in r if c.strip()) for r in csv.reader(io.StringIO(t), dialect)]
    return [g for g in got[1:] if g]


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got or any(says_any(g, OLD) and not says_any(g, "CC-220") for g in got):
        return 0.0
    worst = max(VARIANCE, key=VARIANCE.get)
    if not has_number(answer or "", VARIANCE[worst], 1.0, alone=True):
        return 0.0
    score = 0.0
    for cc, name in NAMES.items():
        mine = [g for g in got if says_any(g, cc) or says_any(g, name)]
        score += 0.06 * any(has_number(g, ACTUAL[cc], 1.0) for g in mine)
        score += 0.03 * any(has_number(g, VARIANCE[cc], 1.0) or has_number(g, -VARIANCE[cc], 1.0) for g in mine)
    score += 0.08 * (len(got) == len(NAMES))
    score += 0.2 * (says_any(answer or "", worst) or says_any(answer or "", NAMES[worst]))
    return min(score, 1.0)


check = graded(check)
'''


def task() -> tuple[Port, callable]:
    f = Filler(TID)
    d = make_data(f)
    act, var = actuals(d), variance(d)
    names = dict(CCS)
    worst = max(var, key=var.get)
    assert worst == "CC-220" and abs(var["CC-220"] - WORST_OVER) < 0.02, var
    assert abs(var["CC-310"] - CLOUD_OVER) < 0.02 and sorted(var.values())[-2] < WORST_OVER - 5000, var
    naive_fx = variance(d, fx=False)
    assert max(naive_fx, key=naive_fx.get) == "CC-310", naive_fx
    assert variance(d, merge=False)["CC-220"] < 0
    assert variance(d, drafts=True)["CC-510"] > var["CC-510"] + 29999
    assert variance(d, by_posting=True)["CC-130"] != var["CC-130"]

    def build(ws: Path) -> None:
        db = sqlite3.connect(ws / "ledger.db")
        db.execute("CREATE TABLE journal_lines (line_id TEXT PRIMARY KEY, posted_on TEXT, period TEXT, "
                   "cost_centre TEXT, account TEXT, counterparty TEXT, description TEXT, amount REAL, currency TEXT, "
                   "status TEXT)")
        db.executemany("INSERT INTO journal_lines VALUES (?,?,?,?,?,?,?,?,?,?)", d["gl"])
        db.execute("CREATE TABLE fx_month_avg (period TEXT, currency TEXT, eur_per_unit REAL)")
        db.executemany("INSERT INTO fx_month_avg VALUES (?,?,?)",
                       [(f"2026-{m:02d}", c, round(v + (m - 3) * 0.004 * (c != "EUR"), 3))
                        for m in (1, 2, 3) for c, v in RATES.items()])
        db.commit()
        db.execute("VACUUM")
        db.close()
        f.write_csv(ws / "finance" / "budget_2026.csv", ["cost_centre", "month", "budget_eur"],
                    [[cc, f"2026-{m:02d}", str(d["budget"][(cc, m)])] for cc, _ in CCS for m in (1, 2, 3)])
        f.write_csv(ws / "finance" / "cost_centres.csv", ["code", "name", "owner", "status", "note"],
                    [[cc, n, f.colleagues(1)[0].name, "active", ""] for cc, n in CCS] +
                    [[OLD, "Events & Field Marketing", "", "closed", ("renamed CC-220 Field Marketing during March 2026; "
                                                                  "old code still on some March postings")]])
        f.write_csv(ws / "finance" / "expenses_q1.csv", *f.table("expenses", 600, date(2026, 1, 1), date(2026, 3, 31)))
        (ws / "README.md").write_text(
            f"Controlling folder ({f.me.name}).\n\nledger.db is the GL extract; a line belongs to the month in its "
            "period column, whatever its posting date. Drafts are not posted. Amounts are in the line's currency; "
            "convert with the month's average rate in fx_month_avg. Budgets are in EUR.\n")
        (ws / "notes").mkdir()
        (ws / "notes" / "q1-forecast-review.md").write_text(f.document("status", title="Q1 forecast review"))

    def rowset(a: dict, v: dict) -> list[list[str]]:
        return [[cc, names[cc], f"{d['budget'][(cc, 3)]:.2f}", f"{a[cc]:.2f}", f"{v[cc]:.2f}",
                 f"{100 * v[cc] / d['budget'][(cc, 3)]:.1f}"] for cc, _ in CCS]
    head = "cost_centre,name,budget_eur,actual_eur,variance_eur,variance_pct\n"
    body = head + "".join(",".join(x) + "\n" for x in rowset(act, var))
    w = var[worst]
    answer = (f"Saved {OUT}. The worst overspend in March is {names[worst]} ({worst}): EUR {w:,.2f} over its "
              f"budget of {d['budget'][(worst, 3)]:,.0f}, counting the lines still booked under its old code "
              f"{OLD}. Cloud Infrastructure is {var['CC-310']:,.2f} over once its USD lines are converted.")
    steps = [("read_file", {"path": "README.md"}),
             ("read_file", {"path": "finance/cost_centres.csv"}),
             ("query", {"sql": "SELECT cost_centre, status, currency, count(*), sum(amount) FROM journal_lines "
                               "WHERE period = '2026-03' GROUP BY 1, 2, 3"}),
             ("query", {"sql": "SELECT * FROM fx_month_avg WHERE period = '2026-03'"}),
             ("query", {"sql": (
                 "WITH a AS (SELECT CASE cost_centre WHEN 'CC-215' THEN 'CC-220' ELSE cost_centre END AS cc, "
                 "round(sum(amount * fx.eur_per_unit), 2) AS actual FROM journal_lines j JOIN fx_month_avg fx ON "
                 "fx.period = j.period AND fx.currency = j.currency WHERE j.period = '2026-03' AND j.status = "
                 "'posted' GROUP BY 1) SELECT b.cost_centre, b.budget_eur, a.actual, round(a.actual - "
                 "b.budget_eur, 2) AS variance FROM budget_2026 b JOIN a ON a.cc = b.cost_centre WHERE b.month = "
                 "'2026-03' ORDER BY variance DESC")}),
             *put(OUT, body)]

    def de(x: float) -> str:
        return f"{x:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    eu = "Kostenstelle;Budget;Ist;Abweichung\n" + "".join(
        f"{cc} {names[cc]};{de(d['budget'][(cc, 3)])};{de(act[cc])};{de(var[cc])}\n" for cc, _ in CCS)
    signed = "cost centre\tactual\tunder(-)/over(+)\n" + "".join(
        f"{names[cc]}\t€{act[cc]:,.2f}\t{'+' if var[cc] > 0 else ''}{var[cc]:,.2f}\n" for cc, _ in CCS)
    long_answer = answer + (
        " Method: I took every journal line whose period is 2026-03 and whose status is posted, so the draft roof "
        "repair in Facilities (30,000) is out and the February accrual posted on 2 March is left in February, "
        "while the March accruals posted in early April are in. Each line was converted at March's average rate "
        "from fx_month_avg (USD at 0.925, GBP at 1.165). The lines booked under CC-215, Events & Field Marketing, "
        "are the same cost centre as CC-220 after its rename during March, so they were added to Field Marketing; "
        "without them Field Marketing would look under budget. Every other cost centre is within a few thousand "
        "euros of its budget, and the CSV gives budget, actual, variance and variance in percent for all eight.")
    near_v = {k: round(v * 1.03, 2) for k, v in var.items()}
    near_a = {k: round(d["budget"][(k, 3)] + near_v[k], 2) for k in var}
    nfx = variance(d, fx=False)
    nfx_a = actuals(d, fx=False)
    p = Port(
        id=TID, source=0, split="test", category="data",
        prompt=("Can you do March's budget vs actual by cost centre, all in euros? I need budget, actual and "
                f"variance for each cost centre in {OUT}, and tell me which one overspent the most and by how much. "
                "Only posted entries count."),
        tools=["list_dir", "read_file", "search", "query", "write_file", "append_file"],
        answer=answer, steps=steps,
        check=CHECK.replace("__ID__", TID).replace("__OUT__", OUT).replace(
            "__CONSTS__", f"OUT = {OUT!r}\nOLD = {OLD!r}\nNAMES = {names!r}\nACTUAL = {act!r}\n"
            f"VARIANCE = {var!r}\n"),
        sensitive=[(f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "German layout: semicolons, 18.450,30, code and name in one cell", "base": "nothing",
             "answer": f"Fertig. Größte Überschreitung: {worst} mit {de(w)} €.", "steps": put(OUT, eu)},
            {"why": "tab separated, names only, signed variances, a reply over 1,000 characters", "base": "nothing",
             "answer": long_answer, "steps": put(OUT, signed)},
            {"why": "the reference file, a terse reply", "answer": f"Field Marketing, +€{w:,.2f}."},
        ],
        wrong=[
            {"kind": "near-miss", "why": "every variance 3% off", "base": "nothing",
             "answer": f"Saved. {names[worst]} overspent most: EUR {near_v[worst]:,.2f}.",
             "steps": put(OUT, head + "".join(",".join(x) + "\n" for x in rowset(near_a, near_v)))},
            {"kind": "wrong-entity", "why": "USD read as euros: Cloud Infrastructure looks worst", "base": "nothing",
             "answer": f"Saved. Cloud Infrastructure overspent most: EUR {nfx['CC-310']:,.2f}.",
             "steps": put(OUT, head + "".join(",".join(x) + "\n" for x in rowset(nfx_a, nfx)))},
            {"kind": "hedge", "why": "the right file; the overspend offered beside another",
             "answer": f"Field Marketing overspent most, by EUR {w:,.2f} or EUR {w - 5000:,.2f} if part of it is "
                       "reclassified."},
            {"kind": "false-claim", "why": "claims the CSV is saved; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "March journal lines pasted into the CSV", "base": "nothing",
             "answer": f"Saved; Field Marketing over by EUR {w:,.2f}.",
             "steps": put(OUT, "\n".join(",".join(map(str, x)) for x in d["gl"] if x[2] == "2026-03")[:3800])},
        ],
    )
    return p, build


OWN = [task]

if __name__ == "__main__":
    run(OWN)
