from datetime import date, timedelta

from edgeagent.bench.taskcheck import events, graded

WANT = [('2026-04-03', 'Good Friday'), ('2026-04-25', 'Freedom Day'), ('2026-05-01', 'Labour Day'), ('2026-06-10', 'Portugal Day')]
OTHERS = ["New Year's Day", 'Epiphany', 'National Day', 'Midsummer Eve', 'Assumption Day', 'Christmas Day']


def check(workspace, answer):
    evs = events(workspace)
    score = 0.0
    for day, name in WANT:
        d = date.fromisoformat(day)
        score += any(name.lower() in e.get("summary", "").lower() and e.get("start") == d
                     and e.get("end") in (None, d + timedelta(days=1)) for e in evs) / len(WANT)
    extra = sum(any(n.lower() in e.get("summary", "").lower() for e in evs) for n in OTHERS)
    return max(0.0, score - 0.2 * extra)


check = graded(check)  # a pasted file is no answer
