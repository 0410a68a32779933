from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    # By value, not by units (by units Tallinn leads).
    return 0.5 * mentions(answer, "Oslo") + 0.5 * has_number(answer, 110090.72, tol=0.011)


check = graded(check)  # a pasted file is no answer
