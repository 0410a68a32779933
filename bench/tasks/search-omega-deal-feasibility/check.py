"""search-omega-deal-feasibility: the seed's rubric (keyword sections 0.54, judged details 0.38, tool use and
safety 0.08) as deterministic checks on the answer. Re-weighted: the seed's reading and tool-use items (0.13)
become the outcome, since the facts below can only come from reading the messages; length and output quality
become the action plan item.

The facts that carry figures or dates are read without hedging. The verdict and the items without figures
(legal gaps, competitor, plan, nothing sent) count only where at least three of the six figure items are right:
a feasibility call built on the wrong numbers is no call."""

import re
from datetime import date

from edgeagent.bench.grading import has_amount, has_date, has_duration, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, mails

VERDICT = ["infeasible", "not feasible", "cannot deliver", "can't deliver", "cannot commit", "can't commit",
           "not realistic", "unrealistic", "not achievable", "impossible", "cannot be done", "can't be done",
           "not deliverable", "won't work", "no-go", "no go", "do not commit", "don't commit", "should not commit",
           "shouldn't commit", "not possible", "cannot promise", "can't promise", "should not go out",
           "not as proposed", "not as scoped", "not as written", "not in its current form"]
WAVER = ["might be feasible", "may be feasible", "possibly feasible", "could be feasible", "feasible or not",
         "hard to say", "not sure", "unclear whether", "may or may not", "either way"]


def _sentences(text):
    return [x for x in re.split(r"(?<=[.!?;])\s+|\n+", text) if x.strip()]


def _some(a, need, value_check):
    """Some sentence naming any of `need` passes `value_check` (a value read without a competing one)."""
    return any(says_any(x, *need) and value_check(x) for x in _sentences(a))


def _firm_160k(x):
    """The dual-site cost, which the source itself gives as 'about $160K': 'about' is no doubt here, a choice is."""
    return has_amount(x, 160000, "USD", alone=True) or has_amount(x, 160000, alone=True) or (
        has_amount(x, 160000) and not says_any(
        x, "or", "either", "maybe", "perhaps", "possibly", "depending"))


def check(workspace, answer):
    a = answer or ""
    if not a.strip():
        return 0.0
    tonight = _some(a, ["tonight", "deadline", "due"], lambda x: (says(x, "tonight") and not says_any(
        x, "or", "either", "maybe", "possibly", "perhaps")) or has_date(x, date(2026, 3, 18), alone=True))
    evolution = says(a, "ECC") and says_any(a, "S/4HANA", "S4HANA", "S 4HANA") and says(a, "Tableau") and \
        says_any(a, "Dublin", "Chicago", "two sites", "dual site", "dual-site") and tonight
    constraints = says_any(a, "3 months", "three months", "3-month", "three-month", "12 weeks", "90 days") and \
        (_some(a, ["week", "weeks", "wk"], lambda x: has_duration(x, 6 * 7 * 24 * 60, alone=True)) or
         says_any(a, "6-week", "six-week")) and \
        says_any(a, "cloud-only", "cloud only", "only works against the cloud", "only in the cloud",
                 "only with the cloud", "custom pipeline")
    risks = _some(a, ["SupportGlobal", "offshore", "24/7"], lambda x: has_amount(x, 15000, "USD", alone=True) or
                                                                 has_amount(x, 15000, alone=True)) and \
        says(a, "SupportGlobal") and says_any(a, "untested", "unproven", "no reference", "never supported",
                                              "no enterprise", "no track record")
    sla = _some(a, ["SLA", "uptime", "99.95", "promised", "committed"], lambda x: has_number(x, 99.95, alone=True)) \
        and _some(a, ["uptime", "historical", "actual", "real", "achieved", "99.91"],
                  lambda x: has_number(x, 99.91, alone=True)) and \
        says_any(a, "VP Engineering", "VP Eng", "Raj", "engineering sign-off", "engineering won't", "sign off")
    discount = _some(a, ["CFO"], lambda x: has_number(x, 12, alone=True)) and \
        _some(a, ["CFO", "Linda", "back", "return", "returns"], lambda x: has_date(x, date(2026, 3, 20),
                                                                                   alone=True)) and \
        says_any(a, "written", "in writing", "signature", "signed", "sign-off", "approval")
    bridge = says(a, "BridgeLink") and _some(a, ["BridgeLink", "instance", "instances", "two sites", "per site",
                                                 "both sites", "dual"], _firm_160k)
    facts = [evolution, constraints, risks, sla, discount, bridge]
    grounded = sum(facts) >= 3
    verdict = says_any(a, *VERDICT) and not says_any(a, *WAVER)
    feasibility = grounded and verdict and says_any(a, "phase 2", "phase two", "second phase", "phased", "later phase")
    gaps = sum([says_any(a, "DTIA", "transfer impact", "transfer assessment", "GDPR"),
                says_any(a, "SOW", "statement of work"), says_any(a, "liability", "penalty", "penalties"),
                says_any(a, "sublicens", "sublicense", "sublicensing", "sub-licensing", "licence terms",
                         "license terms")])
    override = grounded and gaps >= 3 and says_any(a, "2-hour", "2 hour", "two-hour", "two hour", "2h", "override",
                                                   "overrode", "overriding", "governance")
    meridian = grounded and says(a, "Meridian") and says_any(a, "unverified", "not verified", "rumour", "rumor",
                                                            "rumoured", "rumored", "unconfirmed") and \
        says_any(a, "EU on-prem", "no EU", "EU", "Dublin", "ECC")
    plan = grounded and says_any(a, "phase 1", "phase one", "immediate", "tonight", "first", "next step",
                                  "next steps", "recommend", "recommendation", "action plan")
    quiet = grounded and not mails(workspace)  # analysis only: nothing sent
    score = 0.10 * evolution + 0.10 * constraints + 0.10 * feasibility + 0.10 * risks + 0.10 * sla
    score += 0.10 * discount + 0.08 * bridge + 0.04 * (bridge and says_any(a, "EHP 7", "EHP7", "InfoSec",
                                                                            "security assessment",
                                                                            "security review", "vendor assessment"))
    score += 0.10 * override + 0.08 * meridian + 0.05 * plan + 0.05 * quiet
    return min(score, 1.0)


check = graded(check)
