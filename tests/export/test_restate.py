"""`private` export mode: the request restated by the edge model, checked for faithfulness, then redacted."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.backends.base import Sampling
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.cli import cli
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.exporter import Exporter
from edgeagent.export.restate import EXAMPLES, Restater, cleaned, faithful
from tests.conftest import query, write_script

TEXT = "Ask Priya Raman at Halden Bank whether my transfer of 420 EUR to Oslo went through."
RESTATED = "Ask [person] at [bank] whether my transfer of 420 EUR to [town] went through."


def _restater(reply: str) -> tuple[Restater, ScriptedBackend]:
    # Each call shows the examples as earlier turns, so the script's reply is the one after them.
    backend = ScriptedBackend(["(example)"] * len(EXAMPLES) + [reply])
    return Restater(backend), backend


@pytest.mark.parametrize("restated,ok", [
    (RESTATED, True),
    ("Pregunta a [person] en [bank] si mi transferencia de 420 EUR a [town] se hizo.", False),  # translated
    ("Yes, the transfer went through yesterday and the money is in your account now.", False),  # answered
    ("Ask about a transfer.", False),  # most of the request dropped
    (RESTATED + " " + "It is a very long story. " * 40, False),  # rambled
    ("", False),
])
def test_a_restatement_is_used_only_when_it_is_the_text_with_parts_replaced(restated, ok):
    assert faithful(TEXT, restated) is ok


@pytest.mark.parametrize("text,restated,ok", [
    ("Do the March close for Acme.", "Do the [month] close for [company].", False),
    ("Do the March close for Acme.", "do the march close for [company].", True),  # a month in any case
    ("Save it as reports/q1.csv for Dana.", "Save it as reports/Q1.csv for [person].", False),  # another file
    ("Save it as reports/q1.csv for Dana.", "Save it as reports/q1.csv for [person].", True),
    ("Update notes.md before Friday, Dana.", "Update [file] before Friday, [person].", False),
    ("Write the 2.4.0 release notes, Dana.", "Write the [number] release notes, [person].", False),
    ("Summarise Q1 2026 for Dana at Acme.", "Summarise Q1 [year] for [person] at [company].", False),
    ("Ask Dana about https://wiki.acme.example/ops/run.md today.", "Ask [person] about [url] today.", True),
])
def test_a_restatement_keeps_what_the_request_turns_on(text, restated, ok):
    assert faithful(text, restated) is ok


def test_wrapping_a_small_model_adds_is_taken_off():
    assert cleaned("<message>\nAsk [person].\n</message>") == "Ask [person]."
    assert cleaned('Rewritten request: "Ask [person]."') == "Ask [person]."


def test_the_model_restates_and_a_reply_that_is_not_faithful_gives_the_text_back():
    restate, backend = _restater(RESTATED)
    assert restate(TEXT) == RESTATED
    sent = backend.call_kwargs[0]
    assert sent["max_tokens"] <= 1024
    answered, _ = _restater("The transfer went through.")
    assert answered(TEXT) == TEXT  # the detectors still read it, as in redact


def test_the_request_is_restated_once_and_text_without_letters_not_at_all():
    restate, backend = _restater(RESTATED)
    assert restate(TEXT) == restate(TEXT) == RESTATED
    assert restate("2026-01-05 10:00") == "2026-01-05 10:00"
    assert len(backend.call_kwargs) == 1


def test_restating_is_greedy_and_leaves_the_runs_random_stream_where_it_was():
    restate, backend = _restater(RESTATED)
    backend.set_sampling(Sampling(temperature=0.7, seed=5))
    sampler = backend.sampler
    draws_before = sampler._rng.bit_generator.state
    seen = []
    real = backend.generate

    def spy(messages, **kw):
        seen.append(backend.sampling)
        return real(messages, **kw)

    backend.generate = spy
    restate(TEXT)
    assert seen == [Sampling()]  # greedy inside
    assert backend.sampling == Sampling(temperature=0.7, seed=5) and backend.sampler is sampler
    assert sampler._rng.bit_generator.state == draws_before


def test_private_mode_redacts_the_restatement():
    ex = Exporter(None, "", None, mode="private", detectors=default_detectors(None))
    ex.restate, _ = _restater("Ask [person] at [bank] whether my transfer of 420 EUR to [town] went through; "
                              "mail me at priya.raman@example.org.")
    result, refusals = ex.preview(TEXT + " Mail me at priya.raman@example.org.")
    assert "[person]" in result.text and "<EMAIL_1>" in result.text and "priya.raman" not in result.text
    assert refusals == [] and ex.sanitize_mode == "redact"


def test_a_real_model_restates_or_gives_the_text_back(embedded_model):
    from edgeagent.models import prepared as models
    from edgeagent.models.catalog import SMOKE_MODEL

    backend = models.load_backend(SMOKE_MODEL, backend="onnx")
    try:
        out = Restater(backend)(TEXT)
    finally:
        backend.close()
    assert out == TEXT or faithful(TEXT, out)


def test_a_private_run_sends_the_restated_request_and_records_the_mode(home, workspace, tmp_path, cloud):
    c = cloud(["Check the bank's transfer status page first."])
    # The edge asks the cloud at step 0; restating is the edge model's next reply (after the examples' turns).
    edge = write_script(tmp_path / "edge.json", [
        {"tool": "ask_cloud", "args": {"question": "Where do I look first?"}},
        {"tool": "finish", "args": {"answer": "done"}},
        RESTATED])
    r = CliRunner().invoke(cli, ["run", TEXT, "--workspace", str(workspace), "--model", edge, "--strategy",
                                 "advisor", "--cloud", c.target, "--export-mode", "private", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    payload, mode = query(home / "edgeagent.db", "select payload, mode from exports where run_id = ?",
                          [out["run_id"]])[0]
    assert mode == "private" and "Task: " + RESTATED in payload
    assert "Priya" not in json.dumps(c.seen) and "Halden" not in json.dumps(c.seen) and "420 EUR" in payload


def test_redact_previews_private_mode_with_the_configured_model(home, tmp_path):
    script = write_script(tmp_path / "restate.json", ["(example)"] * len(EXAMPLES) + [RESTATED])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(f'[export]\nrestate_model = "{script}"\n')
    r = CliRunner().invoke(cli, ["redact", "--mode", "private", "--json", "-"], input=TEXT)
    assert r.exit_code == 0, r.output
    answer = json.loads(r.stdout)
    assert answer["mode"] == "private" and "Priya" not in answer["text"] and "[bank]" in answer["text"]
