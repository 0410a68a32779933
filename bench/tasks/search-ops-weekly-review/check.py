"""search-ops-weekly-review: the seed's rubric (tool coverage 0.20, cross-system link 0.22, anomalies 0.15, actions
0.13, per-system analysis 0.15, structure 0.15) as deterministic checks on the report the user asked for
(reports/ops-weekly-review.md). Re-weighted: tool coverage becomes one fact read from each of the six systems.
Structure and action items count only for a report with at least half of those facts right."""

from datetime import date

from edgeagent.bench.grading import dates_found, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, mails, text

RATE = 18.5


def _lines(report, *names):
    return [ln for ln in report.splitlines() if all(says(ln, n) for n in names)]


def _near(report, names, test):
    """Some line naming any of `names` passes `test`."""
    return any(test(ln) for ln in report.splitlines() if says_any(ln, *names))


def check(workspace, answer):
    report = text(workspace / "reports" / "ops-weekly-review.md")
    if not report.strip():
        return 0.0
    cam = ["SmartCam Pro", "SmartCam"]
    rate = _near(report, ["PRD-201", "SmartCam", "return rate", "returns"],
                 lambda ln: has_number(ln, RATE, tol=0.06, alone=True))
    vip = _near(report, ["CUS-301", "Yongkang"], lambda ln: has_number(ln, 89, alone=True) and
                has_number(ln, 500)) or _near(report, ["TK-1705"], lambda ln: has_number(ln, 89, alone=True))
    tickets = says(report, "TK-1701") and says_any(report, *cam) and \
        _near(report, cam + ["tickets"], lambda ln: has_number(ln, 4, alone=True) and has_number(ln, 8))
    linked = any(says_any(u, *cam) and sum([says(u, "PRD-201"), says_any(u, "CUS-301", "Yongkang"),
                                             says_any(u, "TK-1701", "TK-1702", "TK-1705", "TK-1707",
                                                      "helpdesk", "tickets")]) >= 2
                 for u in report.split("\n\n") + report.splitlines())
    int102 = _near(report, ["INT-102", "crm_sync", "CRM sync"], lambda ln: has_number(ln, 12, alone=True))
    int107 = _near(report, ["INT-107", "search_indexer", "search indexer"],
                   lambda ln: has_number(ln, 99, tol=0.6) or (has_number(ln, 1500) and has_number(ln, 15)))
    job103 = _near(report, ["JOB-103", "inventory_sync", "inventory sync"],
                   lambda ln: has_number(ln, 3, alone=True) and says_any(ln, "fail", "failed", "failing", "failures",
                                                                        "failure", "error", "errors"))
    job105 = _near(report, ["JOB-105", "crm_data_export", "CRM export", "CRM data export"],
                   lambda ln: has_number(ln, 5, alone=True) or any(f.means(date(2026, 3, 15))
                                                                  for f in dates_found(ln, 2026)))
    low204 = _near(report, ["PRD-204", "Smart Plug"], lambda ln: says_any(
        ln, "low", "below", "reorder", "restock", "shortage", "short") or has_number(ln, 35, alone=True))
    revenue = _near(report, ["CUS-301", "Yongkang"], lambda ln: has_number(ln, 12000000) or has_number(ln, 12))
    kb301 = _near(report, ["KB-301", "QC procedure", "quality control procedure"],
                  lambda ln: any(f.means(date(2025, 8, 15)) for f in dates_found(ln, 2025)) or
                  says_any(ln, "August 2025", "Aug 2025", "2025-08", "outdated", "out of date", "stale", "7 months",
                           "seven months"))
    vip_threat = _near(report, ["CUS-301", "Yongkang"], lambda ln: says_any(
        ln, "VIP", "terminate", "end the partnership", "leave", "churn", "threat", "threatens", "threatening"))
    # one fact from each of the six systems (tool coverage 0.20)
    systems = [int102, tickets, rate, vip, kb301, job103]
    grounded = sum(systems) >= 3
    score = 0.20 * sum(systems) / 6
    # cross-system link 0.22: the three sightings (0.06 each) and one statement tying them to the product (0.04)
    score += 0.06 * (rate + vip + tickets) + 0.04 * (linked and rate and vip)
    # anomalies 0.15
    score += 0.04 * int102 + 0.04 * int107 + 0.04 * job103 + 0.03 * job105
    # analysis 0.15
    score += 0.04 * tickets + 0.03 * (vip and vip_threat) + 0.03 * low204 + 0.02 * revenue + 0.03 * kb301
    # actions 0.13: a list of next steps naming the product crisis and at least two other IDs
    acts = [u for u in report.split("\n#") if says_any(u.split("\n")[0], "action", "actions", "next steps",
                                                           "recommendation", "recommendations", "to do", "priorities")]
    ids = ["PRD-201", "CUS-301", "INT-102", "INT-107", "JOB-103", "JOB-105", "KB-301", "PRD-204", "TK-1705"]
    score += 0.13 * (grounded and any(says_any(a, *cam, "PRD-201") and sum(says(a, i) for i in ids) >= 3
                                      for a in acts))
    # structure 0.15: the six systems each have their place
    parts = [says_any(report, "integration", "integrations"), says_any(report, "ticket", "tickets", "helpdesk"),
             says_any(report, "inventory", "stock"), says_any(report, "CRM", "customer", "customers"),
             says_any(report, "knowledge base", "KB"), says_any(report, "scheduler", "scheduled", "jobs", "job")]
    score += 0.15 * (grounded and all(parts) and not mails(workspace))
    return min(score, 1.0)


check = graded(check)
