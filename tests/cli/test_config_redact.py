"""The config file's validation and the `redact` preview, through the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.config import load_config


@pytest.mark.parametrize("text, expected", [
    ("[cloud\n", "not valid TOML"),
    ("[clouds]\ntarget = 'x'\n", "unknown section [clouds]"),
    ("[cloud]\nbudget = 1.0\n", "unknown field cloud.budget"),
    ("[cloud]\nbudget_usd = 'lots'\n", "cloud.budget_usd must be a number"),
    ("[cloud]\nmax_retries = true\n", "cloud.max_retries must be an integer"),
    ("[export]\nmode = 'loose'\n", "export.mode must be one of off, redact, strict"),
])
def test_bad_config_is_a_one_line_error_naming_the_field(home, workspace, text, expected):
    home.mkdir(parents=True)
    (home / "config.toml").write_text(text)
    r = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--model", "scripted:none.json"])
    assert r.exit_code == 2 and expected in r.stderr and "config.toml" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_config_values_are_typed_and_merged(home):
    home.mkdir(parents=True)
    (home / "config.toml").write_text("[cloud]\nbudget_usd = 2\ntarget = 'anthropic:claude-haiku-4-5'\n")
    cfg = load_config()
    assert cfg["cloud"]["budget_usd"] == 2.0 and cfg["cloud"]["max_retries"] == 2
    assert cfg["cloud"]["target"] == "anthropic:claude-haiku-4-5" and cfg["export"]["mode"] == "redact"


def test_anthropic_target_without_key_fails_before_a_run_exists(home, workspace, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    r = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--model", "scripted:x.json",
                                 "--cloud", "anthropic:claude-haiku-4-5"])
    assert r.exit_code == 2 and "ANTHROPIC_API_KEY" in r.stderr
    assert not (home / "edgeagent.db").exists() or "run " not in r.stdout
    r = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--cloud", "ftp://nope"])
    assert r.exit_code == 2 and "cloud target" in r.stderr


def test_redact_json_replaces_values_with_typed_placeholders(home):
    text = "Mail jo.bloggs@example.com or call +44 20 7946 0958; card 4111 1111 1111 1111.\n"
    r = CliRunner().invoke(cli, ["redact", "--json", "-"], input=text)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert "jo.bloggs@example.com" not in out["text"] and "4111 1111 1111 1111" not in out["text"]
    kinds = {p["kind"] for p in out["placeholders"]}
    assert {"EMAIL", "CREDIT_CARD"} <= kinds and not out["refused"]
    for p in out["placeholders"]:
        assert p["placeholder"] in out["text"]


def test_redact_strict_flags_a_declared_secret_in_another_spelling(home, tmp_path):
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("# codename\nPROJECT: Project Bluebird\n")
    r = CliRunner().invoke(cli, ["redact", "--mode", "strict", "--secrets", str(secrets), "--json", "-"],
                           input="Status of Project Bluebird, also known as project-blue-bird or drib-eulb-tcejorp.")
    out = json.loads(r.stdout)
    assert out["text"] == "Status of <PROJECT_1>, also known as <PROJECT_2> or drib-eulb-tcejorp."
    assert out["refused"] and out["residual"] == ["PROJECT"]  # reversed: only strict looks for it
    plain = CliRunner().invoke(cli, ["redact", "--mode", "strict", "--secrets", str(secrets), "-"],
                               input="Project Bluebird only.")
    assert plain.exit_code == 0 and "Bluebird" not in plain.stdout and "NOT be sent" not in plain.stderr
