from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if not mentions(answer, "Pho Hanoi"):
        return 0.0
    return 0.6 + 0.4 * (has_number(answer, 3, tol=0) or mentions(answer, "three"))


check = graded(check)  # a pasted file is no answer
