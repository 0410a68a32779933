"""bench/fidelity.py on the real SmolLM2: its prepared int4 ONNX model against llama.cpp on the GGUF it came from."""

from __future__ import annotations

import json

import pytest

from edgeagent.bench import fidelity
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import SHARED_MODELS


def test_texts_come_from_dev_tasks_only():
    from edgeagent.bench.plan import shipped_tasks
    from edgeagent.bench.task import load_tasks

    texts = fidelity.dev_texts(3)
    tasks = load_tasks([shipped_tasks()])
    dev = [t.prompt for t in tasks if t.split == "dev"][:3]
    assert len(texts) == 3 and all(prompt in text for prompt, text in zip(dev, texts))
    assert not any(t.prompt in "".join(texts) for t in tasks if t.split == "test")


@pytest.mark.model
def test_the_prepared_smollm2_follows_its_gguf_and_a_bad_folder_is_one_line(embedded_model, capsys):
    pytest.importorskip("llama_cpp")
    gguf = next((SHARED_MODELS / SMOKE_MODEL / "gguf").glob("*.gguf"))
    fidelity.main([str(embedded_model), "--gguf", str(gguf), "--texts", "1", "--tokens", "80", "--json"])
    r = json.loads(capsys.readouterr().out.strip())
    assert r["positions"] == 80 - fidelity.SKIP
    # int4 of int4 on a 135M model: most next tokens still agree, and the distributions stay close
    assert 0.6 <= r["top1_agreement"] <= 1.0 and 0.0 <= r["kl_mean"] < 0.5, r
    with pytest.raises(SystemExit, match="not an ORT GenAI model folder"):
        fidelity.main([str(embedded_model.parent), "--gguf", str(gguf)])
