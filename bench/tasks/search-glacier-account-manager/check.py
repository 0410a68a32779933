from edgeagent.taskcheck import mentions


def check(workspace, answer):
    return 0.5 * mentions(answer, "Sigrid Holm") + 0.5 * mentions(answer, "sigrid.holm@glacier-hosting.example")
