"""AceBench 125: audit an assistant's memory system (configs, the memory store, operation and cleanup logs,
schedules, requirements) and write memory_workflow_design.md: what is configured and running, why memory degrades,
which conflicting values win, a redesigned workflow, the embedding setup, and self-check procedures.

Facts as in the original: storage limits 500 items / 90 days (primary config) against 5000 / 30 (storage
limits file), with the requirements asking for at least 1000 items; cleanup weekly in cron, "daily" in the
cleanup log's header, six irregular runs in 90 days in fact; ada-002 (1536 dimensions) in the primary config
against ada-001 (1024) in the embedding config; eight expired items; three near-duplicate pairs; the summary job
disabled (items_summarized=0 every run); five failed writes and three storage warnings. Bulk: a store of ~320
memories, an operations log of ~4,000 lines, a recurring schedule table and a competitor note with no substance."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main, write_steps

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-125-memory-workflow"
NOW = datetime(2026, 3, 2, 9, 0)
DOC = "memory_workflow_design.md"
EXPIRED = ["Dentist recommended the soft-bristle toothbrush", "Team lunch poll: tacos won",
           "Water the office plants on Thursdays", "Reminder: back up project files before the migration",
           "Grocery list: oat milk, eggs, spinach", "Blue Bottle coffee shop on 5th has good oat lattes",
           "Osteria Mozza for the anniversary dinner", "Parking garage code is 4471"]
DUPES = [("Daily standup: discuss blockers, progress and today's plan",
          "The standup meeting covers blockers, progress and the plan for today"),
         ("Weekly report submission due every Friday by 17:00",
          "Weekly report is due Friday by 5 PM"),
         ("Take blood pressure medication at 8:00 AM", "Remember to take BP medication every morning at 8 AM")]

ASSISTANT = """\
assistant:
  name: aide
  memory:
    max_memory_items: 500
    retention_days: 90
    embedding_model: text-embedding-ada-002
    similarity_threshold: 0.92
    categories: [work, health, personal, places, shopping, recurring]
  cleanup:
    job: memory_cleanup
    summarize_before_delete: true
"""

STORAGE = {"max_memory_items": 5000, "retention_days": 30, "max_item_bytes": 4096, "owner": "platform-team",
           "note": "copied from the shared assistant platform defaults (2025-09)"}

EMBEDDING = """\
embedding:
  provider: openai
  model: text-embedding-ada-001
  vector_dimensions: 1024
  index: hnsw
  distance: cosine
"""

CRON = """\
[memory_cleanup]
cron = 0 2 * * 0
enabled = true
command = python -m aide.memory.cleanup

[memory_summary]
cron = 30 1 * * 0
enabled = false
command = python -m aide.memory.summarize

[dedupe_scan]
cron = 0 3 1 * *
enabled = true
command = python -m aide.memory.dedupe

[reindex_vectors]
cron = 0 4 * * 6
enabled = true
command = python -m aide.memory.reindex
"""

REQUIREMENTS = """\
# User requirements for assistant memory

1. Keep at least 1000 memory items.
2. Ad-hoc items are kept 90 days after their last use; recurring items are kept while active.
3. Before anything is deleted it is summarised, so nothing is lost without a trace; summarisation runs before any
   deletion.
4. Near-duplicates are merged, not stored twice.
5. Recurring items (schedules, medication, reports) are handled apart from ad-hoc notes.
6. Items are categorised and searchable by category.
"""

ARCH_V1 = """\
# Memory architecture v1 (2025-05)

Designed for a pilot of about 100 items per user. A flat JSON store, no deduplication and no summarisation:
cleanup deletes items older than the retention window. Embeddings are computed on write for search only.
"""

COMPETITOR = """\
# Competitor analysis

