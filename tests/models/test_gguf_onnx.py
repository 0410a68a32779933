"""GGUF → int4 ONNX written tensor by tensor (models/gguf_onnx.py): the int4 blocks, the shapes it accepts,
and the real SmolLM2 GGUF converted and run on ORT GenAI against transformers' fp32 reading of the same file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from edgeagent.models import prepared as models
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.models.gguf_onnx import BLOCK, Shape, quantize_int4, read_shape, rope_caches
from edgeagent.models.manifest import write_manifest
from tests.conftest import SHARED_MODELS


def dequantize(packed: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """What MatMulNBits computes from a block without zero points: (code - 8) × scale, low nibble first."""
    codes = np.stack([packed & 0x0F, packed >> 4], axis=-1).reshape(*packed.shape[:-1], -1).astype(np.float32)
    return ((codes - 8) * scales[..., None]).reshape(packed.shape[0], -1)


def test_int4_blocks_round_to_the_nearest_step_and_keep_each_blocks_peak():
    rng = np.random.default_rng(7)
    w = rng.normal(size=(64, 4 * BLOCK)).astype(np.float32) * rng.uniform(0.01, 3, size=(64, 1)).astype(np.float32)
    w[3, :BLOCK] = 0.0  # an all-zero block must stay zero, not divide by zero
    packed, scales = quantize_int4(w)
    assert packed.shape == (64, 4, BLOCK // 2) and packed.dtype == np.uint8 and scales.shape == (64, 4)
    back = dequantize(packed, scales)
    step = np.abs(np.repeat(scales, BLOCK, axis=1))
    err = np.abs(back - w)
    # Round to nearest within each block's step; codes run -8..7, so a value opposite the peak may clip by a step.
    assert np.all(err <= step + 1e-6) and np.mean(err <= step / 2 + 1e-6) > 0.97
    blocks = w.reshape(64, 4, BLOCK)
    peaks = np.take_along_axis(blocks, np.abs(blocks).argmax(-1)[..., None], -1)[..., 0]
    assert np.allclose(np.take_along_axis(back.reshape(64, 4, BLOCK), np.abs(blocks).argmax(-1)[..., None], -1)[..., 0],
                       peaks)  # the largest magnitude maps to code -8 exactly
    assert np.all(back[3, :BLOCK] == 0)


def test_rope_caches_are_the_rotary_angles():
    s = Shape("qwen2", 1, 8, 2, 1, 4, 16, 10, context=16, eps=1e-6, rope_theta=10000.0)
    cos, sin = rope_caches(s)
    assert cos.shape == sin.shape == (16, 2)
    assert np.allclose(cos[0], 1) and np.allclose(sin[0], 0)
    assert np.isclose(cos[3, 1], np.cos(3 / 10000 ** (2 / 4)))


def _fields(**over) -> dict:
    base = {"general.architecture": "qwen2", "qwen2.attention.head_count": 12, "qwen2.attention.head_count_kv": 2,
            "qwen2.embedding_length": 1536, "qwen2.block_count": 28, "qwen2.feed_forward_length": 8960,
            "qwen2.context_length": 32768, "qwen2.attention.layer_norm_rms_epsilon": 1e-6,
            "qwen2.rope.freq_base": 1e6, "tokenizer.ggml.tokens": list(range(151936))}
    return {**base, **over}


def test_shapes_it_can_not_write_are_refused_by_name():
    s = read_shape(_fields())
    assert (s.layers, s.heads, s.kv_heads, s.head, s.vocab) == (28, 12, 2, 128, 151936)
    with pytest.raises(ValueError, match="phi3"):
        read_shape(_fields(**{"general.architecture": "phi3"}))
    with pytest.raises(ValueError, match="rope scaling"):
        read_shape(_fields(**{"qwen2.rope.scaling.type": "yarn"}))


def test_only_a_folder_of_todays_conversion_counts_as_prepared(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    for folder in (old, new):
        folder.mkdir()
        (folder / "model.onnx").write_bytes(b"x")
    write_manifest(old, name="m", backend="onnx")  # what an older release recorded: no conversion
    write_manifest(new, name="m", backend="onnx", conversion=models.CONVERSION)
    assert not models._current(old) and models._current(new)
    assert not models._current(tmp_path / "missing")


PROMPTS = ["Name three colours of the rainbow.", "Write a Python function that adds two numbers.",
           "When is the quarterly review? The notes say Friday at 10:00 in room B."]


def _agreement(og, folder: Path, ref, torch, steps: int = 16) -> tuple[int, float]:
    """Next-token agreement with the fp32 reference along its own greedy continuations, and the median correlation
    of the two models' logits."""
    model = og.Model(str(folder))
    tok = og.Tokenizer(model)
    agree, corrs = 0, []
    for prompt in PROMPTS:
        ids = list(tok.encode(f"<|im_start|>user\n{prompt}<|im_end|>\n<|im_start|>assistant\n"))
        params = og.GeneratorParams(model)
        params.set_search_options(max_length=256, do_sample=False)
        gen = og.Generator(model, params)
        gen.append_tokens(np.asarray(ids, dtype=np.int32))
        for _ in range(steps):
            ours = np.asarray(gen.get_logits()).reshape(-1)
            with torch.no_grad():
                theirs = ref(torch.tensor([ids])).logits[0, -1].numpy()
            corrs.append(float(np.corrcoef(ours, theirs)[0, 1]))
            agree += int(ours.argmax() == theirs.argmax())
            ids.append(int(theirs.argmax()))  # both follow the reference's text: each step compares one context
            gen.append_tokens(np.asarray(ids[-1:], dtype=np.int32))
    return agree, float(np.median(corrs))


@pytest.mark.model
def test_the_converted_smollm2_agrees_with_fp32_as_the_builders_model_does(embedded_model, tmp_path):
    """The prepared SmolLM2 (written by gguf_onnx) against transformers' fp32 model of the same GGUF, side by side
    with the ORT GenAI builder's int4 model of the same weights (SmolLM2 loses much to any int4: ~84% agreement)."""
    import subprocess
    import sys

    og = pytest.importorskip("onnxruntime_genai")
    torch = pytest.importorskip("torch")
    from transformers import AutoModelForCausalLM

    assert json.loads((embedded_model / "edgeagent-model.json").read_text())["conversion"] == models.CONVERSION
    gguf = next((SHARED_MODELS / SMOKE_MODEL / "gguf").glob("*.gguf"))
    builder = tmp_path / "builder"
    subprocess.run([sys.executable, "-m", "onnxruntime_genai.models.builder", "-m", "HuggingFaceTB/SmolLM2-135M-Instruct",
                    "-i", str(models.hf_dir(SMOKE_MODEL)), "-o", str(builder), "-p", "int4", "-e", "cpu",
                    "-c", str(tmp_path / "cache")], check=True, capture_output=True, env={**os.environ,
                                                                                        "HF_HUB_OFFLINE": "1"})
    ref = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name).eval()
    ours, ours_corr = _agreement(og, embedded_model, ref, torch)
    theirs, theirs_corr = _agreement(og, builder, ref, torch)
    steps = 16 * len(PROMPTS)
    assert ours >= theirs - 2 and ours >= 0.75 * steps, (ours, theirs, steps)
    assert ours_corr >= theirs_corr - 0.01 and ours_corr > 0.85, (ours_corr, theirs_corr)
