import re

from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    text = answer or ""
    when = re.search(r"2025-09-18|18(th)? sep|sep\w* 18", text, re.IGNORECASE)
    return 0.5 * bool(when) + 0.5 * mentions(text, "Mira")


check = graded(check)  # a pasted file is no answer
