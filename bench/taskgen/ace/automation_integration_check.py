"""AceBench 120: write a reusable server-integration-checker skill, then answer a colleague's question, "has
daily_stock_analysis been integrated into the server?", from the deployment artifacts: it has not (the status
file lists it as not deployed, its crontab line and compose service are commented out, no systemd unit), though
local development and the Docker image are done. Report in integration_report.md and reply to the colleague.

Offline: the Feishu message becomes a mail in the inbox (~50 messages), the reply a mail. Bulk: a deploy log of
~2,500 lines, a dozen systemd units, a crontab and compose file of other services. The deployed look-alike
daily_stock_report is the wrong-entity trap."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler, Mail

SEED = "acebench-120-integration-check"
SERVICES = ["news_digest", "fx_rates_sync", "portfolio_api", "daily_stock_report", "alert_router", "risk_dashboard",
            "earnings_calendar", "market_data_cache"]

README = """\
# daily_stock_analysis

Daily analysis of a watch list: pulls end-of-day prices, computes signals, writes a markdown brief.

## Status

- [x] Local development (tests pass, `make run` produces the brief)
- [x] Docker image: `registry.internal/quant/daily-stock-analysis:0.3.1` (pushed 2026-02-24)
- [ ] Server integration: cron schedule, compose service and systemd unit on quant-srv-01 (pending)

## Run locally

    make run DATE=2026-02-27
"""

STATUS = """\
# quant-srv-01 deployment status (updated by the deploy job)
server: quant-srv-01
updated: 2026-02-27T18:04:11+08:00
deployed:
{}
pending_deployments:
  - name: daily_stock_analysis
    status: not_deployed
    image: registry.internal/quant/daily-stock-analysis:0.3.1
    blocker: waiting for the API quota increase
""".format("\n".join(f"  - name: {s}\n    status: running\n    version: 1.{i}.{i * 3 % 7}" for i, s in
                enumerate(SERVICES)))

CRON = """\
# quant-srv-01 crontab (user quant)
SHELL=/bin/bash
TZ=Asia/Shanghai
{}
# daily_stock_analysis: NOT yet added (waiting for server integration)
# 30 18 * * 1-5 docker compose -f /srv/quant/docker-compose.yml run --rm daily_stock_analysis
""".format("\n".join(f"{m} {h} * * {'1-5' if i % 2 else '*'} docker compose -f /srv/quant/docker-compose.yml run --rm {s}"
                for i, (s, m, h) in enumerate(zip(SERVICES, [0, 15, 30, 45, 5, 20, 35, 50], [7, 8, 9, 18, 10, 11, 6, 5]))))

COMPOSE = """\
services:
{}
  # --- NOT YET DEPLOYED ---
  # daily_stock_analysis:
  #   image: registry.internal/quant/daily-stock-analysis:0.3.1
  #   env_file: /srv/quant/env/daily_stock_analysis.env
  #   volumes:
  #     - /srv/quant/briefs:/app/out
