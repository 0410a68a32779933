"""Own task (DevOps): /var/log on app-03 keeps filling up. A commit in the infra repository changed the orders-api
logrotate rule to keep a year of uncompressed logs "for the audit"; the logging policy says audit logs go to the
archive and local logs are kept 14 days, compressed. Fix the rule to the policy, touch nothing else, and name the
change.

Bulk: disk-usage samples every 10 minutes for three weeks and four hosts (~12,000 rows), a listing of
/var/log/orders-api on app-03 (~80 files), the logrotate rules of eight services in the repository (~40 commits)."""

from __future__ import annotations

import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import Commit, busy_history, main, repo

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-devops-logrotate-disk"
APPS = ["orders-api", "payments-api", "search-api", "nginx", "worker", "cron-jobs", "auth-api", "notifier"]


def rule(app: str, rotate: int = 14, compress: bool = True, freq: str = "daily") -> str:
    return (f"/var/log/{app}/*.log {{\n    {freq}\n    rotate {rotate}\n    missingok\n    notifempty\n"
            + ("    compress\n    delaycompress\n" if compress else "")
            + f"    copytruncate\n    create 0640 {app.split('-')[0]} adm\n}}\n")


POLICY = """\
# Logging policy

- Local log files: kept 14 days, rotated daily, compressed (gzip) after the first day.
- Audit trails: shipped to the log archive (s3://corp-log-archive) by the shipper within five minutes and kept
  there for 400 days. Never keep audit history on the hosts' disks.
- Disk alerts fire at 85% of /var/log.
"""


def _history(f: Filler):
    rng = random.Random(1301)
    people = [f"{p.name} <{p.email}>" for p in (f.person(dept="Operations") for _ in range(5))]
    files = {f"logrotate.d/{a}": rule(a) for a in APPS}
    files["docs/logging-policy.md"] = POLICY
    files["README.md"] = "# host-config\n\nFiles under logrotate.d/ are installed to /etc/logrotate.d/ on every app host.\n"
    bad = Commit(people[1], datetime(2026, 2, 12, 11, 20), "orders-api: keep a year of logs for the audit",
                    {"logrotate.d/orders-api": rule("orders-api", rotate=365, compress=False)})
    hist = busy_history(rng, people, datetime(2025, 12, 8, 9, 0), 42, files, {35: bad}, (10, 40),
                        skip=tuple(f"logrotate.d/{a}" for a in APPS))
    return hist, 35


def _disk(rng: random.Random, change: datetime) -> str:
    rows = ["time,host,mount,used_pct"]
    t = datetime(2026, 2, 5)
    level = {"app-01": 41.0, "app-02": 44.0, "app-03": 39.0, "app-04": 42.0}
    while t < datetime(2026, 2, 26):
        t += timedelta(minutes=10)
        for h, used in list(level.items()):
            if h == "app-03" and t > change:
                used = min(97.0, used + 0.012)
            else:
                used = max(35.0, min(60.0, used + rng.uniform(-0.05, 0.05)))
            level[h] = used
            rows.append(f"{t:%Y-%m-%dT%H:%M}Z,{h},/var/log,{used:.1f}")
    return "\n".join(rows) + "\n"


def _listing(change: datetime) -> str:
    out = ["# ls -l /var/log/orders-api on app-03, 2026-02-26 08:00", "total 91840212"]
    d = datetime(2026, 2, 26)
    n = 0
    while d > datetime(2025, 11, 1):
        name = "orders-api.log" + (f".{n}" if n else "")
        size = 640_000_000 if d > change else 48_000_000
        if d <= change and n > 1:
            name += ".gz"
        if d <= change - timedelta(days=14):
            break
        out.append(f"-rw-r----- 1 orders adm {size:>11} {d:%b %d %H:%M} {name}")
        for extra in ("orders-api-access.log", "orders-api-audit.log"):
            out.append(f"-rw-r----- 1 orders adm {size // 3:>11} {d:%b %d %H:%M} {extra}" + (f".{n}" if n else ""))
        n += 1
        d -= timedelta(days=1)
    return "\n".join(out) + "\n"


def _build_with(hist, bad_i):
    def build(ws: Path) -> None:
        repo(ws.parent / "workspace.gitbundle", hist)
        change = hist[bad_i].when + timedelta(hours=1)
        (ws / "ops").mkdir()
        (ws / "ops" / "disk-usage.csv").write_text(_disk(random.Random(1302), change))
        (ws / "ops" / "app-03-var-log-orders-api.txt").write_text(_listing(change))
    return build


