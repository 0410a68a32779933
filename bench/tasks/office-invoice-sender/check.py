from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    # Half for the sender's name, half for the amount.
    text = (answer or "").lower().replace(",", "")
    return 0.5 * ("wierzbicki" in text) + 0.5 * ("412.50" in text or "412.5" in text)


check = graded(check)  # a pasted file is no answer
