import re

from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    whole, minutes = divmod(round(9.25 * 60), 60)
    spelled = re.search(rf"\b{whole}\s*h\w*,?\s*(and\s*)?{minutes}\s*min", answer or "", re.IGNORECASE)
    return 1.0 if has_number(answer, 9.25, tol=0.01) or spelled else 0.0


check = graded(check)  # a pasted file is no answer
