"""Own task (Automation): the quarterly access review. Match HR's leavers against the SaaS user export and write
the deprovisioning list (every still-active account of someone whose last day has passed, across all apps), then
mail security the count. Traps: a leaver whose last day is still ahead, one who was rehired, suspended accounts,
service accounts, addresses written in another case in the app export.

Bulk: the app export (~2,600 accounts over nine apps), the leavers list (~40 people), the review policy."""

from __future__ import annotations

import csv
import io
import random
from datetime import date, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main, write_steps

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-automation-access-review"
REVIEW = date(2026, 3, 2)
APPS = ["github", "slack", "jira", "confluence", "figma", "salesforce", "zendesk", "aws-sso", "notion"]
SECURITY = "security@brightfield.example"


def _data():
    f = Filler(SEED, domain="brightfield.example")
    rng = random.Random(1701)
    staff = f.colleagues(180)
    leavers = staff[:40]
    rows = []  # leavers.csv
    expect = []
    special = {}
    for i, p in enumerate(leavers):
        last = REVIEW - timedelta(days=rng.randint(1, 80))
        kind, note = "employee", ""
        if i == 3:
            last, note = REVIEW + timedelta(days=13), "notice period"
        if i == 7:
            note = "rehired 2026-02-20"
        if i == 11:
            kind = "contractor"
        rows.append([f"E{2000 + i}", p.name, p.email, last.isoformat(), kind, note])
        special[p.email] = (last, note)
    users = []
    for p in staff:
        for app in rng.sample(APPS, rng.randint(2, 6)):
            status = "active"
            email = p.email
            if p.email in special and rng.random() < 0.25:
                status = "suspended"
            if p.email in special and rng.random() < 0.2:
                email = p.email.upper() if rng.random() < 0.5 else p.email.capitalize()
            users.append([app, email, p.name, rng.choice(["member", "member", "admin", "viewer"]),
                          (REVIEW - timedelta(days=rng.randint(0, 120))).isoformat(), status])
    for app in APPS:
        for s in ("svc-ci", "svc-backup", "svc-alerts"):
            users.append([app, f"{s}@brightfield.example", s, "service", REVIEW.isoformat(), "active"])
    while len(users) < 2600:
        p = rng.choice(staff[40:])
        users.append([rng.choice(APPS), p.email, p.name, "member", (REVIEW - timedelta(days=rng.randint(0, 60))).isoformat(),
                      "active"])
    for app, email, _n, _r, _l, status in users:
        last, note = special.get(email.lower(), (None, ""))
        if last and last <= REVIEW and not note.startswith("rehired") and status == "active":
            expect.append((app, email.lower(), last.isoformat()))
    rng.shuffle(users)
    return rows, users, sorted(set(expect))


def _csv(head, rows) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows([head, *rows])
    return buf.getvalue()


POLICY = f"""\
# Quarterly access review

- Review date: the first working day of the quarter's third month.
- List every **active** account, in every app, that belongs to someone on HR's leavers list whose last day is
  on or before the review date. Employees and contractors alike. Suspended accounts are already handled.
- Leave out people rehired since (HR notes it) and service accounts (svc-*).
- Match by e-mail address; the app exports do not all keep the case of addresses.
- Output: reviews/2026-q1-deprovision.csv with columns app, user_email, last_day (one row per account).
- Then mail {SECURITY} the number of accounts to remove.
"""


def _build(ws: Path) -> None:
    leavers, users, _e = _data()
    (ws / "hr").mkdir()
    (ws / "hr" / "leavers-2026-q1.csv").write_text(_csv(["employee_id", "name", "email", "last_day", "type", "note"],
                                                        leavers))
    (ws / "apps").mkdir()
    (ws / "apps" / "saas-users.csv").write_text(_csv(["app", "user_email", "display_name", "role", "last_login",
                                                      "status"], users))
    (ws / "docs").mkdir()
    (ws / "docs" / "access-review.md").write_text(POLICY)


CHECK = '''\
"""Own task: the Q1 access review (2 March 2026), reviews/2026-q1-deprovision.csv and the count to security.

Items: the list holds exactly the {n} active accounts of past leavers, no one rehired, no future leaver, no
suspended or service account (0.60, the gate: a list that removes the wrong people's access, or misses some, is
not usable); each row's last_day right (0.15); the columns app, user_email, last_day (0.10); a mail to security
giving the count {n} (0.15).
"""

import csv
import io
import re

from edgeagent.bench.grading import has_number
from edgeagent.bench.taskcheck import body, graded, mails, recipients, text

EXPECT = {{(a, e): d for a, e, d in {expect!r}}}
SECURITY = {security!r}


def _paths_out(t):
    """Slashes of paths ('reviews/2026-q1-deprovision.csv') read as spaces: they offer no choice."""
    return re.sub(r"(?<=[A-Za-z_.])/(?=[A-Za-z0-9_.])|(?<![\\w/])/(?=[A-Za-z_.])", " ", t)


def check(ws, answer):
    try:
        rows = list(csv.DictReader(io.StringIO(text(ws / "reviews/2026-q1-deprovision.csv"))))
    except csv.Error:
        return 0.0
    rows = [{{(k or "").strip().lower(): (v or "").strip() for k, v in r.items()}} for r in rows]
    got = [((r.get("app") or "").lower(), (r.get("user_email") or r.get("email") or "").lower()) for r in rows]
    if len(got) != len(set(got)) or set(got) != set(EXPECT):
        return 0.0
    days = all((r.get("last_day") or "") == EXPECT[k] for r, k in zip(rows, got))
    cols = rows and {{"app", "user_email", "last_day"}} <= set(rows[0])
    told = any(SECURITY in recipients(m) and has_number(_paths_out(body(m) + " " + str(m.get("subject", ""))),
                                                         len(EXPECT), alone=True) for m in mails(ws, "outbox"))
    return 0.60 + 0.15 * days + 0.10 * bool(cols) + 0.15 * told


check = graded(check)  # a pasted file is no answer
'''


