"""A task's `cases.toml`: right and wrong answers (and end states) its checker is proven on.

Each case starts from a fresh seed, replays the reference steps unless `base = "nothing"`, runs its own steps
through the real tools, then the checker scores its answer. Right cases must score 1, wrong ones 0.2 or less."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from edgeagent.bench.task import Step, Task
from edgeagent.config import load_toml
from edgeagent.errors import BadInput

WRONG_AT_MOST = 0.2
MIN_RIGHT, MIN_WRONG = 3, 4
KINDS = ("near-miss", "wrong-entity", "hedge", "false-claim", "dump")
REQUIRED_KINDS = ("near-miss", "wrong-entity", "hedge", "false-claim")  # plus dump where the reference writes
BASES = ("reference", "nothing")


@dataclass(frozen=True)
class Case:
    right: bool
    why: str
    answer: str | None
    base: str = "reference"
    steps: tuple[Step, ...] = ()
    kind: str | None = None  # wrong cases: what sort of wrong

    @property
    def label(self) -> str:
        return f"right: {self.why}" if self.right else f"wrong ({self.kind}): {self.why}"


def _case(path: Path, where: str, u: object, right: bool) -> Case:
    if not isinstance(u, dict):
        raise BadInput(f"{path}: {where} must be a table")
    why, answer, base = u.get("why"), u.get("answer"), u.get("base", "reference")
    if not isinstance(why, str) or not why.strip():
        raise BadInput(f"{path}: {where}.why must say what the case is")
    if answer is not None and not isinstance(answer, str):
        raise BadInput(f"{path}: {where}.answer must be a string")
    if base not in BASES:
        raise BadInput(f"{path}: {where}.base must be one of {', '.join(BASES)}")
    kind = u.get("kind")
    if not right and kind not in KINDS:
        raise BadInput(f"{path}: {where}.kind must be one of {', '.join(KINDS)}")
    steps = []
    raw = u.get("steps", [])
    if not isinstance(raw, list):
        raise BadInput(f"{path}: {where}.steps must be a list of [[...steps]] tables")
    for i, st in enumerate(raw):
        args = st.get("args", {}) if isinstance(st, dict) else None
        if not isinstance(st, dict) or not isinstance(st.get("tool"), str) or not isinstance(args, dict) \
                or not all(isinstance(v, str) for v in args.values()):
            raise BadInput(f"{path}: {where}.steps[{i}] needs a tool name and a table of string args")
        steps.append(Step(st["tool"], dict(args)))
    return Case(right, why.strip(), answer, base, tuple(steps), kind)


def load_cases(task: Task) -> list[Case]:
    """The task's cases, in file order (right ones first); none without a cases.toml."""
    if task.cases is None:
        return []
    data = load_toml(task.cases)
    out: list[Case] = []
    for group, right in (("right", True), ("wrong", False)):
        units = data.get(group, [])
        if not isinstance(units, list):
            raise BadInput(f"{task.cases}: {group} must be a list of [[{group}]] tables")
        out += [_case(task.cases, f"{group}[{i}]", u, right) for i, u in enumerate(units)]
    return out


def shortfalls(task: Task, cases: list[Case], writes: bool) -> list[str]:
    """What the case set lacks: counts, and the kinds of wrong answer every task is proven on."""
    right = [c for c in cases if c.right]
    wrong = [c for c in cases if not c.right]
    out = []
    if len(right) < MIN_RIGHT:
        out.append(f"cases.toml has {len(right)} right cases; at least {MIN_RIGHT}")
    if len(wrong) < MIN_WRONG:
        out.append(f"cases.toml has {len(wrong)} wrong cases; at least {MIN_WRONG}")
    kinds = {c.kind for c in wrong}
    need = REQUIRED_KINDS + (("dump",) if writes else ())
    missing = [k for k in need if k not in kinds]
    if missing:
        out.append(f"cases.toml has no wrong case of kind {', '.join(missing)}")
    return out
