from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    if has_number(answer, 34, tol=0) and not has_number(answer, 30, tol=0):
        return 0.0  # the raw row count
    return 1.0 if has_number(answer, 30, tol=0) else 0.0


check = graded(check)  # a pasted file is no answer
