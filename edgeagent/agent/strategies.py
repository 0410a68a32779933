"""Strategies decide who acts at each step and why; the reason is stored on the step.

Every decision is derived from the run row and its stored steps, so a resumed run decides the same way."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from edgeagent.agent.uncertainty import uncertainty
from edgeagent.errors import BadInput

if TYPE_CHECKING:
    from edgeagent.export.exporter import Exporter
    from edgeagent.store.runs import Store


@dataclass(frozen=True)
class Decision:
    actor: str  # "edge" or "cloud"
    reason: str


@dataclass(frozen=True)
class RunContext:
    """What a strategy may use before the run: the agent builds it, so policies never reach into the loop."""
    store: Store
    exporter: Exporter | None
    propose: Callable[[dict, list[dict], int], dict]  # (run, steps, idx) -> the edge's stored call for step idx
    count_tokens: Callable[[str], int]  # in the edge model's tokens
    fallback: Callable[[int, str], None]  # said as it happens: (step, why the cloud gave nothing usable)
    tools: str = ""  # the run's tools as `tools.registry.tool_lines` shows them, for the planner


class Strategy(Protocol):
    name: str
    uses_cloud: bool  # needs a cloud target; without one the run is refused before it starts
    asks_cloud: bool  # the edge gets the ask_cloud tool
    needs_scores: bool  # edge calls report per-token logprobs, for the routers

    def before_run(self, run: dict, ctx: RunContext) -> dict: ...

    def decide(self, run: dict, steps: list[dict]) -> Decision: ...

    def review(self, run: dict, call: dict, decision: Decision) -> Decision: ...


class _Base:
    name = ""
    uses_cloud, asks_cloud, needs_scores = True, False, False

    def __init__(self, settings: dict[str, Any] | None = None) -> None:
        self.settings = settings or {}

    def before_run(self, run: dict, ctx: RunContext) -> dict:
        return run

    def review(self, run: dict, call: dict, decision: Decision) -> Decision:
        """After the edge proposed this step's action: keep it, or hand the step to the cloud."""
        return decision


class EdgeOnly(_Base):
    """The edge model acts at every step and the cloud is never called."""

    name, uses_cloud = "edge", False

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        return Decision("edge", "edge-only strategy")


class Advisor(_Base):
    """The edge keeps control; the cloud is called only when the edge calls ask_cloud."""

    name, asks_cloud = "advisor", True

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        return Decision("edge", "edge acts; ask_cloud available")


class CloudOnly(_Base):
    """The cloud executes every step, seeing the trajectory (redacted like every strategy's exports)."""

    name = "cloud"

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        return Decision("cloud", "cloud executes every step")


class Sketch(_Base):
    """One cloud plan from the task alone before the first step; the edge executes with it in context."""

    name = "sketch"

    def before_run(self, run: dict, ctx: RunContext) -> dict:
        if run.get("plan") is not None or ctx.exporter is None:
            return run  # fetched once; a resumed run reuses the stored plan
        # "" when the cloud was unavailable: stored as no plan, so a resume neither asks again nor changes the context
        plan = ctx.exporter.plan(run["task"], ctx.tools)
        ctx.store.update_run(run["id"], plan=plan)
        if not plan:
            asked = [e for e in ctx.store.exports(run["id"]) if e["purpose"] == "plan"]
            ctx.fallback(0, f"no plan ({asked[-1]['reason'] if asked else 'no answer'})")
        return {**run, "plan": plan}

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        if run.get("plan"):
            return Decision("edge", "edge executes the cloud plan")
        return Decision("edge", "edge executes without a plan (cloud unavailable)")


class Handoff(_Base):
    """The edge acts; after n errors, n identical actions or n steps without progress the cloud takes up to k."""

    name = "handoff"

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        n, k = int(self.settings.get("handoff_n", 3)), int(self.settings.get("handoff_k", 2))
        cloud_run = 0
        for s in reversed(steps):
            if s["actor"] != "cloud":
                break
            cloud_run += 1
        if cloud_run >= k:
            return Decision("edge", "control returns to edge")
        if cloud_run:
            return Decision("cloud", f"cloud step {cloud_run + 1}/{k}")
        # Only edge steps since the cloud last acted count, so old signals do not hand over again at once.
        since = len(steps) - next((i for i, s in enumerate(reversed(steps)) if s["actor"] == "cloud"), len(steps))
        recent = steps[since:][-n:]
        if len(recent) == n and all(not s["ok"] for s in recent):
            return Decision("cloud", f"handoff after {n} errors")
        actions = {(s["tool"], repr(sorted((s["args"] or {}).items()))) for s in recent}
        if len(recent) == n and recent[0]["tool"] and len(actions) == 1:
            return Decision("cloud", f"handoff after {n} repeated actions")
        if len(recent) == n and not any(_progressed(steps, len(steps) - n + i) for i in range(n)):
            return Decision("cloud", f"handoff after {n} steps without progress")
        return Decision("edge", "edge acts")


