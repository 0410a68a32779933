"""data-q1-churn-by-plan: Q1 2026 churn per plan, in reports/q1-churn-by-plan.csv, and the plan that churned most in the reply. Gates (score 0): no
CSV; a row for TEAM-25 apart from Team (the renamed code is the same plan); the reply not giving the worst
plan's rate on its own. Then per plan its churn rate (0.18 each) and churned count (0.06 each), active counts
for all three (0.1), the reply naming the worst plan (0.18)."""

import csv
import io

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'reports/q1-churn-by-plan.csv'
RESULT = {'STARTER': (420, 64, 15.24), 'TEAM': (271, 29, 10.7), 'BUSINESS': (172, 10, 5.81)}
NAMES = {'STARTER': 'Starter', 'TEAM': 'Team', 'BUSINESS': 'Business'}


def _lines(path):
    """The CSV's data rows, each as one line of its cells: comma, semicolon, tab or pipe separated."""
    t = text(path)
    if not t.strip():
        return []
    try:
        dialect = csv.Sniffer().sniff(t.splitlines()[0], delimiters=",;	|")
    except csv.Error:
        dialect = csv.excel
    got = [" | ".join(c.strip() for c in r if c.strip()) for r in csv.reader(io.StringIO(t), dialect)]
    return [g for g in got[1:] if g]


def _rate(t, pct):
    return has_number(t, pct, 0.05) or has_number(t, pct / 100, 0.0005)


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got or any(says_any(g, "TEAM-25") and not says_any(g, "team plan") for g in got):
        return 0.0
    worst = max(RESULT, key=lambda c: RESULT[c][2])
    if not _rate(answer or "", RESULT[worst][2]) or not (
            has_number(answer or "", RESULT[worst][2], 0.05, alone=True)
            or has_number(answer or "", RESULT[worst][2] / 100, 0.0005, alone=True)):
        return 0.0
    score = 0.0
    active = True
    for code, (n, churned, pct) in RESULT.items():
        mine = [g for g in got if says_any(g, code, NAMES[code])]
        score += 0.18 * any(_rate(g, pct) for g in mine)
        score += 0.06 * any(has_number(g, churned) for g in mine)
        active = active and any(has_number(g, n) for g in mine)
    score += 0.1 * active
    score += 0.18 * says_any(answer or "", worst, NAMES[worst])
    return min(score, 1.0)


check = graded(check)
