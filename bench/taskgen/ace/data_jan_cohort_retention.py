"""A task of our own (no AceBench seed): the January 2026 sign-up cohort's retention in its fourth month (any
session 90 to 119 days after signing up), per acquisition channel, from an app's SQLite export of some 2,000
users and 14,000 sessions; a CSV per channel and the overall rate in the reply.

Traps a careful analyst catches, planted and computed back from the rows written:
- sign-ups are stored with the user's offset: 2026-01-31T21:30:00-05:00 is February in UTC (out of the
  cohort), 2026-02-01T00:40:00+02:00 is still January (in);
- internal and bot accounts (users.is_internal = 1, or the QA load-test agent) never count;
- the channel code fb_ads was renamed meta_ads on 15 January: one channel;
- the session log repeats some rows (the same session_id twice), which must not matter.
Sessions never fall within a day of the window's edges, so any reasonable day arithmetic agrees. Run as a
script to regenerate."""

from __future__ import annotations

import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from safety_ownkit import put, run

from edgeagent.bench.taskgen.filler import Filler

TID = "data-jan-cohort-retention"
OUT = "reports/jan-cohort-retention.csv"
UTC = timezone.utc
JAN, FEB = datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, tzinfo=UTC)
CHANNELS = {"organic": ("Organic", 0.34), "paid_search": ("Paid search", 0.22), "meta_ads": ("Meta ads", 0.12),
            "referral": ("Referral", 0.41), "partner": ("Partner", 0.27)}
OFFSETS = [0, 0, 1, 2, -5, -8, 9, 5.5, -3]


def iso(t: datetime, off: float) -> str:
    return t.astimezone(timezone(timedelta(hours=off))).isoformat(timespec="seconds")


def make_data(f: Filler) -> dict:
    r = f.rng
    users, sessions = [], []
    uid = 70001

    def add(t0: datetime, channel: str, internal: bool = False, keep: float | None = None, off: float | None = None,
            agent: str = "") -> None:
        nonlocal uid
        code = "fb_ads" if channel == "meta_ads" and t0 < datetime(2026, 1, 15, tzinfo=UTC) else channel
        o = r.choice(OFFSETS) if off is None else off
        name = f.fake.user_name() + str(r.randint(1, 99))
        users.append([f"U{uid}", f"{name}@{f.pick(['gmail.example', 'outlook.example', 'proton.example', f.domain])}"
                      if not internal else f"qa+{uid}@{f.domain}", iso(t0, o), code, "1" if internal else "0",
                      f.pick(["ios", "android", "web"])])
        p = CHANNELS[channel][1] if keep is None else keep
        stay = r.random() < p
        days = [d for d in range(1, 150) if r.random() < 0.05 and not (88 <= d <= 91 or 118 <= d <= 121)]
        days = [d for d in days if d < 89 or (stay and d < 150) or d > 121]
        if stay and not any(92 <= d <= 117 for d in days):
            days.append(r.randint(92, 117))
        if not stay:
            days = [d for d in days if not 92 <= d <= 117]
        for d in sorted(days):
            ts = t0 + timedelta(days=d, minutes=r.randint(-600, 600))
            sessions.append([f"U{uid}", iso(ts, o), str(r.randint(1, 48)), agent or f.pick(["app/5.2", "app/5.3",
                                                                                            "web/2026.1"])])
        uid += 1
    for _ in range(1250):  # January sign-ups
        t0 = JAN + timedelta(minutes=r.randint(0, 31 * 24 * 60 - 1))
        if FEB - timedelta(hours=12) < t0:
            continue
        add(t0, r.choices(list(CHANNELS), [40, 25, 15, 10, 10])[0])
    for _ in range(700):  # December and February
        t0 = r.choice([datetime(2025, 12, 1, tzinfo=UTC), FEB]) + timedelta(minutes=r.randint(0, 27 * 24 * 60))
        add(t0, r.choice(list(CHANNELS)))
    for _ in range(30):  # internal QA and load-test accounts, retained almost always
        add(JAN + timedelta(minutes=r.randint(0, 30 * 24 * 60)), f.pick(list(CHANNELS)), internal=True, keep=0.95,
            agent="loadtest-bot/1.4")
    # the boundary: local times on the other side of midnight UTC
    for utc, off, ch in [(datetime(2026, 2, 1, 2, 30, tzinfo=UTC), -5, "meta_ads"),
                         (datetime(2026, 2, 1, 4, 10, tzinfo=UTC), -8, "paid_search"),
                         (datetime(2026, 2, 1, 1, 5, tzinfo=UTC), -3, "organic"),
                         (datetime(2026, 1, 31, 22, 40, tzinfo=UTC), 2, "referral"),
                         (datetime(2026, 1, 31, 19, 15, tzinfo=UTC), 9, "partner")]:
        add(utc, ch, keep=0.9, off=off)
    sessions.sort(key=lambda s: (s[1], s[0]))
    rows = [[f"S{900001 + i}", *s] for i, s in enumerate(sessions)]
    for i in r.sample(range(len(rows)), 300):
        rows.append(rows[i])
    rows.sort(key=lambda s: s[0])
    return {"users": users, "sessions": rows}


