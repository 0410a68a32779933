"""The `edgeagent` CLI through CliRunner, against a real SQLite file in a temp EDGEAGENT_HOME."""

from __future__ import annotations

import inspect
import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from tests.conftest import query, sha256_of


def _runner() -> CliRunner:
    # click < 8.2 mixes stderr into output unless told not to; 8.2+ always keeps result.stderr apart.
    if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters:
        return CliRunner(mix_stderr=False)
    return CliRunner()


def invoke(*args: str):
    return _runner().invoke(cli, [str(a) for a in args])




def assert_one_line_error(result, code: int = 2, contains: str = "") -> str:
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    err = result.stderr.strip()
    assert "Traceback" not in result.output
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: "), err
    assert contains in err, err
    return err


@pytest.fixture
def env(tmp_path, monkeypatch):
    home, models = tmp_path / "home", tmp_path / "models"
    models.mkdir()
    monkeypatch.setenv("EDGEAGENT_HOME", str(home))
    monkeypatch.setenv("EDGEAGENT_MODELS", str(models))
    monkeypatch.chdir(tmp_path)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.md").write_text("Buy milk\nCall Alice about the budget\n")
    return {"home": home, "db": home / "edgeagent.db", "models": models, "ws": ws, "tmp": tmp_path}


def script(env, replies, name="script.json") -> str:
    p = env["tmp"] / name
    p.write_text(json.dumps(replies))
    return f"scripted:{p}"


READ_THEN_FINISH = [
    {"tool": "read_file", "args": {"path": "notes.md"}},
    {"tool": "append_file", "args": {"path": "todo.txt", "content": "call Alice\n"}},
    {"tool": "finish", "args": {"answer": "Call Alice about the budget."}},
]


def run_json(env, replies, *extra, task="what do I need to do? Add it to todo.txt."):
    r = invoke("run", task, "--workspace", env["ws"],
               "--model", script(env, replies), "--json", *extra)
    assert r.exit_code == 0, (r.output, r.exception)
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1, r.stdout  # exactly one JSON object, nothing else on stdout
    return json.loads(lines[0])


def test_run_json_reports_the_result_and_stores_every_row(env):
    out = run_json(env, READ_THEN_FINISH)
    assert out["status"] == "done"
    assert out["answer"] == "Call Alice about the budget."
    assert out["steps"] == 3
    assert out["error"] is None
    assert out["model"].startswith("scripted:")
    assert out["strategy"] == "edge"
    assert (env["ws"] / "todo.txt").read_text() == "call Alice\n"

    db = env["db"]
    runs = query(db, "select id, task, workspace, status, answer, max_steps, backend, finished_at from runs")
    assert len(runs) == 1
    rid, task, workspace, status, answer, max_steps, backend, finished_at = runs[0]
    assert rid == out["run_id"]
    assert (task, status, answer, max_steps, backend) == (
        "what do I need to do? Add it to todo.txt.", "done", "Call Alice about the budget.", 20, "scripted")
    assert workspace == str(env["ws"].resolve())
    assert finished_at

    steps = query(db, "select idx, actor, tool, args, ok, observation, model_call_id from steps where run_id = ? "
                   "order by idx", [rid])
    assert [s[0] for s in steps] == [0, 1, 2]
    assert [s[2] for s in steps] == ["read_file", "append_file", "finish"]
    assert [json.loads(s[3]) for s in steps] == [r["args"] for r in READ_THEN_FINISH]
    assert all(s[1] == "edge" and s[4] == 1 for s in steps)
    assert steps[0][5] == "Buy milk\nCall Alice about the budget\n"
    assert steps[1][5] == "appended 11 bytes to todo.txt"
    assert steps[2][5] == "Call Alice about the budget."

    calls = query(db, "select id, step_idx, side, output, finish_reason, prompt_tokens, cached_tokens, "
                   "completion_tokens from model_calls where run_id = ? order by id", [rid])
    assert [c[1] for c in calls] == [0, 1, 2]
    assert [c[0] for c in calls] == [s[6] for s in steps]
    assert [json.loads(c[3]) for c in calls] == READ_THEN_FINISH
    assert all(c[2] == "edge" and c[4] == "stop" and c[5] > 0 and c[7] > 0 for c in calls)
    assert calls[1][6] > 0  # the context only grows, so later calls reuse the cached prefix
    assert out["edge_tokens"] == sum(c[5] - c[6] + c[7] for c in calls) > 0


