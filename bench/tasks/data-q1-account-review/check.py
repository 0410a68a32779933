"""data-q1-account-review: the seed's three judged items (revenue trends 0.35, industry correlation 0.35, Q2 insight 0.30) as
deterministic checks on the review the user asked for (reports/q1-account-review.md). Each account is judged on the lines or
sections that name it alone. Its industry reading and its Q2 advice count only where its Q1 figures are right:
a story told about wrong numbers is no insight."""

import re

from edgeagent.bench.grading import has_number, says_any
from edgeagent.bench.taskcheck import graded, text

ACC = {'CUS-901': {'names': ['CUS-901', 'Dingxin'], 'total': 270000, 'trend': 'growing'}, 'CUS-902': {'names': ['CUS-902', 'Hanhai'], 'total': 135000, 'trend': 'flat'}, 'CUS-903': {'names': ['CUS-903', 'Wantong'], 'total': 355000, 'trend': 'declining'}, 'CUS-904': {'names': ['CUS-904', 'Qianfeng'], 'total': 85000, 'trend': 'declining'}, 'CUS-905': {'names': ['CUS-905', 'Sunlight'], 'total': 195000, 'trend': 'growing'}, 'CUS-906': {'names': ['CUS-906', 'Linhai'], 'total': 0, 'trend': 'churned'}}
TOTAL = 1040000
LABELS = {"growing": ["growing", "growth", "grew", "grow", "increasing", "increase", "rising", "expanding", "upward",
                      "up"],
          "flat": ["flat", "stable", "steady", "unchanged", "constant", "no growth", "stagnant"],
          "declining": ["declining", "decline", "declined", "decreasing", "decrease", "dropping", "dropped", "fell",
                        "falling", "shrinking", "slipping", "down", "downward", "softening"],
          "churned": ["churned", "churn", "lost", "inactive", "terminated", "cancelled", "canceled", "ended"]}
CHOICE = ["or", "either", "maybe", "perhaps", "possibly", "probably", "might", "unclear", "uncertain"]
CORR = {"CUS-901": (["software"], ["12", "growth", "growing", "spending", "spend", "tailwind", "budgets up"]),
        "CUS-902": (["e-commerce", "ecommerce", "online retail", "online shopping"],
                    ["slow", "slowing", "slowdown", "slowed", "saturated", "stagnating", "plateau", "flattening",
                     "traffic"]),
        "CUS-903": (["logistics", "freight"], ["price war", "price competition", "pricing pressure", "margin",
                                               "margins", "price", "prices", "rates"]),
        "CUS-904": (["manufacturing", "manufacturer", "manufacturers"],
                    ["budget", "budgets", "it spend", "it spending", "tighten", "tightening", "cut", "cuts",
                     "headwind", "trimming"]),
        "CUS-905": (["ai", "artificial intelligence"], [""]),
        "CUS-906": (["government", "public sector", "public-sector", "public"],
                    ["budget", "budgets", "cut", "cuts", "austerity", "funding", "frozen"])}
ADVICE = {"CUS-901": (["upsell", "up-sell", "cross-sell", "expand", "expansion", "deepen", "upgrade", "vip", "invest",
                       "strategic", "grow"], [""]),
          "CUS-902": (["renewal", "renew", "watch", "monitor", "retain", "retention", "stimulate", "engage",
                       "attention", "growth package", "re-engage"], [""]),
          "CUS-903": (["price", "pricing", "discount", "downgrade", "price-sensitive", "retain", "retention"], [""]),
          "CUS-904": (["april", "contract", "renewal", "renew", "expires", "expiring", "ends"],
                      ["risk", "churn", "lose", "losing", "at-risk"]),
          "CUS-905": (["upsell", "up-sell", "cross-sell", "expand", "expansion", "value-added", "add-on", "upgrade",
                       "fastest", "16.7"], [""]),
          "CUS-906": (["churn", "churned", "lost", "cancelled", "ended"],
                      ["budget", "review", "lesson", "lessons", "similar", "win back", "win-back", "public sector",
                       "public-sector", "government", "prevent", "other"])}


