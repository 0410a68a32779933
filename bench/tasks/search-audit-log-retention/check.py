from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if has_number(answer, 90, tol=0) and not has_number(answer, 7, tol=0):
        return 0.0  # that is the application logs
    return 1.0 if has_number(answer, 7, tol=0) and mentions(answer, "year") else 0.0


check = graded(check)  # a pasted file is no answer