def test_run_stops_at_max_steps_with_exit_0(env):
    replies = [{"tool": "list_dir", "args": {"path": "."}}] * 5 + [{"tool": "finish", "args": {"answer": "x"}}]
    out = run_json(env, replies, "--max-steps", "2")
    assert out["status"] == "max_steps"
    assert out["answer"] is None
    assert out["steps"] == 2
    assert query(env["db"], "select count(*) from steps")[0][0] == 2
    assert query(env["db"], "select count(*) from model_calls")[0][0] == 2


def test_three_malformed_replies_end_as_format_error_with_exit_0(env):
    out = run_json(env, ["not json", "still {not json", {"tool": "rm", "args": {}},
                         {"tool": "finish", "args": {"answer": "never reached"}}])
    assert out["status"] == "format_error"
    assert out["answer"] is None
    assert out["steps"] == 3
    rows = query(env["db"], "select tool, ok, observation from steps order by idx")
    assert [(r[0], r[1]) for r in rows] == [(None, 0)] * 3
    assert all(r[2].startswith("error: invalid tool call") for r in rows)


def test_a_malformed_reply_in_between_does_not_end_the_run(env):
    out = run_json(env, ["oops", {"tool": "finish", "args": {"answer": "fine"}}], task="What is in todo.txt?")
    assert (out["status"], out["answer"], out["steps"]) == ("done", "fine", 2)


def test_a_failing_tool_is_an_observation_not_a_crash(env):
    out = run_json(env, [{"tool": "read_file", "args": {"path": "../../etc/passwd"}},
                         {"tool": "finish", "args": {"answer": "ok"}}])
    assert out["status"] == "done"
    ok, obs = query(env["db"], "select ok, observation from steps where idx = 0")[0]
    assert ok == 0 and "leaves the workspace" in obs


