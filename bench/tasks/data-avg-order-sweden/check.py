from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    return 1.0 if has_number(answer, 303.85, tol=0.011) else 0.0


check = graded(check)  # a pasted file is no answer
