"""Energy and peak memory for overlapping windows (a run, its steps, the model call inside a step).

Meters measure one begin()→end() window at a time, so `Metering` keeps them running and cuts
them at every window edge: each open window is credited with the slices it spans."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from .devices import DeviceProfile, MachineFacts
from .meters.base import EnergyMeter, MeterUnavailable
from .meters.memory import PeakMemory
from .meters.select import open_meter


@dataclass
class Spent:
    """What a window cost on this device; `measured` is False when any slice was an estimate."""

    joules: float = 0.0
    seconds: float = 0.0
    sources: list[str] = field(default_factory=list)
    measured: bool = True
    peak_rss_bytes: int = 0

    @property
    def source(self) -> str:
        return "+".join(self.sources) or "none"

    def add(self, joules: float, seconds: float, source: str, measured: bool, peak: int) -> None:
        self.joules += joules
        self.seconds += seconds
        if source not in self.sources:
            self.sources.append(source)
        self.measured = self.measured and measured
        self.peak_rss_bytes = max(self.peak_rss_bytes, peak)

    def fields(self) -> dict:
        """Columns for a model_calls, steps or runs row."""
        return {"energy_j": self.joules, "energy_source": self.source, "energy_measured": int(self.measured),
                "peak_rss_bytes": self.peak_rss_bytes}


class Metering:
    """One energy meter and one memory sampler shared by every window of a run."""

    def __init__(self, energy: EnergyMeter | None, memory: PeakMemory | None = None) -> None:
        self.energy, self.memory = energy, memory
        self._open: list[Spent] = []
        self._running = False

    def _cut(self) -> None:
        """End the current slice, credit it to every open window, and start the next one."""
        if self._running:
            r = self.energy.end() if self.energy else None
            m = self.memory.end() if self.memory else None
            for w in self._open:
                w.add(r.total_joules if r else 0.0, r.seconds if r else 0.0, r.source if r else "none",
                      r.measured if r else False, m.peak_rss_bytes if m else 0)
        if self.energy:
            self.energy.begin()
        if self.memory:
            self.memory.begin()
        self._running = True

    @contextmanager
    def window(self) -> Iterator[Spent]:
        """Measure the body; the yielded Spent is complete once the block exits."""
        self._cut()
        spent = Spent()
        self._open.append(spent)
        try:
            yield spent
        finally:
            self._cut()
            self._open.remove(spent)
            if not self._open:
                self._stop()

    def _stop(self) -> None:
        # Nothing is measuring: end the slice so sampler threads do not run between runs.
        if self._running:
            if self.energy:
                self.energy.end()
            if self.memory:
                self.memory.end()
            self._running = False

    def close(self) -> None:
        self._stop()
        for part in (self.energy, self.memory):
            close = getattr(part, "close", None)
            if close:
                close()


def open_metering(profile: DeviceProfile, memory_hz: float = 10.0) -> tuple[Metering, str]:
    """The profile's first readable meter plus a peak-RSS sampler, and a one-line note of what was chosen."""
    try:
        meter = open_meter(list(profile.meters), profile.estimate_watts, idle_watts=profile.idle_watts)
    except MeterUnavailable as e:
        return Metering(None, PeakMemory(hz=memory_hz)), f"energy not measured: {e}"
    note = f"energy: {meter.name}" + ("" if meter.measured else " (estimated: no sensor readable here)")
    return Metering(meter, PeakMemory(hz=memory_hz)), note


def power_mode(profile: DeviceProfile, facts: MachineFacts) -> str:
    """The nvpmodel mode on a Jetson, else the profile's default power mode."""
    if facts.nvpmodel_mode is not None:
        names = dict(facts.nvpmodel_modes)
        return names.get(facts.nvpmodel_mode, f"nvpmodel {facts.nvpmodel_mode}")
    return profile.default_power_mode
