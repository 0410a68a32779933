from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    # 230 km at the current 0.30 EUR per km.
    return 0.8 * has_number(answer, 69.0) + 0.2 * has_number(answer, 0.30) if has_number(answer, 69.0) else 0.0


check = graded(check)  # a pasted file is no answer
