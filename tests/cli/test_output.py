"""What the CLI prints: piped and narrow output, --json errors, --cloud checked first, help for every option."""

from __future__ import annotations

import inspect
import itertools
import json
import os
import re
import subprocess
import sys
import threading

import click
import httpx
import pytest
from click.testing import CliRunner

from edgeagent.backends.registry import NAMES as BACKEND_NAMES
from edgeagent.cli import cli, serve
from edgeagent.cli import options as cli_options
from edgeagent.errors import BadInput
from edgeagent.export.cloud_target import parse_target
from edgeagent.models.catalog import DEFAULT_MODEL
from edgeagent.serve.server import make_server
from tests.conftest import write_script

LONG_NOTE = "Call Alice about the budget and the quarterly numbers for the northern region sales team\n"
REPLIES = [
    {"tool": "read_file", "args": {"path": "notes.md"}},
    {"tool": "append_file", "args": {"path": "todo.txt", "content": "call Alice about the budget and the numbers\n"}},
    {"tool": "finish", "args": {"answer": "Call Alice about the budget."}},
]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _runner() -> CliRunner:
    if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters:  # click < 8.2
        return CliRunner(mix_stderr=False)
    return CliRunner()


def invoke(*args, env: dict | None = None):
    return _runner().invoke(cli, [str(a) for a in args], env=env)


@pytest.fixture
def env(home, tmp_path, monkeypatch) -> dict:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COLUMNS", raising=False)
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(var, raising=False)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.md").write_text("Buy milk\n" + LONG_NOTE)
    return {"home": home, "ws": ws, "tmp": tmp_path, "model": write_script(tmp_path / "script.json", REPLIES)}


def _run_id(env) -> str:
    r = invoke("run", "what do I need to do? Add it to todo.txt.", "-w", env["ws"], "--model", env["model"], "--json")
    assert r.exit_code == 0, (r.output, r.stderr)
    return json.loads(r.stdout)["run_id"]


def _cli(env, *args: str) -> subprocess.CompletedProcess:
    """The real `edgeagent` process with stdout and stderr on pipes, as `edgeagent show X | less` has them."""
    clean = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE")}
    return subprocess.run([sys.executable, "-m", "edgeagent", *args], capture_output=True, text=True, check=False,
                          env=clean, cwd=env["tmp"], timeout=120)


# ---------------------------------------------------------------- item 3: 80 columns


def test_piped_output_keeps_every_line_whole(env):
    p = _cli(env, "run", "what do I need to do? " + "and then some more words " * 6, "-w", str(env["ws"]),
             "--model", env["model"])
    assert p.returncode == 0, p.stderr
    energy = [line for line in p.stdout.splitlines() if line.startswith("energy ")]
    # One line from "energy" to the power mode: never "peak RSS 53 \nMiB" as an 80-column wrap made it.
    assert len(energy) == 1 and re.search(r"peak RSS \d+ MiB · device \S+, power mode \S+$", energy[0]), p.stdout
    run_id = p.stdout.split()[1]
    shown = _cli(env, "show", run_id)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert any(re.search(r"peak RSS \d+ MiB · device", line) for line in lines)
    assert any(line.startswith("task: what do I need to do? and then some") and line.rstrip().endswith("more words")
               for line in lines), shown.stdout
    # Piped, the step table has room: the observation column shows the note's words, not three letters.
    assert any("Buy milk Call Alice about the budget" in line for line in lines), shown.stdout


