"""Energy and peak memory for overlapping windows (a run, its steps, the model call inside a step).

Meters measure one begin()→end() window at a time, so `Metering` keeps them running and cuts
them at every window edge: each open window is credited with the slices it spans."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from edgeagent.devices.profiles import DeviceProfile, MachineFacts
from edgeagent.meters.base import EnergyMeter, MeterUnavailable
from edgeagent.meters.jetson import nvmap_used_bytes
from edgeagent.meters.memory import PeakMemory
from edgeagent.meters.nvml import NvmlMemory
from edgeagent.meters.select import open_meter


@dataclass
class Spent:
    """What a window cost on this device; `measured` is False when any slice was an estimate."""

    joules: float = 0.0
    seconds: float = 0.0
    sources: list[str] = field(default_factory=list)
    measured: bool = True
    peak_rss_bytes: int = 0
    memory: dict[str, int] = field(default_factory=dict)  # peaks the device or backend reports (NVML, NvMap, MLX)

    @property
    def source(self) -> str:
        return "+".join(self.sources) or "none"

    def add(self, joules: float, seconds: float, source: str, measured: bool, peak: int,
            memory: dict[str, int | None] | None = None) -> None:
        self.joules += joules
        self.seconds += seconds
        if source not in self.sources:
            self.sources.append(source)
        self.measured = self.measured and measured
        self.peak_rss_bytes = max(self.peak_rss_bytes, peak)
        for key, value in (memory or {}).items():
            if value is not None:
                self.memory[key] = max(self.memory.get(key, 0), value)

    def fields(self) -> dict:
        """Columns for a model_calls, steps or runs row."""
        return {"energy_j": self.joules, "energy_source": self.source, "energy_measured": int(self.measured),
                "peak_rss_bytes": self.peak_rss_bytes, "memory_peaks": json.dumps(self.memory) if self.memory else None}


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
                      r.measured if r else False, m.peak_rss_bytes if m else 0, m.extra if m else None)
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
        hooks = list(self.memory.hooks.values()) if self.memory else []
        for part in (self.energy, self.memory, *hooks):
            close = getattr(part, "close", None)
            if close:
                close()


def open_metering(profile: DeviceProfile, backend: object | None = None, memory_hz: float = 10.0
                  ) -> tuple[Metering, str]:
    """The profile's first readable meter plus a peak-RSS sampler with the device's and backend's own memory
    figures, and a one-line note of what was chosen."""
    memory = PeakMemory(hz=memory_hz, hooks=_memory_hooks(profile, backend))
    try:
        meter = open_meter(list(profile.meters), profile.estimate_watts, idle_watts=profile.idle_watts)
    except MeterUnavailable as e:
        return Metering(None, memory), f"energy not measured: {e}"
    note = f"energy: {meter.name}" + ("" if meter.measured else " (estimated: no sensor readable here)")
    return Metering(meter, memory), note


def _memory_hooks(profile: DeviceProfile, backend: object | None) -> dict:
    hooks: dict = {}
    if profile.family == "jetson":
        hooks["nvmap_used_bytes"] = nvmap_used_bytes
    if "nvml" in profile.meters:
        try:
            hooks["nvml_used_bytes"] = NvmlMemory()
        except MeterUnavailable:
            pass  # no NVIDIA GPU here: RSS is the whole story
    peak = getattr(backend, "peak_memory_bytes", None)
    if callable(peak):
        hooks["backend_peak_bytes"] = peak  # MLX reports its own allocator's peak
    return hooks


def power_mode(profile: DeviceProfile, facts: MachineFacts) -> str:
    """The nvpmodel mode on a Jetson, else the profile's default power mode."""
    if facts.nvpmodel_mode is not None:
        names = dict(facts.nvpmodel_modes)
        return names.get(facts.nvpmodel_mode, f"nvpmodel {facts.nvpmodel_mode}")
    return profile.default_power_mode
