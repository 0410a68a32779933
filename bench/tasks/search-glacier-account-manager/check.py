from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    return 0.5 * mentions(answer, "Sigrid Holm") + 0.5 * mentions(answer, "sigrid.holm@glacier-hosting.example")


check = graded(check)  # a pasted file is no answer
