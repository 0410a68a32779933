from datetime import datetime

from edgeagent.bench.taskcheck import events, graded

FEB = [('Sofia Lindgren', 3), ('Julia Nowak', 17), ('Tomas Berg', 26)]


def check(workspace, answer):
    evs = [e for e in events(workspace) if "birthday" in e.get("summary", "").lower()]
    score = 0.0
    for name, day in FEB:
        score += 0.9 / len(FEB) * any(
            name.lower() in e["summary"].lower() and e.get("start") == datetime(2026, 2, day, 9, 0)
            and e.get("end") == datetime(2026, 2, day, 9, 15) for e in evs)
    return score + 0.1 * (score > 0 and len(evs) == len(FEB))


check = graded(check)  # a pasted file is no answer
