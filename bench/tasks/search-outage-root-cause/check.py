from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    cause = mentions(answer, "certificate") and mentions(answer, "expire")
    return 0.7 * cause + 0.3 * has_number(answer, 47, tol=0)


check = graded(check)  # a pasted file is no answer
