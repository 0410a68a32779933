from edgeagent.taskcheck import has_number, mentions


def check(workspace, answer):
    return 0.6 * mentions(answer, "Daniel Kim") + 0.4 * has_number(answer, 5, tol=0)
