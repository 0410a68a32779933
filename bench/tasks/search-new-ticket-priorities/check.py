"""search-new-ticket-priorities: the seed's three judged items (routing 0.35, knowledge-base match 0.35, report
0.30) as deterministic checks on the routing report the user asked for (reports/new-ticket-priorities.md). Each
ticket is read on the lines or section that name it alone. Its new level counts where the right level is given and
any other level named beside it is marked as the old one ('from high', 'was high', 'high -> critical').
Notifications count only for a ticket routed right."""

import re

from edgeagent.bench.grading import fold, says, says_any
from edgeagent.bench.taskcheck import graded, mails, text

TICKETS = ["TK-501", "TK-502", "TK-503", "TK-504", "TK-505"]
LEVELS = {0: ["P0", "emergency"], 1: ["P1", "critical"], 2: ["P2", "high"], 3: ["P3", "medium"], 4: ["P4", "low"]}
RIGHT = {"TK-504": 0, "TK-501": 1, "TK-502": 2, "TK-505": 3, "TK-503": 4}
KB = {"TK-504": "KB-204", "TK-501": "KB-201", "TK-502": "KB-202", "TK-503": "KB-203"}
DOUBT = ["maybe", "perhaps", "possibly", "probably", "might", "unsure", "not sure"]
ARTICLES = [f"KB-{i}" for i in range(201, 240)]


def _wavers(u, kb):
    """The article is offered with doubt, or beside another one as a choice."""
    others = [k for k in ARTICLES if k != kb and says(u, k)]
    return says_any(u, *DOUBT) or (bool(others) and says_any(u, "or", "either"))
OLD = r"(?:from|was|originally|original|previously|previous|currently|current|old|reported as|filed as|opened as)"
ARROW = r"\s*(?:->|→|=>|>|to\b|becomes\b|raised to|goes to)"


def _sections(report):
    secs, cur = [], []
    for ln in report.splitlines():
        if ln.lstrip().startswith("#") and cur:
            secs.append(cur)
            cur = []
        cur.append(ln)
    return secs + ([cur] if cur else [])


def _named(chunk):
    return [t for t in TICKETS if says(chunk, t)]


def _segments(ln, tid):
    """A line naming several tickets, cut at each ticket ID; each piece keeps the line's head ('Compliant: ')."""
    spots = [m for m in re.finditer(r"(?i)\bTK-\d+\b", ln)]
    head = ln[:spots[0].start()] if spots else ""
    out = []
    for i, m in enumerate(spots):
        if m.group().upper() == tid:
            out.append(head + ln[m.start():spots[i + 1].start() if i + 1 < len(spots) else len(ln)])
    return out


def _units(report, tid):
    """Sections naming this ticket and no other, else such lines, else such clauses."""
    out = []
    for sec in _sections(report):
        if _named("\n".join(sec)) == [tid]:
            out.append("\n".join(sec))
            continue
        for ln in sec if tid in _named("\n".join(sec)) else []:
            if _named(ln) == [tid]:
                out.append(ln)
            elif tid in _named(ln):
                out += _segments(ln, tid) + [c for c in re.split(r"(?<=[.;])\s+", ln) if _named(c) == [tid]]
    return out


def _spots(u, level):
    t = fold(u)
    return [m for w in LEVELS[level] for m in re.finditer(r"(?<![\w-])" + re.escape(w.lower()) + r"(?![\w-])", t)]


def _routed(u, want):
    """The right level is given, and every other level named beside it is the old one."""
    if not _spots(u, want):
        return False
    t = fold(u)
    for level in LEVELS:
        if level == want:
            continue
        for m in _spots(u, level):
            before, after = t[max(0, m.start() - 24):m.start()], t[m.end():m.end() + 12]
            if not (re.search(OLD + r"\W*(?:priority\W*)?(?:level\W*)?$", before) or re.match(ARROW, after)):
                return False
    return True


NEW_COLUMN = ["new", "recommended", "adjusted", "final", "escalated", "updated", "proposed", "target", "revised",
              "routed", "after"]


def _cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table_levels(r):
    """ticket -> the cell of a table column headed as the new priority ('Recommended', 'New priority', ...)."""
    out, col = {}, None
    for ln in r.splitlines():
        if not ln.lstrip().startswith("|"):
            col = None
            continue
        cells = _cells(ln)
        named = _named(ln)
        if not named:
            heads = [i for i, c in enumerate(cells) if says_any(c, *NEW_COLUMN)]
            if heads and not all(set(c) <= set("-: ") for c in cells):
                col = heads[0]
            continue
        if col is not None and len(named) == 1 and col < len(cells):
            out.setdefault(named[0], []).append(cells[col])
    return out


def check(workspace, answer):
    r = text(workspace / "reports" / "new-ticket-priorities.md")
    if not r.strip():
        return 0.0
    units = {t: _units(r, t) for t in TICKETS}
    table = _table_levels(r)
    routed = {t: any(_routed(u, RIGHT[t]) for u in units[t] + table.get(t, [])) for t in TICKETS}
    matched = {t: any(says(u, KB[t]) and not _wavers(u, KB[t]) for u in units[t]) for t in KB}
    nomatch = any(says_any(u, "no KB", "no matching", "no match", "no article", "no relevant", "none", "not covered",
                           "nothing in the KB", "no existing", "no knowledge", "no direct", "needs manual",
                           "manual investigation", "manual handling") and not any(says(u, k) for k in KB.values())
                  for u in units["TK-505"])
    score = 0.07 * sum(routed.values())  # routing 0.35
    score += 0.07 * sum(matched.values()) + 0.07 * nomatch  # knowledge base 0.35
    # report 0.30: who must be told (0.10 each where the ticket is routed right), the 4-hour response, every ticket
    score += 0.10 * (routed["TK-504"] and any(says_any(u, "risk control", "risk team", "risk-control")
                                              for u in units["TK-504"]))
    score += 0.10 * (routed["TK-502"] and any(says_any(u, "sales", "account owner", "account manager", "renewal team")
                                              for u in units["TK-502"]))
    score += 0.05 * (routed["TK-501"] and any(says_any(u, "4-hour", "4 hour", "4 hours", "four-hour", "four hours",
                                                       "4h") for u in units["TK-501"]))
    score += 0.05 * (all(units.values()) and sum(routed.values()) >= 3 and not mails(workspace))
    return min(score, 1.0)


check = graded(check)
