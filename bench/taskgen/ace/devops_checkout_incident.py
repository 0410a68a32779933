"""Own task (DevOps): write the incident report for a checkout outage from the service's repository (a config
commit cut the database pool from 40 to 8; a revert restored it), the deploy log, the application log (~3,600
lines) and the load balancer's request export (~9,000 rows). A short payment-provider blip earlier that morning
(502s) and scattered 500s are the distractors."""

from __future__ import annotations

import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import Commit, busy_history, main, repo

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-devops-checkout-incident"
DAY = datetime(2026, 2, 18)
START, END = datetime(2026, 2, 18, 9, 14, 7), datetime(2026, 2, 18, 10, 41, 52)

APP_YAML = """\
service: checkout-api
http:
  port: 8080
  request_timeout_ms: 3000
database:
  host: pg-primary.internal
  pool_size: 40
  max_overflow: 0
  pool_timeout_s: 5
payments:
  provider_url: https://pay.internal/v2
  timeout_ms: 2500
"""

FILES = {
    "README.md": "# checkout-api\n\nCart, checkout and payment hand-off for the web shop.\n\nConfig: config/app.yaml.\n"
                 "Deploys: every merge to main rolls out through the pipeline.\n",
    "config/app.yaml": APP_YAML,
    "src/checkout/app.py": "from checkout.db import session\nfrom checkout.payments import charge\n\n\n"
                           "def checkout(cart_id):\n    with session() as s:\n        cart = s.get_cart(cart_id)\n"
                           "        return charge(cart)\n",
    "src/checkout/db.py": "import yaml\nfrom sqlalchemy import create_engine\n\ncfg = yaml.safe_load(open('config/app.yaml'))"
                          "['database']\nengine = create_engine('postgresql://' + cfg['host'], pool_size=cfg['pool_size'],"
                          "\n                       max_overflow=cfg['max_overflow'], pool_timeout=cfg['pool_timeout_s'])\n",
    "src/checkout/payments.py": "import requests\n\n\ndef charge(cart):\n    return requests.post('https://pay.internal/v2/charge',"
                                " json=cart, timeout=2.5)\n",
    "deploy/values.yaml": "replicas: 6\nimage: registry.internal/shop/checkout-api\nresources:\n  cpu: 500m\n"
                          "  memory: 512Mi\n",
    "tests/test_cart.py": "def test_empty_cart():\n    assert True\n",
}


def _history(f: Filler) -> tuple[list[Commit], int, int, list[str]]:
    rng = random.Random(501)
    team = [f.person(dept="Engineering") for _ in range(6)]
    people = [f"{p.name} <{p.email}>" for p in team]
    bad = Commit(people[3], datetime(2026, 2, 17, 16, 5), "config: trim the db pool for the new read replica\n\n"
                 "The replica takes part of the read load, so checkout needs fewer primary connections.",
                 {"config/app.yaml": lambda t: t.replace("pool_size: 40", "pool_size: 8")})
    fix = Commit(people[1], datetime(2026, 2, 18, 10, 36), "Revert pool size to 40 (checkout incident)",
                 {"config/app.yaml": lambda t: t.replace("pool_size: 8", "pool_size: 40")})
    hist = busy_history(rng, people, datetime(2025, 12, 10, 10, 0), 46, FILES, {38: bad, 39: fix}, (10, 40))
    return hist, 38, 39, [p.name for p in team]


