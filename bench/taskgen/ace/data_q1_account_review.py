"""AceBench 84 and 85 (one Q1 business insight review, asked in Chinese and in English), ported as two tasks with
their own workspaces: a CRM of some 300 accounts (six of them managed by the user), a year of finance
transactions (about 4,000, with voided invoices among them), and industry news (newsletters in the inbox for 84,
saved article pages for 85).

The seed's figures carry over: Dingxin Software 85k/90k/95k (270,000, growing, software spend +12%), Hanhai
E-Commerce 45k a month (135,000, flat, e-commerce traffic slowing), Wantong Logistics 120k/120k/115k (355,000,
slight decline, freight price war), Qianfeng Tech 30k/30k/25k (85,000, declining, manufacturers cutting IT budgets,
contract ends in April), Sunlight Media 60k/65k/70k (195,000, growing +16.7%, AI-driven media), and a public-sector
account churned to nothing (government budget cuts); 1,040,000 CNY in all. Each of the six also has a voided
invoice in Q1 that a careless sum counts. Run as a script to regenerate."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime, timedelta
from pathlib import Path

from _base import Port, write

from edgeagent.bench.taskgen.filler import Filler, Mail

# id, company, industry, tier, status, contract_end, Jan, Feb, Mar, trend, void invoice in Q1
ACCOUNTS = [
    ("CUS-901", "Dingxin Software", "Software", "VIP", "active", "2027-06-30", 85000, 90000, 95000, "growing", 12000),
    ("CUS-902", "Hanhai E-Commerce", "E-commerce", "standard", "active", "2026-09-30", 45000, 45000, 45000, "flat",
     45000),
    ("CUS-903", "Wantong Logistics", "Logistics", "VIP", "active", "2026-12-31", 120000, 120000, 115000,
     "slight decline", 8000),
    ("CUS-904", "Qianfeng Tech", "Manufacturing", "standard", "active", "2026-04-30", 30000, 30000, 25000,
     "declining", 5000),
    ("CUS-905", "Sunlight Media", "Media", "standard", "active", "2027-01-31", 60000, 65000, 70000, "growing", 6500),
    ("CUS-906", "Linhai Public Service Center", "Government", "standard", "churned", "2025-12-31", 0, 0, 0, "churned",
     40000),
]
NEWS = [  # (id, industry, headline, text): the seed's six trends, in our words, and two about other sectors
    ("RSS-901", "Software", "Enterprise software budgets up 12% this year",
     ("A survey of 400 CIOs finds enterprise software spending rising 12% year on year, led by collaboration and "
     "data platforms. Vendors with usage-based pricing see the fastest expansion.")),
    ("RSS-902", "E-commerce", "Online shopping traffic growth slows to a crawl",
     ("E-commerce platforms report visitor growth flattening in Q1 as customer acquisition costs climb. Merchants "
     "are holding their tooling budgets steady rather than expanding.")),
    ("RSS-903", "Logistics", "Freight price war squeezes logistics margins",
     ("Aggressive price competition among carriers has cut average freight rates; logistics firms are renegotiating "
     "supplier contracts and pushing for discounts to protect thin margins.")),
    ("RSS-904", "Manufacturing", "Manufacturers tighten IT budgets for 2026",
     ("With orders softening, mid-sized manufacturers are trimming IT spending and delaying renewals; many plan to "
     "consolidate vendors at contract end.")),
    ("RSS-905", "Media", "AI tools drive a boom in media production",
     ("Media companies adopting AI-assisted editing and generation report double-digit growth in output and are "
     "buying more cloud capacity and value-added services.")),
    ("RSS-906", "Government", "Public-sector budget cuts postpone IT projects",
     ("Local governments and public institutions have frozen or cut discretionary IT budgets this year, cancelling "
     "several service contracts at renewal.")),
    ("RSS-907", "Healthcare", "Hospitals accelerate digital records upgrades",
     "Healthcare providers plan to raise spending on records systems by 9% after new interoperability rules."),
    ("RSS-908", "Retail", "Physical retail footfall recovers in spring",
     "Store visits rose 4% in March as shoppers returned to malls; retailers are testing in-store analytics."),
]
INDUSTRIES = ["Software", "E-commerce", "Logistics", "Manufacturing", "Media", "Government", "Healthcare", "Retail",
              "Finance", "Education"]


def make_data(f: Filler) -> tuple[list[list], list[list]]:
    """(accounts, transactions)."""
    me = f.me.name
    others = [f.person(dept="Sales").name for _ in range(7)]
    accounts = []
    for cid, name, ind, tier, status, end, *_ in ACCOUNTS:
        c = f.externals(1)[0]
        accounts.append([cid, name, ind, tier, status, end, me, c.name, c.email, c.phone,
                         f.fake.address().replace("\n", ", "), f"{f.rng.choice([0, 5, 8, 10, 12, 15])}%",
                         str(f.rng.randint(2, 30) * 10000)])
    used = {a[0] for a in accounts}
    while len(accounts) < 300:
        cid = f"CUS-{f.rng.randint(100, 999)}"
        if cid in used or 900 <= int(cid[4:]) <= 912:
            continue
        used.add(cid)
        c = f.externals(1)[0]
        accounts.append([cid, c.org, f.pick(INDUSTRIES), f.pick(["standard", "standard", "VIP"]),
                         f.pick(["active", "active", "active", "churned"]),
                         (date(2026, 1, 1) + timedelta(days=f.rng.randint(0, 700))).isoformat(), f.pick(others),
                         c.name, c.email, c.phone, f.fake.address().replace("\n", ", "),
                         f"{f.rng.choice([0, 5, 8, 10, 12, 15])}%", str(f.rng.randint(2, 30) * 10000)])
    accounts.sort(key=lambda a: a[0])

    txns = []

    def add(d: date, cid: str, amount: float, status: str = "posted", kind: str = "invoice") -> None:
        cost = round(amount * f.rng.uniform(0.45, 0.7), 2)
        txns.append([d, cid, kind, amount, status,
                     f"cost {cost:.0f}; margin {1 - cost / amount:.0%}" if amount else ""])
    for cid, _, _, _, _, _, jan, feb, mar, _, void in ACCOUNTS:
        for month, total in ((1, jan), (2, feb), (3, mar)):
            if total:
                service = f.rng.choice([0, 5000, 10000]) if total > 20000 else 0
                add(date(2026, month, f.rng.randint(1, 5)), cid, total - service)
                if service:
                    add(date(2026, month, f.rng.randint(15, 26)), cid, service)
        add(date(2026, f.rng.choice([1, 2, 3]) if cid != "CUS-906" else 1, f.rng.randint(6, 27)), cid, void, "void")
        base = jan or 40000
        for m in range(4, 13):  # 2025, for context: the public account paid until December
            add(date(2025, m, f.rng.randint(1, 5)), cid, round(base * f.rng.uniform(0.85, 1.02), -3))
    for a in [a for a in accounts if a[6] != me]:
        size = f.rng.randint(3, 60) * 1000
        for m in range(15):
            d = date(2025, 1, 1) + timedelta(days=31 * m + f.rng.randint(0, 20))
            if d > date(2026, 3, 27) or (a[4] == "churned" and d > date(2025, 9, 1)):
                continue
            add(d, a[0], round(size * f.rng.uniform(0.8, 1.2), -2), "void" if f.rng.random() < 0.02 else "posted")
    txns.sort(key=lambda t: (t[0], t[1]))
    return accounts, [[f"TXN-{40000 + i}", t[0].isoformat(), *t[1:], "CNY"] for i, t in enumerate(txns)]


def q1(txns: list[list], with_void: bool = False) -> dict[str, tuple[float, float, float]]:
    out = {}
    for cid, *_ in ACCOUNTS:
        months = []
        for m in ("2026-01", "2026-02", "2026-03"):
            months.append(sum(t[4] for t in txns if t[2] == cid and t[1].startswith(m)
                              and (with_void or t[5] == "posted")))
        out[cid] = tuple(months)
    return out


BY_TREND = "# Q1 review of my accounts\n\nQ1 revenue (CNY), voids excluded:\n- Growing: Dingxin Software 270,000 (85k, 90k, 95k) and Sunlight Media 195,000 (60k, 65k, 70k).\n- Flat: Hanhai E-Commerce 135,000.\n- Declining: Wantong Logistics 355,000 and Qianfeng Tech 85,000.\n- Churned: Linhai Public Service Center, 0.\nTotal: 1,040,000 CNY.\n\nIndustry: Dingxin rides software budgets up 12%; Hanhai suffers from slowing e-commerce traffic; Wantong faces the freight price war; Qianfeng's manufacturers are cutting IT budgets; Sunlight benefits from AI in media; Linhai lost funding to public-sector budget cuts.\n\nQ2: Qianfeng's contract ends in April, high churn risk. Protect Wantong with a pricing review. Upsell Sunlight (+16.7%). Expand Dingxin. Watch Hanhai's renewal. Review other public-sector accounts after Linhai churned.\n"

SECTIONS = '# Q1 review\n\n## Dingxin Software\n- Q1 total: 270,000 CNY\n- Trend: growing (85k → 95k)\n- Software spending up 12% is a tailwind. Upsell analytics.\n\n## Hanhai E-Commerce\n- Q1 total: 135,000 CNY\n- Trend: flat\n- E-commerce traffic is slowing. Watch the renewal.\n\n## Wantong Logistics\n- Q1 total: 355,000\n- Trend: slight decline\n- Freight price war. Risk of downgrade; review pricing.\n\n## Qianfeng Tech\n- Q1 total: 85,000\n- Trend: declining\n- Manufacturers cut IT budgets; contract ends April: churn risk.\n\n## Sunlight Media\n- Q1 total: 195,000\n- Trend: growing, +16.7%\n- AI boom in media. Upsell.\n\n## Linhai Public Service Center\n- Q1 total: 0\n- Trend: churned\n- Government budget cuts. Review similar public accounts.\n\nGrand total 1,040,000 CNY.\n'

TREND_OF = {"growing": "growing", "flat": "flat", "slight decline": "declining (slight)", "declining": "declining",
            "churned": "churned"}
WHY = {"CUS-901": "software spending is up 12% (RSS-901), a tailwind",
       "CUS-902": "e-commerce traffic growth is slowing (RSS-902), so demand is flat",
       "CUS-903": "the freight price war squeezes logistics margins (RSS-903), making it price-sensitive",
       "CUS-904": "manufacturers are tightening IT budgets (RSS-904), a headwind",
       "CUS-905": "AI-driven production is booming in media (RSS-905)",
       "CUS-906": "public-sector budget cuts (RSS-906) ended the contract"}
NEXT = {"CUS-901": "expand the VIP relationship and upsell analytics",
        "CUS-902": "watch the September renewal and propose a growth package",
        "CUS-903": "protect the VIP account from a downgrade with a pricing review",
        "CUS-904": "high churn risk: the contract ends in April, start the renewal talk now",
        "CUS-905": "fastest grower (+16.7% Jan to Mar): upsell value-added services",
        "CUS-906": "churned on budget grounds; review other public-sector accounts to prevent the same"}


def report(rev: dict[str, tuple], trends: dict[str, str], style: int = 0) -> str:
    names = {a[0]: a[1] for a in ACCOUNTS}
    total = sum(sum(v) for v in rev.values())
    if style == 0:
        out = ["# Q1 2026 account review", "", "## Revenue by account (CNY)", "",
               "| Account | Jan | Feb | Mar | Q1 total | Trend |", "|---|---|---|---|---|---|"]
        for cid, (a, b, c) in rev.items():
            out.append(f"| {cid} {names[cid]} | {a:,.0f} | {b:,.0f} | {c:,.0f} | {a + b + c:,.0f} | "
                       f"{trends[cid]} |")
        out += ["", f"Portfolio total for Q1: {total:,.0f} CNY.", "", "## Industry context", ""]
        out += [f"- {names[cid]}: {WHY[cid]}." for cid in rev]
        out += ["", "## Q2 outlook and actions", ""]
        out += [f"- {names[cid]} ({cid}): {NEXT[cid]}." for cid in rev]
        return "\n".join(out) + "\n"
    out = ["Q1 2026 review of my accounts", "", f"Total Q1 revenue across the six accounts: CNY {total:,.0f}", ""]
    for cid, (a, b, c) in rev.items():
        out += [f"## {names[cid]} ({cid})",
                f"Q1 revenue CNY {a + b + c:,.0f} (Jan {a:,.0f}, Feb {b:,.0f}, Mar {c:,.0f}); trend: {trends[cid]}.",
                f"Industry: {WHY[cid]}.", f"Q2: {NEXT[cid]}.", ""]
    return "\n".join(out)


CHECK = '''
"""__ID__: the seed's three judged items (revenue trends 0.35, industry correlation 0.35, Q2 insight 0.30) as
deterministic checks on the review the user asked for (__REPORT__). Each account is judged on the lines or
sections that name it alone. Its industry reading and its Q2 advice count only where its Q1 figures are right:
a story told about wrong numbers is no insight."""

import re

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

ACC = __ACC__
TOTAL = __TOTAL__
LABELS = {"growing": ["growing", "growth", "grew", "grow", "increasing", "increase", "rising", "expanding", "upward",
                      "up"],
          "flat": ["flat", "stable", "steady", "unchanged", "constant", "no growth", "stagnant"],
          "declining": ["declining", "decline", "declined", "decreasing", "decrease", "dropping", "dropped", "fell",
                        "falling", "shrinking", "slipping", "down", "downward", "softening"],
          "churned": ["churned", "churn", "lost", "inactive", "terminated", "cancelled", "canceled", "ended"]}
CHOICE = ["or", "either", "maybe", "perhaps", "possibly", "probably", "might", "unclear", "uncertain"]
CORR = {"CUS-901": (["software"], ["12", "growth", "growing", "spending", "spend", "tailwind", "budgets up"]),
        "CUS-902": (["e-commerce", "ecommerce", "online retail", "online shopping"],
                    ["slow", "slowing", "slowdown", "slowed", "saturated", "stagnating", "plateau", "flattening",
                     "traffic"]),
        "CUS-903": (["logistics", "freight"], ["price war", "price competition", "pricing pressure", "margin",
                                               "margins", "price", "prices", "rates"]),
        "CUS-904": (["manufacturing", "manufacturer", "manufacturers"],
                    ["budget", "budgets", "it spend", "it spending", "tighten", "tightening", "cut", "cuts",
                     "headwind", "trimming"]),
        "CUS-905": (["ai", "artificial intelligence"], [""]),
        "CUS-906": (["government", "public sector", "public-sector", "public"],
                    ["budget", "budgets", "cut", "cuts", "austerity", "funding", "frozen"])}
ADVICE = {"CUS-901": (["upsell", "up-sell", "cross-sell", "expand", "expansion", "deepen", "upgrade", "vip", "invest",
                       "strategic", "grow"], [""]),
          "CUS-902": (["renewal", "renew", "watch", "monitor", "retain", "retention", "stimulate", "engage",
                       "attention", "growth package", "re-engage"], [""]),
          "CUS-903": (["price", "pricing", "discount", "downgrade", "price-sensitive", "retain", "retention"], [""]),
          "CUS-904": (["april", "contract", "renewal", "renew", "expires", "expiring", "ends"],
                      ["risk", "churn", "lose", "losing", "at-risk"]),
          "CUS-905": (["upsell", "up-sell", "cross-sell", "expand", "expansion", "value-added", "add-on", "upgrade",
                       "fastest", "16.7"], [""]),
          "CUS-906": (["churn", "churned", "lost", "cancelled", "ended"],
                      ["budget", "review", "lesson", "lessons", "similar", "win back", "win-back", "public sector",
                       "public-sector", "government", "prevent", "other"])}


def _sections(report):
    out, cur = [], []
    for ln in report.splitlines():
        if ln.lstrip().startswith("#") and cur:
            out.append(cur)
            cur = []
        cur.append(ln)
    return out + ([cur] if cur else [])


def _who(chunk):
    return [c for c, a in ACC.items() if says_any(chunk, *a["names"])]


def _units(report, cid):
    """Sections naming this account and no other, else such lines, else such clauses."""
    out = []
    for sec in _sections(report):
        named = _who("\\n".join(sec))
        if named == [cid]:
            out.append("\\n".join(sec))
            continue
        for ln in sec if cid in named else []:
            if _who(ln) == [cid]:
                out.append(ln)
            elif cid in _who(ln):
                out += [c for c in re.split(r"(?<=[.;])\\s+", ln) if _who(c) == [cid]] + _segments(ln, cid)
    return out


def _segments(ln, cid):
    """A line naming several accounts ('Growing: Dingxin (270,000) and Sunlight (195,000)'), cut where each account
    is named; each piece keeps the line's head."""
    spots = sorted((m.start(), c) for c, a in ACC.items() for n in a["names"]
                   for m in re.finditer(r"(?i)\\b" + re.escape(n) + r"\\b", ln))
    if not spots:
        return []
    head, out = ln[:spots[0][0]], []
    for i, (at, c) in enumerate(spots):
        if c != cid or (i and spots[i - 1][1] == cid):
            continue
        end = next((a for a, o in spots[i + 1:] if o != cid), len(ln))
        out.append(head + ln[at:end])
    return out


