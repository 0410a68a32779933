from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    return 0.5 * mentions(answer, "sync-invoices") + 0.5 * has_number(answer, 10, tol=0)


check = graded(check)  # a pasted file is no answer