""".format("\n".join(f"  {s}:\n    image: registry.internal/quant/{s.replace('_', '-')}:1.{i}.{i * 3 % 7}\n"
                f"    env_file: /srv/quant/env/{s}.env\n    restart: unless-stopped" for i, s in enumerate(SERVICES)))


def _build(ws: Path) -> dict:
    f = Filler(SEED)
    rng = random.Random(120)
    p = ws / "projects" / "daily_stock_analysis"
    p.mkdir(parents=True)
    (p / "README.md").write_text(README)
    (p / "Dockerfile").write_text("FROM python:3.11-slim\nWORKDIR /app\nCOPY . .\nRUN pip install -r requirements.txt\n"
                                  "CMD [\"python\", \"-m\", \"dsa.run\"]\n")
    (p / "requirements.txt").write_text("pandas==2.2.3\nnumpy==2.1.3\nrequests==2.32.3\n")
    for s in ("news_digest", "daily_stock_report"):
        (ws / "projects" / s).mkdir()
        (ws / "projects" / s / "README.md").write_text(f"# {s}\n\nDeployed on quant-srv-01 (compose service "
                                                       f"`{s}`, cron, systemd unit).\n")
    d = ws / "server"
    for sub in ("deploy", "cron", "systemd", "logs"):
        (d / sub).mkdir(parents=True)
    (d / "deploy" / "status.yaml").write_text(STATUS)
    (d / "cron" / "crontab.txt").write_text(CRON)
    (d / "deploy" / "docker-compose.yml").write_text(COMPOSE)
    for s in SERVICES:
        (d / "systemd" / f"quant-{s.replace('_', '-')}.service").write_text(
            f"[Unit]\nDescription=quant {s}\nAfter=docker.service\n\n[Service]\nType=oneshot\n"
            f"ExecStart=/usr/bin/docker compose -f /srv/quant/docker-compose.yml up -d {s}\n\n[Install]\n"
            "WantedBy=multi-user.target\n")
    (d / "services.txt").write_text("\n".join(f"{s}\trunning" for s in SERVICES) + "\n")
    t, lines = datetime(2026, 1, 20), []
    for _ in range(2500):
        t += timedelta(seconds=rng.randint(60, 1800))
        s = rng.choice(SERVICES)
        lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+08:00 " + rng.choice([
            f"deploy {s}: pulled image, restarted ({rng.randint(2, 40)} s)", f"cron {s}: exit 0",
            f"cron {s}: exit 0", f"healthcheck {s}: ok", f"cron {s}: exit 1 (retry scheduled)"]))
    lines.append("2026-02-24T16:40:02+08:00 registry: pushed quant/daily-stock-analysis:0.3.1 (no deploy requested)")
    lines.sort()
    (d / "logs" / "deploy.log").write_text("\n".join(lines) + "\n")
    team = f.colleagues(12)
    asker = team[0]
    mails = f.mailbox(50, datetime(2026, 1, 26), datetime(2026, 2, 27, 17), team + f.externals(5))
    mails.append(Mail(asker, [f.me], "daily_stock_analysis on the server?", datetime(2026, 2, 27, 19, 12),
                      f"Hi {f.me.first},\n\nHas daily_stock_analysis been integrated into the server yet? I'd like "
                      f"to point the morning brief at it.\n\n{asker.first}", key="ask"))
    planted = f.write_mailbox(ws / "inbox", mails)
    planted["asker"] = asker.email
    planted["asker_first"] = asker.first
    return planted


CHECK = '''\
"""AceBench 120: is daily_stock_analysis integrated into the server? No: report, skill and a reply to the colleague.

Weights from the original's judge rubric:
- correctness 0.25: integration_report.md says daily_stock_analysis is not integrated (or not deployed, pending),
  claims nowhere that it is, and says what is done (local development, the Docker image) and what is missing
  (cron, compose service, systemd).
- evidence 0.30: the report cites at least three of the artifacts that show it (status.yaml, the crontab, the
  compose file, the project README, the absent systemd unit); two earn half.
- skill 0.25: skills/server-integration-checker/SKILL.md with front matter name and description and steps over
  at least three of: deployment status, cron, docker-compose, systemd, service list.
