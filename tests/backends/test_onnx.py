"""ORT GenAI's session as the runtime sets it up: every physical core (not ORT GenAI's one thread) and a KV
cache as long as the run's context, not the model's 32,768; a prompt past it is one clear error (marker `model`)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from edgeagent.backends.onnx import OnnxGenAIBackend
from edgeagent.cli import cli
from edgeagent.errors import EdgeAgentError
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import query

pytestmark = pytest.mark.model

THREADS_SEEN = """
import json, sys, psutil
from edgeagent.backends.onnx import OnnxGenAIBackend
b = OnnxGenAIBackend(sys.argv[1], threads=int(sys.argv[2]), context_tokens=256)
b.complete([{"role": "user", "content": "Say hi."}], max_tokens=2)
print(psutil.Process().num_threads())
"""


def _threads(folder, n: int) -> int:
    out = subprocess.run([sys.executable, "-c", THREADS_SEEN, str(folder), str(n)], capture_output=True, text=True,
                         timeout=300, check=True)
    return int(out.stdout.strip().splitlines()[-1])


def test_the_thread_count_reaches_onnx_runtime(embedded_model):
    # ORT's intra-op pool runs n - 1 threads beside the caller's: asking for 3 instead of 1 adds two.
    assert _threads(embedded_model, 3) - _threads(embedded_model, 1) == 2


def test_the_kv_cache_is_as_long_as_asked_and_a_longer_prompt_is_one_clear_error(embedded_model):
    model_max = json.loads((embedded_model / "genai_config.json").read_text())["search"]["max_length"]
    assert OnnxGenAIBackend(embedded_model).context_length == model_max  # nothing asked: the model's own
    b = OnnxGenAIBackend(embedded_model, context_tokens=300)
    assert b.context_length == 300
    _, last = b.complete([{"role": "user", "content": "Say hi."}], max_tokens=4)
    assert last.usage.completion_tokens > 0
    with pytest.raises(EdgeAgentError, match=r"context full: the prompt is \d+ tokens and the model was loaded "
                                             r"for 300; .*backend\.context_tokens"):
        b.complete([{"role": "user", "content": "word " * 400}], max_tokens=4)
    assert OnnxGenAIBackend(embedded_model, context_tokens=10**6).context_length == model_max  # never past it


def test_a_run_that_outgrows_its_context_ends_with_the_reason(home, workspace, embedded_model):
    task = "Which of these words comes first in notes.md? " + "lantern " * 600  # alone past 512 tokens
    r = CliRunner().invoke(cli, ["run", task, "-w", str(workspace), "--backend", "onnx",
                                 "--model", SMOKE_MODEL, "--set", "backend.context_tokens=512", "--json"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["status"] == "error" and "context full" in out["error"] and "backend.context_tokens" in out["error"]
    (error,) = query(home / "edgeagent.db", "select error from runs")[0]
    assert error == out["error"]


def test_grammar_vocabulary_from_token_bytes_is_the_one_llguidance_loads_itself(embedded_model):
    import llguidance

    from edgeagent.backends.grammar_tokens import byte_level_tokens, lltokenizer

    b = OnnxGenAIBackend(embedded_model, context_tokens=256)
    n = len(json.loads((embedded_model / "tokenizer.json").read_text())["model"]["vocab"])
    path = embedded_model / "tokenizer.json"
    ours, theirs = lltokenizer(path, n, sorted(b._eos), b._encode), llguidance.LLTokenizer(str(path), n_vocab=n)
    assert byte_level_tokens(path, n) is not None  # SmolLM2 is byte-level BPE: the lean path is the one tested
    differ = [i for i in range(n) if ours.decode_bytes([i]) != theirs.decode_bytes([i])
              or ours.is_special_token(i) != theirs.is_special_token(i)]
    assert differ == []
    for text in ["Report: é ü 中文 {\"a\": 1}\n\tend", "  two spaces", "<|im_start|>user"]:
        assert ours.tokenize_str(text) == theirs.tokenize_str(text)


def test_a_tokenizer_that_is_not_byte_level_is_left_to_llguidance(tmp_path):
    from edgeagent.backends.grammar_tokens import byte_level_tokens

    spm = {"model": {"type": "BPE", "vocab": {"▁a": 0}, "byte_fallback": True}, "decoder": {"type": "Sequence"}}
    (tmp_path / "tokenizer.json").write_text(json.dumps(spm))
    assert byte_level_tokens(tmp_path / "tokenizer.json", 1) is None


def test_a_prompt_appended_in_chunks_continues_as_one_appended_whole(embedded_model, monkeypatch):
    import edgeagent.backends.onnx as onnx_backend

    chat = [{"role": "user", "content": "List the planets of the solar system in order, with one fact each. " * 6}]
    whole = OnnxGenAIBackend(embedded_model, context_tokens=1024)
    assert len(whole.encode_messages(chat)) > 3 * 16  # several chunks below
    text_whole, _ = whole.complete(chat, max_tokens=24)
    monkeypatch.setattr(onnx_backend, "PREFILL_CHUNK", 16)
    chunked = OnnxGenAIBackend(embedded_model, context_tokens=1024)
    text_chunked, last = chunked.complete(chat, max_tokens=24)
    assert last.usage.prompt_tokens == len(chunked.encode_messages(chat))
    assert text_chunked == text_whole
