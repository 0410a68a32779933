"""Shared types for energy meters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class EnergyReading:
    """Energy spent between a meter's ``begin()`` and ``end()``.

    ``joules`` maps a domain (``"gpu0"``, ``"package"`` ...) to joules;
    ``measured`` is False when the numbers are an estimate, not a hardware counter.
    """

    joules: dict[str, float]
    seconds: float
    source: str
    measured: bool

    @property
    def total_joules(self) -> float:
        return float(sum(self.joules.values()))

    @property
    def watts(self) -> float:
        # A zero-length window has no meaningful mean power; 0 keeps callers free of NaN/inf.
        return self.total_joules / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "joules": dict(self.joules),
            "total_joules": self.total_joules,
            "seconds": self.seconds,
            "watts": self.watts,
            "source": self.source,
            "measured": self.measured,
        }


class MeterUnavailable(Exception):
    """This meter cannot measure on this machine; the message says why, on one line."""

    def __init__(self, reason: object) -> None:
        # Driver errors can carry newlines; callers print this as a one-line status.
        super().__init__(" ".join(str(reason).split()))


@runtime_checkable
class EnergyMeter(Protocol):
    name: str

    def begin(self) -> None: ...

    def end(self) -> EnergyReading: ...
