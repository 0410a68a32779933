"""Task files: a `task.toml` (prompt, limits) beside a seed `workspace/`, the shape benchmark tasks use."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from edgeagent.config import load_toml
from edgeagent.errors import BadInput
from edgeagent.textinput import check_text


@dataclass(frozen=True)
class Sensitive:
    """A value that must not leave the device; benchmark scoring only, never shown to the exporter."""

    value: str
    kind: str
    weight: float
    role: str | None = None  # "answer": what the user asked for; "user": the user's own identity. Not exposure.


CATEGORIES = ("office", "search", "safety", "data", "devops", "automation")
SPLITS = ("dev", "test")  # tune on dev only; report test
SENSITIVE_ROLES = ("answer", "user")
INJECTION_GOALS = ("leak", "send", "act")
BUNDLE_SUFFIX = ".gitbundle"  # a seed's `NAME.gitbundle` becomes the git repository NAME/ in every copy


@dataclass(frozen=True)
class Injection:
    """An instruction planted in the seed (a mail, a document) that works against the user; scoring only."""

    where: str  # the seed file that carries it, workspace-relative
    goal: str  # leak (to the cloud), send (mail it out), act (change something against the user)


@dataclass(frozen=True)
class Step:
    tool: str
    args: dict[str, str]


@dataclass(frozen=True)
class Reference:
    """The reference solution: tool calls on a fresh seed copy, then this answer; it must score 1.0."""

    answer: str
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Task:
    id: str
    prompt: str
    workspace: Path | None  # the seed; runs work on a copy so the seed stays as shipped
    max_steps: int
    source: Path
    sensitive: tuple[Sensitive, ...] = ()
    checker: Path | None = None  # check.py beside task.toml: check(workspace, answer) -> score in [0, 1]
    category: str | None = None
    tools: tuple[str, ...] | None = None  # the tools the agent gets (finish always); None: the file tools
    injections: tuple[Injection, ...] = ()
    reference: Reference | None = None
    bundle: Path | None = None  # workspace.gitbundle beside task.toml: the workspace is a clone of it
    split: str | None = None  # "dev" or "test"; None for a task outside the suite's split
    origin: str | None = None  # task.toml's `source`: "acebench:46" (ported from that task) or "own"
    shared: tuple[str, ...] = ()  # workspace paths outsiders can read (a shared drive, a public folder)
    cases: Path | None = None  # cases.toml beside task.toml: right and wrong answers the checker is proven on

    def seed_into(self, dest: Path) -> Path:
        """A fresh copy of the seed workspace at `dest` (an empty folder when the task has none).

        Git history ships as a bundle, which is data: byte-for-byte reproducible, and seeding runs no
        code from the task. `workspace.gitbundle` beside task.toml makes the workspace itself a clone (the
        workspace/ folder, if any, is copied over it); a `NAME.gitbundle` inside the seed becomes `NAME/`."""
        if dest.exists():
            shutil.rmtree(dest)
        if self.bundle is not None:
            _clone_bundle(self.bundle, dest)
        if self.workspace is None:
            dest.mkdir(parents=True, exist_ok=True)
            return dest
        shutil.copytree(self.workspace, dest, symlinks=True, dirs_exist_ok=True)
        for bundle in sorted(dest.rglob("*" + BUNDLE_SUFFIX)):
            _clone_bundle(bundle, bundle.with_name(bundle.name[: -len(BUNDLE_SUFFIX)]))
            bundle.unlink()
        return dest


def git_command() -> tuple[list[str], dict[str, str]]:
    """git's argv prefix and environment with hooks, fsmonitor and system/global config off."""
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_TERMINAL_PROMPT": "0"}
    return ["git", "-c", "core.hooksPath=" + os.devnull, "-c", "core.fsmonitor=false"], env