Competitor assistants promise "infinite memory", "human-like recall" and "AI that never forgets". Their
marketing pages are enthusiastic; none publishes limits, retention rules or how duplicates are handled.
"""


def _store(rng: random.Random, f: Filler) -> list[dict]:
    items, n = [], 0

    def add(text, cat, last, created=None, expired=False, recurring=False, prio="normal"):
        nonlocal n
        n += 1
        items.append({"id": f"mem_{n:04d}", "text": text, "category": cat,
                      "created": (created or last - timedelta(days=rng.randint(0, 60))).isoformat(timespec="seconds"),
                      "last_accessed": last.isoformat(timespec="seconds"), "priority": prio,
                      "recurring": recurring, "expired": expired})
    for _ in range(300):
        last = NOW - timedelta(days=rng.randint(0, 85), hours=rng.randint(0, 23))
        add(f.sentence(), rng.choice(["work", "personal", "places", "shopping"]), last)
    for i, t in enumerate(EXPIRED):
        add(t, ["health", "work", "personal", "work", "shopping", "places", "places", "personal"][i],
            NOW - timedelta(days=95 + 7 * i), expired=True)
    for a, b in DUPES:
        cat = "health" if "medication" in a else "recurring"
        add(a, cat, NOW - timedelta(days=rng.randint(1, 10)), recurring=True, prio="high")
        add(b, cat, NOW - timedelta(days=rng.randint(1, 10)), recurring=True, prio="high")
    rng.shuffle(items)
    return items


def _cleanup_log() -> str:
    runs = [datetime(2025, 12, 7, 2, 0), datetime(2025, 12, 28, 2, 1), datetime(2026, 1, 4, 2, 0),
            datetime(2026, 1, 18, 2, 3), datetime(2026, 2, 15, 2, 0), datetime(2026, 2, 22, 2, 2)]
    out = ["# memory cleanup history", "# Cleanup runs daily at 02:00 UTC", ""]
    for i, r in enumerate(runs):
        out.append(f"{r.isoformat()}Z CLEANUP_RUN items_scanned={380 + i * 9} items_deleted={3 + i % 3} "
                   f"items_summarized=0 duration_s={12 + i}")
    return "\n".join(out) + "\n"


def _ops_log(rng: random.Random) -> str:
    out = []
    t = NOW - timedelta(days=90)
    errors = [NOW - timedelta(days=d, hours=h) for d, h in ((40, 3), (33, 9), (21, 14), (12, 8), (4, 16))]
    warns = [NOW - timedelta(days=d) for d in (45, 26, 9)]
    cleanups = [datetime(2026, 2, 15, 2, 0), datetime(2026, 2, 22, 2, 2)]
    while t < NOW:
        t += timedelta(seconds=rng.randint(300, 3000))
        op = rng.choices(["WRITE", "READ", "SEARCH", "UPDATE"], [25, 40, 30, 5])[0]
        out.append((t, f"INFO  {op} mem_{rng.randint(1, 320):04d} latency_ms={rng.randint(3, 140)}"))
    for e in errors:
        out.append((e, "ERROR WRITE failed: storage quota exceeded (items=500, max=500)"))
    for w in warns:
        out.append((w, "WARN  storage at 96% of max_memory_items (481/500)"))
    for c in cleanups:
        out.append((c, "INFO  CLEANUP_RUN started by scheduler"))
    out.sort()
    return "\n".join(f"{t.isoformat(timespec='seconds')}Z {m}" for t, m in out) + "\n"


def _build(ws: Path) -> None:
    f = Filler(SEED)
    rng = random.Random(125)
    for d in ("config", "data", "logs", "docs"):
        (ws / d).mkdir()
    (ws / "config" / "assistant_config.yaml").write_text(ASSISTANT)
    (ws / "config" / "storage_limits.json").write_text(json.dumps(STORAGE, indent=2) + "\n")
    (ws / "config" / "embedding_config.yaml").write_text(EMBEDDING)
    (ws / "config" / "cron_schedules.ini").write_text(CRON)
    (ws / "data" / "memories.json").write_text(json.dumps(_store(rng, f), indent=1) + "\n")
    rec = ["item,schedule,active,owner", "Daily standup,weekdays 09:30,yes,work", "Weekly report,Fridays 17:00,yes,work",
           "BP medication,daily 08:00,yes,health", "Gym,Mon/Wed 18:00,yes,personal",
           "Pay rent,1st of month,yes,personal", "Team retro,every other Thursday,no,work",
           "Piano lesson,Saturdays 10:00,no,personal", "Car insurance review,yearly in March,no,personal",
           "Backup check,Sundays 20:00,yes,work"]
    (ws / "data" / "recurring_schedule.csv").write_text("\n".join(rec) + "\n")
    (ws / "logs" / "cleanup_history.log").write_text(_cleanup_log())
    (ws / "logs" / "memory_operations.log").write_text(_ops_log(rng))
    (ws / "docs" / "user_requirements.md").write_text(REQUIREMENTS)
    (ws / "docs" / "memory_architecture_v1.md").write_text(ARCH_V1)
    (ws / "docs" / "competitor_analysis.md").write_text(COMPETITOR)


CHECK = '''\
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
EXPIRED = {expired!r}
KEYS = (("toothbrush", "dentist"), ("lunch poll", "team lunch"), ("office plants", "water the plants", "plants"),
        ("back up", "backup", "back-up"), ("grocery", "groceries", "shopping list"), ("Blue Bottle",),
        ("Osteria Mozza", "Osteria"), ("parking", "garage code"))
CHOICE = re.compile(r"\\b(either|or|maybe|perhaps|possibly|might|could)\\b", re.I)


def _sentences(t):
    return [s for s in re.split(r"(?<=[.!?])\\s+|\\n+", t) if s.strip()]


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
    both = says_any(d, "ada-002", "ada 002") and says_any(d, "ada-001", "ada 001") and has_number(d, 1536) and \\
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
    named = sum(says(d, e) or any(says(d, k) for k in keys) or f"mem_{{301 + i:04d}}" in d
                for i, (e, keys) in enumerate(zip(EXPIRED, KEYS))) >= 6
    pairs = sum((says_any(d, "standup", "stand-up"), says(d, "weekly report"),
                 says_any(d, "blood pressure", "BP medication"))) >= 2 and says_any(d, "duplicate", "duplicates")
    return count and named and pairs


def check(ws, answer):
    d = text(ws / DOC)
    core = 0.15 * _limits(d) + 0.15 * _schedule(d) + 0.15 * _embeddings(d) + 0.15 * _data(d)
    if not core:
        return 0.0
    summary = says_any(d, "memory_summary", "summary job", "summarization job", "summarisation job") and \\
        says_any(d, "disabled", "enabled = false", "turned off", "never runs") and \\
        says_any(d, "items_summarized=0", "items_summarized = 0", "items summarized", "summarized 0",
                 "requirement 3", "req 3", "req. 3", "summarised", "summarized")
    logs = _any(d, lambda s: has_number(s, 5) and says_any(s, "error", "errors", "failed", "write")) and \\
        _any(d, lambda s: has_number(s, 3) and says_any(s, "warn", "warning", "warnings"))
    design = all(says_any(d, *w) for w in (("recurring",), ("ad-hoc", "ad hoc", "adhoc"), ("retention",),
                                           ("dedup", "deduplication", "duplicate"), ("schedule", "scheduling"),
                                           ("category", "categories", "categorisation", "categorization", "categorise",
                                            "categorize", "categorised", "categorized", "categorising", "categorizing")))
    selfcheck = says_any(d, "self-check", "self check", "self-audit") and says_any(d, "alert", "alerts") and \\
        says_any(d, "daily", "hourly", "weekly", "every")
    sources = not _any(d, lambda s: says_any(s, "competitor") and not says_any(
        s, "not", "no ", "ignore", "ignored", "fluff", "marketing", "nothing", "none", "no actionable"))
    return core + (0.10 * summary + 0.10 * logs + 0.10 * design + 0.05 * selfcheck + 0.05 * sources) * core / 0.60


check = graded(check)  # a pasted file is no answer
'''

DESIGN = f"""\
# Memory workflow design

