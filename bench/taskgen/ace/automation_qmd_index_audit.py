"""AceBench 119: a Quarto (.qmd) file indexer stopped keeping up. Write a file-index-monitor skill, then audit:
files indexed per project, whether the incremental scans run on time, which file is stale, and the root cause,
as reports/index-audit.md and reports/audit-findings.json.

Facts as in the original: 12 indexed files (research 4, teaching 5, blog 2, data-analysis 1); the last
incremental check at 07:00 (+08:00) on 10 February 2026, every 30 minutes, so at 09:01 four runs (07:30, 08:00,
08:30, 09:00) are missing, which the cron monitor's last-run timestamp confirms; climate-panel-analysis.qmd was
modified at 08:15, after that check, yet the manifest still calls it current; the indexer resolves its config and
manifest from its own folder without `..`. Here the workspace is the repository: its history shows the script
moved into openclaw/ at 07:12 without its paths, and the cron log (~2,900 lines) shows the ENOENT failures.
An old projects note with the pre-2025 project names (course-notes, presentations) is the wrong-entity trap."""

from __future__ import annotations

import json
import random
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

from _base import Port
from devops_kit import Commit, main, repo, write_steps

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-119-qmd-index-audit"
CN = timezone(timedelta(hours=8))
FILES = {"research": ["introduction", "methodology", "results", "literature-review"],
         "teaching": ["week01-intro", "week02-regression", "week03-multiple-regression", "lab01-r-basics",
                      "lab02-data-wrangling"],
         "blog": ["quarto-tips", "r-visualization"],
         "data-analysis": ["climate-panel-analysis"]}

INDEXER_OK = """\
// Incremental indexer for .qmd files: updates .index/qmd_manifest.json from the scan roots.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

// Paths are relative to this script.


const CONFIG_PATH = path.join(__dirname, 'config', 'qmd_index.json');
const MANIFEST_PATH = path.join(__dirname, '.index', 'qmd_manifest.json');

function sha(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);
}

function main() {
  const config = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(MANIFEST_PATH, 'utf8'));
  const root = path.dirname(CONFIG_PATH);
  for (const scanRoot of config.scanRoots) {
    // walk scanRoot, compare mtime with manifest entries, re-index changed files
  }
  config.lastIncrementalCheck = new Date().toISOString();
  fs.writeFileSync(CONFIG_PATH, JSON.stringify(config, null, 2));
  fs.writeFileSync(MANIFEST_PATH, JSON.stringify(manifest, null, 2));
}

main();
"""

MONITOR = """\
// Cron monitor: records each job's last run in config/cron_monitor.json.
const fs = require('fs');
const path = require('path');

// Paths are relative to the workspace root, one level up.


const CONFIG_FILE = path.join(__dirname, '..', 'config', 'cron_monitor.json');

function record(job, ok) {
  const cfg = JSON.parse(fs.readFileSync(CONFIG_FILE, 'utf8'));
  const j = cfg.jobs.find((x) => x.id === job);
  if (j && ok) j.lastRunTimestamp = Date.now();
  fs.writeFileSync(CONFIG_FILE, JSON.stringify(cfg, null, 2));
}

module.exports = { record };
"""

OLD_PROJECTS = """\
# Projects (2024)

The indexer covers three projects: `research/`, `course-notes/` and `presentations/`.
Course notes are rebuilt every Sunday; presentations are indexed by hand.
"""


def _ms(dt: datetime) -> int:
    return int(dt.timestamp() * 1000)


def _manifest() -> dict:
    rng = random.Random(1190)
    files = []
    for proj, names in FILES.items():
        for n in names:
            mod = datetime(2026, 2, rng.randint(2, 9), rng.randint(8, 20), rng.choice([5, 20, 40]), tzinfo=CN)
            idx = mod + timedelta(minutes=rng.randint(3, 25))
            if n == "climate-panel-analysis":
                mod, idx = datetime(2026, 2, 10, 8, 15, tzinfo=CN), datetime(2026, 2, 9, 18, 30, 12, tzinfo=CN)
            files.append({"path": f"{proj}/{n}.qmd", "project": proj, "modifiedTime": mod.isoformat(),
                          "indexedAt": idx.isoformat(), "hash": f"{rng.getrandbits(64):016x}", "status": "current",
                          "words": rng.randint(600, 5200)})
    return {"version": 3, "generatedBy": "index_qmd_files.js", "totalFiles": len(files), "files": files, "errors": []}


