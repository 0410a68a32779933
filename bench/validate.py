"""`edgeagent bench validate`: every task's reference solution scores 1.0 and doing nothing scores 0.

The reference steps run through the real tool functions on a fresh copy of the seed, and past the guards the
agent loop applies to every run (runtime_refusal), so a task whose checker, seed or reference drifted apart, or
that the runtime itself makes unsolvable, fails here rather than in a sweep. No model runs."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from edgeagent.agent.claims import false_claims, refusal
from edgeagent.agent.deliverables import effects_of
from edgeagent.agent.guards import check_overwrite, withheld
from edgeagent.bench.cases import WRONG_AT_MOST, Case, load_cases, shortfalls
from edgeagent.bench.runner import checker_module, load_checker, score
from edgeagent.bench.task import Step, Task
from edgeagent.bench.taskcheck import MIN_PASTE_TOKENS, tokens, workspace_text
from edgeagent.errors import EdgeAgentError
from edgeagent.tools.base import Tool, ToolContext
from edgeagent.tools.registry import ALL_TOOLS
from edgeagent.workspace.sandbox import ToolError

EPSILON = 1e-9  # weighted sub-checks add up in floating point: 0.4 + 0.3 + 0.2 + 0.1 is not quite 1
FILE_TOOLS = ("list_dir", "read_file", "search", "write_file", "append_file")  # what a task without `tools` gets


def available_tools() -> dict[str, Tool]:
    """Every tool the runtime registers, by name: the file tools, the workspace-app tools and ask_cloud."""
    return dict(ALL_TOOLS)


@dataclass
class Verdict:
    task: str
    category: str | None
    reference: float | None = None
    nothing: float | None = None
    failures: list[str] = field(default_factory=list)
    cases: int = 0  # cases run (right and wrong)
    cases_failed: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


def load_attack(task: Task) -> Callable | None:
    """check.py's optional attack(workspace, answer, ledger) -> bool."""
    fn = getattr(checker_module(task), "attack", None)
    return fn if callable(fn) else None


def runtime_refusal(task: Task, tools: dict[str, Tool], history: list[dict], step: Step, ctx: ToolContext
                    ) -> str | None:
    """Why the agent loop's default guards would refuse this step of the reference (None: they let it through):
    the question gate, the prohibition of sending, the overwrite of a file the run has not read, an answer whose
    claims the claim check does not find in the steps. A reference the runtime refuses measures nothing: no model could follow it, and
    a right answer taken for a false claim would count against a truthful run. A finish held for an open
    deliverable is not counted: a run that declines one (a safety task's "I sent nothing") ends with blocked:."""
    why = withheld(task.prompt, tools).get(step.tool)
    if why:
        return f"the runtime {why} and offers no {step.tool}"
    if step.tool == "finish":
        effects = effects_of(history, [])
        found = false_claims(step.args.get("answer", ""), effects)
        return f"the claim check refuses the answer: {refusal(found, effects)}" if found else None
    try:
        check_overwrite(step.tool, step.args, history, ctx)
    except ToolError as e:
        return f"the runtime refuses it: {e}"
    return None


def _replay(task: Task, ws: Path, registry: dict[str, Tool], steps: Sequence[Step] | None = None,
            guarded: bool = False) -> tuple[list[str], bool]:
    """Run steps (the reference's by default) in order: the failures, each one line (a missing tool is named,
    not raised), and whether every step ran. `guarded`: the reference's steps and its answer must also pass
    the runtime's guards (runtime_refusal)."""
    allowed = set(task.tools if task.tools is not None else FILE_TOOLS) | {"finish"}
    assert task.reference is not None  # validate_task replays only tasks that have one
    failures: list[str] = []
    offered = {n: registry[n] for n in allowed if n in registry}
    history: list[dict] = []
    for i, step in enumerate(task.reference.steps if steps is None else steps):
        tool = registry.get(step.tool)
        if tool is None:
            return failures + [f"step {i}: tool not available: {step.tool}"], False
        if step.tool not in allowed:
            failures.append(f"step {i}: {step.tool} is not in the task's tools")
        missing = set(tool.params) - set(step.args)
        if missing or set(step.args) - set(tool.params):
            return failures + [f"step {i}: {step.tool} takes ({', '.join(tool.params)}), got ({', '.join(step.args)})"], False
        ctx = ToolContext(ws, "validate", i, task=task.prompt)
        why = runtime_refusal(task, offered, history, step, ctx) if guarded else None
        if why:
            return failures + [f"step {i}: {step.tool}: {why}"], False
        try:
            observation = tool.fn(ctx, **step.args)
        except ToolError as e:
            return failures + [f"step {i}: {step.tool} failed: {e}"], False
        history.append({"idx": i, "tool": step.tool, "args": step.args, "ok": 1, "observation": observation})
    if guarded:
        finish = Step("finish", {"answer": task.reference.answer or ""})
        why = runtime_refusal(task, offered, history, finish, ToolContext(ws, "validate", len(history)))
        if why:
            return failures + [f"answer: {why}"], False
    return failures, True


def _pastes(ws: Path) -> list[tuple[str, str]]:
    """Answers that paste files back instead of answering: the whole workspace's text, and each file's start
    where it holds enough tokens (a shorter one reads like an answer quoting it)."""
    whole = workspace_text(ws)[:2000]
    out = [("the workspace", whole)] if len(tokens(whole)) >= MIN_PASTE_TOKENS else []
    for f in sorted(ws.rglob("*"))[:60]:
        if f.is_file() and ".git" not in f.relative_to(ws).parts and f.suffix not in (".sqlite", ".db"):
            text = f.read_bytes()[:4000].decode("utf-8", "replace")
            if len(tokens(text[:900])) >= MIN_PASTE_TOKENS:
                out.append((str(f.relative_to(ws)), text[:900]))
    return out


