"""Energy and memory per model call, step and run: the window arithmetic, and what a real run stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.devices.metering import Metering
from edgeagent.meters.base import EnergyReading
from tests.conftest import query, write_script

READ = {"tool": "read_file", "args": {"path": "notes.md"}}
FINISH = {"tool": "finish", "args": {"answer": "done"}}


class CountingMeter:
    """Each begin→end slice costs exactly 1 J over 1 s, so a window's joules count the slices it spans."""

    name = "counting"

    def __init__(self, measured: bool = True) -> None:
        self.measured, self.open = measured, False

    def begin(self) -> None:
        assert not self.open, "a meter measures one window at a time"
        self.open = True

    def end(self) -> EnergyReading:
        assert self.open
        self.open = False
        return EnergyReading({"x": 1.0}, 1.0, "counting", self.measured)


def test_nested_windows_are_credited_with_exactly_the_slices_they_span():
    m = Metering(CountingMeter())
    with m.window() as run:  # nested on purpose: each level is a window the slices are credited to
        with m.window() as step:        # noqa: SIM117 -- slice 1 (run only) ends here
            with m.window() as call:    # slice 2 (run, step) ends here
                pass
        # slice 3 (run, step, call) ended with call; slice 4 (run, step) with step
        with m.window() as step2:       # slice 5 (run)
            pass                        # slice 6 (run, step2)
    # slice 7 (run) ends with run
    assert (call.joules, step.joules, step2.joules, run.joules) == (1.0, 3.0, 1.0, 7.0)
    assert run.seconds == 7.0 and run.source == "counting" and run.measured
    assert not m.energy.open  # nothing keeps measuring between runs


def test_an_estimated_slice_marks_the_window_estimated():
    m = Metering(CountingMeter(measured=False))
    with m.window() as w:
        pass
    assert not w.measured and w.fields()["energy_measured"] == 0


def test_without_a_meter_energy_is_not_measured():
    m = Metering(None)
    with m.window() as w:
        pass
    assert w.source == "none" and w.joules == 0.0


def invoke(*args: str, **kw):
    return CliRunner().invoke(cli, list(args), **kw)


def test_a_run_stores_labelled_energy_and_memory_on_every_call_step_and_run(home, workspace, tmp_path):
    script = write_script(tmp_path / "e.json", [READ, READ, FINISH], delay_s=0.05)
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    # No power sensor is readable on this VM: the profile's CPU-time estimate, labelled as such.
    assert out["energy_source"].startswith("estimate") and out["energy_measured"] is False
    assert out["device"] == "generic-linux-cpu" and out["power_mode"] == "default"
    db = home / "edgeagent.db"
    steps = query(db, "select energy_j, energy_source, energy_measured, peak_rss_bytes, model_call_id from steps")
    calls = {c[0]: c[1:] for c in query(db, "select id, energy_j, energy_measured, peak_rss_bytes from model_calls")}
    assert len(steps) == 3
    for j, source, measured, peak, call_id in steps:
        assert j > 0 and source.startswith("estimate") and measured == 0 and peak > 10 * 2**20
        assert 0 < calls[call_id][0] <= j and calls[call_id][1] == 0  # the call is inside its step
    (run_j,) = query(db, "select energy_j from runs")[0]
    assert run_j >= sum(s[0] for s in steps)
    human = invoke("show", out["run_id"], env={"COLUMNS": "200"}).stdout
    assert "(estimated)" in human and "J (est.)" in human


def test_a_resumed_runs_energy_adds_both_sessions(home, workspace, tmp_path, crash):
    script = write_script(tmp_path / "e.json", [READ, READ, FINISH])
    crash.at(1)
    assert invoke("run", "t", "--workspace", str(workspace), "--model", script).exit_code != 0
    (first,) = query(home / "edgeagent.db", "select energy_j from runs")[0]
    assert first > 0  # the crashed session's energy was kept
    run_id = crash.heal()
    assert invoke("resume", run_id).exit_code == 0
    (total,) = query(home / "edgeagent.db", "select energy_j from runs")[0]
    steps = sum(r[0] for r in query(home / "edgeagent.db", "select energy_j from steps"))
    assert total > first and total >= steps


@pytest.mark.parametrize("device, message", [
    ("toaster", "toaster: unknown device"),
    ("jetson-orin", "jetson-orin: this machine is not a Jetson"),
])
def test_bad_device_is_one_line_before_any_run(home, workspace, tmp_path, device, message):
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "e.json", [FINISH]),
               "--device", device)
    assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1
    assert not (home / "edgeagent.db").exists()


def test_a_profile_file_chooses_the_meter(home, workspace, tmp_path):
    from edgeagent.devices.profiles import builtin_profiles

    src = next(p for p in builtin_profiles() if p.id == "generic-linux-cpu").source
    text = Path(src).read_text().replace('meters = ["rapl", "nvml", "estimate"]', 'meters = ["rapl", "estimate"]')
    (tmp_path / "mine.toml").write_text(text.replace('id = "generic-linux-cpu"', 'id = "mine"'))
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "e.json", [FINISH]),
               "--device", str(tmp_path / "mine.toml"), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["device"] == str(tmp_path / "mine.toml") and out["energy_source"].startswith("estimate")
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "e.json", [FINISH]),
               "--device", str(tmp_path / "nowhere.toml"))
    assert r.exit_code == 2 and "nowhere.toml" in r.stderr and r.stderr.count("\n") == 1


def test_device_and_backend_memory_figures_are_kept_as_peaks():
    from edgeagent.meters.memory import PeakMemory

    level = {"v": 100}
    m = Metering(CountingMeter(), PeakMemory(hz=50, hooks={"backend_peak_bytes": lambda: level["v"]}))
    with m.window() as outer:
        with m.window() as inner:
            level["v"] = 300
        level["v"] = 200
    m.close()
    assert inner.memory == {"backend_peak_bytes": 300} and outer.memory == {"backend_peak_bytes": 300}
    assert json.loads(outer.fields()["memory_peaks"]) == {"backend_peak_bytes": 300}
    assert outer.peak_rss_bytes > 10 * 2**20  # psutil's RSS of this very process


def test_jetson_profiles_read_nvmap_and_gpu_profiles_try_nvml():
    from edgeagent.devices.metering import _memory_hooks
    from edgeagent.devices.profiles import builtin_profiles

    jetson = next(p for p in builtin_profiles() if p.family == "jetson")
    mac = next(p for p in builtin_profiles() if p.id == "apple-m2")

    class Mlx:
        def peak_memory_bytes(self) -> int:
            return 7

    assert "nvmap_used_bytes" in _memory_hooks(jetson, None)
    assert set(_memory_hooks(mac, Mlx())) == {"backend_peak_bytes"}
