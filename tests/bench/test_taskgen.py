"""bench/taskgen/ace/: the generators of the shipped suite rewrite its tasks byte for byte, and never erase a
folder that is not one of their tasks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ACE = ROOT / "bench" / "taskgen" / "ace"
TASKS = ROOT / "bench" / "tasks"
# module -> the task it writes: an answer-only task, one with a calendar and mail, one with a git history
MODULES = {"search_dock_quotes": "search-dock-quotes", "office_one_on_one_clash": "office-one-on-one-clash",
           "devops_worker_oom": "devops-worker-oom"}
RUN = ("import runpy, sys\nfrom pathlib import Path\nsys.path.insert(0, '.')\nimport _base\n"
       "_base.TASKS = Path(sys.argv[1])\nsys.argv = sys.argv[:1]\nrunpy.run_path(sys.argv[0], run_name='__main__')\n")


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_generator_rewrites_its_shipped_task_byte_for_byte(tmp_path, module):
    run = subprocess.run([sys.executable, "-c", RUN.replace("sys.argv[0]", repr(f"{module}.py")), str(tmp_path)],
                         cwd=ACE, env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True,
                         timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    task = MODULES[module]
    written = sorted(f.relative_to(tmp_path / task) for f in (tmp_path / task).rglob("*") if f.is_file())
    shipped = sorted(f.relative_to(TASKS / task) for f in (TASKS / task).rglob("*")
                     if f.is_file() and "__pycache__" not in f.parts)
    assert written == shipped
    for rel in written:
        if rel.suffix not in (".sqlite", ".gitbundle"):  # packed by the local git and SQLite: other bytes
            assert (tmp_path / task / rel).read_bytes() == (TASKS / task / rel).read_bytes(), rel


@pytest.fixture
def base(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ACE))
    monkeypatch.delitem(sys.modules, "_base", raising=False)
    import _base

    monkeypatch.setattr(_base, "TASKS", tmp_path)
    yield _base
    sys.modules.pop("_base", None)


def port(base, task_id: str = "office-new"):
    return base.Port(task_id, 0, "dev", "Who owns the budget?", ["read_file"], "Priya",
                     [("read_file", {"path": "notes.md"})], "def check(ws, answer):\n    return 0.0\n")


def build(ws: Path) -> None:
    (ws / "notes.md").write_text("The budget owner is Priya.\n")


def test_writing_a_task_replaces_an_earlier_version_of_it(tmp_path, base):
    d = base.write(port(base), build)
    (d / "workspace" / "stale.md").write_text("from an earlier run")
    assert base.write(port(base), build) == d
    assert sorted(f.name for f in (d / "workspace").iterdir()) == ["notes.md"]
    assert 'split = "dev"' in (d / "task.toml").read_text()


@pytest.mark.parametrize("files", [
    {"task.toml": 'prompt = "Someone else\'s task"\ncategory = "office"\n', "check.py": ""},  # a task with no split
    {"notes.md": "not a task at all"},
])
def test_writing_a_task_never_erases_a_folder_that_is_not_one_of_the_suite(tmp_path, base, files):
    d = tmp_path / "office-new"
    d.mkdir()
    for name, content in files.items():
        (d / name).write_text(content)
    with pytest.raises(SystemExit, match="office-new"):
        base.write(port(base), build)
    assert {f.name: f.read_text() for f in d.iterdir()} == files


def test_a_write_cut_short_is_written_again(tmp_path, base):
    (tmp_path / "office-new" / "workspace").mkdir(parents=True)  # what a write leaves before task.toml
    d = base.write(port(base), build)
    assert (d / "task.toml").is_file() and (d / "workspace" / "notes.md").is_file()
