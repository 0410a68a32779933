"""data-march-budget-variance: March 2026 budget against actual per cost centre in EUR, in reports/march-budget-variance.csv, and the worst overspend in the
reply. Gates (score 0): no CSV; CC-215 as a row of its own (it is CC-220 under its old code); the reply not
giving the worst overspend on its own. Then per cost centre its actual (0.06 each) and variance (0.03 each),
eight rows (0.08), the reply naming the cost centre (0.2)."""

import csv
import io

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'reports/march-budget-variance.csv'
OLD = 'CC-215'
NAMES = {'CC-110': 'Finance', 'CC-130': 'People', 'CC-220': 'Field Marketing', 'CC-240': 'Brand', 'CC-310': 'Cloud Infrastructure', 'CC-330': 'Engineering Tools', 'CC-510': 'Facilities', 'CC-610': 'Customer Support'}
ACTUAL = {'CC-110': 86993.53, 'CC-130': 68521.26, 'CC-220': 185450.3, 'CC-240': 78986.0, 'CC-310': 159012.75, 'CC-330': 190319.78, 'CC-510': 112275.33, 'CC-610': 133611.47}
VARIANCE = {'CC-110': -3006.47, 'CC-130': -2478.74, 'CC-220': 18450.3, 'CC-240': -2014.0, 'CC-310': 9012.75, 'CC-330': 2319.78, 'CC-510': -7724.67, 'CC-610': -11388.53}


def _lines(path):
    """The CSV's data rows, each as one line of its cells: comma, semicolon, tab or pipe separated."""
    t = text(path)
    if not t.strip():
        return []
    try:
        dialect = csv.Sniffer().sniff(t.splitlines()[0], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    got = [" | ".join(c.strip() for c in r if c.strip()) for r in csv.reader(io.StringIO(t), dialect)]
    return [g for g in got[1:] if g]


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got or any(says_any(g, OLD) and not says_any(g, "CC-220") for g in got):
        return 0.0
    worst = max(VARIANCE, key=VARIANCE.get)
    if not has_number(answer or "", VARIANCE[worst], 1.0, alone=True):
        return 0.0
    score = 0.0
    for cc, name in NAMES.items():
        mine = [g for g in got if says_any(g, cc) or says_any(g, name)]
        score += 0.06 * any(has_number(g, ACTUAL[cc], 1.0) for g in mine)
        score += 0.03 * any(has_number(g, VARIANCE[cc], 1.0) or has_number(g, -VARIANCE[cc], 1.0) for g in mine)
    score += 0.08 * (len(got) == len(NAMES))
    score += 0.2 * (says_any(answer or "", worst) or says_any(answer or "", NAMES[worst]))
    return min(score, 1.0)


check = graded(check)
