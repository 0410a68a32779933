"""Own task: the checkout incident of 18 February 2026, as incidents/2026-02-18-checkout.md.

Items: start 09:14 (0.15); end 10:41 (0.15); failed checkout requests 145 (0.20); the cause, commit 75b4165 by
Jennifer Walters (0.25); the mechanism, the pool cut from 40 to 8 connections (0.15); follow-ups (0.10). The timeline,
count and cause (0.75) are the core; mechanism and follow-ups count in proportion to it. A value offered beside
a competing one earns nothing.
"""

import re
from datetime import time

from edgeagent.bench.grading import has_number, has_time, names_person, says, says_any
from edgeagent.bench.taskcheck import graded, text

REPORT = "incidents/2026-02-18-checkout.md"
FAILED = 145
BAD = '75b4165'
AUTHOR = 'Jennifer Walters'
CHOICE = re.compile(r"\b(or|either|maybe|perhaps|possibly|might|could|unclear)\b", re.IGNORECASE)


def _paths_out(t):
    """Slashes of paths and URLs ('/checkout', 'config/app.yaml') read as spaces: they offer no choice."""
    return re.sub(r"(?<=[A-Za-z_.])/(?=[A-Za-z0-9_.])|(?<![\w/])/(?=[A-Za-z_.])", " ", t)


def check(ws, answer):
    r = text(ws / REPORT)
    flat = _paths_out(r)
    core = 0.15 * has_time(flat, time(9, 14), alone=True) + 0.15 * has_time(flat, time(10, 41), alone=True) + \
        0.20 * has_number(flat, FAILED, tol=0, alone=True) + \
        0.25 * (BAD.lower() in r.lower() and names_person(r, AUTHOR) and not any(
            BAD.lower() in s.lower() and CHOICE.search(s) for s in re.split(r"(?<=[.!?])\s+|\n+", r)))
    if not core:
        return 0.0
    mech = says_any(r, "pool", "pool_size", "connection pool", "QueuePool") and has_number(r, 8) and has_number(r, 40)
    follow = says_any(r, "follow-up", "follow-ups", "follow up", "action items", "next steps", "actions") and \
        len(re.findall(r"(?m)^\s*(?:[-*]|\d+[.)])\s+\S", r)) >= 2
    return core + (0.15 * mech + 0.10 * follow) * core / 0.75


check = graded(check)  # a pasted file is no answer
