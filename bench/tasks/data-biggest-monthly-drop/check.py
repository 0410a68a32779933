from edgeagent.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    named = mentions(answer, "September") or mentions(answer, "2025-09")
    return 0.6 * named + 0.4 * has_number(answer, 29.0, tol=0.06)


check = graded(check)  # a pasted file is no answer
