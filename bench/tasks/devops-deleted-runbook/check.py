import re

from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    when = re.search(r"2025-11-27|27(th)? nov|nov\w* 27", answer or "", re.IGNORECASE)
    return 0.4 * mentions(answer, "Daniel") + 0.3 * ("0f2e44a" in (answer or "")) + 0.3 * bool(when)


check = graded(check)  # a pasted file is no answer
