"""Tests for edgeagent.meters.apple (macmon and powermetrics).

The parsers run on fixtures in the tools' real output formats (tests/fixtures/meters/apple):
three ``macmon pipe`` JSON lines and a two-sample NUL-separated ``powermetrics -f plist``
stream. The meters are tested end to end against FAKE ``macmon`` / ``powermetrics`` scripts
put first on PATH: this is an x86 Linux machine, so the real tools can't run. For
powermetrics the macOS check is patched to pass (the root check passes because tests run
as root here); the subprocess handling, parsing and arithmetic are the real code.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from pathlib import Path

import pytest

from edgeagent.meters import apple
from edgeagent.meters.apple import (
    MacmonMeter,
    PowermetricsMeter,
    macmon_joules,
    parse_macmon_line,
    parse_powermetrics_plist,
    parse_powermetrics_stream,
    powermetrics_joules,
)
from edgeagent.meters.base import MeterUnavailable

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "meters" / "apple"
MACMON = FIX / "macmon_m2pro.jsonl"
PLISTS = FIX / "powermetrics_m2pro.plist.stream"


# --- macmon parsing ----------------------------------------------------------------------


def test_parse_macmon_line() -> None:
    s = parse_macmon_line(MACMON.read_text().splitlines()[1])
    assert s.watts == {"cpu": 3.6, "gpu": 4.0, "ane": 0.0}
    assert s.extra_watts == {"sys": 14.0, "ram": 0.88, "gpu_ram": 0.021, "all": 7.6}
    assert (s.ram_used_bytes, s.ram_total_bytes) == (22131097600, 34359738368)
    assert s.timestamp is not None and s.timestamp.microsecond == 500000


def test_macmon_joules_by_hand_from_fixture() -> None:
    samples = [parse_macmon_line(line) for line in MACMON.read_text().splitlines()]
    t0 = samples[0].timestamp
    times = [(s.timestamp - t0).total_seconds() for s in samples]  # 0, 0.5, 1.0
    assert times == [0.0, 0.5, 1.0]
    joules, extra = macmon_joules(times, samples)
    # cpu 1.2, 3.6, 2.4 W: 0.5*(1.2+3.6)/2 + 0.5*(3.6+2.4)/2 = 1.2 + 1.5
    # gpu 0.4, 4.0, 0.8 W: 1.1 + 1.2;  ane 0, 0, 0.2 W: 0 + 0.05
    assert joules == pytest.approx({"cpu": 2.7, "gpu": 2.3, "ane": 0.05})
    # sys 9, 14, 11 W: 5.75 + 6.25 (reported, not summed into the total)
    assert extra["sys"] == pytest.approx(12.0)


@pytest.mark.parametrize(
    "line, message",
    [
        ("not json", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"cpu_power": 1.0, "gpu_power": 1.0}', "'ane_power' missing"),
        ('{"cpu_power": "1.0", "gpu_power": 1.0, "ane_power": 0}', "'cpu_power' missing or not a number"),
    ],
)
def test_bad_macmon_lines(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        parse_macmon_line(line)
    assert "\n" not in str(info.value)


# --- powermetrics parsing --------------------------------------------------------------


def test_parse_powermetrics_stream_by_hand() -> None:
    samples = parse_powermetrics_stream(PLISTS.read_bytes())
    assert len(samples) == 2
    assert samples[0].seconds == pytest.approx(0.500123)
    assert samples[0].joules == pytest.approx({"cpu": 0.612, "gpu": 0.045, "ane": 0.0})
    assert samples[1].combined_watts == pytest.approx(3.0607 + 4.02099 + 0.02401)
    joules, seconds = powermetrics_joules(samples)
    # cpu 612 + 1530 mJ, gpu 45 + 2010 mJ, ane 0 + 12 mJ; 500123000 + 499876000 ns
    assert joules == pytest.approx({"cpu": 2.142, "gpu": 2.055, "ane": 0.012})
    assert seconds == pytest.approx(0.999999)


def test_gpu_energy_under_gpu_dict_is_found() -> None:
    doc = PLISTS.read_bytes().split(b"\0")[1].replace(
        b"<key>gpu_energy</key><integer>2010</integer>\n<key>gpu_power</key>", b"<key>gpu_power</key>", 1
    )
    assert parse_powermetrics_plist(doc).joules["gpu"] == pytest.approx(2.010)  # from the "gpu" dict


def test_bad_powermetrics_records() -> None:
    with pytest.raises(ValueError, match="not a plist"):
        parse_powermetrics_plist(b"*** Sampled system activity (Sat Nov 30 10:00:00 2026) ***")
    doc = PLISTS.read_bytes().split(b"\0")[0]
    no_proc = doc.replace(b"<key>processor</key>", b"<key>processor_x</key>")
    with pytest.raises(ValueError, match="no 'processor' dictionary"):
        parse_powermetrics_plist(no_proc)
    no_cpu = doc.replace(b"<key>cpu_energy</key>", b"<key>cpu_energy_x</key>")
    with pytest.raises(ValueError, match="'cpu_energy' missing"):
        parse_powermetrics_plist(no_cpu)


def test_powermetrics_needs_macos_and_root(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(MeterUnavailable, match="macOS-only"):
        PowermetricsMeter()  # this is Linux
    monkeypatch.setattr(apple, "_is_macos", lambda: True)
    monkeypatch.setattr(apple.os, "geteuid", lambda: 501)
    with pytest.raises(MeterUnavailable, match="needs root"):
        PowermetricsMeter()


def test_macmon_missing_is_meter_unavailable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(MeterUnavailable, match="macmon not found"):
        MacmonMeter()


# --- meters against fake tools ------------------------------------------------------------

FAKE_MACMON = """#!{python}
# Fake macmon for tests: `macmon pipe -i MS` printing constant power as JSON lines.
import datetime, json, sys, time
interval = int(sys.argv[sys.argv.index("-i") + 1]) / 1000
while True:
    print(json.dumps({{
        "timestamp": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "memory": {{"ram_total": 34359738368, "ram_usage": 20985479168, "swap_total": 0, "swap_usage": 0}},
        "ecpu_usage": [1181, 0.1], "pcpu_usage": [1974, 0.2], "gpu_usage": [461, 0.3],
        "cpu_power": 2.5, "gpu_power": 1.25, "ane_power": 0.25, "all_power": 4.0, "sys_power": 10.0,
    }}), flush=True)
    time.sleep(interval)
