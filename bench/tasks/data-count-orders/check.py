import re

from edgeagent.bench.taskcheck import graded

PENDING = {"A-1002", "A-1003", "A-1005", "A-1007"}


def check(workspace, answer):
    text = (answer or "").upper()
    named = set(re.findall(r"A-\d{4}", text))
    if named - PENDING:  # a shipped or cancelled order listed as pending: the list is wrong
        return 0.0
    return 0.4 * bool(re.search(r"\b(4|FOUR)\b", text)) + 0.6 * len(named & PENDING) / len(PENDING)


check = graded(check)  # a pasted file is no answer