- communication 0.20: a mail to the colleague who asked, saying it is not integrated yet and what remains.
Re-weighted: skill and reply count in proportion to the report's correctness and evidence earned (a reply that
answers wrongly, or a skill with no answer, is not the job).
"""

import re

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import body, graded, mails, recipients, text

ASKER = {asker!r}
NEG = ("not integrated", "not been integrated", "not yet integrated", "isn't integrated", "hasn't been integrated",
       "not deployed", "not been deployed", "not yet deployed", "isn't deployed", "hasn't been deployed",
       "not_deployed", "pending", "not on the server", "not running")
POS = re.compile(r"\\b(is|has been|was|already|now|fully)\\s+(integrated|deployed|running|live|scheduled)\\b", re.I)
HEDGE = re.compile(r"\\b(partially|partly|maybe|probably|possibly|might|may|seems? to be|appears? to be)\\b", re.I)


def _sentences(t):
    return [s for s in re.split(r"(?<=[.!?])\\s+|\\n+", t) if s.strip()]


def _verdict(t):
    """Says not integrated, and no sentence about it claims or half-claims the opposite."""
    said = False
    for s in _sentences(t):
        about = says_any(s, "daily_stock_analysis", "daily stock analysis", "it", "the service", "the project")
        if not about or says_any(s, "daily_stock_report", "daily stock report"):
            continue
        neg = says_any(s, *NEG)
        if (POS.search(s) and not neg) or (HEDGE.search(s) and says_any(s, "integrated", "deployed")):
            return False
        said = said or neg
    return said


def _done_missing(t):
    return says_any(t, "docker image", "image", "local development", "locally", "developed") and \\
        says_any(t, "cron", "crontab") and says_any(t, "compose", "docker-compose") and \\
        says_any(t, "systemd", "unit")


def check(ws, answer):
    r = text(ws / "integration_report.md")
    right = _verdict(r) and _done_missing(r)
    cites = sum(says_any(r, *names) for names in (("status.yaml", "deployment status", "pending_deployments"),
                                                  ("crontab", "crontab.txt"),
                                                  ("docker-compose.yml", "docker-compose", "compose file"),
                                                  ("README", "README.md"),
                                                  ("systemd",)))
    core = 0.25 * right + (0.30 if cites >= 3 else 0.15 if cites == 2 else 0.0) * right
    if not core:
        return 0.0
    sk = text(ws / "skills/server-integration-checker/SKILL.md")
    fm = re.match(r"\\s*---\\s*\\n(.*?)\\n---", sk, re.DOTALL)
    skill = bool(fm) and bool(re.search(r"(?m)^name\\s*:\\s*\\S", fm.group(1))) and \\
        bool(re.search(r"(?m)^description\\s*:\\s*\\S", fm.group(1))) and \\
        sum(says_any(sk, *w) for w in (("status",), ("cron", "crontab"), ("compose",), ("systemd",),
                                       ("service list", "services"))) >= 3
    replies = [body(m) for m in mails(ws, "outbox") if ASKER in recipients(m)]
    reply = len(replies) >= 1 and all(_verdict(b) for b in replies) and \\
        any(says_any(b, "cron", "compose", "systemd", "deploy", "deployment") for b in replies)
    return core + (0.25 * skill + 0.20 * reply) * core / 0.55


check = graded(check)  # a pasted file is no answer
'''

SKILL = """\
---
name: server-integration-checker
description: Decide whether a named service is integrated on a server, from its deployment artifacts.
---

# Server integration checker

## Inputs
The service name and the server's config folder.

## Steps
1. Deployment status: look the service up in the status file (deployed vs pending_deployments).
2. Cron: is there an uncommented crontab line that runs it?
3. docker-compose: is it a live (uncommented) service with an image and env file?
4. systemd: is there a unit for it?
5. Service list and deploy log: is it running, was it ever deployed, or was only an image pushed?
6. Project README: what the team says is done and what is pending.

## Verdict
Integrated only when status, schedule and runtime agree. Otherwise say what is done and what is missing.
Watch for look-alike names (daily_stock_report is not daily_stock_analysis).
"""

REPORT = """\
# Integration check: daily_stock_analysis on quant-srv-01

**Verdict: not integrated.** daily_stock_analysis has not been deployed to the server yet.

Evidence:
- server/deploy/status.yaml lists it under pending_deployments with status not_deployed (blocker: API quota).
- server/cron/crontab.txt: its 18:30 weekday line is commented out ("NOT yet added").
- server/deploy/docker-compose.yml: the service is commented out under "NOT YET DEPLOYED".
- server/systemd/ has no unit for it, and server/services.txt does not list it.
- projects/daily_stock_analysis/README.md: local development and the Docker image (0.3.1) are done; server
  integration is pending. The deploy log only shows the image push on 24 February.