def _progressed(steps: list[dict], i: int) -> bool:
    """A step makes progress when it succeeds with an action the run has not taken before (loops do not count)."""
    s = steps[i]
    key = (s["tool"], repr(sorted((s["args"] or {}).items())))
    return bool(s["ok"]) and all((p["tool"], repr(sorted((p["args"] or {}).items()))) != key for p in steps[:i])


class StepRouter(_Base):
    """The edge proposes each action; when its uncertainty exceeds τ that one step goes to the cloud."""

    name, needs_scores = "step-router", True

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        return Decision("edge", "edge proposes")

    def review(self, run: dict, call: dict, decision: Decision) -> Decision:
        measure, tau = self.settings.get("router_measure", "entropy"), float(self.settings.get("step_router_tau", 1.75))
        u = uncertainty(call, measure)
        if u is None:
            return Decision("edge", f"{measure} unavailable from this backend → edge")
        if u > tau:
            return Decision("cloud", f"{measure} {u:.2f} > τ {tau:.2f}")
        return Decision("edge", f"{measure} {u:.2f} ≤ τ {tau:.2f}")


class TaskRouter(_Base):
    """Before the run, the edge's confidence on a probe (its first action) and the task's length pick who acts."""

    name, needs_scores = "task-router", True

    def before_run(self, run: dict, ctx: RunContext) -> dict:
        if run.get("route"):
            return run  # decided once; a resumed run keeps its route
        # The probe is step 0's edge proposal: kept as that step's call when the task stays on the edge.
        probe = ctx.propose(run, [], 0)
        route = self.route(probe, ctx.count_tokens(run["task"]))
        ctx.store.update_run(run["id"], route=json.dumps(route))
        return {**run, "route": json.dumps(route)}

    def route(self, probe: dict, task_tokens: int) -> dict:
        measure = self.settings.get("router_measure", "entropy")
        threshold = float(self.settings.get("task_router_threshold", 3.9))
        score = task_score(probe, task_tokens, measure, float(self.settings.get("task_router_length_weight", 0.25)))
        actor = "edge" if score is None or score <= threshold else "cloud"
        return {"actor": actor, "score": score, "threshold": threshold, "measure": measure,
                "probe_call_id": probe["id"]}

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        route = json.loads(run.get("route") or "{}")
        score, threshold = route.get("score"), route.get("threshold")
        if score is None:
            return Decision("edge", "task-router: no probe score → edge")
        op = ">" if route["actor"] == "cloud" else "≤"
        return Decision(route["actor"], f"task-router: score {score:.2f} {op} threshold {threshold:.2f}")


def task_score(probe: dict, task_tokens: int, measure: str, length_weight: float) -> float | None:
    """The task router's score: the probe's uncertainty plus a length term (longer tasks need more steps)."""
    u = uncertainty(probe, measure)
    return None if u is None else u + length_weight * math.log2(1 + task_tokens / 32)


STRATEGIES: dict[str, type[_Base]] = {
    s.name: s for s in (EdgeOnly, CloudOnly, Sketch, TaskRouter, StepRouter, Advisor, Handoff)}
# The [strategy] config key that holds each router's threshold (what `edgeagent calibrate` fits).
THRESHOLD_SETTING = {"step-router": "step_router_tau", "task-router": "task_router_threshold"}


def get_strategy(name: str, settings: dict[str, Any] | None = None) -> Strategy:
    if name not in STRATEGIES:
        raise BadInput(f"unknown strategy {name!r}; available: {', '.join(STRATEGIES)}")
    return cast(Strategy, STRATEGIES[name](settings))  # each entry is a _Base subclass that defines decide()
