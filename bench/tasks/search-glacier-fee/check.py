from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    return 0.6 * has_number(answer, 184000, tol=0) + 0.4 * mentions(answer, "quarter")


check = graded(check)  # a pasted file is no answer
