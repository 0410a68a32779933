import re

from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if re.search(r"^[+-]|@@|diff --git", answer or "", re.MULTILINE):
        return 0.0  # a pasted diff is not a summary of it
    parts = [mentions(answer, "cache_ttl") and has_number(answer, 300, tol=0),
             mentions(answer, "max_upload") and has_number(answer, 25, tol=0),
             mentions(answer, "region")]
    if not any(parts):
        return 0.0
    return sum(parts) / 3


check = graded(check)  # a pasted file is no answer
