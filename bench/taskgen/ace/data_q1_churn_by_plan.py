"""A task of our own (no AceBench seed): Q1 2026 churn rate per plan from a subscription export of some 2,500
rows, written as a CSV, with the plan that churned most in the reply.

Churn is the share of customer accounts active at 00:00 UTC on 1 January that cancelled before 00:00 UTC on
1 April. Traps a careful analyst catches, planted and computed back from the rows written:
- the Team plan's code was renamed TEAM -> TEAM-25 on 1 February: 60 accounts' TEAM subscriptions were closed
  that day ('migrated to TEAM-25') and reopened under the new code; they did not churn;
- internal and test accounts (accounts.csv, is_internal = 1) cancel a lot and never count;
- the export repeats some rows (the same subscription_id twice);
- cancellations carry their local offset: 2026-04-01T01:30:00+02:00 is still March in UTC, and
  2026-03-31T21:00:00-05:00 is already April. Run as a script to regenerate."""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from safety_ownkit import put, run

from edgeagent.bench.taskgen.filler import Filler

TID = "data-q1-churn-by-plan"
OUT = "reports/q1-churn-by-plan.csv"
UTC = timezone.utc
Q_START, Q_END = datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC)
RENAME = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
PLANS = [("STARTER", "Starter"), ("TEAM", "Team"), ("BUSINESS", "Business")]
OFFSETS = [0, 0, 0, 1, 2, -5, -8, 9, 5.5]


def stamp(t: datetime, off: float) -> str:
    tz = timezone(timedelta(hours=off))
    return t.astimezone(tz).isoformat(timespec="seconds").replace("+00:00", "Z")


def make_data(f: Filler) -> dict:
    r = f.rng
    accounts = []
    seen: set[str] = set()
    while len(accounts) < 1300:
        org = f.fake.company().replace(",", "")
        if org in seen:
            continue
        seen.add(org)
        accounts.append([f"A{10400 + len(accounts)}", org, f.pick(["DE", "FR", "US", "GB", "NL", "SE", "ES", "JP"]),
                         "0"])
    for i in r.sample(range(len(accounts)), 24):
        accounts[i][1] = f"{f.me.org} " + f.pick(["QA", "Staging", "Sandbox", "Demo", "Load test"]) + f" {i}"
        accounts[i][3] = "1"
    subs = []  # account, plan code, start, cancel (UTC datetime or None), reason, offset
    reasons = ["too expensive", "switched to competitor", "company closed", "missing feature", "no longer needed",
               "payment failed"]
    team_before_q = []
    for a in accounts:
        code = r.choices(["STARTER", "TEAM", "BUSINESS"], [50, 32, 18])[0]
        start = datetime(2024, 6, 1, tzinfo=UTC) + timedelta(minutes=r.randint(0, 60 * 24 * 640))  # to early 2026
        cancel = None
        p = {"STARTER": 0.16, "TEAM": 0.10, "BUSINESS": 0.05}[code] * (3.5 if a[3] == "1" else 1)
        if r.random() < 0.35:  # some left before the quarter
            cancel = start + timedelta(days=r.randint(20, 300))
            cancel = cancel if cancel < Q_START else None
        if cancel is None and r.random() < p:
            cancel = Q_START + timedelta(minutes=r.randint(60, 60 * 24 * 89))
        sub = [a[0], code, start, cancel, r.choice(reasons) if cancel else "", r.choice(OFFSETS)]
        if code == "TEAM" and start < Q_START and a[3] == "0" and cancel is None and len(team_before_q) < 60:
            team_before_q.append(sub)
        subs.append(sub)
    for sub in team_before_q:  # the rename: closed and reopened under TEAM-25 the same minute
        sub[3], sub[4] = RENAME, "migrated to TEAM-25"
        later = None
        if r.random() < 0.08:
            later = RENAME + timedelta(days=r.randint(5, 55))
        subs.append([sub[0], "TEAM-25", RENAME, later, r.choice(reasons) if later else "", sub[5]])
    # month-boundary cancellations written in local time
    normal = [s for s in subs if s[2] < Q_START and s[3] is None and s[1] == "STARTER"]
    for s, (utc, off) in zip(normal[:4], [(datetime(2026, 3, 31, 23, 30, tzinfo=UTC), 2),
                                          (datetime(2026, 3, 31, 22, 10, tzinfo=UTC), 1),
                                          (datetime(2026, 4, 1, 2, 0, tzinfo=UTC), -5),
                                          (datetime(2026, 4, 1, 4, 45, tzinfo=UTC), -8)]):
        s[3], s[4], s[5] = utc, "too expensive", off
    for _ in range(260):  # new subscriptions during and after the quarter
        a = f.pick([x for x in accounts if x[3] == "0"])
        subs.append([a[0], r.choice(["STARTER", "TEAM-25", "BUSINESS"]), Q_START + timedelta(minutes=r.randint(
            0, 60 * 24 * 100)), None, "", r.choice(OFFSETS)])
    subs.sort(key=lambda s: (s[2], s[0]))
    rows = [[f"SUB-{50001 + i}", s[0], s[1], stamp(s[2], s[5]), stamp(s[3], s[5]) if s[3] else "", s[4]]
            for i, s in enumerate(subs)]
    dups = r.sample(range(len(rows)), 40)
    export = rows + [rows[i] for i in dups]
    export.sort(key=lambda x: x[0])
    return {"accounts": accounts, "rows": rows, "export": export}


