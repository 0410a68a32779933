from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    digits = "".join(ch for ch in (answer or "") if ch.isdigit())
    # The mobile, not the office line or the other company's facilities manager.
    return 0.8 * ("407182264" in digits) + 0.2 * mentions(answer, "Aalto")


check = graded(check)  # a pasted file is no answer
