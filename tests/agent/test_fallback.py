"""A cloud that gives nothing usable is said live, with the reason, as the edge takes the step over."""

from __future__ import annotations

import re

from click.testing import CliRunner

from edgeagent.cli import cli
from tests.agent.test_strategies import closed_port
from tests.conftest import write_script

LIST = {"tool": "list_dir", "args": {"path": "."}}
FINISH = {"tool": "finish", "args": {"answer": "edge finished"}}


def run_live(home, workspace, tmp_path, edge: list, *extra: str):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[cloud]\nmax_retries = 0\ntimeout_s = 5\n")
    script = write_script(tmp_path / "edge.json", edge)
    r = CliRunner().invoke(cli, ["run", "tidy the notes", "--workspace", str(workspace), "--model", script, *extra])
    assert r.exit_code == 0, r.output
    return r.stdout.splitlines()


def test_an_unreachable_cloud_is_said_before_each_step_the_edge_takes_over(home, workspace, tmp_path):
    port = closed_port()  # a real loopback port nothing listens on
    lines = run_live(home, workspace, tmp_path, [LIST, FINISH], "--strategy", "cloud",
                     "--cloud", f"http://127.0.0.1:{port}#default")
    said = [i for i, ln in enumerate(lines) if "cloud unavailable" in ln]
    steps = [i for i, ln in enumerate(lines) if re.match(r"[✓✗] step \d", ln)]
    assert len(said) == 2 and len(steps) == 2
    for n, (s, st) in enumerate(zip(said, steps)):
        assert s < st and lines[s].startswith(f"! step {n} cloud unavailable")
        assert f"unreachable at http://127.0.0.1:{port}" in lines[s] and lines[s].endswith("the edge continues")


def test_a_model_the_cloud_does_not_know_is_said_with_the_clouds_answer(home, workspace, tmp_path, serve):
    from edgeagent.backends.scripted import ScriptedBackend

    srv, _ = serve(ScriptedBackend(["unused"]))
    lines = run_live(home, workspace, tmp_path, [FINISH], "--strategy", "cloud", "--cloud", f"{srv.url}#no-such-model")
    (line,) = [ln for ln in lines if "cloud unavailable" in ln]
    assert line.startswith("! step 0 cloud unavailable") and "no-such-model" in line


def test_a_sketch_without_a_plan_says_why_before_the_first_step(home, workspace, tmp_path):
    lines = run_live(home, workspace, tmp_path, [FINISH], "--strategy", "sketch",
                     "--cloud", f"http://127.0.0.1:{closed_port()}#default")
    said = next(i for i, ln in enumerate(lines) if "cloud unavailable" in ln)
    assert "no plan (cloud unreachable at" in lines[said]
    assert said < next(i for i, ln in enumerate(lines) if ln.startswith("✓ step 0"))


def test_json_output_stays_one_object(home, workspace, tmp_path):
    lines = run_live(home, workspace, tmp_path, [FINISH], "--strategy", "cloud",
                     "--cloud", f"http://127.0.0.1:{closed_port()}#default", "--json")
    assert len(lines) == 1 and lines[0].startswith("{")