def _config() -> dict:
    return {"scanRoots": list(FILES), "extensions": [".qmd"], "incrementalCheckMinutes": 30,
            "fullScanCron": "0 3 * * *", "lastFullScan": "2026-02-10T03:00:04+08:00",
            "lastIncrementalCheck": "2026-02-10T07:00:00+08:00", "timezone": "Asia/Shanghai"}


def _cron_monitor() -> dict:
    return {"jobs": [
        {"id": "qmd_index_incremental", "schedule": "*/30 * * * *",
         "lastRunTimestamp": _ms(datetime(2026, 2, 10, 7, 0, tzinfo=CN))},
        {"id": "qmd_index_full", "schedule": "0 3 * * *", "lastRunTimestamp": _ms(datetime(2026, 2, 10, 3, 0, 4,
                                                                                              tzinfo=CN))},
        {"id": "check_power_status", "schedule": "*/10 * * * *",
         "lastRunTimestamp": _ms(datetime(2026, 2, 10, 8, 51, tzinfo=CN))},
        {"id": "sync_zotero", "schedule": "*/15 * * * *", "lastRunTimestamp": _ms(datetime(2026, 2, 10, 8, 45,
                                                                                         tzinfo=CN))},
        {"id": "backup_notes", "schedule": "*/20 * * * *", "lastRunTimestamp": _ms(datetime(2026, 2, 10, 8, 58,
                                                                                          tzinfo=CN))},
    ]}


def _cron_log(rng: random.Random) -> str:
    out = []
    t = datetime(2026, 2, 3, 0, 0, tzinfo=CN)
    end = datetime(2026, 2, 10, 9, 1, tzinfo=CN)
    moved = datetime(2026, 2, 10, 7, 12, tzinfo=CN)
    while t < end:
        if t.minute % 10 == 0:
            out.append(f"{t.isoformat()} cron check_power_status ok ({rng.randint(40, 300)} ms)")
        if t.minute % 15 == 0:
            out.append(f"{t.isoformat()} cron sync_zotero ok items={rng.randint(0, 12)}")
        if t.minute % 20 == 0:
            out.append(f"{t.isoformat()} cron backup_notes ok")
        if t.minute % 30 == 0:
            if t < moved:
                out.append(f"{t.isoformat()} cron qmd_index_incremental ok changed={rng.randint(0, 2)} "
                           f"({rng.randint(300, 900)} ms)")
            else:
                out.append(f"{t.isoformat()} cron qmd_index_incremental FAILED exit=1: Error: ENOENT: no such file "
                           "or directory, open '/home/lin/qmd-workspace/openclaw/config/qmd_index.json'")
        if t.hour == 3 and t.minute == 0:
            out.append(f"{t.isoformat()} cron qmd_index_full ok files=12")
        t += timedelta(minutes=5)
    return "\n".join(out) + "\n"


def _qmd(f: Filler, title: str) -> str:
    return f"---\ntitle: \"{title.replace('-', ' ').title()}\"\nformat: html\n---\n\n" + "\n\n".join(
        f.paragraph() for _ in range(3)) + "\n"


def _commits(f: Filler) -> list[Commit]:
    me = f"{f.me.name} <{f.me.email}>"
    rng = random.Random(1191)
    out = [Commit(me, datetime(2026, 1, 6, 9, 0), "Set up the qmd workspace",
                  {"index_qmd_files.js": INDEXER_OK, "config/qmd_index.json": json.dumps(_config(), indent=2),
                   "docs/projects-2024.md": OLD_PROJECTS, ".gitignore": "node_modules/\n_site/\n"})]
    t = datetime(2026, 1, 6, 9, 0)
    docs = [(p, n) for p, ns in FILES.items() for n in ns]
    for i in range(34):
        t += timedelta(hours=rng.randint(8, 30))
        p, n = docs[i % len(docs)]
        out.append(Commit(me, t, rng.choice([f"{n}: draft", f"{n}: revise", f"{n}: fix figures", f"{n}: typos"]),
                          {f"{p}/{n}.qmd": _qmd(f, n)}))
    out.append(Commit(me, datetime(2026, 1, 20, 21, 0), "Add the cron monitor",
                      {"openclaw/monitor_cron_jobs.js": MONITOR}))
    out.sort(key=lambda c: c.when)
    out.append(Commit(me, datetime(2026, 2, 9, 18, 20), "climate-panel-analysis: first full draft",
                      {"data-analysis/climate-panel-analysis.qmd": _qmd(f, "climate panel analysis")}))
    out.append(Commit(me, datetime(2026, 2, 10, 7, 12), "Move the indexer next to the other openclaw scripts",
                      {"index_qmd_files.js": None, "openclaw/index_qmd_files.js": INDEXER_OK}))
    out.append(Commit(me, datetime(2026, 2, 10, 8, 15), "climate-panel-analysis: add the fixed-effects results",
                      {"data-analysis/climate-panel-analysis.qmd": _qmd(f, "climate panel analysis") +
                       "\n## Fixed effects\n\nCountry and year fixed effects absorb most of the variance.\n"}))
    return out


