"""NVIDIA Jetson power from the on-module INA3221 monitors, read from sysfs.

Two sysfs layouts exist:

* hwmon (JetPack 5/6, Orin): ``/sys/bus/i2c/drivers/ina3221/<bus>-<addr>/hwmon/hwmon*/``
  with ``in<N>_label`` (rail name), ``in<N>_input`` (bus voltage, mV) and
  ``curr<N>_input`` (current, mA) for channels 1-3. ``in7_label`` "sum of shunt voltages"
  is the chip's summation channel, not a rail, and is skipped.
* iio (JetPack 4 and earlier): ``/sys/bus/i2c/devices/<bus>-<addr>/iio:device*/`` with
  ``rail_name_<N>``, ``in_power<N>_input`` (mW), ``in_current<N>_input`` (mA) and
  ``in_voltage<N>_input`` (mV).

Rails labelled ``NC`` (not connected, on AGX Orin's second monitor) are skipped.

Total rule (``total_domains``), shared with the tegrastats meter: a board with a module-input
rail (``VDD_IN`` on Orin Nano/NX, ``POM_5V_IN`` on Nano JP4, ``VIN`` on Thor) counts only
that rail, because the other rails are sub-domains inside it; a board without one (AGX Orin,
AGX Xavier) counts the sum of its rails.

``JetsonPowerMeter.end()`` returns ``EnergyReading.joules`` holding exactly the domains that
make up the total (``{"VDD_IN": J}`` on Orin Nano; one key per rail on AGX Orin), so
``total_joules`` is the board figure. Every rail's joules, sub-domains included, are in
``meter.rail_joules`` after ``end()``.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from edgeagent.meters.base import EnergyReading, MeterUnavailable
from edgeagent.meters.sampling import PeriodicSampler, find_tool, integrate_domains

_PREFIX = "Jetson INA3221 not readable"
# Module-input rails, in order of preference; see the module docstring.
INPUT_RAILS = ("VDD_IN", "POM_5V_IN", "VIN")
HWMON_GLOB = "sys/bus/i2c/drivers/ina3221/*/hwmon/hwmon*"
IIO_GLOB = "sys/bus/i2c/devices/*/iio:device*"
MIN_HZ = 20.0  # the measurement rule: sysfs rails are sampled at 20 Hz or faster


def is_skipped_rail(name: str) -> bool:
    """True for labels that are not a real rail: ``NC`` and the shunt-summation channel."""
    return name.strip().upper() == "NC" or "sum of shunt" in name.lower()


def total_domains(rails: Mapping[str, float]) -> dict[str, float]:
    """The subset of rails (watts or joules) whose sum is the board total.

    The module-input rail alone when the board has one, else every real rail.
    """
    kept = {name: value for name, value in rails.items() if not is_skipped_rail(name)}
    for name in INPUT_RAILS:
        if name in kept:
            return {name: kept[name]}
    return kept


def _read_number(path: Path) -> float:
    try:
        text = path.read_text().strip()
    except OSError as exc:
        raise MeterUnavailable(f"{_PREFIX}: cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return float(int(text))
    except ValueError:
        raise ValueError(f"{path}: expected an integer, got {text[:40]!r}") from None


def _read_label(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError as exc:
        raise MeterUnavailable(f"{_PREFIX}: cannot read {path}: {exc.strerror or exc}") from exc


@dataclass(frozen=True)
class Rail:
    """One monitored rail and the sysfs files that give its power."""

    name: str
    device: str  # i2c device, e.g. "1-0040"
    layout: str  # "hwmon" or "iio"
    power_mw: Path | None = None  # iio: power in mW, when the driver provides it
    voltage_mv: Path | None = None
    current_ma: Path | None = None

    def read_watts(self) -> float:
        if self.power_mw is not None:
            return _read_number(self.power_mw) / 1000.0
        assert self.voltage_mv is not None and self.current_ma is not None
        return _read_number(self.voltage_mv) * _read_number(self.current_ma) / 1e6


def _device_of(path: Path, depth: int) -> str:
    return path.parents[depth].name


def _hwmon_rails(root: Path) -> list[Rail]:
    rails = []
    for hwmon in sorted(root.glob(HWMON_GLOB)):
        device = _device_of(hwmon, 1)  # .../<device>/hwmon/hwmonN
        for label_file in sorted(hwmon.glob("in*_label")):
            m = re.fullmatch(r"in(\d+)_label", label_file.name)
            if not m:
                continue
            name = _read_label(label_file)
            if is_skipped_rail(name):
                continue
            ch = m.group(1)
            enable = hwmon / f"in{ch}_enable"
            if enable.exists() and _read_number(enable) == 0:
                continue  # channel switched off in the device tree; its inputs read as errors
            voltage, current = hwmon / f"in{ch}_input", hwmon / f"curr{ch}_input"
            if not (voltage.exists() and current.exists()):
                raise ValueError(f"{hwmon}: rail {name!r} has no in{ch}_input/curr{ch}_input pair")
            rails.append(Rail(name, device, "hwmon", voltage_mv=voltage, current_ma=current))
    return rails


def _iio_rails(root: Path) -> list[Rail]:
    rails = []
    for iio in sorted(root.glob(IIO_GLOB)):
        device = _device_of(iio, 0)
        for name_file in sorted(iio.glob("rail_name_*")):
            m = re.fullmatch(r"rail_name_(\d+)", name_file.name)
            if not m:
                continue
            name = _read_label(name_file)
            if is_skipped_rail(name):
                continue
            ch = m.group(1)
            power = iio / f"in_power{ch}_input"
            voltage, current = iio / f"in_voltage{ch}_input", iio / f"in_current{ch}_input"
            if power.exists():
                rails.append(Rail(name, device, "iio", power_mw=power))
            elif voltage.exists() and current.exists():
                rails.append(Rail(name, device, "iio", voltage_mv=voltage, current_ma=current))
            else:
                raise ValueError(f"{iio}: rail {name!r} has neither in_power{ch}_input nor voltage/current inputs")
    return rails


def discover_rails(root: Path = Path("/")) -> list[Rail]:
    """Every real rail under ``root`` (hwmon layout preferred); MeterUnavailable if there are none."""
    root = Path(root)
    rails = _hwmon_rails(root) or _iio_rails(root)
    if not rails:
        raise MeterUnavailable(
            f"{_PREFIX}: no rails under {root / HWMON_GLOB} or {root / IIO_GLOB} (not a Jetson, or no INA3221 driver)"
        )
    # Two monitors can carry the same label; key the later ones by device so none is lost.
    seen: set[str] = set()
    unique = []
    for rail in rails:
        if rail.name in seen:
            rail = Rail(f"{rail.name}@{rail.device}", rail.device, rail.layout, rail.power_mw, rail.voltage_mv, rail.current_ma)
        seen.add(rail.name)
        unique.append(rail)
    return unique


def read_rails(rails: list[Rail]) -> dict[str, float]:
    """One sample: watts per rail."""
    return {rail.name: rail.read_watts() for rail in rails}


def read_sample(root: Path = Path("/")) -> dict[str, float]:
    """Discover the rails under ``root`` and read them once (watts per rail); no threads."""
    return read_rails(discover_rails(root))


class JetsonPowerMeter:
    """Board energy from the INA3221 rails, sampled on a background thread (trapezoid rule).

    ``joules`` holds the domains that form the total (see module docstring);
    ``rail_joules`` holds every rail after ``end()``; ``samples`` the sample count.
    """

    name = "ina3221"

    def __init__(self, root: Path = Path("/"), hz: float = 20.0) -> None:
        if not hz >= MIN_HZ:
            raise ValueError(f"hz must be >= {MIN_HZ:g} (measurement rule), got {hz}")
        self.root = Path(root)
        self.rails = discover_rails(self.root)
        self.layout = self.rails[0].layout
        read_rails(self.rails)  # probe: an unreadable file fails here, not mid-measurement
        self._sampler: PeriodicSampler[dict[str, float]] = PeriodicSampler(
            lambda: read_rails(self.rails), hz, name="ina3221-sampler"
        )
        self.rail_joules: dict[str, float] = {}
        self.samples = 0

    def begin(self) -> None:
        self._sampler.start()

    def end(self) -> EnergyReading:
        try:
            times, values = self._sampler.stop()
        except (OSError, MeterUnavailable, ValueError) as exc:
            raise MeterUnavailable(f"{_PREFIX}: sampling failed: {exc}") from exc
        self.rail_joules = integrate_domains(times, values)
        self.samples = len(times)
        return EnergyReading(
            joules=total_domains(self.rail_joules),
            seconds=times[-1] - times[0],
            source="ina3221",
            measured=True,
        )

    def close(self) -> None:
        self._sampler.close()


# --- power mode and memory ---------------------------------------------------------


@dataclass(frozen=True)
class PowerMode:
    """The nvpmodel power mode: its name ("15W", "MAXN") and numeric id."""

    name: str
    id: int | None


def parse_nvpmodel(text: str) -> PowerMode:
    """Parse ``nvpmodel -q`` output: a "NV Power Mode: <name>" line, then the mode id on its own line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for i, line in enumerate(lines):
        m = re.match(r"NV Power Mode\s*:\s*(.+)$", line)
        if m:
            mode_id = int(lines[i + 1]) if i + 1 < len(lines) and lines[i + 1].isdigit() else None
            return PowerMode(m.group(1).strip(), mode_id)
    raise ValueError(f"nvpmodel output has no 'NV Power Mode:' line: {' | '.join(lines)[:120]!r}")