def at(s: str) -> datetime:
    return datetime.fromisoformat(s).astimezone(UTC)


def retention(d: dict, *, internal: bool = False, naive_tz: bool = False) -> dict:
    """Per channel (and 'all'): (cohort size, retained, rate %), computed from the rows written."""
    seen: dict[str, list[datetime]] = {}
    for _, u, ts, *_ in d["sessions"]:
        seen.setdefault(u, []).append(at(ts))
    out: dict[str, list[int]] = {c: [0, 0] for c in [*CHANNELS, "all"]}
    for u, _, signed, code, inner, _ in d["users"]:
        t0 = datetime.fromisoformat(signed[:19]).replace(tzinfo=UTC) if naive_tz else at(signed)
        if not JAN <= t0 < FEB or (inner == "1" and not internal):
            continue
        ch = "meta_ads" if code == "fb_ads" else code
        kept = any(t0 + timedelta(days=90) <= t < t0 + timedelta(days=120) for t in seen.get(u, []))
        for key in (ch, "all"):
            out[key][0] += 1
            out[key][1] += kept
    return {k: (n, k2, round(100 * k2 / n, 1)) for k, (n, k2) in out.items()}


CHECK = '''
"""__ID__: the January 2026 cohort's retention 90-119 days after sign-up, per channel in __OUT__, and the
overall rate in the reply. Gates (score 0): no CSV; fb_ads as a row of its own (it is meta_ads under its old
code); the reply not giving the overall rate on its own. Then per channel its cohort size (0.05 each) and rate
(0.1 each), the overall rate in the CSV or the reply with the cohort size (0.1), the reply naming the weakest
channel (0.15)."""

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


def _rate(t, pct, alone=False):
    return has_number(t, pct, 0.051, alone=alone) or has_number(t, pct / 100, 0.00051, alone=alone)


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got or any(says_any(g, "fb_ads", "fb ads") and not says_any(g, "meta_ads", "meta ads", "meta") for g in got):
        return 0.0
    n_all, _, pct_all = RESULT["all"]
    if not _rate(answer or "", pct_all, alone=True):
        return 0.0
    score = 0.0
    for code, name in NAMES.items():
        mine = [g for g in got if says_any(g, code, name, code.replace("_", " "))]
        score += 0.05 * any(has_number(g, RESULT[code][0]) for g in mine)
        score += 0.1 * any(_rate(g, RESULT[code][2]) for g in mine)
    score += 0.1 * (has_number(answer or "", n_all) or any(has_number(g, n_all) and _rate(g, pct_all) for g in got))
    weakest = min(NAMES, key=lambda c: RESULT[c][2])
    score += 0.15 * says_any(answer or "", weakest, NAMES[weakest], weakest.replace("_", " "))
    return min(score, 1.0)


check = graded(check)
'''


