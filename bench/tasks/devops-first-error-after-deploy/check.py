from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    if mentions(answer, "upstream timeout") and not mentions(answer, "charged twice"):
        return 0.0  # that error is from before the deploy
    return 0.6 * (mentions(answer, "charged twice") or mentions(answer, "88120")) + 0.4 * mentions(answer, "14:04")


check = graded(check)  # a pasted file is no answer
