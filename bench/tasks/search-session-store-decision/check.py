"""search-session-store-decision: the note at notes/session-store-decision.md on the decision to move sessions from Redis to Postgres.

Gates (0): no note; a note pasted from the repository; the decision date 17 November 2025 missing or hedged;
the decider Tammy Barnett not named or
offered beside another (or, probably), or the proposer called the one who decided; the job-queue ADR-0013's
date (3 December 2025) given. Then 0.35 the date, 0.30 the decider; 0.15 the proposer Mary Conway;
0.10 the reason (the load test, 4,000 writes/s, or retiring the Redis cluster); 0.10 where it is
recorded (ADR-0012)."""

from datetime import date

from edgeagent.bench.grading import has_date, has_number, names_person, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'notes/session-store-decision.md'
DECIDER, PROPOSER = 'Tammy Barnett', 'Mary Conway'


def _pasted(ws, note):
    """Three fifths of the note's 5-word runs found in the repository's files (the note itself left out)."""
    mine = tokens(note)
    if len(mine) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and ".git" not in p.relative_to(ws).parts
           and p != ws / OUT]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    runs = {tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}
    return len(runs & grams) >= 0.6 * len(runs)


def check(workspace, answer):
    t = text(workspace / OUT)
    if not t.strip() or _pasted(workspace, t):
        return 0.0
    if not has_date(t, date(2025, 11, 17), alone=True) or has_date(t, date(2025, 12, 3)):
        return 0.0
    if not names_person(t, DECIDER):
        return 0.0
    first = " ".join(PROPOSER.split()[:1])
    if says_any(t, "probably", "maybe", "perhaps", "possibly", "not sure", "unclear", "unsure"):
        return 0.0  # a decider or date in doubt is no answer
    for s in t.replace("\n", ". ").split(". "):
        if names_person(s, DECIDER) and names_person(s, PROPOSER) and says_any(s, "or", "either"):
            return 0.0
        if names_person(s, PROPOSER) and says_any(s, PROPOSER + " decided", PROPOSER + " made the call",
                                                  "decided by " + PROPOSER, first + " decided"):
            return 0.0
    score = 0.35 + 0.30
    score += 0.15 * names_person(t, PROPOSER)
    score += 0.10 * (has_number(t, 4000) or says(t, "load test") or says_any(t, "retire", "retiring",
                                                                                "retired"))
    score += 0.10 * says_any(t, "ADR-0012", "ADR 0012", "ADR-12", "ADR 12", "0012")
    return score


check = graded(check)
