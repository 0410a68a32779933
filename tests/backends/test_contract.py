"""The Backend contract, checked the same way on every installed real backend with the embedded SmolLM2-135M.

A backend whose package is installed must import and pass: one that fails to import (a broken build)
fails a test instead of dropping out of the list. EDGEAGENT_EXPECT_BACKENDS can name more that must be here.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import importlib.util
import json
import math
import os

import pytest

from edgeagent.agent import prompting
from edgeagent.agent.callformat import action_schema
from edgeagent.errors import BadInput
from edgeagent.models import prepared as models
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.tools.files import BUILTIN_TOOLS
from tests.conftest import SHARED_MODELS

# Tools with short string arguments: a 135M model may ramble to any grammar's limit, and the contract is about
# validity, streaming and reuse, not about how long a call may be.
TOOLS = {n: dataclasses.replace(t, params={k: {**v, "maxLength": 40} for k, v in t.params.items()})
         for n, t in BUILTIN_TOOLS.items()}
SCHEMA = action_schema(TOOLS)
KNOWN = ("onnx", "mlx", "llamacpp")


DISTRIBUTIONS = {"onnx": "onnxruntime-genai", "mlx": "mlx-lm", "llamacpp": "llama-cpp-python"}


def importable(backend: str) -> bool:
    try:  # a real import: a package whose native library is broken must not count as installed
        if backend == "onnx":
            import onnxruntime_genai  # noqa: F401
        elif backend == "llamacpp":
            import llama_cpp  # noqa: F401
        else:
            from edgeagent.backends.mlx import mlx_available

            return mlx_available() and importlib.util.find_spec("llguidance") is not None
    except Exception:  # noqa: BLE001 -- any failure to import means the backend is not usable here
        return False
    return True


def distributed(backend: str) -> bool:
    """The backend's package is installed (whether or not it imports)."""
    try:
        importlib.metadata.distribution(DISTRIBUTIONS[backend])
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


INSTALLED = [b for b in KNOWN if importable(b)]


