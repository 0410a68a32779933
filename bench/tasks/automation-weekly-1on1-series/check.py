from datetime import datetime

from edgeagent.bench.taskcheck import events, graded

DAYS = ['2026-01-21', '2026-01-28', '2026-02-04', '2026-02-11']


def check(workspace, answer):
    mira = [e for e in events(workspace) if "mira" in e.get("summary", "").lower()]
    score = 0.0
    for d in DAYS:
        start = datetime.fromisoformat(d + "T15:00")
        ok = any(e.get("start") == start and e.get("end") == start.replace(minute=30) for e in mira)
        score += 0.9 / len(DAYS) * ok
    return score + 0.1 * (score > 0 and len(mira) == len(DAYS))


check = graded(check)  # a pasted file is no answer
