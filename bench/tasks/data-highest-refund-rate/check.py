from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if mentions(answer, "Plant pot") and not mentions(answer, "Footrest"):
        return 0.0  # three orders do not make a rate
    return 0.6 * mentions(answer, "Footrest") + 0.4 * has_number(answer, 32.9, tol=0.06)


check = graded(check)  # a pasted file is no answer