def load(backend: str, model: str = SMOKE_MODEL):
    """A fresh load through models.load_backend, from the shared prepared models."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))
        return models.load_backend(model, backend=backend)


def assert_valid_action(text: str) -> dict:
    """`text` is one call that action_schema(TOOLS) admits."""
    action = json.loads(text)
    assert set(action) == {"tool", "args"} and action["tool"] in TOOLS, text
    params = TOOLS[action["tool"]].params
    assert set(action["args"]) == set(params), text
    for name, value in action["args"].items():
        assert isinstance(value, str) and len(value) <= params[name]["maxLength"], text
    return action


@pytest.fixture(scope="module", params=INSTALLED)
def backend(request, embedded_model):
    b = load(request.param)
    yield b
    b.close()


# ---- which backends are here (no model)

def test_expected_backends_are_installed():
    named = [b.strip() for b in os.environ.get("EDGEAGENT_EXPECT_BACKENDS", "onnx").split(",") if b.strip()]
    assert set(named) <= set(KNOWN), f"EDGEAGENT_EXPECT_BACKENDS names unknown backends: {named}"
    expected = sorted(set(named) | {b for b in KNOWN if distributed(b)})
    missing = [b for b in expected if b not in INSTALLED]
    assert not missing, f"expected backends that cannot be imported here: {missing}"


def test_mlx_without_mlx_lm_is_a_one_line_bad_input(monkeypatch):
    import edgeagent.backends.mlx as mlx_backend

    monkeypatch.setattr(mlx_backend, "mlx_available", lambda: False)
    with pytest.raises(BadInput, match=r"^the mlx backend needs mlx-lm: pip install 'edgeagent\[mlx\]'$"):
        models.load_backend(SMOKE_MODEL, backend="mlx")


def test_unknown_backend_is_bad_input():
    with pytest.raises(BadInput, match="unknown backend"):
        models.load_backend(SMOKE_MODEL, backend="tpu")


# ---- the contract, on the real model

@pytest.mark.model
def test_streams_text_and_reports_usage(backend):
    msgs = [{"role": "system", "content": "Reply with one JSON tool call."},
            {"role": "user", "content": "List the files in the workspace."}]
    backend.reset()
    chunks = list(backend.generate(msgs, constraint=SCHEMA, max_tokens=128))
    text, last = "".join(c.text for c in chunks), chunks[-1]
    assert len(chunks) > 2 and all(c.usage is None and c.finish_reason is None for c in chunks[:-1])
    assert last.finish_reason == "stop" and last.scores is None
    assert_valid_action(text)
    u = last.usage
    assert u.prompt_tokens == backend.count_tokens(backend.render(msgs)) and u.cached_tokens == 0
    assert 0 < sum(len(c.token_ids) for c in chunks) < u.completion_tokens <= 128  # EOS ends it, unstreamed
    assert 0 < u.prefill_s <= u.ttft_s and u.decode_s > 0 and u.prefill_tps > 0 and u.decode_tps > 0
    # The same prompt again: everything but the last prompt token comes from the cache.
    again, last2 = backend.complete(msgs, constraint=SCHEMA, max_tokens=128)
    assert last2.usage.cached_tokens == u.prompt_tokens - 1 and last2.usage.prefilled_tokens == 1
    # A cap mid-grammar ends with "length", and the next call still works.
    cut, capped = backend.complete(msgs, constraint=SCHEMA, max_tokens=3)
    assert capped.finish_reason == "length" and capped.usage.completion_tokens == 3 and again.startswith(cut)
    after, last4 = backend.complete(msgs, constraint=SCHEMA, max_tokens=128)
    assert last4.finish_reason == "stop" and assert_valid_action(after)


@pytest.mark.model
def test_constrained_tool_calls_are_always_valid(backend):
    tasks = ["List the files in the workspace.", "When is the quarterly review? Check notes.md.",
             "How many items are left in todo.md?", "Write 'hello' to hello.txt.", "What is 2 + 2?"]
    for task in tasks:
        text, last = backend.complete(prompting.messages(task, [], BUILTIN_TOOLS), constraint=SCHEMA, max_tokens=384)
        assert last.finish_reason == "stop", text
        assert_valid_action(text)


def synthetic_observation(action: dict, i: int) -> str:
    """A short, varied tool result, as the agent would append after running the call."""
    return {"list_dir": "notes.md\ntodo.md\nREADME.md", "finish": "error: not done yet, keep looking",
            "search": f"notes.md:{i + 3}: quarterly review on Thursday"}.get(
        action["tool"], f"line {i}: the budget owner is Dana; review moved to Friday {i}:00")


@pytest.mark.model
def test_kv_reuse_prefills_little_more_than_the_final_context(backend):
    task, steps, calls = "When is the quarterly review and who owns the budget? Check the notes.", [], []
    backend.reset()  # the first prompt counts in full, as on a cold start
    for i in range(10):
        msgs = prompting.messages(task, steps, BUILTIN_TOOLS)
        text, last = backend.complete(msgs, constraint=SCHEMA, max_tokens=160)
        calls.append(last)
        try:
            observation = synthetic_observation(json.loads(text), i)
        except ValueError:  # cut at max_tokens: the agent reports the bad call and goes on
            observation = "error: invalid tool call"
        steps.append({"actor": "edge", "output": text, "observation": observation})
    usages = [c.usage for c in calls]
    for prev, call, u in zip(calls, calls[1:], usages[1:]):
        if prev.finish_reason == "stop":  # the previous prompt and reply stay cached, bar the last token
            assert u.cached_tokens >= prev.usage.prompt_tokens + prev.usage.completion_tokens - 1
    final_context = usages[-1].prompt_tokens + usages[-1].completion_tokens
    prefilled = sum(u.prefilled_tokens for u in usages)
    ratio = prefilled / final_context
    print(f"{backend.name}: prefilled {prefilled} / final context {final_context} = {ratio:.3f}")
    assert ratio <= 1.2


@pytest.mark.model
def test_logprobs_are_scores_and_leave_greedy_output_unchanged(backend):
    msgs = prompting.messages("List the files in the workspace.", [], BUILTIN_TOOLS)
    backend.complete(msgs, constraint=SCHEMA, max_tokens=384)  # both calls below then reuse the same cache
    plain, a = backend.complete(msgs, constraint=SCHEMA, max_tokens=384)
    scored, b = backend.complete(msgs, constraint=SCHEMA, max_tokens=384, logprobs=True)
    assert plain == scored and a.scores is None
    assert b.finish_reason == "stop" and len(b.scores) == b.usage.completion_tokens - 1  # all but EOS
    for s in b.scores:
        assert math.isfinite(s.logprob) and s.logprob <= 0
        assert math.isfinite(s.entropy) and 0 <= s.entropy <= math.log(200_000)
    # Scores are the model's own distribution: the grammar forces tokens the model finds unlikely.
    assert min(s.logprob for s in b.scores) < math.log(0.9)


@pytest.mark.parametrize("name", INSTALLED)
@pytest.mark.model
def test_greedy_output_is_identical_across_fresh_loads(name, embedded_model):
    msgs = [{"role": "user", "content": "Name three colours."}]
    folder = models.onnx_dir if name == "onnx" else models.hf_dir
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))
        path = str(models.gguf_file(SMOKE_MODEL) if name == "llamacpp" else folder(SMOKE_MODEL))
    outs = []
    for model in (SMOKE_MODEL, path):  # by name, then by folder: the same weights either way
        b = load(name, model)
        outs.append(b.complete(msgs, max_tokens=24)[0])
        if name == "mlx":
            assert b.peak_memory_bytes() > 100e6  # at least the fp32 weights
        b.close()
    assert outs[0] and outs[0] == outs[1]
