"""Apple Silicon energy from ``macmon`` (no root) or ``powermetrics`` (root).

Both meters report the same domains in ``EnergyReading.joules``: ``"cpu"``, ``"gpu"`` and
``"ane"``; their sum is the SoC compute energy that IOReport accounts (powermetrics' "Combined
Power (CPU + GPU + ANE)", macmon's ``all_power``). Whole-system power (macmon ``sys_power``,
which includes the display and peripherals) and DRAM power are not summed: they go to
``meter.extra_joules`` as ``"sys"``, ``"ram"``, ``"gpu_ram"`` when the tool reports them.

* macmon: ``macmon pipe -i <ms>`` prints one JSON object a line with watts per domain
  (each an average over the last interval). The meter integrates them by the trapezoid rule
  over arrival times.
* powermetrics: ``powermetrics --samplers cpu_power,gpu_power -f plist -i <ms>`` prints plist
  documents separated by NUL bytes; ``processor`` holds ``cpu_energy``, ``gpu_energy`` and
  ``ane_energy`` in millijoules over ``elapsed_ns``. Energies are summed, no integration needed.
"""

from __future__ import annotations

import json
import os
import plistlib
import sys
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from edgeagent.meters.base import EnergyReading, MeterUnavailable
from edgeagent.meters.sampling import StreamMeter, find_tool, integrate_domains

DOMAINS = ("cpu", "gpu", "ane")
_MACMON_EXTRA = {"sys": "sys_power", "ram": "ram_power", "gpu_ram": "gpu_ram_power", "all": "all_power"}


def _is_macos() -> bool:
    return sys.platform == "darwin"


def _number(obj: dict[str, Any], key: str, where: str) -> float:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where}: field {key!r} missing or not a number (got {value!r})")
    return float(value)


# --- macmon ----------------------------------------------------------------------


@dataclass(frozen=True)
class MacmonSample:
    """One ``macmon pipe`` line: watts per domain, extra watts, and memory in bytes."""

    watts: dict[str, float]
    extra_watts: dict[str, float] = field(default_factory=dict)
    ram_used_bytes: int | None = None
    ram_total_bytes: int | None = None
    timestamp: datetime | None = None


