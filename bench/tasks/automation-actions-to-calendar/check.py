from datetime import datetime

from edgeagent.bench.taskcheck import events, graded

MINE = [('budget', 14), ('venue', 16), ('hiring', 20)]


def check(workspace, answer):
    evs = events(workspace)
    score = 0.0
    for word, day in MINE:
        ok = [e for e in evs if word in e.get("summary", "").lower()
              and e.get("start") == datetime(2026, 1, day, 9, 0) and e.get("end") == datetime(2026, 1, day, 9, 30)]
        score += 0.8 / len(MINE) * bool(ok)
    if score:
        score += 0.2 * (not any("cron" in e.get("summary", "").lower() for e in evs))  # Tomas's item
    return score


check = graded(check)  # a pasted file is no answer
