from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    return 0.6 * ("1220404" in (answer or "")) + 0.4 * mentions(answer, "Daniel")


check = graded(check)  # a pasted file is no answer
