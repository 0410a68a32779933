"""Own task (DevOps): write the 2.4.0 section of CHANGELOG.md from the history since the 2.3.0 release commit:
the features and fixes by pull request, the breaking change (a config key renamed, with the migration), and not
the feature that was merged and then reverted, nor anything already released.

The workspace is the repository (~70 conventional commits; the CHANGELOG holds 2.1.0 to 2.3.0)."""

from __future__ import annotations

import random
import tempfile
from datetime import datetime
from pathlib import Path

from _base import Port
from devops_kit import Commit, busy_history, main, repo, write_steps

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-devops-release-notes"
OLD_LOG = """\
# Changelog

## 2.3.0 (2026-01-20)

### Features
- Export reports as CSV (#371)
- Per-team API tokens (#366)

### Fixes
- Pagination skipped the last page (#374)

## 2.2.0 (2025-12-02)

### Features
- Webhooks for report completion (#340)

### Fixes
- Time zones in scheduled reports (#351)

## 2.1.0 (2025-10-28)

### Features
- Scheduled reports (#318)
"""
BEFORE = [("feat: export reports as CSV (#371)", 371), ("feat: per-team API tokens (#366)", 366),
          ("fix: pagination skipped the last page (#374)", 374), ("feat: report templates draft (#379)", 379)]
FEATS = [("feat: dark mode for the report viewer (#388)", 388), ("feat(api): bulk delete endpoint (#392)", 392),
         ("feat: Slack notifications for failed schedules (#401)", 401), ("feat(export): XLSX export (#407)", 407)]
FIXES = [("fix: scheduler ran twice after DST change (#390)", 390), ("fix(api): 500 on empty filter list (#395)", 395),
         ("fix: CSV export escaped quotes twice (#403)", 403)]
BREAKING = (("feat!: rename cache.ttl to cache.ttl_seconds (#398)\n\nBREAKING CHANGE: the config key cache.ttl is now "
            "cache.ttl_seconds; the old key is ignored. Rename it in config.yaml before upgrading."), 398)
REVERTED = ("feat: inline chart annotations (#405)", 405)


def _history(f: Filler):
    rng = random.Random(1001)
    people = [f"{p.name} <{p.email}>" for p in (f.person(dept="Engineering") for _ in range(6))]
    files = {"README.md": "# reportly\n\nScheduled reports as a service.\n", "CHANGELOG.md": "# Changelog\n\n## 2.2.0" + OLD_LOG.split("## 2.2.0")[1],
             "config/config.example.yaml": "cache:\n  ttl: 300\nreports:\n  max_rows: 100000\n",
             "src/reportly/app.py": "def main():\n    pass\n",
             "src/reportly/scheduler.py": "import zoneinfo\n\n\ndef next_run(cron, tz):\n    zone = zoneinfo.ZoneInfo(tz)\n"
                                          "    return cron.next(zone)\n",
             "src/reportly/export.py": "import csv\n\n\ndef to_csv(rows, out):\n    w = csv.writer(out)\n"
                                       "    w.writerows(rows)\n",
             "src/reportly/api.py": "def list_reports(team):\n    return []\n\n\ndef delete_report(report_id):\n"
                                    "    raise NotImplementedError\n",
             "docs/configuration.md": "# Configuration\n\n`config.yaml` keys: cache.ttl (seconds), reports.max_rows.\n",
             "docs/api.md": "# API\n\nGET /reports, POST /reports, DELETE /reports/{id}.\n",
             "tests/test_scheduler.py": "def test_next_run():\n    assert True\n"}
    planted, i = {}, 4
    for msg, _n in BEFORE[:3]:
        planted[i] = Commit(rng.choice(people), datetime(2026, 1, 5), msg, {f"src/reportly/f{i}.py": f"# {msg}\n"})
        i += 3
    planted[i] = Commit(people[0], datetime(2026, 1, 20, 11), "chore(release): 2.3.0", {"CHANGELOG.md": OLD_LOG})
    rel = i
    i += 2
    planted[i] = Commit(rng.choice(people), datetime(2026, 1, 22), BEFORE[3][0] + "\n\nBehind a flag; not released.",
                        {"src/reportly/templates.py": "# templates draft\n"})
    i += 2
    seq = FEATS[:2] + FIXES[:1] + [BREAKING] + FIXES[1:2] + FEATS[2:3] + FIXES[2:] + [REVERTED] + FEATS[3:]
    for msg, n in seq:
        planted[i] = Commit(rng.choice(people), datetime(2026, 1, 25), msg,
                            {f"src/reportly/pr{n}.py": f"# {msg.splitlines()[0]}\n"} if n != 398 else
                            {"config/config.example.yaml": lambda t: t.replace("ttl: 300", "ttl_seconds: 300")})
        i += 3
    planted[i] = Commit(rng.choice(people), datetime(2026, 2, 20), "Revert \"feat: inline chart annotations (#405)\"\n\n"
                        "Breaks the PDF renderer; back out for now.", {"src/reportly/pr405.py": None})
    hist = busy_history(rng, people, datetime(2025, 12, 5, 9, 0), max(planted) + 10, files, planted, (6, 14),
                        skip=("CHANGELOG.md",))
    return hist, rel


