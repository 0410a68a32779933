"""A task of our own (no AceBench seed): days of cover per warehouse for one SKU, the KB-210 keyboard, from a
warehouse system's SQLite export of some 6,000 shipment lines for 40 SKUs and a stock snapshot on 31 March
2026; a CSV per warehouse and the warehouse that runs out first in the reply.

Days of cover = units on hand / average units shipped per day over the 28 days 4-31 March. Traps a careful
analyst catches, planted and computed back from the rows written:
- KB-210 is KB-200 under a new code from 15 March: the window's demand is under both codes;
- some lines are in cases of 12 (uom 'case'), most in units: Madrid ships mostly in cases and runs out first;
  read as units, Wroclaw would look first;
- cancelled lines never left the building;
- WH-TEST is the integration test site, not a warehouse.
No KB line falls on 3 or 4 March, so a window counted from either day agrees. Run as a script to regenerate."""

from __future__ import annotations

import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from safety_ownkit import put, run

from edgeagent.bench.taskgen.filler import Filler

TID = "data-kb210-days-of-cover"
OUT = "reports/kb210-days-of-cover.csv"
WH = {"WH-ROT": "Rotterdam", "WH-LEI": "Leipzig", "WH-MAD": "Madrid", "WH-WRO": "Wroclaw"}
W0, W1 = datetime(2026, 3, 4), datetime(2026, 4, 1)
RENAMED = datetime(2026, 3, 15)
PER_CASE = 12
# per warehouse: KB units a day, share shipped in cases, units on hand on 31 March
PLAN = {"WH-ROT": (38, 0.0, 1150), "WH-LEI": (26, 0.1, 610), "WH-MAD": (31, 0.85, 300), "WH-WRO": (17, 0.0, 215)}


