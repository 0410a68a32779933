from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    if has_number(answer, 300, tol=0) and not has_number(answer, 600, tol=0):
        return 0.0  # the superseded 2024 figure
    return 1.0 if has_number(answer, 600, tol=0) else 0.0


check = graded(check)  # a pasted file is no answer
