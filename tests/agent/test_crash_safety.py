"""Crash safety of runs: a stored finish ends a run, one owner per run, concurrent first use, no run stuck."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from click.testing import CliRunner

from edgeagent.agent import loop as agent_module
from edgeagent.cli import cli
from edgeagent.errors import RunBusy
from edgeagent.store import claims
from edgeagent.store.dbfile import MIGRATIONS_TABLE
from edgeagent.store.migrations import MIGRATIONS
from edgeagent.store.runs import Store
from tests.conftest import query, write_script


def _edgeagent(*args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "edgeagent", *args], env=env or dict(os.environ),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _only_run(home: Path) -> str:
    return query(home / "edgeagent.db", "select id from runs")[0][0]


def test_a_stored_finish_ends_the_run_on_resume_without_another_step(home, workspace, tmp_path, monkeypatch):
    # More replies follow the finish: a resume that asked the model again would overwrite a.txt and the answer.
    model = write_script(tmp_path / "s.json", [
        {"tool": "append_file", "args": {"path": "a.txt", "content": "mine\n"}},
        {"tool": "finish", "args": {"answer": "first"}},
        {"tool": "write_file", "args": {"path": "a.txt", "content": "OVERWRITTEN"}},
        {"tool": "finish", "args": {"answer": "second"}}])
    real = Store.update_run

    def die_before_done(self, run_id, **fields):
        if fields.get("status") == "done":
            raise SystemExit("killed after the finish step was durable")
        return real(self, run_id, **fields)

    monkeypatch.setattr(Store, "update_run", die_before_done)
    result = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--model", model, "--json"])
    assert result.exit_code != 0
    monkeypatch.setattr(Store, "update_run", real)
    run_id = _only_run(home)
    assert query(home / "edgeagent.db", "select status from runs")[0][0] == "running"

    result = CliRunner().invoke(cli, ["resume", run_id, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["status"], out["answer"], out["steps"]) == ("done", "first", 2)
    assert (workspace / "a.txt").read_text() == "mine\n"
    assert query(home / "edgeagent.db", "select count(*) from model_calls")[0][0] == 2  # no model call on resume


def test_two_resumes_of_one_run_one_proceeds_the_other_is_refused_in_one_line(home, workspace, tmp_path):
    replies = [{"tool": "append_file", "args": {"path": "log.txt", "content": f"{i}\n"}} for i in range(8)]
    model = write_script(tmp_path / "s.json", [*replies, {"tool": "finish", "args": {"answer": "ok"}}], delay_s=0.4)
    first = _edgeagent("run", "t", "--workspace", str(workspace), "--model", model, "--json")
    deadline = time.time() + 60
    while time.time() < deadline and not (home / "edgeagent.db").exists():
        time.sleep(0.05)
    while time.time() < deadline:
        tables = {r[0] for r in query(home / "edgeagent.db", "select name from sqlite_master")}
        if "steps" in tables and query(home / "edgeagent.db", "select count(*) from steps")[0][0] >= 1:
            break
        time.sleep(0.05)
    first.send_signal(signal.SIGKILL)
    first.wait()
    run_id = _only_run(home)

    a, b = _edgeagent("resume", run_id, "--json"), _edgeagent("resume", run_id, "--json")
    outs = {p.pid: (p.wait(timeout=120), *p.communicate()) for p in (a, b)}
    codes = sorted(rc for rc, _, _ in outs.values())
    assert codes == [0, 2], outs
    winner = next(pid for pid, (rc, _, _) in outs.items() if rc == 0)
    _, _, err = next(v for v in outs.values() if v[0] == 2)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert re.fullmatch(rf"error: run {run_id} is being resumed by pid {winner}\n", err), err
    steps = query(home / "edgeagent.db", "select idx from steps where run_id = ? order by idx", [run_id])
    assert [s[0] for s in steps] == list(range(9))
    assert (workspace / "log.txt").read_text() == "".join(f"{i}\n" for i in range(8))


def test_eight_runs_started_at_once_on_a_fresh_home_all_finish(home, workspace, tmp_path):
    model = write_script(tmp_path / "s.json", [{"tool": "list_dir", "args": {"path": "."}},
                                               {"tool": "finish", "args": {"answer": "ok"}}])
    assert not home.exists()
    procs = [_edgeagent("run", f"task {i}", "--workspace", str(workspace), "--model", model, "--json")
             for i in range(8)]
    results = [(p.wait(timeout=120), *p.communicate()) for p in procs]
    failed = [err for rc, _, err in results if rc != 0]
    print(f"\nconcurrent first use: {len(procs)} started, {len(procs) - len(failed)} finished")
    assert not failed, failed[0]
    assert all(json.loads(out)["status"] == "done" for _, out, _ in results)
    db = home / "edgeagent.db"
    assert query(db, "select count(*), count(distinct id) from runs where status = 'done'")[0] == (8, 8)
    names = [r[0] for r in query(db, f"select name from {MIGRATIONS_TABLE} order by name")]
    assert names == sorted(n for n, _ in MIGRATIONS)  # each migration applied exactly once
    assert query(db, "pragma integrity_check") == [("ok",)]


def test_a_non_utf8_file_name_is_stored_escaped_and_the_run_finishes(home, workspace, tmp_path):
    os.close(os.open(os.path.join(os.fsencode(workspace), b"caf\xe9.txt"), os.O_CREAT | os.O_WRONLY))
    model = write_script(tmp_path / "s.json", [{"tool": "list_dir", "args": {"path": "."}},
                                               {"tool": "finish", "args": {"answer": "listed"}}])
    proc = _edgeagent("run", "t", "--workspace", str(workspace), "--model", model, "--json")
    rc, out, err = proc.wait(timeout=60), *proc.communicate()
    assert rc == 0 and "Traceback" not in err, err
    assert json.loads(out)["status"] == "done"
    listing = query(home / "edgeagent.db", "select observation from steps where idx = 0")[0][0]
    assert "caf\\xe9.txt (0 bytes)" in listing.splitlines()


def test_an_unexpected_exception_in_a_step_marks_the_run_error_and_resume_continues(home, workspace, tmp_path,
                                                                                    monkeypatch):
    model = write_script(tmp_path / "s.json", [{"tool": "append_file", "args": {"path": "n.txt", "content": "a\n"}},
                                               {"tool": "append_file", "args": {"path": "n.txt", "content": "b\n"}},
                                               {"tool": "finish", "args": {"answer": "ok"}}])
    real = agent_module.messages

    def broken(task, steps, *args, **kwargs):
        if len(steps) == 1:
            raise RuntimeError("a bug in step 1")
        return real(task, steps, *args, **kwargs)

    monkeypatch.setattr(agent_module, "messages", broken)
    result = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--model", model, "--json"])
    assert result.exit_code == 1 and not isinstance(result.exception, RuntimeError)
    run = query(home / "edgeagent.db", "select id, status, error from runs")[0]
    assert run[1] == "error" and "step 1 failed: RuntimeError: a bug in step 1" in run[2]
    assert json.loads(result.stdout)["status"] == "error"

    monkeypatch.setattr(agent_module, "messages", real)
    result = CliRunner().invoke(cli, ["resume", run[0], "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["status"] == "done"
    assert (workspace / "n.txt").read_text() == "a\nb\n"
    assert [r[0] for r in query(home / "edgeagent.db", "select idx from steps order by idx")] == [0, 1, 2]


def test_a_claim_is_taken_over_only_from_a_dead_or_reused_pid(home, tmp_path):
    store = Store(home / "edgeagent.db")
    run_id = store.create_run(task="t", workspace=str(tmp_path), strategy="edge", model="m", backend="b", max_steps=3)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = psutil.Process(sleeper.pid)
        store.update_run(run_id, owner=f"{live.pid}:{live.create_time()}:resume")
        with pytest.raises(RunBusy, match=f"is being resumed by pid {live.pid}"):
            claims.claim(store, run_id)
        store.update_run(run_id, owner=f"{live.pid}:{live.create_time() - 100}:resume")  # the pid was reused
        assert claims.claim(store, run_id)["owner"] == claims.me("resume")
    finally:
        sleeper.kill()
        sleeper.wait()
    store.update_run(run_id, owner=f"{sleeper.pid}:{live.create_time()}:run")  # its process is gone
    assert claims.claim(store, run_id)["owner"] == claims.me("resume")
