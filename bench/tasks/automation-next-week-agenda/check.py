import re

from edgeagent.bench.taskcheck import graded, text

INSIDE = [('Roadmap review', '2026-01-19', '13:00'), ('Customer call: Lumen Labs', '2026-01-20', '10:00'), ('1:1 Mira', '2026-01-21', '15:00'), ('Contract review', '2026-01-22', '14:00'), ('Team lunch', '2026-01-23', '12:00')]
OUTSIDE = ['Offsite planning', 'Board prep']


def check(workspace, answer):
    md = text(workspace / "next-week.md")
    if not md.strip():
        return 0.0
    score = 0.0
    for title, day, start in INSIDE:
        line = next((ln for ln in md.splitlines() if title.lower() in ln.lower()), "")
        dated = day in line or re.search(rf"\b{int(day[8:])}\b", line)
        score += (0.4 * bool(line) + 0.3 * bool(dated) + 0.3 * (start in line)) / len(INSIDE)
    return max(0.0, score - 0.2 * sum(t.lower() in md.lower() for t in OUTSIDE))


check = graded(check)  # a pasted file is no answer
