"""Tests for the estimate meter, PeakMemory, meter selection and the idle baseline.

Estimate and memory tests measure this process for real (psutil, resource). Selection and
baseline tests use the sysfs fixture trees of the Jetson and RAPL tests, combined into one
root, so a real RaplMeter / JetsonPowerMeter is what gets selected and read.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from edgeagent.meters.base import EnergyMeter, EnergyReading, MeterUnavailable
from edgeagent.meters.estimate import SOURCE, EstimateMeter, estimate_joules
from edgeagent.meters.jetson import JetsonPowerMeter
from edgeagent.meters.memory import PeakMemory
from edgeagent.meters.rapl import RaplMeter
from edgeagent.meters.select import METER_NAMES, IdleBaseline, net_joules, open_meter, probe_meters

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "meters"
MB = 1 << 20


def _burn(cpu_seconds: float) -> None:
    end = time.process_time() + cpu_seconds
    while time.process_time() < end:
        pass


# --- estimate -------------------------------------------------------------------------------


def test_estimate_formula_by_hand() -> None:
    # 3 CPU-s on a 6-core device idling at 5 W, 15 W at full load, over 10 s:
    # cpu = 3 * (15 - 5) / 6 = 5 J; idle = 10 * 5 = 50 J
    assert estimate_joules(3.0, 10.0, 15.0, 5.0, 6) == {"cpu": 5.0, "idle": 50.0}
    # without an idle figure: 3 * 15 / 6
    assert estimate_joules(3.0, 10.0, 15.0, None, 6) == {"cpu": 7.5}
    with pytest.raises(ValueError):
        estimate_joules(-1.0, 1.0, 15.0, None, 6)
    with pytest.raises(ValueError):
        estimate_joules(1.0, 1.0, 15.0, None, 0)


def test_estimate_meter_validates_profile() -> None:
    with pytest.raises(ValueError, match="watts_active"):
        EstimateMeter(0.0)
    with pytest.raises(ValueError, match="watts_idle"):
        EstimateMeter(10.0, watts_idle=12.0)


def test_estimate_meter_counts_own_cpu_time() -> None:
    meter = EstimateMeter(watts_active=12.0, n_cores=4)
    assert isinstance(meter, EnergyMeter)
    meter.begin()
    _burn(0.15)
    reading = meter.end()
    assert not reading.measured and reading.source == SOURCE == "estimate:cpu-time×profile-watts"
    assert meter.cpu_seconds >= 0.13  # psutil counts CPU time in 10 ms clock ticks
    assert reading.joules == {"cpu": pytest.approx(meter.cpu_seconds * 12.0 / 4)}


def test_estimate_meter_includes_waited_children_and_idle_term() -> None:
    meter = EstimateMeter(watts_active=20.0, watts_idle=4.0, n_cores=2)
    meter.begin()
    code = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    subprocess.run([sys.executable, "-c", code], check=True)
    reading = meter.end()
    assert meter.cpu_seconds >= 0.28  # the child's 0.3 s, counted once waited for (10 ms ticks)
    assert reading.joules["cpu"] == pytest.approx(meter.cpu_seconds * (20.0 - 4.0) / 2)
    assert reading.joules["idle"] == pytest.approx(4.0 * reading.seconds)


def test_estimate_never_exceeds_every_core_busy_when_an_old_child_is_reaped() -> None:
    # A child that spent its CPU before the window, reaped inside it, must not make the window look hotter
    # than the whole machine (CI once measured 'power over the cap' for a profile this way).
    code = "import time\nend = time.process_time() + 0.5\nwhile time.process_time() < end: pass\n"
    child = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 30
    while psutil.Process(child.pid).status() != psutil.STATUS_ZOMBIE:  # exited, not yet reaped (poll() would reap)
        assert time.monotonic() < deadline
        time.sleep(0.05)
    meter = EstimateMeter(watts_active=20.0, watts_idle=4.0, n_cores=2)
    meter.begin()
    child.wait()
    reading = meter.end()
    assert meter.cpu_seconds >= 0.45  # the reaped child's CPU does land in the window
    assert sum(reading.joules.values()) <= 20.0 * reading.seconds + 1e-9


# --- memory -------------------------------------------------------------------------------


def test_peak_memory_sees_an_allocation_and_runs_hooks() -> None:
    def failing() -> int:
        raise RuntimeError("backend\ngone")

    mem = PeakMemory(hz=100, hooks={"nvml_used_bytes": lambda: 123456, "mlx_peak_bytes": lambda: None, "nvmap_used_bytes": failing})
    mem.begin()
    block = b"\x01" * (96 * MB)  # bytes repetition writes every page, so RSS really holds it
    # What RSS was with the block alive: a process that freed memory earlier may reuse it, so compare with this.
    during = psutil.Process().memory_info().rss
    time.sleep(0.1)
    del block
    reading = mem.end()
    assert reading.peak_rss_bytes >= during - 4 * MB and reading.peak_rss_bytes >= 96 * MB
    assert reading.source.startswith("psutil-rss@100Hz")
    assert reading.extra == {"nvml_used_bytes": 123456, "mlx_peak_bytes": None, "nvmap_used_bytes": None}
    assert reading.errors == {"nvmap_used_bytes": "RuntimeError: backend gone"}
    assert reading.to_dict()["errors"] == reading.errors and reading.to_dict()["nvml_used_bytes"] == 123456


RU_MAXRSS_PROBE = """
import json, psutil
from edgeagent.meters.memory import PeakMemory, ru_maxrss_bytes
rss = psutil.Process().memory_info().rss
# ru_maxrss survives fork and exec, so it starts at the parent's peak: go 64 MB above that.
size = max(ru_maxrss_bytes() - rss, 0) + (64 << 20)
if psutil.virtual_memory().available < size + (256 << 20):
    print(json.dumps({"skip": size}))
    raise SystemExit(0)
