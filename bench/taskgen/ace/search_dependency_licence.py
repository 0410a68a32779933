"""search-dependency-licence (own): which licence the tiledraw dependency of the desktop app uses at the version
the app pins, and whether the open-source policy lets the company ship it.

Workspace: the app's package.json (tiledraw ^3.2.0 among ~40 dependencies) and lock excerpt; third_party/ with
the vendored packages' LICENSE files (tiledraw-3.2.0: AGPL-3.0, its CHANGELOG noting the relicensing from MIT at
3.0.0; the near-namesake tiledraw-lite: MIT; a dozen others); compliance/licence-inventory.csv, a scanner export
(~420 rows) last run before the upgrade, listing tiledraw 2.9.4 as MIT; policies/ with the open-source policy
v2 (2025: AGPL, GPL and SSPL forbidden in anything distributed to customers) and the superseded v1 (2022: AGPL
"needs legal review"); docs/ filler. Answer: AGPL-3.0, and it may not ship in the desktop app."""

from __future__ import annotations

import csv
import io
import json
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler

PORTS: list = []
ID = "search-dependency-licence"

DEPS = {"react": ("18.3.1", "MIT"), "electron": ("31.2.0", "MIT"), "lodash": ("4.17.21", "MIT"),
        "date-fns": ("3.6.0", "MIT"), "zod": ("3.23.8", "MIT"), "axios": ("1.7.2", "MIT"),
        "pdf-lib": ("1.17.1", "MIT"), "sharp": ("0.33.4", "Apache-2.0"), "dompurify": ("3.1.5", "MPL-2.0"),
        "chart.js": ("4.4.3", "MIT"), "i18next": ("23.11.5", "MIT"), "uuid": ("10.0.0", "MIT"),
        "tiledraw": ("3.2.0", "AGPL-3.0-only"), "tiledraw-lite": ("1.4.1", "MIT"), "ws": ("8.17.1", "MIT"),
        "semver": ("7.6.2", "ISC"), "protobufjs": ("7.3.2", "BSD-3-Clause"), "better-sqlite3": ("11.1.2", "MIT")}
EXTRA = ["classnames", "immer", "nanoid", "yaml", "ajv", "marked", "highlight.js", "zustand", "mitt", "dayjs",
         "clsx", "fuse.js", "papaparse", "idb", "comlink", "jszip", "mime", "qs", "ramda", "rxjs", "tslib"]

POLICY_V2 = """# Open-source licence policy

_Version 2 · approved by Legal 3 March 2025 · replaces version 1 (2022)_

## 1. Scope

Every third-party component in software we distribute to customers (desktop app, mobile apps, on-premise
installers) or run for them as a service.

## 2. Allowed

MIT, BSD-2-Clause, BSD-3-Clause, Apache-2.0, ISC, Zlib: allowed; keep the notice in the about box.

## 3. Allowed with conditions

- MPL-2.0: allowed unmodified; changes to MPL files are published.
- LGPL-2.1/3.0: dynamic linking only, with Legal's sign-off.

## 4. Forbidden

GPL-2.0, GPL-3.0, **AGPL-3.0** and SSPL components must not be shipped in, or linked into, anything we
distribute or run as a service. There is no exception process: replace the component.

## 5. Checking

The licence that counts is the one of the exact version we ship, read from its own LICENSE file; scanner
exports can be out of date.
"""
POLICY_V1 = """# Open-source licence policy

_Version 1 · 2022 · superseded by version 2 (March 2025)_

## Rules

- Permissive licences (MIT, BSD, Apache-2.0) are allowed.
- GPL and AGPL components need legal review before release; Legal may approve them case by case.
- MPL-2.0 is not allowed.
"""
MIT = """MIT License

Copyright (c) {year} {who}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.
"""
AGPL = """                    GNU AFFERO GENERAL PUBLIC LICENSE
                       Version 3, 19 November 2007

 Copyright (C) 2007 Free Software Foundation, Inc. <https://fsf.org/>
 Everyone is permitted to copy and distribute verbatim copies
 of this license document, but changing it is not allowed.

tiledraw, copyright (C) 2024 the tiledraw authors.

This program is free software: you can redistribute it and/or modify it under the terms of the GNU Affero
General Public License as published by the Free Software Foundation, version 3.

(full licence text: https://www.gnu.org/licenses/agpl-3.0.txt)
"""
CHANGELOG = """# tiledraw changelog

## 3.2.0 (2025-11-04)
- WebGL tile cache; faster pan and zoom.

## 3.0.0 (2025-06-16)
- **Licence change:** tiledraw is now licensed under the GNU AGPL-3.0 (previously MIT). Versions up to 2.9.x
  remain available under MIT. A commercial licence is available from the maintainers.
- New renderer.

## 2.9.4 (2025-03-02)
- Fix label clipping.
"""


