from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    # Three years of service: the 20-week rate, not the 16-week one.
    return 1.0 if has_number(answer, 20) and not has_number(answer, 16) else 0.3 * has_number(answer, 20)


check = graded(check)  # a pasted file is no answer