def task() -> tuple[Port, callable]:
    f = Filler(TID)
    d = make_data(f)
    res = retention(d)
    for trap in ({"internal": True}, {"naive_tz": True}):
        bad = retention(d, **trap)
        assert bad["all"] != res["all"], trap
    assert abs(retention(d, internal=True)["all"][2] - res["all"][2]) >= 0.3
    names = {c: n for c, (n, _) in CHANNELS.items()}
    weakest = min(names, key=lambda c: res[c][2])
    assert sorted(res[c][2] for c in names)[1] - res[weakest][2] > 3

    def build(ws: Path) -> None:
        db = sqlite3.connect(ws / "app_analytics.db")
        db.execute("CREATE TABLE users (user_id TEXT PRIMARY KEY, email TEXT, signed_up_at TEXT, channel TEXT, "
                   "is_internal INTEGER, platform TEXT)")
        db.execute("CREATE TABLE sessions (session_id TEXT, user_id TEXT, started_at TEXT, minutes INTEGER, "
                   "client TEXT)")
        db.executemany("INSERT INTO users VALUES (?,?,?,?,?,?)", d["users"])
        db.executemany("INSERT INTO sessions VALUES (?,?,?,?,?)", d["sessions"])
        db.execute("CREATE TABLE channels (code TEXT, name TEXT, valid_from TEXT, note TEXT)")
        db.executemany("INSERT INTO channels VALUES (?,?,?,?)",
                       [(c, n, "2024-01-01", "") for c, n in names.items() if c != "meta_ads"] +
                       [("fb_ads", "Meta ads", "2024-01-01", "renamed meta_ads on 2026-01-15"),
                        ("meta_ads", "Meta ads", "2026-01-15", "was fb_ads")])
        db.commit()
        db.execute("VACUUM")
        db.close()
        f.write_csv(ws / "marketing" / "spend_by_channel.csv", ["month", "channel", "spend_eur"],
                    [[m, c, str(f.rng.randint(8, 60) * 500)] for m in ("2025-12", "2026-01", "2026-02")
                     for c in ("paid_search", "meta_ads", "partner")])
        (ws / "README.md").write_text(
            f"Product analytics sandbox ({f.me.name}).\n\napp_analytics.db is a nightly copy. Timestamps keep the "
            "user's own offset; cohorts and windows are in UTC. is_internal marks staff, QA and load-test "
            "accounts.\n")
        (ws / "notes").mkdir()
        (ws / "notes" / "growth-review.md").write_text(f.document("notes", title="Growth review"))

    body = "channel,signups,retained,retention_pct\n" + "".join(
        f"{names[c]},{n},{k},{p:.1f}\n" for c, (n, k, p) in res.items() if c != "all") + \
        "All channels,{},{},{:.1f}\n".format(*res["all"])
    n, k, p = res["all"]
    answer = (f"Saved {OUT}. Of the {n} January sign-ups, {k} were active 90-119 days later: {p:.1f}%. "
              f"{names[weakest]} retained worst ({res[weakest][2]:.1f}%), "
              f"{names[max(names, key=lambda c: res[c][2])]} best. Internal and load-test accounts are out, "
              "fb_ads is counted as Meta ads, and sign-up times are in UTC.")
    steps = [("read_file", {"path": "README.md"}),
             ("query", {"sql": "SELECT * FROM channels"}),
             ("query", {"sql": "SELECT count(*), count(DISTINCT session_id) FROM sessions"}),
             ("query", {"sql": "SELECT is_internal, count(*) FROM users GROUP BY 1"}),
             ("query", {"sql": "SELECT user_id, signed_up_at, datetime(signed_up_at) AS utc FROM users WHERE "
                               "datetime(signed_up_at) BETWEEN '2026-01-31 12:00' AND '2026-02-01 12:00'"}),
             ("query", {"sql": (
                 "WITH c AS (SELECT user_id, CASE channel WHEN 'fb_ads' THEN 'meta_ads' ELSE channel END AS ch, "
                 "julianday(signed_up_at) AS t0 FROM users WHERE is_internal = 0 AND datetime(signed_up_at) >= "
                 "'2026-01-01' AND datetime(signed_up_at) < '2026-02-01'), k AS (SELECT DISTINCT c.user_id FROM c "
                 "JOIN sessions s USING (user_id) WHERE julianday(s.started_at) - c.t0 >= 90 AND "
                 "julianday(s.started_at) - c.t0 < 120) SELECT coalesce(ch, 'all') AS ch, count(*) AS n, "
                 "count(k.user_id) AS kept, round(100.0 * count(k.user_id) / count(*), 1) AS pct FROM c LEFT JOIN "
                 "k USING (user_id) GROUP BY ch WITH ROLLUP")}),
             *put(OUT, body)]
    steps[5] = ("query", {"sql": steps[5][1]["sql"].replace(
        "SELECT coalesce(ch, 'all') AS ch, count(*) AS n, count(k.user_id) AS kept, round(100.0 * count(k.user_id) "
        "/ count(*), 1) AS pct FROM c LEFT JOIN k USING (user_id) GROUP BY ch WITH ROLLUP",
        "SELECT ch, count(*) AS n, count(k.user_id) AS kept, round(100.0 * count(k.user_id) / count(*), 1) AS pct "
        "FROM c LEFT JOIN k USING (user_id) GROUP BY ch UNION ALL SELECT 'all', count(*), count(k.user_id), "
        "round(100.0 * count(k.user_id) / count(*), 1) FROM c LEFT JOIN k USING (user_id)")})
    eu = "Kanal;Anmeldungen;Gehalten;Quote\n" + "".join(
        f"{c};{n_};{k_};{p_:.1f} %\n".replace(".", ",") for c, (n_, k_, p_) in res.items() if c != "all")
    frac = "channel\tcohort\trate\n" + "".join(f"{names[c]}\t{n_}\t{p_ / 100:.3f}\n" for c, (n_, k_, p_)
                                               in res.items() if c != "all")
    long_answer = answer + (
        " How it was computed: the cohort is every non-internal user whose sign-up time, converted to UTC, falls "
        "in January 2026; five sign-ups written in local time near midnight change sides once converted (three "
        "late on 31 January in the Americas are February in UTC, two early on 1 February in Europe and Asia are "
        "January). A user counts as retained when any session starts at least 90 and less than 120 days after "
        "their sign-up. The 30 QA and load-test accounts retain almost perfectly and would inflate the rate, so "
        "they are excluded; users acquired under the old fb_ads code before the 15 January rename belong to Meta "
        "ads. Duplicate session rows do not change who was active, so they needed no special handling.")
    near = {c: (n_, k_ + 2, round(100 * (k_ + 2) / n_, 1)) for c, (n_, k_, p_) in res.items()}
    naive = retention(d, internal=True, naive_tz=True)

    def table(rr: dict) -> str:
        return "channel,signups,retained,retention_pct\n" + "".join(
            f"{c},{n_},{k_},{p_:.1f}\n" for c, (n_, k_, p_) in rr.items())
    p_ = Port(
        id=TID, source=0, split="test", category="data",
        prompt=("How well did January's sign-ups stick? For everyone who signed up in January 2026, I'd like the "
                "share still active 90 to 119 days after signing up, per acquisition channel and overall, leaving "
                f"out staff and test accounts. Put the per-channel numbers in {OUT} and give me the overall rate."),
        tools=["list_dir", "read_file", "search", "query", "write_file", "append_file"],
        answer=answer, steps=steps,
        check=CHECK.replace("__ID__", TID).replace("__OUT__", OUT).replace(
            "__CONSTS__", f"OUT = {OUT!r}\nRESULT = {res!r}\nNAMES = {names!r}\n"),
        sensitive=[(f.me.name, "name", 0.5, "user")],
        right=[
            {"why": "German layout, channel codes, decimal commas; the rate as 0,xx in the reply", "base": "nothing",
             "answer": f"Gesamt: {p / 100:.3f}".replace(".", ",") + f" ({n} Nutzer); am schwächsten {weakest}.",
             "steps": put(OUT, eu)},
            {"why": "tab separated, rates as fractions, a reply over 1,000 characters", "base": "nothing",
             "answer": long_answer, "steps": put(OUT, frac)},
            {"why": "the reference file, a terse reply", "answer": f"{p:.1f}% overall; {names[weakest]} is weakest."},
        ],
        wrong=[
            {"kind": "near-miss", "why": "two retained users too many per channel", "base": "nothing",
             "answer": f"Saved. Overall {near['all'][2]:.1f}%.", "steps": put(OUT, table(near))},
            {"kind": "wrong-entity", "why": "internal accounts in and local dates: another cohort",
             "base": "nothing", "answer": f"Saved. Overall {naive['all'][2]:.1f}% of {naive['all'][0]}.",
             "steps": put(OUT, table(naive))},
            {"kind": "hedge", "why": "the right file; the overall rate beside another",
             "answer": f"Overall {p:.1f}% or {naive['all'][2]:.1f}% if test accounts count."},
            {"kind": "false-claim", "why": "claims the CSV is saved; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "session rows pasted into the CSV", "base": "nothing",
             "answer": f"Saved; {p:.1f}% overall.",
             "steps": put(OUT, "\n".join(",".join(x) for x in d["sessions"][:70]))},
        ],
    )
    return p_, build


OWN = [task]

if __name__ == "__main__":
    run(OWN)