def _requests(rng: random.Random) -> tuple[str, int, int]:
    rows, t, n503, day5xx = [], DAY, 0, 0
    paths = ["/cart", "/cart/items", "/checkout", "/checkout/pay", "/checkout/confirm", "/products", "/search"]
    while t < DAY + timedelta(days=1):
        t += timedelta(seconds=rng.expovariate(1 / 9.5))
        p = rng.choices(paths, [20, 15, 12, 8, 6, 25, 14])[0]
        status, lat = 200, rng.randint(20, 400)
        if START <= t <= END and p.startswith("/checkout") and rng.random() < 0.93:
            status, lat = 503, rng.randint(5000, 5100)
        elif datetime(2026, 2, 18, 7, 50) <= t <= datetime(2026, 2, 18, 7, 58) and p == "/checkout/pay":
            status, lat = 502, rng.randint(2400, 2600)
        elif rng.random() < 0.002:
            status = 500
        n503 += status == 503
        day5xx += status >= 500
        rows.append(f"{t:%Y-%m-%dT%H:%M:%S}Z,{rng.choice(['GET', 'POST']) if not p.startswith('/checkout') else 'POST'},"
                    f"{p},{status},{lat},checkout-api-{rng.randint(1, 6)}")
    # the first and last 503 sit exactly on START and END
    rows.append(f"{START:%Y-%m-%dT%H:%M:%S}Z,POST,/checkout,503,5004,checkout-api-2")
    rows.append(f"{END:%Y-%m-%dT%H:%M:%S}Z,POST,/checkout/pay,503,5011,checkout-api-5")
    n503 += 2
    day5xx += 2
    rows.sort()
    return "time,method,path,status,latency_ms,upstream\n" + "\n".join(rows) + "\n", n503, day5xx


def _applog(rng: random.Random) -> str:
    out, t = [], DAY
    while t < DAY + timedelta(days=1):
        t += timedelta(seconds=rng.randint(5, 45))
        if START <= t <= END:
            out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z ERROR checkout.db sqlalchemy.exc.TimeoutError: QueuePool limit of "
                       "size 8 overflow 0 reached, connection timed out, timeout 5.00")
        elif datetime(2026, 2, 18, 7, 50) <= t <= datetime(2026, 2, 18, 7, 58):
            out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z WARN  checkout.payments provider returned 502, retry 1/2")
        else:
            out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z INFO  checkout.app " + rng.choice(
                ["checkout completed", "cart updated", "payment authorised", "session refreshed", "health ok"]))
    return "\n".join(out) + "\n"


def _deploys(hist: list[Commit], hashes: list[str]) -> str:
    out = []
    for c, h in zip(hist, hashes):
        when = c.when + timedelta(hours=17) if c.when.hour >= 15 else c.when + timedelta(minutes=25)
        if h == hashes[38]:
            when = datetime(2026, 2, 18, 9, 12, 30)
        if h == hashes[39]:
            when = datetime(2026, 2, 18, 10, 39, 10)
        out.append((when, f"checkout-api {h[:7]} rolled out (6/6 pods ready)"))
    out.sort()
    return "\n".join(f"{w:%Y-%m-%dT%H:%M:%S}Z {m}" for w, m in out) + "\n"


def _build_with(hashes: list[str], hist: list[Commit]):
    def build(ws: Path) -> None:
        repo(ws.parent / "workspace.gitbundle", hist)
        rng = random.Random(502)
        csv_text, _n, _d = _requests(rng)
        (ws / "lb").mkdir()
        (ws / "lb" / "requests-2026-02-18.csv").write_text(csv_text)
        (ws / "logs").mkdir()
        (ws / "logs" / "app-2026-02-18.log").write_text(_applog(rng))
        (ws / "logs" / "deploy.log").write_text(_deploys(hist, hashes))
    return build