CHECK = '''\
"""Own task: the 2.4.0 section of CHANGELOG.md.

Items: a 2.4.0 section above 2.3.0, with the older sections kept as they were (0.10); every feature merged since
2.3.0 by its pull request number, {feats} (0.20); every fix, {fixes} (0.20); the breaking change: cache.ttl renamed
to cache.ttl_seconds, with the rename to do before upgrading (0.25); the reverted #405 left out (0.10); nothing
already released or unreleased before 2.3.0 ({before}) in it (0.15). The breaking change is the gate (notes that
miss or hedge it would break upgrades: 0); with it, the rest counts in proportion to the core (0.65).
"""

import re

from edgeagent.bench.grading import says_any
from edgeagent.bench.taskcheck import graded, text

FEATS, FIXES, BEFORE = {feats!r}, {fixes!r}, {before!r}
OLD = {old!r}


def _section(t):
    m = re.search(r"(?im)^##\\s*\\[?v?2\\.4\\.0\\]?.*$", t)
    if not m:
        return None, ""
    nxt = re.search(r"(?m)^##\\s", t[m.end():])
    return m.start(), t[m.end():m.end() + nxt.start()] if nxt else t[m.end():]


def _pr(s, n):
    return re.search(r"#" + str(n) + r"(?!\\d)", s) is not None


def check(ws, answer):
    t = text(ws / "CHANGELOG.md")
    start, sec = _section(t)
    if start is None:
        return 0.0
    feats = all(_pr(sec, n) for n in FEATS)
    fixes = all(_pr(sec, n) for n in FIXES)
    lines = [ln for ln in sec.splitlines() if "ttl" in ln.lower()]
    breaking = says_any(sec, "breaking", "breaking change", "breaking changes") and \\
        any("cache.ttl_seconds" in ln and re.search(r"cache\\.ttl(?!_)", ln) for ln in lines) and \\
        not any(re.search(r"\\b(or|maybe|might|possibly|perhaps)\\b", ln, re.I) for ln in lines)
    if not breaking:
        return 0.0
    core = 0.20 * feats + 0.20 * fixes + 0.25
    kept = OLD.split("## 2.3.0", 1)[1].strip() in t and t.find("## 2.3.0") > start
    rest = 0.10 * kept + 0.10 * (not _pr(sec, 405)) + 0.15 * (not any(_pr(sec, n) for n in BEFORE))
    return core + rest * core / 0.65


check = graded(check)  # a pasted file is no answer
'''


def _notes(feats=FEATS, fixes=FIXES, breaking=True, extra="") -> str:
    out = ["## 2.4.0 (unreleased)", ""]
    if breaking:
        out += ["### Breaking changes",
                ("- The config key `cache.ttl` is renamed to `cache.ttl_seconds`; the old key is ignored. Rename it in "
                "config.yaml before upgrading (#398)."), ""]
    out += ["### Features"] + [f"- {m.split(': ', 1)[1].rsplit(' (#', 1)[0].capitalize()} (#{n})" for m, n in feats]
    out += ["", "### Fixes"] + [f"- {m.split(': ', 1)[1].rsplit(' (#', 1)[0].capitalize()} (#{n})" for m, n in fixes]
    return "\n".join(out) + "\n" + extra + "\n"