mem = PeakMemory(hz=0.01)  # samples only at begin and end: the spike falls between them
mem.begin()
block = b"\\x01" * size
del block
r = mem.end()
print(json.dumps({"source": r.source, "peak": r.peak_rss_bytes, "rss": rss, "size": size}))
"""


def test_peak_memory_uses_ru_maxrss_for_spikes_between_samples() -> None:
    # A fresh interpreter: in a long test process, freed but resident heap can absorb the spike.
    out = subprocess.run([sys.executable, "-c", RU_MAXRSS_PROBE], capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    if "skip" in r:
        pytest.skip(f"not enough free memory on this shared machine for a {r['skip'] >> 20} MiB spike")
    assert r["source"].endswith("+ru_maxrss")
    assert r["peak"] >= r["rss"] + r["size"] - 16 * MB


def test_peak_memory_includes_children_when_asked() -> None:
    code = "import sys, time\nblock = b'\\x01' * (64 << 20)\nprint('ready', flush=True)\ntime.sleep(5)\n"
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        own = psutil.Process().memory_info().rss
        mem = PeakMemory(hz=50, include_children=True)
        mem.begin()
        time.sleep(0.05)
        reading = mem.end()
    finally:
        child.kill()
        child.wait()
    assert reading.peak_rss_bytes >= own + 60 * MB
    assert "+children" in reading.source and "ru_maxrss" not in reading.source


# --- selection --------------------------------------------------------------------------------


@pytest.fixture
def combined_root(tmp_path: Path) -> Path:
    """An Orin Nano sysfs tree with a laptop's RAPL powercap tree merged in."""
    root = tmp_path / "root"
    shutil.copytree(FIX / "jetson/orin_nano_jp6", root, symlinks=True)
    shutil.copytree(FIX / "rapl/intel_laptop", root, symlinks=True, dirs_exist_ok=True)
    return root


@pytest.fixture
def empty_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No tegrastats/macmon/powermetrics on PATH, whatever this machine has installed."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def test_open_meter_falls_back_to_estimate_with_reasons(tmp_path: Path, empty_path: None) -> None:
    meter = open_meter(["ina3221", "rapl", "macmon", "estimate"], profile_watts=15.0, root=tmp_path)
    assert meter.name == "estimate" and isinstance(meter.meter, EstimateMeter) and not meter.measured
    assert list(meter.skipped) == ["ina3221", "rapl", "macmon"]
    assert meter.skipped["rapl"].startswith("RAPL not readable:")
    assert "macmon not found" in meter.skipped["macmon"]
    summary = meter.summary()
    assert summary.startswith("ina3221: Jetson INA3221 not readable:") and summary.endswith("; using estimate")
    assert "\n" not in summary
    meter.begin()
    reading = meter.end()
    assert reading.source == SOURCE and not reading.measured


def test_open_meter_takes_first_readable_in_order(combined_root: Path) -> None:
    first = open_meter(["ina3221", "rapl"], profile_watts=None, root=combined_root)
    assert isinstance(first.meter, JetsonPowerMeter) and first.skipped == {}
    assert first.summary() == "using ina3221"
    first.close()
    second = open_meter(["rapl", "ina3221"], profile_watts=None, root=combined_root)
    assert isinstance(second.meter, RaplMeter)
    second.begin()
    reading = second.end()
    assert reading.joules == {"package-0": 0.0} and reading.source == "rapl"


def test_open_meter_none_readable_lists_every_reason(tmp_path: Path) -> None:
    with pytest.raises(MeterUnavailable) as info:
        open_meter(["rapl", "estimate"], profile_watts=None, root=tmp_path)
    msg = str(info.value)
    assert msg.startswith("no energy meter readable: rapl: RAPL not readable:")
    assert "estimate: no device-profile power figure" in msg and "\n" not in msg


