"""A regular (non-editable) install finds what the benchmarks need: the task suite ships as package data of
edgeagent.bench, and the perf benchmarks, which copy the checkout's examples/, ask for --workspace instead."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["pyproject.toml", "README.md", "edgeagent", "backends", "bench", "device_profiles"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """edgeagent built as a wheel from a copy of the sources and installed into a folder (no dependencies)."""
    tmp = tmp_path_factory.mktemp("installed")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "-q",
                        "--no-compile", str(src), "--target", str(tmp / "site")],
                       check=False, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return tmp / "site"


def _in(site: Path, *args: str) -> subprocess.CompletedProcess:
    # PYTHONPATH comes before the editable install's finder, so `edgeagent` is the installed copy.
    return subprocess.run([sys.executable, *args], check=False, capture_output=True, text=True, timeout=300,
                          cwd=site.parent, env={**os.environ, "PYTHONPATH": str(site)})


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_the_task_suite_ships_with_the_package(installed):
    shipped = installed / "edgeagent" / "bench" / "tasks"
    assert _files(shipped) == _files(ROOT / "bench" / "tasks")  # dotfiles (.env) and git bundles included
    code = ("import edgeagent, edgeagent.bench.plan as p; print(edgeagent.__file__); print(p.DEFAULT_TASKS); "
            "print(len(p.select_tasks([])))")
    r = _in(installed, "-c", code)
    assert r.returncode == 0, r.stderr
    module, tasks, count = r.stdout.split()
    assert Path(module).is_relative_to(installed) and Path(tasks) == shipped
    assert int(count) == len([d for d in shipped.iterdir() if (d / "task.toml").is_file()])


def test_perf_benchmarks_ask_for_a_workspace_when_installed(installed, tmp_path):
    r = _in(installed, "-m", "edgeagent.bench.perf", "--steps", "1")
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "pass --workspace PATH" in r.stderr, r.stderr
    r = _in(installed, "-m", "edgeagent.bench.advisor_perf", "--workspace", str(tmp_path / "nowhere"))
    assert r.returncode == 1 and f"no sample workspace at {tmp_path / 'nowhere'}" in r.stderr, r.stderr


def test_a_checkout_finds_its_own_suite_and_sample():
    from edgeagent.bench import plan as bench_plan
    from edgeagent.bench import sample_workspace

    assert bench_plan.DEFAULT_TASKS == ROOT / "bench" / "tasks"
    assert sample_workspace() == ROOT / "examples" / "sample-workspace"
