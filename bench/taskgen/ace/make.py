"""Regenerate the ported AceBench tasks into bench/tasks/: `python bench/taskgen/ace/make.py [ID...]`.

ID is a task id (office-partner-review) or an AceBench number (47); none: every port. Each office_*.py module
here defines PORTS: a list of functions, each returning (Port, build) for one task."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: the modules sit beside it

from _base import write


def ports():
    here = Path(__file__).resolve().parent
    for mod in sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("office_")):
        yield from getattr(importlib.import_module(mod), "PORTS", [])  # a module of own tasks has none


def main(wanted: list[str]) -> None:
    for make in ports():
        port, build = make()
        if not wanted or port.id in wanted or str(port.source) in wanted:
            write(port, build)
            print(port.id, f"acebench:{port.source}")


if __name__ == "__main__":
    main(sys.argv[1:])
