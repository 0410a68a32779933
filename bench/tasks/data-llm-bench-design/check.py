"""data-llm-bench-design (AceBench 126): the design document (benchmark_design.md), judged on the original's items with our consistent
arithmetic. Gates (score 0): no document; no 18 dimensions or no 970 questions; no 80 RPM; a wrong count of
dropped items; a plan at the
outdated 60 RPM. Then: 18 dimensions from 20 (0.10), 970 questions (0.05), the two merged pairs with their r
(0.075 each; neither of them: 0), IRT 32 dropped and 168 kept (0.12), 80 RPM over the outdated 60 (0.12), latency in milliseconds
(0.05) and the pilot's mean latency (0.05), the comma decimals in the inter-rater data (0.05) and how many rows
(0.05), the requests (0.04), the minutes (0.05) and the cost (0.05), the quiet hours (0.07), the scoring
methods (0.05)."""

import re

from edgeagent.bench.grading import has_amount, has_duration, has_number, hedged, numbers_found, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'benchmark_design.md'
PAIRS = [('Reasoning', 'Logical Deduction', 0.786), ('Mathematics', 'Data Analysis', 0.755)]
LATENCY = 10.89
BAD = 18
REQUESTS = 11640
MINUTES = 145.5
COST = 97.16



def blocks(t):
    """Items of a document, then its sentences: each marked line (numbered, bulleted, a heading, a table row)
    with its unmarked continuation; each top-level item with the indented lines under it; each short heading
    section (under 700 characters) up to the next heading."""
    lines = (t or "").splitlines()
    mark = re.compile(r"\s*(\d+[.)]|[-*\u2022+]|#|\|)")
    out, cur = [], []
    for line in lines:
        if not line.strip() or mark.match(line):
            out.append(" ".join(cur))
            cur = []
        if line.strip():
            cur.append(line.strip())
    out.append(" ".join(cur))
    cur = []
    for line in lines:  # top-level items with their indented sub-items
        if not line.strip() or (not line[:1].isspace() and mark.match(line)):
            out.append(" ".join(cur))
            cur = []
        if line.strip():
            cur.append(line.strip())
    out.append(" ".join(cur))
    cur = []
    for line in lines + ["#"]:  # heading sections
        if line.lstrip().startswith("#"):
            sec = " ".join(cur)
            if len(sec) < 700:
                out.append(sec)
            cur = []
        if line.strip():
            cur.append(line.strip())
    sents = [s for line in lines for s in re.split(r"(?<=[.;!?])\s+", line) if s.strip()]
    return [b for b in out if b] + sents


STALE = ["outdated", "superseded", "supersedes", "stale", "old", "older", "obsolete", "overridden", "overrides",
         "out of date", "wrong", "incorrect", "discrepancy", "conflict", "conflicts", "not", "instead of",
         "rather than", "replaced", "raised", "no longer", "previous", "earlier", "over", "newer", "trust", "trusted",
         "authoritative", "instead", "ignore", "ignored", "disregard", "not used"]


def _any(bs, *tests):
    return any(all(t(b) for t in tests) for b in bs)


def check(workspace, answer):
    doc = text(workspace / OUT)
    if not doc.strip():
        return 0.0
    bs = blocks(doc)
    dims = [b for b in bs if says_any(b, "dimension", "dimensions")]
    if not _any(dims, lambda b: has_number(b, 18)) or not has_number(doc, 970):
        return 0.0
    if not _any(bs, lambda b: has_number(b, 80) and says_any(b, "rpm", "rate limit", "requests per minute",
                                                            "requests/minute", "req/min")):
        return 0.0
    rpm = [b for b in bs if len(b) < 400 and has_number(b, 60) and says_any(b, "rpm", "rate limit", "rate limits",
                                                                          "requests per minute")]
    if rpm and not any(says_any(b, *STALE) for b in rpm):  # 60 RPM named and never set aside
        return 0.0
    pairs = [any(says_any(b, x) and says_any(b, y) and has_number(b, r, 0.0005) for b in bs) for x, y, r in PAIRS]
    if not any(pairs):
        return 0.0
    irt = [b for b in bs if says_any(b, "irt", "discrimination", "item", "items")]
    found = [f for b in irt for f in numbers_found(b)]
    if any(hedged(b, numbers_found(b), 32) or hedged(b, numbers_found(b), 168) for b in irt if has_number(b, 32)
           or has_number(b, 168)):
        return 0.0
    if not any(f.means(32) or f.means(168) for f in found):
        return 0.0
    score = 0.10 * _any(dims, lambda b: has_number(b, 18), lambda b: has_number(b, 20))
    score += 0.05 * _any(bs, lambda b: has_number(b, 970, alone=True), lambda b: says_any(b, "question", "questions"))
    score += 0.075 * sum(pairs)
    score += 0.12 * (_any(irt, lambda b: has_number(b, 32)) and _any(irt, lambda b: has_number(b, 168)))
    score += 0.12 * _any(rpm, lambda b: says_any(b, *STALE))
    lat = [b for b in bs if says_any(b, "latency", "latencies")]
    score += 0.05 * _any(lat, lambda b: says_any(b, "millisecond", "milliseconds", "ms"))
    score += 0.05 * _any(lat, lambda b: has_number(b, LATENCY, 0.3))
    irr = [b for b in bs if says_any(b, "rater", "raters", "inter-rater", "reliability", "icc", "kappa", "alpha")]
    comma = [b for b in irr if says_any(b, "comma", "commas", "decimal separator", "decimal separators", "decimal")]
    score += 0.05 * bool(comma)
    score += 0.05 * _any(comma, lambda b: has_number(b, BAD) or has_number(b, 15) and "%" in b)
    score += 0.04 * _any(bs, lambda b: has_number(b, REQUESTS))
    score += 0.05 * _any(bs, lambda b: has_duration(b, MINUTES, 1.0) or has_number(b, round(MINUTES, 1), 0.06)
                         or has_number(b, round(MINUTES / 60, 2), 0.011))
    score += 0.05 * _any(bs, lambda b: has_amount(b, COST, tol=COST * 0.03))
    score += 0.07 * _any(bs, lambda b: re.search(r"\b0?[1-4](?::00)?\s*(?:-|–|to|and)\s*0?[4-7](?::00)?\b", b)
                         or says_any(b, "early morning", "off-peak", "off peak", "quiet hours", "low-traffic",
                                     "low traffic", "overnight", "night"), lambda b: not says_any(b, "avoid"))
    score += 0.05 * (says_any(doc, "human", "manual") and says_any(doc, "automated", "automatic", "exact match",
                                                                    "exact_match", "code execution", "code_execution"))
    return min(score, 1.0)


check = graded(check)
