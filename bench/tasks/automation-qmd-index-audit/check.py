"""AceBench 119: the QMD index audit. It is 09:01 on 10 February 2026 (+08:00).

Weights from the original's judge rubric:
- data accuracy 0.30: the per-project counts (research 4, teaching 5, blog 2, data-analysis 1) with no retired
  project names (course-notes, presentations) (0.15); climate-panel-analysis.qmd named stale, its 08:15
  modification set against the 07:00 last incremental check (0.15).
- technical findings 0.35: the incremental scan overdue with four runs missed (07:30, 08:00, 08:30, 09:00) or 121
  minutes since the last (0.15); the path bug in openclaw/index_qmd_files.js, the missing '..', with a fix for
  both the config and the manifest path (0.20).
- skill 0.20: skills/file-index-monitor/SKILL.md with front matter name and description, comparing modification
  times with the last check to call files stale and checking for overdue scans.
- structured findings 0.15 (the original's report-clarity item, made checkable): reports/audit-findings.json with
  at least three findings, each with issue_type, evidence_file (a file of the workspace), finding and
  recommendation.
Re-weighted: skill and findings count in proportion to the report's facts (0.65) earned.
"""

import json
import re

from edgeagent.bench.grading import has_number, has_time, numbers, says, says_any
from edgeagent.bench.taskcheck import graded, text
from datetime import time

REPORT, FINDINGS, SKILL = "reports/index-audit.md", "reports/audit-findings.json", "skills/file-index-monitor/SKILL.md"
COUNTS = {"research": 4, "teaching": 5, "blog": 2, "data-analysis": 1}


def _sentences(t):
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", t) if s.strip()]


def _counts(r):
    low = r.lower()
    ok = True
    for p, n in COUNTS.items():
        good = False
        for m in re.finditer(r"(?<![\w-])" + p.replace("-", "[- ]") + r"(?![\w-])", low):
            tail = re.split(r"[,;\n]|\b(?:" + "|".join(q.replace("-", "[- ]") for q in COUNTS) + r")\b",
                            low[m.end():m.end() + 40])[0]
            found = numbers(tail)
            good = good or (bool(found) and found[0] == n and has_number(tail, n, alone=True))
        ok = ok and good
    return ok and not says_any(r, "course-notes", "course notes", "presentations")


def _stale(r):
    paragraphs = [p for p in re.split(r"\n\s*\n", r) if p.strip()]
    return any(says(p, "climate panel analysis") and has_time(p, time(8, 15), alone=True) and has_time(p, time(7, 0))
               for p in _sentences(r) + paragraphs) and says_any(r, "stale", "out of date", "outdated", "not re-indexed",
                                                    "not reindexed")


def _overdue(r):
    for s in _sentences(r):
        if says_any(s, "missed", "missing", "skipped", "did not run", "didn't run", "not run", "never ran",
                    "failed", "overdue", "did not happen", "didn't happen", "never happened", "have not run",
                    "haven't run", "no run", "late"):
            if (has_number(s, 4, alone=True) and not has_number(s, 3)) or has_number(s, 121):
                return True
            if all(has_time(s, time(h, m)) for h, m in ((7, 30), (8, 0), (8, 30), (9, 0))):
                return True
    return False


def _path_bug(r):
    flat = r.replace('"', "'")
    def fix(folder, name):
        f, n = re.escape(folder), re.escape(name)
        return re.search(r"path\.(join|resolve)\(\s*__dirname\s*,\s*(?:'\.\.'\s*,\s*'" + f + r"'\s*,\s*'" + n +
                         r"'|'\.\./" + f + "/" + n + r"'|'\.\.'\s*,\s*'" + f + "/" + n + r"')", flat)
    fixed = fix("config", "qmd_index.json") and fix(".index", "qmd_manifest.json")
    return bool(fixed) and says(r, "index_qmd_files.js")


def _skill(ws):
    t = text(ws / SKILL)
    fm = re.match(r"\s*---\s*\n(.*?)\n---", t, re.DOTALL)
    return bool(fm) and bool(re.search(r"(?m)^name\s*:\s*\S", fm.group(1))) and \
        bool(re.search(r"(?m)^description\s*:\s*\S", fm.group(1))) and \
        says_any(t, "modifiedTime", "modified time", "modification time", "mtime") and \
        says_any(t, "lastIncrementalCheck", "last incremental check", "last check", "last scan") and \
        says_any(t, "overdue", "missed", "late")


def _findings(ws):
    try:
        data = json.loads(text(ws / FINDINGS))
    except ValueError:
        return False
    items = data.get("findings", data.get("issues")) if isinstance(data, dict) else data
    if not isinstance(items, list) or len(items) < 3:
        return False
    keys = {"issue_type", "evidence_file", "finding", "recommendation"}
    return all(isinstance(i, dict) and keys <= set(i) and all(str(i[k]).strip() for k in keys) and
               (ws / str(i["evidence_file"]).split(":")[0].strip().removeprefix("./")).is_file() for i in items)


def check(ws, answer):
    r = text(ws / REPORT)
    core = 0.15 * _counts(r) + 0.15 * _stale(r) + 0.15 * _overdue(r) + 0.20 * _path_bug(r)
    if not core:
        return 0.0
    return core + (0.20 * _skill(ws) + 0.15 * _findings(ws)) * core / 0.65


check = graded(check)  # a pasted file is no answer