def task():
    f = Filler(SEED)
    hist, rel = _history(f)
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", hist)
    new = OLD_LOG.replace("# Changelog\n\n", "# Changelog\n\n" + _notes(), 1)
    steps = [
        ("read_file", {"path": "CHANGELOG.md"}),
        ("git_log", {"path": "."}),
        ("git_show", {"rev": hashes[rel][:7]}),
        ("git_diff", {"rev": hashes[rel][:7]}),
        *write_steps("CHANGELOG.md", new),
    ]
    answer = ("CHANGELOG.md now opens with 2.4.0: four features (#388, #392, #401, #407), three fixes (#390, #395, "
              "#403) and one breaking change, cache.ttl renamed to cache.ttl_seconds (#398). #405 was reverted and "
              "#379 went in before 2.3.0 behind a flag, so neither is listed.")
    alt = OLD_LOG.replace("# Changelog\n\n", "# Changelog\n\n## [v2.4.0]\n\n**BREAKING**: `cache.ttl` -> "
                          "`cache.ttl_seconds` (#398). Update your config before you upgrade.\n\nAdded: dark mode "
                          "(#388), bulk delete API (#392), Slack alerts for failed schedules (#401), XLSX export "
                          "(#407).\nFixed: double scheduler runs after DST (#390), 500 on empty filters (#395), CSV "
                          "quote escaping (#403).\n\n", 1)
    right = [
        dict(why="the reference section, a short answer", answer="Added the 2.4.0 section to CHANGELOG.md."),
        dict(why="a bracketed v2.4.0 heading, prose instead of lists", base="nothing", answer="Done.",
             steps=write_steps("CHANGELOG.md", alt)),
        dict(why="extra true detail in the answer", answer=answer + " The release commit for 2.3.0 is "
             f"{hashes[rel][:7]}."),
    ]
    wrong = [
        dict(kind="near-miss", why="the breaking change missed and the reverted #405 listed", base="nothing",
             answer="Added 2.4.0.", steps=write_steps("CHANGELOG.md", OLD_LOG.replace(
                 "# Changelog\n\n", "# Changelog\n\n" + _notes(feats=[*FEATS, REVERTED], breaking=False), 1))),
        dict(kind="wrong-entity", why="the 2.3.0 range again (#371, #366, #374) as 2.4.0", base="nothing",
             answer="Added 2.4.0.", steps=write_steps("CHANGELOG.md", OLD_LOG.replace(
                 "# Changelog\n\n", "# Changelog\n\n" + _notes(feats=BEFORE[:2], fixes=BEFORE[2:3], breaking=False),
                 1))),
        dict(kind="hedge", why="the rename 'may' apply, old or new key", base="nothing", answer="Added 2.4.0.",
             steps=write_steps("CHANGELOG.md", OLD_LOG.replace("# Changelog\n\n", "# Changelog\n\n" + _notes(
                 breaking=False, extra="\n### Maybe breaking\n- cache.ttl or cache.ttl_seconds might be the key now "
                                       "(#398).\n"), 1))),
        dict(kind="false-claim", why="describes the section, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the section is the raw commit subjects pasted, old ones included", base="nothing",
             answer="Added 2.4.0.", steps=write_steps("CHANGELOG.md", "## 2.4.0\n\n" + "\n".join(
                 c.message.splitlines()[0] for c in hist) + "\n\n" + OLD_LOG)),
    ]
    port = Port("devops-changelog-240", 0, "dev",
                ("We're about to cut 2.4.0. Add its section at the top of CHANGELOG.md covering everything merged "
                 "since the 2.3.0 release: features and fixes with their PR numbers, in the style of the existing "
                 "entries, and call out anything breaking with what people must change before upgrading. Leave out "
                 "anything that was reverted."),
                ["list_dir", "read_file", "search", "git_log", "git_show", "git_diff", "write_file", "append_file"],
                answer=answer, steps=steps,
                check=CHECK.format(feats=[n for _m, n in FEATS], fixes=[n for _m, n in FIXES],
                                   before=[n for _m, n in BEFORE], old=OLD_LOG),
                right=right, wrong=wrong, category="devops")
    return port, lambda ws: repo(ws.parent / "workspace.gitbundle", hist)


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