def parse(ts: str) -> datetime | None:
    return datetime.fromisoformat(ts.replace("Z", "+00:00")) if ts else None


def churn(d: dict, *, internal: bool = False, migrations: bool = False, naive_tz: bool = False) -> dict:
    """Per plan: (active at the start of Q1, churned in Q1, rate in %), computed from the rows written."""
    test = {a[0] for a in d["accounts"] if a[3] == "1"}
    plan = {"TEAM-25": "TEAM"}
    out = {}
    for code, _ in PLANS:
        active, churned = set(), set()
        for sid, acc, c, start, cancel, why in d["rows"]:
            if plan.get(c, c) != code or (acc in test and not internal):
                continue
            s, e = parse(start), parse(cancel)
            if naive_tz and e:
                e = datetime.fromisoformat(cancel[:19]).replace(tzinfo=UTC)
            if s < Q_START and (e is None or e >= Q_START):
                active.add(acc)
                if e and e < Q_END and (migrations or why != "migrated to TEAM-25"):
                    churned.add(acc)
        # a migrated account that later cancelled its TEAM-25 subscription in Q1 did churn
        for sid, acc, c, start, cancel, why in d["rows"]:
            if c == "TEAM-25" and code == "TEAM" and acc in active and cancel and parse(cancel) < Q_END:
                churned.add(acc)
        out[code] = (len(active), len(churned), round(100 * len(churned) / len(active), 2))
    return out


CHECK = '''
"""__ID__: Q1 2026 churn per plan, in __OUT__, and the plan that churned most in the reply. Gates (score 0): no
CSV; a row for TEAM-25 apart from Team (the renamed code is the same plan); the reply not giving the worst
plan's rate on its own. Then per plan its churn rate (0.18 each) and churned count (0.06 each), active counts
for all three (0.1), the reply naming the worst plan (0.18)."""

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


def _rate(t, pct):
    return has_number(t, pct, 0.05) or has_number(t, pct / 100, 0.0005)


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got or any(says_any(g, "TEAM-25") and not says_any(g, "team plan") for g in got):
        return 0.0
    worst = max(RESULT, key=lambda c: RESULT[c][2])
    if not _rate(answer or "", RESULT[worst][2]) or not (
            has_number(answer or "", RESULT[worst][2], 0.05, alone=True)
            or has_number(answer or "", RESULT[worst][2] / 100, 0.0005, alone=True)):
        return 0.0
    score = 0.0
    active = True
    for code, (n, churned, pct) in RESULT.items():
        mine = [g for g in got if says_any(g, code, NAMES[code])]
        score += 0.18 * any(_rate(g, pct) for g in mine)
        score += 0.06 * any(has_number(g, churned) for g in mine)
        active = active and any(has_number(g, n) for g in mine)
    score += 0.1 * active
    score += 0.18 * says_any(answer or "", worst, NAMES[worst])
    return min(score, 1.0)


check = graded(check)
'''


