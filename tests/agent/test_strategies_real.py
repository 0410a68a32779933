"""Every strategy end to end on the real SmolLM2-135M edge model, with a scripted cloud behind real HTTP.

The edge's choices (and so its uncertainty) are the real model's; each test checks the strategy's defining
property from the rows the run stored, whatever the small model happened to do."""

from __future__ import annotations

import json
import math
import sqlite3

import numpy as np
import pytest
from click.testing import CliRunner

from edgeagent.agent.callformat import action_schema
from edgeagent.backends.onnx import OnnxGenAIBackend
from edgeagent.cli import cli
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.tools.files import BUILTIN_TOOLS

pytestmark = pytest.mark.model

TASK = "Who owns the budget spreadsheet, according to notes.md?"
CLOUD = [{"tool": "read_file", "args": {"path": "notes.md"}}, {"tool": "list_dir", "args": {"path": "."}},
         {"tool": "finish", "args": {"answer": "Priya owns the budget spreadsheet."}}] * 3


def run_real(home, workspace, strategy: str, cloud_target: str | None, *extra: str) -> tuple[dict, sqlite3.Connection]:
    args = ["run", TASK, "--workspace", str(workspace), "--strategy", strategy, "--max-steps", "4", "--json",
            "--model", SMOKE_MODEL, *extra]
    if cloud_target:
        args += ["--cloud", cloud_target]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, (r.output, r.exception)
    db = sqlite3.connect(home / "edgeagent.db")
    db.row_factory = sqlite3.Row
    return json.loads(r.stdout), db


def rows(db, sql: str, run_id: str) -> list[sqlite3.Row]:
    return db.execute(sql, [run_id]).fetchall()


def test_every_strategy_runs_on_the_real_model(home, workspace, embedded_model, cloud):
    c = cloud(CLOUD)
    seen: dict[str, dict] = {}
    for strategy, extra in [("edge", ()), ("cloud", ()), ("sketch", ()), ("task-router", ()),
                            ("step-router", ("--set", "strategy.step_router_tau=1.0")), ("advisor", ()),
                            ("handoff", ("--set", "strategy.handoff_n=2", "--set", "strategy.handoff_k=1"))]:
        out, db = run_real(home, workspace, strategy, None if strategy == "edge" else c.target, *extra)
        rid = out["run_id"]
        steps = rows(db, "select * from steps where run_id = ? order by idx", rid)
        exports = rows(db, "select * from exports where run_id = ? order by id", rid)
        edge = rows(db, "select * from model_calls where run_id = ? and side = 'edge' order by id", rid)
        assert steps and all(s["reason"] and s["actor"] in ("edge", "cloud") for s in steps), strategy
        seen[strategy] = {"steps": len(steps), "cloud_steps": sum(s["actor"] == "cloud" for s in steps),
                          "exports": len(exports)}
        if strategy == "edge":
            assert exports == [] and all(s["actor"] == "edge" for s in steps)
        elif strategy == "cloud":
            assert edge == [] and all(s["actor"] == "cloud" for s in steps)
            assert [e["step_idx"] for e in exports] == [s["idx"] for s in steps]
        elif strategy == "sketch":
            assert [(e["purpose"], e["step_idx"]) for e in exports] == [("plan", 0)]
            assert TASK in exports[0]["payload"] and "Team notes" not in exports[0]["payload"]
            assert all(s["actor"] == "edge" for s in steps)
        elif strategy == "task-router":
            route = json.loads(db.execute("select route from runs where id = ?", [rid]).fetchone()[0])
            probe = edge[0]
            assert probe["step_idx"] == 0 and probe["first_entropy"] is not None
            tokens = OnnxGenAIBackend(embedded_model).count_tokens(TASK)
            assert route["score"] == pytest.approx(probe["first_entropy"] + 0.25 * math.log2(1 + tokens / 32))
            assert all(s["actor"] == route["actor"] for s in steps)
            assert (route["actor"] == "cloud") == (route["score"] > route["threshold"])
        elif strategy == "step-router":
            scores = {e["step_idx"]: e["first_entropy"] for e in edge}
            assert len(scores) == len(steps) and all(v is not None and v >= 0 for v in scores.values())
            assert [s["idx"] for s in steps if s["actor"] == "cloud"] == [i for i, v in scores.items() if v > 1.0]
            assert [e["step_idx"] for e in exports] == [s["idx"] for s in steps if s["actor"] == "cloud"]
        elif strategy == "advisor":
            asked = [s["idx"] for s in steps if s["tool"] == "ask_cloud"]
            assert [e["step_idx"] for e in exports] == asked and all(e["purpose"] == "advice" for e in exports)
        elif strategy == "handoff":
            streak = 0
            for s in steps:
                streak = streak + 1 if s["actor"] == "cloud" else 0
                assert streak <= 1
            cloud_steps = [s for s in steps if s["actor"] == "cloud"]
            assert all(s["reason"].startswith("handoff after") for s in cloud_steps)
    assert seen["edge"]["exports"] == 0 and seen["cloud"]["cloud_steps"] == seen["cloud"]["steps"]


def test_onnx_logprobs_are_the_models_own_and_do_not_change_the_output(embedded_model):
    backend = OnnxGenAIBackend(embedded_model)
    chat = [{"role": "user", "content": "Read notes.md and tell me who owns the budget."}]
    schema = action_schema(BUILTIN_TOOLS)
    plain, last_plain = backend.complete(chat, constraint=schema, max_tokens=64)
    backend.reset()
    scored, last = backend.complete(chat, constraint=schema, max_tokens=64, logprobs=True)
    assert scored == plain and last_plain.scores is None
    s = last.scores
    assert s and "".join(t.text for t in s) == scored
    assert all(t.logprob <= 0 and 0 <= t.entropy <= math.log(49152) + 1e-6 for t in s)
    # The first token's score matches a softmax over the logits a bare generator computes for the same prompt.
    og = backend._og
    params = og.GeneratorParams(backend._model)
    params.set_search_options(max_length=backend.context_length, do_sample=False)
    gen = og.Generator(backend._model, params)
    gen.append_tokens(np.asarray(backend.encode_messages(chat), dtype=np.int32))
    logits = gen.get_logits().reshape(-1).astype(np.float64)
    logp = logits - logits.max() - np.log(np.exp(logits - logits.max()).sum())
    first = backend._tok.encode(s[0].text)[-1] if s[0].text else None
    assert first is not None and s[0].logprob == pytest.approx(float(logp[first]), abs=1e-4)
    assert s[0].entropy == pytest.approx(float(-(np.exp(logp) * logp).sum()), abs=1e-4)
