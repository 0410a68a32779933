from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    text = (answer or "").lower()
    return 0.5 * ("billing-worker" in text) + 0.5 * ("connection refused" in text or "5432" in text)


check = graded(check)  # a pasted file is no answer