def read_nvpmodel(executable: str = "nvpmodel", timeout: float = 5.0) -> PowerMode:
    """Run ``nvpmodel -q`` and parse it; MeterUnavailable when the tool is absent or fails."""
    path = find_tool(executable, "nvpmodel", "it ships with JetPack")
    try:
        out = subprocess.run([path, "-q"], capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise MeterUnavailable(f"nvpmodel -q failed: {exc}") from exc
    try:
        return parse_nvpmodel(out.stdout)
    except ValueError as exc:
        raise MeterUnavailable(f"nvpmodel -q (exit {out.returncode}): {exc}; stderr: {out.stderr.strip()[:200]}") from exc


def nvmap_used_bytes(root: Path = Path("/")) -> int | None:
    """Bytes in use by the Jetson NvMap allocator (GPU/CPU shared memory), from ``/proc/meminfo``.

    Jetson kernels add an ``NvMapMemUsed:  <n> kB`` line; None where the line (or file) is absent.
    """
    path = Path(root) / "proc/meminfo"
    try:
        text = path.read_text()
    except FileNotFoundError:
        return None
    for line in text.splitlines():
        if line.startswith("NvMapMemUsed:"):
            m = re.fullmatch(r"NvMapMemUsed:\s+(\d+)\s*kB", line.strip())
            if not m:
                raise ValueError(f"{path}: unexpected NvMapMemUsed line {line.strip()[:60]!r}")
            return int(m.group(1)) * 1024
    return None


def jetson_model(root: Path = Path("/")) -> str | None:
    """The board name from the device tree ("NVIDIA Jetson Orin Nano Developer Kit"), or None."""
    try:
        raw = (Path(root) / "proc/device-tree/model").read_bytes()
    except OSError:
        return None
    return raw.rstrip(b"\0").decode("utf-8", "replace").strip() or None
