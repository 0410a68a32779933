"""Strategies decide who acts at each step and why; the reason is stored on the step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .errors import BadInput


@dataclass(frozen=True)
class Decision:
    actor: str  # "edge" or "cloud"
    reason: str


class Strategy(Protocol):
    name: str

    def decide(self, run: dict, steps: list[dict]) -> Decision: ...


class EdgeOnly:
    """The edge model acts at every step and the cloud is never called."""

    name = "edge"

    def decide(self, run: dict, steps: list[dict]) -> Decision:
        return Decision("edge", "edge-only strategy")


STRATEGIES: dict[str, type] = {"edge": EdgeOnly}


def get_strategy(name: str) -> Strategy:
    if name not in STRATEGIES:
        raise BadInput(f"unknown strategy {name!r}; available: {', '.join(STRATEGIES)}")
    return STRATEGIES[name]()