def parse_macmon_line(line: str) -> MacmonSample:
    """Parse one JSON line of ``macmon pipe``; ValueError for non-JSON or missing power fields."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"macmon line is not JSON ({exc.msg}): {line.strip()[:80]!r}") from None
    if not isinstance(obj, dict):
        raise ValueError(f"macmon line is not a JSON object: {line.strip()[:80]!r}")
    watts = {d: _number(obj, f"{d}_power", "macmon line") for d in DOMAINS}
    extra = {k: float(obj[f]) for k, f in _MACMON_EXTRA.items() if isinstance(obj.get(f), (int, float))}
    memory = obj["memory"] if isinstance(obj.get("memory"), dict) else {}
    ts = None
    if isinstance(obj.get("timestamp"), str):
        try:
            ts = datetime.fromisoformat(obj["timestamp"].replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(f"macmon line has a bad timestamp {obj['timestamp']!r}") from None
    return MacmonSample(
        watts=watts,
        extra_watts=extra,
        ram_used_bytes=int(memory["ram_usage"]) if isinstance(memory.get("ram_usage"), int) else None,
        ram_total_bytes=int(memory["ram_total"]) if isinstance(memory.get("ram_total"), int) else None,
        timestamp=ts,
    )


def macmon_joules(times: list[float], samples: list[MacmonSample]) -> tuple[dict[str, float], dict[str, float]]:
    """(domain joules, extra joules) by the trapezoid rule; extras only where every sample has them."""
    joules = integrate_domains(times, [s.watts for s in samples])
    common = set.intersection(*(set(s.extra_watts) for s in samples)) if samples else set()
    extra = integrate_domains(times, [{k: s.extra_watts[k] for k in common} for s in samples])
    return joules, extra


def _parse_macmon_record(raw: bytes) -> MacmonSample:
    return parse_macmon_line(raw.decode("utf-8", "replace"))


class MacmonMeter(StreamMeter):
    """SoC energy from ``macmon pipe -i <interval_ms>`` (Apple Silicon, no root needed)."""

    name = "macmon"

    def __init__(self, interval_ms: int = 100, executable: str = "macmon", start_timeout: float = 5.0) -> None:
        path = find_tool(executable, "macmon", "brew install macmon", interval_ms)
        super().__init__([path, "pipe", "-i", str(int(interval_ms))], _parse_macmon_record, b"\n", interval_ms, start_timeout)
        self._probe()

    def end(self) -> EnergyReading:
        window = self._window()
        times = [t for t, _ in window]
        try:
            joules, self.extra_joules = macmon_joules(times, [s for _, s in window])
        except ValueError as exc:
            raise MeterUnavailable(f"macmon: {exc}") from exc
        return EnergyReading(joules=joules, seconds=times[-1] - times[0], source="macmon", measured=True)


# --- powermetrics --------------------------------------------------------------------


@dataclass(frozen=True)
class PowermetricsSample:
    """One powermetrics plist sample: its interval and joules per domain over it."""

    seconds: float
    joules: dict[str, float]
    combined_watts: float | None = None


def parse_powermetrics_plist(doc: bytes) -> PowermetricsSample:
    """Parse one plist document of ``powermetrics -f plist`` (cpu_power / gpu_power samplers)."""
    try:
        obj = plistlib.loads(doc.strip(b"\0 \t\r\n"))
    except Exception as exc:  # noqa: BLE001 -- plistlib raises InvalidFileException, ExpatError, ValueError...
        raise ValueError(f"powermetrics record is not a plist ({type(exc).__name__}: {exc})") from None
    if not isinstance(obj, dict):
        raise ValueError("powermetrics plist is not a dictionary")
    seconds = _number(obj, "elapsed_ns", "powermetrics plist") / 1e9
    proc = obj.get("processor")
    if not isinstance(proc, dict):
        raise ValueError("powermetrics plist has no 'processor' dictionary (run with --samplers cpu_power,gpu_power)")
    gpu = obj["gpu"] if isinstance(obj.get("gpu"), dict) else {}
    joules = {}
    for d in DOMAINS:
        key = f"{d}_energy"
        # Some macOS releases put gpu_energy under "gpu" rather than "processor".
        src = proc if key in proc or key not in gpu else gpu
        joules[d] = _number(src, key, "powermetrics plist") / 1000.0
    combined = proc.get("combined_power")
    return PowermetricsSample(
        seconds=seconds,
        joules=joules,
        combined_watts=float(combined) / 1000.0 if isinstance(combined, (int, float)) else None,
    )


def parse_powermetrics_stream(data: bytes) -> list[PowermetricsSample]:
    """Parse a NUL-separated stream of plist documents (blank chunks ignored)."""
    return [parse_powermetrics_plist(chunk) for chunk in data.split(b"\0") if chunk.strip()]


def powermetrics_joules(samples: list[PowermetricsSample]) -> tuple[dict[str, float], float]:
    """(joules per domain, seconds) summed over samples."""
    joules = {d: sum(s.joules[d] for s in samples) for d in DOMAINS}
    return joules, sum(s.seconds for s in samples)


class PowermetricsMeter(StreamMeter):
    """SoC energy from ``powermetrics`` (macOS, root only).

    The first sample after ``begin()`` covers time before the window and is dropped; the
    last one, which arrives after ``end()``, overruns the window by less than one interval.
    """

    name = "powermetrics"

    def __init__(self, interval_ms: int = 100, executable: str = "powermetrics", start_timeout: float = 5.0) -> None:
        if interval_ms < 1:
            raise ValueError(f"interval_ms must be >= 1, got {interval_ms}")
        if not _is_macos():
            raise MeterUnavailable(f"powermetrics is macOS-only (this is {sys.platform})")
        if os.geteuid() != 0:
            raise MeterUnavailable("powermetrics needs root (run with sudo, or use macmon, which doesn't)")
        path = find_tool(executable, "powermetrics", "it ships with macOS")
        argv = [path, "--samplers", "cpu_power,gpu_power", "-f", "plist", "-i", str(int(interval_ms)), "-b", "0"]
        super().__init__(argv, parse_powermetrics_plist, b"\0", interval_ms, start_timeout)
        self._probe()

    def end(self) -> EnergyReading:
        window = self._window()
        joules, seconds = powermetrics_joules([s for _, s in window[1:]])
        return EnergyReading(joules=joules, seconds=seconds, source="powermetrics", measured=True)
