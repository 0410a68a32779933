"""Tests for edgeagent.meters (base types and the NVML meter).

They run without a GPU. Where the machine does have a readable NVML, the availability
test checks a real reading instead of the error path.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from edgeagent.meters import nvml
from edgeagent.meters.base import EnergyMeter, EnergyReading, MeterUnavailable
from edgeagent.meters.nvml import CounterReset, NvmlMeter, PowerSampler, counter_delta_joules
from edgeagent.meters.sampling import integrate_trapezoid

REPO = Path(__file__).resolve().parents[2]


def _nvml_readable() -> bool:
    try:
        NvmlMeter().close()
    except MeterUnavailable:
        return False
    return True


# --- (a) availability -------------------------------------------------------------


def test_nvml_meter_unavailable_or_real_reading() -> None:
    if _nvml_readable():
        with NvmlMeter() as meter:
            assert isinstance(meter, EnergyMeter)
            meter.begin()
            time.sleep(0.2)
            reading = meter.end()
        assert reading.source == "nvml" and reading.measured
        assert reading.seconds > 0.1
        assert reading.joules and all(k.startswith("gpu") and v >= 0 for k, v in reading.joules.items())
        return
    with pytest.raises(MeterUnavailable) as info:
        NvmlMeter()
    message = str(info.value)
    assert "\n" not in message and message.strip() == message and message
    assert "NVML" in message


def test_power_sampler_unavailable_without_nvml() -> None:
    if _nvml_readable():
        with PowerSampler(hz=50) as sampler:
            time.sleep(0.3)
        assert sampler.result is not None and sampler.result.samples >= 3
        return
    with pytest.raises(MeterUnavailable, match="NVML"):
        PowerSampler()


def test_missing_pynvml_is_meter_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)  # makes `import pynvml` raise ImportError
    with pytest.raises(MeterUnavailable) as info:
        NvmlMeter()
    assert "nvidia-ml-py" in str(info.value) and "NVML" in str(info.value)
    assert "\n" not in str(info.value)


def test_meter_unavailable_message_is_one_line() -> None:
    err = MeterUnavailable("NVML not readable:\n  driver said\tno  ")
    assert str(err) == "NVML not readable: driver said no"


def test_sampler_rejects_bad_arguments_before_touching_nvml() -> None:
    with pytest.raises(ValueError):
        PowerSampler(hz=0)
    with pytest.raises(ValueError):
        PowerSampler(mode="peak")


# --- (b) EnergyReading -------------------------------------------------------------


def test_energy_reading_math() -> None:
    r = EnergyReading(joules={"gpu0": 300.0, "gpu1": 100.0}, seconds=2.0, source="nvml", measured=True)
    assert r.total_joules == pytest.approx(400.0)
    assert r.watts == pytest.approx(200.0)
    assert r.to_dict() == {
        "joules": {"gpu0": 300.0, "gpu1": 100.0},
        "total_joules": 400.0,
        "seconds": 2.0,
        "watts": 200.0,
        "source": "nvml",
        "measured": True,
    }


def test_energy_reading_zero_seconds_and_empty() -> None:
    assert EnergyReading({"gpu0": 5.0}, 0.0, "nvml", True).watts == 0.0
    empty = EnergyReading({}, 1.0, "estimate", False)
    assert empty.total_joules == 0.0 and empty.watts == 0.0
    assert empty.to_dict()["measured"] is False


def test_energy_reading_is_frozen_and_to_dict_copies() -> None:
    r = EnergyReading({"gpu0": 1.0}, 1.0, "nvml", True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.seconds = 2.0  # type: ignore[misc]
    d = r.to_dict()
    d["joules"]["gpu0"] = 99.0
    assert r.joules["gpu0"] == 1.0


# --- (c) trapezoid integration ---------------------------------------------------------


def test_trapezoid_constant_power() -> None:
    times = [0.0, 0.05, 0.1, 0.15, 0.2]
    assert integrate_trapezoid(times, [250.0] * 5) == pytest.approx(50.0)


def test_trapezoid_linear_ramp_is_exact() -> None:
    # P(t) = 100 + 50 t over [0, 4] s: integral = 400 + 25*16 = 800 J; trapezoid is exact on lines
    times = [i * 0.5 for i in range(9)]
    assert integrate_trapezoid(times, [100 + 50 * t for t in times]) == pytest.approx(800.0)


def test_trapezoid_uneven_spacing() -> None:
    times = [0.0, 0.1, 0.5, 0.6, 2.0]
    watts = [100.0, 200.0, 200.0, 50.0, 150.0]
    expected = 0.1 * 150 + 0.4 * 200 + 0.1 * 125 + 1.4 * 100  # = 247.5
    assert integrate_trapezoid(times, watts) == pytest.approx(expected)
    # a ramp sampled unevenly is still exact
    ts = [0.0, 0.03, 0.2, 0.21, 1.0, 1.7]
    assert integrate_trapezoid(ts, [10 * t for t in ts]) == pytest.approx(5 * 1.7**2)


def test_trapezoid_edge_cases() -> None:
    assert integrate_trapezoid([], []) == 0.0
    assert integrate_trapezoid([3.0], [500.0]) == 0.0
    assert integrate_trapezoid([1.0, 1.0], [100.0, 300.0]) == 0.0  # zero-width step
    with pytest.raises(ValueError):
        integrate_trapezoid([0.0, 1.0], [1.0])
    with pytest.raises(ValueError):
        integrate_trapezoid([0.0, 1.0, 0.5], [1.0, 1.0, 1.0])


def test_sampler_thread_pacing_and_stats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampling thread with a synthetic power source: no NVML, no GPU results claimed."""

    def fake_session_init(self: nvml._NvmlSession, device_indices: object = None) -> None:
        self._nvml = None
        self._open = True
        self._devices = []

    monkeypatch.setattr(nvml._NvmlSession, "__init__", fake_session_init)
    monkeypatch.setattr(nvml._NvmlSession, "close", lambda self: setattr(self, "_open", False))
    t0 = time.perf_counter()
    monkeypatch.setattr(PowerSampler, "_read_watts", lambda self: 100.0 + 10.0 * (time.perf_counter() - t0))

    sampler = PowerSampler(hz=50)
    sampler.start()
    time.sleep(0.4)
    stats = sampler.stop()
    sampler.close()
    assert 10 <= stats.samples <= 25  # ~0.4 s * 50 Hz + first and last sample; slack for a busy CI box
    assert list(stats.times) == sorted(stats.times)
    assert stats.seconds == pytest.approx(stats.times[-1] - stats.times[0])
    assert stats.joules == pytest.approx(integrate_trapezoid(stats.times, stats.watts))
    assert stats.min_watts <= stats.mean_watts <= stats.max_watts
    # power rose ~10 W/s: the integral is about mean power x span
    assert stats.joules == pytest.approx(stats.mean_watts * stats.seconds, rel=0.02)


