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
