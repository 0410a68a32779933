"""What a sweep runs: which tasks (paths, id patterns, categories, --quick), which strategies, and this
shard's share of the (task, strategy, repeat) list."""

from __future__ import annotations

import fnmatch
import importlib.util
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from edgeagent.agent.strategies import STRATEGIES
from edgeagent.bench.task import Task, load_tasks
from edgeagent.errors import BadInput


def shipped_tasks() -> Path:
    """The suite this repository ships: package data of edgeagent.bench, in a checkout and in an installed wheel."""
    spec = importlib.util.find_spec("edgeagent.bench")  # finds the package without running it
    if spec is None or spec.origin is None:  # a source tree on sys.path, not installed
        return Path(__file__).resolve().parent.parent / "bench" / "tasks"
    return Path(spec.origin).parent / "tasks"


DEFAULT_TASKS = shipped_tasks()
QUICK_PER_CATEGORY = 1  # --quick: docs/bench.md's demo of the bench, a few minutes on a fresh machine
# The oracle replays each task's reference solution: an answer key, for harness checks (cost, ledger, exposure).
ORACLE = "oracle"
ORACLE_ALIAS = "reference"  # its old name: recorded commands and sweeps still carry it
# These ask the cloud for a plan or advice; from the oracle that plan holds the arguments and finish's answer.
NO_ORACLE = ("sketch", "advisor")


@dataclass(frozen=True)
class Item:
    """One run of a sweep."""

    task: Task
    strategy: str
    repeat: int

    @property
    def key(self) -> tuple[str, str, int]:
        return self.task.id, self.strategy, self.repeat


def select_tasks(specs: Sequence[str], categories: Sequence[str] = (), quick: bool = False) -> list[Task]:
    """Tasks from each spec that is a task.toml or folder; specs that are not paths are glob patterns over task
    ids (of those paths, else of the shipped suite). Then the categories, then --quick's choice."""
    paths = [Path(s) for s in specs if Path(s).exists()]
    patterns = [s for s in specs if not Path(s).exists()]
    if not paths and not DEFAULT_TASKS.is_dir():
        raise BadInput("no task suite ships with this install; pass --tasks PATH")
    tasks = load_tasks(paths or [DEFAULT_TASKS])
    for p in patterns:
        if not any(fnmatch.fnmatchcase(t.id, p) for t in tasks):
            raise BadInput(f"--tasks {p!r}: no such task file or folder, and no task id matches it")
    if patterns:
        tasks = [t for t in tasks if any(fnmatch.fnmatchcase(t.id, p) for p in patterns)]
    if categories:
        tasks = [t for t in tasks if t.category in categories]
        if not tasks:
            raise BadInput(f"no task in category {', '.join(categories)} among those selected")
    return quick_choice(tasks) if quick else tasks


def quick_choice(tasks: Sequence[Task]) -> list[Task]:
    """Per category the task with the shortest reference solution (then by id), of the dev split where the
    category has one there: a demo never spends the test split while a dev task will do. The same every time."""
    by_category: dict[str | None, list[Task]] = {}
    for t in tasks:
        by_category.setdefault(t.category, []).append(t)
    chosen = {t.id for group in by_category.values()
              for t in sorted(group, key=lambda t: (t.split != "dev", len(t.reference.steps) if t.reference else 0,
                                                    t.id))
              [:QUICK_PER_CATEGORY]}
    return [t for t in tasks if t.id in chosen]


def strategies(repeated: Sequence[str], listed: str | None) -> list[str]:
    """--strategy (repeatable) and --strategies all|a,b together, in the order given; edge when neither."""
    names = list(repeated)
    if listed:
        given = [s.strip() for s in listed.split(",") if s.strip()]
        names += list(STRATEGIES) if given == ["all"] else given
    for s in names:
        if s not in STRATEGIES:
            raise BadInput(f"unknown strategy {s!r}; available: all, {', '.join(STRATEGIES)}")
    return list(dict.fromkeys(names or ["edge"]))


def is_oracle(cloud: str | None) -> bool:
    """A cloud label of the oracle, under its name or the one recorded sweeps have."""
    return cloud in (ORACLE, ORACLE_ALIAS)


def oracle_name(cloud: str) -> str:
    """--cloud as given, with the deprecated `reference` read as `oracle` (said once, on stderr)."""
    if cloud != ORACLE_ALIAS:
        return cloud
    print(f"warning: --cloud {ORACLE_ALIAS} is deprecated; it means --cloud {ORACLE}", file=sys.stderr)
    return ORACLE


def refuse_oracle(cloud: str | None, names: Sequence[str]) -> None:
    """BadInput for a sweep that would hand the oracle's plan (the answer key) to sketch or advisor."""
    given = [s for s in names if s in NO_ORACLE]
    if is_oracle(cloud) and given:
        raise BadInput(f"--cloud {ORACLE} is refused for {', '.join(given)}: its plan holds every call's arguments "
                       "and the answer; use it for harness checks with edge, cloud, task-router, step-router or "
                       "handoff")


def parse_shard(text: str | None) -> tuple[int, int] | None:
    """'i/n' (1 ≤ i ≤ n) as (i, n)."""
    if not text:
        return None
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise BadInput(f"--shard {text!r}: use i/n, e.g. 2/4") from None
    if not 1 <= i <= n:
        raise BadInput(f"--shard {text!r}: i must be from 1 to n")
    return i, n


def items(tasks: Sequence[Task], names: Sequence[str], repeats: int, shard: tuple[int, int] | None = None
          ) -> list[Item]:
    """Every (task, strategy, repeat), strategy by strategy; a shard i/n takes every n-th from the i-th, so n
    devices given the same options split one sweep, each run on exactly one of them."""
    every = [Item(t, s, r) for s in names for t in tasks for r in range(repeats)]
    if shard is None:
        return every
    i, n = shard
    return every[i - 1::n]
