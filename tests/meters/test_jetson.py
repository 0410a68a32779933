"""Tests for edgeagent.meters.jetson on sysfs trees laid out as on real Jetsons.

The fixture trees under tests/fixtures/meters/jetson copy the real layouts (driver symlinks
included): Orin Nano on JetPack 6 and AGX Orin on JetPack 5 (hwmon), Jetson Nano on
JetPack 4 (iio). The parsing and integration code under test is the real code; only the
sysfs values are fixed, so watts are known exactly.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from edgeagent.meters import jetson
from edgeagent.meters.base import EnergyMeter, MeterUnavailable
from edgeagent.meters.jetson import (
    JetsonPowerMeter,
    PowerMode,
    discover_rails,
    jetson_model,
    nvmap_used_bytes,
    parse_nvpmodel,
    read_nvpmodel,
    read_sample,
    total_domains,
)
from edgeagent.meters.sampling import integrate_domains, integrate_trapezoid

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "meters"
NANO, AGX, NANO_IIO = FIX / "jetson/orin_nano_jp6", FIX / "jetson/agx_orin_jp5", FIX / "jetson/nano_jp4_iio"

# Watts from the fixture files, worked out by hand: mV x mA / 1e6.
NANO_W = {"VDD_IN": 5064 * 1196 / 1e6, "VDD_CPU_GPU_CV": 5064 * 200 / 1e6, "VDD_SOC": 5064 * 288 / 1e6}
AGX_W = {
    "VDD_GPU_SOC": 5.980416,  # 19168 mV x 312 mA
    "VDD_CPU_CV": 1.53344,  # 19168 mV x 80 mA
    "VIN_SYS_5V0": 4.064,  # 5080 mV x 800 mA
    "VDDQ_VDD2_1V8AO": 0.48384,  # 5040 mV x 96 mA (on the second monitor, 1-0041)
}


def _copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / src.name
    shutil.copytree(src, dst, symlinks=True)
    return dst


def _write_atomic(path: Path, text: str) -> None:
    # The sampler thread may read mid-write; a rename is atomic, a truncating write is not.
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def _hwmon(root: Path, dev: str = "1-0040") -> Path:
    return next((root / "sys/bus/i2c/drivers/ina3221" / dev / "hwmon").glob("hwmon*"))


# --- parsing one sample ------------------------------------------------------------


def test_orin_nano_sample_reads_all_three_rails() -> None:
    watts = read_sample(NANO)
    assert watts == pytest.approx(NANO_W)
    assert watts["VDD_IN"] == pytest.approx(6.056544)


def test_agx_orin_skips_nc_and_shunt_sum_across_two_monitors() -> None:
    rails = discover_rails(AGX)
    names = [r.name for r in rails]
    assert names == ["VDD_GPU_SOC", "VDD_CPU_CV", "VIN_SYS_5V0", "VDDQ_VDD2_1V8AO"]
    assert {r.device for r in rails} == {"1-0040", "1-0041"}
    assert read_sample(AGX) == pytest.approx(AGX_W)


def test_iio_layout_uses_power_file_in_milliwatts() -> None:
    rails = discover_rails(NANO_IIO)
    assert {r.layout for r in rails} == {"iio"}
    assert read_sample(NANO_IIO) == pytest.approx({"POM_5V_IN": 2.353, "POM_5V_GPU": 0.0, "POM_5V_CPU": 0.371})


def test_iio_without_power_file_falls_back_to_voltage_times_current(tmp_path: Path) -> None:
    root = _copy(NANO_IIO, tmp_path)
    (root / "sys/devices/7000c400.i2c/i2c-6/6-0040/iio:device0/in_power0_input").unlink()
    assert read_sample(root)["POM_5V_IN"] == pytest.approx(4984 * 472 / 1e6)


def test_disabled_channel_is_skipped(tmp_path: Path) -> None:
    root = _copy(NANO, tmp_path)
    (_hwmon(root) / "in3_enable").write_text("0\n")
    assert set(read_sample(root)) == {"VDD_IN", "VDD_CPU_GPU_CV"}


def test_duplicate_labels_on_two_monitors_are_kept_apart(tmp_path: Path) -> None:
    root = _copy(AGX, tmp_path)
    (_hwmon(root, "1-0041") / "in2_label").write_text("VDD_CPU_CV\n")
    watts = read_sample(root)
    assert watts["VDD_CPU_CV"] == pytest.approx(1.53344)
    assert watts["VDD_CPU_CV@1-0041"] == pytest.approx(0.48384)


def test_malformed_value_is_a_one_line_value_error(tmp_path: Path) -> None:
    root = _copy(NANO, tmp_path)
    (_hwmon(root) / "curr1_input").write_text("garbage\nmore\n")
    with pytest.raises(ValueError) as info:
        read_sample(root)
    assert "curr1_input" in str(info.value) and "\n" not in str(info.value)


def test_no_ina3221_is_meter_unavailable(tmp_path: Path) -> None:
    with pytest.raises(MeterUnavailable) as info:
        JetsonPowerMeter(root=tmp_path)
    assert "INA3221" in str(info.value) and "\n" not in str(info.value)


def test_this_machine_has_no_ina3221_or_reads_it() -> None:
    try:
        watts = read_sample(Path("/"))
    except MeterUnavailable as exc:
        assert "not a Jetson" in str(exc)
    else:
        assert watts and all(w >= 0 for w in watts.values())


# --- total rule --------------------------------------------------------------------


def test_total_is_vdd_in_alone_on_orin_nano() -> None:
    assert total_domains(NANO_W) == {"VDD_IN": NANO_W["VDD_IN"]}


def test_total_is_sum_of_rails_on_agx_orin() -> None:
    domains = total_domains({**AGX_W, "NC": 0.0, "sum of shunt voltages": 99.0})
    assert domains == AGX_W
    assert sum(domains.values()) == pytest.approx(12.061696)


def test_total_prefers_module_input_over_carrier_vin() -> None:
    assert total_domains({"VIN": 20.0, "VDD_GPU": 3.0}) == {"VIN": 20.0}
    assert total_domains({"VIN": 20.0, "VDD_IN": 12.0}) == {"VDD_IN": 12.0}
    assert total_domains({"POM_5V_IN": 2.3, "POM_5V_CPU": 0.4}) == {"POM_5V_IN": 2.3}


# --- integration and the threaded meter --------------------------------------------


def test_integrate_trapezoid_by_hand() -> None:
    assert integrate_trapezoid([0.0, 0.5, 1.5], [2.0, 4.0, 0.0]) == pytest.approx(1.5 + 2.0)


def test_integrate_domains_by_hand() -> None:
    times = [0.0, 0.05, 0.15]
    samples = [{"VDD_IN": 5.0, "VDD_SOC": 1.0}, {"VDD_IN": 7.0, "VDD_SOC": 1.0}, {"VDD_IN": 6.0, "VDD_SOC": 2.0}]
    # VDD_IN: 0.05*(5+7)/2 + 0.1*(7+6)/2 = 0.3 + 0.65; VDD_SOC: 0.05*1 + 0.1*1.5
    assert integrate_domains(times, samples) == pytest.approx({"VDD_IN": 0.95, "VDD_SOC": 0.2})
    with pytest.raises(ValueError, match="domains"):
        integrate_domains(times, [samples[0], {"VDD_IN": 1.0}, samples[2]])


def test_meter_on_orin_nano_reports_vdd_in_and_sub_rails(tmp_path: Path) -> None:
    meter = JetsonPowerMeter(root=_copy(NANO, tmp_path), hz=100)
    assert isinstance(meter, EnergyMeter) and meter.layout == "hwmon"
    meter.begin()
    time.sleep(0.15)
    reading = meter.end()
    assert reading.source == "ina3221" and reading.measured
    assert list(reading.joules) == ["VDD_IN"]
    # Constant power: trapezoid gives exactly watts x seconds, whatever the sample times were.
    assert reading.joules["VDD_IN"] == pytest.approx(NANO_W["VDD_IN"] * reading.seconds)
    assert reading.total_joules == reading.joules["VDD_IN"]
    assert set(meter.rail_joules) == set(NANO_W)
    assert meter.rail_joules["VDD_SOC"] == pytest.approx(NANO_W["VDD_SOC"] * reading.seconds)
    assert meter.samples >= 3 and reading.seconds >= 0.1


def test_meter_on_agx_orin_sums_rails(tmp_path: Path) -> None:
    meter = JetsonPowerMeter(root=_copy(AGX, tmp_path), hz=100)
    meter.begin()
    time.sleep(0.1)
    reading = meter.end()
    assert set(reading.joules) == set(AGX_W)
    assert reading.total_joules == pytest.approx(12.061696 * reading.seconds)


def test_meter_follows_power_changes_mid_window(tmp_path: Path) -> None:
    root = _copy(NANO, tmp_path)
    meter = JetsonPowerMeter(root=root, hz=100)
    meter.begin()
    time.sleep(0.1)
    _write_atomic(_hwmon(root) / "curr1_input", "2392\n")  # VDD_IN doubles
    time.sleep(0.1)
    reading = meter.end()
    low, high = NANO_W["VDD_IN"], 2 * NANO_W["VDD_IN"]
    # Somewhere strictly between all-low and all-high; loose because the machine is shared.
    assert low * reading.seconds < reading.joules["VDD_IN"] < high * reading.seconds


def test_meter_sampling_failure_is_meter_unavailable(tmp_path: Path) -> None:
    root = _copy(NANO, tmp_path)
    meter = JetsonPowerMeter(root=root, hz=100)
    meter.begin()
    _write_atomic(_hwmon(root) / "in1_input", "n/a\n")
    time.sleep(0.05)
    with pytest.raises(MeterUnavailable, match="sampling failed"):
        meter.end()


def test_meter_refuses_slow_sampling() -> None:
    with pytest.raises(ValueError, match="20"):
        JetsonPowerMeter(root=NANO, hz=5)


# --- power mode, NvMap, model --------------------------------------------------------


def test_parse_nvpmodel_outputs() -> None:
    assert parse_nvpmodel((FIX / "nvpmodel/orin_nano_15w.txt").read_text()) == PowerMode("15W", 0)
    assert parse_nvpmodel((FIX / "nvpmodel/orin_nano_maxn_super.txt").read_text()) == PowerMode("MAXN_SUPER", 2)
    with pytest.raises(ValueError, match="NV Power Mode"):
        parse_nvpmodel("nvpmodel: command failed\n")


def test_read_nvpmodel_missing_tool_is_meter_unavailable() -> None:
    with pytest.raises(MeterUnavailable, match="nvpmodel not found"):
        read_nvpmodel(executable="nvpmodel-definitely-absent")


def test_nvmap_used_from_meminfo(tmp_path: Path) -> None:
    assert nvmap_used_bytes(NANO) == 392100 * 1024
    assert nvmap_used_bytes(tmp_path) is None  # no /proc/meminfo at all
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc/meminfo").write_text("MemTotal: 100 kB\n")
    assert nvmap_used_bytes(tmp_path) is None  # not a Jetson kernel
    (tmp_path / "proc/meminfo").write_text("NvMapMemUsed: lots\n")
    with pytest.raises(ValueError, match="NvMapMemUsed"):
        nvmap_used_bytes(tmp_path)


def test_jetson_model_strips_nul() -> None:
    assert jetson_model(NANO) == "NVIDIA Jetson Orin Nano Developer Kit"
    assert jetson_model(FIX / "rapl") is None
    assert jetson.INPUT_RAILS[0] == "VDD_IN"
