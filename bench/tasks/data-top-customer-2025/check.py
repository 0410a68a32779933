from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    # 2025 only: over the whole file another customer leads.
    return 0.5 * mentions(answer, "Lumen Labs") + 0.5 * has_number(answer, 5779.47, tol=0.01)


check = graded(check)  # a pasted file is no answer
