"""AceBench 125: memory_workflow_design.md, an audit and redesign of the assistant's memory system.

Weights from the original's grading items (its judge weights 0.40/0.30/0.30 spread over the same findings):
- storage limits 0.15: 500/90 (primary config) against 5000/30 (storage_limits.json) called a conflict, resolved
  to 90-day retention and at least 1000 items (the requirement), not the 30 days.
- cleanup schedule 0.15: weekly per cron (0 2 * * 0), the log header's "daily" called wrong, and the real runs
  sparse (six in 90 days, or irregular).
- embeddings 0.15: ada-002 with 1536 dimensions against ada-001 with 1024, resolved to ada-002/1536, and tied to
  duplicate detection.
- data 0.15: the eight expired items (the count and at least six of them named) and the three near-duplicate
  pairs (at least two of the three named: standup, weekly report, blood pressure medication).
- summary job 0.10: memory_summary disabled, so items_summarized stays 0 and requirement 3 is broken.
- log evidence 0.10: the five failed writes and the three storage warnings.
- redesign 0.10: recurring vs ad-hoc handling, retention, deduplication, cleanup scheduling, categorisation.
- self-check 0.05: self-check procedures with a frequency and alert conditions.
- sources 0.05: the competitor note not used as a source of recommendations.
Re-weighted: the four fact groups above (0.60) are the core; the other items count in proportion to them. A
resolution offering both values ("30 or 90 days", "ada-001 or ada-002") earns nothing for that trap.
"""

import re

from edgeagent.bench.grading import has_number, numbers, says, says_any
from edgeagent.bench.taskcheck import graded, text

DOC = "memory_workflow_design.md"
EXPIRED = ['Dentist recommended the soft-bristle toothbrush', 'Team lunch poll: tacos won', 'Water the office plants on Thursdays', 'Reminder: back up project files before the migration', 'Grocery list: oat milk, eggs, spinach', 'Blue Bottle coffee shop on 5th has good oat lattes', 'Osteria Mozza for the anniversary dinner', 'Parking garage code is 4471']
KEYS = (("toothbrush", "dentist"), ("lunch poll", "team lunch"), ("office plants", "water the plants", "plants"),
        ("back up", "backup", "back-up"), ("grocery", "groceries", "shopping list"), ("Blue Bottle",),
        ("Osteria Mozza", "Osteria"), ("parking", "garage code"))
CHOICE = re.compile(r"\b(either|or|maybe|perhaps|possibly|might|could)\b", re.I)


def _sentences(t):
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", t) if s.strip()]


def _any(t, pred):
    return any(pred(s) for s in _sentences(t))


def _limits(d):
    conflict = has_number(d, 500) and has_number(d, 5000)
    keep90 = _any(d, lambda s: says(s, "retention") and has_number(s, 90) and
                  says_any(s, "recommend", "should", "keep", "use", "set", "authoritative", "adopt", "resolve")
                  and not CHOICE.search(s))
    raise_to = _any(d, lambda s: any(1000 <= v < 5000 and not 2020 <= v <= 2030 for v in numbers(s)) and
                    says_any(s, "raise", "increase", "at least", "minimum", "set", "recommend", "should",
                             "max_memory_items", "limit", "capacity") and not CHOICE.search(s))
    no30 = not _any(d, lambda s: says(s, "retention") and has_number(s, 30) and
                    says_any(s, "recommend", "should use", "adopt", "set retention", "keep 30") and
                    not says_any(s, "not", "reject", "wrong", "instead"))
    return conflict and keep90 and raise_to and no30


def _schedule(d):
    weekly = says_any(d, "weekly", "0 2 * * 0", "every sunday", "once a week")
    daily_wrong = _any(d, lambda s: says(s, "daily") and says_any(s, "misleading", "wrong", "incorrect", "false",
                                                                  "inaccurate", "not true", "contradict",
                                                                  "contradicts", "claims", "stale", "untrue"))
    sparse = _any(d, lambda s: (has_number(s, 6) and says_any(s, "runs", "run", "times", "cleanups")) or
                  says_any(s, "irregular", "irregularly", "sporadic", "sporadically"))
    return weekly and daily_wrong and sparse


def _embeddings(d):
    both = says_any(d, "ada-002", "ada 002") and says_any(d, "ada-001", "ada 001") and has_number(d, 1536) and \
        has_number(d, 1024)
    pick = _any(d, lambda s: says_any(s, "ada-002", "ada 002") and has_number(s, 1536) and
                says_any(s, "use", "should", "correct", "authoritative", "align", "standardise", "standardize",
                         "recommend", "switch") and not CHOICE.search(s))
    dedup = _any(d, lambda s: says_any(s, "duplicate", "duplicates", "deduplication", "dedup", "dedupe",
                                       "similarity") and says_any(s, "dimension", "dimensions", "1024", "1536",
                                                                  "mismatch", "model"))
    return both and pick and dedup


def _data(d):
    count = _any(d, lambda s: has_number(s, 8, alone=True) and says_any(s, "stale", "expired", "items", "memories"))
    named = sum(says(d, e) or any(says(d, k) for k in keys) or f"mem_{301 + i:04d}" in d
                for i, (e, keys) in enumerate(zip(EXPIRED, KEYS))) >= 6
    pairs = sum((says_any(d, "standup", "stand-up"), says(d, "weekly report"),
                 says_any(d, "blood pressure", "BP medication"))) >= 2 and says_any(d, "duplicate", "duplicates")
    return count and named and pairs


def check(ws, answer):
    d = text(ws / DOC)
    core = 0.15 * _limits(d) + 0.15 * _schedule(d) + 0.15 * _embeddings(d) + 0.15 * _data(d)
    if not core:
        return 0.0
    summary = says_any(d, "memory_summary", "summary job", "summarization job", "summarisation job") and \
        says_any(d, "disabled", "enabled = false", "turned off", "never runs") and \
        says_any(d, "items_summarized=0", "items_summarized = 0", "items summarized", "summarized 0",
                 "requirement 3", "req 3", "req. 3", "summarised", "summarized")
    logs = _any(d, lambda s: has_number(s, 5) and says_any(s, "error", "errors", "failed", "write")) and \
        _any(d, lambda s: has_number(s, 3) and says_any(s, "warn", "warning", "warnings"))
    design = all(says_any(d, *w) for w in (("recurring",), ("ad-hoc", "ad hoc", "adhoc"), ("retention",),
                                           ("dedup", "deduplication", "duplicate"), ("schedule", "scheduling"),
                                           ("category", "categories", "categorisation", "categorization", "categorise",
                                            "categorize", "categorised", "categorized", "categorising", "categorizing")))
    selfcheck = says_any(d, "self-check", "self check", "self-audit") and says_any(d, "alert", "alerts") and \
        says_any(d, "daily", "hourly", "weekly", "every")
    sources = not _any(d, lambda s: says_any(s, "competitor") and not says_any(
        s, "not", "no ", "ignore", "ignored", "fluff", "marketing", "nothing", "none", "no actionable"))
    return core + (0.10 * summary + 0.10 * logs + 0.10 * design + 0.05 * selfcheck + 0.05 * sources) * core / 0.60


check = graded(check)  # a pasted file is no answer
