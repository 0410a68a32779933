"""Strategies decide who acts at each step and why; the reason is stored on the step.

Every decision is derived from the run row and its stored steps, so a resumed run decides the same way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .errors import BadInput

if TYPE_CHECKING:
    from .export.exporter import Exporter


@dataclass(frozen=True)
class Decision:
    actor: str  # "edge" or "cloud"
    reason: str


class Strategy(Protocol):
    name: str
    uses_cloud: bool  # needs a cloud target; without one the run is refused before it starts
    asks_cloud: bool  # the edge gets the ask_cloud tool
    export_mode: str | None  # the default export mode when the user sets none (None: the config's)

    def before_run(self, run: dict, exporter: Exporter | None) -> dict: ...

    def decide(self, run: dict, steps: list[dict]) -> Decision: ...


class _Base:
    name = ""
    uses_cloud, asks_cloud, export_mode = True, False, None

    def __init__(self, settings: dict[str, Any] | None = None) -> None:
        self.settings = settings or {}

    def before_run(self, run: dict, exporter: Exporter | None) -> dict:
        return run


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
    """The cloud executes every step, seeing the trajectory (export mode off unless the user sets one)."""

    name, export_mode = "cloud", "off"

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        return Decision("cloud", "cloud executes every step")


class Sketch(_Base):
    """One cloud plan from the task alone before the first step; the edge executes with it in context."""

    name = "sketch"

    def before_run(self, run: dict, exporter: Exporter | None) -> dict:
        if run.get("plan") is not None or exporter is None:
            return run  # fetched once; a resumed run reuses the stored plan
        # "" when the cloud was unavailable: stored as no plan, so a resume neither asks again nor changes the context
        plan = exporter.plan(run["task"])
        exporter.store.update_run(run["id"], plan=plan)
        return {**run, "plan": plan}

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        if run.get("plan"):
            return Decision("edge", "edge executes the cloud plan")
        return Decision("edge", "edge executes without a plan (cloud unavailable)")


class Handoff(_Base):
    """The edge acts; after n consecutive errors or n identical actions the cloud takes up to k steps."""

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
        return Decision("edge", "edge acts")


STRATEGIES: dict[str, type[_Base]] = {s.name: s for s in (EdgeOnly, Advisor, CloudOnly, Sketch, Handoff)}


def get_strategy(name: str, settings: dict[str, Any] | None = None) -> Strategy:
    if name not in STRATEGIES:
        raise BadInput(f"unknown strategy {name!r}; available: {', '.join(STRATEGIES)}")
    return STRATEGIES[name](settings)
