"""CPU energy from the Linux powercap RAPL counters (Intel, and AMD Zen on recent kernels).

Zones live at ``/sys/class/powercap/intel-rapl:<p>`` (top level: ``package-N``, ``psys``)
and ``intel-rapl:<p>:<s>`` (subzones: ``core``, ``uncore``, ``dram``), each with
``name``, ``energy_uj`` (a wrapping microjoule counter) and ``max_energy_range_uj``.
AMD CPUs appear under the same ``intel-rapl`` names. ``intel-rapl-mmio:*`` zones repeat the
package counter through another interface and are ignored so nothing is counted twice.

Total policy: ``EnergyReading.joules`` holds the ``package-N`` zones only (one key each,
e.g. ``{"package-0": J}``), so ``total_joules`` is CPU-package energy, comparable across
machines. Subzones are parts of a package (core, uncore) or a separate plane whose scope
varies by platform (dram), and ``psys`` covers the package *plus* a platform-defined rest,
so none of them is summed; they are reported in ``meter.sub_joules`` as
``"package-0/core"``, ``"package-0/dram"``, ``"psys"``. A machine with no package zone
(only psys, say) sums its top-level zones instead.

Since 2020 (CVE-2020-8694) ``energy_uj`` is readable by root only; that surfaces as a
one-line MeterUnavailable saying how to fix it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from edgeagent.meters.base import EnergyReading, MeterUnavailable
from edgeagent.meters.sampling import PeriodicSampler

_PREFIX = "RAPL not readable"
POWERCAP = "sys/class/powercap"
_ZONE = re.compile(r"intel-rapl:(\d+(?::\d+)*)")


@dataclass(frozen=True)
class RaplZone:
    path: Path  # the zone directory
    key: str  # "package-0", "package-0/core", "psys"
    name: str  # contents of the zone's ``name`` file
    top_level: bool
    max_range_uj: int


def counter_delta_uj(before: int, after: int, max_range_uj: int) -> int:
    """Microjoules between two reads of a RAPL counter that wraps at ``max_range_uj``.

    A decrease means exactly one wrap; more than one wrap between reads can't be seen,
    which is why ``RaplMeter`` also reads the counters periodically during long windows.
    """
    if before < 0 or after < 0 or max_range_uj <= 0:
        raise ValueError(f"bad RAPL counter values: before={before} after={after} max={max_range_uj}")
    if after >= before:
        return after - before
    return after + max_range_uj - before


def _read_int(path: Path) -> int:
    try:
        text = path.read_text().strip()
    except PermissionError as exc:
        glob = path.parent.parent / "intel-rapl:*" / path.name
        raise MeterUnavailable(
            f"{_PREFIX}: {path} needs root (sudo chmod a+r {glob}, or run as root)"
        ) from exc
    except OSError as exc:
        raise MeterUnavailable(f"{_PREFIX}: cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{path}: expected an integer, got {text[:40]!r}") from None


def _read_name(zone: Path) -> str:
    try:
        return (zone / "name").read_text().strip()
    except OSError as exc:
        raise MeterUnavailable(f"{_PREFIX}: cannot read {zone / 'name'}: {exc.strerror or exc}") from exc


def discover_zones(root: Path = Path("/")) -> list[RaplZone]:
    """All RAPL zones under ``root``: top-level ones first, then subzones, by index."""
    base = Path(root) / POWERCAP
    if not base.is_dir():
        raise MeterUnavailable(f"{_PREFIX}: {base} does not exist (no powercap driver: not Linux, or a VM)")
    found = []
    for entry in base.iterdir():
        m = _ZONE.fullmatch(entry.name)
        if m:
            found.append((tuple(int(i) for i in m.group(1).split(":")), entry))
    if not found:
        raise MeterUnavailable(
            f"{_PREFIX}: no intel-rapl zones in {base} (CPU without RAPL, a VM, or the intel_rapl driver not loaded)"
        )
    found.sort(key=lambda item: (len(item[0]), item[0]))
    names = {index: _read_name(path) for index, path in found}
    zones = []
    for index, path in found:
        name = names[index]
        top = len(index) == 1
        parent = names.get(index[:1], f"intel-rapl:{index[0]}")
        key = name if top else f"{parent}/{name}"
        zones.append(RaplZone(path, key, name, top, _read_int(path / "max_energy_range_uj")))
    keys = [z.key for z in zones]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{base}: RAPL zone names repeat: {keys}")
    return zones


def summed_zones(zones: list[RaplZone]) -> list[RaplZone]:
    """The zones whose sum is the total: the package zones, else every top-level zone."""
    packages = [z for z in zones if z.top_level and z.name.startswith("package")]
    return packages or [z for z in zones if z.top_level]


def read_counters(zones: list[RaplZone]) -> dict[str, int]:
    """One read of every zone's ``energy_uj``."""
    return {z.key: _read_int(z.path / "energy_uj") for z in zones}


def joules_between(zones: list[RaplZone], reads: list[dict[str, int]]) -> dict[str, float]:
    """Joules per zone over successive counter reads, each step wrap-corrected."""
    out = {}
    for z in zones:
        uj = sum(counter_delta_uj(a[z.key], b[z.key], z.max_range_uj) for a, b in pairwise(reads))
        out[z.key] = uj / 1e6
    return out


class RaplMeter:
    """Package energy from RAPL counters read at ``begin()``, ``end()`` and every ``poll_s`` between.

    Counters wrap after ``max_energy_range_uj`` (~262 kJ on many Intel parts: ~45 min at
    100 W; less on AMD); polling keeps a long window from hiding a second wrap.
    ``sub_joules`` holds subzones and psys after ``end()``.
    """

    name = "rapl"

    def __init__(self, root: Path = Path("/"), poll_s: float = 10.0) -> None:
        if not poll_s > 0:
            raise ValueError(f"poll_s must be > 0, got {poll_s}")
        self.root = Path(root)
        self.zones = discover_zones(self.root)
        self.summed = summed_zones(self.zones)
        read_counters(self.zones)  # probe: the permission error appears here, not mid-run
        self._sampler: PeriodicSampler[dict[str, int]] = PeriodicSampler(
            lambda: read_counters(self.zones), 1.0 / poll_s, name="rapl-poller"
        )
        self.sub_joules: dict[str, float] = {}

    def begin(self) -> None:
        self._sampler.start()

    def end(self) -> EnergyReading:
        try:
            times, reads = self._sampler.stop()
        except (MeterUnavailable, ValueError) as exc:
            raise MeterUnavailable(f"{_PREFIX}: polling failed: {exc}") from exc
        per_zone = joules_between(self.zones, reads)
        summed = {z.key for z in self.summed}
        self.sub_joules = {k: v for k, v in per_zone.items() if k not in summed}
        return EnergyReading(
            joules={k: v for k, v in per_zone.items() if k in summed},
            seconds=times[-1] - times[0],
            source="rapl",
            measured=True,
        )

    def close(self) -> None:
        self._sampler.close()