def test_show_stays_readable_at_80_columns_in_a_terminal(env):
    run_id = _run_id(env)
    r = invoke("show", run_id, env={"TTY_COMPATIBLE": "1", "COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    lines = ANSI.sub("", r.stdout).splitlines()
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    steps = [i for i, line in enumerate(lines) if re.match(r"\d+ edge ✓ ", line)]
    assert len(steps) == 3, "\n".join(lines)
    assert [b - a for a, b in itertools.pairwise(steps)] == [3, 3]  # three lines a step, never six
    read = lines[steps[0]: steps[0] + 3]
    assert read[0].startswith("0 edge ✓ read_file {\"path\": \"notes.md\"}")
    assert re.match(r"    \d+ prefilled, \d+ generated, [\d.]+ s, [\d.]+ J \(est\.\) · edge-only strategy$", read[1])
    # The observation gets the width of the line, not a 3-character column.
    assert read[2].startswith("    → Buy milk Call Alice about the budget and the quarterly numbers")


def test_show_on_a_wide_terminal_keeps_the_step_table(env):
    run_id = _run_id(env)
    r = invoke("show", run_id, env={"TTY_COMPATIBLE": "1", "COLUMNS": "200"})
    text = ANSI.sub("", r.stdout)
    assert "┃ # ┃ actor ┃ tool" in text and "observation" in text


# ---------------------------------------------------------------- item 5: --cloud checked first


HEAVY = ("edgeagent.export.exporter", "anthropic", "presidio_analyzer", "spacy", "onnxruntime_genai", "llama_cpp")


def _heavy_imports_and_exit(env, *args: str) -> subprocess.CompletedProcess:
    """The CLI in a fresh process; stdout: which HEAVY modules it had imported when it exited, and the exit code."""
    code = ("import sys\nfrom edgeagent.cli import cli\n"
            "try:\n    cli(sys.argv[1:])\nexcept SystemExit as e:\n    code = e.code\n"
            f"print([m for m in {HEAVY!r} if m in sys.modules], code)")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                          cwd=env["tmp"], check=False)


@pytest.mark.parametrize("target", ["bogus", "anthropic:", "ftp://host#m", "http://", "http://host:port#m",
                                    "http://host:99999"])
def test_malformed_cloud_target_is_refused_before_anything_loads(env, target):
    p = _heavy_imports_and_exit(env, "run", "x", "-w", str(env["ws"]), "--strategy", "advisor", "--cloud", target)
    assert p.stdout.strip() == "[] 2", (p.stdout, p.stderr)
    err = p.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: Invalid value for '--cloud': cloud target"), err
    assert not (env["home"] / "edgeagent.db").exists()  # no run row, no store opened


def test_a_malformed_target_in_config_is_refused_before_the_detectors_load(env):
    env["home"].mkdir()
    (env["home"] / "config.toml").write_text('[cloud]\ntarget = "bogus"\n')
    p = _heavy_imports_and_exit(env, "run", "x", "-w", str(env["ws"]), "--strategy", "advisor")
    assert p.stdout.strip() == "[] 2", (p.stdout, p.stderr)
    assert p.stderr.strip().startswith("error: cloud.target in config: cloud target 'bogus': use anthropic:MODEL")


def test_bench_cloud_words_pass_and_a_malformed_target_does_not(env):
    r = invoke("bench", "run", "--tasks", "no-such-task-*", "--cloud", "http://", "--json")
    assert r.exit_code == 2 and "Invalid value for '--cloud'" in r.stderr
    for ok in ("oracle", "reference", "local:qwen2.5-coder-1.5b", "http://127.0.0.1:8642#m"):
        r = invoke("bench", "run", "--tasks", "no-such-task-*", "--cloud", ok)
        assert r.exit_code == 2 and "no task id matches" in r.stderr, (ok, r.stderr)  # got past --cloud


def test_an_endpoint_without_model_asks_for_the_servers_default_and_help_says_so():
    assert parse_target("http://127.0.0.1:8642").model == "default"
    assert parse_target("http://127.0.0.1:8642/").base_url == "http://127.0.0.1:8642"
    assert parse_target("https://llm.example:443#claude-x").model == "claude-x"
    assert parse_target("anthropic:claude-haiku-4-5").is_anthropic
    help_text = " ".join(invoke("run", "--help").stdout.split())
    assert "http(s)://host:port[#MODEL] (no #MODEL: the server's default model)" in help_text
    with pytest.raises(BadInput, match="host:port\\[#MODEL\\]"):
        parse_target("127.0.0.1:8642")


# ---------------------------------------------------------------- item 6: --json errors


JSON_ERRORS = [
    (["run", "", "-w", "{ws}", "--json"], "TASK must not be empty"),
    (["run", "x", "--json"], "Missing option '--workspace'"),
    (["run", "x", "-w", "{ws}", "--cloud", "bogus", "--strategy", "advisor", "--json"], "cloud target 'bogus'"),
    (["resume", "nosuch", "--json"], "no run 'nosuch'"),
    (["undo", "nosuch", "--json"], "no run 'nosuch'"),
    (["runs", "--limit", "0", "--json"], "0 is not in the range"),
    (["show", "nosuch", "--json"], "no run 'nosuch'"),
    (["audit", "nosuch", "--json"], "no run 'nosuch'"),
    (["redact", "no-such-file", "--json"], "No such file or directory"),
    (["models", "list", "--json", "--bogus"], "No such option '--bogus'"),
    (["models", "verify", "nosuch", "--json"], "no prepared model 'nosuch'"),
    (["models", "recommend", "--device", "nosuch", "--json"], "nosuch: unknown device"),
    (["calibrate", "--json"], "Missing option '--strategy'"),
    (["bench", "validate", "no-such-folder", "--json"], "does not exist"),
    (["bench", "run", "--tasks", "nosuch-*", "--json"], "no task id matches"),
    (["bench", "regrade", "{ws}", "--json"], "no results.db there"),
    (["profile", "--contexts", "3", "--json"], "at least 16 tokens"),
    (["devices", "--json", "--bogus"], "No such option '--bogus'"),
]


@pytest.mark.parametrize("args, contains", JSON_ERRORS, ids=[" ".join(a[:2]) for a, _ in JSON_ERRORS])
def test_an_error_under_json_is_one_json_object_on_stdout_and_one_line_on_stderr(env, args, contains):
    r = invoke(*[a.format(ws=env["ws"]) for a in args])
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr, r.exception)
    [line] = r.stderr.strip().splitlines()
    assert line.startswith("error: ") and contains in line, line
    assert json.loads(r.stdout) == {"error": line.removeprefix("error: "), "code": 2}


