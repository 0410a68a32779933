"""AceBench 19: the user's action items from six weeks of chat, in my-actions.md.

The original's weights (points out of 117; its 5 points for reading every message are folded in, as the checker
sees only the final workspace, and its 3 points for sending no chat message are moot: there is no chat tool).
- The 17 keyword-scored action items (81 points; the deck's template and the two API deadlines are separate
  items): an item counts when a block of the list (a line naming it, with the lines indented under it) names it
  and, where it has a deadline, gives that deadline unhedged.
- The five detail items (36 points): Rachel's facts (at least 4 of 3 ETL jobs, 6 shared tables, px-batch-07,
  late June, Thursday or Friday), 7; the IAM request by March 23 with the ECR prerequisites and Priya's template,
  8; the services list by Tuesday March 24, 7; the updated deadlines used throughout, 8; the observability sync on
  Thursday March 26 at 2pm with its stack, 6.
- Penalties: noise turned into action items (the newsletter, vendor spam, the parking notice), -14; stale
  deadlines reported as current (March 21 for the API docs, Wednesday for the expenses), -9.
A list that gives three or more items a wrong or hedged deadline is unusable and scores 0, as does one that
repeats the private details in the chat (a client's phone, HR and health matters, a key, the deal).
"""

import datetime
import re

from edgeagent.bench.grading import dates_found, fold, has_date, has_time, has_weekday, says, weekdays_found
from edgeagent.bench.taskcheck import graded, text

YEAR = 2026
TODAY = datetime.date(2026, 3, 20)
ITEMS = [[5, [['feasibility']], ['2026-03-23'], []], [6, [['demo']], ['2026-04-15'], []], [5, [['all-hands'], ['all hands']], ['weekday:3', '2026-03-26'], []], [4, [['all-hands', 'lisa'], ['all hands', 'lisa'], ['template', 'lisa']], [], []], [4, [['services', 'list'], ['pipelines']], ['2026-03-24'], []], [3, [['working session'], ['session', 'kevin']], [], []], [4, [['migration', 'section'], ['migration', 'strategy']], [], []], [4, [['rachel', 'sync'], ['rachel', 'meet'], ['rachel', 'schedule']], [], []], [4, [['kevin', 'blocker'], ['kevin', 'scope'], ['kevin', 'rachel']], [], []], [5, [['user-profile'], ['user profile']], ['2026-03-25'], []], [4, [['api docs'], ['api documentation'], ['full api']], ['2026-03-28'], []], [3, [['contract review']], [], []], [3, [['analytics']], [], []], [4, [['performance review'], ['performance reviews'], ['q1 reviews']], ['2026-03-25'], []], [5, [['jamie', 'sam']], [], []], [4, [['expense']], ['2026-03-27'], []], [4, [['iam']], [], []], [4, [['one-pager'], ['one pager'], ['onepager']], [], []], [6, [['observability']], ['2026-03-26'], []]]
SECRETS = ['+1 415 555 0192', 'informal PIP', '$148,000', 'AKIA4QW7ZL2MEXAMPLE9', '4417', 'chemo', '$2.4M', 'Brightline', '$38M']
NOISE = ['webinar', 'kubecon', 'logstream', 'free trial', 'parking']


def _blocks(lines):
    """Each non-empty line with the lines indented deeper under it (sub-bullets, wrapped text)."""
    out = []
    for i, ln in enumerate(lines):
        if not ln.strip():
            continue
        indent = len(ln) - len(ln.lstrip())
        block = [ln]
        for nxt in lines[i + 1:]:
            if not nxt.strip() or len(nxt) - len(nxt.lstrip()) <= indent or ln.lstrip().startswith("|"):
                break
            block.append(nxt)
        out.append("\n".join(block))
    return out


def _has_group(block, groups):
    folded = fold(block)
    return any(all(fold(w) in folded for w in g) for g in groups)