## 1. Audit: what is configured and what runs

- Storage limits conflict: config/assistant_config.yaml says max_memory_items 500 and retention_days 90;
  config/storage_limits.json says 5000 and 30 (copied from platform defaults).
- Cleanup schedule: config/cron_schedules.ini runs memory_cleanup weekly (0 2 * * 0). The header of
  logs/cleanup_history.log claims it runs daily, which is wrong. In fact there were only 6 runs in 90 days, at
  irregular intervals, and memory_operations.log shows just 2 CLEANUP_RUN entries in the last 60 days.
- Embeddings: assistant_config.yaml uses text-embedding-ada-002 (1536 dimensions); embedding_config.yaml says
  text-embedding-ada-001 with vector_dimensions 1024. They cannot both be right.
- memory_summary is disabled (enabled = false), so every cleanup logs items_summarized=0: requirement 3
  (summarise before deleting) is broken.
- dedupe_scan runs only monthly; architecture v1 was built for about 100 items with no dedup or summaries.
- In recurring_schedule.csv 3 items are inactive (team retro, piano lesson, car insurance review).

## 2. Diagnosis

- Stale items: 8 expired memories (last used more than 90 days ago) are still stored: {', '.join(EXPIRED)}.
- Duplicates: 3 near-duplicate pairs: the two standup items, the two weekly report items, and the two blood
  pressure medication items. Similarity search compares vectors of mixed dimensions (1024 vs 1536), so duplicate
  detection silently fails.
