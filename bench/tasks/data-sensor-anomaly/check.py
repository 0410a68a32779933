import re

from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    when = re.search(r"2026-01-09[T ]03:00|9 jan\w* .*03:00|jan\w* 9.*3(:00)? ?am", answer or "", re.IGNORECASE)
    return 0.4 * mentions(answer, "cold-room-2") + 0.3 * bool(when) + 0.3 * has_number(answer, 412)


check = graded(check)  # a pasted file is no answer
