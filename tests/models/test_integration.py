"""The real SmolLM2-135M through ONNX Runtime GenAI: constrained calls, KV reuse, rows in SQLite."""

from __future__ import annotations

import itertools
import json
import sqlite3

import numpy as np
import pytest
from click.testing import CliRunner

from edgeagent.agent.callformat import action_schema
from edgeagent.backends.onnx import OnnxGenAIBackend
from edgeagent.cli import cli
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.tools.files import BUILTIN_TOOLS
from tests.backends.test_contract import TOOLS as SHORT

pytestmark = pytest.mark.model


def test_multi_step_run_every_step_is_a_valid_tool_call(home, workspace, embedded_model):
    # A task in several parts, so even the 135M model takes more than one step.
    task = "First list the files, then read notes.md, then say when the quarterly review is."
    result = CliRunner().invoke(cli, ["run", task, "--workspace",
                                      str(workspace), "--max-steps", "5", "--json", "--model", SMOKE_MODEL])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["status"] in {"done", "max_steps"} and out["steps"] >= 2
    db = sqlite3.connect(home / "edgeagent.db")
    db.row_factory = sqlite3.Row
    steps = db.execute("select * from steps where run_id = ? order by idx", [out["run_id"]]).fetchall()
    calls = db.execute("select * from model_calls where run_id = ? order by id", [out["run_id"]]).fetchall()
    assert [s["idx"] for s in steps] == list(range(out["steps"]))
    assert len(calls) == len(steps)
    for s, c in zip(steps, calls):
        action = json.loads(c["output"])  # constrained decoding: always parseable
        assert action["tool"] in BUILTIN_TOOLS and s["tool"] == action["tool"]
        assert set(action["args"]) == set(BUILTIN_TOOLS[action["tool"]].params)
        assert c["side"] == "edge" and c["backend"] == "onnx" and c["completion_tokens"] > 0
        assert c["finish_reason"] == "stop" and c["decode_tps"] > 0 and c["ttft_s"] > 0
    # KV reuse: after the first step only the new tokens (observation + headers) are prefilled.
    assert calls[0]["cached_tokens"] == 0
    for prev, c in itertools.pairwise(calls):
        assert c["cached_tokens"] >= prev["prompt_tokens"] + prev["completion_tokens"] - 1
        assert c["prompt_tokens"] - c["cached_tokens"] < c["prompt_tokens"] / 2
    assert out["edge_tokens"] == sum(c["prompt_tokens"] - c["cached_tokens"] + c["completion_tokens"] for c in calls)


def test_backend_streams_usage_and_rewinds_on_divergence(embedded_model):
    b = OnnxGenAIBackend(embedded_model)
    schema = action_schema(SHORT)  # short arguments: a 135M model may otherwise ramble to the grammar's limit
    msgs = [{"role": "system", "content": "Reply with one JSON tool call."},
            {"role": "user", "content": "List the files in the workspace."}]
    chunks = list(b.generate(msgs, constraint=schema, max_tokens=256))
    text, last = "".join(c.text for c in chunks), chunks[-1]
    assert last.usage and last.finish_reason == "stop" and len(chunks) > 2
    assert json.loads(text)["tool"] in BUILTIN_TOOLS
    first = last.usage
    assert first.cached_tokens == 0 and first.prompt_tokens == len(b.encode_messages(msgs))
    # Same prompt again: all but the last prompt token is reused from the KV cache.
    again, last2 = b.complete(msgs, constraint=schema, max_tokens=256)
    assert json.loads(again)["tool"] in BUILTIN_TOOLS
    assert last2.usage.cached_tokens == first.prompt_tokens - 1 and last2.usage.prefilled_tokens == 1
    # Reuse is exact: a fresh generator fed the same tokens in the same two pieces gives the same reply.
    # (Prefill in one batch can differ in the last float bits, which flips near-tie argmaxes of a 135M model.)
    fresh = OnnxGenAIBackend(embedded_model)
    ids = fresh.encode_messages(msgs)
    fresh._fresh_generator()
    fresh._gen.append_tokens(np.asarray(ids[:-1], dtype=np.int32))
    fresh._held = ids[:-1]
    assert fresh.complete(msgs, constraint=schema, max_tokens=256)[0] == again
    # Greedy decoding is stable across two fresh loads.
    assert OnnxGenAIBackend(embedded_model).complete(msgs, constraint=schema, max_tokens=256)[0] == text
    # A diverging user message: the generator rewinds to the shared prefix only.
    other = msgs[:1] + [{"role": "user", "content": "Read the file todo.md."}]
    _, last3 = b.complete(other, constraint=schema, max_tokens=256)
    shared = b.count_tokens(b.render(msgs[:1], add_generation_prompt=False))
    assert shared <= last3.usage.cached_tokens < first.prompt_tokens
    b.close()
