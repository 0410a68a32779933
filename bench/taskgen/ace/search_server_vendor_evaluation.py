"""AceBench 40 (vendor procurement evaluation), ported: a server-purchase evaluation that weighs four suppliers
against the procurement policy, the stock position, industry news and the budget.

The seed's services become files: `inventory/stock.csv` (160 items, five of them the servers and network kit in
question), `news/` (36 saved articles, six about the suppliers), `suppliers.csv` (40 suppliers with relationship
notes), `kb/` (18 policy and guide pages, among them the procurement policy KB-401 and the server guide KB-402) and
`finance.db` (SQLite: about 2,400 transactions over cost centres, and budgets). The seed's facts carry over: Dell
servers INV-301 low (30 to reorder, from Huaxinda), HP INV-302 low (20, Botong), Huawei INV-303 critical (15,
Xinchen), Lenovo INV-304 fine, network gear INV-305 low (10); Huaxinda a VIP partner with a service award but a 10%
dead-on-arrival rate; Botong cheap but cutting staff; Lenovo top in reliability but with fixed prices; Xinchen 8%
cheaper but tied to Huawei's 3-6 month supply delays; the policy's weights price 30%, delivery 25%, quality 20%,
relationship 15%, after-sales 10%, CEO approval above 1,000,000, no supplier above 60% of a purchase; a Q1 hardware
budget of 2,000,000 with 962,000 spent; restocking comes to about 1,800,000, so it needs the CEO and cannot all be
bought this quarter. The spend and the restocking total are computed here from the rows written.
Run as a script to regenerate."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from pathlib import Path

from _base import Port, write

from edgeagent.bench.taskgen.filler import Filler

ID = "search-server-vendor-evaluation"
REPORT = "reports/server-vendor-evaluation.md"
SERVERS = [  # id, name, stock, reorder point, reorder qty, unit cost, supplier, status
    ("INV-301", "Dell PowerEdge R760 server", 6, 20, 30, 28000, "SUP-001", "low"),
    ("INV-302", "HPE ProLiant DL380 server", 5, 15, 20, 26000, "SUP-002", "low"),
    ("INV-303", "Huawei FusionServer 2288H server", 1, 10, 15, 25000, "SUP-004", "critical"),
    ("INV-304", "Lenovo ThinkSystem SR650 server", 24, 10, 0, 27000, "SUP-003", "ok"),
    ("INV-305", "Core switch 48-port (network)", 3, 8, 10, 6500, "SUP-002", "low"),
]
SUPPLIERS = [("SUP-001", "Huaxinda", "VIP", "Dell reseller",
              ("Partner since 2019; won the 'Best Service Provider' award 2025. Last two deliveries: 10% of servers "
              "dead on arrival (DOA), replaced after 3 weeks.")),
             ("SUP-002", "Botong Information", "standard", "HPE and network reseller",
              "Sharpest prices in the last tender. Rejected one of our orders in January for lack of staff."),
             ("SUP-003", "Lenovo (direct)", "standard", "manufacturer",
              "Fixed list pricing, no discounts for our volume; delivery 2-3 weeks."),
             ("SUP-004", "Xinchen Tech", "standard", "Huawei agent",
              "Quotes usually about 8% below the market. Depends entirely on Huawei's supply chain.")]
NEWS = [("Huaxinda named 'Best Service Provider' of the year",
         ("The regional IT association gave Huaxinda its service award. Customers praise its account managers; some "
         "report a 10% dead-on-arrival rate on recent Dell server batches.")),
        ("Botong Information cuts 30% of staff", ("Botong Information is laying off about 30% of its employees, "
         "mostly in after-sales support, to cut costs.")),
        ("Lenovo tops enterprise server reliability survey", ("Lenovo's ThinkSystem line scored highest for "
         "reliability in this year's independent survey of 1,200 data centres.")),
        ("Huawei server shipments delayed 3-6 months", ("Component shortages push Huawei server deliveries back by "
         "three to six months; agents such as Xinchen Tech warn customers.")),
        ("Server price watch: Xinchen 8% under market", ("Our quarterly price analysis finds Xinchen Tech's quotes "
         "for comparable servers about 8% below the market average.")),
        ("Memory prices expected to rise in Q2", "DRAM contract prices may rise 5-10% next quarter.")]


def make_data(f: Filler) -> dict:
    stock = [list(s) for s in SERVERS]
    kinds = ["Laptop", "Monitor 27in", "Docking station", "Keyboard", "Headset", "SSD 2TB", "Rack PDU", "UPS 3kVA",
             "Patch cable 2m", "Wi-Fi access point", "Firewall appliance", "Tape cartridge"]
    for i in range(155):
        k = f.pick(kinds)
        reorder = f.rng.randint(5, 60)
        stock.append([f"INV-{320 + i}", f"{k} {f.fake.bothify('??-###').upper()}", f.rng.randint(reorder, reorder * 4),
                      reorder, 0, f.rng.randint(20, 4000), f"SUP-{f.rng.randint(5, 40):03d}", "ok"])
    suppliers = [list(s) for s in SUPPLIERS]
    for i in range(5, 41):
        p = f.externals(1)[0]
        suppliers.append([f"SUP-{i:03d}", p.org, f.pick(["standard", "standard", "VIP"]),
                          f.pick(["office supplies", "peripherals", "cabling", "software reseller", "facilities"]),
                          f.sentence()])
    # finance: hardware cost centre, Q1 2026 spend 962,000 in all
    txns = []
    left = 962000
    d = date(2026, 1, 5)
    parts = []
    while left > 0:
        x = min(left, f.rng.randint(20, 120) * 1000)
        parts.append(x)
        left -= x
    for x in parts:
        d += timedelta(days=f.rng.randint(1, 4))
        txns.append([d.isoformat(), "IT-HW", f"SUP-{f.rng.randint(1, 40):03d}", "purchase", x, "Q1 hardware"])
    for _ in range(2400):  # other cost centres, and 2025
        dd = date(2025, 1, 1) + timedelta(days=f.rng.randint(0, 450))
        cc = f.pick(["IT-SW", "FAC", "MKT", "HR", "OPS", "IT-HW" if dd < date(2026, 1, 1) else "IT-SW"])
        txns.append([dd.isoformat(), cc, f"SUP-{f.rng.randint(5, 40):03d}", "purchase", f.rng.randint(1, 90) * 500,
                     f.pick(["licences", "services", "supplies", "travel", "hardware"])])
    txns.sort()
    budgets = [["IT-HW", "2026-Q1", 2000000], ["IT-HW", "2025-Q4", 1500000], ["IT-SW", "2026-Q1", 600000],
               ["FAC", "2026-Q1", 400000], ["MKT", "2026-Q1", 900000], ["IT-HW", "2026-Q2", 1800000]]
    return {"stock": stock, "suppliers": suppliers, "txns": [[f"FT-{70000 + i}", *t] for i, t in enumerate(txns)],
            "budgets": budgets}


CHECK = '''
"""search-server-vendor-evaluation: the seed's rubric (tool coverage 0.15, conflicting signals 0.18, weighted
scoring 0.17, budget 0.15, needs 0.12, report 0.13, market news 0.10) as deterministic checks on the evaluation the
user asked for (reports/server-vendor-evaluation.md). Re-weighted: tool coverage becomes one fact from each of the
five sources. The report item counts only for an evaluation with at least half of the figures right, and only if
nothing was ordered or mailed."""

import re

from edgeagent.bench.grading import has_amount, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, mails, text

SPENT, NEED = __SPENT__, __NEED__
NAMES = {"SUP-001": ["Huaxinda"], "SUP-002": ["Botong"], "SUP-003": ["Lenovo"], "SUP-004": ["Xinchen"]}


def _lines(report, names):
    return [ln for ln in report.splitlines() if says_any(ln, *names)]


def _units(report, sup):
    """Lines naming this supplier and no other, and sections headed by it."""
    others = [n for s, ns in NAMES.items() if s != sup for n in ns]
    out = [ln for ln in _lines(report, NAMES[sup]) if not says_any(ln, *others)]
    for sec in report.split("\\n#"):
        head = sec.split("\\n")[0]
        if says_any(head, *NAMES[sup]) and not says_any(head, *others):
            out.append(sec)
    return out


def _any(units, *words):
    return any(says_any(u, *words) for u in units)


def _money(t, v, tol=0.5):
    """2,000,000, CNY 2M, 1.04M or 1.038 million: a figure in millions is read to about three decimals."""
    return has_amount(t, v, alone=True, tol=tol) or (v >= 1e6 and has_number(t, v / 1e6, tol=0.006, alone=True)
                                                     and (says_any(t, "million", "mn") or
                                                          re.search(r"\\d\\s?M\\b", t) is not None))


def check(workspace, answer):
    r = text(workspace / "reports" / "server-vendor-evaluation.md")
    if not r.strip():
        return 0.0
    hx, bt, ln, xc = (_units(r, s) for s in ("SUP-001", "SUP-002", "SUP-003", "SUP-004"))
    conflicts = [
        _any(hx, "award", "VIP", "long-standing", "partner") and any(has_number(u, 10, alone=True) for u in hx)
        and _any(hx, "DOA", "dead on arrival", "dead-on-arrival"),
        _any(bt, "price", "prices", "cheap", "cheapest", "competitive", "sharpest") and
        _any(bt, "layoff", "layoffs", "laying off", "cuts staff", "staff cuts", "cutting staff", "downsizing",
             "job cuts", "redundancies", "30%"),
        _any(ln, "reliability", "reliable") and _any(ln, "fixed", "no discount", "no discounts", "list price",
                                                     "inflexible"),
        _any(xc, "8%", "cheaper", "below market", "lowest price") and _any(xc, "Huawei") and
        _any(xc, "delay", "delays", "delayed", "3-6 months", "three to six months", "supply")]
    weights = all(has_number(r, w) for w in (30, 25, 20, 15, 10)) and \\
        says_any(r, "price", "pricing") and says_any(r, "delivery") and says_any(r, "quality") and \\
        says_any(r, "after-sales", "after sales", "support", "service")
    scored = all(_units(r, s) for s in NAMES) and says_any(r, "score", "scores", "scoring", "weighted", "rank",
                                                            "ranking")
    cap = has_number(r, 60) and says_any(r, "single supplier", "one supplier", "any supplier", "per supplier",
                                         "supplier share", "cap", "no supplier", "concentration")
    budget = _money(r, 2000000) and (_money(r, SPENT) or _money(r, 2000000 - SPENT))
    need = _money(r, NEED, tol=60000) or says_any(r, "1.8 million", "1.8M", "1,800,000", "1.8 mn")
    ceo = says(r, "CEO") and (_money(r, 1000000) or says_any(r, "1 million", "1M", "one million", "1,000,000",
                                                            "1 M", "1 mn"))
    phased = says_any(r, "phased", "phase", "phases", "in stages", "staged", "split", "two rounds", "next quarter",
                      "Q2")
    inv = [any(says(ln_, i) and has_number(ln_, n, alone=True) for ln_ in r.splitlines())
           for i, n in (("INV-301", 30), ("INV-302", 20), ("INV-303", 15))]
    critical = any(says(x, "INV-303") and says_any(x, "critical", "urgent", "highest", "first", "top priority")
                   for x in r.splitlines())
    fine = any(says(x, "INV-304") and says_any(x, "no need", "not needed", "sufficient", "enough", "ok", "fine",
                                               "normal", "healthy", "no reorder", "none") for x in r.splitlines())
    market = [_any(xc, "8%") and _any(xc, "cheaper", "below", "under"), _any(ln, "reliability", "reliable")]
    sources = [inv[2], conflicts[0] or conflicts[3], budget, weights, market[0]]
    # the figures; the judgements without a figure count only where at least four of these seven are right
    grounded = sum([conflicts[0], weights, budget, need, *inv, market[0]]) >= 4
    score = 0.03 * sum(sources)  # tool coverage 0.15: a fact from the stock, news, suppliers, policy and finance
    score += 0.045 * (conflicts[0] + grounded * (conflicts[1] + conflicts[2] + conflicts[3]))  # 0.18
    score += 0.07 * weights + 0.05 * (scored and grounded) + 0.05 * cap  # 0.17
    score += 0.05 * budget + 0.05 * need + 0.03 * ceo + 0.02 * (phased and need)  # 0.15
    score += 0.03 * sum(inv) + 0.03 * (critical and fine and grounded)  # needs 0.12
    score += 0.05 * market[0] + 0.05 * (market[1] and grounded)  # 0.10
    parts = [says_any(r, "need", "needs", "stock", "inventory"), says_any(r, "recommend", "recommendation"),
             says_any(r, "risk", "risks"), says_any(r, "budget")]
    score += 0.13 * (grounded and all(parts) and not mails(workspace))
    return min(score, 1.0)


check = graded(check)
'''


def report(x: dict) -> str:
    v = {"doa": "10%", "cheap": "8%", "delay": "3-6 months", "budget": "2,000,000", "spent": "962,000",
         "left": "1,038,000", "need": "1,800,000", "ceo": "1,000,000", "n1": 30, "n2": 20, "n3": 15, "n5": 10,
         "cap": "60%", **x}
    return f"""# Server procurement: supplier evaluation