CHECK = '''\
"""Own task: the checkout incident of 18 February 2026, as incidents/2026-02-18-checkout.md.

Items: start 09:14 (0.15); end 10:41 (0.15); failed checkout requests {failed} (0.20); the cause, commit {bad} by
{author} (0.25); the mechanism, the pool cut from 40 to 8 connections (0.15); follow-ups (0.10). The timeline,
count and cause (0.75) are the core; mechanism and follow-ups count in proportion to it. A value offered beside
a competing one earns nothing.
"""

import re
from datetime import time

from edgeagent.bench.grading import has_number, has_time, names_person, says, says_any
from edgeagent.bench.taskcheck import graded, text

REPORT = "incidents/2026-02-18-checkout.md"
FAILED = {failed}
BAD = {bad!r}
AUTHOR = {author!r}
CHOICE = re.compile(r"\\b(or|either|maybe|perhaps|possibly|might|could|unclear)\\b", re.IGNORECASE)


def _paths_out(t):
    """Slashes of paths and URLs ('/checkout', 'config/app.yaml') read as spaces: they offer no choice."""
    return re.sub(r"(?<=[A-Za-z_.])/(?=[A-Za-z0-9_.])|(?<![\\w/])/(?=[A-Za-z_.])", " ", t)


def check(ws, answer):
    r = text(ws / REPORT)
    flat = _paths_out(r)
    core = 0.15 * has_time(flat, time(9, 14), alone=True) + 0.15 * has_time(flat, time(10, 41), alone=True) + \\
        0.20 * has_number(flat, FAILED, tol=0, alone=True) + \\
        0.25 * (BAD.lower() in r.lower() and names_person(r, AUTHOR) and not any(
            BAD.lower() in s.lower() and CHOICE.search(s) for s in re.split(r"(?<=[.!?])\\s+|\\n+", r)))
    if not core:
        return 0.0
    mech = says_any(r, "pool", "pool_size", "connection pool", "QueuePool") and has_number(r, 8) and has_number(r, 40)
    follow = says_any(r, "follow-up", "follow-ups", "follow up", "action items", "next steps", "actions") and \\
        len(re.findall(r"(?m)^\\s*(?:[-*]|\\d+[.)])\\s+\\S", r)) >= 2
    return core + (0.15 * mech + 0.10 * follow) * core / 0.75


check = graded(check)  # a pasted file is no answer
'''


