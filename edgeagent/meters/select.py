"""Pick the first energy meter that works here, and say why the others don't.

``open_meter(["rapl", "nvml", "estimate"], profile_watts=15.0)`` returns a
``SelectedMeter``: it behaves as the chosen meter (``name``/``begin``/``end``) and carries
``skipped`` ({name: reason}) and ``summary()`` ("rapl: RAPL not readable: ...; using estimate").
``probe_meters()`` reports every meter's state for a ``devices`` command.
``IdleBaseline`` measures idle power with a meter so runs can report net joules.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edgeagent.meters.apple import MacmonMeter, PowermetricsMeter
from edgeagent.meters.base import EnergyMeter, EnergyReading, MeterUnavailable
from edgeagent.meters.estimate import EstimateMeter
from edgeagent.meters.jetson import JetsonPowerMeter
from edgeagent.meters.nvml import NvmlMeter
from edgeagent.meters.rapl import RaplMeter
from edgeagent.meters.tegrastats import TegrastatsMeter

METER_NAMES = ("ina3221", "tegrastats", "rapl", "nvml", "macmon", "powermetrics", "estimate")
READABLE = "readable"


def _factories(root: Path, profile_watts: float | None, idle_watts: float | None = None
               ) -> dict[str, Callable[[], Any]]:
    def estimate() -> EstimateMeter:
        if profile_watts is None:
            raise MeterUnavailable("no device-profile power figure to estimate from")
        return EstimateMeter(profile_watts, idle_watts)

    return {
        "ina3221": lambda: JetsonPowerMeter(root),
        "tegrastats": TegrastatsMeter,
        "rapl": lambda: RaplMeter(root),
        "nvml": NvmlMeter,
        "macmon": MacmonMeter,
        "powermetrics": PowermetricsMeter,
        "estimate": estimate,
    }


def _check_names(names: list[str]) -> None:
    if not names:
        raise ValueError("no meter names given")
    unknown = [n for n in names if n not in METER_NAMES]
    if unknown:
        raise ValueError(f"unknown meter(s) {unknown}; known: {', '.join(METER_NAMES)}")


def _try(factory: Callable[[], Any]) -> tuple[Any | None, str]:
    try:
        return factory(), READABLE
    except (MeterUnavailable, ValueError) as exc:  # ValueError: malformed sysfs/tool output
        return None, " ".join(str(exc).split()) or type(exc).__name__


class SelectedMeter:
    """The chosen meter plus why earlier choices were skipped; usable as an ``EnergyMeter``."""

    def __init__(self, meter: Any, skipped: dict[str, str]) -> None:
        self.meter = meter
        self.skipped = skipped
        self.name: str = meter.name

    @property
    def measured(self) -> bool:
        return self.name != "estimate"

    def begin(self) -> None:
        self.meter.begin()

    def end(self) -> EnergyReading:
        return self.meter.end()

    def summary(self) -> str:
        parts = [f"{name}: {reason}" for name, reason in self.skipped.items()]
        return "; ".join([*parts, f"using {self.name}"])

    def close(self) -> None:
        close = getattr(self.meter, "close", None)
        if close is not None:
            close()


def open_meter(names: list[str], profile_watts: float | None, root: Path = Path("/"),
               idle_watts: float | None = None) -> SelectedMeter:
    """The first of ``names`` that constructs here; MeterUnavailable listing every reason if none does."""
    _check_names(names)
    factories = _factories(Path(root), profile_watts, idle_watts)
    skipped: dict[str, str] = {}
    for name in names:
        meter, reason = _try(factories[name])
        if meter is not None:
            return SelectedMeter(meter, skipped)
        skipped[name] = reason
    raise MeterUnavailable("no energy meter readable: " + "; ".join(f"{n}: {r}" for n, r in skipped.items()))


def probe_meters(root: Path = Path("/"), profile_watts: float | None = None) -> dict[str, str]:
    """{meter name: "readable" or the reason it isn't}, for every known meter."""
    factories = _factories(Path(root), profile_watts)
    out = {}
    for name in METER_NAMES:
        meter, reason = _try(factories[name])
        close = getattr(meter, "close", None)
        if close is not None:
            close()
        out[name] = reason
    return out


def net_joules(reading: EnergyReading, baseline_watts: float) -> float:
    """Joules above idle: total minus ``baseline_watts`` over the reading's window.

    Not clamped: a small negative value means the work was within idle noise, and hiding
    that would bias averages upward.
    """
    return reading.total_joules - baseline_watts * reading.seconds


@dataclass(frozen=True)
class IdleBaseline:
    """Idle power measured with one meter; subtract it only from readings of the same source."""

    watts: float
    seconds: float
    source: str
    measured: bool

    @classmethod
    def measure(
        cls, meter: EnergyMeter, seconds: float = 5.0, sleep: Callable[[float], None] = time.sleep
    ) -> IdleBaseline:
        """Meter ``seconds`` of doing nothing; the caller keeps the machine quiet meanwhile."""
        if not seconds > 0:
            raise ValueError(f"seconds must be > 0, got {seconds}")
        meter.begin()
        sleep(seconds)
        reading = meter.end()
        if reading.seconds <= 0:
            raise ValueError(f"{reading.source}: idle window has no length")
        return cls(watts=reading.watts, seconds=reading.seconds, source=reading.source, measured=reading.measured)

    def net_joules(self, reading: EnergyReading) -> float:
        if reading.source != self.source:
            raise ValueError(f"baseline was measured with {self.source!r}, reading comes from {reading.source!r}")
        return net_joules(reading, self.watts)
