"""search-offsite-final-plan: the brief of the offsite's final plan.

Read from the brief the user asked for (offsite-brief.md). The final mail (16 March) moved the offsite to Thursday 23 April
2026 at the same venue; the agenda is v2's (09:30 strategy review, 11:00 roadmap, 14:00 pricing workshop instead of
the customer panel) with a 19:00 team dinner instead of team building; Wendy Mccarthy dropped out and Danny Hull joined.
- gates: 23 April 2026 given alone (the first plan's 22 April, or both as a choice, scores 0); a brief that keeps
  the customer panel or team building on the agenda (without saying it was dropped or replaced), carries the
  private reason for the drop-out, or is pasted from the sources, scores 0.
- 0.20 the date; 0.10 the venue (Harbour Loft);
- 0.15 the pricing workshop at 14:00; 0.10 the team dinner at 19:00; 0.10 strategy review 09:30 and roadmap 11:00;
- 0.35 every final attendee named, and Wendy Mccarthy not listed as coming (absent, or named as not attending).
"""

from datetime import date, time

from edgeagent.bench.grading import has_date, has_time, names_person, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'offsite-brief.md'
FINAL = ['Gloria Cervantes', 'Eric Arellano', 'Reginald Ellis', 'Chad Carrillo', 'Aimee Garner', 'Lynn Bass', 'Sherry Miller', 'Kenneth Carr', 'Danny Hull']
DROP = 'Wendy Mccarthy'
REASON = 'knee surgery'
GONE = ("dropped", "drop", "removed", "replaced", "replaces", "replacing", "cancelled", "canceled", "instead",
        "in place of", "no longer", "not happening", "swapped", "scrapped", "cut")
NOT_COMING = ("not attending", "not coming", "can't", "cannot", "can not", "dropped", "declined", "unable",
              "won't", "will not", "apologies", "absent", "not joining", "out", "off the list", "missing", "excluded")


def _pasted(ws, body):
    words_ = tokens(body)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.name != OUT]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    mine = {tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}
    return len(mine & grams) >= 0.6 * len(mine)


def _line(body, *words_):
    """The lines that say one of the words."""
    return "\n".join(ln for ln in body.splitlines() if says_any(ln, *words_))


def check(ws, answer):
    body = text(ws / OUT)
    if not body.strip() or says(body, REASON) or says(body, "surgery") or _pasted(ws, body):
        return 0.0
    if not has_date(body, date(2026, 4, 23), alone=True):
        return 0.0
    for old in ("customer panel", "team building"):
        lines = _line(body, old)
        if lines and not says_any(lines, *GONE):
            return 0.0
    score = 0.20
    score += 0.10 * says(body, "Harbour Loft")
    score += 0.15 * has_time(_line(body, "pricing"), time(14, 0))
    score += 0.10 * has_time(_line(body, "dinner"), time(19, 0))
    score += 0.10 * (has_time(_line(body, "strategy"), time(9, 30)) and has_time(_line(body, "roadmap"), time(11, 0)))
    drop_lines = "\n".join(ln for ln in body.splitlines() if names_person(ln, DROP))
    score += 0.35 * (all(names_person(body, n) for n in FINAL) and (not drop_lines or says_any(drop_lines,
                                                                                               *NOT_COMING)))
    return score


check = graded(check)  # a pasted answer is no answer
