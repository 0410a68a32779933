import re

from edgeagent.bench.taskcheck import graded

DUPLICATED = ['V53822', 'V15090']


def check(workspace, answer):
    named = set(re.findall(r"V\d{5}", answer or ""))
    right, wrong = len(named & set(DUPLICATED)), len(named - set(DUPLICATED))
    if wrong > 1 or not right:
        return 0.0  # a list of invoice numbers is not an answer
    return max(0.0, 0.5 * right - 0.25 * wrong)


check = graded(check)  # a pasted file is no answer
