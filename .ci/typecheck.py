"""Type-check the installed package layout with mypy, reporting errors at their paths in this checkout.

pyproject maps `edgeagent.backends` to backends/ and `edgeagent.bench` to bench/; mypy cannot follow that
mapping (nor the import hook of an editable install), so it checks a tree of links laid out as installed.
Usage: python .ci/typecheck.py [extra mypy arguments]
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from mypy import api

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / ".mypy_cache" / "tree"  # inside mypy's own cache folder, which git and ruff already skip


def package_dirs() -> dict[str, Path]:
    """Subpackages that live outside edgeagent/ ("edgeagent.backends" -> backends/), read from pyproject."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mapping = config["tool"]["setuptools"]["package-dir"]
    return {name: ROOT / path for name, path in mapping.items() if name.startswith("edgeagent.")}


def link(target: Path, at: Path) -> None:
    try:
        at.symlink_to(target, target_is_directory=target.is_dir())
    except OSError:  # Windows without the symlink privilege: copy instead
        if target.is_dir():
            shutil.copytree(target, at)
        else:
            shutil.copy2(target, at)


def build_tree() -> dict[str, str]:
    """Lay edgeagent/ out with its mapped subpackages inside it; return tree prefix -> checkout prefix."""
    shutil.rmtree(TREE, ignore_errors=True)
    package = TREE / "edgeagent"
    package.mkdir(parents=True)
    mapped = package_dirs()
    for child in (ROOT / "edgeagent").iterdir():
        if f"edgeagent.{child.name}" not in mapped and child.name != "__pycache__":
            link(child, package / child.name)
    pairs = [(package / name.removeprefix("edgeagent."), source) for name, source in mapped.items()]
    for at, source in pairs:
        link(source, at)
    pairs.append((package, ROOT / "edgeagent"))
    # mypy prints paths relative to the working directory when it can, absolute otherwise
    prefixes = {}
    for at, source in pairs:
        shown = os.path.relpath(source)
        prefixes[f"{at}{os.sep}"] = prefixes[f"{os.path.relpath(at)}{os.sep}"] = f"{shown}{os.sep}"
    return prefixes


def main() -> int:
    prefixes = build_tree()
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), *sys.argv[1:], str(TREE / "edgeagent")])
    # Longest prefix first, so that edgeagent/backends/ is mapped before edgeagent/
    for tree_prefix, source_prefix in sorted(prefixes.items(), key=lambda item: -len(item[0])):
        out = out.replace(tree_prefix, source_prefix)
        err = err.replace(tree_prefix, source_prefix)
    sys.stdout.write(out)
    sys.stderr.write(err)
    return status


if __name__ == "__main__":
    sys.exit(main())
