"""Tests for edgeagent.meters.tegrastats.

The parser runs on fixture lines in the formats tegrastats prints on JetPack 4, 5, 6 and 7
(tests/fixtures/meters/tegrastats). The meter is tested end to end against a FAKE
``tegrastats``: a small script put first on PATH that prints fixture lines at the requested
``--interval``. It stands in for the hardware tool, which can't run on this x86 machine;
the subprocess handling, parsing and integration under test are the real code.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from edgeagent.meters.base import MeterUnavailable
from edgeagent.meters.tegrastats import TegrastatsMeter, log_joules, parse_line, parse_log, rail_joules

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "meters" / "tegrastats"


def _lines(name: str) -> list[str]:
    return (FIX / name).read_text().splitlines()


# --- parsing ------------------------------------------------------------------------


def test_jp5_orin_nano_line() -> None:
    s = parse_line(_lines("jp5_orin_nano.log")[0])
    assert (s.ram_used_mb, s.ram_total_mb, s.swap_used_mb, s.swap_total_mb) == (2034, 7620, 0, 3810)
    assert s.timestamp is None
    assert s.power_mw == {"VDD_IN": (4123, 4123), "VDD_CPU_GPU_CV": (520, 520), "VDD_SOC": (1234, 1234)}


def test_jp6_line_has_timestamp_and_current_average_pairs() -> None:
    s = parse_line(_lines("jp6_orin_nano.log")[1])
    assert s.timestamp == datetime(2026, 11, 30, 10, 0, 2)
    assert (s.ram_used_mb, s.ram_total_mb) == (3415, 7620)
    assert s.power_mw["VDD_IN"] == (11852, 8412)
    assert s.rail_watts() == pytest.approx({"VDD_IN": 11.852, "VDD_CPU_GPU_CV": 5.398, "VDD_SOC": 2.436})


def test_agx_orin_nc_rails_parsed_but_dropped_from_watts() -> None:
    s = parse_line(_lines("jp5_agx_orin.log")[0])
    assert s.power_mw["NC"] == (0, 0)
    assert s.rail_watts() == pytest.approx(
        {"VDD_GPU_SOC": 3.185, "VDD_CPU_CV": 0.796, "VIN_SYS_5V0": 3.632, "VDDQ_VDD2_1V8AO": 0.503}
    )


def test_jp7_thor_line_with_new_fields() -> None:
    s = parse_line(_lines("jp7_thor.log")[0])
    assert (s.ram_used_mb, s.ram_total_mb) == (9433, 125772)
    assert s.power_mw == {
        "VDD_GPU": (0, 0),
        "VDD_CPU_SOC_MSS": (5920, 5920),
        "VIN_SYS_5V0": (4411, 4411),
        "VIN": (19234, 19234),
    }


def test_jp4_unitless_pairs_are_milliwatts_and_ram_pairs_are_not_rails() -> None:
    s = parse_line(_lines("jp4_nano.log")[0])
    assert s.power_mw == {"POM_5V_IN": (2353, 2353), "POM_5V_GPU": (0, 0), "POM_5V_CPU": (371, 371)}
    assert (s.ram_used_mb, s.ram_total_mb) == (1754, 3956)  # and "IRAM 0/252kB" is neither


@pytest.mark.parametrize(
    "line",
    ["", "tegrastats: command not found", "NVRM: something", '{"json": 1}'],
)
def test_non_tegrastats_lines_raise_one_line_value_error(line: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_line(line)
    assert "not a tegrastats line" in str(info.value) and "\n" not in str(info.value)


def test_parse_log_names_the_bad_line() -> None:
    lines = _lines("jp5_orin_nano.log")[:2] + ["garbage"]
    with pytest.raises(ValueError, match="line 3"):
        parse_log(lines)


def test_rail_joules_by_hand_from_jp5_fixture() -> None:
    samples = parse_log(_lines("jp5_orin_nano.log"))
    joules = rail_joules([0.0, 0.5, 1.5], samples)
    # VDD_IN current mW 4123, 7123, 5123: 0.5*(4.123+7.123)/2 + 1.0*(7.123+5.123)/2 = 2.8115 + 6.123
    assert joules["VDD_IN"] == pytest.approx(8.9345)
    # VDD_CPU_GPU_CV 520, 2920, 920: 0.5*3.44/2 + 1.0*3.84/2 = 0.86 + 1.92
    assert joules["VDD_CPU_GPU_CV"] == pytest.approx(2.78)


def test_log_joules_uses_nominal_interval() -> None:
    samples = parse_log(_lines("jp6_orin_nano.log"))
    # two samples 1 s apart: (4.972 + 11.852) / 2
    assert log_joules(samples, 1.0)["VDD_IN"] == pytest.approx(8.412)


# --- meter against a fake tegrastats -----------------------------------------------

FAKE = """#!{python}
# Fake tegrastats for tests: prints the lines of $FAKE_TEGRASTATS_LINES in a loop.
import os, sys, time
args = sys.argv[1:]
interval = int(args[args.index("--interval") + 1]) / 1000 if "--interval" in args else 1.0
lines = open(os.environ["FAKE_TEGRASTATS_LINES"]).read().splitlines()
limit = int(os.environ.get("FAKE_TEGRASTATS_LIMIT", "0"))
n = 0
while True:
    for line in lines:
        print(line, flush=True)
        n += 1
        if limit and n >= limit:
            sys.exit(int(os.environ.get("FAKE_TEGRASTATS_EXIT", "0")))
        time.sleep(interval)