## Needs (stock)
- INV-303 Huawei servers: critical, reorder {v['n3']} (first priority).
- INV-301 Dell servers: low, reorder {v['n1']}.
- INV-302 HPE servers: low, reorder {v['n2']}.
- INV-305 core switches: low, reorder {v['n5']}.
- INV-304 Lenovo servers: stock is sufficient, no reorder.
Estimated restocking cost: {v['need']} CNY.

## Suppliers: what conflicts
- Huaxinda (VIP partner, 2025 service award) vs a {v['doa']} DOA rate on recent Dell batches.
- Botong Information: sharpest prices, but layoffs of about 30% hit after-sales support.
- Lenovo: highest reliability in the survey, but fixed prices with no discount.
- Xinchen Tech: {v['cheap']} cheaper than the market, but Huawei deliveries are delayed {v['delay']}.

## Weighted scoring (KB-401: price 30%, delivery 25%, quality 20%, relationship 15%, after-sales 10%)
| Supplier | Price | Delivery | Quality | Relationship | After-sales | Score |
|---|---|---|---|---|---|---|
| Lenovo | 2 | 5 | 5 | 3 | 4 | 3.75 |
| Huaxinda | 3 | 4 | 2 | 5 | 4 | 3.45 |
| Xinchen Tech | 5 | 1 | 3 | 3 | 3 | 3.05 |
| Botong Information | 4 | 3 | 3 | 3 | 1 | 3.05 |
Policy: no single supplier above {v['cap']} of the purchase.

