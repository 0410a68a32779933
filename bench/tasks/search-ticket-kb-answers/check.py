"""search-ticket-kb-answers: the seed's three judged items (article match 0.35, stale article and unmatched
ticket 0.35, answer quality 0.30) as deterministic checks on the summary the user asked for
(reports/ticket-answer-suggestions.md). Each ticket is read on the lines or section naming it alone; an article
offered with doubt or beside another as a choice does not count. Suggested steps count only for a ticket matched
to its right article."""

import re
from datetime import date

from edgeagent.bench.grading import has_date, says, says_any
from edgeagent.bench.taskcheck import graded, text

TICKETS = ["TK-601", "TK-602", "TK-603", "TK-604", "TK-605"]
RIGHT = {"TK-601": "KB-601", "TK-602": "KB-602", "TK-603": "KB-603", "TK-605": "KB-604"}
ARTICLES = [f"KB-{i}" for i in range(601, 640)]
DOUBT = ["maybe", "perhaps", "possibly", "probably", "might", "unsure", "not sure"]
NONE = ["no KB", "no matching", "no match", "no article", "no relevant", "not covered", "nothing in the",
        "no existing", "no knowledge", "no direct", "manual", "manually", "needs a person", "human", "hand over",
        "hand off", "escalate", "no solution", "none"]
STEPS = {"TK-601": ["log", "logs", "connection pool", "pool", "dependent", "dependencies", "downstream", "request ID"],
         "TK-602": ["asynchronous", "async", "export API", "split", "by month", "smaller", "batches", "poll"],
         "TK-603": ["cache", "CDN", "extensions", "session store", "browser"],
         "TK-605": ["sign out", "log out", "sign in again", "log in again", "re-login", "relogin", "next sign-in",
                    "next login", "15 minutes", "cache"]}


def _sections(r):
    secs, cur = [], []
    for ln in r.splitlines():
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


def _units(r, tid):
    out = []
    for sec in _sections(r):
        whole = "\n".join(sec)
        if _named(whole) == [tid]:
            out.append(whole)
            continue
        for ln in sec if tid in _named(whole) else []:
            if _named(ln) == [tid]:
                out.append(ln)
            elif tid in _named(ln):
                out += _segments(ln, tid) + [c for c in re.split(r"(?<=[.;])\s+", ln) if _named(c) == [tid]]
    return out


def _firm(u, kb):
    others = [k for k in ARTICLES if k != kb and says(u, k)]
    return says(u, kb) and not says_any(u, *DOUBT) and not (others and says_any(u, "or", "either"))


def check(workspace, answer):
    r = text(workspace / "reports" / "ticket-answer-suggestions.md")
    if not r.strip():
        return 0.0
    units = {t: _units(r, t) for t in TICKETS}
    matched = {t: any(_firm(u, kb) for u in units[t]) for t, kb in RIGHT.items()}
    unmatched = any(says_any(u, *NONE) and not any(says(u, k) for k in ARTICLES) for u in units["TK-604"])
    stale = any(says_any(u, "outdated", "out of date", "out-of-date", "stale", "old", "obsolete", "not updated",
                         "needs updating", "needs an update", "update the article", "may be out", "dated") or
                has_date(u, date(2025, 6, 1)) for u in units["TK-603"] + [ln for ln in r.splitlines() if says(ln, "KB-603")])
    to_it = any(says_any(u, "IT", "IT support", "IT ops", "IT operations", "facilities", "administration", "admin",
                         "office manager", "hardware", "helpdesk technician", "on-site") for u in units["TK-604"])
    score = 0.07 * (sum(matched.values()) + unmatched)  # article match 0.35
    score += 0.175 * (stale and matched["TK-603"]) + 0.175 * unmatched  # stale article, unmatched ticket 0.35
    # answer quality 0.30: concrete steps from the article (0.04 each), the two high-priority tickets marked
    # (0.05), somewhere to send TK-604 (0.05), a caution on the stale article (0.04)
    score += 0.04 * sum(matched[t] and any(says_any(u, *STEPS[t]) for u in units[t]) for t in STEPS)
    score += 0.05 * (sum(matched.values()) >= 2 and
                     all(any(says_any(u, "high", "urgent", "P1", "P2", "priority") for u in units[t])
                         for t in ("TK-601", "TK-603")))
    score += 0.05 * (unmatched and to_it)
    score += 0.04 * (stale and matched["TK-603"] and any(says_any(u, "verify", "check", "confirm", "caution",
                                                                   "careful", "update", "review", "with care")
                                                          for u in units["TK-603"]))
    return min(score, 1.0)


check = graded(check)
