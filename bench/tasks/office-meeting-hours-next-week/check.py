import re

from edgeagent.taskcheck import has_number


def check(workspace, answer):
    whole, minutes = divmod(round(9.25 * 60), 60)
    spelled = re.search(rf"\b{whole}\s*h\w*,?\s*(and\s*)?{minutes}\s*min", answer or "", re.I)
    return 1.0 if has_number(answer, 9.25, tol=0.01) or spelled else 0.0
