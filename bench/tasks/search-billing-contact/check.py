from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    where = mentions(answer, "#payments-core") or mentions(answer, "payments-core@brightwater.example")
    return 0.4 * mentions(answer, "Payments Core") + 0.3 * mentions(answer, "Tomas") + 0.3 * where


check = graded(check)  # a pasted file is no answer