def _score(task: Task, check: Callable[[Path, str | None], float] | None, ws: Path, answer: str | None) -> float:
    got = score(task, check, ws, answer)
    assert got is not None  # validate_task checks only tasks that have a check.py
    return got


def _run_case(task: Task, case: Case, check: Callable[[Path, str | None], float] | None, ws: Path,
              registry: dict[str, Tool]) -> str | None:
    """One case on its own fresh seed: why it fails, or None when the checker grades it as it should."""
    task.seed_into(ws)
    if case.base == "reference":
        failed, _ = _replay(task, ws, registry)
        if failed:
            return f"case {case.label}: the reference steps failed: {failed[0]}"
    failed, complete = _replay(task, ws, registry, case.steps)
    if failed or not complete:
        return f"case {case.label}: {failed[0] if failed else 'its steps did not run'}"
    got = _score(task, check, ws, case.answer)
    if case.right and abs(got - 1.0) > EPSILON:
        return f"case {case.label}: scores {got:.4f}, not 1"
    if not case.right and got > WRONG_AT_MOST + EPSILON:
        return f"case {case.label}: scores {got:.4f}, more than {WRONG_AT_MOST}"
    return None


def _check_cases(task: Task, v: Verdict, check: Callable[[Path, str | None], float] | None, scratch: Path,
                 registry: dict[str, Tool]) -> None:
    """Every case of cases.toml, and whether the set covers what every task is proven on. A task of the ported
    suite (one with a `source`) must have them."""
    if task.cases is None:
        if task.origin is not None:
            v.failures.append("no cases.toml")
        return
    cases = load_cases(task)
    assert task.reference is not None  # validate_task gets here only with one
    writes = any(registry[s.tool].side_effect for s in task.reference.steps if s.tool in registry)
    v.failures += shortfalls(task, cases, writes)
    for i, case in enumerate(cases):
        why = _run_case(task, case, check, scratch / task.id / f"case-{i}", registry)
        v.cases += 1
        if why:
            v.cases_failed += 1
            v.failures.append(why)


def validate_task(task: Task, scratch: Path, registry: dict[str, Tool] | None = None) -> Verdict:
    """One task's verdict: reference score, do-nothing score and every reason it fails."""
    registry = available_tools() if registry is None else registry
    v = Verdict(task.id, task.category)
    if task.checker is None:
        v.failures.append("no check.py")
    if task.reference is None:
        v.failures.append("no [reference] solution")
    if v.failures or task.reference is None:  # (the second is for the type checker: it is in failures)
        return v
    try:
        check = load_checker(task)
        attack = load_attack(task)
        if task.injections and attack is None:
            v.failures.append("has [[injection]] but check.py defines no attack()")
        for name in task.tools or ():
            if name not in registry and name != "finish":
                v.failures.append(f"tools: tool not available: {name}")
        ws = task.seed_into(scratch / task.id / "reference")
        v.failures += [f"injection file {i.where!r} is not in the seeded workspace" for i in task.injections
                       if not (ws / i.where).is_file()]
        text = workspace_text(ws).casefold()
        v.failures += [f"sensitive value {u.value!r} is not in the seed workspace" for u in task.sensitive
                       if u.value.casefold() not in text]
        replay, complete = _replay(task, ws, registry, guarded=True)
        v.failures += replay
        if complete:
            v.reference = _score(task, check, ws, task.reference.answer)
            if abs(v.reference - 1.0) > EPSILON:
                v.failures.append(f"reference scores {v.reference:.4f}, not 1")
            if attack is not None and attack(ws, task.reference.answer, []):
                v.failures.append("attack() says the reference solution fell for the injection")
        empty = task.seed_into(scratch / task.id / "nothing")
        v.nothing = _score(task, check, empty, None)
        if v.nothing > EPSILON:
            v.failures.append(f"a do-nothing agent scores {v.nothing:.4f}, not 0")
        echo = _score(task, check, empty, task.prompt)  # the question holds no fact the user lacks
        if echo > EPSILON:
            v.failures.append(f"answering with the prompt itself scores {echo:.4f}, not 0")
        for where, pasted in _pastes(empty):
            got = _score(task, check, empty, pasted)
            if got > EPSILON:
                v.failures.append(f"answering with the pasted text of {where} scores {got:.4f}, not 0")
                break
        if attack is not None and attack(empty, None, []):
            v.failures.append("attack() reports success for a do-nothing agent")
        _check_cases(task, v, check, scratch, registry)
    except EdgeAgentError as e:
        v.failures.append(str(e))
    except Exception as e:  # noqa: BLE001 -- a task's own code (attack, odd seed data): one line, the sweep goes on
        v.failures.append(f"{type(e).__name__}: {e}")
    return v


def with_cases_from(tasks: Sequence[Task], folder: Path) -> list[Task]:
    """The tasks that have `<id>.toml` in `folder`, each with that file as its cases: checkers proven on cases
    written elsewhere (by someone who has not read them)."""
    return [replace(t, cases=folder / f"{t.id}.toml") for t in tasks if (folder / f"{t.id}.toml").is_file()]


def validate(tasks: Sequence[Task], on_task: Callable[[str], None] = lambda s: None) -> list[Verdict]:
    registry = available_tools()
    scratch = Path(tempfile.mkdtemp(prefix="edgeagent-validate-"))
    try:
        out = []
        for t in tasks:
            out.append(validate_task(t, scratch, registry))
            on_task(t.id)
        return out
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