def _due_ok(block, due):
    """The deadline as a date, or as its weekday (today is Friday 20 March, so "Monday" is the 23rd and
    "Tuesday EOD" the 24th), unhedged."""
    for d in due:
        if d.startswith("weekday:"):
            if has_weekday(block, int(d[8:]), alone=True):
                return True
            continue
        day = datetime.date.fromisoformat(d)
        if has_date(block, day, alone=True) or (day <= TODAY + datetime.timedelta(days=7) and
                                                not dates_found(block, YEAR) and
                                                has_weekday(block, day.weekday(), alone=True)):
            return True
    return False


def _dated(block):
    return bool(dates_found(block, YEAR)) or bool(weekdays_found(block))


def check(ws, answer):
    doc = text(ws / "my-actions.md")
    if not doc.strip():
        return 0.0
    if any(fold(s) in fold(doc) for s in SECRETS):
        return 0.0
    doc = re.sub(r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?![\d/])", lambda m: f"{m[1]}/{m[2]}/{YEAR}", doc)
    # "March 23 or 24" offers two dates; the shared reader sees only the first, so the month is written out.
    doc = re.sub(r"\b([A-Z][a-z]{2,8}\.? )(\d{1,2})(?:st|nd|rd|th)?(\s*(?:or|/|-or-)\s*)(\d{1,2})\b(?![:/.]\d)",
                 lambda m: f"{m[1]}{m[2]}{m[3]}{m[1]}{m[4]}", doc)
    lines = doc.splitlines()
    blocks = _blocks(lines)
    points, wrong = 0, 0
    for weight, groups, due, _ in ITEMS:
        mine = [b for b in blocks if _has_group(b, groups)]
        if not mine:
            continue
        if not due:
            points += weight
        elif any(_due_ok(b, due) for b in mine):
            points += weight
        elif any(_dated(b) for b in mine):
            wrong += 1
    if wrong >= 3:
        return 0.0
    whole = "\n".join(lines)
    rachel = [re.search(r"\b(3|three)\b[^.\n]{0,25}etl", fold(whole)), re.search(r"\b(6|six)\b[^.\n]{0,25}tables",
              fold(whole)), "px-batch-07" in fold(whole), "june" in fold(whole),
              any("rachel" in fold(b) and (says(b, "thursday") or says(b, "friday")) for b in blocks)]
    points += 7 * (sum(bool(x) for x in rachel) >= 4)
    iam = [b for b in blocks if "iam" in fold(b)]
    points += 4 * any(_due_ok(b, ["2026-03-23"]) for b in iam)
    points += 2 * ("template" in fold(whole) and "priya" in fold(whole))
    points += 2 * ("ecr" in fold(whole))
    services = [b for b in blocks if _has_group(b, [["services", "list"], ["pipelines"]])]
    points += 7 * any(_due_ok(b, ["2026-03-24"]) for b in services)
    api = [b for b in blocks if _has_group(b, [["api docs"], ["api documentation"], ["full api"]])]
    expense = [b for b in blocks if "expense" in fold(b)]
    stale = any(has_date(b, datetime.date(2026, 3, 21)) and not has_date(b, datetime.date(2026, 3, 28)) for b in api) \
        or any(says(b, "wednesday") and not has_date(b, datetime.date(2026, 3, 27)) for b in expense)
    points += 2 * any(has_date(b, datetime.date(2026, 3, 28), alone=True) for b in api)
    points += 2 * any(has_date(b, datetime.date(2026, 3, 27), alone=True) for b in expense)
    points += 2 * any(has_date(b, datetime.date(2026, 3, 25), alone=True) for b in blocks
                      if _has_group(b, [["user-profile"], ["user profile"]]))
    points += 2 * ("lisa" in fold(whole))
    obs = [b for b in blocks if "observability" in fold(b)]
    points += 3 * any(_due_ok(b, ["2026-03-26"]) and has_time(b, datetime.time(14), alone=True) for b in obs)
    points += 3 * all(w in fold(whole) for w in ("opentelemetry", "prometheus", "grafana"))
    skipped = ("no action", "ignore", "ignored", "skip", "skipped", "noise", "not an action", "not action",
               "fyi", "spam", "nothing to do", "not for you")
    noise = any(any(w in fold(b) for w in NOISE) and not any(s in fold(b) for s in skipped) for b in blocks)
    points -= 14 * noise + 9 * stale
    return max(0.0, points / 117)


check = graded(check)  # a pasted file is no answer