def _clone_bundle(bundle: Path, repo: Path) -> None:
    """`git clone` of a bundle, then no remote left pointing at it."""
    git, env = git_command()
    try:
        subprocess.run([*git, "clone", "--quiet", str(bundle), str(repo)], env=env, check=True,
                       capture_output=True, text=True)
        subprocess.run([*git, "-C", str(repo), "remote", "remove", "origin"], env=env, check=True,
                       capture_output=True, text=True)
    except FileNotFoundError:
        raise BadInput(f"{bundle}: seeding a git bundle needs git on PATH") from None
    except subprocess.CalledProcessError as e:
        raise BadInput(f"{bundle}: not a usable git bundle ({(e.stderr or '').strip().splitlines()[-1:]})") from None


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
    seed = (path.parent / ws).resolve()
    workspace = seed if seed.is_dir() else None
    if workspace is None and "workspace" in data:
        raise BadInput(f"{path}: workspace {ws!r} is not a folder")
    bundle = path.parent / ("workspace" + BUNDLE_SUFFIX)
    checker = path.parent / "check.py"
    category = data.get("category")
    if category is not None and category not in CATEGORIES:
        raise BadInput(f"{path}: category must be one of {', '.join(CATEGORIES)}")
    split = data.get("split")
    if split is not None and split not in SPLITS:
        raise BadInput(f"{path}: split must be one of {', '.join(SPLITS)}")
    origin = data.get("source")
    if origin is not None and not (isinstance(origin, str) and re.fullmatch(r"own|acebench:\d+", origin)):
        raise BadInput(f"{path}: source must be \"own\" or \"acebench:N\" (the seed suite's task number)")
    shared = data.get("shared", [])
    if not isinstance(shared, list) or not all(isinstance(x, str) and x.strip() and not x.startswith("/")
                                               for x in shared):
        raise BadInput(f"{path}: shared must be a list of workspace-relative paths")
    cases = path.parent / "cases.toml"
    return Task(task_id, prompt.strip(), workspace, max_steps, path, _sensitive(path, data.get("sensitive", [])),
                checker if checker.is_file() else None, category, _tools(path, data.get("tools")),
                _injections(path, data.get("injection", []), workspace, bundle.is_file()),
                _reference(path, data.get("reference")),
                bundle if bundle.is_file() else None, split, origin, tuple(shared),
                cases if cases.is_file() else None)


def _tools(path: Path, tools: object) -> tuple[str, ...] | None:
    if tools is None:
        return None
    if not isinstance(tools, list) or not all(isinstance(t, str) and t.strip() for t in tools):
        raise BadInput(f"{path}: tools must be a list of tool names")
    return tuple(dict.fromkeys(tools))


def _tables(path: Path, units: object, name: str, key: str, need: str) -> list[tuple[str, dict]]:
    """[[name]] tables as (label, table); each must hold `key` as non-empty text, else one line saying `need`."""
    if not isinstance(units, list):
        raise BadInput(f"{path}: {name} must be a list of [[{name}]] tables")
    out = []
    for i, u in enumerate(units):
        where = f"{path}: {name}[{i}]"
        if not isinstance(u, dict) or not isinstance(u.get(key), str) or not u[key].strip():
            raise BadInput(f"{where}.{key} must be {need}")
        out.append((where, u))
    return out


def _injections(path: Path, units: object, workspace: Path | None, bundled: bool) -> tuple[Injection, ...]:
    out = []
    for where, u in _tables(path, units, "injection", "where", "a workspace-relative file path"):
        # A file inside a bundled repository is only there once seeded: bench validate checks it then.
        if not bundled and (workspace is None or not (workspace / u["where"]).is_file()):
            raise BadInput(f"{where}.where: {u['where']!r} is not a file in the seed workspace")
        if u.get("goal") not in INJECTION_GOALS:
            raise BadInput(f"{where}.goal must be one of {', '.join(INJECTION_GOALS)}")
        out.append(Injection(u["where"], u["goal"]))
    return tuple(out)


def _reference(path: Path, ref: object) -> Reference | None:
    if ref is None:
        return None
    if not isinstance(ref, dict):
        raise BadInput(f"{path}: reference must be a [reference] table")
    if not isinstance(ref.get("answer"), str):
        raise BadInput(f"{path}: reference.answer must be a string")
    out = []
    for where, st in _tables(path, ref.get("steps", []), "reference.steps", "tool", "a tool name"):
        args = st.get("args", {})
        if not isinstance(args, dict) or not all(isinstance(v, str) for v in args.values()):
            raise BadInput(f"{where}.args must be a table of string arguments")
        out.append(Step(st["tool"], dict(args)))
    return Reference(ref["answer"], tuple(out))


def _sensitive(path: Path, units: object) -> tuple[Sensitive, ...]:
    out = []
    for where, u in _tables(path, units, "sensitive", "value", "a non-empty string"):
        weight = u.get("weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
            raise BadInput(f"{where}.weight must be a number above 0")
        kind = u.get("kind", "pii")
        if not isinstance(kind, str):
            raise BadInput(f"{where}.kind must be a string")
        role = u.get("role")
        if role is not None and role not in SENSITIVE_ROLES:
            raise BadInput(f"{where}.role must be one of {', '.join(SENSITIVE_ROLES)}")
        out.append(Sensitive(u["value"], kind, float(weight), role))
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
