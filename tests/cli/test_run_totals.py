"""One definition of a run's totals: `runs`, `run --json`, `show`, `audit` and `bench` agree on what left."""

from __future__ import annotations

import json
import socket

from click.testing import CliRunner

from edgeagent.cli import cli
from tests.bench.test_runner import make_task
from tests.conftest import write_script


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def dead_target() -> str:
    """A loopback port nothing listens on: every cloud call fails before anything is taken."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}#m"


STEPS = [{"tool": "read_file", "args": {"path": "notes.md"}}, {"tool": "finish", "args": {"answer": "Priya"}}]
NO_RETRY = ("--set", "cloud.max_retries=0", "--set", "export.mode=off")


def test_a_run_whose_cloud_calls_failed_sent_nothing_in_every_command(home, tmp_path, workspace):
    edge = write_script(tmp_path / "edge.json", STEPS)
    r = invoke("run", "Who owns the budget?", "-w", str(workspace), "--strategy", "cloud", "--model", edge,
               "--cloud", dead_target(), *NO_RETRY, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    # The cloud was asked for both steps and failed both times; the edge took them.
    assert out["status"] == "done" and out["cloud_failures"] == 2 and out["cloud_calls"] == 0
    (listed,) = json.loads(invoke("runs", "--json").stdout)
    audit = json.loads(invoke("audit", out["run_id"], "--json").stdout)
    assert [e["status"] for e in audit["exports"]] == ["failed", "failed"]
    assert all(e["bytes"] > 0 for e in audit["exports"])  # the payloads were built, but never left
    # Before: `runs` counted the failed payloads' bytes as sent and the failed calls as calls.
    for key in ("cloud_calls", "cloud_tokens", "cloud_cost_usd", "exported_bytes", "exports_left"):
        assert listed[key] == out[key] == 0, key
    assert audit["exported_bytes"] == 0 and audit["exports_left"] == 0
    shown = json.loads(invoke("show", out["run_id"], "--json").stdout)["totals"]
    assert shown["exported_bytes"] == 0 and shown["cloud_failures"] == 2
    text = invoke("audit", out["run_id"]).stdout
    assert "2 exports, 0 left the device (0 bytes)" in text


def test_bench_reports_the_same_totals_as_runs(home, tmp_path, cloud):
    make_task(tmp_path / "tasks", "owner", "Who owns the budget?")
    edge = write_script(tmp_path / "edge.json", STEPS)
    c = cloud([STEPS[0]])  # one answered call; the second fails (the script has run out) and the edge steps in
    r = invoke("bench", "--tasks", str(tmp_path / "tasks"), "--strategy", "cloud", "--model", edge,
               "--cloud", c.target, *NO_RETRY, "--json")
    assert r.exit_code == 0, r.output
    (run,) = json.loads(r.stdout)["runs"]
    (listed,) = json.loads(invoke("runs", "--json").stdout)
    audit = json.loads(invoke("audit", run["run_id"], "--json").stdout)
    assert run["cloud_calls"] == listed["cloud_calls"] >= 1
    assert run["cloud_tokens"] == listed["cloud_tokens"] > 0
    assert run["cost_usd"] == listed["cloud_cost_usd"]
    assert run["exported_bytes"] == listed["exported_bytes"] == audit["exported_bytes"] > 0
    left = [e for e in audit["exports"] if e["status"] == "sent"]
    assert audit["exported_bytes"] == sum(e["bytes"] for e in left)
