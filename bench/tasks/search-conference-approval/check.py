from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if any(mentions(answer, w) for w in ("no approval", "don't need", "do not need", "not needed")):
        return 0.0
    return 0.6 * mentions(answer, "lead") + 0.4 * has_number(answer, 500, tol=0)


check = graded(check)  # a pasted file is no answer
