from edgeagent.bench.taskcheck import graded, has_number


def check(workspace, answer):
    text = (answer or "").lower()
    # October only: November's 500.00 travel line must not be counted.
    return 0.5 * ("travel" in text) + 0.5 * has_number(answer, 406.00)


check = graded(check)  # a pasted file is no answer
