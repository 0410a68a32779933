"""AceBench 111: write a workspace-onboarding skill, then onboard: read the heartbeat state, config, notification
rules, memory notes, heartbeat log and activity log, cross-check them, and write six grounded scaffold documents
and a workspace-state file. The key inconsistency: the runtime state still runs every 30 minutes (1800000 ms)
while the config, changed at the user's request, says 45 (2700000 ms); the state file is stale.

Bulk: an activity log of ~2,600 lines over two sessions (the previous one, before the gateway upgrade, had its own
id and 112 heartbeats: the wrong-entity trap), a heartbeat CSV of both sessions, and a week of memory notes."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-111-workspace-onboarding"
SESSION, OLD = "sess_a3f8c1d2e9b7", "sess_77d0e4b1c3a9"
CHECKS = [("email", "high"), ("calendar", "medium"), ("weather", "low"), ("github", "medium"), ("social", "low")]

STATE = {"sessionId": SESSION, "version": "1.2.0", "startedAt": "2025-06-16T14:05:12+01:00", "heartbeatCount": 47,
         "lastHeartbeat": "2025-06-17T13:35:00+01:00", "checkIntervalMs": 1800000, "status": "healthy",
         "lastChecks": {"email": "2025-06-17T13:35:02+01:00", "calendar": "2025-06-17T13:35:03+01:00",
                        "weather": "2025-06-17T13:35:04+01:00", "github": "2025-06-17T13:35:06+01:00",
                        "social": "2025-06-17T12:05:09+01:00"}}

CONFIG = """\
# Heartbeat configuration (edited 2025-06-17: interval 30 -> 45 min at the user's request)
heartbeat:
  default_interval_ms: 2700000
  weekend_interval_ms: 3600000
  weekend_days: [saturday, sunday]
  timezone: Europe/London
  location: London, UK
checks:
  - type: email
    priority: high
    source: imap
  - type: calendar
    priority: medium
    source: caldav
  - type: weather
    priority: low
    source: open-meteo
  - type: github
    priority: medium
    source: github-notifications
  - type: social
    priority: low
    source: moltbook-api
escalation:
  channel: telegram
  quiet_hours: "22:00-07:30"
"""

RULES = {"rules": [
    {"id": "rule_001", "name": "Urgent email", "match": {"check": "email", "priority": "high"}, "channel": "telegram",
     "enabled": True},
    {"id": "rule_002", "name": "Meeting in 15 minutes", "match": {"check": "calendar", "minutesBefore": 15},
     "channel": "telegram", "enabled": True},
    {"id": "rule_003", "name": "PR review requested", "match": {"check": "github", "event": "review_requested"},
     "channel": "telegram", "enabled": True},
    {"id": "rule_004", "name": "Weather Alert", "match": {"check": "weather", "condition": "severe"},
     "channel": "telegram", "enabled": False},
]}

NOTE_16 = """\
# 2025-06-16

- Upgraded the gateway 2.4.1 -> 2.4.2; new session started afterwards.
- User wants fewer heartbeats at weekends.
- TODO: implement weekend schedule in heartbeat config.
- Reviewed notification rules; weather alerts were noisy, left rule_004 off.
"""

NOTE_17 = """\
# 2025-06-17

