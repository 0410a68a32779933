from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    if mentions(answer, "fjord-brisk-26"):
        return 0.0  # Oslo's
    return 0.4 * mentions(answer, "BW-Guest-LIS") + 0.6 * mentions(answer, "sardinha-2026")


check = graded(check)  # a pasted file is no answer