def task():
    f = Filler(SEED)
    hist, bad_i, fix_i, _names = _history(f)
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", hist)
    _csv, failed, day5xx = _requests(random.Random(502))
    bad, fix = hashes[bad_i][:7], hashes[fix_i][:7]
    author, fixer = hist[bad_i].author.split(" <")[0], hist[fix_i].author.split(" <")[0]
    prev = hashes[bad_i - 1][:7]
    prev_author = hist[bad_i - 1].author.split(" <")[0]
    report = (f"# Incident: checkout failures, 18 February 2026\n\n## Summary\nCheckout requests failed with 503 from "
              f"09:14 to 10:41 UTC (87 minutes). {failed} checkout requests failed.\n\n## Timeline (UTC)\n"
              f"- 09:12 deploy of {bad} rolled out\n- 09:14 first 503 on /checkout; QueuePool timeouts in the app log\n"
              f"- 10:36 revert {fix} by {fixer}\n- 10:39 revert rolled out\n- 10:41 last failed request\n\n"
              f"## Root cause\nCommit {bad} by {author} (\"config: trim the db pool for the new read replica\") cut "
              "database.pool_size in config/app.yaml from 40 to 8. With max_overflow 0, checkout requests waited "
              "5 s for a connection and timed out.\n\n## Not related\nThe 502s from the payment provider at 07:50-07:58 "
              "were a separate, short blip.\n\n## Follow-ups\n- Alert on QueuePool timeouts and on checkout 5xx rate\n"
              "- Load-test pool changes before merging\n- Require a second reviewer for config/app.yaml\n")
    steps = [
        ("query", {"sql": "SELECT MIN(time), MAX(time), COUNT(*) FROM \"requests_2026_02_18\" WHERE status = 503"}),
        ("query", {"sql": "SELECT status, COUNT(*) FROM \"requests_2026_02_18\" WHERE status >= 500 GROUP BY status"}),
        ("search", {"query": "QueuePool limit"}),
        ("search", {"query": "rolled out 2026-02-18"}),
        ("git_log", {"path": "config/app.yaml"}),
        ("git_show", {"rev": bad}),
        ("write_file", {"path": "incidents/2026-02-18-checkout.md", "content": report}),
    ]
    answer = (f"Report written: checkout failed from 09:14 to 10:41 UTC on 18 Feb ({failed} failed requests), caused "
              f"by {author}'s commit {bad} cutting the DB pool from 40 to 8; {fixer}'s revert {fix} fixed it.")
    alt = (f"Incident 2026-02-18 (checkout)\n\nImpact: {failed:,} failed checkout requests between 9:14 am and "
           f"10:41 am UTC.\nCause: {bad}, authored by {author.split()[-1].upper()}, {author.split()[0]}: pool_size "
           "40 -> 8 in config/app.yaml.\nResolution: revert deployed at 10:39.\n\nAction items:\n1. Alert on pool "
           "timeouts.\n2. Review config changes.\n")
    right = [
        dict(why="the reference report, a short answer", answer="Incident report written."),
        dict(why="12-hour times, grouped count, surname-first author, numbered action items", base="nothing",
             answer="Done.", steps=[("write_file", {"path": "incidents/2026-02-18-checkout.md", "content": alt})]),
        dict(why="extra true detail: the morning 502 blip and the day's other 5xx", answer=answer +
             f" The day had {day5xx} 5xx in all; the 07:50 payment 502s were unrelated."),
    ]

    def rep(**kv):
        t = report
        for k, v in kv.items():
            t = t.replace(k, v)
        return [("write_file", {"path": "incidents/2026-02-18-checkout.md", "content": t})]
    wrong = [
        dict(kind="near-miss", why="deploy times for the window (09:12-10:39), all 5xx counted, the commit before",
             base="nothing", answer="Written.", steps=rep(**{
                 "09:14 to 10:41 UTC (87 minutes)": "09:12 to 10:39 UTC", f"{failed} checkout": f"{day5xx} checkout",
                 f"Commit {bad} by {author}": f"Commit {prev} by {prev_author}", "- 09:14 first": "- 09:12 first",
                 "- 10:41 last": "- 10:39 last"})),
        dict(kind="wrong-entity", why="the morning payment blip reported as the incident", base="nothing",
             answer="Written.", steps=[("write_file", {"path": "incidents/2026-02-18-checkout.md", "content":
                                        "# Incident\n\nCheckout payments failed with 502 from 07:50 to 07:58 UTC, "
                                        "caused by the payment provider. Follow-ups:\n- ask the provider for an RCA\n"
                                        "- add retries\n"})]),
        dict(kind="hedge", why="two start times, two counts and two suspects", base="nothing", answer="Written.",
             steps=rep(**{"09:14 to 10:41 UTC (87 minutes)": "09:12 or 09:14 to 10:39 or 10:41 UTC",
                          f"{failed} checkout requests failed": f"either {failed} or {day5xx} checkout requests failed",
                          f"Commit {bad} by {author}": f"Commit {bad} by {author} or maybe {prev} by {prev_author}",
                          "- 09:14 first": "- 09:12 or 09:14 first", "- 10:41 last": "- 10:39 or 10:41 last"})),
        dict(kind="false-claim", why="summarises the incident, wrote no report", base="nothing", answer=answer),
        dict(kind="dump", why="the report pastes the deploy log and app log", base="nothing", answer="Written.",
             steps=[("write_file", {"path": "incidents/2026-02-18-checkout.md",
                                    "content": _deploys(hist, hashes)[-1900:]})]),
    ]
    port = Port("devops-checkout-incident", 0, "test",
                ("Checkout was broken for a while on Wednesday morning, 18 February. Please write up the incident "
                 "as incidents/2026-02-18-checkout.md: when it started and ended, how many checkout requests "
                 "failed, which change caused it (commit and author), how it was fixed, and follow-ups. Use the "
                 "logs, the load balancer export and the repo history; keep it factual."),
                ["list_dir", "read_file", "search", "query", "git_log", "git_show", "git_diff", "write_file",
                 "append_file"],
                answer=answer, steps=steps, check=CHECK.format(failed=failed, bad=bad, author=author), right=right,
                wrong=wrong, category="devops")
    return port, _build_with(hashes, hist)


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
