"""data-kb210-days-of-cover: days of cover of KB-210 per warehouse in reports/kb210-days-of-cover.csv, and the warehouse that runs out first in the
reply. Gates (score 0): no CSV; WH-TEST in it; the reply not giving the first warehouse's days of cover on its
own. Then per warehouse its days of cover (0.14 each) and average daily demand (0.04 each), four rows (0.08),
the reply naming the warehouse (0.2)."""

import csv
import io

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'reports/kb210-days-of-cover.csv'
RESULT = {'WH-ROT': (1150, 38.0, 30.3), 'WH-LEI': (610, 26.0, 23.5), 'WH-MAD': (300, 31.0, 9.7), 'WH-WRO': (215, 17.0, 12.6)}
CITY = {'WH-ROT': 'Rotterdam', 'WH-LEI': 'Leipzig', 'WH-MAD': 'Madrid', 'WH-WRO': 'Wroclaw'}


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
    if not got or any(says_any(g, "WH-TEST") for g in got):
        return 0.0
    first = min(RESULT, key=lambda w: RESULT[w][2])
    if not has_number(answer or "", RESULT[first][2], 0.06, alone=True):
        return 0.0
    score = 0.0
    for wh, city in CITY.items():
        mine = [g for g in got if says_any(g, wh, city)]
        score += 0.14 * any(has_number(g, RESULT[wh][2], 0.06) for g in mine)
        score += 0.04 * any(has_number(g, RESULT[wh][1], 0.011) for g in mine)
    score += 0.08 * (len(got) == len(CITY))
    score += 0.2 * says_any(answer or "", first, CITY[first])
    return min(score, 1.0)


check = graded(check)
