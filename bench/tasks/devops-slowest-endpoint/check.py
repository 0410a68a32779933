from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if mentions(answer, "/api/export") and not mentions(answer, "/api/checkout"):
        return 0.0  # six requests are too few
    return 0.6 * mentions(answer, "/api/checkout") + 0.4 * has_number(answer, 447, tol=1)


check = graded(check)  # a pasted file is no answer
