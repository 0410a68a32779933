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

SESSION, OLD = 'sess_a3f8c1d2e9b7', 'sess_77d0e4b1c3a9'
CHECKS = [('email', 'high'), ('calendar', 'medium'), ('weather', 'low'), ('github', 'medium'), ('social', 'low')]
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
        return {}
    return data if isinstance(data, dict) else {}


def _iso(v):
    try:
        datetime.fromisoformat(str(v).replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def _interval(t):
    short = has_number(t, 1800000) or bool(re.search(r"\b30\s*(min|minutes|-minute|m)\b", t, re.IGNORECASE))
    long = has_number(t, 2700000) or bool(re.search(r"\b45\s*(min|minutes|-minute|m)\b", t, re.IGNORECASE))
    stale = any(says_any(s, "state", "runtime") and says_any(s, "stale", "out of date", "outdated", "not updated", "never updated",
                                              "was not updated", "wasn't updated", "behind", "needs updating",
                                              "should be updated", "must be updated", "old value")
                for s in re.split(r"(?<=[.!?])\s+|\n+", t))
    config_stale = any(says(s, "config") and says_any(s, "config is stale", "config file is stale",
                                                      "config is out of date", "config is outdated")
                       for s in re.split(r"(?<=[.!?])\s+|\n+", t))
    torn = any(says_any(s, "stale", "out of date", "outdated") and
               re.search(r"\b(either|or|maybe|perhaps|possibly|might|could|unclear|not sure)\b", s, re.IGNORECASE)
               for s in re.split(r"(?<=[.!?])\s+|\n+", t))
    return short and long and stale and not config_stale and not torn


def _priorities(t):
    lines = t.lower().splitlines()
    return all(any(c in ln and p in ln for ln in lines) for c, p in CHECKS)


def check(ws, answer):
    seed = {ln.strip() for p in SEED for ln in text(ws / p).splitlines()}
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
    fm = re.match(r"\s*---\s*\n(.*?)\n---", skill, re.DOTALL)
    skill_ok = bool(fm) and bool(re.search(r"(?m)^name\s*:\s*\S", fm.group(1))) and \
        bool(re.search(r"(?m)^description\s*:\s*\S", fm.group(1))) and len(re.findall(r"(?m)^#{2,3} ", skill)) >= 3 \
        and says_any(skill, "cross-check", "cross check", "inconsistency", "inconsistencies", "mismatch", "stale",
                     "discrepancy", "discrepancies", "conflict")
    tools = text(ws / "TOOLS.md")
    tools_ok = _priorities(tools) and says_any(tools, "rule_004", "rule 004", "Weather Alert") and \
        says_any(tools, "disabled", "off", "not enabled", "enabled: false", "inactive")
    user = text(ws / "USER.md")
    user_ok = says(user, "London") and says(user, "Europe/London") and says_any(user, "weekend", "weekends")
    all_docs = all(_own(text(ws / d), seed) for d in DOCS)
    head = st.get("version") is not None and _iso(st.get("onboardingCompletedAt", ""))
    written = "\n".join(text(ws / d) for d in DOCS) + "\n" + (answer or "")
    todo = any(says_any(s, "weekend") and says_any(s, "resolved", "done", "implemented", "already", "closed",
                                                   "completed", "in place")
               for s in re.split(r"(?<=[.!?])\s+|\n+", written))
    rest = 0.20 * skill_ok + 0.15 * tools_ok + 0.05 * user_ok + 0.05 * all_docs + 0.05 * head + 0.10 * todo
    return core + rest * core / 0.40


check = graded(check)  # a pasted file is no answer
