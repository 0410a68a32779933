from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    text = (answer or "").lower()
    return 0.5 * ("orion" in text) + 0.5 * ("14:30" in text or "2:30" in text)


check = graded(check)  # a pasted file is no answer
