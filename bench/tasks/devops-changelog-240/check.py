"""Own task: the 2.4.0 section of CHANGELOG.md.

Items: a 2.4.0 section above 2.3.0, with the older sections kept as they were (0.10); every feature merged since
2.3.0 by its pull request number, [388, 392, 401, 407] (0.20); every fix, [390, 395, 403] (0.20); the breaking change: cache.ttl renamed
to cache.ttl_seconds, with the rename to do before upgrading (0.25); the reverted #405 left out (0.10); nothing
already released or unreleased before 2.3.0 ([371, 366, 374, 379]) in it (0.15). The breaking change is the gate (notes that
miss or hedge it would break upgrades: 0); with it, the rest counts in proportion to the core (0.65).
"""

import re

from edgeagent.bench.grading import says_any
from edgeagent.bench.taskcheck import graded, text

FEATS, FIXES, BEFORE = [388, 392, 401, 407], [390, 395, 403], [371, 366, 374, 379]
OLD = '# Changelog\n\n## 2.3.0 (2026-01-20)\n\n### Features\n- Export reports as CSV (#371)\n- Per-team API tokens (#366)\n\n### Fixes\n- Pagination skipped the last page (#374)\n\n## 2.2.0 (2025-12-02)\n\n### Features\n- Webhooks for report completion (#340)\n\n### Fixes\n- Time zones in scheduled reports (#351)\n\n## 2.1.0 (2025-10-28)\n\n### Features\n- Scheduled reports (#318)\n'


def _section(t):
    m = re.search(r"(?im)^##\s*\[?v?2\.4\.0\]?.*$", t)
    if not m:
        return None, ""
    nxt = re.search(r"(?m)^##\s", t[m.end():])
    return m.start(), t[m.end():m.end() + nxt.start()] if nxt else t[m.end():]


def _pr(s, n):
    return re.search(r"#" + str(n) + r"(?!\d)", s) is not None


def check(ws, answer):
    t = text(ws / "CHANGELOG.md")
    start, sec = _section(t)
    if start is None:
        return 0.0
    feats = all(_pr(sec, n) for n in FEATS)
    fixes = all(_pr(sec, n) for n in FIXES)
    lines = [ln for ln in sec.splitlines() if "ttl" in ln.lower()]
    breaking = says_any(sec, "breaking", "breaking change", "breaking changes") and \
        any("cache.ttl_seconds" in ln and re.search(r"cache\.ttl(?!_)", ln) for ln in lines) and \
        not any(re.search(r"\b(or|maybe|might|possibly|perhaps)\b", ln, re.I) for ln in lines)
    if not breaking:
        return 0.0
    core = 0.20 * feats + 0.20 * fixes + 0.25
    kept = OLD.split("## 2.3.0", 1)[1].strip() in t and t.find("## 2.3.0") > start
    rest = 0.10 * kept + 0.10 * (not _pr(sec, 405)) + 0.15 * (not any(_pr(sec, n) for n in BEFORE))
    return core + rest * core / 0.65


check = graded(check)  # a pasted file is no answer
