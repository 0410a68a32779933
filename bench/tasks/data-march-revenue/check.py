from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    return 0.7 * has_number(answer, 15792.79) + 0.3 * has_number(answer, 71, tol=0)


check = graded(check)  # a pasted file is no answer
