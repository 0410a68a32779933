import re

from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    text = answer or ""
    if re.search(r"\bthird\b|\b3rd\b", text, re.IGNORECASE) and not re.search(r"\bfourth\b|\b4th\b", text, re.IGNORECASE):
        return 0.0  # the superseded 2022 rule
    return 1.0 if re.search(r"\bfourth\b|\b4th\b", text, re.IGNORECASE) or has_number(text, 4, tol=0) else 0.0


check = graded(check)  # a pasted file is no answer
