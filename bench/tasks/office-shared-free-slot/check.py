from datetime import datetime, timedelta

from edgeagent.bench.taskcheck import events, graded

BUSY = [(datetime(2026, 1, 15, 9, 0), datetime(2026, 1, 15, 10, 0)),
        (datetime(2026, 1, 15, 10, 0), datetime(2026, 1, 15, 11, 0)),
        (datetime(2026, 1, 15, 11, 0), datetime(2026, 1, 15, 11, 30))]


def check(workspace, answer):
    syncs = [e for e in events(workspace) if "mira" in e.get("summary", "").lower()
             and isinstance(e.get("start"), datetime) and e.get("end")]
    if not syncs:
        return 0.0
    e = syncs[0]
    free = all(e["end"] <= a or e["start"] >= b for a, b in BUSY)
    window = datetime(2026, 1, 15, 9, 0) <= e["start"] and e["end"] <= datetime(2026, 1, 15, 12, 0)
    return 0.2 + 0.6 * (free and window) + 0.2 * (e["end"] - e["start"] == timedelta(minutes=30))


check = graded(check)  # a pasted file is no answer
