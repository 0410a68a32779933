import re

from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    text = answer or ""
    # 90 days before the 1 April 2026 renewal.
    deadline = re.search(r"2026-01-01|1(st)? jan\w*,? 2026|jan\w* 1(st)?,? 2026", text, re.IGNORECASE)
    return 0.7 * bool(deadline) + 0.3 * mentions(text, "90 days")


check = graded(check)  # a pasted file is no answer
