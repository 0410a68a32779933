"""Task files: a `task.toml` (prompt, limits) beside a seed `workspace/`, the shape benchmark tasks use."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .config import load_toml
from .errors import BadInput
from .textinput import check_text


@dataclass(frozen=True)
class Sensitive:
    """A value that must not leave the device; benchmark scoring only, never shown to the exporter."""

    value: str
    kind: str
    weight: float


@dataclass(frozen=True)
class Task:
    id: str
    prompt: str
    workspace: Path | None  # the seed; runs work on a copy so the seed stays as shipped
    max_steps: int
    source: Path
    sensitive: tuple[Sensitive, ...] = ()
    checker: Path | None = None  # check.py beside task.toml: check(workspace, answer) -> score in [0, 1]

    def seed_into(self, dest: Path) -> Path:
        """A fresh copy of the seed workspace at `dest` (an empty folder when the task has none)."""
        if dest.exists():
            shutil.rmtree(dest)
        if self.workspace is None:
            dest.mkdir(parents=True)
        else:
            shutil.copytree(self.workspace, dest, symlinks=True)
        return dest


def load_task(path: Path, default_max_steps: int = 20) -> Task:
    """One task.toml; a missing or mistyped field is a one-line error naming the file and the field."""
    data = load_toml(path)
    prompt = data.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        raise BadInput(f"{path}: prompt must be a non-empty string")
    check_text(prompt, f"{path}: prompt")
    task_id = data.get("id", path.parent.name)
    if not isinstance(task_id, str) or not task_id:
        raise BadInput(f"{path}: id must be a non-empty string")
    max_steps = data.get("max_steps", default_max_steps)
    if not isinstance(max_steps, int) or isinstance(max_steps, bool) or not 1 <= max_steps <= 1000:
        raise BadInput(f"{path}: max_steps must be an integer from 1 to 1000")
    ws = data.get("workspace", "workspace")
    if not isinstance(ws, str):
        raise BadInput(f"{path}: workspace must be a path (relative to the task file)")
    workspace = (path.parent / ws).resolve()
    if not workspace.is_dir():
        if "workspace" in data:
            raise BadInput(f"{path}: workspace {ws!r} is not a folder")
        workspace = None
    checker = path.parent / "check.py"
    return Task(task_id, prompt.strip(), workspace, max_steps, path, _sensitive(path, data.get("sensitive", [])),
                checker if checker.is_file() else None)


def _sensitive(path: Path, units: object) -> tuple[Sensitive, ...]:
    if not isinstance(units, list):
        raise BadInput(f"{path}: sensitive must be a list of [[sensitive]] tables")
    out = []
    for i, u in enumerate(units):
        where = f"{path}: sensitive[{i}]"
        if not isinstance(u, dict) or not isinstance(u.get("value"), str) or not u["value"].strip():
            raise BadInput(f"{where}.value must be a non-empty string")
        weight = u.get("weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
            raise BadInput(f"{where}.weight must be a number above 0")
        kind = u.get("kind", "pii")
        if not isinstance(kind, str):
            raise BadInput(f"{where}.kind must be a string")
        out.append(Sensitive(u["value"], kind, float(weight)))
    return tuple(out)


def load_tasks(paths: Iterable[Path], default_max_steps: int = 20) -> list[Task]:
    """Task files, or folders searched for `task.toml` files, in a stable order; ids must be unique."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = sorted(p.rglob("task.toml"))
            if not found:
                raise BadInput(f"{p}: no task.toml files in this folder")
            files += found
        elif p.is_file():
            files.append(p)
        else:
            raise BadInput(f"{p}: no such task file or folder")
    tasks = [load_task(f, default_max_steps) for f in files]
    seen: dict[str, Path] = {}
    for t in tasks:
        if t.id in seen:
            raise BadInput(f"{t.source}: task id {t.id!r} is also used by {seen[t.id]}")
        seen[t.id] = t.source
    return tasks