def _trend(u, want):
    if not says_any(u, *LABELS[want]):
        return False
    rivals = [k for k in LABELS if k != want and says_any(u, *[w for w in LABELS[k] if w not in LABELS[want]])]
    return not (rivals and says_any(u, *CHOICE))


def _figures(report, cid):
    """A line gives the account's Q1 total, unhedged, and its trend; or, in the account's own section, a line on
    the total and a line on the trend do."""
    a = ACC[cid]

    def total(ln):
        if a["total"] == 0:
            return has_number(ln, 0, alone=True) or says_any(ln, "no revenue", "zero", "nothing", "nil")
        return has_number(ln, a["total"], alone=True)
    for u in _units(report, cid):
        lines = u.splitlines()
        if any(_trend(ln, a["trend"]) and total(ln) for ln in lines):
            return True
        trends = [ln for ln in lines if says_any(ln, "trend", "direction")]
        totals = [ln for ln in lines if says_any(ln, "total", "q1", "quarter")]
        if any(_trend(ln, a["trend"]) for ln in trends) and any(total(ln) for ln in totals):
            return True
    return False


def _says_both(units, pair):
    first, second = pair
    return any(says_any(u, *first) and (second == [""] or says_any(u, *second) or
                                        ("12" in second and has_number(u, 12))) for u in units)


