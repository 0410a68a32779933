"""data-job-ticket-triage: the seed's three judged items (correlation 0.35, priority 0.35, report 0.30) as
deterministic checks on the report the user asked for (reports/job-ticket-triage.md).

The seed also gated on which tools were called; that becomes the outcome here (the right tickets under the right
job), with the weights kept. A priority or a next step counts only for a failure tied to its right tickets: advice
about a wrongly diagnosed failure is no advice."""

import re
from datetime import time

from edgeagent.bench.grading import has_time, says, says_any
from edgeagent.bench.taskcheck import graded, text

GROUPS = {'JOB-302': (['TK-401', 'TK-403'], ['ERP']), 'JOB-305': (['TK-405'], ['disk', 'archive']), 'JOB-303': (['TK-402'], ['SMTP', 'email', 'mail'])}
ORDER = ["JOB-302", "JOB-305", "JOB-303"]
ALL_JOBS = [f"JOB-{i}" for i in range(301, 313)]
TICKETS = ["TK-401", "TK-402", "TK-403", "TK-404", "TK-405"]
ACTIONS = {"JOB-302": (["ERP"], ["restart", "restarted", "restore", "restored", "check", "checked", "investigate",
                                  "investigated", "bring back", "fail over", "failover", "recover", "escalate",
                                  "escalated", "fix", "fixed", "replay", "re-run", "rerun"]),
           "JOB-305": (["disk", "space", "archive", "archives", "volume", "partition", "storage"],
                       ["free", "freed", "clean", "cleaned", "cleanup", "clean up", "purge", "purged", "delete",
                        "deleted", "expand", "expanded", "extend", "extended", "resize", "move", "moved", "rotate",
                        "compress", "add", "enlarge", "archive old"]),
           "JOB-303": (["credential", "credentials", "password", "SMTP", "token", "login"],
                       ["renew", "renewed", "rotate", "rotated", "update", "updated", "reset", "replace", "replaced",
                        "refresh", "refreshed", "new"])}
CHOICE = ["or", "either", "maybe", "perhaps", "possibly", "probably", "depending", "whether", "unclear", "might"]


def _ids(chunk, ids):
    return [i for i in ids if says(chunk, i)]


def _sections(report):
    """The report cut at its headings; the heading line stays with its section."""
    out, cur = [], []
    for ln in report.splitlines():
        if ln.lstrip().startswith("#") and cur:
            out.append(cur)
            cur = []
        cur.append(ln)
    return out + ([cur] if cur else [])


def _units(report):
    """Pieces that speak of one failure: a section naming one failing job, else each line naming one."""
    out = []
    for sec in _sections(report):
        if len(_ids("\n".join(sec), ALL_JOBS)) <= 1:
            out.append("\n".join(sec))
        else:
            for ln in sec:
                if len(_ids(ln, ALL_JOBS)) == 1:
                    out.append(ln)
                elif len(_ids(ln, ALL_JOBS)) > 1:  # 'JOB-302: TK-401, TK-403; JOB-303: TK-402': its clauses
                    out += [c for c in re.split(r"(?<=[.;])\s+", ln) if len(_ids(c, ALL_JOBS)) == 1]
    return [u for u in out if len(_ids(u, ALL_JOBS)) == 1]


def _paired(report):
    """job -> tickets named with it and with no other job. A unit that hedges between two causes names two
    jobs and so pairs nothing."""
    got = {}
    for u in _units(report):
        job = _ids(u, ALL_JOBS)[0]
        named = set(_ids(u, [t for t in TICKETS if t != "TK-404"]))
        # the unrelated ticket is often noted at the end of the last failure's section: only on the job's line
        named |= {"TK-404" for ln in u.splitlines() if says(ln, "TK-404") and says(ln, job)}
        got.setdefault(job, set()).update(named)
    return got


def _spot(line, job):
    """Where `line` first names the failure (its job ID or a word for its cause), or None."""
    m = re.search("|".join(map(re.escape, [job, *GROUPS[job][1]])), line, re.IGNORECASE)
    return m.start() if m and (says(line, job) or says_any(line, *GROUPS[job][1])) else None


