"""data-q1-top-net-customers: the top five customers of Q1 2026 by net revenue in EUR, written to reports/q1-top-customers.csv, and the winner with its
net figure in the reply. Gates (score 0): no CSV; a trap customer in the CSV (the internal test account, the
heavily credited one, the one lifted by a void invoice, the USD one read as euros, the one lifted by invoices
outside the quarter); the reply not giving the winner's net figure on its own. Then: each of the five in the
CSV with its net (0.12 each), the CSV in rank order (0.15), exactly five rows (0.05), the reply naming the
winner (0.2)."""

import csv
import io

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'reports/q1-top-customers.csv'
TOP = [('CUS-2014', 148320.5), ('CUS-2087', 131560.0), ('CUS-2131', 126904.75), ('CUS-2046', 117450.2), ('CUS-2172', 112880.0)]
TRAPS = ['CUS-2240', 'CUS-2150', 'CUS-2203', 'CUS-2055', 'CUS-2099']
NAMES = {'CUS-2014': 'Castro LLC', 'CUS-2087': 'Schmitt Inc', 'CUS-2131': 'Smith Group', 'CUS-2046': 'Schmitt Miller and Gray', 'CUS-2172': 'Kane and Sons', 'CUS-2240': 'Peters-Meyer QA Sandbox', 'CUS-2150': 'Craig-Murray', 'CUS-2203': 'Mcknight-Kane', 'CUS-2055': 'Sosa-Henderson', 'CUS-2099': 'Parks Wright and Jacobs'}


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


def _who(t, cid):
    return says_any(t, cid, NAMES[cid])


def check(workspace, answer):
    got = _lines(workspace / OUT)
    if not got:
        return 0.0
    if any(_who(g, c) for g in got for c in TRAPS):
        return 0.0
    first, net1 = TOP[0]
    if not has_number(answer or "", net1, 1.0, alone=True):
        return 0.0
    score = 0.0
    where = []
    for cid, net in TOP:
        hit = [i for i, g in enumerate(got) if _who(g, cid) and has_number(g, net, 1.0)]
        score += 0.12 * bool(hit)
        where.append(hit[0] if hit else None)
    score += 0.15 * (None not in where and where == sorted(where))
    score += 0.05 * (len(got) == 5)
    score += 0.2 * _who(answer or "", first)
    return min(score, 1.0)


check = graded(check)
