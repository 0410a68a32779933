from edgeagent.bench.taskcheck import graded, mentions

OTHERS = ['51592b4', '823ed4f', 'fed256d', 'ef12a2b', '4b9b992']


def check(workspace, answer):
    text = (answer or "").lower()
    score = 0.6 * ("63228e7" in text) + 0.4 * mentions(text, "refactor checkout totals")
    return score / 2 if any(o in text for o in OTHERS) else score  # one commit, not a list


check = graded(check)  # a pasted file is no answer
