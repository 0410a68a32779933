from edgeagent.taskcheck import mentions


def check(workspace, answer):
    return 0.6 * ("1220404" in (answer or "")) + 0.4 * mentions(answer, "Daniel")
