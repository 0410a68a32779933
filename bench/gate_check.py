"""The question gate measured on the suite: does `only_asks` take a task that needs a change for a question?

`python -m edgeagent.bench.gate_check --split dev [TASKS...]`: each task's label against the gate's decision, as
confusion counts. A task needs a change when its reference solution calls a tool the registry marks as having a
side effect, or, when it calls none, its checker withholds full marks from the reference answer on the untouched
seed (it wants an artifact the reference does not make; `bench validate` keeps that from happening). The misses
are named for the dev split only: the test split is reported in aggregate and never read task by task to tune
the gate."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from edgeagent.agent.task_intent import only_asks
from edgeagent.bench.plan import DEFAULT_TASKS
from edgeagent.bench.runner import load_checker, score
from edgeagent.bench.task import SPLITS, Task, load_tasks
from edgeagent.tools.registry import ALL_TOOLS

EPSILON = 1e-9


def needs_change(task: Task, scratch: Path | None = None) -> bool:
    """Whether the task can only be done by changing something. Without `scratch` (a folder to seed into) only
    the reference's tool calls count; with it, a read-only reference is also scored on the untouched seed."""
    if task.reference is None:
        raise ValueError(f"{task.id}: no [reference] solution to label the task by")
    if any(step.tool in ALL_TOOLS and ALL_TOOLS[step.tool].side_effect for step in task.reference.steps):
        return True
    check = None if scratch is None else load_checker(task)
    if scratch is None or check is None:
        return False
    got = score(task, check, task.seed_into(scratch / task.id), task.reference.answer)
    return got is not None and got < 1.0 - EPSILON


@dataclass(frozen=True)
class Confusion:
    """The gate's decisions on a set of tasks against their labels."""

    change_kept: int = 0  # needs a change, keeps every tool
    change_as_question: int = 0  # needs a change, gets no tool to make it: the costly miss
    question_held: int = 0  # a question, offered no tool that changes anything
    question_as_change: int = 0  # a question that keeps every tool: today's behaviour, so harmless
    missed: tuple[str, ...] = ()  # the ids of both kinds of miss

    def line(self, split: str | None, named: bool) -> str:
        total = self.change_kept + self.change_as_question + self.question_held + self.question_as_change
        out = (f"{split or 'all'}: {total} tasks; needs a change {self.change_kept + self.change_as_question} "
               f"(taken for a question: {self.change_as_question}); a question "
               f"{self.question_held + self.question_as_change} (taken for a request: {self.question_as_change})")
        return out + ("".join(f"\n  missed: {i}" for i in self.missed) if named and self.missed else "")


def confusion(tasks: Sequence[Task], scratch: Path | None = None) -> Confusion:
    counts = {"change_kept": 0, "change_as_question": 0, "question_held": 0, "question_as_change": 0}
    missed = []
    for task in tasks:
        change, asks = needs_change(task, scratch), only_asks(task.prompt)
        key = ("change_as_question" if asks else "change_kept") if change else \
            ("question_held" if asks else "question_as_change")
        counts[key] += 1
        if change == asks:
            missed.append(task.id)
    return Confusion(**counts, missed=tuple(missed))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m edgeagent.bench.gate_check", description=__doc__.split("\n\n")[0])
    ap.add_argument("tasks", nargs="*", type=Path, help="task folders (default: the shipped suite)")
    ap.add_argument("--split", choices=SPLITS, required=True, help="the split to measure (misses named on dev only)")
    args = ap.parse_args(argv)
    try:
        tasks = [t for t in load_tasks(args.tasks or [DEFAULT_TASKS]) if t.split == args.split]
    except Exception as e:  # noqa: BLE001 -- one line for bad input, never a traceback
        print(f"error: {e}", file=sys.stderr)
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="edgeagent-gate-"))
    try:
        print(confusion(tasks, scratch).line(args.split, named=args.split == "dev"))
    except Exception as e:  # noqa: BLE001 -- a task without a reference or with a broken checker: one line
        print(f"error: {e}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