CHECK = '''\
"""Own task: /var/log on app-03 filling up; logrotate.d/orders-api back to the logging policy.

Items: the orders-api rule keeps 14 rotations (0.40, the fix: without it nothing counts); compression on (0.20);
daily rotation and the rule's other directives kept (0.10); every other service's rule unchanged (0.10); the
answer names the commit {bad} (0.10) and its author {author} (0.10).
"""

import re

from edgeagent.bench.grading import names_person
from edgeagent.bench.taskcheck import graded, text

BAD, AUTHOR = {bad!r}, {author!r}
OTHERS = {others!r}
CHOICE = re.compile(r"\\b(or|either|maybe|perhaps|possibly|might|could|unclear)\\b", re.IGNORECASE)


def _directives(t):
    return [ln.split("#")[0].strip() for ln in t.splitlines() if ln.split("#")[0].strip()]


def check(ws, answer):
    d = _directives(text(ws / "logrotate.d/orders-api"))
    rot = [x for x in d if x.startswith("rotate ")]
    if rot != ["rotate 14"]:
        return 0.0
    compress = "compress" in d
    kept = "daily" in d and not any(x in d for x in ("weekly", "monthly", "yearly")) and \\
        all(x in d for x in ("missingok", "notifempty", "copytruncate", "create 0640 orders adm")) and \\
        any(x.startswith("/var/log/orders-api/") for x in d)
    others = all(text(ws / p) == body for p, body in OTHERS.items())
    a = answer or ""
    hedged = any(BAD in s and CHOICE.search(s) for s in re.split(r"(?<=[.!?])\\s+|\\n+", a))
    return 0.40 + 0.20 * compress + 0.10 * kept + 0.10 * others + \\
        (0.10 * (BAD in a) + 0.10 * names_person(a, AUTHOR)) * (not hedged)


check = graded(check)  # a pasted file is no answer
'''


def task():
    f = Filler(SEED)
    hist, bad_i = _history(f)
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", hist)
    bad, author = hashes[bad_i][:7], hist[bad_i].author.split(" <")[0]
    prev, prev_author = hashes[bad_i - 1][:7], hist[bad_i - 1].author.split(" <")[0]
    others = {f"logrotate.d/{a}": rule(a) for a in APPS if a != "orders-api"}
    steps = [
        ("query", {"sql": "SELECT host, MIN(used_pct), MAX(used_pct) FROM \"disk_usage\" GROUP BY host"}),
        ("read_file", {"path": "ops/app-03-var-log-orders-api.txt"}),
        ("git_log", {"path": "logrotate.d"}),
        ("git_show", {"rev": bad}),
        ("read_file", {"path": "docs/logging-policy.md"}),
        ("read_file", {"path": "logrotate.d/orders-api"}),  # the runtime refuses to replace a file the run has not read
        ("write_file", {"path": "logrotate.d/orders-api", "content": rule("orders-api")}),
    ]
    answer = (f"Commit {bad} by {author} (\"orders-api: keep a year of logs for the audit\") set orders-api to keep "
              "365 uncompressed rotations, so app-03's /var/log has grown since 12 February. The policy keeps 14 days "
              "compressed locally (the audit trail lives in the archive), so logrotate.d/orders-api is back to daily, "
              "rotate 14, compress. Other rules untouched.")
    right = [
        dict(why="the reference rule, a short answer", answer=f"Fixed; {bad} by {author} caused it."),
        dict(why="the directives in another order, with a comment", base="nothing",
             answer=f"Rule restored (the culprit was {bad}, {author.split()[-1]}, {author.split()[0]}).",
             steps=[("write_file", {"path": "logrotate.d/orders-api", "content":
                                    "# per docs/logging-policy.md: 14 days local, compressed\n"
                                    "/var/log/orders-api/*.log {\n    daily\n    missingok\n    rotate 14\n    compress\n"
                                    "    delaycompress\n    notifempty\n    copytruncate\n    create 0640 orders adm\n}\n"})]),
        dict(why="extra true detail: the growth numbers", answer=answer + " Usage was around 39% before the change."),
    ]
    wrong = [
        dict(kind="near-miss", why="rotate 30 and no compression", base="nothing", answer=f"Fixed; {bad} by {author}.",
             steps=[("write_file", {"path": "logrotate.d/orders-api",
                                    "content": rule("orders-api", rotate=30, compress=False)})]),
        dict(kind="wrong-entity", why="payments-api's rule changed instead", base="nothing", answer="Fixed.",
             steps=[("write_file", {"path": "logrotate.d/payments-api",
                                    "content": rule("payments-api", rotate=7)})]),
        dict(kind="hedge", why="two rotate lines (14 and 365) 'to keep both options', two suspects", base="nothing",
             answer=f"Either {bad} by {author} or {prev} by {prev_author}.",
             steps=[("write_file", {"path": "logrotate.d/orders-api", "content": rule("orders-api").replace(
                 "    rotate 14\n", "    rotate 14\n    rotate 365\n")})]),
        dict(kind="false-claim", why="says it fixed the rule, changed nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the rule file overwritten with the logging policy", base="nothing", answer="Fixed.",
             steps=[("write_file", {"path": "logrotate.d/orders-api", "content": POLICY})]),
    ]
    port = Port("devops-logrotate-disk", 0, "test",
                ("/var/log on app-03 keeps filling up and the disk alert has fired three nights running. Find out why "
                 "from the disk numbers, the file listing and the host-config repo, then fix the logrotate rule so it "
                 "follows our logging policy, without touching the other services. Tell me which change caused it "
                 "and who made it."),
                ["list_dir", "read_file", "search", "query", "git_log", "git_show", "git_diff", "write_file"],
                answer=answer, steps=steps, check=CHECK.format(bad=bad, author=author, others=others), right=right,
                wrong=wrong, category="devops")
    return port, _build_with(hist, bad_i)


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
