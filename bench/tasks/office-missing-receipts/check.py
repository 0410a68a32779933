from edgeagent.bench.taskcheck import graded, mentions

MISSING = ("PASTELARIA", "PARKING")
COVERED = ("TAXI", "TASCA", "COMBOIOS", "HOTEL")


def check(workspace, answer):
    found = sum(mentions(answer, m) for m in MISSING) / 2
    if not found:
        return 0.0
    told = mentions(answer, "have receipts") or mentions(answer, "has a receipt") or mentions(answer, "covered")
    return max(0.0, found - (0 if told else 0.25 * sum(mentions(answer, c) for c in COVERED)))


check = graded(check)  # a pasted file is no answer
