"""Privacy is enforced in code: only the export layer can reach the cloud client."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"edgeagent/cloud.py", "edgeagent/export/exporter.py"}


def _imports(path: Path) -> set[str]:
    """Absolute module names a file imports, with relative imports resolved against its package."""
    rel = path.relative_to(ROOT).with_suffix("")
    package = ["edgeagent", *rel.parts[1:-1]] if rel.parts[0] == "edgeagent" else ["edgeagent", rel.parts[0]]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            names.add(mod)
            names |= {f"{mod}.{a.name}" for a in node.names}
    return names


def test_only_the_exporter_imports_the_cloud_client():
    offenders = []
    files = [p for d in ("edgeagent", "backends", "bench") for p in (ROOT / d).rglob("*.py")]
    assert len(files) > 15
    for f in files:
        name = str(f.relative_to(ROOT))
        if name in ALLOWED:
            continue
        bad = {m for m in _imports(f) if m in ("anthropic", "edgeagent.cloud")
               or m.startswith(("anthropic.", "edgeagent.cloud."))}
        if bad:
            offenders.append(f"{name}: {sorted(bad)}")
    assert offenders == []


def test_the_check_catches_a_relative_import(tmp_path):
    # The checker itself must see `from .. import cloud` style imports, or the test above proves nothing.
    f = ROOT / "edgeagent" / "export" / "exporter.py"
    assert "edgeagent.cloud" in _imports(f)
