import re

from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    by = re.search(r"31(st)? march|march 31|-03-31", answer or "", re.IGNORECASE)
    return 0.5 * has_number(answer, 5, tol=0) + 0.5 * bool(by)


check = graded(check)  # a pasted file is no answer
