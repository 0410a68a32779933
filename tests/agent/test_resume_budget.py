"""`resume RUN --max-steps N` continues a run that stopped at its step budget; the new budget is kept with it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from tests.conftest import write_script

REPLIES = [{"tool": "list_dir", "args": {"path": "."}}, {"tool": "read_file", "args": {"path": "notes.md"}},
           {"tool": "read_file", "args": {"path": "todo.md"}}, {"tool": "finish", "args": {"answer": "read both"}}]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def stopped(home, workspace, tmp_path) -> str:
    """A run that stopped at max_steps 2 with two of its four scripted replies taken."""
    r = invoke("run", "read the notes", "--workspace", str(workspace), "--model",
               write_script(tmp_path / "s.json", REPLIES), "--max-steps", "2", "--json")
    out = json.loads(r.stdout)
    assert out["status"] == "max_steps"
    return out["run_id"]


def test_a_larger_budget_continues_the_run_and_is_stored(stopped):
    r = invoke("resume", stopped, "--max-steps", "6", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["status"] == "done" and out["answer"] == "read both"
    shown = json.loads(invoke("show", stopped, "--json").stdout)
    assert shown["run"]["max_steps"] == 6 and shown["run"]["status"] == "done"
    assert [s["idx"] for s in shown["steps"]] == [0, 1, 2, 3]  # the two new steps follow the stored ones
    assert [s["tool"] for s in shown["steps"]] == ["list_dir", "read_file", "read_file", "finish"]


def test_the_budget_holds_for_a_later_resume(stopped):
    r = invoke("resume", stopped, "--max-steps", "3", "--json")
    assert json.loads(r.stdout)["status"] == "max_steps"  # one more step, then the budget of 3 is spent again
    r = invoke("resume", stopped, "--max-steps", "4", "--json")
    assert json.loads(r.stdout)["status"] == "done"


def test_live_output_says_the_new_budget(stopped):
    r = invoke("resume", stopped, "--max-steps", "6")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == f"resuming run {stopped} after step 1 with a budget of 6 steps"


@pytest.mark.parametrize("n", ["1", "2"])
def test_a_budget_not_above_the_steps_taken_is_one_line(stopped, n):
    r = invoke("resume", stopped, "--max-steps", n)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"error: --max-steps {n} must exceed the 2 steps run {stopped} has taken"
    shown = json.loads(invoke("show", stopped, "--json").stdout)["run"]
    assert (shown["status"], shown["max_steps"]) == ("max_steps", 2)  # refused: nothing changed


def test_without_a_budget_the_error_says_how_to_continue(stopped):
    r = invoke("resume", stopped)
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"error: run {stopped} already ended (max_steps); nothing to resume; "
                                "`--max-steps N` continues it with a larger budget")


def test_a_finished_run_is_not_reopened_by_a_budget(home, workspace, tmp_path):
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "s.json", REPLIES),
               "--json")
    run_id = json.loads(r.stdout)["run_id"]
    r = invoke("resume", run_id, "--max-steps", "30")
    assert r.exit_code == 2 and "already ended (done)" in r.stderr


def test_a_killed_run_may_take_a_larger_budget_too(home, workspace, tmp_path, crash):
    crash.at(1)
    invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "s.json", REPLIES),
           "--max-steps", "2", "--json")
    run_id = crash.heal()
    r = invoke("resume", run_id, "--max-steps", "4", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["status"] == "done"
    assert json.loads(invoke("show", run_id, "--json").stdout)["run"]["max_steps"] == 4