def test_every_command_with_json_is_covered_above():
    with_json = {" ".join(path) for path, cmd in _commands() if any(p.name == "as_json" for p in cmd.params)}
    assert with_json == {" ".join(a[:2]) if a[0] in ("models", "bench") else a[0] for a, _ in JSON_ERRORS}


def test_without_json_an_error_prints_nothing_on_stdout(env):
    r = invoke("show", "nosuch")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.startswith("error: no run 'nosuch'")
    r = invoke("run", "--", "--json", "-w", env["ws"])  # after `--`, --json is the task's text
    assert r.exit_code == 2 and r.stdout == ""


def test_show_and_runs_json_give_settings_as_an_object(env):
    run_id = _run_id(env)
    shown = json.loads(invoke("show", run_id, "--json").stdout)
    settings = shown["run"]["settings"]
    assert isinstance(settings, dict) and settings["backend"]["name"] == "onnx" and "strategy" in settings
    [row] = json.loads(invoke("runs", "--json").stdout)
    assert row["id"] == run_id and row["settings"] == settings


def test_show_and_audit_json_give_placeholders_as_a_list(home, workspace, tmp_path, cloud):
    c = cloud(["Reply to <EMAIL_1>."])
    edge = write_script(tmp_path / "edge.json", [{"tool": "ask_cloud", "args": {"question": "Reply to a@b.example?"}},
                                                 {"tool": "finish", "args": {"answer": "done"}}])
    r = invoke("run", "t", "-w", workspace, "--model", edge, "--strategy", "advisor", "--cloud", c.target, "--json")
    run_id = json.loads(r.stdout)["run_id"]
    [audited] = json.loads(invoke("audit", run_id, "--json").stdout)["exports"]
    [shown] = json.loads(invoke("show", run_id, "--json").stdout)["exports"]
    assert audited["placeholders"] == shown["placeholders"] == ["<EMAIL_1>"]


# ---------------------------------------------------------------- item 9: help and messages


def _commands(cmd: click.Command = cli, path: tuple[str, ...] = ()):
    yield path, cmd
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def test_every_option_of_every_command_has_help_and_every_help_renders():
    for path, cmd in _commands():
        r = invoke(*path, "--help")
        assert r.exit_code == 0 and r.stdout.startswith("Usage: "), (path, r.output)
        missing = [p.opts for p in cmd.params if isinstance(p, click.Option) and not p.help]
        assert not missing, (path, missing)