def test_runs_and_show_json(env):
    first = run_json(env, READ_THEN_FINISH)
    second = run_json(env, [{"tool": "finish", "args": {"answer": "quick"}}], task="What is in todo.txt?")

    r = invoke("runs", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    assert [row["id"] for row in rows] == [second["run_id"], first["run_id"]]  # newest first
    assert [(row["status"], row["steps"], row["answer"]) for row in rows] == [
        ("done", 1, "quick"), ("done", 3, "Call Alice about the budget.")]
    assert rows[1]["edge_tokens"] == first["edge_tokens"]

    r = invoke("show", first["run_id"], "--json")
    assert r.exit_code == 0, r.output
    shown = json.loads(r.stdout)
    assert set(shown) == {"run", "totals", "steps", "model_calls", "exports"}
    assert shown["totals"]["steps"] == 3 and shown["totals"]["edge_tokens"] == first["edge_tokens"]
    assert shown["run"]["id"] == first["run_id"]
    assert shown["run"]["answer"] == "Call Alice about the budget."
    assert [s["idx"] for s in shown["steps"]] == [0, 1, 2]
    assert [s["tool"] for s in shown["steps"]] == ["read_file", "append_file", "finish"]
    assert shown["steps"][1]["args"] == {"path": "todo.txt", "content": "call Alice\n"}
    assert [json.loads(s["output"]) for s in shown["steps"]] == READ_THEN_FINISH
    assert [c["step_idx"] for c in shown["model_calls"]] == [0, 1, 2]

    # a unique prefix of the id is enough
    r = invoke("show", second["run_id"][:-2], "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["run"]["id"] == second["run_id"]


def test_human_output_shows_steps_and_answer(env):
    r = invoke("run", "todo?", "--workspace", env["ws"], "--model", script(env, READ_THEN_FINISH))
    assert r.exit_code == 0, (r.output, r.exception)
    assert "step 0" in r.stdout and "read_file" in r.stdout
    assert "answer: Call Alice about the budget." in r.stdout
    rid = query(env["db"], "select id from runs")[0][0]
    assert rid in r.stdout

    r = invoke("runs")
    assert r.exit_code == 0 and rid[:15] in r.stdout and "done" in r.stdout
    r = invoke("show", rid)
    assert r.exit_code == 0
    assert "answer: Call Alice about the budget." in r.stdout and "read_file" in r.stdout


def test_human_output_prints_brackets_in_content_literally(env):
    # File content and answers are data: rich markup in them must neither crash nor vanish.
    (env["ws"] / "notes.md").write_text("see [/x] and [bold]this[/bold]\n")
    replies = [{"tool": "read_file", "args": {"path": "notes.md"}},
               {"tool": "finish", "args": {"answer": "[/y] [red]done"}}]
    r = invoke("run", "[b]task", "--workspace", env["ws"], "--model", script(env, replies))
    assert r.exit_code == 0, (r.output, r.exception)
    assert "see [/x] and [bold]this[/bold]" in r.stdout
    assert "answer: [/y] [red]done" in r.stdout
    rid = query(env["db"], "select id, status from runs")[0]
    assert rid[1] == "done"
    r = invoke("show", rid[0])
    assert r.exit_code == 0, (r.output, r.exception)
    assert "task: [b]task" in r.stdout
    r = invoke("runs")
    assert r.exit_code == 0, (r.output, r.exception)


def test_show_unknown_run_is_a_one_line_error(env):
    run_json(env, READ_THEN_FINISH)
    r = invoke("show", "no-such-run", "--json")
    err = assert_one_line_error(r, 2, "no run 'no-such-run'")
    # Under --json the error is also one JSON object on stdout, the same message as the stderr line.
    assert json.loads(r.stdout) == {"error": err.removeprefix("error: "), "code": 2}


def test_missing_workspace_exits_2_and_creates_no_run(env):
    r = invoke("run", "t", "--workspace", env["tmp"] / "missing", "--model", script(env, READ_THEN_FINISH))
    assert r.exit_code == 2
    assert "Traceback" not in r.output
    assert "missing" in r.stderr
    assert not env["db"].exists() or query(env["db"], "select count(*) from runs")[0][0] == 0


def test_bad_scripted_file_is_a_one_line_error(env):
    bad = env["tmp"] / "bad.json"
    bad.write_text("[{not json")
    r = invoke("run", "t", "--workspace", env["ws"], "--model", f"scripted:{bad}")
    assert_one_line_error(r, 2, "cannot read a JSON script")
    assert query(env["db"], "select count(*) from runs")[0][0] == 0  # failed before a run row existed

    r = invoke("run", "t", "--workspace", env["ws"], "--model", f"scripted:{env['tmp'] / 'absent.json'}")
    assert_one_line_error(r, 2, "scripted model")

    bad.write_text('{"replies": "not a list"}')
    r = invoke("run", "t", "--workspace", env["ws"], "--model", f"scripted:{bad}")
    assert_one_line_error(r, 2, "expected a list of replies")


def test_unknown_model_is_a_one_line_error(env):
    r = invoke("run", "t", "--workspace", env["ws"], "--model", "gpt-17-ultra")
    assert_one_line_error(r, 2, "unknown model 'gpt-17-ultra'")
    assert query(env["db"], "select count(*) from runs")[0][0] == 0


def test_empty_task_is_a_one_line_error(env):
    r = invoke("run", "  ", "--workspace", env["ws"], "--model", script(env, READ_THEN_FINISH))
    assert_one_line_error(r, 2, "TASK must not be empty")


def test_corrupt_database_is_refused_without_traceback_and_left_unchanged(env):
    env["home"].mkdir()
    env["db"].write_bytes(os.urandom(16384))
    before = sha256_of(env["db"])
    for args in (["runs"], ["runs", "--json"], ["show", "x"],
                 ["run", "t", "--workspace", str(env["ws"]), "--model", script(env, READ_THEN_FINISH)]):
        r = invoke(*args)
        assert_one_line_error(r, 2, str(env["db"]))
        assert sha256_of(env["db"]) == before
    assert sorted(p.name for p in env["home"].iterdir()) == ["edgeagent.db"]


def test_foreign_database_is_refused(env):
    env["home"].mkdir()
    db = sqlite3.connect(env["db"])
    with db:
        db.execute("create table photos (path text)")
    db.close()
    before = sha256_of(env["db"])
    assert_one_line_error(invoke("runs"), 2, "not an edgeagent database")
    assert sha256_of(env["db"]) == before


def test_resume_of_a_finished_run_exits_2(env):
    out = run_json(env, READ_THEN_FINISH)
    r = invoke("resume", out["run_id"])
    assert_one_line_error(r, 2, "already ended (done)")
    assert query(env["db"], "select count(*) from steps")[0][0] == 3
    assert (env["ws"] / "todo.txt").read_text() == "call Alice\n"


def test_resume_of_an_unknown_run_exits_2(env):
    assert_one_line_error(invoke("resume", "nope"), 2, "no run")


def test_models_list_with_no_models(env):
    r = invoke("models", "list", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == []
    r = invoke("models", "list")
    assert r.exit_code == 0 and "no prepared models" in r.stdout


def _damaged_model(env) -> Path:
    folder = env["models"] / "smollm2-135m" / "onnx-cpu-int4"
    folder.mkdir(parents=True)
    (folder / "genai_config.json").write_text('{"model": {}}')
    (folder / "model.onnx").write_bytes(b"\x00" * 100)
    manifest = {"name": "smollm2-135m", "backend": "onnx", "created_at": "x",
                "files": {"genai_config.json": 13, "model.onnx": 4096}}  # model.onnx was truncated
    (folder / "edgeagent-model.json").write_text(json.dumps(manifest))
    return folder


def test_damaged_prepared_model_is_a_one_line_error_naming_the_fix(env):
    folder = _damaged_model(env)
    before = {p.name: sha256_of(p) for p in folder.iterdir()}
    r = invoke("run", "t", "--workspace", env["ws"], "--model", "smollm2-135m")
    err = assert_one_line_error(r, 2, "models prepare --force")
    assert "model.onnx" in err
    assert {p.name: sha256_of(p) for p in folder.iterdir()} == before  # not rebuilt or deleted behind our back
    assert query(env["db"], "select count(*) from runs")[0][0] == 0


def test_models_list_marks_a_damaged_model_corrupt(env):
    folder = _damaged_model(env)
    r = invoke("models", "list", "--json")
    assert r.exit_code == 0, r.output
    [row] = json.loads(r.stdout)
    assert (row["name"], row["variant"], row["state"], row["path"]) == (
        "smollm2-135m", "onnx-cpu-int4", "corrupt", str(folder))


def test_damaged_manifest_json_is_a_one_line_error(env):
    folder = _damaged_model(env)
    (folder / "edgeagent-model.json").write_text("{truncated")
    r = invoke("run", "t", "--workspace", env["ws"], "--model", "smollm2-135m")
    assert_one_line_error(r, 2, "models prepare --force")


def test_model_folder_without_genai_config_is_a_one_line_error(env):
    folder = env["tmp"] / "not-a-model"
    folder.mkdir()
    r = invoke("run", "t", "--workspace", env["ws"], "--model", folder)
    assert_one_line_error(r, 2, "genai_config.json")
