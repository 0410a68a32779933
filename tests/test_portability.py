"""Every edgeagent module imports where POSIX-only modules do not exist (Windows), and the package's
module graph keeps preparing (models) and importing (model_import) one way."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

# What Windows lacks that a module might import at its top: each is made unimportable in a fresh interpreter.
POSIX_ONLY = ["fcntl", "resource", "termios", "pwd", "grp", "tty", "pty"]

_IMPORT_ALL = textwrap.dedent("""
    import builtins, importlib, os, pkgutil, sys

    blocked = set(sys.argv[1:])
    real_import = builtins.__import__

    def windows_import(name, globals=None, locals=None, fromlist=(), level=0):
        # Only edgeagent's own imports are refused: third-party packages pick their Windows path there.
        importer = (globals or {}).get("__name__", "")
        if level == 0 and name.split(".")[0] in blocked and importer.split(".")[0] == "edgeagent":
            raise ImportError(f"No module named {name!r} (simulated Windows)")
        return real_import(name, globals, locals, fromlist, level)

    builtins.__import__ = windows_import
    for name in blocked:
        sys.modules.pop(name, None)
    import edgeagent
    if os.environ.get("EXTRA_PACKAGE_DIR"):  # the test's own probe module, as if it were part of the package
        edgeagent.__path__.append(os.environ["EXTRA_PACKAGE_DIR"])
    failed = []
    names = ["edgeagent"] + [m.name for m in pkgutil.walk_packages(edgeagent.__path__, "edgeagent.")
                             if not m.name.endswith("__main__")]  # __main__ runs the CLI
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as e:
            failed.append(f"{name}: {e}")
    print(len(names), "modules")
    print("\\n".join(failed))
    sys.exit(1 if failed else 0)
""")


def test_every_module_imports_without_posix_only_modules():
    r = subprocess.run([sys.executable, "-c", _IMPORT_ALL, *POSIX_ONLY], check=False, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    count = int(r.stdout.split()[0])
    assert count > 60  # the walk reached the subpackages (meters, export, backends, bench), not only the top


def test_the_simulation_catches_a_posix_only_import(tmp_path):
    # A module of the package that imports fcntl at its top must be reported, or the test above proves nothing.
    (tmp_path / "posix_probe.py").write_text("import fcntl\n")
    r = subprocess.run([sys.executable, "-c", _IMPORT_ALL, *POSIX_ONLY], check=False, capture_output=True, text=True,
                       timeout=300, env={**os.environ, "EXTRA_PACKAGE_DIR": str(tmp_path)})
    assert r.returncode == 1 and "edgeagent.posix_probe: No module named 'fcntl' (simulated Windows)" in r.stdout


def test_models_and_model_import_depend_one_way():
    # model_import reads the catalog and the manifest, never models: preparing builds on importing, not back.
    code = "import sys, edgeagent.models.imported; print('edgeagent.models.prepared' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "False", r.stdout + r.stderr


def test_peak_memory_without_getrusage_reads_the_peak_working_set(monkeypatch):
    # On Windows `resource` is missing; psutil's memory_info there carries peak_wset, the lifetime peak.
    from types import SimpleNamespace

    from edgeagent.meters import memory

    monkeypatch.setattr(memory, "resource", None)
    monkeypatch.setattr(memory.psutil, "Process", lambda: SimpleNamespace(
        memory_info=lambda: SimpleNamespace(rss=1 << 20, peak_wset=3 << 20)))
    assert memory.ru_maxrss_bytes() == 3 << 20
