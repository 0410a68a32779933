"""The export layer's defaults: redact for every strategy, declared secrets replaced even in mode off, and every
payload normalised before detection. End to end through the real exporter, the anthropic SDK and a local server."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.agent.launch import choose_export_mode
from edgeagent.agent.strategies import STRATEGIES, get_strategy
from edgeagent.cli import cli
from edgeagent.config import load_config
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector
from edgeagent.export.normalize import normalize
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize
from tests.conftest import query, write_script

EMAIL = "alice.kowalski@example.org"
SECRET = "Project Bluebird"


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors())


def run_cli(tmp_path: Path, workspace: Path, *args: str, task: str):
    script = write_script(tmp_path / "edge.json", [{"tool": "finish", "args": {"answer": "edge"}}] * 4)
    return CliRunner().invoke(cli, ["run", task, "--workspace", str(workspace), "--model", script, "--json", *args])


def sent(home: Path, run_id: str) -> list[tuple[str, str]]:
    return query(home / "edgeagent.db", "select mode, payload from exports where run_id = ? order by id", [run_id])


# ---------------------------------------------------------------- 12: redact by default, off asked for and shown


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_defaults_to_redact(home, name):
    assert choose_export_mode(None, {}, load_config(), get_strategy(name)) == "redact"


def test_cloud_strategy_redacts_unless_off_is_asked_for(home, workspace, tmp_path, cloud):
    c = cloud([{"tool": "finish", "args": {"answer": "ok"}}] * 2)
    r = run_cli(tmp_path, workspace, "--strategy", "cloud", "--cloud", c.target, task=f"mail {EMAIL}")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["export_mode"] == "redact" and "export mode off" not in r.stderr
    assert EMAIL not in json.dumps(c.seen) and [m for m, _ in sent(home, out["run_id"])] == ["redact"]


def test_off_is_printed_and_still_never_sends_declared_secrets(home, workspace, tmp_path, cloud):
    # The cloud writes the secret's placeholder to a file: the reply is restored to the real value locally.
    c = cloud([{"tool": "write_file", "args": {"path": "codename.txt", "content": "<SECRET_1>"}},
               {"tool": "finish", "args": {"answer": "wrote <SECRET_1>"}}])
    secrets = tmp_path / "secrets.txt"
    secrets.write_text(f"{SECRET}\n")
    r = run_cli(tmp_path, workspace, "--strategy", "cloud", "--cloud", c.target, "--export-mode", "off",
                "--secrets", str(secrets), task=f"save the codename {SECRET} for {EMAIL}")
    assert r.exit_code == 0, (r.output, r.exception)
    out = json.loads(r.stdout)
    assert r.stderr.startswith("warning: export mode off:") and out["export_mode"] == "off"
    seen = json.dumps(c.seen)  # what the server received from the anthropic SDK
    assert "bluebird" not in seen.lower() and "<SECRET_1>" in seen
    assert EMAIL in seen  # off sends everything else as it is
    assert (workspace / "codename.txt").read_text() == SECRET and out["answer"] == f"wrote {SECRET}"
    assert [m for m, _ in sent(home, out["run_id"])] == ["off", "off"]


def test_sanitize_off_replaces_only_declared_secrets():
    dets = [DeclaredSecrets([SECRET]), *detectors()]
    registry = PlaceholderRegistry()
    result = sanitize(f"{SECRET} for {EMAIL}", "off", dets, registry)
    assert result.text == f"<SECRET_1> for {EMAIL}" and result.placeholders == ["<SECRET_1>"]
    assert {s.kind for s in result.spans} == {"SECRET", "EMAIL"}
    assert registry.restore(result.text) == f"{SECRET} for {EMAIL}"


# ---------------------------------------------------------------- 13: normalised before detection

HIDDEN = {
    "zero-width in an e-mail": ("alice\u200b.kowalski@exam\u200dple.org", "EMAIL"),
    "soft hyphen in an e-mail": ("alice.kow\u00adalski@example.org", "EMAIL"),
    "zero-width in a card": ("5555\u200b5555\u200b5555\u200b4444", "CREDIT_CARD"),
    "fullwidth card": ("\uff15" * 4 + " " + "\uff15" * 4 + " " + "\uff15" * 4 + " " + "\uff14" * 4, "CREDIT_CARD"),
    "dotted card": ("5555.5555.5555.4444", "CREDIT_CARD"),
    "slashed card": ("4111/1111/1111/1111", "CREDIT_CARD"),
    "soft hyphen in a phone": ("+1 212 555\u00ad0199", "PHONE"),
    "non-breaking hyphen in a phone": ("+1 (212) 555\u20110199", "PHONE"),
    "Arabic-Indic digits in a phone": ("+1 212 \u0665\u0665\u0665 \u0660\u0661\u0669\u0669", "PHONE"),
    "zero-width in an SSN": ("536\u200b-22-\u200b8714", "SSN"),
    "fullwidth SSN": ("\uff15\uff13\uff16-\uff12\uff12-\uff18\uff17\uff11\uff14", "SSN"),
}


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("case", sorted(HIDDEN))
def test_hidden_characters_do_not_hide_a_value(case, mode):
    value, kind = HIDDEN[case]
    registry = PlaceholderRegistry()
    result = sanitize(f"note: {value} (keep)", mode, detectors(), registry)
    assert result.text == f"note: <{kind}_1> (keep)" and not result.refused
    assert registry.restore(result.text) == f"note: {normalize(value)} (keep)"  # the value as it was checked


def test_normalize_keeps_ascii_and_drops_format_characters():
    text = 'plain "ascii" text\t{"k": [1, 2]}\n'
    assert normalize(text) is text
    assert normalize("a\u200bb\u00adc\u2060d\ufeffe\U000e0041f") == "abcdef"  # tags (E0041) smuggle text too
    assert normalize("\uff21\ufb01 \u2460") == "Afi 1" and normalize("1914\u20131918 \u2014 ok") == "1914-1918 \u2014 ok"


def test_exported_payload_is_the_normalised_text(home, workspace, tmp_path, cloud):
    c = cloud([{"tool": "finish", "args": {"answer": "ok"}}] * 2)
    task = "pay with 5555.5555.5555.4444, write to alice\u200b.kowalski@example.org"
    r = run_cli(tmp_path, workspace, "--strategy", "cloud", "--cloud", c.target, "--export-mode", "strict",
                task=task)
    assert r.exit_code == 0, (r.output, r.exception)
    ((mode, payload),) = sent(home, json.loads(r.stdout)["run_id"])
    seen = json.dumps(c.seen, ensure_ascii=False)
    assert "5555" not in seen and "kowalski" not in seen and "\u200b" not in seen
    assert "<CREDIT_CARD_1>" in seen and "<EMAIL_1>" in seen and "<CREDIT_CARD_1>" in payload and mode == "strict"


def test_resuming_a_run_in_mode_off_prints_it_again(home, workspace, tmp_path, cloud, crash):
    c = cloud([{"tool": "list_dir", "args": {"path": "."}}, {"tool": "finish", "args": {"answer": "ok"}}])
    crash.at(1)
    r = run_cli(tmp_path, workspace, "--strategy", "cloud", "--cloud", c.target, "--export-mode", "off", task="tidy")
    assert r.exit_code != 0 and "export mode off" in r.stderr
    r = CliRunner().invoke(cli, ["resume", crash.heal(), "--json"])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("warning: export mode off:") and json.loads(r.stdout)["export_mode"] == "off"