"""


@pytest.fixture
def fake_tegrastats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    exe = bindir / "tegrastats"
    exe.write_text(FAKE.format(python=sys.executable))
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")

    def use(lines: list[str], limit: int = 0, exit_code: int = 0) -> None:
        f = tmp_path / "lines.txt"
        f.write_text("\n".join(lines) + "\n")
        monkeypatch.setenv("FAKE_TEGRASTATS_LINES", str(f))
        monkeypatch.setenv("FAKE_TEGRASTATS_LIMIT", str(limit))
        monkeypatch.setenv("FAKE_TEGRASTATS_EXIT", str(exit_code))

    return use


def test_meter_constant_power_orin_nano(fake_tegrastats) -> None:
    fake_tegrastats([_lines("jp6_orin_nano.log")[0]])  # constant 4972 mW on VDD_IN
    meter = TegrastatsMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.2)
    reading = meter.end()
    assert reading.source == "tegrastats" and reading.measured
    assert list(reading.joules) == ["VDD_IN"]
    # Constant power: trapezoid is exactly watts x window, whatever the line timing was.
    assert reading.joules["VDD_IN"] == pytest.approx(4.972 * reading.seconds)
    assert meter.rail_joules["VDD_SOC"] == pytest.approx(1.436 * reading.seconds)
    assert reading.seconds >= 0.15 and meter.samples >= 3


def test_meter_agx_total_skips_nc(fake_tegrastats) -> None:
    fake_tegrastats(_lines("jp5_agx_orin.log"))
    meter = TegrastatsMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.1)
    reading = meter.end()
    assert set(reading.joules) == {"VDD_GPU_SOC", "VDD_CPU_CV", "VIN_SYS_5V0", "VDDQ_VDD2_1V8AO"}
    assert reading.total_joules == pytest.approx((3.185 + 0.796 + 3.632 + 0.503) * reading.seconds)


def test_meter_thor_total_is_vin(fake_tegrastats) -> None:
    fake_tegrastats(_lines("jp7_thor.log"))
    meter = TegrastatsMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.1)
    reading = meter.end()
    assert list(reading.joules) == ["VIN"]
    assert reading.total_joules == pytest.approx(19.234 * reading.seconds)


def test_meter_varying_power_stays_within_bounds(fake_tegrastats) -> None:
    fake_tegrastats(_lines("jp5_orin_nano.log"))  # VDD_IN cycles 4123 / 7123 / 5123 mW
    meter = TegrastatsMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.3)
    reading = meter.end()
    assert 4.123 * reading.seconds <= reading.joules["VDD_IN"] <= 7.123 * reading.seconds


def test_meter_skips_stray_lines_but_counts_them(fake_tegrastats) -> None:
    good = _lines("jp6_orin_nano.log")[0]
    fake_tegrastats([good, "NVPM WARN: something odd", good])
    meter = TegrastatsMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.15)
    reading = meter.end()
    assert reading.joules["VDD_IN"] == pytest.approx(4.972 * reading.seconds)
    assert meter.skipped_lines >= 1


def test_missing_tegrastats_is_meter_unavailable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(MeterUnavailable, match="tegrastats not found"):
        TegrastatsMeter()


def test_tool_printing_garbage_and_exiting_is_a_clear_error(fake_tegrastats) -> None:
    fake_tegrastats(["Error: cannot open /sys/kernel/debug"], limit=1, exit_code=1)
    with pytest.raises(MeterUnavailable) as info:
        TegrastatsMeter(interval_ms=20)
    msg = str(info.value)
    assert "exited with code 1" in msg and "ended without a usable sample" in msg
    assert "not a tegrastats line" in msg and "\n" not in msg


def test_board_without_power_rails_is_meter_unavailable(fake_tegrastats) -> None:
    fake_tegrastats(["RAM 2034/7620MB (lfb 1126x4MB) SWAP 0/3810MB (cached 0MB) CPU [2%@1510]"])
    with pytest.raises(MeterUnavailable, match="no power rails"):
        TegrastatsMeter(interval_ms=20)


def test_tool_dying_mid_window_is_meter_unavailable(fake_tegrastats) -> None:
    fake_tegrastats(_lines("jp6_orin_nano.log"), limit=3)
    meter_probe_ok = TegrastatsMeter(interval_ms=20)  # the probe needs only the first line
    meter_probe_ok.begin()
    time.sleep(0.3)  # the fake exits after 3 lines, before end()
    with pytest.raises(MeterUnavailable, match=r"no sample arrived.*exited with code 0"):
        meter_probe_ok.end()