- User asked for heartbeats every 45 minutes instead of 30 (config updated).
- MoltBook API returned 503 at 12:35 and 13:05; social check skipped both times.
- Reviewed PR #342 on moltbot (skill loader fix); approved with two comments.
- Reminder: 1:1 with Sarah every Tuesday at 14:00.
"""


def _logs(rng: random.Random) -> tuple[str, str]:
    lines, csv_rows = [], ["timestamp,session_id,heartbeat,interval_ms,checks_run,status"]
    t = datetime(2025, 6, 13, 9, 0)
    for n in range(1, 113):
        t += timedelta(minutes=30)
        lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00 INFO  heartbeat #{n} session={OLD} gateway=2.4.1")
        for c, _p in CHECKS:
            lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00 DEBUG check {c} ok items={rng.randint(0, 9)}")
        for _ in range(rng.randint(2, 10)):
            lines.append(f"{t + timedelta(seconds=rng.randint(60, 1700)):%Y-%m-%dT%H:%M:%S}+01:00 INFO  "
                         + rng.choice(["message handled channel=telegram", "tool call calendar.list",
                                       "tool call mail.search", "memory write note", "cron tick"]))
        csv_rows.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00,{OLD},{n},1800000,5,healthy")
    t = datetime(2025, 6, 16, 14, 0)
    lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00 INFO  gateway upgraded 2.4.1 -> 2.4.2")
    lines.append(f"{t + timedelta(minutes=5):%Y-%m-%dT%H:%M:%S}+01:00 INFO  session started session={SESSION}")
    t += timedelta(minutes=5, seconds=12)
    for n in range(1, 48):
        t += timedelta(minutes=30)
        lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00 INFO  heartbeat #{n} session={SESSION} gateway=2.4.2 "
                     "interval_ms=1800000")
        for c, _p in CHECKS:
            if c == "social" and n in (45, 46):
                lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00 WARN  check social skipped: MoltBook API 503")
            else:
                lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00 DEBUG check {c} ok items={rng.randint(0, 9)}")
        for _ in range(rng.randint(2, 10)):
            lines.append(f"{t + timedelta(seconds=rng.randint(60, 1700)):%Y-%m-%dT%H:%M:%S}+01:00 INFO  "
                         + rng.choice(["message handled channel=telegram", "tool call calendar.list",
                                       "tool call github.notifications", "memory write note", "cron tick"]))
        csv_rows.append(f"{t:%Y-%m-%dT%H:%M:%S}+01:00,{SESSION},{n},1800000,{4 if n in (45, 46) else 5},healthy")
    lines.append(f"{datetime(2025, 6, 17, 13, 20):%Y-%m-%dT%H:%M:%S}+01:00 INFO  config reloaded "
                 "heartbeat-config.yaml (default_interval_ms=2700000)")
    lines.sort()
    return "\n".join(lines) + "\n", "\n".join(csv_rows) + "\n"


def _build(ws: Path) -> None:
    f = Filler(SEED)
    rng = random.Random(111)
    (ws / "memory").mkdir()
    (ws / "config").mkdir()
    (ws / "logs").mkdir()
    (ws / "memory" / "heartbeat-state.json").write_text(json.dumps(STATE, indent=2) + "\n")
    (ws / "config" / "heartbeat-config.yaml").write_text(CONFIG)
    (ws / "config" / "notification-rules.json").write_text(json.dumps(RULES, indent=2) + "\n")
    (ws / "memory" / "2025-06-16.md").write_text(NOTE_16)
    (ws / "memory" / "2025-06-17.md").write_text(NOTE_17)
    log, hb = _logs(rng)
    (ws / "logs" / "agent-activity.log").write_text(log)
    (ws / "memory" / "heartbeat-log.csv").write_text(hb)
    for d in (11, 12, 13, 14):
        (ws / "memory" / f"2025-06-{d}.md").write_text(f"# 2025-06-{d}\n\n" + "\n".join(
            f"- {f.sentence()}" for _ in range(rng.randint(3, 6))) + "\n")


CHECK = '''\
"""AceBench 111: a workspace-onboarding skill, and an onboarding whose documents carry the workspace's real values.

Weights from the original's judge rubric:
- skill 0.20: skills/workspace-onboarding/SKILL.md with front matter name and description, three or more sections,
  one of them a cross-check of state against config for stale or inconsistent values.
- scaffold grounding 0.35: AGENTS.md gives the session id and heartbeat count (0.10, the previous session's id
  counts against it); TOOLS.md gives the five check types with their priorities and says rule_004 (Weather Alert)
  is disabled (0.15); USER.md gives London, Europe/London and the weekend preference (0.05); all six documents
  written with content of their own (0.05).
- state file 0.20: .openclaw/workspace-state.json with version and an ISO onboardingCompletedAt (0.05),
  sourceSessionId = the current session (0.10), heartbeatCount = 47 (0.05).
- inconsistency 0.25: HEARTBEAT.md gives the state's 1800000 ms (30 min) against the config's 2700000 ms (45 min)
  and calls the state file the stale one (0.15); the 16 June weekend-schedule TODO is called resolved (0.10).
