"""search-outage-postmortem: the seed's rubric (tool coverage 0.15, root cause 0.22, causal chain 0.15, impact and process 0.15,
previous incident and fixes 0.13, report 0.10, timeline 0.10) as deterministic checks on the report the user
asked for (reports/postmortem-2026-02-28.md). Re-weighted: tool coverage becomes one fact from each of the six sources. Judgements
without a figure (process gaps, fixes, structure) count only for a report with at least half the timed or counted
facts right; nothing may have been sent."""

from datetime import time

from edgeagent.bench.grading import has_duration, has_number, has_time, says, says_any
from edgeagent.bench.taskcheck import graded, mails, text


def _pieces(r):
    """Lines, and the clauses of lines that string several events together with semicolons."""
    lines = r.splitlines()
    return lines + [c for ln in lines if ";" in ln for c in ln.split(";")]


def _line(r, names, test):
    return any(test(ln) for ln in _pieces(r) if says_any(ln, *names))


def _sure(ln):
    """No word of choice or doubt on the line."""
    return not says_any(ln, "or", "either", "maybe", "possibly", "perhaps", "might", "could")


def _firm(ln, v):
    """`v` given as the figure, not as one of two: the sources themselves say 'about 200', so 'about' is fine."""
    return has_number(ln, v, alone=True) or (has_number(ln, v) and not says_any(
        ln, "or", "either", "maybe", "possibly", "perhaps", "might", "could"))


def _at(r, names, hh, mm):
    return _line(r, names, lambda ln: has_time(ln, time(hh, mm), alone=True))


def check(workspace, answer):
    r = text(workspace / "reports/postmortem-2026-02-28.md")
    if not r.strip():
        return 0.0
    job = ["JOB-301", "crm_data_sync", "CRM sync", "CRM data sync"]
    scan = says_any(r, "full table scan", "full-table scan", "table scan", "seq scan", "sequential scan") or \
        (says_any(r, "index") and says_any(r, "missing", "no index", "without an index", "unindexed", "lacks"))
    pool = _line(r, ["pool", "connections", "TK-1903"], lambda ln: _sure(ln) and says_any(
        ln, "200/200", "200 / 200", "all 200", "200 of 200", "200 out of 200"))
    release = _line(r, ["release", "deploy", "deployment", "deployed", "shipped", "v4.18"],
                    lambda ln: _sure(ln) and says_any(ln, "27 Feb", "27 February", "Feb 27", "February 27",
                                                      "2026-02-27", "27/02", "Friday"))
    ran75 = _line(r, job + ["run", "ran"], lambda ln: _sure(ln) and (has_duration(ln, 75, alone=True) or
                  (has_number(ln, 75) and says_any(ln, "min", "minutes"))))
    trigger = _at(r, job + ["trigger", "triggered", "started", "scheduled"], 20, 0)
    killed = _at(r, ["kill", "killed", "terminated", "TK-1909", "DBA"], 21, 30)
    back = _at(r, ["recover", "recovered", "restored", "normal", "green", "TK-1910", "back"], 21, 35)
    first = _at(r, ["TK-1901", "alert", "latency", "first"], 20, 15)
    t1903 = _at(r, ["TK-1903"], 20, 22)
    t1908 = _at(r, ["TK-1908"], 20, 45)
    orders = _line(r, ["order", "orders"], lambda ln: _firm(ln, 200) and says_any(
        ln, "fail", "failed", "failing", "failures", "lost"))
    backlog = _line(r, ["Celery", "queue", "backlog", "tasks"], lambda ln: _firm(ln, 50000))
    p503 = _line(r, ["payment", "payments"], lambda ln: has_number(ln, 503))
    facts = [scan, pool, release, ran75, trigger, killed, back, orders, backlog, t1903, t1908]
    grounded = sum(facts) >= 6
    kb603 = says(r, "KB-603") and says_any(r, "read replica", "read-replica", "replica")
    todo = kb603 and says_any(r, "TODO", "never done", "not done", "never completed", "not completed",
                              "unfinished", "still open", "never implemented", "not implemented", "never happened",
                              "outstanding", "recurr", "recurring", "repeat", "again", "same")
    overruled = says_any(r, "overruled", "overridden", "ignored", "dismissed", "over-ruled", "set aside") or \
        says_any(r, "skipped", "bypassed", "without review", "no review", "without the DBA")
    fixes = sum([says(r, "index"), says_any(r, "read replica", "replica"),
                 says_any(r, "connection limit", "connection limits", "per-job", "per job", "pool isolation",
                          "separate pool", "dedicated pool", "isolate", "isolation", "connection cap"),
                 says_any(r, "DBA review", "performance review", "mandatory review", "review gate",
                          "performance test", "performance testing")])
    sections = [says_any(r, "summary"), says_any(r, "timeline"), says_any(r, "root cause"),
                says_any(r, "impact"), says_any(r, "recommendation", "recommendations", "action items", "actions",
                         "improvements", "follow-ups", "next steps")]
    sources = [t1903 or pool, says_any(r, "INT-202", "INT-204"), scan, kb603, says(r, "NOTE-601") or overruled,
               ran75]
    score = 0.15 * sum(sources) / 6
    score += 0.22 * (0.25 * (says_any(r, *job)) + 0.25 * scan + 0.25 * release + 0.25 * pool)
    score += 0.15 * (0.25 * trigger + 0.25 * pool + 0.25 * (p503 and backlog) + 0.25 * (killed and back))
    score += 0.15 * (0.2 * p503 + 0.2 * orders + 0.2 * backlog + 0.2 * (overruled and grounded) +
                     0.2 * (kb603 and grounded))
    score += 0.13 * (0.4 * (todo and grounded) + 0.6 * (grounded and fixes >= 3))
    score += 0.10 * (grounded and all(sections) and not mails(workspace))
    score += 0.10 * (0.25 * first + 0.25 * t1903 + 0.25 * t1908 + 0.25 * killed)
    return min(score, 1.0)


check = graded(check)
