"""Write the generated benchmark tasks into bench/tasks/: `python bench/taskgen/make.py [ID_PREFIX...]`.

Hand-written tasks (the first eight) are not touched; every generated one is rewritten from its spec."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: the category modules sit beside it

from common import write

MODULES = ["office", "search", "safety", "data", "devops", "automation"]


def main(prefixes: list[str]) -> None:
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            continue
        for make in module.SPECS:
            spec = make()
            if not prefixes or any(spec.id.startswith(p) for p in prefixes):
                write(spec)
                print(spec.id)


if __name__ == "__main__":
    main(sys.argv[1:])
