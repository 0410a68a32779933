"""Regenerate the ported and own tasks into bench/tasks/: `python bench/taskgen/ace/make.py [MODULE...]`.

Each task module here writes its own tasks when run as a script (ports from PORTS, tasks of our own from OWN),
or, with no entry point, holds PORTS that this writes through _base.write. This runs every module, or those
named (office_partner_review, or a prefix such as safety_), each in its own process with PYTHONHASHSEED=0: set
order inside some writers would otherwise change bytes from run to run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
HELPERS = ("make", "devops_kit", "safety_common", "safety_ownkit")  # shared code, no task of their own
_PORTS_ONLY = ("import importlib, sys\nsys.path.insert(0, '.')\nfrom _base import write\n"
               "for make in importlib.import_module(sys.argv[1]).PORTS:\n"
               "    port, build = make()\n    write(port, build)\n    print(port.id)\n")


def task_modules() -> list[Path]:
    return sorted(p for p in HERE.glob("*.py") if not p.stem.startswith("_") and p.stem not in HELPERS)


def main(wanted: list[str]) -> int:
    failed = 0
    for module in task_modules():
        if wanted and not any(module.stem.startswith(w) for w in wanted):
            continue
        # A module with an entry point writes its own tasks; one with PORTS alone is written here, through _base.
        own_entry = '__name__ == "__main__"' in module.read_text()
        argv = [sys.executable, str(module)] if own_entry else [sys.executable, "-c", _PORTS_ONLY, module.stem]
        run = subprocess.run(argv, env={**os.environ, "PYTHONHASHSEED": "0"}, cwd=HERE, capture_output=True,
                             text=True, check=False)
        print(f"{module.stem}: {'ok' if run.returncode == 0 else 'FAILED'} {run.stdout.strip()}".rstrip())
        if run.returncode:
            failed += 1
            print(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
