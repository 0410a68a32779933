import re

from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    text = answer or ""
    when = re.search(r"2025-11-19|19(th)? nov|nov\w* 19|83ed020", text, re.IGNORECASE)
    return 0.4 * mentions(text, "Aiko") + 0.3 * has_number(text, 30, tol=0) + 0.3 * bool(when)


check = graded(check)  # a pasted file is no answer
