from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    # People who left (left_on set) do not count.
    if has_number(answer, 36, tol=0):
        return 0.0
    return 1.0 if has_number(answer, 33, tol=0) else 0.0


check = graded(check)  # a pasted file is no answer
