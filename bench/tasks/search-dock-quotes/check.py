"""search-dock-quotes: the cheapest all-in supplier for 600 Dock Pro 60 and each supplier's landed total.

Gate (a wrong core fact scores 0): the answer names Johnston Cook and Hampton and gives its total EUR 65,038.00 unhedged, and
is not put in doubt (probably, maybe), and gives no figure from its withdrawn rev. 1 (61,870 or 115.00 as a unit price) unless it calls it old.
Then 0.6 for the winner and its total; 0.15 George LLC's total 65,776.00; 0.15 Coleman-Stone's 72,600.00; 0.10 for saying
the revised quote was used (revised, rev. 2, updated, latest, replaced, withdrawn, superseded).
An answer naming another supplier as the cheapest with a lower total than C's (the Dock 40, 57,000) fails
the gate through the total."""

from edgeagent.bench.grading import has_amount, has_number, says, says_any
from edgeagent.bench.taskcheck import graded

WIN, A, B = 'Johnston Cook and Hampton', 'George LLC', 'Coleman-Stone'


def _total(t, v):
    return has_amount(t, v, "EUR", alone=True) or has_number(t, v, alone=True)


def check(workspace, answer):
    t = answer or ""
    if not says(t, WIN) or not _total(t, 65038):
        return 0.0
    if (has_number(t, 61870) or has_number(t, 57000)) and not says_any(
            t, "withdrawn", "superseded", "old quote", "rev 1", "revision 1", "replaced", "no longer"):
        return 0.0
    if says_any(t, "probably", "maybe", "perhaps", "not sure", "unsure", "possibly"):
        return 0.0  # a winner in doubt is no answer
    score = 0.6
    score += 0.15 * (says(t, A) and _total(t, 65776))
    score += 0.15 * (says(t, B) and _total(t, 72600))
    score += 0.10 * says_any(t, "revised", "rev 2", "revision 2", "updated", "latest", "replaces",
                             "replaced", "withdrawn", "superseded", "new price", "price increase")
    return score


check = graded(check)