def task() -> tuple[Port, object]:
    f = Filler(ID)
    prompt = ("Before the 4.0 release of our desktop app, Legal wants to know about the tiledraw dependency: which "
              "open-source licence does the version we actually use come under, and are we allowed to ship it in "
              "the app under our open-source policy? Give me a clear yes or no with the reason.")

    def build(ws: Path) -> None:
        app = ws / "app"
        app.mkdir()
        deps = {k: "^" + v for k, (v, _) in DEPS.items() if k != "tiledraw-lite"}
        deps.update({k: f"^{1 + i % 5}.{i % 9}.{i % 4}" for i, k in enumerate(EXTRA)})
        (app / "package.json").write_text(json.dumps(
            {"name": "desk-client", "version": "4.0.0-rc.2", "private": True, "main": "dist/main.js",
             "dependencies": dict(sorted(deps.items())),
             "devDependencies": {"typescript": "^5.5.3", "vitest": "^1.6.0", "eslint": "^9.6.0"}}, indent=2) + "\n")
        (app / "CHANGELOG.md").write_text(
            "# desk-client\n\n## 4.0.0-rc.2\n- Upgrade tiledraw to 3.2.0 for the WebGL map view.\n- Replace "
            "tiledraw-lite in the settings preview.\n\n## 3.8.0\n- tiledraw 2.9.4.\n")
        tp = ws / "third_party"
        for name, (ver, lic) in DEPS.items():
            d = tp / f"{name}-{ver}"
            d.mkdir(parents=True)
            if lic == "AGPL-3.0-only":
                (d / "LICENSE").write_text(AGPL)
                (d / "CHANGELOG.md").write_text(CHANGELOG)
            elif lic == "MIT":
                (d / "LICENSE").write_text(MIT.format(year=2019 + len(name) % 6, who=f"the {name} contributors"))
            else:
                (d / "LICENSE").write_text(f"{lic}\n\nSee the full text of the {lic} licence.\n")
            (d / "package.json").write_text(json.dumps({"name": name, "version": ver, "license": lic}, indent=2)
                                            + "\n")
        rng = f.rng
        rows = []
        for i in range(400):
            name = rng.choice(EXTRA + list(DEPS)) + ("" if rng.random() < 0.4 else f"-{rng.choice(['core', 'utils', 'types', 'plugin'])}")
            rows.append([name, f"{rng.randint(0, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
                         rng.choice(["MIT", "MIT", "MIT", "ISC", "Apache-2.0", "BSD-3-Clause", "BSD-2-Clause"]),
                         rng.choice(["desk-client", "admin-web", "sync-server"]),
                         (date(2025, 1, 6) + timedelta(days=rng.randint(0, 120))).isoformat()])
        rows.append(["tiledraw", "2.9.4", "MIT", "desk-client", "2025-04-28"])
        rows.append(["tiledraw-lite", "1.4.1", "MIT", "desk-client", "2025-04-28"])
        rows.sort()
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["package", "version", "license", "project", "scanned_on"])
        w.writerows(rows)
        comp = ws / "compliance"
        comp.mkdir()
        (comp / "licence-inventory.csv").write_text(buf.getvalue())
        pol = ws / "policies"
        pol.mkdir()
        (pol / "open-source-policy-v2.md").write_text(POLICY_V2)
        (pol / "open-source-policy-v1.md").write_text(POLICY_V1)
        docs = ws / "docs"
        docs.mkdir()
        for i in range(16):
            kind = ["notes", "status", "policy", "brief"][i % 4]
            (docs / f"{kind}-{i + 1:02d}.md").write_text(f.document(kind, when=date(2025, 10, 1) + timedelta(days=5 * i)))

    answer = ("No. The app pins tiledraw ^3.2.0, and tiledraw 3.x is licensed under the GNU AGPL-3.0 (it was "
              "relicensed from MIT at 3.0.0; the licence inventory still shows the old 2.9.4 as MIT). Our open-source "
              "policy (version 2, March 2025) forbids AGPL-3.0 in anything we distribute, with no exception "
              "process, so it may not ship in the desktop app. Options: stay on 2.9.x (MIT), buy the commercial "
              "licence, or replace it.")
    steps = [("read_file", {"path": "app/package.json"}), ("search", {"query": "tiledraw"}),
             ("read_file", {"path": "third_party/tiledraw-3.2.0/LICENSE"}),
             ("read_file", {"path": "third_party/tiledraw-3.2.0/CHANGELOG.md"}),
             ("list_dir", {"path": "policies"}), ("read_file", {"path": "policies/open-source-policy-v2.md"})]
    long_right = (
        "Short answer: no, we can't ship tiledraw as it stands in 4.0.\n\nWhat we use: app/package.json for the "
        "4.0.0 release candidate depends on tiledraw ^3.2.0 (the app changelog says the 4.0 RC upgraded it to 3.2.0 "
        "for the WebGL map view), and the vendored copy is third_party/tiledraw-3.2.0.\n\nIts licence: the "
        "LICENSE file of 3.2.0 is the GNU Affero General Public License, version 3 (AGPL-3.0). tiledraw's own "
        "changelog explains why: at 3.0.0 (June 2025) the project was relicensed from MIT to AGPL-3.0; versions "
        "up to 2.9.x stay MIT, and the maintainers sell a commercial licence. Careful with the compliance scanner "
        "export: it still lists tiledraw 2.9.4 as MIT because it was last run in April 2025, before the upgrade. "
        "The similarly named tiledraw-lite is MIT, but that's a different package.\n\nThe policy: the current "
        "open-source policy is version 2, approved by Legal in March 2025. Section 4 lists AGPL-3.0 among the "
        "forbidden licences for anything we distribute to customers or run as a service, and there is no exception "
        "process. (The old 2022 policy allowed AGPL after a legal review, but it's superseded.) The desktop app is "
        "distributed software, so it falls squarely under the ban.\n\nSo: not allowed. To release, we'd either pin "
        "back to tiledraw 2.9.x under MIT, get the commercial licence, or swap in another library.")
    assert len(long_right) > 1000
    right = [
        {"why": "the reference answer", "answer": answer},
        {"why": "terse", "answer": "No: tiledraw 3.2.0 is AGPL-3.0, which policy v2 forbids in distributed "
                                   "software."},
        {"why": "a long explanation with extra true detail", "answer": long_right},
    ]
    wrong = [
        {"kind": "near-miss", "why": "GPL-3.0 instead of AGPL-3.0", "answer": "No: tiledraw 3.2.0 is under "
         "GPL-3.0, which our policy forbids in distributed software."},
        {"kind": "wrong-entity", "why": "the stale inventory's MIT for 2.9.4", "answer": "Yes: the licence "
         "inventory lists tiledraw as MIT, which the policy allows; keep the notice in the about box."},
        {"kind": "wrong-entity", "why": "the superseded 2022 policy applied", "answer": "tiledraw 3.2.0 is "
         "AGPL-3.0. Under the policy AGPL needs legal review before release, so Legal can approve it case by case."},
        {"kind": "hedge", "why": "two licences and no clear verdict", "answer": "It's either MIT or AGPL-3.0 "
         "depending on the version; probably not allowed."},
        {"kind": "false-claim", "why": "the right licence with the wrong verdict", "answer": "Yes, we can ship "
         "it: tiledraw is AGPL-3.0, and the AGPL only matters for server software."},
    ]
    check = f'''
        """{ID}: tiledraw's licence at the version the desktop app uses, and whether the policy allows shipping it.

        Gates (0): AGPL not named (the scanner's MIT is for the old 2.9.4; GPL-3.0 is another licence); no clear
        'no' (may not, cannot, forbidden, not allowed...); a 'yes' or a doubt (probably, it depends); the
        superseded policy's 'legal review' offered as the way to ship. Then 0.45 AGPL-3.0, 0.35 the verdict,
        0.20 the reason (the policy forbids AGPL in what we distribute)."""

        from edgeagent.bench.grading import says_any
        from edgeagent.bench.taskcheck import graded

        NO = ("no", "not allowed", "may not", "cannot", "can't", "can not", "must not", "mustn't", "forbidden",
              "prohibited", "not permitted", "banned", "not ship", "not be shipped", "isn't allowed")


        def check(workspace, answer):
            t = answer or ""
            if not says_any(t, "AGPL", "AGPL-3.0", "AGPLv3", "Affero"):
                return 0.0
            if not says_any(t, *NO):
                return 0.0
            if says_any(t, "yes", "we can ship", "can ship it", "we may ship", "is allowed", "are allowed to ship",
                        "probably", "maybe", "perhaps", "it depends", "depending", "case by case",
                        "needs legal review", "need legal review", "legal can approve", "fine to ship", "ok to ship",
                        "okay to ship", "can be shipped", "may be shipped", "is permitted", "no restriction",
                        "no restrictions", "compatible with our policy", "compatible with the policy"):
                return 0.0
            score = 0.45 + 0.35
            score += 0.20 * (says_any(t, "policy", "policies") and says_any(
                t, "distribute", "distributed", "distributing", "distribution", "ship", "shipped", "customers",
                "forbids", "forbidden", "prohibited", "banned"))
            return score


        check = graded(check)
    '''
    port = Port(id=ID, source=0, split="test", prompt=prompt, category="search",
                tools=["list_dir", "read_file", "search", "search_docs", "query"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, max_steps=16)
    return port, build


OWN = [task]

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
