from edgeagent.bench.taskcheck import graded, mentions

PRESENT = ("Mira", "Tomas", "Aiko", "Lena")
ABSENT = ("Daniel", "Ruth")


def check(workspace, answer):
    found = sum(mentions(answer, n) for n in PRESENT) / len(PRESENT)
    return max(0.0, found - 0.25 * sum(mentions(answer, n) for n in ABSENT)) if found else 0.0


check = graded(check)  # a pasted file is no answer