- Full store: 5 ERROR entries are failed writes (quota exceeded at 500 items), and 3 WARN entries warned of 96% use.

## 3. Resolutions

- Retention: keep 90 days (primary config, requirement 2); reject the 30 days of storage_limits.json.
- Capacity: raise max_memory_items to at least 1000 (requirement 1); 5000 is not authoritative.
- Embeddings: use text-embedding-ada-002 with 1536 dimensions everywhere; re-embed the store once.
- Schedule: keep cleanup weekly, make it reliable, and fix the log header.

## 4. Redesigned workflow

- Categorisation on write: work, health, personal, places, shopping, recurring.
- Recurring items live in the recurring schedule and are updated in place; ad-hoc notes follow retention.
- Retention: ad-hoc items expire 90 days after last use; high-priority items are reviewed, not deleted.
- Deduplication on write (cosine similarity >= 0.92 on ada-002 vectors) and in a weekly scan; merge pairs.
- Cleanup weekly: summarise first (memory_summary enabled, running before cleanup), then delete.

## 5. Self-check procedures

- Daily self-check: item count vs limit (alert at 90%), failed writes in the last 24 h (alert on any).
- After each scheduled job: confirm a run record exists; alert if cleanup has not run for 8 days or
  items_summarized is 0 when items were deleted.
- Weekly: sample near-duplicate pairs above 0.92; alert when found; verify vector dimension is 1536.