Done: local development, Docker image 0.3.1 pushed.
Missing: compose service, crontab entry and systemd unit on quant-srv-01, then a status update.
Note: daily_stock_report is a different service and is deployed.
"""


def task120():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        planted = _build(Path(tmp))
    asker, first = planted["asker"], planted["asker_first"]
    reply = (f"Hi {first},\n\nNot yet: daily_stock_analysis is not integrated into the server. Local development "
             "and the Docker image (0.3.1) are done, but the compose service, the cron entry and the systemd unit "
             "on quant-srv-01 are still pending (it's listed as not_deployed). Details in integration_report.md.\n")
    steps = [
        ("read_mail", {"path": planted["ask"]}),
        ("read_file", {"path": "projects/daily_stock_analysis/README.md"}),
        ("read_file", {"path": "server/deploy/status.yaml"}),
        ("read_file", {"path": "server/cron/crontab.txt"}),
        ("read_file", {"path": "server/deploy/docker-compose.yml"}),
        ("list_dir", {"path": "server/systemd"}),
        ("write_file", {"path": "skills/server-integration-checker/SKILL.md", "content": SKILL}),
        ("write_file", {"path": "integration_report.md", "content": REPORT}),
        ("send_mail", {"to": asker, "subject": "Re: daily_stock_analysis on the server?", "body": reply}),
    ]
    answer = ("daily_stock_analysis is not integrated into the server yet: it is pending (not_deployed) in "
              "status.yaml, and its crontab line and compose service are commented out; local development and the "
              "Docker image are done. Skill, integration_report.md and the reply to " + first + " are done.")

    def ends(report: str, mail_body: str) -> list:
        return [("write_file", {"path": "skills/server-integration-checker/SKILL.md", "content": SKILL}),
                ("write_file", {"path": "integration_report.md", "content": report}),
                ("send_mail", {"to": asker, "subject": "Re: daily_stock_analysis", "body": mail_body})]
    alt_report = ("Status of daily_stock_analysis: NOT deployed.\n\n| artifact | finding |\n|---|---|\n"
                  "| status.yaml | under pending_deployments, not_deployed |\n| crontab | entry commented out |\n"
                  "| docker-compose.yml | service commented out |\n\nWhat's done: developed locally, image built and "
                  "pushed. What's missing: cron schedule, compose service, systemd unit.\n")
    right = [
        dict(why="the reference end state, short answer", answer="Not integrated yet; report and reply done."),
        dict(why="a table of evidence, 'NOT deployed' wording, a terse reply", base="nothing", answer="Done.",
             steps=ends(alt_report, "No, it hasn't been deployed to the server yet: the image exists, but cron, "
                                    "compose and systemd setup are still to do.")),
        dict(why="extra true detail: the look-alike service and the blocker", answer=answer +
             " (daily_stock_report, a different job, is deployed; the blocker is the API quota increase.)"),
    ]
    wrong = [
        dict(kind="near-miss", why="reads the commented compose service as live: 'deployed, only cron missing'",
             base="nothing", answer="Mostly there.",
             steps=ends("daily_stock_analysis is deployed via docker-compose.yml (image 0.3.1); only the crontab "
                        "entry is missing, and systemd is not needed. Evidence: docker-compose.yml, status.yaml, "
                        "crontab, README.",
                        "It is deployed in compose; it just needs the cron entry.")),
        dict(kind="wrong-entity", why="answers for daily_stock_report, which is running", base="nothing",
             answer="Yes, it's integrated.",
             steps=ends("Verdict: integrated. daily_stock_report is running on quant-srv-01: status.yaml says "
                        "running, crontab runs it at 18:45, docker-compose.yml has the service, systemd has "
                        "quant-daily-stock-report.service. The image and local development are done.",
                        "Yes, it is integrated and running.")),
        dict(kind="hedge", why="'partially integrated, may already be deployed'", base="nothing",
             answer="Hard to say.",
             steps=ends("daily_stock_analysis is partially integrated: it may already be deployed, although "
                        "status.yaml says pending and the crontab and docker-compose.yml lines are commented out; "
                        "the image and local development are done, systemd unknown.",
                        "It's partially integrated, maybe deployed; cron and compose unclear.")),
        dict(kind="false-claim", why="says report and reply are done, did nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the report pastes the status file and the crontab", base="nothing",
             answer="See the report.", steps=ends(STATUS + CRON, "See integration_report.md.")),
    ]
    port = Port("automation-integration-check", 120, "test",
                ("I'd like a reusable skill, skills/server-integration-checker/SKILL.md, for telling whether a "
                 "service is integrated on our server: deployment status, cron jobs, systemd units, compose files, "
                 "service lists. Then use it on the question a colleague mailed me about daily_stock_analysis: look "
                 "through the project and the server folder, write your findings to integration_report.md, and "
                 "answer them with a clear status."),
                ["list_dir", "read_file", "search", "list_mail", "read_mail", "search_mail", "send_mail",
                 "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(asker=asker), right=right, wrong=wrong,
                category="automation", sensitive=[(asker, "pii", 0.5)])
    return port, _build


PORTS = [task120]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
