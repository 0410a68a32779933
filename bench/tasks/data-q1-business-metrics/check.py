"""data-q1-business-metrics: the seed's ten checks (equal weights, 0.1 each), read from the brief the user asked
for (reports/q1-metrics.md). A figure counts on a line that gives it without offering a competing value."""

from edgeagent.bench.grading import has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text

FIG = {'revenue': 119900.0, 'profit': 47960.0, 'units': 3775, 'region': ('East', 33075.0), 'product': ('Widget B', 47400.0), 'spend': 15430.0, 'dept': ('Engineering', 7680.0), 'employee': ('Alice Chen', 5400.0), 'budget': {'Engineering': (7000, 7680.0), 'Sales': (4000, 3420.0), 'Marketing': (3000, 2610.0), 'Operations': (1500, 1190.0), 'People': (800, 530.0)}}


def _lines(report, *names):
    return [ln for ln in report.splitlines() if all(says(ln, n) for n in names)] if names else report.splitlines()


def _gives(report, value, *names):
    """Some line naming every one of `names` gives `value`, not hedged against another number."""
    return any(has_number(ln, value, tol=0.01, alone=True) for ln in _lines(report, *names))


def _budget_row(report, dept, budget, actual):
    """The department's line shows its Q1 budget, or its variance against it."""
    return any(has_number(ln, budget, alone=False) or has_number(ln, abs(actual - budget), tol=0.01)
               for ln in _lines(report, dept))


def check(workspace, answer):
    report = text(workspace / "reports" / "q1-metrics.md")
    if not report.strip():
        return 0.0
    region, product = FIG["region"], FIG["product"]
    dept, emp = FIG["dept"], FIG["employee"]
    items = [
        _gives(report, FIG["revenue"]),
        _gives(report, FIG["profit"]),
        _gives(report, FIG["units"]),
        _gives(report, region[1], region[0]),
        _gives(report, product[1], product[0]),
        _gives(report, FIG["spend"]),
        _gives(report, dept[1], dept[0]),
        _gives(report, emp[1], emp[0]),
        # budget vs actual by department: at least four of the five departments shown against their budget
        says(report, "budget") and sum(_budget_row(report, d, b, a) for d, (b, a) in FIG["budget"].items()) >= 4,
        says_any(report, "insight", "insights", "overall", "takeaway", "takeaways", "conclusion", "conclusions"),
    ]
    return sum(items) / len(items)


check = graded(check)