The competitor analysis is marketing with nothing actionable, so it is not used.
"""


def task125():
    steps = [
        ("read_file", {"path": "config/assistant_config.yaml"}),
        ("read_file", {"path": "config/storage_limits.json"}),
        ("read_file", {"path": "config/embedding_config.yaml"}),
        ("read_file", {"path": "config/cron_schedules.ini"}),
        ("read_file", {"path": "logs/cleanup_history.log"}),
        ("search", {"query": "ERROR WRITE failed"}),
        ("search", {"query": "WARN storage"}),
        ("search", {"query": "\"expired\": true"}),
        ("read_file", {"path": "docs/user_requirements.md"}),
        *write_steps(DOC, DESIGN),
    ]
    answer = ("memory_workflow_design.md is written. Main findings: the limits conflict (500/90 vs 5000/30; keep 90 "
              "days, raise to at least 1000 items), cleanup is weekly but ran only 6 times in 90 days (the log's "
              "'daily' is wrong), the embedding configs disagree (use ada-002 with 1536 dimensions), the summary job "
              "is disabled, and 8 expired items and 3 duplicate pairs remain.")
    alt = (DESIGN.replace("which is wrong", "which is false").replace("at\n  irregular intervals", "sporadically")
           .replace("## 5. Self-check procedures", "## 5. Self-check")
           .replace("keep 90 days (primary config, requirement 2)", "set retention to 90 days as the primary config "
                    "and requirement 2 say"))
    right = [
        dict(why="the reference document, a short answer", answer="Design document written."),
        dict(why="other wording: 'false', 'sporadically', a rephrased retention line", base="nothing",
             answer="Done.", steps=write_steps(DOC, alt)),
        dict(why="the reference document and a long answer", answer=answer),
    ]

    def variant(**kv):
        t = DESIGN
        for k, v in kv.items():
            t = t.replace(k, v)
        return write_steps(DOC, t)
    wrong = [
        dict(kind="near-miss", why="30-day retention and 5000 items adopted, the log's daily schedule believed, "
                                   "7 expired items", base="nothing", answer="Written.", steps=variant(**{
                 "keep 90 days (primary config, requirement 2); reject the 30 days of storage_limits.json":
                 "use 30 days as in storage_limits.json",
                 "raise max_memory_items to at least 1000 (requirement 1); 5000 is not authoritative":
                 "use 5000 from storage_limits.json",
                 "claims it runs daily, which is wrong": "says it runs daily",
                 "keep cleanup weekly, make it reliable, and fix the log header": "cleanup should run daily",
                 "8 expired memories": "7 expired memories",
                 "use text-embedding-ada-002 with 1536 dimensions everywhere": "use text-embedding-ada-002 with 1024 "
                                                                             "dimensions everywhere",
                 "only 6 runs in 90 days, at\n  irregular intervals": "regular runs"})),
        dict(kind="wrong-entity", why="ada-001/1024 chosen, other items called stale, no duplicates found",
             base="nothing", answer="Written.", steps=variant(**{
                 "use text-embedding-ada-002 with 1536 dimensions everywhere": "use text-embedding-ada-001 with 1024 "
                                                                             "dimensions everywhere",
                 ", ".join(EXPIRED): "the gym schedule, rent reminder, backup check",
                 "3 near-duplicate pairs: the two standup items, the two weekly report items, and the two blood\n"
                 "  pressure medication items": "no duplicates",
                 "claims it runs daily, which is wrong": "says it runs daily",
                 "keep 90 days (primary config, requirement 2); reject the 30 days of storage_limits.json":
                 "30 days",
                 "raise max_memory_items to at least 1000 (requirement 1); 5000 is not authoritative":
                 "use 5000 from storage_limits.json"})),
        dict(kind="hedge", why="every resolution left open between the two values", base="nothing",
             answer="Written.", steps=variant(**{
                 "keep 90 days (primary config, requirement 2); reject the 30 days of storage_limits.json":
                 "either 30 or 90 days could work",
                 "raise max_memory_items to at least 1000 (requirement 1); 5000 is not authoritative":
                 "maybe 500 or 5000",
                 "use text-embedding-ada-002 with 1536 dimensions everywhere": "use ada-001 or ada-002 (1024 or "
                                                                             "1536 dimensions)",
                 "claims it runs daily, which is wrong": "says daily, which may or may not be right",
                 "8 expired memories": "8 or 9 expired memories"})),
        dict(kind="false-claim", why="describes the document, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the document is the configs and requirements pasted", base="nothing",
             answer="Written.", steps=write_steps(DOC, ASSISTANT + json.dumps(STORAGE, indent=2) + "\n" + EMBEDDING +
                                                  CRON + REQUIREMENTS)),
    ]
    port = Port("automation-memory-workflow", 125, "test",
                ("Our assistant's memory has been getting worse for months: stale facts resurface, duplicates pile up, "
                 "cleanups don't seem to happen. Everything is in the workspace (configs, the memory store, logs, "
                 "cleanup history, requirements, schedules), and several people have edited the configs, so "
                 "cross-check them. Write memory_workflow_design.md: an audit, a diagnosis with evidence, which "
                 "conflicting values should win, a redesigned workflow, the embedding setup, and self-check "
                 "procedures."),
                ["list_dir", "read_file", "search", "query", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(expired=EXPIRED), right=right, wrong=wrong,
                category="automation", sensitive=[("Parking garage code is 4471", "secret", 1.0)])
    return port, _build


PORTS = [task125]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
