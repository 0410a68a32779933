"""The CLI fed bad input: one line on stderr and exit 2, never a traceback, and no run row created."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from edgeagent.cli import cli
from tests.cli.test_commands import READ_THEN_FINISH, _runner, assert_one_line_error, script
from tests.conftest import query


def invoke(*args, input: str | None = None):
    return _runner().invoke(cli, [str(a) for a in args], input=input)


@pytest.fixture
def env(home, tmp_path, monkeypatch) -> dict:
    """A temp EDGEAGENT_HOME (conftest's `home`), a workspace with a note, and the temp folder as cwd."""
    monkeypatch.chdir(tmp_path)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.md").write_text("Buy milk\nCall Alice about the budget\n")
    return {"home": home, "db": home / "edgeagent.db", "ws": ws, "tmp": tmp_path}


def _config(env, body: bytes) -> Path:
    env["home"].mkdir(exist_ok=True)
    path = env["home"] / "config.toml"
    path.write_bytes(body)
    return path


def _run(env, *extra: str):
    return invoke("run", "t", "--workspace", env["ws"], "--model", script(env, READ_THEN_FINISH), *extra)


def _no_runs(env) -> bool:
    return not env["db"].exists() or query(env["db"], "select count(*) from runs")[0][0] == 0


def _cli(env, args: list, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """The real `edgeagent` process, so argv and stdin arrive as bytes the way a shell hands them over."""
    return subprocess.run([sys.executable, "-m", "edgeagent", *args], input=stdin, capture_output=True, check=False,
                          env=dict(os.environ), cwd=env["tmp"], timeout=120)  # `home` set EDGEAGENT_HOME


def _one_line(p: subprocess.CompletedProcess, contains: str) -> str:
    err = p.stderr.decode("utf-8", "replace").strip()
    assert p.returncode == 2, (p.returncode, err)
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("error: ") and contains in err, err
    return err


def test_config_with_invalid_utf8_is_one_line(env):
    _config(env, b"[cloud]\nbudget_usd = 1.0\n# caf\xe9\n")
    assert_one_line_error(_run(env), 2, "config.toml: not UTF-8")
    assert_one_line_error(invoke("redact", "-", input="hi"), 2, "not UTF-8")
    assert _no_runs(env)


def test_config_that_is_a_folder_is_one_line_not_ignored(env):
    (env["home"] / "config.toml").mkdir(parents=True)
    assert_one_line_error(_run(env), 2, "config.toml: cannot read")
    assert _no_runs(env)


@pytest.mark.parametrize("secrets, expected", [
    ("[1, 2]", "export.secrets[0] must be a string"),
    ('["Project Bluebird", "ab"]', "export.secrets[1] must have at least 4 non-space characters"),
    ('["  a b "]', "export.secrets[0] must have at least 4"),
])
def test_bad_declared_secrets_in_config_are_one_line(env, secrets, expected):
    _config(env, f"[export]\nsecrets = {secrets}\n".encode())
    assert_one_line_error(_run(env), 2, expected)
    assert_one_line_error(invoke("redact", "-", input="hello"), 2, expected)
    assert_one_line_error(_run(env, "--set", "export.secrets=[]"), 2, expected)  # the file is checked first
    assert _no_runs(env)


def test_bad_declared_secret_in_set_is_one_line(env):
    assert_one_line_error(_run(env, "--set", "export.secrets=['abc']"), 2, "--set export.secrets")


@pytest.mark.parametrize("key, value, expected", [
    ("budget_usd", "-0.01", "cloud.budget_usd must be at least 0"),
    ("timeout_s", "-5", "cloud.timeout_s must be above 0"),
    ("timeout_s", "0", "cloud.timeout_s must be above 0"),
    ("max_retries", "-1", "cloud.max_retries must be at least 0"),
    ("timeout_s", "nan", "cloud.timeout_s must be a finite number"),
    ("budget_usd", "inf", "cloud.budget_usd must be a finite number"),
])
def test_negative_or_non_finite_cloud_limits_are_refused(env, key, value, expected):
    assert_one_line_error(_run(env, "--set", f"cloud.{key}={value}"), 2, expected)
    _config(env, f"[cloud]\n{key} = {value}\n".encode())
    assert_one_line_error(_run(env), 2, expected)
    assert _no_runs(env)


def test_zero_budget_and_retries_stay_valid(env):
    _config(env, b"[cloud]\nbudget_usd = 0\nmax_retries = 0\n")
    r = _run(env, "--json")
    assert r.exit_code == 0, (r.output, r.exception)
    assert json.loads(r.stdout)["status"] == "done"


def test_task_argument_with_undecodable_bytes_is_one_line(env):
    p = _cli(env, ["run", b"tidy caf\xe9 notes", "--workspace", str(env["ws"]), "--model",
                   script(env, READ_THEN_FINISH)])
    _one_line(p, "TASK: not UTF-8")
    assert _no_runs(env)


@pytest.mark.parametrize("data, expected", [
    (b"caf\xe9 alice@example.com\n", "stdin: not UTF-8 text (byte 0xe9 at offset 3)"),
    (b"\x7fELF\x02\x01\x01\x00\x00\x00", "stdin: binary data"),
])
def test_redact_stdin_with_binary_or_non_utf8_bytes_is_one_line(env, data, expected):
    for args in (["redact", "-"], ["redact"], ["redact", "--json", "-"]):
        p = _cli(env, args, stdin=data)
        err = _one_line(p, expected)
        # Nothing half-previewed; under --json only the error object.
        want = {"error": err.removeprefix("error: "), "code": 2} if "--json" in args else None
        assert (json.loads(p.stdout) if p.stdout else None) == want


def test_redact_file_with_non_utf8_bytes_names_the_file(env):
    f = env["tmp"] / "latin1.txt"
    f.write_bytes(b"Gr\xfc\xdfe, alice@example.com\n")
    assert_one_line_error(invoke("redact", f), 2, f"{f}: not UTF-8 text (byte 0xfc at offset 2)")


def test_redact_of_good_stdin_still_works(env):
    p = _cli(env, ["redact", "-"], stdin="mail alice@example.com — café\n".encode())
    assert p.returncode == 0, p.stderr
    assert p.stdout.decode() == "mail <EMAIL_1> — café\n"


def test_redact_with_a_missing_configured_secrets_file_fails_as_run_does(env):
    missing = env["tmp"] / "gone.txt"
    _config(env, f'[export]\nsecrets_file = "{missing}"\n'.encode())
    assert_one_line_error(invoke("redact", "-", input="Project Bluebird"), 2, f"secrets file {missing} not found")


def test_task_file_with_bad_bytes_is_one_line(env):
    task = env["tmp"] / "tasks" / "t1"
    task.mkdir(parents=True)
    (task / "task.toml").write_bytes(b'prompt = "r\xe9sum\xe9"\n')
    r = invoke("bench", "--tasks", task, "--model", script(env, READ_THEN_FINISH))
    assert_one_line_error(r, 2, "task.toml: not UTF-8")
    (task / "task.toml").write_bytes(b'prompt = "read \\u0000 me"\n')  # TOML escapes a NUL that a raw byte can't
    r = invoke("bench", "--tasks", task, "--model", script(env, READ_THEN_FINISH))
    assert_one_line_error(r, 2, "prompt: binary data")
    assert _no_runs(env)


def test_device_profile_file_with_bad_bytes_is_one_line(env):
    dev = env["tmp"] / "board.toml"
    dev.write_bytes(b"id = 'x'\n\xff\xfe")
    assert_one_line_error(_run(env, "--device", str(dev)), 2, "board.toml")


def test_scripted_model_file_with_bad_bytes_or_delay_is_one_line(env):
    bad = env["tmp"] / "bad.json"
    bad.write_bytes(b'["\xff"]')
    assert_one_line_error(invoke("run", "t", "--workspace", env["ws"], "--model", f"scripted:{bad}"), 2,
                          "cannot read a JSON script")
    bad.write_text('{"replies": [], "delay_s": "soon"}')
    assert_one_line_error(invoke("run", "t", "--workspace", env["ws"], "--model", f"scripted:{bad}"), 2,
                          "delay_s must be a number")
    assert _no_runs(env)


@pytest.mark.parametrize("args, expected", [
    (["run"], "Missing argument 'TASK'"),
    (["run", "t", "--bogus"], "No such option '--bogus'"),
    (["nosuch"], "No such command 'nosuch'"),
    (["--bogus"], "No such option '--bogus'"),
    (["models", "frobnicate"], "No such command 'frobnicate'"),
    (["runs", "--limit", "0"], "'--limit'"),
    (["run", "t", "--workspace", "missing-folder"], "'missing-folder' does not exist"),
    (["redact", "missing.txt"], "missing.txt"),
    (["profile", "--contexts", "abc"], "comma-separated"),
])
def test_click_usage_errors_are_one_line(env, args, expected):
    err = assert_one_line_error(invoke(*args), 2, expected)
    assert "Usage:" not in err and "--help" in err  # where to look, on the same line


def test_click_usage_error_in_a_real_process_is_one_line(env):
    _one_line(_cli(env, ["run", "--max-steps", "x", "t"]), "'--max-steps'")


def test_no_command_still_prints_the_help(env):
    r = invoke()
    assert "Commands:" in r.output and "run" in r.output


@pytest.mark.parametrize("command", ["show", "resume", "audit", "undo"])
def test_run_id_with_undecodable_bytes_is_one_line(env, command):
    _one_line(_cli(env, [command, b"2026\xff"]), "'RUN_ID': not UTF-8")


def test_set_value_with_undecodable_bytes_is_one_line(env):
    p = _cli(env, ["run", "t", "--workspace", str(env["ws"]), "--model", script(env, READ_THEN_FINISH),
                   "--set", b"cloud.target=anthropic:\xff"])
    _one_line(p, "cloud.target: not UTF-8")
    assert _no_runs(env)


def test_config_secrets_file_of_an_unknown_user_is_one_line(env):
    # Issue 27 item 17: "~nosuchuser/x" made pathlib raise RuntimeError, printed as a traceback by `redact`.
    _config(env, b'[export]\nsecrets_file = "~nosuchuser/x"\n')
    assert_one_line_error(invoke("redact", "-", input="Project Bluebird"), 2, "export.secrets_file")
    assert_one_line_error(_run(env), 2, "export.secrets_file")
    assert _no_runs(env)


def test_set_secrets_file_of_an_unknown_user_is_one_line(env):
    assert_one_line_error(_run(env, "--set", "export.secrets_file=~nosuchuser/x"), 2, "export.secrets_file")
    assert _no_runs(env)


@pytest.mark.parametrize("old, new, field", [
    ("memory_gb = 8", "memory_gb = nan", "memory_gb"),
    ("memory_gb = 8", "memory_gb = inf", "memory_gb"),
    ("memory_bandwidth_gbs = 68", "memory_bandwidth_gbs = inf", "memory_bandwidth_gbs"),
    ("estimate_watts = 10", "estimate_watts = nan", "estimate_watts"),
    ("idle_watts = 4", "idle_watts = nan", "idle_watts"),
    ("watts = 15", "watts = inf", "power_modes[0].watts"),
    ("max_model_memory_share = 0.6", "max_model_memory_share = nan", "budget.max_model_memory_share"),
    ("power_cap_w = 15", "power_cap_w = inf", "budget.power_cap_w"),
    ("power_cap_w = 15", "power_cap_w = -inf", "budget.power_cap_w"),
    ('device_model = ["Test"]', "memory_gib = [0, inf]", "detect.memory_gib"),
])
def test_device_profile_with_non_finite_values_is_one_line(env, old, new, field):
    # Issue 27 item 17: nan and inf passed every bound check (nan compares false), then `models recommend`
    # or a run failed later with a traceback.
    from tests.devices.test_profiles import VALID

    assert old in VALID
    dev = env["tmp"] / "board.toml"
    dev.write_text(VALID.replace(old, new, 1))
    err = assert_one_line_error(invoke("models", "recommend", "--device", dev), 2, f"board.toml: {field}: ")
    assert "finite" in err or "at least" in err or "above" in err, err
    assert_one_line_error(_run(env, "--device", str(dev)), 2, f"board.toml: {field}: ")
    assert _no_runs(env)