def test_open_meter_rejects_unknown_or_empty_names() -> None:
    with pytest.raises(ValueError, match="unknown meter"):
        open_meter(["rapl", "wattmeter"], profile_watts=10.0)
    with pytest.raises(ValueError, match="no meter names"):
        open_meter([], profile_watts=10.0)


def test_open_meter_reports_malformed_sysfs_as_a_reason(combined_root: Path) -> None:
    (combined_root / "sys/class/powercap/intel-rapl:0/energy_uj").write_text("oops\n")
    meter = open_meter(["rapl", "estimate"], profile_watts=10.0, root=combined_root)
    assert meter.name == "estimate"
    assert "expected an integer" in meter.skipped["rapl"]


def test_probe_meters_reports_every_meter(combined_root: Path, empty_path: None) -> None:
    report = probe_meters(combined_root, profile_watts=15.0)
    assert list(report) == list(METER_NAMES)
    assert report["ina3221"] == "readable" and report["rapl"] == "readable" and report["estimate"] == "readable"
    assert "tegrastats not found" in report["tegrastats"]
    assert "macmon not found" in report["macmon"]
    assert report["powermetrics"].startswith("powermetrics is macOS-only")
    assert all("\n" not in r for r in report.values())
    assert probe_meters(combined_root)["estimate"] == "no device-profile power figure to estimate from"


# --- idle baseline ------------------------------------------------------------------------------


def test_net_joules_by_hand() -> None:
    reading = EnergyReading(joules={"package-0": 10.0}, seconds=2.0, source="rapl", measured=True)
    assert net_joules(reading, 3.0) == 4.0
    assert net_joules(reading, 6.0) == -2.0  # not clamped: within idle noise


def test_idle_baseline_with_rapl_fixture(combined_root: Path) -> None:
    counter = combined_root / "sys/class/powercap/intel-rapl:0/energy_uj"

    def add_uj(uj: int) -> None:
        tmp = counter.with_name("energy_uj.tmp")
        tmp.write_text(f"{int(counter.read_text()) + uj}\n")
        os.replace(tmp, counter)

    meter = RaplMeter(root=combined_root)

    def idle_sleep(seconds: float) -> None:
        add_uj(2_000_000)  # 2 J spent while "idle"
        time.sleep(seconds)

    baseline = IdleBaseline.measure(meter, seconds=0.05, sleep=idle_sleep)
    assert baseline.source == "rapl" and baseline.measured
    assert baseline.watts == pytest.approx(2.0 / baseline.seconds)

    meter.begin()
    add_uj(10_000_000)
    time.sleep(0.02)
    work = meter.end()
    assert baseline.net_joules(work) == pytest.approx(10.0 - baseline.watts * work.seconds)

    other = EnergyReading(joules={"cpu": 1.0}, seconds=1.0, source=SOURCE, measured=False)
    with pytest.raises(ValueError, match="baseline was measured with 'rapl'"):
        baseline.net_joules(other)
    with pytest.raises(ValueError, match="seconds"):
        IdleBaseline.measure(meter, seconds=0)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is read from /proc (Linux)")
def test_a_child_reports_its_own_peak_not_its_parents(tmp_path: Path) -> None:
    """A parent that has held 600 MB: wait4 gives the child that peak (vfork keeps it through exec), while the
    child's own report stays near an interpreter's size and still sees what the child itself allocates."""
    from edgeagent.meters.memory import module_argv_reporting_peak, read_peak_report

    code = ("import os, subprocess, sys\n"
            "from edgeagent.meters.memory import module_argv_reporting_peak\n"
            "held = bytearray(600 * 2**20)\n"
            "for i in range(0, len(held), 4096): held[i] = 1\n"
            "p = subprocess.Popen(module_argv_reporting_peak('json.tool', ['--help'], sys.argv[1]),"
            " stdout=subprocess.DEVNULL)\n"
            "_, _, ru = os.wait4(p.pid, 0)\n"
            "print(ru.ru_maxrss * 1024)\n")
    small = tmp_path / "small"
    waited = int(subprocess.run([sys.executable, "-c", code, str(small)], capture_output=True, text=True,
                                check=True).stdout)
    own = read_peak_report(str(small))
    assert own is not None and own < 150 * 2**20 <= 600 * 2**20 <= waited
    big = tmp_path / "big"
    grow = ("import runpy, sys\nfrom edgeagent.meters.memory import report_peak_at_exit\n"
            f"report_peak_at_exit({str(big)!r})\nx = bytearray(300 * 2**20)\nx[::4096] = b'1' * len(x[::4096])\n")
    subprocess.run([sys.executable, "-c", grow], check=True)
    assert (read_peak_report(str(big)) or 0) >= 300 * 2**20
    assert module_argv_reporting_peak("m", ["a"], "r")[-1] == "a"
