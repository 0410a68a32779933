"""Tests for edgeagent.meters.rapl on powercap trees laid out as in real sysfs.

The fixtures (tests/fixtures/meters/rapl) mirror /sys/class/powercap with its symlinks into
/sys/devices/virtual/powercap: an Intel laptop (package, core, uncore, psys, and the
duplicate intel-rapl-mmio zone), a two-socket Intel server (package + dram per socket) and
an AMD Zen desktop. Tests copy a tree and rewrite ``energy_uj`` to move the counters.

These tests run as root, so ``chmod 000`` would not stop the reads; the permission-denied
case is injected by making ``Path.read_text`` raise PermissionError for ``energy_uj``, which
is what a non-root user gets from the real 0400 file.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from edgeagent.meters.base import MeterUnavailable
from edgeagent.meters.rapl import (
    RaplMeter,
    counter_delta_uj,
    discover_zones,
    joules_between,
    read_counters,
    summed_zones,
)

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "meters" / "rapl"
MAX = 262143328850  # max_energy_range_uj in the Intel fixtures


def _copy(name: str, tmp_path: Path) -> Path:
    dst = tmp_path / name
    shutil.copytree(FIX / name, dst, symlinks=True)
    return dst


def _set(root: Path, zone: str, uj: int) -> None:
    path = root / "sys/class/powercap" / zone / "energy_uj"
    tmp = path.with_name("energy_uj.tmp")
    tmp.write_text(f"{uj}\n")
    os.replace(tmp, path)  # atomic, so the poller never reads a half-written file


def _get(root: Path, zone: str) -> int:
    return int((root / "sys/class/powercap" / zone / "energy_uj").read_text())


# --- wrap-around arithmetic -----------------------------------------------------------


def test_counter_delta_without_wrap() -> None:
    assert counter_delta_uj(1_000, 6_000, MAX) == 5_000


def test_counter_delta_with_wrap() -> None:
    # 1,000,000 uJ before the top, then 4,000,000 past zero: 5 J in all.
    assert counter_delta_uj(MAX - 1_000_000, 4_000_000, MAX) == 5_000_000


def test_counter_delta_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        counter_delta_uj(-1, 5, MAX)
    with pytest.raises(ValueError):
        counter_delta_uj(1, 5, 0)


def test_polled_reads_catch_two_wraps() -> None:
    zones = [z for z in discover_zones(FIX / "intel_laptop") if z.key == "package-0"]
    reads = [{"package-0": MAX - 10}, {"package-0": 5}, {"package-0": MAX - 3}, {"package-0": 2}]
    # 15 (wrap) + (MAX - 8) + 5 (wrap) = MAX + 12 uJ: the counter went round twice.
    assert joules_between(zones, reads) == {"package-0": (MAX + 12) / 1e6}
    # A single before/after pair sees one wrap only, 12 uJ: why the meter polls.
    assert joules_between(zones, [reads[0], reads[-1]]) == {"package-0": 12 / 1e6}


# --- discovery ------------------------------------------------------------------------


def test_laptop_zones_and_keys() -> None:
    zones = discover_zones(FIX / "intel_laptop")
    assert [z.key for z in zones] == ["package-0", "psys", "package-0/core", "package-0/uncore"]
    assert all(z.max_range_uj == MAX for z in zones)
    assert [z.key for z in summed_zones(zones)] == ["package-0"]  # not psys, not the mmio duplicate


def test_server_sums_both_packages_not_dram() -> None:
    zones = discover_zones(FIX / "intel_server_2s")
    assert [z.key for z in zones] == ["package-0", "package-1", "package-0/dram", "package-1/dram"]
    assert [z.key for z in summed_zones(zones)] == ["package-0", "package-1"]
    assert read_counters(zones)["package-1/dram"] == 29876543210


def test_amd_zen_appears_as_intel_rapl() -> None:
    zones = discover_zones(FIX / "amd_zen")
    assert [(z.key, z.max_range_uj) for z in zones] == [("package-0", 65532610987)]


def test_psys_only_machine_sums_top_level(tmp_path: Path) -> None:
    root = _copy("intel_laptop", tmp_path)
    (root / "sys/class/powercap/intel-rapl:0").unlink()
    for sub in ("intel-rapl:0:0", "intel-rapl:0:1"):
        (root / "sys/class/powercap" / sub).unlink()
    assert [z.key for z in summed_zones(discover_zones(root))] == ["psys"]


def test_missing_powercap_is_meter_unavailable(tmp_path: Path) -> None:
    with pytest.raises(MeterUnavailable) as info:
        RaplMeter(root=tmp_path)
    assert "powercap" in str(info.value) and "does not exist" in str(info.value)
    (tmp_path / "sys/class/powercap").mkdir(parents=True)
    with pytest.raises(MeterUnavailable, match="no intel-rapl zones"):
        RaplMeter(root=tmp_path)


def test_permission_denied_says_how_to_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    real_read_text = Path.read_text

    def read_text(self: Path, *args, **kwargs) -> str:
        if self.name == "energy_uj":
            raise PermissionError(13, "Permission denied", str(self))
        return real_read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_text)
    with pytest.raises(MeterUnavailable) as info:
        RaplMeter(root=FIX / "intel_laptop")
    msg = str(info.value)
    assert msg.startswith("RAPL not readable: ")
    assert "intel-rapl:0/energy_uj needs root" in msg and "chmod a+r" in msg and "\n" not in msg


def test_malformed_counter_is_value_error(tmp_path: Path) -> None:
    root = _copy("intel_laptop", tmp_path)
    _set(root, "intel-rapl:0", 0)
    (root / "sys/class/powercap/intel-rapl:0/energy_uj").write_text("")
    with pytest.raises(ValueError, match="energy_uj: expected an integer"):
        RaplMeter(root=root)


def test_this_machine_rapl_unavailable_or_real() -> None:
    try:
        meter = RaplMeter()
    except MeterUnavailable as exc:
        assert str(exc).startswith("RAPL not readable: ") and "\n" not in str(exc)
        return
    meter.begin()
    time.sleep(0.2)
    reading = meter.end()
    assert reading.joules and all(v >= 0 for v in reading.joules.values())


# --- the meter --------------------------------------------------------------------------


def test_meter_laptop_package_total_and_sub_zones(tmp_path: Path) -> None:
    root = _copy("intel_laptop", tmp_path)
    meter = RaplMeter(root=root)
    pkg, core, psys = _get(root, "intel-rapl:0"), _get(root, "intel-rapl:0:0"), _get(root, "intel-rapl:1")
    meter.begin()
    _set(root, "intel-rapl:0", pkg + 5_250_000)
    _set(root, "intel-rapl:0:0", core + 3_000_000)
    _set(root, "intel-rapl:1", psys + 9_000_000)
    _set(root, "intel-rapl-mmio:0", 1)  # ignored: would be a double count of package-0
    reading = meter.end()
    assert reading.joules == {"package-0": 5.25}
    assert reading.total_joules == 5.25
    assert meter.sub_joules == {"psys": 9.0, "package-0/core": 3.0, "package-0/uncore": 0.0}
    assert reading.source == "rapl" and reading.measured and reading.seconds > 0


def test_meter_handles_wrap_in_window(tmp_path: Path) -> None:
    root = _copy("intel_laptop", tmp_path)
    _set(root, "intel-rapl:0", MAX - 1_000_000)
    meter = RaplMeter(root=root)
    meter.begin()
    _set(root, "intel-rapl:0", 4_000_000)
    reading = meter.end()
    assert reading.joules["package-0"] == pytest.approx(5.0)


def test_meter_server_two_packages(tmp_path: Path) -> None:
    root = _copy("intel_server_2s", tmp_path)
    meter = RaplMeter(root=root)
    before = {z: _get(root, z) for z in ("intel-rapl:0", "intel-rapl:1", "intel-rapl:1:0")}
    meter.begin()
    _set(root, "intel-rapl:0", before["intel-rapl:0"] + 40_000_000)
    _set(root, "intel-rapl:1", before["intel-rapl:1"] + 35_500_000)
    _set(root, "intel-rapl:1:0", before["intel-rapl:1:0"] + 6_000_000)
    reading = meter.end()
    assert reading.joules == {"package-0": 40.0, "package-1": 35.5}
    assert reading.total_joules == 75.5
    assert meter.sub_joules == {"package-0/dram": 0.0, "package-1/dram": 6.0}


def test_meter_polls_during_long_windows(tmp_path: Path) -> None:
    root = _copy("intel_laptop", tmp_path)
    meter = RaplMeter(root=root, poll_s=0.01)
    _set(root, "intel-rapl:0", 0)
    meter.begin()
    for step in range(1, 6):
        time.sleep(0.03)
        _set(root, "intel-rapl:0", step * 1_000_000)
    reading = meter.end()
    # Polled deltas telescope to the same 5 J as one before/after pair.
    assert reading.joules["package-0"] == pytest.approx(5.0)
