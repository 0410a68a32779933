import re

from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    return 1.0 if answer and re.search(r"\b(3|three)\b", answer.lower()) else 0.0


check = graded(check)  # a pasted file is no answer