def _build(ws: Path) -> None:
    f = Filler(SEED)
    repo(ws.parent / "workspace.gitbundle", _commits(f))
    (ws / ".index").mkdir()
    (ws / ".index" / "qmd_manifest.json").write_text(json.dumps(_manifest(), indent=2) + "\n")
    (ws / "config").mkdir()
    (ws / "config" / "cron_monitor.json").write_text(json.dumps(_cron_monitor(), indent=2) + "\n")
    (ws / "logs").mkdir()
    (ws / "logs" / "cron.log").write_text(_cron_log(random.Random(1192)))


CHECK = '''\
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
COUNTS = {{"research": 4, "teaching": 5, "blog": 2, "data-analysis": 1}}


def _sentences(t):
    return [s for s in re.split(r"(?<=[.!?])\\s+|\\n+", t) if s.strip()]


def _counts(r):
    low = r.lower()
    ok = True
    for p, n in COUNTS.items():
        good = False
        for m in re.finditer(r"(?<![\\w-])" + p.replace("-", "[- ]") + r"(?![\\w-])", low):
            tail = re.split(r"[,;\\n]|\\b(?:" + "|".join(q.replace("-", "[- ]") for q in COUNTS) + r")\\b",
                            low[m.end():m.end() + 40])[0]
            found = numbers(tail)
            good = good or (bool(found) and found[0] == n and has_number(tail, n, alone=True))
        ok = ok and good
    return ok and not says_any(r, "course-notes", "course notes", "presentations")


def _stale(r):
    paragraphs = [p for p in re.split(r"\\n\\s*\\n", r) if p.strip()]
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
        return re.search(r"path\\.(join|resolve)\\(\\s*__dirname\\s*,\\s*(?:'\\.\\.'\\s*,\\s*'" + f + r"'\\s*,\\s*'" + n +
                         r"'|'\\.\\./" + f + "/" + n + r"'|'\\.\\.'\\s*,\\s*'" + f + "/" + n + r"')", flat)
    fixed = fix("config", "qmd_index.json") and fix(".index", "qmd_manifest.json")
    return bool(fixed) and says(r, "index_qmd_files.js")


def _skill(ws):
    t = text(ws / SKILL)
    fm = re.match(r"\\s*---\\s*\\n(.*?)\\n---", t, re.DOTALL)
    return bool(fm) and bool(re.search(r"(?m)^name\\s*:\\s*\\S", fm.group(1))) and \\
        bool(re.search(r"(?m)^description\\s*:\\s*\\S", fm.group(1))) and \\
        says_any(t, "modifiedTime", "modified time", "modification time", "mtime") and \\
        says_any(t, "lastIncrementalCheck", "last incremental check", "last check", "last scan") and \\
        says_any(t, "overdue", "missed", "late")


def _findings(ws):
    try:
        data = json.loads(text(ws / FINDINGS))
    except ValueError:
        return False
    items = data.get("findings", data.get("issues")) if isinstance(data, dict) else data
    if not isinstance(items, list) or len(items) < 3:
        return False
    keys = {{"issue_type", "evidence_file", "finding", "recommendation"}}
    return all(isinstance(i, dict) and keys <= set(i) and all(str(i[k]).strip() for k in keys) and
               (ws / str(i["evidence_file"]).split(":")[0].strip().removeprefix("./")).is_file() for i in items)


def check(ws, answer):
    r = text(ws / REPORT)
    core = 0.15 * _counts(r) + 0.15 * _stale(r) + 0.15 * _overdue(r) + 0.20 * _path_bug(r)
    if not core:
        return 0.0
    return core + (0.20 * _skill(ws) + 0.15 * _findings(ws)) * core / 0.65


check = graded(check)  # a pasted file is no answer
'''