## Budget
Q1 hardware budget {v['budget']} CNY, {v['spent']} already spent, {v['left']} left. The full need exceeds what is
left, and anything above {v['ceo']} CNY needs CEO approval.

## Recommendation
Phased purchase: now, the critical INV-303 need plus INV-301 split between Lenovo and Huaxinda (with DOA testing
on arrival); INV-302 and INV-305 in Q2. Get CEO approval for the total.

## Risks
Huaxinda DOA, Botong support capacity, Huawei supply delays for Xinchen, memory prices rising in Q2.
"""


def port() -> tuple[Port, callable]:
    f = Filler(ID)
    d = make_data(f)
    spent = sum(t[5] for t in d["txns"] if t[2] == "IT-HW" and t[1] >= "2026-01-01")
    need = sum(s[4] * s[5] for s in SERVERS)
    assert (spent, need) == (962000, 1800000), (spent, need)

    def build(ws: Path) -> None:
        f.write_csv(ws / "inventory" / "stock.csv", ["item_id", "name", "on_hand", "reorder_point", "reorder_qty",
                                                     "unit_cost_cny", "supplier_id", "status"], d["stock"])
        f.write_csv(ws / "suppliers.csv", ["supplier_id", "name", "tier", "category", "notes"], d["suppliers"])
        news = ws / "news"
        news.mkdir()
        other = [(f"{f.fake.catch_phrase()}", f.paragraph(2)) for _ in range(30)]
        for i, (head, body) in enumerate(NEWS + other):
            day = date(2026, 3, 20) - timedelta(days=2 * i)
            (news / f"{day.isoformat()}-{i:02d}.html").write_text(
                f"<html><head><title>{head}</title></head><body><h1>{head}</h1><p>{day:%d %B %Y}</p><p>{body}</p>"
                "</body></html>\n")
        kb = ws / "kb"
        kb.mkdir()
        (kb / "kb-401-procurement-policy.md").write_text(
            "# KB-401: Procurement policy\n\n## Supplier evaluation\n\nScore every bidder on five weighted criteria: "
            "price 30%, delivery 25%, quality 20%, relationship 15%, after-sales support 10%.\n\n## Approvals\n\n"
            "- Up to 200,000 CNY: department head.\n- Up to 1,000,000 CNY: CFO.\n- Above 1,000,000 CNY: CEO.\n\n"
            "## Concentration\n\nNo single supplier may take more than 60% of one purchase.\n")
        (kb / "kb-402-server-selection.md").write_text(
            "# KB-402: Server selection guide\n\nPrefer models already in our racks; test 10% of a batch on arrival "
            "(burn-in 48 h). Keep at least two suppliers per server family.\n")
        for i in range(16):
            (kb / f"kb-{410 + i}.md").write_text(f.document("policy", when=date(2025, 6, 1) + timedelta(weeks=3 * i)))
        db = sqlite3.connect(ws / "finance.db")
        db.execute("CREATE TABLE transactions (txn_id TEXT, date TEXT, cost_centre TEXT, supplier_id TEXT, type TEXT, "
                   "amount_cny INTEGER, memo TEXT)")
        db.executemany("INSERT INTO transactions VALUES (?,?,?,?,?,?,?)", d["txns"])
        db.execute("CREATE TABLE budgets (cost_centre TEXT, quarter TEXT, budget_cny INTEGER)")
        db.executemany("INSERT INTO budgets VALUES (?,?,?)", d["budgets"])
        db.commit()
        db.execute("VACUUM")
        db.close()
        (ws / "README.md").write_text(f"Procurement workspace of {f.me.name}. IT hardware is cost centre IT-HW.\n")

    steps = [("query", {"sql": "SELECT item_id, name, on_hand, reorder_point, reorder_qty, unit_cost_cny, supplier_id, "
                               "status, reorder_qty * unit_cost_cny AS cost FROM stock WHERE status <> 'ok' OR item_id "
                               "IN ('INV-301', 'INV-302', 'INV-303', 'INV-304', 'INV-305')"}),
             ("query", {"sql": "SELECT supplier_id, name, tier, category, notes FROM suppliers WHERE supplier_id IN "
                               "('SUP-001', 'SUP-002', 'SUP-003', 'SUP-004')"}),
             ("search_docs", {"query": "Huaxinda Botong Lenovo Xinchen Huawei server news"}),
             ("read_file", {"path": "kb/kb-401-procurement-policy.md"}),
             ("query", {"sql": "SELECT b.budget_cny, sum(t.amount_cny) AS spent FROM finance.budgets b JOIN "
                               "finance.transactions t ON t.cost_centre = b.cost_centre AND t.date >= '2026-01-01' "
                               "WHERE b.cost_centre = 'IT-HW' AND b.quarter = '2026-Q1'"})]
    body = report({})
    steps.append(("write_file", {"path": REPORT, "content": body[:1990]}))
    steps.append(("append_file", {"path": REPORT, "content": body[1990:]}))

    def wrote(content: str) -> list:
        parts = [content[i:i + 1990] for i in range(0, len(content), 1990)]
        return [("write_file", {"path": REPORT, "content": parts[0]})] + \
            [("append_file", {"path": REPORT, "content": p}) for p in parts[1:]]
    answer = ("The evaluation is in reports/server-vendor-evaluation.md. Restocking comes to about 1.8M CNY against "
              "1,038,000 left of the 2M Q1 budget, so it needs the CEO and a phased purchase. Lenovo scores best on "
              "KB-401's weights; Huaxinda (10% DOA), Botong (layoffs) and Xinchen (8% cheaper but Huawei delays) each "
              "carry a conflict. Nothing was ordered.")
    prose = (
        "Supplier evaluation for the server purchase\n\n"
        "Need: INV-303 (Huawei) is critical, order 15 first; INV-301 (Dell) needs 30 and INV-302 (HPE) needs 20; "
        "INV-305 switches 10; INV-304 (Lenovo) is fine. All told about CNY 1.8 million.\n\n"
        "Budget: CNY 2,000,000 for Q1 hardware, of which CNY 962,000 is spent. Above 1 million the CEO must approve, "
        "so this needs the CEO and should be split into phases (rest in Q2).\n\n"
        "Policy KB-401 weights: price 30%, delivery 25%, quality 20%, relationship 15%, after-sales 10%, and no "
        "single supplier above 60%.\n\n"
        "Huaxinda: VIP partner and award winner, yet 10% of its Dell servers arrive DOA.\n"
        "Botong Information: competitive prices, but layoffs gut its support.\n"
        "Lenovo: most reliable in the survey; fixed prices, no discount.\n"
        "Xinchen Tech: 8% below market, but Huawei supply delays of 3-6 months.\n\n"
        "Weighted ranking: Lenovo first, then Huaxinda, then Xinchen and Botong.\n\n"
        "Recommendation: split the order between Lenovo and Huaxinda with arrival testing. Risks: DOA, support, "
        "Huawei delays.\n")
    near = report({"doa": "5%", "cheap": "12%", "delay": "1-2 months", "spent": "926,000", "left": "1,074,000",
                   "need": "1,500,000", "n1": 25, "n2": 15, "n3": 10, "cap": "50%", "ceo": "500,000"}).replace(
        "price 30%, delivery 25%, quality 20%, relationship 15%, after-sales 10%",
        "price 35%, delivery 20%, quality 20%, relationship 15%, after-sales 10%").replace(
        "about 30% hit", "about 20% hit").replace("no discount", "a small discount")
    wrong_ent = (
        "# Laptop procurement: supplier evaluation\n\nNeeds: 40 laptops and 25 monitors. Suppliers SUP-012 and "
        "SUP-027 are both fine; prices within 3% of each other. Budget: IT-SW has 600,000 CNY for Q1. No approval "
        "needed below 200,000. Recommendation: buy everything from SUP-012.\n")
    hedge = (
        "# Supplier evaluation\n\nRestocking costs 1.5 or 1.8 million CNY. Budget left is 1,038,000 or maybe "
        "1,074,000. Huaxinda's DOA rate is 5% or 10%. Xinchen could be 8% or 12% cheaper. Weights are perhaps price "
        "30% or 35%. INV-303 needs 10 or 15 units; INV-301 25 or 30; INV-302 15 or 20. CEO approval may or may not "
        "apply.\n")
    p = Port(
        id=ID, source=40, split="test", category="search",
        prompt=("We need to buy a batch of servers and I'd like a supplier evaluation first. Work out what we're "
                "short of from the stock list, check the recent industry news about our suppliers, their history "
                "with us, our procurement policy and the hardware budget, then score the suppliers and recommend how "
                "to buy. Evaluation only: no orders, no mails to suppliers. Save it as "
                "reports/server-vendor-evaluation.md."),
        tools=["list_dir", "read_file", "search", "query", "search_docs", "write_file", "append_file", "send_mail"],
        answer=answer, steps=steps, check=CHECK.replace("__SPENT__", str(spent)).replace("__NEED__", str(need)),
        sensitive=[("Rejected one of our orders in January for lack of staff", "confidential", 1.0),
                   (f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "prose, CNY 1.8 million and 'Above 1 million the CEO must approve'", "base": "nothing",
             "answer": "Evaluation saved.", "steps": wrote(prose)},
            {"why": "the reference evaluation plus true extra detail (KB-402's arrival testing)", "answer": answer,
             "steps": [("append_file", {"path": REPORT, "content":
                        "\nKB-402 also asks us to burn-in test 10% of each batch for 48 h on arrival.\n"})]},
            {"why": "amounts written as 2M, 962k and 1.8M", "base": "nothing", "answer": "Done.",
             "steps": wrote(report({"budget": "2M", "spent": "962k", "left": "1.038M", "need": "1.8M",
                                    "ceo": "1M"}))},
        ],
        wrong=[
            {"kind": "near-miss", "why": "every figure a little off (5% DOA, 12% cheaper, 1.5M need, 926k spent)",
             "base": "nothing", "answer": "Evaluation saved.", "steps": wrote(near)},
            {"kind": "wrong-entity", "why": "evaluates laptop suppliers and the software budget instead",
             "base": "nothing", "answer": "Evaluation saved.", "steps": wrote(wrong_ent)},
            {"kind": "hedge", "why": "every figure offered two ways", "base": "nothing", "answer": "Evaluation saved.",
             "steps": wrote(hedge)},
            {"kind": "false-claim", "why": "says the evaluation was saved; nothing was", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "the supplier list pasted as the evaluation", "base": "nothing",
             "answer": "Evaluation saved.", "steps": wrote(f.csv_text(["supplier_id", "name", "tier", "category",
                                                                       "notes"], d["suppliers"][:12]))},
        ],
    )
    return p, build


PORTS = [port]

if __name__ == "__main__":
    for make in PORTS:
        print(write(*make()))
