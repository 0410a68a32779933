"""data-sla-audit-march-week: the seed's three judged items (compliance 0.35, root cause 0.35, recommendations 0.30) as deterministic
checks on the audit report the user asked for (audit/sla-compliance-march.md). The seed's gate on tool calls becomes the outcome:
the figures can only be right from the comments and the job history. Each ticket is judged on the line or section
that names it alone; advice about a failure counts only where the failure was rightly diagnosed."""

import re
from datetime import date

from edgeagent.bench.grading import dates_found, has_duration, has_number, says, says_any, times_found
from edgeagent.bench.taskcheck import graded, text

RT = {'TK-701': (35, 'critical', 'customer'), 'TK-702': (390, 'high', 'customer'), 'TK-703': (360, 'medium', 'customer'), 'TK-704': (475, 'medium', 'customer'), 'TK-705': (1320, 'low', 'customer'), 'TK-706': (1570, 'low', 'internal')}
TICKETS = [f"TK-{i}" for i in range(701, 710)]
JOBS = [f"JOB-{i}" for i in range(901, 910)]
INTS = [f"INT-{i}" for i in range(901, 910)]
BREACH = ["breach", "breached", "breaches", "non-compliant", "noncompliant", "not compliant", "missed", "exceeded",
          "exceeds", "violated", "violation", "overdue", "late", "failed", "out of sla", "over sla", "not met"]
MET = ["compliant", "met", "within", "ok", "pass", "passed", "meets", "on time", "in time", "achieved", "inside",
       "under", "fine", "yes"]
EDGE = ["borderline", "barely", "just within", "just inside", "close", "near", "at risk", "narrow", "narrowly",
        "margin", "tight", "to spare", "edge", "warning", "almost", "nearly"]
NA = ["not applicable", "n/a", "exempt", "no sla", "excluded", "out of scope", "does not apply", "doesn't apply",
      "not subject", "not covered", "not counted", "no sla applies", "not in scope"]


def _sections(report):
    out, cur = [], []
    for ln in report.splitlines():
        if ln.lstrip().startswith("#") and cur:
            out.append(cur)
            cur = []
        cur.append(ln)
    return out + ([cur] if cur else [])


def _named(chunk, group):
    return [i for i in group if says(chunk, i)]


def _units(report, group, one):
    """Sections naming `one` and no other id of its group, else such lines, else such clauses of a line."""
    out = []
    for sec in _sections(report):
        named = _named("\n".join(sec), group)
        if named == [one]:
            out.append("\n".join(sec))
            continue
        for ln in sec if one in named else []:
            if _named(ln, group) == [one]:
                out.append(ln)
            elif one in _named(ln, group):
                # a grouped line ('Compliant: TK-701 (35 min), TK-703 (360 min)'): each part keeps the line's head
                head = ln[:min(m.start() for i in group if (m := re.search(re.escape(i), ln)))]
                out += [head + c for c in re.split(r"(?<=[.;])\s+|,\s+", ln) if _named(c, group) == [one]]
    return out


def _took(u, minutes):
    return has_duration(u, minutes, alone=True) or has_number(u, minutes, alone=True)


def _judged(report, tid):
    m, prio, kind = RT[tid]
    units = _units(report, TICKETS, tid)
    if kind == "internal":
        return any(says(u, "internal") or says_any(u, *NA) for u in units) and \
            any(says_any(u, *NA) and not says_any(u, *BREACH) for u in units)
    if not any(_took(u, m) for u in units):
        return False
    if m > SLA[prio]:
        return any(says_any(u, *BREACH) or "\u274c" in u or "\u2717" in u for u in units)
    if SLA[prio] - m <= 15:
        return any((says_any(u, *EDGE) or has_duration(u, SLA[prio] - m)) and
                   not says_any(u, "non-compliant", "not compliant", "noncompliant", "violated", "violation")
                   for u in units)
    return any((says_any(u, *MET) or "\u2713" in u or "\u2705" in u) and not says_any(u, *BREACH) for u in units)


SLA = {"critical": 60, "high": 240, "medium": 480, "low": 1440}


def _count(u, n):
    """`n` written in `u` as a count, not as part of a date or a time of day."""
    for f in sorted(dates_found(u, 2026) + times_found(u), key=lambda f: -f.start):
        u = u[:f.start] + " " + u[f.end:]
    return has_number(u, n, alone=True)


def check(workspace, answer):
    report = text(workspace / "audit/sla-compliance-march.md")
    if not report.strip():
        return 0.0
    ok = {t: _judged(report, t) for t in RT}
    job = _units(report, JOBS, "JOB-902")
    bad = _units(report, INTS, "INT-902")
    backup = _units(report, INTS, "INT-903")
    diagnosed = any(says_any(u, "oauth", "token") and says_any(u, "expired", "expiry", "expire", "expires",
                                                                 "invalid", "invalid_grant")
                    and not says_any(u, "not expired", "still valid") for u in bad)
    # compliance 0.35: the breach (0.12), the near miss (0.07), the three met (0.03 each), the internal one (0.07)
    score = 0.12 * ok["TK-702"] + 0.07 * ok["TK-704"] + 0.03 * (ok["TK-701"] + ok["TK-703"] + ok["TK-705"])
    score += 0.07 * ok["TK-706"]
    # root cause 0.35: JOB-902 failing (0.07), since 24 March (0.07), eight runs (0.07), INT-902's expired
    # OAuth token (0.08), TK-702 left without its alert (0.06)
    failing = any(says_any(u, "fail", "failed", "failing", "failure", "failures", "down", "broken", "error")
                  for u in job)
    score += 0.07 * failing
    score += 0.07 * (failing and any(any(f.means(date(2026, 3, 24)) for f in dates_found(u, 2026)) or
                                     says_any(u, "3/24", "24/3") for u in job))
    score += 0.07 * any(_count(u, 8) for u in job)
    score += 0.08 * diagnosed
    score += 0.06 * (failing and any(says_any(u, "JOB-902", "alert", "alerts", "alerted", "notification",
                                              "notified", "warning") for u in _units(report, TICKETS, "TK-702")))
    # recommendations 0.30, 0.06 each
    score += 0.06 * (diagnosed and any(says_any(u, "renew", "renewed", "re-authorize", "reauthorize", "re-authorise",
                                                  "reauthorise", "re-authenticate", "refresh", "rotate", "regenerate",
                                                  "reconnect", "new token", "new oauth", "re-issue", "reissue",
                                                  "fix", "restore", "re-consent", "reconsent") for u in bad))
    score += 0.06 * any(says_any(u, "backup", "back-up", "fallback", "fall back", "secondary", "alternative",
                                 "failover", "fail over", "second channel", "redundant", "redundancy") for u in backup)
    score += 0.06 * (ok["TK-704"] and any(says_any(u, "monitor", "watch", "attention", "review", "faster", "speed",
                                                    "improve", "tighten", "staffing", "follow", "coach", "earlier")
                                          for u in _units(report, TICKETS, "TK-704")))
    score += 0.06 * (diagnosed and says_any(report, "multi-channel", "multichannel", "multiple channels",
                                            "more than one channel", "second channel", "redundant", "redundancy",
                                            "single point of failure", "fallback channel", "two channels",
                                            "backup channel", "several channels"))
    score += 0.06 * (ok["TK-702"] and any(says_any(u, "escalate", "escalated", "escalation", "follow up",
                                                    "follow-up", "prioritise", "prioritize", "apologise",
                                                    "apologize", "contact", "call the customer", "urgent")
                                          for u in _units(report, TICKETS, "TK-702")))
    return min(score, 1.0)


check = graded(check)
