"""A run killed with SIGKILL resumes from its last durable step: nothing lost, nothing doubled."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.store.runs import Store
from tests.conftest import write_script


def _steps(home, run_id=None):
    db = sqlite3.connect(home / "edgeagent.db")
    rows = db.execute("select run_id, idx, tool from steps order by idx").fetchall()
    db.close()
    return [r for r in rows if run_id is None or r[0] == run_id]


def _start_and_kill(home, args, after_steps, timeout=180):
    env = {**os.environ}
    proc = subprocess.Popen([sys.executable, "-m", "edgeagent", "run", *args, "--json"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if (home / "edgeagent.db").exists():
            try:
                if len(_steps(home)) >= after_steps:
                    break
            except sqlite3.OperationalError:
                pass  # tables not created yet
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    db = sqlite3.connect(home / "edgeagent.db")
    run_id, status = db.execute("select id, status from runs").fetchone()
    db.close()
    assert status == "running"  # killed: nobody marked it finished
    return run_id


def test_sigkill_mid_run_then_resume_appends_each_line_once(home, workspace, tmp_path):
    lines = [f"line {i}\n" for i in range(8)]
    replies = [{"tool": "append_file", "args": {"path": "log.txt", "content": ln}} for ln in lines]
    replies.append({"tool": "finish", "args": {"answer": "logged"}})
    model = write_script(tmp_path / "script.json", replies, delay_s=0.15)
    run_id = _start_and_kill(home, ["append lines", "--workspace", str(workspace), "--model", model], after_steps=3)
    done_before = len(_steps(home, run_id))
    assert 3 <= done_before < len(replies)

    result = CliRunner().invoke(cli, ["resume", run_id, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["status"] == "done" and out["answer"] == "logged"
    steps = _steps(home, run_id)
    assert [s[1] for s in steps] == list(range(len(replies)))  # no step lost, none duplicated
    assert (workspace / "log.txt").read_text() == "".join(lines)  # every append exactly once


def test_crash_between_side_effect_and_step_commit_is_not_doubled(home, workspace, tmp_path, monkeypatch):
    """The narrowest window: the append hit the disk, the step row did not. Replay must not append again."""
    replies = [{"tool": "append_file", "args": {"path": "a.txt", "content": "once\n"}},
               {"tool": "finish", "args": {"answer": "ok"}}]
    model = write_script(tmp_path / "s.json", replies)
    real_add_step = Store.add_step

    def crash(self, **fields):
        raise SystemExit("simulated crash after the effect")

    monkeypatch.setattr(Store, "add_step", crash)
    result = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--model", model, "--json"])
    assert result.exit_code != 0
    assert (workspace / "a.txt").read_text() == "once\n"
    run_id = sqlite3.connect(home / "edgeagent.db").execute("select id from runs").fetchone()[0]
    # The owner is this very test process; pretend it died by clearing the owner.
    Store(home / "edgeagent.db").update_run(run_id, owner=None)

    monkeypatch.setattr(Store, "add_step", real_add_step)
    result = CliRunner().invoke(cli, ["resume", run_id, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["status"] == "done"
    assert (workspace / "a.txt").read_text() == "once\n"
    assert [s[1] for s in _steps(home, run_id)] == [0, 1]
    calls = sqlite3.connect(home / "edgeagent.db").execute(
        "select count(*) from model_calls where run_id = ? and step_idx = 0", [run_id]).fetchone()[0]
    assert calls == 1  # the pending model call was reused, not repeated


def test_resume_refuses_a_run_whose_process_is_alive(home, workspace, tmp_path):
    model = write_script(tmp_path / "s.json", [{"tool": "list_dir", "args": {"path": "."}}] * 50, delay_s=0.2)
    proc = subprocess.Popen([sys.executable, "-m", "edgeagent", "run", "t", "--workspace", str(workspace),
                             "--model", model, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if _steps(home):
                    break
            except sqlite3.OperationalError:
                pass
            time.sleep(0.05)
        run_id = sqlite3.connect(home / "edgeagent.db").execute("select id from runs").fetchone()[0]
        result = CliRunner().invoke(cli, ["resume", run_id])
        assert result.exit_code == 2 and "still running" in result.stderr
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.model
def test_sigkill_real_model_run_and_resume(home, workspace, embedded_model):
    run_id = _start_and_kill(home, ["What is in todo.md?", "--workspace", str(workspace), "--max-steps", "5",
                                    "--model", SMOKE_MODEL],
                             after_steps=2, timeout=300)
    before = _steps(home, run_id)
    result = CliRunner().invoke(cli, ["resume", run_id, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    after = _steps(home, run_id)
    assert out["status"] in {"done", "max_steps"}
    assert after[: len(before)] == before  # durable steps untouched
    assert [s[1] for s in after] == list(range(len(after))) and len(after) <= 5
