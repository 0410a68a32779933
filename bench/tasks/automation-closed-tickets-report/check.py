import re

from edgeagent.bench.taskcheck import graded, text

CLOSED = {'Noor Bakker': 12, 'Hugo Moreau': 12, 'Clara Vogel': 13}


def check(workspace, answer):
    report = text(workspace / "report.md")
    if not report.strip():
        return 0.0
    score = 0.0
    for agent, n in CLOSED.items():
        line = next((ln for ln in report.splitlines() if agent in ln), "")
        score += (0.3 * bool(line) + 0.7 * (str(n) in re.findall(r"\d+", line))) / len(CLOSED)
    return score


check = graded(check)  # a pasted file is no answer