def task():
    leavers, _users, expect = _data()
    n = len(expect)
    out = _csv(["app", "user_email", "last_day"], [list(e) for e in expect])
    steps = [
        ("read_file", {"path": "docs/access-review.md"}),
        ("read_file", {"path": "hr/leavers-2026-q1.csv"}),
        ("query", {"sql": "SELECT u.app, lower(u.user_email), l.last_day FROM saas_users u JOIN leavers_2026_q1 l ON "
                          "lower(u.user_email) = lower(l.email) WHERE u.status = 'active' AND l.last_day <= "
                          "'2026-03-02' AND l.note NOT LIKE 'rehired%' ORDER BY 1, 2"}),
        *write_steps("reviews/2026-q1-deprovision.csv", out),
        ("send_mail", {"to": SECURITY, "subject": "Q1 access review: accounts to remove",
                       "body": f"Hi,\n\nThe Q1 review found {n} active accounts of people who have left; the list is in "
                               "reviews/2026-q1-deprovision.csv.\n\nThanks"}),
    ]
    future, rehired = leavers[3], leavers[7]
    answer = (f"{n} active accounts of past leavers are listed in reviews/2026-q1-deprovision.csv and security has the "
              f"count. Left out: {future[1]} (last day {future[3]}, still ahead), {rehired[1]} (rehired), suspended "
              "and service accounts.")
    right = [
        dict(why="the reference list, a short answer", answer=f"{n} accounts listed; security told."),
        dict(why="rows sorted by last day, a terse mail with the count in the subject", base="nothing",
             answer="Done.", steps=[*write_steps("reviews/2026-q1-deprovision.csv", _csv(
                 ["app", "user_email", "last_day"], [list(e) for e in sorted(expect, key=lambda x: (x[2], x[1]))])),
                 ("send_mail", {"to": SECURITY, "subject": f"Access review: {n} accounts", "body": "List attached "
                                "in reviews/."})]),
        dict(why="extra true detail", answer=answer + " Contractors were included, per the policy."),
    ]
    rehired_rows = [[a, e, d] for a, e, d in _all_past(leavers, _users, include_rehired=True) if e == rehired[2]]
    future_rows = [[a, e, future[3]] for a, e, _d in _all_past(leavers, _users, include_future=True)
                   if e == future[2]]
    wrong = [
        dict(kind="near-miss", why="suspended accounts listed too", base="nothing", answer="Listed.",
             steps=write_steps("reviews/2026-q1-deprovision.csv", _csv(["app", "user_email", "last_day"], [
                 list(e) for e in _all_past(leavers, _users, include_suspended=True)]))),
        dict(kind="wrong-entity", why="the rehired person listed, the future leaver too", base="nothing",
             answer="Listed.", steps=write_steps("reviews/2026-q1-deprovision.csv", _csv(
                 ["app", "user_email", "last_day"], [list(e) for e in expect] + rehired_rows + future_rows))),
        dict(kind="hedge", why="the rehired person's accounts listed as 'maybe'", base="nothing",
             answer="Listed; the rehired person's accounts are in as maybe.",
             steps=write_steps("reviews/2026-q1-deprovision.csv", _csv(
                 ["app", "user_email", "last_day", "note"], [list(e) + [""] for e in expect] +
                 [r + ["maybe - rehired?"] for r in rehired_rows]))),
        dict(kind="near-miss", why="case-sensitive matching: the upper-case addresses missed", base="nothing",
             answer="Listed.", steps=write_steps("reviews/2026-q1-deprovision.csv", _csv(
                 ["app", "user_email", "last_day"], [list(e) for e in _all_past(leavers, _users, exact_case=True)]))),
        dict(kind="false-claim", why="reports the list, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the list is the HR file pasted", base="nothing", answer="Listed.",
             steps=write_steps("reviews/2026-q1-deprovision.csv", _csv(
                 ["employee_id", "name", "email", "last_day", "type", "note"], leavers))),
    ]
    port = Port("automation-access-review", 0, "test",
                ("Time for the quarterly access review. Using HR's leavers list and the SaaS user export, build the "
                 "deprovisioning list the review policy asks for, every account that should be removed, and mail "
                 "security how many there are. Be careful with people who came back or haven't left yet."),
                ["list_dir", "read_file", "search", "query", "send_mail", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(n=n, expect=expect, security=SECURITY), right=right,
                wrong=wrong, category="automation")
    return port, _build


def _all_past(leavers, users, include_suspended=False, include_rehired=False, include_future=False,
              exact_case=False):
    info = {r[2]: (date.fromisoformat(r[3]), r[5]) for r in leavers}
    out = set()
    for app, email, _n, _r, _l, status in users:
        key = email if exact_case else email.lower()
        if key not in info:
            continue
        last, note = info[key]
        if (last <= REVIEW or include_future) and (include_rehired or not note.startswith("rehired")) and \
                (status == "active" or include_suspended):
            out.add((app, email.lower(), last.isoformat()))
    return sorted(out)


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
