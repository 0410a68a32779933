from datetime import datetime

from edgeagent.bench.taskcheck import events, graded


def check(workspace, answer):
    evs = events(workspace)
    mira = [e for e in evs if "mira" in e.get("summary", "").lower()]
    if not mira:
        return 0.0
    ok = [e for e in mira if e.get("start") == datetime(2026, 1, 14, 15, 0)
          and e.get("end") == datetime(2026, 1, 14, 16, 0)]
    score = 0.6 * bool(ok) + 0.2 * (len(mira) == 1)
    # The meetings already there are kept.
    score += 0.2 * ({"e1", "e2", "e3", "e4", "e5", "e6"} <= {e.get("uid") for e in evs})
    return score


check = graded(check)  # a pasted file is no answer