def test_click_errors_and_edgeagent_errors_share_one_prefix(env):
    for path, cmd in _commands():
        r = invoke(*path, "--no-such-flag")
        assert r.exit_code == 2 and r.stderr.startswith("error: No such option '--no-such-flag'"), (path, r.stderr)
    r = invoke("run", "x", "-w", env["ws"], "--set", "strategy.handoff_n=many")
    assert r.stderr.strip().endswith("strategy.handoff_n must be an integer, not 'many'"), r.stderr


def test_devices_does_not_repeat_the_meter_name_at_the_end_of_its_line(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # tegrastats and macmon: not found, for real
    r = invoke("devices")
    meters = [line.strip() for line in r.stdout.splitlines() if line.startswith(("  ✗ ", "  ✓ "))]
    assert any(line.startswith("✗ macmon: macmon not found on PATH") for line in meters), r.stdout
    for line in meters:
        name = line.split()[1].rstrip(":")
        assert not line.endswith(f": {name}"), line


def test_serve_lists_each_prepared_model_once(monkeypatch):
    rows = [{"name": "smollm2-135m", "backend": b, "state": "ok"} for b in ("llamacpp", "mlx", "onnx")]
    rows.append({"name": "qwen2.5-coder-0.5b", "backend": "onnx", "state": "ok"})
    monkeypatch.setattr(serve.model_registry, "list_models", lambda: rows)
    assert serve.served_names("smollm2-135m") == ["smollm2-135m", "qwen2.5-coder-0.5b"]
    srv = make_server(lambda name: None, "smollm2-135m", model_names=lambda: serve.served_names("smollm2-135m"))
    threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        ids = [m["id"] for m in httpx.get(f"{srv.url}/v1/models").json()["data"]]
    finally:
        srv.shutdown()
        srv.server_close()
    assert ids == ["smollm2-135m", "qwen2.5-coder-0.5b"]


# ---------------------------------------------------------------- item 10: option bundles


def test_shared_options_come_from_one_declaration():
    seen: dict[str, list] = {"--json": [], "--model": [], "--backend": [], "--set": []}
    for path, cmd in _commands():
        for p in cmd.params:
            for opt, found in seen.items():
                if isinstance(p, click.Option) and opt in p.opts:
                    found.append((path, p))
    assert len(seen["--json"]) == 16 and len(seen["--model"]) == 5 and len(seen["--set"]) == 4
    assert all(p.help.startswith("Print ") and "as one JSON object" in p.help for _, p in seen["--json"])
    assert all(p.default == DEFAULT_MODEL for _, p in seen["--model"])
    assert {path for path, _ in seen["--backend"]} >= {("run",), ("serve",), ("bench", "run"), ("profile",)}
    for path, p in seen["--backend"]:
        if path != ("models", "prepare"):  # prepare names what to build, not what runs: no auto there
            assert list(p.type.choices)[: len(BACKEND_NAMES) + 1] == ["auto", *BACKEND_NAMES]
    assert all(p.multiple and p.metavar == "KEY=VALUE" for _, p in seen["--set"])
    for path, p in seen["--model"]:
        if path in (("run",), ("serve",), ("profile",), ("bench", "run")):
            assert p.help == cli_options.MODEL_HELP, path


def test_content_control_characters_are_shown_not_sent_to_the_terminal():
    """A workspace name or observation holding terminal escapes (title, OSC 52 clipboard, 8-bit CSI) prints them as
    text; the console's own colours still reach a real terminal."""
    import io

    from rich.table import Table

    from edgeagent.render import _Console

    buf = io.StringIO()
    con = _Console(file=buf, force_terminal=True, color_system="standard", width=120)
    table = Table("file")
    table.add_row("a\x1b]52;c;ZXZpbA==\x07b")
    con.print("[red]x[/] c\x9b31md\x1b[2J", table)
    text = buf.getvalue()
    assert "\x1b]52" not in text and "\x9b" not in text and "\x07" not in text and "\x1b[2J" not in text
    assert "a\\x1b]52;c;ZXZpbA==" in text and "c\\x9b31md" in text and "\x1b[31m" in text  # red, from rich