# --- (d) counter deltas ---------------------------------------------------------------------


def test_counter_delta_millijoules_to_joules() -> None:
    assert counter_delta_joules(1_000, 251_500) == pytest.approx(250.5)
    assert counter_delta_joules(42, 42) == 0.0


def test_counter_delta_large_64bit_values() -> None:
    before = 2**63 + 123_456_789
    assert counter_delta_joules(before, before + 7_000) == pytest.approx(7.0)
    assert counter_delta_joules(2**64 - 2_000, 2**64 - 1) == pytest.approx(1.999)


def test_counter_decrease_means_reset() -> None:
    with pytest.raises(CounterReset) as info:
        counter_delta_joules(5_000_000, 1_000)
    assert isinstance(info.value, MeterUnavailable)
    message = str(info.value)
    assert "\n" not in message and "NVML" in message and "backwards" in message


def test_counter_delta_rejects_negative() -> None:
    with pytest.raises(ValueError):
        counter_delta_joules(-1, 10)


# --- the bench script -------------------------------------------------------------------------


def test_nvml_check_script_exits_2_without_cuda(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("OUT", "PYTHONPATH")}
    env["CUDA_VISIBLE_DEVICES"] = ""  # hides any GPU from torch, so this holds on every machine
    proc = subprocess.run(
        [sys.executable, str(REPO / "bench" / "nvml_check.py"), "--out", str(tmp_path / "x.json")],
        cwd=tmp_path, check=False,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nvml_check: "), proc.stderr
    assert not (tmp_path / "x.json").exists()
    assert proc.stdout == ""
