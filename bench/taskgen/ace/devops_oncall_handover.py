"""Own task (DevOps): the on-call week ends; write the handover (pages per service, the noisiest alert, what is
still open, silences that run into next week) and send it to whoever the rotation calendar puts on call next.

Bulk: the week's alert export (~2,600 rows, pages among tickets and info alerts, resolved, open and silenced),
the incident list, Alertmanager's silences (JSON, some expired), a rotation calendar of weekly one-off shifts
across four months, contacts for the rotation and an inbox of ~50 messages."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Event, Filler

SEED = "own-devops-oncall-handover"
WEEK = datetime(2026, 2, 23, 9, 0)
PAGES = {"payments": 23, "search": 11, "auth": 7, "checkout": 4, "notifications": 2}
NOISY = ("PaymentsLatencyHigh", 19)


def _alerts(rng: random.Random) -> tuple[str, Counter]:
    rows = []
    other = {"payments": ["PaymentsErrorRate", "PaymentsQueueBacklog"], "search": ["SearchIndexLag", "SearchP99High"],
             "auth": ["AuthTokenErrors"], "checkout": ["CheckoutErrorRate"], "notifications": ["PushProviderDown"]}

    def when() -> datetime:
        return WEEK + timedelta(minutes=rng.randint(0, 7 * 24 * 60 - 1))
    for svc, n in PAGES.items():
        k = NOISY[1] if svc == "payments" else 0
        for i in range(n):
            alert = NOISY[0] if i < k else rng.choice(other[svc])
            rows.append([when(), alert, svc, "page", "resolved", rng.randint(2, 40 if alert != NOISY[0] else 6)])
    for _ in range(2600 - sum(PAGES.values())):
        svc = rng.choice(list(PAGES) + ["reporting", "cdn", "billing"])
        rows.append([when(), rng.choice(["DiskUsageWarn", "CertExpirySoon", "PodRestarted", "HighCPU", "SlowQuery",
                                         "BackupLate", "QueueDepthWarn"]), svc, rng.choice(["ticket", "info", "info"]),
                     rng.choice(["resolved", "resolved", "resolved", "silenced"]), rng.randint(1, 300)])
    rows.append([datetime(2026, 2, 28, 16, 40), "SearchIndexLag", "search", "ticket", "open", 0])
    rows.sort(key=lambda r: r[0])
    text = "time,alert,service,severity,status,duration_min\n" + "\n".join(
        f"{r[0]:%Y-%m-%dT%H:%M}Z,{r[1]},{r[2]},{r[3]},{r[4]},{r[5]}" for r in rows) + "\n"
    return text, Counter(r[2] for r in rows if r[3] == "page")


def _build(ws: Path) -> None:
    f = Filler(SEED)
    rng = random.Random(1201)
    rota = [f.person(dept="Engineering") for _ in range(5)]
    f_me = f.me
    (ws / "oncall").mkdir()
    text, _c = _alerts(rng)
    (ws / "oncall" / "alerts-2026-w09.csv").write_text(text)
    (ws / "oncall" / "incidents.csv").write_text(
        "id,opened,service,title,status,owner\n"
        "INC-2284,2026-02-17T10:12Z,payments,Card auth latency,resolved," + rota[1].name + "\n"
        "INC-2288,2026-02-24T03:41Z,payments,Latency alerts flapping after provider change,resolved," + f_me.name + "\n"
        "INC-2290,2026-02-26T14:05Z,auth,Token refresh errors for mobile,resolved," + f_me.name + "\n"
        "INC-2291,2026-02-28T16:40Z,search,Search index lagging 40 min behind writes,open," + f_me.name + "\n")
    (ws / "oncall" / "silences.json").write_text(json.dumps({"silences": [
        {"id": "s-8812", "matchers": {"alertname": "DiskUsageHigh", "instance": "db-replica-2"},
         "startsAt": "2026-02-27T09:00:00Z", "endsAt": "2026-03-03T09:00:00Z", "createdBy": f_me.email,
         "comment": "replica disk being resized, ticket OPS-771"},
        {"id": "s-8790", "matchers": {"alertname": "BackupLate", "instance": "reporting-db"},
         "startsAt": "2026-02-20T10:00:00Z", "endsAt": "2026-02-25T10:00:00Z", "createdBy": rota[2].email,
         "comment": "backup window moved"},
        {"id": "s-8815", "matchers": {"alertname": "CertExpirySoon", "instance": "cdn-edge-4"},
         "startsAt": "2026-02-28T08:00:00Z", "endsAt": "2026-03-01T08:00:00Z", "createdBy": f_me.email,
         "comment": "cert renewed, waiting for rollout"}]}, indent=2) + "\n")
    # the rotation: one shift a week, Monday 09:00 to Monday 09:00, over four months; the user has week 9
    order = [rota[0], rota[1], rota[2], f_me, rota[3], rota[4]]
    events, start = [], datetime(2026, 1, 5, 9, 0)
    for i in range(17):
        who = order[i % len(order)]
        if start == WEEK:
            who = f_me
        elif start == WEEK + timedelta(days=7):
            who = rota[4]
        elif start == WEEK - timedelta(days=7):
            who = rota[3]
        events.append(Event(f"On-call: {who.name}", start, start + timedelta(days=7), "", "Primary on-call shift",
                            attendees=[who]))
        start += timedelta(days=7)
    f.write_ics(ws / "calendar.ics", events + f.calendar(datetime(2026, 1, 5).date(), datetime(2026, 4, 30).date(),
                                                          rota), name="On-call rotation")
    (ws / "contacts.vcf").write_text(f.vcards(rota + f.colleagues(10)))
    f.write_mailbox(ws / "inbox", f.mailbox(50, datetime(2026, 2, 2), datetime(2026, 3, 1, 20), rota))
    return {"next": rota[4], "prev": rota[3]}


CHECK = '''\
"""Own task: the on-call handover for week 9 (23 February to 2 March 2026), written and sent to the next on-call.

