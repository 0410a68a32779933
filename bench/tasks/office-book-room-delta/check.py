from datetime import datetime

from edgeagent.bench.taskcheck import events, graded


def check(workspace, answer):
    ws = [e for e in events(workspace) if "workshop" in e.get("summary", "").lower()]
    if not ws:
        return 0.0
    # Delta is free 12:30-15:30: a two-hour block may start from 12:30 to 13:30.
    fits = [e for e in ws if isinstance(e.get("start"), datetime) and e.get("end")
            and datetime(2026, 1, 16, 12, 30) <= e["start"] <= datetime(2026, 1, 16, 13, 30)
            and (e["end"] - e["start"]).seconds == 7200]
    return 0.7 * bool(fits) + 0.3 * any("delta" in e.get("location", "").lower() for e in ws)


check = graded(check)  # a pasted file is no answer