Re-weighted: the facts (session id and count in AGENTS.md and the state file, the interval discrepancy) are the
core; the remaining items count in proportion to the core earned, so documents that carry the wrong session or the
wrong direction of the discrepancy earn little for their form.
"""

import json
import re
from datetime import datetime

from edgeagent.bench.grading import has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text

SESSION, OLD = {session!r}, {old!r}
CHECKS = {checks!r}
DOCS = ("AGENTS.md", "SOUL.md", "IDENTITY.md", "HEARTBEAT.md", "TOOLS.md", "USER.md")
SEED = ("memory/heartbeat-state.json", "config/heartbeat-config.yaml", "config/notification-rules.json",
        "memory/2025-06-16.md", "memory/2025-06-17.md")


def _own(t, seed):
    mine = [ln.strip() for ln in t.splitlines() if len(ln.strip()) >= 12]
    return len(t.strip()) > 50 and bool(mine) and sum(ln in seed for ln in mine) / len(mine) < 0.5


def _state(ws):
    try:
        data = json.loads(text(ws / ".openclaw/workspace-state.json"))
    except ValueError:
        return {{}}
    return data if isinstance(data, dict) else {{}}


def _iso(v):
    try:
        datetime.fromisoformat(str(v).replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def _interval(t):
    short = has_number(t, 1800000) or bool(re.search(r"\\b30\\s*(min|minutes|-minute|m)\\b", t, re.IGNORECASE))
    long = has_number(t, 2700000) or bool(re.search(r"\\b45\\s*(min|minutes|-minute|m)\\b", t, re.IGNORECASE))
    stale = any(says_any(s, "state", "runtime") and says_any(s, "stale", "out of date", "outdated", "not updated", "never updated",
                                              "was not updated", "wasn't updated", "behind", "needs updating",
                                              "should be updated", "must be updated", "old value")
                for s in re.split(r"(?<=[.!?])\\s+|\\n+", t))
    config_stale = any(says(s, "config") and says_any(s, "config is stale", "config file is stale",
                                                      "config is out of date", "config is outdated")
                       for s in re.split(r"(?<=[.!?])\\s+|\\n+", t))
    torn = any(says_any(s, "stale", "out of date", "outdated") and
               re.search(r"\\b(either|or|maybe|perhaps|possibly|might|could|unclear|not sure)\\b", s, re.IGNORECASE)
               for s in re.split(r"(?<=[.!?])\\s+|\\n+", t))
    return short and long and stale and not config_stale and not torn


def _priorities(t):
    lines = t.lower().splitlines()
    return all(any(c in ln and p in ln for ln in lines) for c, p in CHECKS)


def check(ws, answer):
    seed = {{ln.strip() for p in SEED for ln in text(ws / p).splitlines()}}
    agents = text(ws / "AGENTS.md")
    st = _state(ws)
    ids = 0.10 * (SESSION in agents and OLD not in agents and has_number(agents, 47))
    sid = 0.10 * (st.get("sourceSessionId") == SESSION)
    cnt = 0.05 * (st.get("heartbeatCount") in (47, "47"))
    disc = 0.15 * _interval(text(ws / "HEARTBEAT.md"))
    core = ids + sid + cnt + disc
    if not core:
        return 0.0
    skill = text(ws / "skills/workspace-onboarding/SKILL.md")
    fm = re.match(r"\\s*---\\s*\\n(.*?)\\n---", skill, re.DOTALL)
    skill_ok = bool(fm) and bool(re.search(r"(?m)^name\\s*:\\s*\\S", fm.group(1))) and \\
        bool(re.search(r"(?m)^description\\s*:\\s*\\S", fm.group(1))) and len(re.findall(r"(?m)^#{{2,3}} ", skill)) >= 3 \\
        and says_any(skill, "cross-check", "cross check", "inconsistency", "inconsistencies", "mismatch", "stale",
                     "discrepancy", "discrepancies", "conflict")
    tools = text(ws / "TOOLS.md")
    tools_ok = _priorities(tools) and says_any(tools, "rule_004", "rule 004", "Weather Alert") and \\
        says_any(tools, "disabled", "off", "not enabled", "enabled: false", "inactive")
    user = text(ws / "USER.md")
    user_ok = says(user, "London") and says(user, "Europe/London") and says_any(user, "weekend", "weekends")
    all_docs = all(_own(text(ws / d), seed) for d in DOCS)
    head = st.get("version") is not None and _iso(st.get("onboardingCompletedAt", ""))
    written = "\\n".join(text(ws / d) for d in DOCS) + "\\n" + (answer or "")
    todo = any(says_any(s, "weekend") and says_any(s, "resolved", "done", "implemented", "already", "closed",
                                                   "completed", "in place")
               for s in re.split(r"(?<=[.!?])\\s+|\\n+", written))
    rest = 0.20 * skill_ok + 0.15 * tools_ok + 0.05 * user_ok + 0.05 * all_docs + 0.05 * head + 0.10 * todo
    return core + rest * core / 0.40


check = graded(check)  # a pasted file is no answer
'''

SKILL = """\
---
name: workspace-onboarding
description: Orient in a new workspace - read its state, catch stale or conflicting values, write the core documents and a state tracker.
---

