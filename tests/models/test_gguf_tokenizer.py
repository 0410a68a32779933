"""Tokenizer files written from a GGUF's own metadata (models/gguf_tokenizer.py), so that `models prepare` needs
neither transformers nor torch: the same files transformers writes, on the real SmolLM2 GGUF and on made-up fields
that take each branch."""

from __future__ import annotations

import json
import os

import pytest

from edgeagent.models import gguf_tokenizer
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import SHARED_MODELS


def _fields(**over) -> dict:
    base = {"general.architecture": "qwen2", "tokenizer.ggml.model": "gpt2", "tokenizer.ggml.pre": "qwen2",
            "tokenizer.ggml.tokens": ["a", "b", "ab", "Ġ", "中", "<|end|>", "<think>", "<|bad é|>"],
            "tokenizer.ggml.token_type": [1, 1, 1, 1, 1, 3, 4, 3], "tokenizer.ggml.merges": ["a b"],
            "tokenizer.ggml.eos_token_id": 5, "tokenizer.chat_template": "{{ messages }}"}
    return {**base, **over}


def test_the_vocabulary_is_spelled_in_the_byte_alphabet_and_added_tokens_keep_their_kind():
    spec = gguf_tokenizer.tokenizer_json(_fields())
    vocab = spec["model"]["vocab"]
    assert vocab["ä¸Ń"] == 4 and "中" not in vocab  # its three UTF-8 bytes, each as its byte-level letter
    assert spec["model"]["merges"] == [["a", "b"]]
    added = {a["content"]: a["special"] for a in spec["added_tokens"]}
    # <|end|> is control (special), <think> user-defined (plain); a control token spelled outside the byte
    # alphabet is a mislabel in the file and is left out
    assert added == {"<|end|>": True, "<think>": False}


def test_the_split_follows_the_vocabularys_pre_tokenizer_and_gpt2s_when_the_file_names_none_known():
    qwen = gguf_tokenizer.tokenizer_json(_fields())["pre_tokenizer"]
    assert qwen["type"] == "Sequence" and qwen["pretokenizers"][0]["pattern"]["Regex"] == gguf_tokenizer.SPLITS["qwen2"]
    assert qwen["pretokenizers"][1] == {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                                         "use_regex": False}
    other = gguf_tokenizer.tokenizer_json(_fields(**{"tokenizer.ggml.pre": "smollm"}))["pre_tokenizer"]
    assert other == {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    assert gguf_tokenizer.tokenizer_config(_fields())["eos_token"] == "<|end|>"


def test_only_byte_level_bpe_with_merges_is_written_here():
    assert gguf_tokenizer.supported(_fields())
    assert not gguf_tokenizer.supported(_fields(**{"tokenizer.ggml.model": "llama"}))  # sentencepiece
    no_merges = _fields()
    del no_merges["tokenizer.ggml.merges"]
    assert not gguf_tokenizer.supported(no_merges)


@pytest.mark.model
def test_the_real_smollm2_gguf_gives_the_files_transformers_writes(embedded_model, tmp_path):
    pytest.importorskip("transformers")
    from transformers import AutoTokenizer

    from edgeagent.models.gguf_onnx import write_tokenizer

    gguf = next((SHARED_MODELS / SMOKE_MODEL / "gguf").glob("*.gguf"))
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    write_tokenizer(gguf, ours)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name).save_pretrained(theirs)
    assert json.loads((ours / "tokenizer.json").read_text()) == json.loads((theirs / "tokenizer.json").read_text())
    config = json.loads((theirs / "tokenizer_config.json").read_text())
    for local_only in ("is_local", "local_files_only"):  # where transformers loaded it from, not what it is
        config.pop(local_only, None)
    assert json.loads((ours / "tokenizer_config.json").read_text()) == config
    assert (ours / "chat_template.jinja").read_text() == (theirs / "chat_template.jinja").read_text()