REPORT = """\
# QMD index audit (10 Feb 2026, 09:01 +08:00)

## Index state
12 files indexed (.index/qmd_manifest.json), in the four scan roots of config/qmd_index.json:
- research: 4
- teaching: 5
- blog: 2
- data-analysis: 1

## Stale files
climate-panel-analysis.qmd was modified at 08:15 but the last incremental check ran at 07:00, so the change was
never picked up: it is stale, although the manifest still says "current" (indexedAt 2026-02-09 18:30:12) and
its errors list is empty, because no check has run since.

## Scheduler
Incremental checks are due every 30 minutes; the last one ran at 07:00, 121 minutes ago. 4 runs were missed
(07:30, 08:00, 08:30, 09:00). config/cron_monitor.json agrees: qmd_index_incremental last ran at 1770678000000
(07:00), while the other jobs ran between 08:45 and 08:58. logs/cron.log shows each missed run failing with ENOENT.

## Root cause
Commit "Move the indexer next to the other openclaw scripts" (07:12) moved index_qmd_files.js into openclaw/
without changing its paths, so __dirname now points at openclaw/ and the script looks for
openclaw/config/qmd_index.json and openclaw/.index/qmd_manifest.json. monitor_cron_jobs.js does it right with '..'.

## Fix
In openclaw/index_qmd_files.js (lines 9-10):

```js
const CONFIG_PATH = path.join(__dirname, '..', 'config', 'qmd_index.json');
const MANIFEST_PATH = path.join(__dirname, '..', '.index', 'qmd_manifest.json');
```

Then run the indexer once by hand to re-index climate-panel-analysis.qmd.
"""

FINDINGS_JSON = [
    {"issue_type": "stale_file", "evidence_file": ".index/qmd_manifest.json",
     "finding": "climate-panel-analysis.qmd modified 08:15, after the 07:00 check; manifest still says current",
     "recommendation": "Re-index it once the indexer runs again"},
    {"issue_type": "overdue_scan", "evidence_file": "config/cron_monitor.json",
     "finding": "qmd_index_incremental last ran at 07:00; 4 runs missed (07:30-09:00)",
     "recommendation": "Alert when a 30-minute job is more than one interval late"},
    {"issue_type": "path_bug", "evidence_file": "openclaw/index_qmd_files.js",
     "finding": "CONFIG_PATH and MANIFEST_PATH lack '..' after the move into openclaw/; every run fails with ENOENT",
     "recommendation": "Join __dirname with '..' for both paths"},
]

SKILL_MD = """\
---
name: file-index-monitor
description: Check a file index for stale entries and overdue scans, and report what is wrong and why.
usage: Run when an indexer seems to lag; point it at the manifest and the indexer's config.
---

# File index monitor

## 1. Find the index
Locate the manifest (e.g. .index/*.json) and the indexer config (scan roots, interval, lastIncrementalCheck).

## 2. Stale entries
For each file compare its modifiedTime with the lastIncrementalCheck: a file changed after the last check is
STALE whatever its status field says.

## 3. Overdue scans
From the interval and the last check, count the runs that should have happened by now; cross-check the cron
monitor's last-run time and the cron log for failures. Missed runs make the index OVERDUE.

## 4. Root cause and report
Read the failing job's error, then the script; write the report and a JSON list of findings.
"""