# Workspace onboarding

## 1. Read every state and config file
Runtime state (memory/*.json), configuration (config/*), daily memory notes, the heartbeat log and the activity
log. Note ids, counters, intervals, versions.

## 2. Cross-check for inconsistencies
Compare each runtime value with its configured value (intervals, versions, enabled rules). Where they differ, find
which changed last (notes, log lines) and mark the other as stale. Close TODOs the config already satisfies.

## 3. Write the scaffold
AGENTS.md, SOUL.md, IDENTITY.md, HEARTBEAT.md, TOOLS.md and USER.md, each from the real values, no placeholders.

## 4. Track the onboarding
Write .openclaw/workspace-state.json with version, onboardingCompletedAt, sourceSessionId and heartbeatCount.
"""

DOC = {
    "AGENTS.md": f"# Agents\n\nCurrent session: {SESSION}, heartbeat count 47 (gateway 2.4.2, upgraded from 2.4.1 "
                 "on 2025-06-16).\n\nAt session start: read memory/heartbeat-state.json, today's memory note and "
                 "config/heartbeat-config.yaml.\n",
    "SOUL.md": "# Soul\n\nA London-based monitoring assistant: watch email, calendar, weather, GitHub and social "
               "feeds on a steady heartbeat, escalate only what matters via Telegram, and stay quiet at night.\n",
    "IDENTITY.md": "# Identity\n\n- Role: personal monitoring agent\n- Location: London (Europe/London)\n"
                   "- Scope: 5 check types - email, calendar, weather, GitHub, social\n- Name: (to fill in)\n",
    "HEARTBEAT.md": "# Heartbeat\n\nConfigured: default 2700000 ms (45 min) since the user asked on 2025-06-17; "
                    "weekends 3600000 ms (60 min).\n\nDiscrepancy: memory/heartbeat-state.json still has "
                    "checkIntervalMs 1800000 (30 min). The state file is stale: it was never updated after the "
                    "config change and should be set to 2700000.\n\nThe weekend schedule TODO from 2025-06-16 is "
                    "resolved: weekend_interval_ms is in the config.\n",
    "TOOLS.md": "# Tools\n\nChecks (config/heartbeat-config.yaml):\n- email: high\n- calendar: medium\n"
                "- weather: low\n- github: medium\n- social: low (MoltBook API; 503 on 2025-06-17)\n\n"
                "Notifications: rule_004 (Weather Alert) is disabled; the other three rules are on.\n",
    "USER.md": "# User\n\n- Lives in London, timezone Europe/London.\n- Wants fewer heartbeats at weekends (60 min).\n"
               "- 1:1 with Sarah every Tuesday at 14:00.\n- Reviewed PR #342 on moltbot on 2025-06-17.\n",
}


def task111():
    state = json.dumps({"version": "1.0", "onboardingCompletedAt": "2025-06-17T14:00:00+01:00",
                        "sourceSessionId": SESSION, "heartbeatCount": 47}, indent=2)
    steps = [
        ("read_file", {"path": "memory/heartbeat-state.json"}),
        ("read_file", {"path": "config/heartbeat-config.yaml"}),
        ("read_file", {"path": "config/notification-rules.json"}),
        ("read_file", {"path": "memory/2025-06-16.md"}),
        ("read_file", {"path": "memory/2025-06-17.md"}),
        ("search", {"query": "session started"}),
        ("write_file", {"path": "skills/workspace-onboarding/SKILL.md", "content": SKILL}),
    ] + [("write_file", {"path": k, "content": v}) for k, v in DOC.items()] + [
        ("write_file", {"path": ".openclaw/workspace-state.json", "content": state})]
    answer = (f"Onboarded. The skill is in skills/workspace-onboarding/SKILL.md; the six documents and "
              f".openclaw/workspace-state.json are written (session {SESSION}, 47 heartbeats). One inconsistency: "
              "the state file still says 1800000 ms (30 min) but the config says 2700000 ms (45 min) since your "
              "request on 17 June, so the state file is stale. The weekend-schedule TODO of 16 June is already "
              "done in the config, and rule_004 (Weather Alert) is off.")
    alt_heartbeat = ("# Heartbeat\n\n| source | interval |\n|---|---|\n| config | 45 minutes (2,700,000 ms) |\n"
                     "| runtime state | 30 minutes (1,800,000 ms) |\n\nThe state is out of date: the config was "
                     "changed on 17 June and the state was not updated. Weekend schedule (60 min): implemented, so "
                     "the 16 June TODO is closed.\n")
    alt = [(a, {**b}) for a, b in steps[6:]]
    alt = [(a, {**b, "content": alt_heartbeat}) if b.get("path") == "HEARTBEAT.md" else (a, b) for a, b in alt]
    alt = [(a, {**b, "content": json.dumps({"version": 2, "onboardingCompletedAt": "2025-06-17T13:00:00Z",
                                            "sourceSessionId": SESSION, "heartbeatCount": "47"})})
           if b.get("path", "").endswith("workspace-state.json") else (a, b) for a, b in alt]
    right = [
        dict(why="the reference end state, a short answer", answer="Done: skill, six docs and state file written; "
                                                                   "the state's 30-min interval is stale vs 45 in config."),
        dict(why="the discrepancy as a table with grouped digits, count as a string, Z timestamp", base="nothing",
             answer="Onboarding finished.", steps=alt),
        dict(why="extra true detail in the answer (the previous session, MoltBook 503s)",
             answer=answer + f" The log also shows the previous session {OLD} (112 heartbeats) before the 2.4.2 "
                             "upgrade, and two skipped social checks on 17 June."),
    ]

    def swap(**repl):
        out = []
        for a, b in steps[6:]:
            c = b["content"]
            for k, v in repl.items():
                c = c.replace(k, v)
            out.append((a, {**b, "content": c}))
        return out

    wrong = [
        dict(kind="near-miss", why="a truncated session id and 46 heartbeats, the interval given as 30 vs 40 min",
             base="nothing", answer="Onboarded.",
             steps=swap(**{SESSION: SESSION[:-3], "heartbeat count 47": "heartbeat count 46",
                           '"heartbeatCount": 47': '"heartbeatCount": 46', "2700000 ms (45 min)": "2400000 ms (40 min)",
                           "set to 2700000": "set to 2400000", "45 min": "40 min"})),
        dict(kind="wrong-entity", why="the previous session's id and count (112) everywhere", base="nothing",
             answer="Onboarded.", steps=swap(**{SESSION: OLD, "heartbeat count 47": "heartbeat count 112",
                                               '"heartbeatCount": 47': '"heartbeatCount": 112',
                                               "The state file is stale: it was never updated after the config "
                                               "change and should be set to 2700000.":
                                               "The config file is stale and should go back to 1800000."})),
        dict(kind="hedge", why="both sessions offered and the stale side left open", base="nothing",
             answer="Not sure which session is current.",
             steps=swap(**{f"Current session: {SESSION}": f"Current session: {SESSION} or maybe {OLD}",
                           f'"sourceSessionId": "{SESSION}"': f'"sourceSessionId": "{SESSION} or {OLD}"',
                           '"heartbeatCount": 47': '"heartbeatCount": "47 or 112"',
                           "The state file is stale: it was never updated after the config change and should be "
                           "set to 2700000.": "Either the state or the config could be the stale one."})),
        dict(kind="false-claim", why="reports the onboarding, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the documents are the state, config and notes pasted", base="nothing",
             answer="Onboarded.",
             steps=[("write_file", {"path": "AGENTS.md", "content": json.dumps(STATE, indent=2)}),
                    ("write_file", {"path": "HEARTBEAT.md", "content": CONFIG}),
                    ("write_file", {"path": "TOOLS.md", "content": json.dumps(RULES, indent=2)[:1990]}),
                    ("write_file", {"path": "USER.md", "content": NOTE_17})]),
    ]
    port = Port("automation-workspace-onboarding", 111, "dev",
                ("This workspace has our monitoring agent's state, config, notification rules, memory notes and "
                 "logs. Write a reusable onboarding skill (skills/workspace-onboarding/SKILL.md) that includes "
                 "catching inconsistencies between state and config, then run it here: AGENTS, SOUL, IDENTITY, "
                 "HEARTBEAT, TOOLS and USER docs built from the real values, plus .openclaw/workspace-state.json "
                 "with version, onboardingCompletedAt, sourceSessionId and heartbeatCount. Flag whatever disagrees."),
                ["list_dir", "read_file", "search", "query", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(session=SESSION, old=OLD, checks=CHECKS),
                right=right, wrong=wrong, category="automation")
    return port, _build


PORTS = [task111]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
