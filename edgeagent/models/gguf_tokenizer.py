"""tokenizer.json, tokenizer_config.json and chat_template.jinja written straight from a GGUF's byte-level BPE
metadata, in the form transformers' GGUF converter gives them, without importing transformers (or the torch its
GGUF path pulls in). Other tokenizer kinds (sentencepiece, unigram) are left to transformers: `supported` says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from edgeagent.backends.grammar_tokens import byte_alphabet

# How text is split before BPE, per `tokenizer.ggml.pre`: the regex each vocabulary's merges were learned on
# (llama.cpp's and transformers' tables agree on these). A type not here keeps GPT-2's split.
_QWEN2 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+"
          r"|\s+(?!\S)|\s+")
_LLAMA3 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
           r"|\s*[\r\n]+|\s+(?!\S)|\s+")
SPLITS = {"qwen2": _QWEN2, "deepseek-r1-qwen": _QWEN2, "llama3": _LLAMA3, "llama-v3": _LLAMA3,
          "llama-bpe": _LLAMA3, "falcon3": _LLAMA3, "smaug-bpe": _LLAMA3, "dbrx": _LLAMA3}
CLASSES = {"qwen2": "Qwen2Tokenizer"}  # transformers' class name per architecture; others say TokenizersBackend
CONTROL, USER_DEFINED = 3, 4  # llama.cpp's token types


def supported(fields: dict[str, Any]) -> bool:
    return fields.get("tokenizer.ggml.model") == "gpt2" and "tokenizer.ggml.merges" in fields


def _added(token: str, token_id: int, special: bool) -> dict:
    return {"id": token_id, "content": token, "single_word": False, "lstrip": False, "rstrip": False,
            "normalized": False, "special": special}


def tokenizer_json(fields: dict[str, Any]) -> dict:
    """The tokenizers library's JSON for a byte-level BPE vocabulary given as GGUF metadata."""
    spelling = byte_alphabet()
    letters = set(spelling.values())
    tokens: list[str] = fields["tokenizer.ggml.tokens"]
    kinds: list[int] = fields.get("tokenizer.ggml.token_type") or [1] * len(tokens)
    vocab = {t if set(t) <= letters else "".join(spelling[b] for b in t.encode("utf-8")): i
             for i, t in enumerate(tokens)}
    # Control tokens become special added tokens, user-defined ones plain added tokens; a control token spelled
    # outside the byte alphabet is a mislabel in the file and is skipped, as transformers does.
    added = [_added(t, i, True) for i, (t, k) in enumerate(zip(tokens, kinds)) if k == CONTROL and set(t) <= letters]
    added += [_added(t, i, False) for i, (t, k) in enumerate(zip(tokens, kinds)) if k == USER_DEFINED and t in vocab]
    added.sort(key=lambda a: a["id"])
    split = SPLITS.get(fields.get("tokenizer.ggml.pre", ""))
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": split is None}
    pre = byte_level if split is None else {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": split}, "behavior": "Isolated", "invert": False}, byte_level]}
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added, "normalizer": None,
        "pre_tokenizer": pre,
        "post_processor": {"type": "TemplateProcessing", "single": [{"Sequence": {"id": "A", "type_id": 0}}],
                           "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
                           "special_tokens": {}},
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                  "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": [m.split(" ") for m in fields["tokenizer.ggml.merges"]]},
    }


def tokenizer_config(fields: dict[str, Any]) -> dict:
    tokens: list[str] = fields["tokenizer.ggml.tokens"]

    def named(key: str) -> str | None:
        token_id = fields.get(f"tokenizer.ggml.{key}")
        return tokens[int(token_id)] if token_id is not None else None

    return {"backend": "tokenizers", "bos_token": named("bos_token_id"), "eos_token": named("eos_token_id"),
            "model_max_length": int(1e30), "pad_token": named("padding_token_id"),
            "tokenizer_class": CLASSES.get(fields.get("general.architecture", ""), "TokenizersBackend"),
            "unk_token": named("unknown_token_id")}


def write(fields: dict[str, Any], out: Path) -> None:
    """The three tokenizer files for `fields` (a GGUF's metadata, as `GGUFReader` field contents) into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "tokenizer.json").write_text(json.dumps(tokenizer_json(fields), ensure_ascii=False, indent=2),
                                        encoding="utf-8")
    (out / "tokenizer_config.json").write_text(json.dumps(tokenizer_config(fields), indent=2) + "\n")
    template = fields.get("tokenizer.chat_template")
    if template:
        (out / "chat_template.jinja").write_text(template, encoding="utf-8")
