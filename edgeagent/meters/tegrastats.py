"""Jetson power and RAM from ``tegrastats`` output (JetPack 4 to 7).

Lines differ between releases: JetPack 6 and 7 start with a ``MM-DD-YYYY HH:MM:SS``
timestamp, GPU/temperature fields change names, and JetPack 4 prints power pairs without
units (``POM_5V_IN 2353/2353``). The parser keeps only what is stable: ``RAM used/totalMB``,
``SWAP used/totalMB`` and every ``NAME <cur>mW/<avg>mW`` power pair (unit-less pairs are
milliwatts too). Everything else on the line is ignored, so new fields don't break it.

``TegrastatsMeter`` integrates each rail's *current* value by the trapezoid rule over the
samples' arrival times and applies the same total rule as the sysfs meter
(``jetson.total_domains``): ``joules`` is ``{"VDD_IN": J}`` on Orin Nano/NX, one key per
rail on AGX boards; every rail is in ``meter.rail_joules``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from edgeagent.meters.base import EnergyReading, MeterUnavailable
from edgeagent.meters.jetson import is_skipped_rail, total_domains
from edgeagent.meters.sampling import StreamMeter, find_tool, integrate_domains

_TIMESTAMP = re.compile(r"^(\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2})\s+")
_RAM = re.compile(r"\bRAM (\d+)/(\d+)MB\b")
_SWAP = re.compile(r"\bSWAP (\d+)/(\d+)MB\b")
# Either both values carry "mW" or neither does (JetPack 4); "RAM 1/2MB"-style pairs never match.
_POWER = re.compile(r"(?<!\S)([A-Za-z][A-Za-z0-9_]*) (\d+)(mW)?/(\d+)(mW)?(?=\s|$)")


@dataclass(frozen=True)
class TegrastatsSample:
    """One tegrastats line. ``power_mw`` maps rail -> (current, average) milliwatts."""

    power_mw: dict[str, tuple[int, int]]
    ram_used_mb: int | None
    ram_total_mb: int | None
    swap_used_mb: int | None = None
    swap_total_mb: int | None = None
    timestamp: datetime | None = None

    def rail_watts(self) -> dict[str, float]:
        """Current watts per real rail (``NC`` rails dropped)."""
        return {name: cur / 1000.0 for name, (cur, _) in self.power_mw.items() if not is_skipped_rail(name)}


def parse_line(line: str) -> TegrastatsSample:
    """Parse one tegrastats line; ValueError when it has neither RAM nor any power pair."""
    text = line.strip()
    timestamp = None
    m = _TIMESTAMP.match(text)
    if m:
        try:
            timestamp = datetime.strptime(m.group(1), "%m-%d-%Y %H:%M:%S")
        except ValueError:
            raise ValueError(f"tegrastats line has a bad timestamp {m.group(1)!r}") from None
    power: dict[str, tuple[int, int]] = {}
    for pm in _POWER.finditer(text):
        name, cur, cur_unit, avg, avg_unit = pm.groups()
        if bool(cur_unit) != bool(avg_unit):
            continue
        if name in power and not is_skipped_rail(name):
            raise ValueError(f"tegrastats line names rail {name!r} twice")
        power[name] = (int(cur), int(avg))
    ram = _RAM.search(text)
    swap = _SWAP.search(text)
    if ram is None and not power:
        raise ValueError(f"not a tegrastats line (no RAM field, no power pairs): {text[:80]!r}")
    return TegrastatsSample(
        power_mw=power,
        ram_used_mb=int(ram.group(1)) if ram else None,
        ram_total_mb=int(ram.group(2)) if ram else None,
        swap_used_mb=int(swap.group(1)) if swap else None,
        swap_total_mb=int(swap.group(2)) if swap else None,
        timestamp=timestamp,
    )


def parse_log(lines: Iterable[str]) -> list[TegrastatsSample]:
    """Parse every non-blank line (e.g. a ``tegrastats --logfile`` file); ValueError names the bad line."""
    samples = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            samples.append(parse_line(line))
        except ValueError as exc:
            raise ValueError(f"line {n}: {exc}") from None
    return samples


def rail_joules(times: list[float], samples: list[TegrastatsSample]) -> dict[str, float]:
    """Trapezoid joules per real rail from samples taken at ``times`` (seconds)."""
    return integrate_domains(times, [s.rail_watts() for s in samples])


def log_joules(samples: list[TegrastatsSample], interval_s: float) -> dict[str, float]:
    """Joules per rail for a logfile, assuming the samples are ``interval_s`` apart.

    Logfile lines carry at most 1 s timestamps, so the nominal interval is the best clock there.
    """
    if not interval_s > 0:
        raise ValueError(f"interval_s must be > 0, got {interval_s}")
    return rail_joules([i * interval_s for i in range(len(samples))], samples)


def _parse_record(raw: bytes) -> TegrastatsSample:
    return parse_line(raw.decode("utf-8", "replace"))


class TegrastatsMeter(StreamMeter):
    """Energy from a ``tegrastats --interval <ms>`` subprocess started by ``begin()``.

    The window runs from the first line after ``begin()`` to the first line that arrives
    after ``end()`` is called, so it covers the work plus at most one interval.
    """

    name = "tegrastats"

    def __init__(self, interval_ms: int = 50, executable: str = "tegrastats", start_timeout: float = 5.0) -> None:
        path = find_tool(executable, "tegrastats", "it ships with JetPack's L4T tools", interval_ms)
        super().__init__([path, "--interval", str(int(interval_ms))], _parse_record, b"\n", interval_ms, start_timeout)
        if not self._probe().rail_watts():
            raise MeterUnavailable("tegrastats reports no power rails on this board")
        self.rail_joules: dict[str, float] = {}

    @property
    def skipped_lines(self) -> int:
        return self.skipped_records

    def end(self) -> EnergyReading:
        window = self._window()
        times = [t for t, _ in window]
        samples = [s for _, s in window]
        try:
            self.rail_joules = rail_joules(times, samples)
        except ValueError as exc:
            raise MeterUnavailable(f"tegrastats: {exc}") from exc
        return EnergyReading(
            joules=total_domains(self.rail_joules),
            seconds=times[-1] - times[0],
            source="tegrastats",
            measured=True,
        )