def make_data(f: Filler) -> dict:
    r = f.rng
    skus = [["KB-200", "Mechanical keyboard KB, ISO layout", "12", "0", "KB-210"],
            ["KB-210", "Mechanical keyboard KB, ISO layout (rev. B)", "12", "1", ""]]
    for i in range(38):
        skus.append([f"{f.pick(['MS', 'HS', 'DK', 'CB', 'MN', 'WC'])}-{300 + i * 7}",
                     f"{f.fake.word().title()} {f.pick(['mouse', 'headset', 'dock', 'cable', 'monitor arm', 'webcam'])}",
                     str(f.pick([6, 10, 12, 20, 24])), "1", ""])
    lines = []  # warehouse, sku, shipped_at, qty, uom, status

    def when(lo: datetime, hi: datetime) -> datetime:
        return lo + timedelta(minutes=r.randint(0, int((hi - lo).total_seconds() // 60) - 1))
    for _ in range(5200):  # other SKUs, January to March
        s = f.pick(skus[2:])
        case = r.random() < 0.2
        lines.append([f.pick(list(WH)), s[0], when(datetime(2026, 1, 1), W1), r.randint(1, 6 if case else 40),
                      "case" if case else "unit", r.choices(["shipped", "cancelled"], [95, 5])[0]])
    for wh, (per_day, cases, _) in PLAN.items():  # KB: 4-31 March exactly per_day * 28 units shipped
        target = per_day * 28
        got = 0
        while got < target:
            t = when(datetime(2026, 3, 5), W1)
            code = "KB-200" if t < RENAMED else "KB-210"
            if r.random() < cases and target - got >= PER_CASE:
                n = min(r.randint(1, 3), (target - got) // PER_CASE)
                lines.append([wh, code, t, n, "case", "shipped"])
                got += n * PER_CASE
            else:
                n = min(r.randint(1, 9), target - got)
                lines.append([wh, code, t, n, "unit", "shipped"])
                got += n
        for _ in range(r.randint(3, 6)):  # cancelled lines in the window
            t = when(datetime(2026, 3, 5), W1)
            lines.append([wh, "KB-200" if t < RENAMED else "KB-210", t, r.randint(5, 30), "unit", "cancelled"])
        for _ in range(r.randint(40, 60)):  # before the window (January to 2 March)
            t = when(datetime(2026, 1, 1), datetime(2026, 3, 3))
            lines.append([wh, "KB-200", t, r.randint(1, 12), "unit", "shipped"])
    for _ in range(25):
        t = when(datetime(2026, 3, 5), W1)
        lines.append(["WH-TEST", "KB-210" if t >= RENAMED else "KB-200", t, r.randint(50, 400), "unit", "shipped"])
    lines.sort(key=lambda x: (x[2], x[0], x[1]))
    ship = [[f"SHP-{400001 + i}", x[0], x[1], x[2].strftime("%Y-%m-%dT%H:%M:00Z"), x[3], x[4], x[5]]
            for i, x in enumerate(lines)]
    stock = [[wh, "KB-210", units, "2026-03-31T23:59:00Z"] for wh, (_, _, units) in PLAN.items()]
    stock += [["WH-TEST", "KB-210", 9999, "2026-03-31T23:59:00Z"]]
    stock += [[wh, s[0], r.randint(0, 3000), "2026-03-31T23:59:00Z"] for wh in WH for s in skus[2:]]
    return {"skus": skus, "ship": ship, "stock": stock}


def cover(d: dict, *, cases: bool = True, renamed: bool = True, cancelled: bool = False) -> dict:
    """Per warehouse: (on hand, average units a day over 4-31 March, days of cover), from the rows written."""
    codes = {"KB-210", "KB-200"} if renamed else {"KB-210"}
    out = {}
    for wh in WH:
        units = sum(q * (PER_CASE if uom == "case" and cases else 1)
                    for _, w, sku, at, q, uom, st in d["ship"]
                    if w == wh and sku in codes and (st == "shipped" or cancelled) and "2026-03-04" <= at[:10] <= "2026-03-31")
        on_hand = sum(s[2] for s in d["stock"] if s[0] == wh and s[1] == "KB-210")
        daily = units / 28
        out[wh] = (on_hand, round(daily, 2), round(on_hand / daily, 1))
    return out


CHECK = '''
"""__ID__: days of cover of KB-210 per warehouse in __OUT__, and the warehouse that runs out first in the
reply. Gates (score 0): no CSV; WH-TEST in it; the reply not giving the first warehouse's days of cover on its
own. Then per warehouse its days of cover (0.14 each) and average daily demand (0.04 each), four rows (0.08),
the reply naming the warehouse (0.2)."""

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
    if not got or any(says_any(g, "WH-TEST") for g in got):
        return 0.0
    first = min(RESULT, key=lambda w: RESULT[w][2])
    if not has_number(answer or "", RESULT[first][2], 0.06, alone=True):
        return 0.0
    score = 0.0
    for wh, city in CITY.items():
        mine = [g for g in got if says_any(g, wh, city)]
        score += 0.14 * any(has_number(g, RESULT[wh][2], 0.06) for g in mine)
        score += 0.04 * any(has_number(g, RESULT[wh][1], 0.011) for g in mine)
    score += 0.08 * (len(got) == len(CITY))
    score += 0.2 * says_any(answer or "", first, CITY[first])
    return min(score, 1.0)


check = graded(check)
'''


def task() -> tuple[Port, callable]:
    f = Filler(TID)
    d = make_data(f)
    res = cover(d)
    first = min(res, key=lambda w: res[w][2])
    assert first == "WH-MAD", res
    naive = cover(d, cases=False)
    assert min(naive, key=lambda w: naive[w][2]) == "WH-WRO", naive
    for kw in ({"renamed": False}, {"cancelled": True}):
        bad = cover(d, **kw)
        assert all(abs(bad[w][2] - res[w][2]) > 0.1 for w in WH), (kw, bad)
    assert sorted(v[2] for v in res.values())[1] - res[first][2] > 1.5

    def build(ws: Path) -> None:
        db = sqlite3.connect(ws / "wms.db")
        db.execute("CREATE TABLE skus (sku TEXT PRIMARY KEY, description TEXT, units_per_case INTEGER, active INTEGER, "
                   "replaced_by TEXT)")
        db.execute("CREATE TABLE shipments (shipment_id TEXT PRIMARY KEY, warehouse TEXT, sku TEXT, shipped_at TEXT, "
                   "qty INTEGER, uom TEXT, status TEXT)")
        db.execute("CREATE TABLE stock_snapshot (warehouse TEXT, sku TEXT, on_hand_units INTEGER, taken_at TEXT)")
        db.executemany("INSERT INTO skus VALUES (?,?,?,?,?)", d["skus"])
        db.executemany("INSERT INTO shipments VALUES (?,?,?,?,?,?,?)", d["ship"])
        db.executemany("INSERT INTO stock_snapshot VALUES (?,?,?,?)", d["stock"])
        db.commit()
        db.execute("VACUUM")
        db.close()
        f.write_csv(ws / "ops" / "warehouses.csv", ["code", "city", "status", "note"],
                    [[w, c, "active", ""] for w, c in WH.items()] +
                    [["WH-TEST", "-", "test", "integration test site for the WMS; not a real warehouse"]])
        f.write_csv(ws / "ops" / "inbound_pos.csv", ["po", "warehouse", "sku", "units", "eta"],
                    [[f"PO-{88100 + i}", f.pick(list(WH)), f.pick(d["skus"][2:])[0], str(f.rng.randint(50, 900)),
                      f"2026-04-{f.rng.randint(8, 30):02d}"] for i in range(60)])
        (ws / "README.md").write_text(
            f"Supply planning folder ({f.me.name}).\n\nwms.db: last night's export of the warehouse system. "
            "Shipment quantities are in the line's unit of measure; see skus.units_per_case.\n")
        (ws / "notes").mkdir()
        (ws / "notes" / "s-and-op.md").write_text(f.document("notes", title="S&OP March"))

    body = "warehouse,city,on_hand_units,avg_daily_units,days_of_cover\n" + "".join(
        f"{w},{WH[w]},{o},{a:.2f},{c:.1f}\n" for w, (o, a, c) in res.items())
    fr = res[first]
    answer = (f"Saved {OUT}. {WH[first]} ({first}) runs out first: {fr[0]} units on hand against {fr[1]:.2f} a day, "
              f"{fr[2]:.1f} days of cover. " + " ".join(f"{WH[w]}: {c:.1f} days." for w, (o, a, c) in res.items()
                                                       if w != first) +
              " Demand counts KB-200 lines before the rename, cases as 12 units, and no cancelled lines.")
    steps = [("read_file", {"path": "README.md"}),
             ("query", {"sql": "SELECT * FROM skus WHERE sku LIKE 'KB%'"}),
             ("read_file", {"path": "ops/warehouses.csv"}),
             ("query", {"sql": "SELECT warehouse, sku, uom, status, count(*), sum(qty) FROM shipments WHERE sku IN "
                               "('KB-200', 'KB-210') AND shipped_at >= '2026-03-04' GROUP BY 1, 2, 3, 4"}),
             ("query", {"sql": (
                 "WITH dem AS (SELECT warehouse, sum(qty * CASE uom WHEN 'case' THEN 12 ELSE 1 END) / 28.0 AS "
                 "daily FROM shipments WHERE sku IN ('KB-200', 'KB-210') AND status = 'shipped' AND shipped_at >= "
                 "'2026-03-04' AND shipped_at < '2026-04-01' GROUP BY 1) SELECT s.warehouse, s.on_hand_units, "
                 "round(dem.daily, 2) AS daily, round(s.on_hand_units / dem.daily, 1) AS days FROM stock_snapshot s "
                 "JOIN dem USING (warehouse) WHERE s.sku = 'KB-210' AND s.warehouse <> 'WH-TEST' ORDER BY days")}),
             *put(OUT, body)]
    eu = "Lager;Bestand;Bedarf pro Tag;Reichweite (Tage)\n" + "".join(
        f"{WH[w]};{o};{a:.2f};{c:.1f}\n".replace(".", ",") for w, (o, a, c) in res.items())
    long_answer = answer + (
        " Method: KB-210 replaced KB-200 on 15 March (the skus table's replaced_by), so the 28-day window from 4 to "
        "31 March takes both codes. Lines with uom 'case' were multiplied by the 12 units per case, which matters "
        "most in Madrid, where most of the volume leaves in cases; read as units, Madrid would look comfortable and "
        "Wroclaw would seem to run out first. Cancelled lines never shipped and are out, and WH-TEST is the "
        "integration test site rather than a warehouse, so it is not in the file. On-hand figures are the "
        "31 March snapshot; inbound purchase orders are not counted as cover. If demand holds, Madrid needs "
        "stock moved in or a purchase order expedited well before its cover runs out.")
    near = {w: (o, round(a * 1.05, 2), round(o / (a * 1.05), 1)) for w, (o, a, c) in res.items()}

    def table(rr: dict) -> str:
        return "warehouse,on_hand,daily,days\n" + "".join(f"{w},{o},{a:.2f},{c:.1f}\n" for w, (o, a, c) in rr.items())
    nf = min(naive, key=lambda w: naive[w][2])
    p = Port(
        id=TID, source=0, split="test", category="data",
        prompt=("How many days of cover do we have left on the KB-210 keyboard in each warehouse? Use stock on "
                "hand at the end of March and the average units shipped per day over the 28 days to 31 March. "
                f"Write it to {OUT} and tell me which warehouse runs out first."),
        tools=["list_dir", "read_file", "search", "query", "write_file", "append_file"],
        answer=answer, steps=steps,
        check=CHECK.replace("__ID__", TID).replace("__OUT__", OUT).replace(
            "__CONSTS__", f"OUT = {OUT!r}\nRESULT = {res!r}\nCITY = {WH!r}\n"),
        sensitive=[(f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "German layout, cities only, decimal commas", "base": "nothing",
             "answer": f"Madrid zuerst: {fr[2]:.1f}".replace(".", ",") + " Tage Reichweite.", "steps": put(OUT, eu)},
            {"why": "a reply over 1,000 characters; the reference file", "answer": long_answer},
            {"why": "the reference file, a terse reply", "answer": f"{first}, about {fr[2]:.1f} days."},
        ],
        wrong=[
            {"kind": "near-miss", "why": "demand 5% high everywhere", "base": "nothing",
             "answer": f"Saved. Madrid runs out first: {near[first][2]:.1f} days.", "steps": put(OUT, table(near))},
            {"kind": "wrong-entity", "why": "cases read as units: Wroclaw looks first", "base": "nothing",
             "answer": f"Saved. {WH[nf]} runs out first: {naive[nf][2]:.1f} days.", "steps": put(OUT, table(naive))},
            {"kind": "hedge", "why": "the right file; Madrid's cover beside another figure",
             "answer": f"Madrid runs out first, in {fr[2]:.1f} or {naive['WH-MAD'][2]:.1f} days depending on the "
                       "unit of measure."},
            {"kind": "false-claim", "why": "claims the CSV is saved; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "shipment lines pasted into the CSV", "base": "nothing",
             "answer": f"Saved; Madrid first at {fr[2]:.1f} days.",
             "steps": put(OUT, "\n".join(",".join(map(str, x)) for x in d["ship"] if x[2].startswith("KB"))[:3800])},
        ],
    )
    return p, build


OWN = [task]

if __name__ == "__main__":
    run(OWN)