def task119():
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", _commits(Filler(SEED)))
    move = hashes[-2][:7]
    steps = [
        ("read_file", {"path": ".index/qmd_manifest.json"}),
        ("read_file", {"path": "config/qmd_index.json"}),
        ("read_file", {"path": "config/cron_monitor.json"}),
        ("search", {"query": "qmd_index_incremental FAILED"}),
        ("git_log", {"path": "openclaw"}),
        ("git_show", {"rev": move}),
        ("read_file", {"path": "openclaw/monitor_cron_jobs.js"}),
        ("write_file", {"path": "skills/file-index-monitor/SKILL.md", "content": SKILL_MD}),
        *write_steps("reports/index-audit.md", REPORT),
        ("write_file", {"path": "reports/audit-findings.json", "content": json.dumps(FINDINGS_JSON, indent=2)}),
    ]
    answer = ("The index is behind: climate-panel-analysis.qmd (modified 08:15) is stale because no incremental "
              "check has run since 07:00; 4 runs were missed. Cause: the indexer was moved into openclaw/ at 07:12 "
              "and its paths lack '..', so it dies with ENOENT. Report, findings JSON and the skill are written.")
    alt_report = (
        "# Audit\n\nProjects: research has 4 files, teaching has 5 files, blog has 2 files, data-analysis has 1 "
        "file (12 in all).\n\nStale: climate-panel-analysis.qmd changed at 8:15am, after the last incremental check "
        "at 7:00am, so it is out of date in the index.\n\nOverdue: four scheduled runs were missed (7:30, 8:00, "
        "8:30 and 9:00), about two hours.\n\nRoot cause: openclaw/index_qmd_files.js builds its paths from "
        "__dirname without '..'. Fix:\n\n    const CONFIG_PATH = path.join(__dirname, \"..\", \"config\", "
        "\"qmd_index.json\");\n    const MANIFEST_PATH = path.join(__dirname, \"..\", \".index\", "
        "\"qmd_manifest.json\");\n")
    right = [
        dict(why="the reference end state, a short answer", answer="Audit written to reports/."),
        dict(why="counts in sentences, 12-hour times, double quotes in the fix, findings under a 'findings' key",
             base="nothing", answer="Done.", steps=[
                 ("write_file", {"path": "skills/file-index-monitor/SKILL.md", "content": SKILL_MD}),
                 ("write_file", {"path": "reports/index-audit.md", "content": alt_report}),
                 ("write_file", {"path": "reports/audit-findings.json",
                                 "content": json.dumps({"findings": FINDINGS_JSON})})]),
        dict(why="extra true detail in the answer", answer=answer + " The other cron jobs ran normally up to 08:58."),
    ]

    def rep(**kv):
        t = REPORT
        for k, v in kv.items():
            t = t.replace(k, v)
        return [("write_file", {"path": "skills/file-index-monitor/SKILL.md", "content": SKILL_MD}),
                *write_steps("reports/index-audit.md", t),
                ("write_file", {"path": "reports/audit-findings.json", "content": json.dumps(FINDINGS_JSON)})]
    wrong = [
        dict(kind="near-miss", why="teaching 4, three missed runs, only the config path fixed", base="nothing",
             answer=answer, steps=rep(**{"- teaching: 5": "- teaching: 4", "4 runs were missed\n(07:30, 08:00, "
                                         "08:30, 09:00)": "3 runs were missed\n(07:30, 08:00, 08:30)",
                                         "121 minutes ago": "about two hours ago",
                                         "const MANIFEST_PATH = path.join(__dirname, '..', '.index',":
                                         "const MANIFEST_PATH = path.join(__dirname, '.index',",
                                         "modified at 08:15": "modified at 08:45"})),
        dict(kind="wrong-entity", why="the 2024 project names, another file called stale, the monitor blamed",
             base="nothing", answer="Audit written.", steps=rep(**{
                 "- teaching: 5\n- blog: 2\n- data-analysis: 1": "- course-notes: 5\n- presentations: 3",
                 "climate-panel-analysis.qmd was modified": "week02-regression.qmd was modified",
                 "4 runs were missed": "2 runs were missed", "121 minutes ago": "an hour ago",
                 "path.join(__dirname, '..', 'config', 'qmd_index.json')": "path.join(__dirname, 'config', "
                 "'cron_monitor.json')"})),
        dict(kind="hedge", why="three or four runs missed, the stale file either of two", base="nothing",
             answer="Audit written.", steps=rep(**{
                 "4 runs were missed": "3 or 4 runs were missed",
                 "121 minutes ago": "roughly two hours ago",
                 "climate-panel-analysis.qmd was modified at 08:15": "climate-panel-analysis.qmd or week02-regression"
                 ".qmd may have been modified at 08:15 or 08:45",
                 "const MANIFEST_PATH = path.join(__dirname, '..', '.index',":
                 "const MANIFEST_PATH = path.join(__dirname, '.index',",
                 "- research: 4": "- research: 4 or 5"})),
        dict(kind="false-claim", why="reports the audit, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the report is the manifest and the config pasted", base="nothing", answer="Done.",
             steps=[*write_steps("reports/index-audit.md", json.dumps(_config(), indent=2) + "\n" +
                                 json.dumps(_manifest(), indent=2)[:3000])]),
    ]
    port = Port("automation-qmd-index-audit", 119, "test",
                ("My QMD indexer seems to have fallen behind: I edited the climate panel analysis this morning and "
                 "doubt the index noticed. It's 09:01 on Tuesday 10 February 2026 (Asia/Shanghai). Set up a "
                 "file-index-monitor skill if we don't have one, then write an audit to reports/index-audit.md "
                 "(files indexed per project, whether scheduled scans run on time, stale files, root cause) and "
                 "reports/audit-findings.json listing each issue with issue_type, evidence_file, finding and "
                 "recommendation."),
                ["list_dir", "read_file", "search", "git_log", "git_show", "git_diff", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(), right=right, wrong=wrong, category="automation")
    return port, _build


PORTS = [task119]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
