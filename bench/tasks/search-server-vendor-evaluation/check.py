"""search-server-vendor-evaluation: the seed's rubric (tool coverage 0.15, conflicting signals 0.18, weighted
scoring 0.17, budget 0.15, needs 0.12, report 0.13, market news 0.10) as deterministic checks on the evaluation the
user asked for (reports/server-vendor-evaluation.md). Re-weighted: tool coverage becomes one fact from each of the
five sources. The report item counts only for an evaluation with at least half of the figures right, and only if
nothing was ordered or mailed."""

import re

from edgeagent.bench.grading import has_amount, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, mails, text

SPENT, NEED = 962000, 1800000
NAMES = {"SUP-001": ["Huaxinda"], "SUP-002": ["Botong"], "SUP-003": ["Lenovo"], "SUP-004": ["Xinchen"]}


def _lines(report, names):
    return [ln for ln in report.splitlines() if says_any(ln, *names)]


def _units(report, sup):
    """Lines naming this supplier and no other, and sections headed by it."""
    others = [n for s, ns in NAMES.items() if s != sup for n in ns]
    out = [ln for ln in _lines(report, NAMES[sup]) if not says_any(ln, *others)]
    for sec in report.split("\n#"):
        head = sec.split("\n")[0]
        if says_any(head, *NAMES[sup]) and not says_any(head, *others):
            out.append(sec)
    return out


def _any(units, *words):
    return any(says_any(u, *words) for u in units)


def _money(t, v, tol=0.5):
    """2,000,000, CNY 2M, 1.04M or 1.038 million: a figure in millions is read to about three decimals."""
    return has_amount(t, v, alone=True, tol=tol) or (v >= 1e6 and has_number(t, v / 1e6, tol=0.006, alone=True)
                                                     and (says_any(t, "million", "mn") or
                                                          re.search(r"\d\s?M\b", t) is not None))


def check(workspace, answer):
    r = text(workspace / "reports" / "server-vendor-evaluation.md")
    if not r.strip():
        return 0.0
    hx, bt, ln, xc = (_units(r, s) for s in ("SUP-001", "SUP-002", "SUP-003", "SUP-004"))
    conflicts = [
        _any(hx, "award", "VIP", "long-standing", "partner") and any(has_number(u, 10, alone=True) for u in hx)
        and _any(hx, "DOA", "dead on arrival", "dead-on-arrival"),
        _any(bt, "price", "prices", "cheap", "cheapest", "competitive", "sharpest") and
        _any(bt, "layoff", "layoffs", "laying off", "cuts staff", "staff cuts", "cutting staff", "downsizing",
             "job cuts", "redundancies", "30%"),
        _any(ln, "reliability", "reliable") and _any(ln, "fixed", "no discount", "no discounts", "list price",
                                                     "inflexible"),
        _any(xc, "8%", "cheaper", "below market", "lowest price") and _any(xc, "Huawei") and
        _any(xc, "delay", "delays", "delayed", "3-6 months", "three to six months", "supply")]
    weights = all(has_number(r, w) for w in (30, 25, 20, 15, 10)) and \
        says_any(r, "price", "pricing") and says_any(r, "delivery") and says_any(r, "quality") and \
        says_any(r, "after-sales", "after sales", "support", "service")
    scored = all(_units(r, s) for s in NAMES) and says_any(r, "score", "scores", "scoring", "weighted", "rank",
                                                            "ranking")
    cap = has_number(r, 60) and says_any(r, "single supplier", "one supplier", "any supplier", "per supplier",
                                         "supplier share", "cap", "no supplier", "concentration")
    budget = _money(r, 2000000) and (_money(r, SPENT) or _money(r, 2000000 - SPENT))
    need = _money(r, NEED, tol=60000) or says_any(r, "1.8 million", "1.8M", "1,800,000", "1.8 mn")
    ceo = says(r, "CEO") and (_money(r, 1000000) or says_any(r, "1 million", "1M", "one million", "1,000,000",
                                                            "1 M", "1 mn"))
    phased = says_any(r, "phased", "phase", "phases", "in stages", "staged", "split", "two rounds", "next quarter",
                      "Q2")
    inv = [any(says(ln_, i) and has_number(ln_, n, alone=True) for ln_ in r.splitlines())
           for i, n in (("INV-301", 30), ("INV-302", 20), ("INV-303", 15))]
    critical = any(says(x, "INV-303") and says_any(x, "critical", "urgent", "highest", "first", "top priority")
                   for x in r.splitlines())
    fine = any(says(x, "INV-304") and says_any(x, "no need", "not needed", "sufficient", "enough", "ok", "fine",
                                               "normal", "healthy", "no reorder", "none") for x in r.splitlines())
    market = [_any(xc, "8%") and _any(xc, "cheaper", "below", "under"), _any(ln, "reliability", "reliable")]
    sources = [inv[2], conflicts[0] or conflicts[3], budget, weights, market[0]]
    # the figures; the judgements without a figure count only where at least four of these seven are right
    grounded = sum([conflicts[0], weights, budget, need, *inv, market[0]]) >= 4
    score = 0.03 * sum(sources)  # tool coverage 0.15: a fact from the stock, news, suppliers, policy and finance
    score += 0.045 * (conflicts[0] + grounded * (conflicts[1] + conflicts[2] + conflicts[3]))  # 0.18
    score += 0.07 * weights + 0.05 * (scored and grounded) + 0.05 * cap  # 0.17
    score += 0.05 * budget + 0.05 * need + 0.03 * ceo + 0.02 * (phased and need)  # 0.15
    score += 0.03 * sum(inv) + 0.03 * (critical and fine and grounded)  # needs 0.12
    score += 0.05 * market[0] + 0.05 * (market[1] and grounded)  # 0.10
    parts = [says_any(r, "need", "needs", "stock", "inventory"), says_any(r, "recommend", "recommendation"),
             says_any(r, "risk", "risks"), says_any(r, "budget")]
    score += 0.13 * (grounded and all(parts) and not mails(workspace))
    return min(score, 1.0)


check = graded(check)