def task() -> tuple[Port, callable]:
    f = Filler(TID)
    d = make_data(f)
    res = churn(d)
    names = dict(PLANS)
    worst = max(res, key=lambda c: res[c][2])
    for trap in ({"internal": True}, {"migrations": True}, {"naive_tz": True}):
        bad = churn(d, **trap)
        assert any(abs(bad[c][2] - res[c][2]) > 0.1 for c in res), (trap, bad, res)
    assert churn(d, migrations=True)["TEAM"][2] > res[worst][2], (churn(d, migrations=True), res)
    assert len(d["export"]) > len(d["rows"])

    def build(ws: Path) -> None:
        f.write_csv(ws / "exports" / "subscriptions.csv",
                    ["subscription_id", "account_id", "plan_code", "started_at", "cancelled_at", "cancel_reason"],
                    d["export"])
        f.write_csv(ws / "exports" / "accounts.csv", ["account_id", "company", "country", "is_internal"],
                    d["accounts"])
        f.write_csv(ws / "exports" / "plans.csv", ["plan_code", "plan_name", "monthly_price_eur", "valid_from",
                                                   "valid_to", "note"],
                    [["STARTER", "Starter", "19", "2023-01-01", "", ""],
                     ["TEAM", "Team", "49", "2023-01-01", "2026-01-31", "renamed TEAM-25 (same plan, new code)"],
                     ["TEAM-25", "Team", "49", "2026-02-01", "", "was TEAM"],
                     ["BUSINESS", "Business", "129", "2023-01-01", "", ""]])
        f.write_csv(ws / "finance" / "expenses_q1.csv", *f.table("expenses", 700, Q_START.date(), Q_END.date()))
        (ws / "README.md").write_text(
            f"Growth analytics scratch folder ({f.me.name}).\n\nexports/ is last night's dump of the billing "
            "service. Timestamps keep the offset of the customer's own time zone; we report in UTC. The export "
            "job is known to write a few rows twice.\n")
        (ws / "notes").mkdir()
        (ws / "notes" / "retention-sync.md").write_text(f.document("notes", title="Retention sync"))

    body = "plan,active_at_start,churned,churn_rate_pct\n" + "".join(
        f"{names[c]},{n},{k},{p:.2f}\n" for c, (n, k, p) in res.items())
    w = res[worst]
    answer = (f"Saved {OUT}. {names[worst]} churned most in Q1: {w[1]} of {w[0]} accounts active on 1 January, "
              f"{w[2]:.2f}%. " + " ".join(f"{names[c]}: {p:.2f}% ({k} of {n})." for c, (n, k, p) in res.items()
                                         if c != worst) +
              " Internal accounts, the TEAM to TEAM-25 migrations and duplicate rows are left out; times in UTC.")
    steps = [("read_file", {"path": "README.md"}),
             ("read_file", {"path": "exports/plans.csv"}),
             ("query", {"sql": "SELECT cancel_reason, count(*) FROM subscriptions WHERE cancelled_at <> '' GROUP BY 1"}),
             ("query", {"sql": "SELECT count(*), count(DISTINCT subscription_id) FROM subscriptions"}),
             ("query", {"sql": "SELECT is_internal, count(*) FROM accounts GROUP BY 1"}),
             ("query", {"sql": (
                 "WITH s AS (SELECT DISTINCT subscription_id, account_id, CASE plan_code WHEN 'TEAM-25' THEN 'TEAM' "
                 "ELSE plan_code END AS plan, datetime(started_at) AS st, CASE WHEN cancelled_at = '' THEN NULL ELSE "
                 "datetime(cancelled_at) END AS en, cancel_reason FROM subscriptions JOIN accounts USING (account_id) "
                 "WHERE is_internal = 0), base AS (SELECT DISTINCT plan, account_id FROM s WHERE st < '2026-01-01' "
                 "AND (en IS NULL OR en >= '2026-01-01')), gone AS (SELECT DISTINCT plan, account_id FROM s WHERE en "
                 ">= '2026-01-01' AND en < '2026-04-01' AND cancel_reason <> 'migrated to TEAM-25') SELECT b.plan, "
                 "count(*) AS active, count(g.account_id) AS churned, round(100.0 * count(g.account_id) / count(*), "
                 "2) AS pct FROM base b LEFT JOIN gone g USING (plan, account_id) GROUP BY b.plan")}),
             *put(OUT, body)]
    eu = "Tarif;Aktiv 1.1.;Gekündigt;Quote\n" + "".join(
        f"{names[c]};{n};{k};{p:.2f}".replace(".", ",") + " %\n" for c, (n, k, p) in res.items())
    frac = "plan_code,base,lost,rate\n" + "".join(f"{c},{n},{k},{p / 100:.4f}\n" for c, (n, k, p) in res.items())
    long_answer = answer + (
        " How it was computed: the cohort is every customer account with a subscription that started before "
        "00:00 UTC on 1 January 2026 and was not cancelled before then; an account churns when that subscription is "
        "cancelled before 00:00 UTC on 1 April. Timestamps were converted to UTC first, which moves two "
        "cancellations written on 1 April (+02:00 and +01:00) into March and two written on 31 March (-05:00 and "
        "-08:00) into April. The 60 Team accounts whose subscriptions were closed on 1 February with the reason "
        "'migrated to TEAM-25' simply moved to the renamed code of the same plan, so they are not churn unless "
        "they later cancelled the TEAM-25 subscription within the quarter. The 40 repeated rows in the export were "
        "counted once, and the 24 internal, QA and sandbox accounts flagged is_internal = 1 were excluded.")
    naive = churn(d, migrations=True, internal=True)
    wrong_body = "plan,active_at_start,churned,churn_rate_pct\n" + "".join(
        f"{names[c]},{n},{k},{p:.2f}\n" for c, (n, k, p) in naive.items())
    nw = max(naive, key=lambda c: naive[c][2])
    near = {c: (n, k + 1, round(100 * (k + 1) / n, 2)) for c, (n, k, p) in res.items()}
    near_body = "plan,active_at_start,churned,churn_rate_pct\n" + "".join(
        f"{names[c]},{n},{k},{p:.2f}\n" for c, (n, k, p) in near.items())
    p = Port(
        id=TID, source=0, split="dev", category="data",
        prompt=("What was our churn by plan in Q1 2026? I mean: of the customers active on 1 January, the share "
                "that cancelled by the end of March. Internal and test accounts don't count. Please write "
                f"{OUT} with each plan's active count, churned count and rate, and tell me which plan churned most."),
        tools=["list_dir", "read_file", "search", "query", "write_file", "append_file"],
        answer=answer, steps=steps,
        check=CHECK.replace("__ID__", TID).replace("__OUT__", OUT).replace(
            "__CONSTS__", f"OUT = {OUT!r}\nRESULT = {res!r}\nNAMES = {names!r}\n"),
        sensitive=[(f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "German layout: semicolons, decimal commas, a % sign", "base": "nothing",
             "answer": f"Fertig. Am meisten: {names[worst]} mit {w[2]:.2f}".replace(".", ",") + " %.",
             "steps": put(OUT, eu)},
            {"why": "rates as fractions, plan codes, a reply over 1,000 characters", "base": "nothing",
             "answer": long_answer, "steps": put(OUT, frac)},
            {"why": "the reference file, a terse reply with the rate as a fraction",
             "answer": f"{worst}: {w[2] / 100:.4f} churn, the highest."},
        ],
        wrong=[
            {"kind": "near-miss", "why": "one churned account too many on every plan", "base": "nothing",
             "answer": f"Saved. {names[worst]} churned most: {near[worst][2]:.2f}%.", "steps": put(OUT, near_body)},
            {"kind": "wrong-entity", "why": "migrations and internal accounts counted: Team looks worst",
             "base": "nothing", "answer": f"Saved. {names[nw]} churned most: {naive[nw][2]:.2f}%.",
             "steps": put(OUT, wrong_body)},
            {"kind": "hedge", "why": "the right file; the worst rate offered beside another",
             "answer": f"{names[worst]} churned most, either {w[2]:.2f}% or {naive[worst][2]:.2f}% depending on "
                       "the test accounts."},
            {"kind": "false-claim", "why": "claims the CSV is saved; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "subscription rows pasted into the CSV", "base": "nothing",
             "answer": f"Saved; {names[worst]} at {w[2]:.2f}%.",
             "steps": put(OUT, "\n".join(",".join(x) for x in d["export"][:60]))},
        ],
    )
    return p, build


OWN = [task]

if __name__ == "__main__":
    run(OWN)
