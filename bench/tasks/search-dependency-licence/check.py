"""search-dependency-licence: tiledraw's licence at the version the desktop app uses, and whether the policy allows shipping it.

Gates (0): AGPL not named (the scanner's MIT is for the old 2.9.4; GPL-3.0 is another licence); no clear
'no' (may not, cannot, forbidden, not allowed...); a 'yes' or a doubt (probably, it depends); the
superseded policy's 'legal review' offered as the way to ship. Then 0.45 AGPL-3.0, 0.35 the verdict,
0.20 the reason (the policy forbids AGPL in what we distribute)."""

from edgeagent.bench.grading import says_any
from edgeagent.bench.taskcheck import graded

NO = ("no", "not allowed", "may not", "cannot", "can't", "can not", "must not", "mustn't", "forbidden",
      "prohibited", "not permitted", "banned", "not ship", "not be shipped", "isn't allowed")


def check(workspace, answer):
    t = answer or ""
    if not says_any(t, "AGPL", "AGPL-3.0", "AGPLv3", "Affero"):
        return 0.0
    if not says_any(t, *NO):
        return 0.0
    if says_any(t, "yes", "we can ship", "can ship it", "we may ship", "is allowed", "are allowed to ship",
                "probably", "maybe", "perhaps", "it depends", "depending", "case by case",
                "needs legal review", "need legal review", "legal can approve", "fine to ship", "ok to ship",
                "okay to ship", "can be shipped", "may be shipped", "is permitted", "no restriction",
                "no restrictions", "compatible with our policy", "compatible with the policy"):
        return 0.0
    score = 0.45 + 0.35
    score += 0.20 * (says_any(t, "policy", "policies") and says_any(
        t, "distribute", "distributed", "distributing", "distribution", "ship", "shipped", "customers",
        "forbids", "forbidden", "prohibited", "banned"))
    return score


check = graded(check)