"""

FAKE_POWERMETRICS = """#!{python}
# Fake powermetrics for tests: replays the fixture's plist documents in a loop, NUL-separated.
import sys, time
args = sys.argv[1:]
assert args[args.index("-f") + 1] == "plist" and "cpu_power" in args[args.index("--samplers") + 1]
interval = int(args[args.index("-i") + 1]) / 1000
docs = [d for d in open({plists!r}, "rb").read().split(b"\\0") if d.strip()]
while True:
    for doc in docs:
        sys.stdout.buffer.write(doc + b"\\0")
        sys.stdout.buffer.flush()
        time.sleep(interval)
"""


def _install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    exe = bindir / name
    exe.write_text(text)
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")


def test_macmon_meter_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, "macmon", FAKE_MACMON.format(python=sys.executable))
    meter = MacmonMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.2)
    reading = meter.end()
    assert reading.source == "macmon" and reading.measured
    assert set(reading.joules) == {"cpu", "gpu", "ane"}
    # Constant watts: the trapezoid gives watts x window exactly.
    assert reading.joules["cpu"] == pytest.approx(2.5 * reading.seconds)
    assert reading.total_joules == pytest.approx(4.0 * reading.seconds)
    assert meter.extra_joules["sys"] == pytest.approx(10.0 * reading.seconds)
    assert reading.seconds >= 0.15 and meter.samples >= 3


def test_powermetrics_meter_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, "powermetrics", FAKE_POWERMETRICS.format(python=sys.executable, plists=str(PLISTS)))
    monkeypatch.setattr(apple, "_is_macos", lambda: True)
    monkeypatch.setattr(apple.os, "geteuid", lambda: 0)
    meter = PowermetricsMeter(interval_ms=20)
    meter.begin()
    time.sleep(0.2)
    reading = meter.end()
    assert reading.source == "powermetrics" and reading.measured
    # The fake alternates fixture docs A, B, A, ...; the first (A) is dropped, so the window
    # holds k docs starting with B: ceil(k/2) B's and floor(k/2) A's.
    k = meter.samples - 1
    n_b, n_a = (k + 1) // 2, k // 2
    assert k >= 2
    assert reading.joules == pytest.approx(
        {"cpu": n_b * 1.530 + n_a * 0.612, "gpu": n_b * 2.010 + n_a * 0.045, "ane": n_b * 0.012}
    )
    assert reading.seconds == pytest.approx(n_b * 0.499876 + n_a * 0.500123)


def test_macmon_printing_errors_only_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path, monkeypatch, "macmon", f"#!{sys.executable}\nprint('Error: IOReport unavailable')\nraise SystemExit(3)\n")
    with pytest.raises(MeterUnavailable) as info:
        MacmonMeter(interval_ms=20)
    msg = str(info.value)
    assert "exited with code 3" in msg and "not JSON" in msg and "\n" not in msg
