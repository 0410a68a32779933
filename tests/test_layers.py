"""The rooms of edgeagent and what may import what: one table of rules, and an import graph with no cycle.

Every import counts, at the top of a module or inside a function: a function-level import still ties two modules
together. Add a row whenever a change creates a new room (docs/architecture.md shows this table to people)."""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def package_dirs(root: Path = ROOT) -> dict[str, Path]:
    """Each package of the distribution and its folder, from pyproject (edgeagent.backends lives in backends/)."""
    setup = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    mapped = setup["package-dir"]
    out = {}
    for name in setup["packages"]:
        base = max((m for m in mapped if name == m or name.startswith(m + ".")), key=len)
        out[name] = root / mapped[base] / Path(*name[len(base):].split(".")[1:])
    return out


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted name -> file of every module the distribution installs."""
    out = {}
    for package, folder in package_dirs(root).items():
        for f in sorted(folder.glob("*.py")):
            out[package if f.stem == "__init__" else f"{package}.{f.stem}"] = f
    return out


@dataclass(frozen=True)
class Import:
    module: str  # what is imported, absolute (for `from a import b`: a.b when that is a module, else a)
    line: int


def imports(name: str, path: Path, known: set[str]) -> list[Import]:
    """Every import in the file, relative ones resolved against its package, named by the module it loads."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [Import(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            out += [Import(m, node.lineno) for m in subs] or [Import(base, node.lineno)]
    return out


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of the distribution it imports."""
    mods = modules(root)
    known = set(mods)
    edges: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = set()
        for imp in imports(name, path, known):
            m = imp.module
            while m and m not in known:  # `from edgeagent.tools.base import X`: the module, else its package
                m = m.rpartition(".")[0]
            if m and m != name:
                targets.add(m)
        edges[name] = targets
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.append(m)
                    if m == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _under(name: str, rooms: tuple[str, ...]) -> bool:
    return any(name == r or name.startswith(r + ".") for r in rooms)


@dataclass(frozen=True)
class Rule:
    """Modules under `importers` (less `exempt`) may not import anything under `forbidden`; with `only`, they may
    import nothing of edgeagent outside `only` (and their own room)."""

    what: str
    importers: tuple[str, ...]
    forbidden: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None
    exempt: tuple[str, ...] = ()


E = "edgeagent"
BENCH = f"{E}.bench"  # the benchmark: a consumer of the runtime, as the tests are; everything else is the runtime
RULES = [
    Rule("only export/exporter.py imports the cloud client or anthropic (the cloud client itself wraps anthropic)",
         importers=(E,), forbidden=("anthropic", f"{E}.export.cloud"),
         exempt=(f"{E}.export.exporter", f"{E}.export.cloud")),
    Rule("tools/ never imports export/, store/ or agent/",
         importers=(f"{E}.tools",), forbidden=(f"{E}.export", f"{E}.store", f"{E}.agent")),
    Rule("backends/ imports only errors", importers=(f"{E}.backends",), only=(f"{E}.errors",)),
    Rule("only cli/ imports click (bench scripts that drive the CLI as a user would are not the runtime)",
         importers=(E,), forbidden=("click",), exempt=(f"{E}.cli", BENCH)),
    Rule("nothing in the runtime imports edgeagent.bench, except cli/bench.py, which the root command loads by name",
         importers=(E,), forbidden=(BENCH,), exempt=(f"{E}.cli.bench", BENCH)),
    Rule("nothing imports cli/ but cli/ itself and the entry point",
         importers=(E,), forbidden=(f"{E}.cli",), exempt=(f"{E}.cli", f"{E}.__main__", BENCH)),
    Rule("meters/ imports only errors", importers=(f"{E}.meters",), only=(f"{E}.errors",)),
    Rule("store/ imports only errors", importers=(f"{E}.store",), only=(f"{E}.errors",)),
    Rule("serve/ imports only backends/, models/ and errors",
         importers=(f"{E}.serve",), only=(f"{E}.backends", f"{E}.models", f"{E}.errors")),
    Rule("models/ never imports agent/ or export/", importers=(f"{E}.models",), forbidden=(f"{E}.agent", f"{E}.export")),
    Rule("export/detect/ stays pure: text in, spans out (config lends it the two rules it checks at load)",
         importers=(f"{E}.export.detect",),
         only=(f"{E}.errors", f"{E}.config", f"{E}.export.normalize", f"{E}.export.gc_pause")),
    Rule("workspace/ imports only errors and the store's effect rows (for undo)",
         importers=(f"{E}.workspace",), only=(f"{E}.errors", f"{E}.store")),
    Rule("agent/ never imports cli/ or serve/", importers=(f"{E}.agent",), forbidden=(f"{E}.cli", f"{E}.serve")),
]


def _room(name: str) -> str:
    """The room a module lives in: edgeagent.tools.mail -> edgeagent.tools; a top-level module is its own."""
    parts = name.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 else name


def violations(rule: Rule, root: Path = ROOT) -> list[str]:
    mods = modules(root)
    known = set(mods)
    out = []
    for name, path in mods.items():
        if not _under(name, rule.importers) or _under(name, rule.exempt):
            continue
        own = rule.importers if len(rule.importers) == 1 and rule.importers[0] != E else (_room(name),)
        for imp in imports(name, path, known):
            m = imp.module
            bad = _under(m, rule.forbidden)
            if rule.only is not None and _under(m, (E,)) and not _under(m, rule.only + own):
                bad = True
            if bad:
                out.append(f"{path.relative_to(root)}:{imp.line} imports {m}")
    return out


@pytest.mark.parametrize("rule", RULES, ids=[r.what.split(" (")[0].split(":")[0] for r in RULES])
def test_layer_rule(rule):
    assert violations(rule) == [], rule.what


def test_the_import_graph_has_no_cycle():
    edges = graph()
    assert len(edges) > 100  # the whole distribution was read, mapped folders included
    assert {"edgeagent.backends.onnx", "edgeagent.bench.runner", "edgeagent.tools.base"} <= set(edges)
    assert cycles(edges) == []


def test_no_module_stands_in_for_an_import_with_a_module_getattr():
    # A module-level __getattr__ hides an import circle (the registry once came back through one).
    found = [str(p.relative_to(ROOT)) for p in modules().values()
             if any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in ast.parse(p.read_text()).body)]
    assert found == []


def test_the_bench_commands_are_loaded_by_name_only():
    # cli/bench.py may import edgeagent.bench because no module imports cli/bench.py: the root command loads it
    # when `bench` or `calibrate` is named.
    edges = graph()
    assert [m for m, targets in edges.items() if "edgeagent.cli.bench" in targets] == []
    assert "edgeagent.bench.task" in edges["edgeagent.cli.bench"]


# The checker itself must see what it claims to see, or every test above proves nothing.

def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.setuptools]\npackages = ["edgeagent", "edgeagent.tools", "edgeagent.backends"]\n'
        '[tool.setuptools.package-dir]\n"edgeagent" = "edgeagent"\n"edgeagent.backends" = "backends"\n')
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_the_checker_resolves_relative_and_function_level_imports_and_mapped_folders(tmp_path):
    root = _tree(tmp_path, {
        "edgeagent/__init__.py": "", "edgeagent/errors.py": "", "edgeagent/export.py": "",
        "edgeagent/tools/__init__.py": "", "edgeagent/tools/base.py": "",
        "edgeagent/tools/mail.py": "from .base import X\ndef f():\n    from .. import export\n",
        "backends/__init__.py": "", "backends/onnx.py": "from ..tools import base\n",
    })
    edges = graph(root)
    assert edges["edgeagent.tools.mail"] == {"edgeagent.tools.base", "edgeagent.export"}
    assert edges["edgeagent.backends.onnx"] == {"edgeagent.tools.base"}
    assert violations(Rule("t", importers=("edgeagent.tools",), forbidden=("edgeagent.export",)), root) == [
        "edgeagent/tools/mail.py:3 imports edgeagent.export"]
    assert violations(Rule("b", importers=("edgeagent.backends",), only=("edgeagent.errors",)), root) == [
        "backends/onnx.py:1 imports edgeagent.tools.base"]


def test_the_checker_finds_a_cycle_through_a_function_level_import(tmp_path):
    root = _tree(tmp_path, {
        "edgeagent/__init__.py": "", "edgeagent/tools/__init__.py": "",
        "edgeagent/tools/a.py": "from edgeagent.tools.b import y\n",
        "edgeagent/tools/b.py": "def y():\n    from edgeagent.tools import a\n",
        "edgeagent/tools/c.py": "from edgeagent.tools import a\n",
        "backends/__init__.py": "",
    })
    assert cycles(graph(root)) == [["edgeagent.tools.a", "edgeagent.tools.b"]]