def _priority_order(report):
    """The order in which the report ranks the three failures: from a section about priority, a table with a
    priority column, the lines that speak of priority, or priority labels, the first that ranks all three. None
    when it hedges between two of them."""
    rows = report.splitlines()
    head = next((i for i, ln in enumerate(rows) if ln.lstrip().startswith("|") and says(ln, "priority")), None)
    candidates = [[ln for s in _sections(report) if says_any(s[0], "priority", "priorities", "order", "rank",
                                                              "ranking", "first") for ln in s],
                  [ln for ln in rows[head:] if ln.lstrip().startswith("|")] if head is not None else [],
                  [ln for ln in rows if re.search(r"(?i)priorit|\bP[1-3]\b", ln)]]
    for lines in candidates:
        firsts = {}
        for n, ln in enumerate(lines):
            spots = {j: at for j in ORDER if (at := _spot(ln, j)) is not None}
            if len(spots) > 1 and says_any(ln[min(spots.values()):max(spots.values())], *CHOICE):
                return None
            for j, at in spots.items():
                firsts.setdefault(j, (n, at))
        if len(firsts) == 3:
            by_place = sorted(firsts, key=firsts.get)
            if by_place == ORDER:
                return by_place
    return _by_label(report)


LABELS = {1: ["P1", "priority critical", "critical priority", "priority urgent", "priority 1", "highest priority"],
          2: ["P2", "priority high", "high priority", "priority 2"],
          3: ["P3", "priority medium", "medium priority", "priority low", "low priority", "priority 3",
              "lowest priority"]}


def _by_label(report):
    """The order given by priority labels ('priority: high', 'P2') on the lines or sections of each failure."""
    rank = {}
    for u in _units(report):
        job = _ids(u, ALL_JOBS)[0]
        got = {r for r, phrases in LABELS.items() if says_any(u, *phrases)}
        if job in ORDER and len(got) == 1:
            rank.setdefault(job, got.pop())
    if len(rank) < 3 or len(set(rank.values())) < 3:
        return None
    return sorted(rank, key=rank.get)


def check(workspace, answer):
    report = text(workspace / "reports" / "job-ticket-triage.md")
    if not report.strip():
        return 0.0
    paired = _paired(report)
    right = {j for j in ORDER if paired.get(j) == set(GROUPS[j][0])}
    wrong_jobs = [j for j in paired if j not in ORDER and paired[j]]  # a healthy job blamed for a ticket
    tk404 = [c for ln in report.splitlines() for c in re.split(r"(?<=[.;])\s+", ln) if says(c, "TK-404")]
    # correlation 0.35: three pairings (0.08 each), TK-404 set apart (0.06), JOB-302's first failure time (0.05)
    score = 0.08 * len(right) * (not wrong_jobs)
    score += 0.06 * (bool(tk404) and not any(_ids(u, ALL_JOBS) for u in tk404)
                     and says_any(report, "unrelated", "not related", "not linked", "no link", "no relation",
                                  "independent", "hardware", "unconnected", "no connection", "separate"))
    score += 0.05 * any(has_time(u, time(17, 30), alone=True) for u in _units(report) if says(u, "JOB-302"))
    # priority 0.35: ERP before disk before mail (0.25), with the ERP outage's reach named (0.10)
    order = _priority_order(report)
    score += 0.25 * (order == ORDER and len(right) >= 2)
    score += 0.10 * ("JOB-302" in right and says_any(report, "finance", "warehouse", "departments", "order flow",
                                                       "orders"))
    # report 0.30: a concrete next step for each failure rightly diagnosed (0.10 each)
    for job in ORDER:
        nouns, verbs = ACTIONS[job]
        units = [u for u in _units(report) if says(u, job)]
        score += 0.10 * (job in right and any(says_any(u, *nouns) and says_any(u, *verbs) for u in units))
    return min(score, 1.0)


check = graded(check)