def check(workspace, answer):
    report = text(workspace / "__REPORT__")
    if not report.strip():
        return 0.0
    total = has_number(report, TOTAL, alone=True) or (has_number(report, TOTAL / 1e6, tol=0.006, alone=True) and
                                                      re.search(r"\\d\\s?M\\b", report) is not None)
    score = 0.05 * total  # '1,040,000', '1.04 million' or '1.04M'
    for cid in ACC:
        units = _units(report, cid)
        right = _figures(report, cid)
        score += 0.05 * right  # revenue trends 0.35: each account 0.05, the portfolio total 0.05
        score += (0.35 / 6) * (right and _says_both(units, CORR[cid]))  # industry correlation 0.35
        score += 0.05 * (right and (_says_both(units, ADVICE[cid]) or
                                    (cid == "CUS-905" and any(has_number(u, 16.7, tol=0.06) for u in units))))
    return min(score, 1.0)


check = graded(check)
'''


def port_for(source: int) -> tuple[Port, callable]:
    tid = "data-q1-account-review" if source == 85 else "data-q1-portfolio-trends"
    f = Filler(tid)
    accounts, txns = make_data(f)
    rev = q1(txns)
    want = {a[0]: tuple(a[6:9]) for a in ACCOUNTS}
    assert rev == want, rev
    careless = q1(txns, with_void=True)
    assert all(careless[c] != rev[c] for c in rev)
    total = sum(sum(v) for v in rev.values())
    assert total == 1040000
    report_path = "reports/q1-account-review.md" if source == 85 else "reviews/q1-portfolio.md"
    acc = {a[0]: {"names": [a[0], a[1].split()[0]] if a[0] != "CUS-906" else [a[0], "Linhai"],
                  "total": sum(a[6:9]), "trend": {"slight decline": "declining"}.get(a[9], a[9])}
           for a in ACCOUNTS}

    def build(ws: Path) -> None:
        ahead = ["customer_id", "company", "industry", "tier", "status", "contract_end", "account_manager",
                 "contact_person", "contact_email", "contact_phone", "billing_address", "discount_rate",
                 "credit_limit"]
        thead = ["txn_id", "date", "customer_id", "type", "amount", "status", "internal_note", "currency"]
        if source == 85:
            f.write_csv(ws / "crm" / "accounts.csv", ahead, accounts)
            db = sqlite3.connect(ws / "finance.db")
            db.execute(f"CREATE TABLE transactions ({', '.join(c + ' TEXT' for c in thead)})")
            db.executemany(f"INSERT INTO transactions VALUES ({','.join('?' * len(thead))})", txns)
            db.commit()
            db.execute("VACUUM")
            db.close()
            read = ws / "reading"
            read.mkdir()
            for i, (nid, ind, head, body) in enumerate(NEWS):
                day = date(2026, 3, 2) + timedelta(days=3 * i)
                (read / f"{day.isoformat()}-{nid.lower()}.html").write_text(
                    f"<html><head><title>{head}</title></head><body><article><h1>{head}</h1>"
                    f"<p class='meta'>{ind} | Industry Pulse feed | {day:%d %b %Y}</p><p>{body}</p></article>"
                    "</body></html>\n")
            (read / "2025-12-04-rss-801.html").write_text(
                "<html><body><article><h1>Logistics volumes surge into the holidays</h1><p class='meta'>Logistics | "
                "Industry Pulse feed | 04 Dec 2025</p><p>Parcel volumes hit a record in November.</p></article>"
                "</body></html>\n")
            notes = ws / "notes"
            notes.mkdir()
            for i in range(18):
                (notes / f"{i + 1:02d}-{['notes', 'status', 'brief'][i % 3]}.md").write_text(
                    f.document(["notes", "status", "brief"][i % 3], when=date(2025, 11, 3) + timedelta(weeks=i)))
        else:
            db = sqlite3.connect(ws / "crm.db")
            db.execute(f"CREATE TABLE accounts ({', '.join(c + ' TEXT' for c in ahead)})")
            db.executemany(f"INSERT INTO accounts VALUES ({','.join('?' * len(ahead))})", accounts)
            db.commit()
            db.execute("VACUUM")
            db.close()
            f.write_csv(ws / "exports" / "transactions_fy.csv", thead, txns)
            mails = f.mailbox(90, datetime(2026, 2, 1), datetime(2026, 3, 27))
            for k, (when, items) in enumerate([(datetime(2026, 3, 9, 7, 30), NEWS[:4]),
                                               (datetime(2026, 3, 23, 7, 30), NEWS[4:]),
                                               (datetime(2025, 12, 8, 7, 30), None)]):
                if items is None:
                    plain = ("Logistics volumes surge into the holidays\nParcel volumes hit a record in November.\n")
                else:
                    plain = "\n\n".join(f"[{nid}] {ind}: {head}\n{body}" for nid, ind, head, body in items)
                html = "<html><body>" + "".join(f"<h2>{ln.split(chr(10))[0]}</h2><p>{ln.split(chr(10), 1)[-1]}</p>"
                                                for ln in plain.split("\n\n")) + "</body></html>"
                mails.append(Mail("Industry Pulse <digest@industrypulse.example>", [f.me],
                                  f"Industry Pulse digest #{31 + k if items else 24}", when, plain, html=html,
                                  key=f"digest{k + 1}" if items else None,
                                  headers={"List-Unsubscribe": "<https://industrypulse.example/u>",
                                           "Precedence": "bulk"}))
            mails.sort(key=lambda m: m.when)
            planted = f.write_mailbox(ws / "inbox", mails)
        (ws / "README.md").write_text(f"Workspace of {f.me.name}, key account manager.\n")
        return planted if source == 84 else None

    if source == 85:
        steps = [("query", {"sql": f"SELECT customer_id, company, industry, tier, status, contract_end FROM accounts "
                                   f"WHERE account_manager = '{f.me.name}'"}),
                 ("query", {"sql": "SELECT customer_id, substr(date, 1, 7) AS month, sum(CAST(amount AS REAL)) AS "
                                   "revenue FROM finance.transactions WHERE status = 'posted' AND date BETWEEN "
                                   "'2026-01-01' AND '2026-03-31' AND customer_id IN ('CUS-901', 'CUS-902', "
                                   "'CUS-903', 'CUS-904', 'CUS-905', 'CUS-906') GROUP BY customer_id, month"}),
                 ("query", {"sql": "SELECT txn_id, date, customer_id, amount, status FROM finance.transactions WHERE "
                                   "status = 'void' AND date >= '2026-01-01' AND customer_id LIKE 'CUS-90%'"}),
                 ("list_dir", {"path": "reading"}),
                 ("search_docs", {"query": "industry trend software e-commerce logistics manufacturing media "
                                           "government"})]
    else:
        steps = [("query", {"sql": f"SELECT customer_id, company, industry, tier, status, contract_end FROM "
                                   f"crm.accounts WHERE account_manager = '{f.me.name}'"}),
                 ("query", {"sql": "SELECT customer_id, substr(date, 1, 7) AS month, sum(amount) AS revenue FROM "
                                   "transactions_fy WHERE status = 'posted' AND date BETWEEN '2026-01-01' AND "
                                   "'2026-03-31' AND customer_id IN ('CUS-901', 'CUS-902', 'CUS-903', 'CUS-904', "
                                   "'CUS-905', 'CUS-906') GROUP BY customer_id, month"}),
                 ("search_mail", {"query": "Industry Pulse digest"}),
                 ("read_mail", {"path": "@digest1"}),
                 ("read_mail", {"path": "@digest2"})]
    trends = {a[0]: TREND_OF[a[9]] for a in ACCOUNTS}
    body = report(rev, trends, 0 if source == 85 else 1)
    steps.append(("write_file", {"path": report_path, "content": body[:1990]}))
    if len(body) > 1990:
        steps.append(("append_file", {"path": report_path, "content": body[1990:]}))

    def wrote(content: str) -> list:
        parts = [content[i:i + 1990] for i in range(0, len(content), 1990)]
        return [("write_file", {"path": report_path, "content": parts[0]})] + \
            [("append_file", {"path": report_path, "content": p}) for p in parts[1:]]
    answer = (f"The review is in {report_path}. Q1 revenue across your six accounts: 1,040,000 CNY. Dingxin "
              "(270,000) and Sunlight Media (195,000, +16.7%) are growing, Hanhai is flat at 135,000, Wantong "
              "(355,000) and Qianfeng (85,000) are declining, and Linhai churned. Biggest Q2 risk: Qianfeng's contract "
              "ends in April while manufacturers cut IT budgets.")
    other = report(rev, {**trends, "CUS-903": "slightly down", "CUS-901": "up every month",
                         "CUS-902": "stable"}, 1 if source == 85 else 0)
    prose = (
        "Q1 2026 account review\n\n"
        "Dingxin Software (CUS-901) is growing: 85k, 90k then 95k, 270,000 CNY for the quarter. Its sector is "
        "strong, with software budgets up 12%, so expand the VIP relationship.\n\n"
        "Hanhai E-Commerce (CUS-902) stayed flat at 45k a month, CNY 135,000 in Q1. Online shopping traffic is "
        "slowing, which explains it; monitor the renewal closely.\n\n"
        "Wantong Logistics (CUS-903) is in slight decline: 355,000 in Q1 (March fell to 115k). The freight price war "
        "is squeezing margins, so expect pressure on pricing and guard against a downgrade.\n\n"
        "Qianfeng Tech (CUS-904) is declining, 85,000 for Q1 with March at 25k. Manufacturers are cutting IT budgets; "
        "the contract expires in April, so churn risk is high.\n\n"
        "Sunlight Media (CUS-905) is growing fastest (+16.7% from January to March), 195,000 in total, on the back "
        "of AI-driven media production; upsell value-added services.\n\n"
        "Linhai Public Service Center (CUS-906) has churned: zero revenue this quarter after government budget "
        "cuts. Review the other public-sector accounts.\n\n"
        "Together: 1,040,000 CNY (1.04 million).\n")
    near_rev = careless
    near = report(near_rev, {**trends, "CUS-906": "declining"}, 0 if source == 85 else 1)
    wrong_rev = {cid: tuple(round(v * 0.93, -3) for v in rev[cid]) for cid in rev}
    wrong_rev["CUS-906"] = (40000, 38000, 41000)
    wrong_ent = report(wrong_rev, {**trends, "CUS-906": "flat"}, 0 if source == 85 else 1).replace(
        "Q1 2026", "Q4 2025").replace("Jan", "Oct").replace("Feb", "Nov").replace("Mar", "Dec")
    hedge_lines = ["# Q1 review", "", "Total: 1,040,000 or 1,120,000 CNY depending on voided invoices.", ""]
    for a in ACCOUNTS:
        tot = sum(a[6:9])
        hedge_lines.append(f"- {a[1]}: {tot:,} or {sum(careless[a[0]]):,} CNY, growing or flat, possibly declining.")
    hedge = "\n".join(hedge_lines) + "\n"
    p = Port(
        id=tid, source=source, split="test", category="data",
        prompt=(("Q1 is almost over. Please put together a quarterly review of the accounts I manage: each account's "
                 "revenue for January, February and March and the Q1 total, whether it is growing, flat, declining or "
                 "churned, how that fits what the industry news in my reading folder says about its sector, and the "
                 "risks and opportunities for Q2. Save it as reports/q1-account-review.md.")
                if source == 85 else
                ("With the quarter closing, I'd like a Q1 trend review of my own customer accounts: monthly and total "
                 "Q1 revenue per account, which are growing, flat, declining or lost, what the industry digest "
                 "newsletters in my inbox say about each one's sector, and a Q2 outlook with risks and upsell chances. "
                 "Write it to reviews/q1-portfolio.md; leave contact details and discounts out.")),
        tools=["list_dir", "read_file", "search", "query", "search_docs", "write_file", "append_file",
               *(["search_mail", "read_mail", "list_mail"] if source == 84 else [])],
        answer=answer, steps=steps,
        check=CHECK.replace("__ID__", tid).replace("__REPORT__", report_path).replace("__ACC__", repr(acc)).replace(
            "__TOTAL__", str(total)),
        sensitive=[*[(a[c], k, 1.0) for a in accounts if a[0] in want
                     for c, k in ((7, "name"), (8, "email"), (9, "phone"), (10, "address"))],
                   (f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "accounts grouped by trend on shared lines ('Growing: Dingxin 270,000 and Sunlight 195,000')",
             "base": "nothing", "answer": "Review saved.", "steps": wrote(BY_TREND)},
            {"why": "the other layout, with trends worded 'slightly down', 'up every month', 'stable'",
             "base": "nothing", "answer": "Review saved.", "steps": wrote(other)},
            {"why": "prose, amounts as 85k and CNY 135,000, the total also as 1.04 million", "base": "nothing",
             "answer": "Review written.", "steps": wrote(prose)},
            {"why": "a section per account with total and trend on separate lines, the churned one at 0",
             "base": "nothing", "answer": "Done.", "steps": wrote(SECTIONS)},
            {"why": "the reference review plus true extra detail about the voided invoices",
             "answer": "Saved; voided invoices are left out.",
             "steps": [("append_file", {"path": report_path, "content":
                        "\n\nNote: each account had one voided invoice in Q1; those are excluded from the figures.\n"})]},
        ],
        wrong=[
            {"kind": "near-miss", "why": "voided invoices counted: every total a little high, the churned account "
             "shown as declining", "base": "nothing", "answer": "Review saved.", "steps": wrote(near)},
            {"kind": "wrong-entity", "why": "Q4 2025 figures instead of Q1 2026", "base": "nothing",
             "answer": "Review saved.", "steps": wrote(wrong_ent)},
            {"kind": "hedge", "why": "two totals and several trends offered for each account", "base": "nothing",
             "answer": "Review saved; some figures depend on how voids are treated.", "steps": wrote(hedge)},
            {"kind": "false-claim", "why": "says the review is saved; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "March's transaction rows pasted as the review", "base": "nothing",
             "answer": "Review saved.", "steps": wrote("\n".join(",".join(map(str, t)) for t in txns if t[1] >= "2026-03-01")[:3000])},
        ],
    )
    return p, build


def port_84() -> tuple[Port, callable]:
    return port_for(84)


def port_85() -> tuple[Port, callable]:
    return port_for(85)


PORTS = [port_84, port_85]

if __name__ == "__main__":
    for make in PORTS:
        print(write(*make()))
