from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    named = mentions(answer, "March") or mentions(answer, "2025-03")
    return 0.5 * named + 0.5 * has_number(answer, 48, tol=0)


check = graded(check)  # a pasted file is no answer
