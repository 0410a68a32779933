"""data-jan-cohort-retention: the January 2026 cohort's retention 90-119 days after sign-up, per channel in reports/jan-cohort-retention.csv, and the
overall rate in the reply. Gates (score 0): no CSV; fb_ads as a row of its own (it is meta_ads under its old
code); the reply not giving the overall rate on its own. Then per channel its cohort size (0.05 each) and rate
(0.1 each), the overall rate in the CSV or the reply with the cohort size (0.1), the reply naming the weakest
channel (0.15)."""

import csv
import io

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'reports/jan-cohort-retention.csv'
RESULT = {'organic': (468, 157, 33.5), 'paid_search': (299, 69, 23.1), 'meta_ads': (183, 29, 15.8), 'referral': (148, 60, 40.5), 'partner': (136, 39, 28.7), 'all': (1234, 354, 28.7)}
NAMES = {'organic': 'Organic', 'paid_search': 'Paid search', 'meta_ads': 'Meta ads', 'referral': 'Referral', 'partner': 'Partner'}


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


def _rate(t, pct, alone=False):
    return has_number(t, pct, 0.051, alone=alone) or has_number(t, pct / 100, 0.00051, alone=alone)


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got or any(says_any(g, "fb_ads", "fb ads") and not says_any(g, "meta_ads", "meta ads", "meta") for g in got):
        return 0.0
    n_all, _, pct_all = RESULT["all"]
    if not _rate(answer or "", pct_all, alone=True):
        return 0.0
    score = 0.0
    for code, name in NAMES.items():
        mine = [g for g in got if says_any(g, code, name, code.replace("_", " "))]
        score += 0.05 * any(has_number(g, RESULT[code][0]) for g in mine)
        score += 0.1 * any(_rate(g, RESULT[code][2]) for g in mine)
    score += 0.1 * (has_number(answer or "", n_all) or any(has_number(g, n_all) and _rate(g, pct_all) for g in got))
    weakest = min(NAMES, key=lambda c: RESULT[c][2])
    score += 0.15 * says_any(answer or "", weakest, NAMES[weakest], weakest.replace("_", " "))
    return min(score, 1.0)


check = graded(check)
