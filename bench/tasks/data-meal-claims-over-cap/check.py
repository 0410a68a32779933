import re

from edgeagent.bench.taskcheck import graded

OVER = ['EC-404', 'EC-417', 'EC-423']


def check(workspace, answer):
    named = set(re.findall(r"EC-\d+", answer or ""))
    found = sum(c in named for c in OVER) / len(OVER)
    return max(0.0, found - 0.25 * len(named - set(OVER))) if found else 0.0


check = graded(check)  # a pasted file is no answer