def _sections(report):
    out, cur = [], []
    for ln in report.splitlines():
        if ln.lstrip().startswith("#") and cur:
            out.append(cur)
            cur = []
        cur.append(ln)
    return out + ([cur] if cur else [])


def _who(chunk):
    return [c for c, a in ACC.items() if says_any(chunk, *a["names"])]


def _units(report, cid):
    """Sections naming this account and no other, else such lines, else such clauses."""
    out = []
    for sec in _sections(report):
        named = _who("\n".join(sec))
        if named == [cid]:
            out.append("\n".join(sec))
            continue
        for ln in sec if cid in named else []:
            if _who(ln) == [cid]:
                out.append(ln)
            elif cid in _who(ln):
                out += [c for c in re.split(r"(?<=[.;])\s+", ln) if _who(c) == [cid]] + _segments(ln, cid)
    return out


def _segments(ln, cid):
    """A line naming several accounts ('Growing: Dingxin (270,000) and Sunlight (195,000)'), cut where each account
    is named; each piece keeps the line's head."""
    spots = sorted((m.start(), c) for c, a in ACC.items() for n in a["names"]
                   for m in re.finditer(r"(?i)\b" + re.escape(n) + r"\b", ln))
    if not spots:
        return []
    head, out = ln[:spots[0][0]], []
    for i, (at, c) in enumerate(spots):
        if c != cid or (i and spots[i - 1][1] == cid):
            continue
        end = next((a for a, o in spots[i + 1:] if o != cid), len(ln))
        out.append(head + ln[at:end])
    return out


def _trend(u, want):
    if not says_any(u, *LABELS[want]):
        return False
    rivals = [k for k in LABELS if k != want and says_any(u, *[w for w in LABELS[k] if w not in LABELS[want]])]
    return not (rivals and says_any(u, *CHOICE))


def _figures(report, cid):
    """A line gives the account's Q1 total, unhedged, and its trend; or, in the account's own section, a line on
    the total and a line on the trend do."""
    a = ACC[cid]

    def total(ln):
        if a["total"] == 0:
            return has_number(ln, 0, alone=True) or says_any(ln, "no revenue", "zero", "nothing", "nil")
        return has_number(ln, a["total"], alone=True)
    for u in _units(report, cid):
        lines = u.splitlines()
        if any(_trend(ln, a["trend"]) and total(ln) for ln in lines):
            return True
        trends = [ln for ln in lines if says_any(ln, "trend", "direction")]
        totals = [ln for ln in lines if says_any(ln, "total", "q1", "quarter")]
        if any(_trend(ln, a["trend"]) for ln in trends) and any(total(ln) for ln in totals):
            return True
    return False


def _says_both(units, pair):
    first, second = pair
    return any(says_any(u, *first) and (second == [""] or says_any(u, *second) or
                                        ("12" in second and has_number(u, 12))) for u in units)


def check(workspace, answer):
    report = text(workspace / "reports/q1-account-review.md")
    if not report.strip():
        return 0.0
    total = has_number(report, TOTAL, alone=True) or (has_number(report, TOTAL / 1e6, tol=0.006, alone=True) and
                                                      re.search(r"\d\s?M\b", report) is not None)
    score = 0.05 * total  # '1,040,000', '1.04 million' or '1.04M'
    for cid in ACC:
        units = _units(report, cid)
        right = _figures(report, cid)
        score += 0.05 * right  # revenue trends 0.35: each account 0.05, the portfolio total 0.05
        score += (0.35 / 6) * (right and _says_both(units, CORR[cid]))  # industry correlation 0.35
        score += 0.05 * (right and (_says_both(units, ADVICE[cid]) or
                                    (cid == "CUS-905" and any(has_number(u, 16.7, tol=0.06) for u in units))))
    return min(score, 1.0)


check = graded(check)