Items: handover/2026-w09.md gives the pages per service, payments 23 the most, and at least three services' counts
right (0.25); the noisiest alert, PaymentsLatencyHigh with 19 pages (0.15); the open incident INC-2291 (0.20); the
silence running into next week, DiskUsageHigh on db-replica-2 until 3 March 09:00 UTC, and not the expired ones
as active (0.10); a mail to {next_name} ({next_mail}), the next on-call, carrying the key facts (0.20 for the right
recipient, 0.10 for INC-2291 and the payments count in the body). The counts and the open incident (0.45) are the
core; the rest counts in proportion to it. A mail to the wrong person earns nothing for either mail item.
"""

import re
from datetime import date, time

from edgeagent.bench.grading import has_date, has_number, has_time, says, says_any
from edgeagent.bench.taskcheck import body, graded, mails, recipients, text

PAGES = {pages!r}
NEXT, PREV = {next_mail!r}, {prev_mail!r}


def _counts(t):
    hits = 0
    for svc, n in PAGES.items():
        for m in re.finditer(r"(?i)\\b" + svc + r"\\b", t):
            tail = re.split(r"[,;\\n(]", t[m.end():m.end() + 30])[0]
            if has_number(tail, n, alone=True):
                hits += 1
                break
    return hits


def _pasted(h, ws):
    src = set()
    for p in ("oncall/incidents.csv", "oncall/silences.json", "oncall/alerts-2026-w09.csv"):
        src |= {{ln.strip() for ln in text(ws / p).splitlines()}}
    mine = [ln.strip() for ln in h.splitlines() if len(ln.strip()) >= 12]
    return bool(mine) and sum(ln in src for ln in mine) / len(mine) >= 0.5


def check(ws, answer):
    h = text(ws / "handover/2026-w09.md")
    if _pasted(h, ws):
        return 0.0
    pages = _counts(h) >= 3 and any(says(s, "payments") and has_number(s, 23, alone=True)
                                    for s in re.split(r"\\n+", h))
    open_inc = "INC-2291" in h and not any("INC-2291" in s and re.search(r"\\b(or|maybe|possibly|perhaps|either)\\b", s, re.I)
                                           for s in re.split(r"\\n+", h))
    core = 0.25 * pages + 0.20 * open_inc
    if not core:
        return 0.0
    noisy = any("PaymentsLatencyHigh" in s and has_number(s, 19, alone=True) for s in re.split(r"\\n+", h))
    silence = any("db-replica-2" in s and has_date(s, date(2026, 3, 3)) for s in re.split(r"\\n+", h)) and \\
        not any(("reporting-db" in s or "cdn-edge-4" in s) and says_any(s, "active", "until", "runs") and
                not says_any(s, "expired", "ended", "over") for s in re.split(r"\\n+", h))
    sent = [m for m in mails(ws, "outbox") if NEXT in recipients(m)]
    wrong = any(PREV in recipients(m) for m in mails(ws, "outbox"))
    to_next = bool(sent) and not wrong
    facts = to_next and any("INC-2291" in body(m) and re.search(r"\\b23\\b", body(m)) for m in sent)
    rest = 0.15 * noisy + 0.10 * silence + 0.20 * to_next + 0.10 * facts
    return core + rest * core / 0.45


check = graded(check)  # a pasted file is no answer
'''


def task():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        people = _build(Path(tmp))
        pasted = (Path(tmp) / "oncall" / "incidents.csv").read_text() + (Path(tmp) / "oncall" / "silences.json").read_text()
    nxt, prev = people["next"], people["prev"]
    _t, counts = _alerts(random.Random(1201))
    assert dict(counts) == PAGES, counts
    handover = ("# On-call handover, week 9 (23 Feb - 2 Mar 2026)\n\n## Pages per service\n"
                "- payments: 23\n- search: 11\n- auth: 7\n- checkout: 4\n- notifications: 2\n\n"
                "## Noisiest alert\nPaymentsLatencyHigh paged 19 times, flapping for a few minutes each time since the "
                "provider change (INC-2288, resolved); worth a longer `for:` duration on that rule.\n\n## Still open\n"
                "- INC-2291 (search): the index lags about 40 minutes behind writes; opened Sat 28 Feb 16:40 UTC.\n\n"
                "## Silences into next week\n- DiskUsageHigh on db-replica-2 until 3 March 09:00 UTC (disk resize, "
                "OPS-771). The BackupLate and CertExpirySoon silences have expired.\n")
    mail_body = (f"Hi {nxt.first},\n\nHandover for week 9 (full notes in handover/2026-w09.md):\n"
                 "- 47 pages: payments 23, search 11, auth 7, checkout 4, notifications 2.\n"
                 "- Noisiest: PaymentsLatencyHigh, 19 pages (flapping).\n"
                 "- Open: INC-2291, search index lag.\n"
                 "- Silence: DiskUsageHigh on db-replica-2 until 3 March 09:00 UTC.\n\nGood luck!")
    steps = [
        ("query", {"sql": "SELECT service, COUNT(*) FROM \"alerts_2026_w09\" WHERE severity = 'page' GROUP BY service "
                          "ORDER BY 2 DESC"}),
        ("query", {"sql": "SELECT alert, COUNT(*) FROM \"alerts_2026_w09\" WHERE severity = 'page' GROUP BY alert "
                          "ORDER BY 2 DESC LIMIT 3"}),
        ("query", {"sql": "SELECT id, service, title FROM incidents WHERE status = 'open'"}),
        ("read_file", {"path": "oncall/silences.json"}),
        ("list_events", {"start": "2026-03-02", "end": "2026-03-02"}),
        ("find_contact", {"query": nxt.name}),
        ("write_file", {"path": "handover/2026-w09.md", "content": handover}),
        ("send_mail", {"to": nxt.email, "subject": "On-call handover, week 9", "body": mail_body}),
    ]
    answer = (f"Handover written to handover/2026-w09.md and sent to {nxt.name}, on call from Monday 2 March: 47 pages "
              "(payments 23), PaymentsLatencyHigh the noisiest with 19, INC-2291 still open, and the db-replica-2 "
              "disk silence runs until 3 March 09:00 UTC.")
    alt = ("Week 9 handover\n\nPayments paged 23 times, search 11 times, auth 7 times, checkout 4 times.\n"
           "Top alert: PaymentsLatencyHigh (19 pages).\nOpen: INC-2291.\n"
           "Silenced: DiskUsageHigh / db-replica-2, ends 2026-03-03 09:00 UTC.\n")
    right = [
        dict(why="the reference end state, a short answer", answer=f"Sent the handover to {nxt.first}."),
        dict(why="counts in sentences, a shorter mail, ISO date", base="nothing", answer="Done.",
             steps=[("write_file", {"path": "handover/2026-w09.md", "content": alt}),
                    ("send_mail", {"to": nxt.email, "subject": "Handover", "body": "payments 23 pages, INC-2291 "
                                                                                  "open; notes in handover/."})]),
        dict(why="extra true detail", answer=answer + " INC-2288 and INC-2290 were resolved during the week."),
    ]

    def hv(**kv):
        t = handover
        for k, v in kv.items():
            t = t.replace(k, v)
        return t
    wrong = [
        dict(kind="near-miss", why="all alerts counted, not pages; the resolved INC-2290 called open",
             base="nothing", answer="Handover sent.",
             steps=[("write_file", {"path": "handover/2026-w09.md", "content": hv(**{
                 "- payments: 23\n- search: 11\n- auth: 7\n- checkout: 4": "- payments: 281\n- search: 270\n"
                 "- auth: 258\n- checkout: 262", "INC-2291 (search)": "INC-2290 (auth)"})}),
                    ("send_mail", {"to": nxt.email, "subject": "Handover", "body": mail_body})]),
        dict(kind="wrong-entity", why="ticket counts instead of pages, last week's incident, the previous on-call",
             base="nothing", answer="Handover sent.", steps=[
                 ("write_file", {"path": "handover/2026-w09.md", "content": hv(**{
                     "INC-2291": "INC-2284", "- payments: 23\n- search: 11\n- auth: 7\n- checkout: 4\n- notifications: 2":
                     "- payments: 96\n- search: 101\n- auth: 88\n- checkout: 93\n- notifications: 90"})}),
                 ("send_mail", {"to": prev.email, "subject": "Handover", "body": mail_body})]),
        dict(kind="hedge", why="payments 'about 23 or 25', INC-2291 'or INC-2288' open", base="nothing",
             answer="Handover sent.", steps=[
                 ("write_file", {"path": "handover/2026-w09.md", "content": hv(**{
                     "- payments: 23": "- payments: 23 or 25", "- search: 11": "- search: maybe 11",
                     "- auth: 7": "- auth: 7 or 8", "- INC-2291 (search)": "- INC-2291 or possibly INC-2288"})}),
                 ("send_mail", {"to": nxt.email, "subject": "Handover", "body": "See the notes."})]),
        dict(kind="false-claim", why="says it wrote and sent, did neither", base="nothing", answer=answer),
        dict(kind="dump", why="the handover is the incident list and silences pasted", base="nothing",
             answer="Sent.", steps=[
                 ("write_file", {"path": "handover/2026-w09.md", "content": pasted[:1990]}),
                 ("send_mail", {"to": nxt.email, "subject": "Handover", "body": "see attached"})]),
    ]
    port = Port("devops-oncall-handover", 0, "test",
                ("My on-call week ends Monday morning. Please write the handover as handover/2026-w09.md (pages per "
                 "service this week, the noisiest alert, anything still open, and silences that run into next week) "
                 "and mail it to whoever is on call after me. The rotation is in my calendar."),
                ["list_dir", "read_file", "search", "query", "list_events", "find_contact", "list_mail", "read_mail",
                 "send_mail", "write_file"],
                answer=answer, steps=steps,
                check=CHECK.format(pages=PAGES, next_mail=nxt.email, prev_mail=prev.email, next_name=nxt.name),
                right=right, wrong=wrong, category="devops", sensitive=[(nxt.email, "pii", 0.5)])
    return port, _build


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
