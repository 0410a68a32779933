"""llguidance's view of a model's vocabulary, built from the token bytes in tokenizer.json with the backend's own
tokenizer doing the encoding: the process then holds one tokenizer, not two. Given a path instead, llguidance
loads a second Hugging Face tokenizer, about 70 MiB for Qwen2.5's vocabulary."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def byte_alphabet() -> dict[int, str]:
    """GPT-2's byte-level alphabet: the printable character byte-level BPE writes each byte as."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    spelling = {b: chr(b) for b in printable}
    shifted = 256
    for b in range(256):
        if b not in spelling:
            spelling[b] = chr(shifted)
            shifted += 1
    return spelling


def byte_level_tokens(tokenizer_json: Path, n_vocab: int) -> tuple[list[bytes], list[int]] | None:
    """Each id's bytes (b"" where the id has no token) and the added tokens' ids, or None when the tokenizer is not
    byte-level BPE (sentencepiece byte fallback and others are left to llguidance's own loader)."""
    spec = json.loads(tokenizer_json.read_text(encoding="utf-8"))
    decoder = spec.get("decoder") or {}
    if spec.get("model", {}).get("type") != "BPE" or decoder.get("type") != "ByteLevel":
        return None
    to_byte = {c: b for b, c in byte_alphabet().items()}
    tokens = [b""] * n_vocab
    for text, i in spec["model"]["vocab"].items():
        if i < n_vocab:
            tokens[i] = bytes(to_byte[c] for c in text)
    added = [t for t in spec.get("added_tokens", []) if t["id"] < n_vocab]
    for t in added:
        tokens[t["id"]] = t["content"].encode("utf-8")
    return tokens, [t["id"] for t in added]


class _Vocabulary:
    """The duck type llguidance.TokenizerWrapper reads: token bytes, special ids and an encoder of text."""

    def __init__(self, tokens: list[bytes], special: list[int], eos: int,
                 encode: Callable[[str], Sequence[int]]) -> None:
        self.tokens, self.special_token_ids = tokens, special
        self.eos_token_id, self.bos_token_id = eos, None
        self._encode = encode

    def __call__(self, text: str) -> list[int]:
        if not isinstance(text, str):  # llguidance probes with bytes; a TypeError makes it pass str from then on
            raise TypeError("text only")
        return [int(t) for t in self._encode(text)]


def lltokenizer(tokenizer_json: Path, n_vocab: int, eos: list[int], encode: Callable[[str], Sequence[int]]) -> Any:
    """An llguidance.LLTokenizer for the model; every added token counts as special, as llguidance's loader has it."""
    import llguidance

    found = byte_level_tokens(tokenizer_json, n_vocab)
    if found is None:
        return llguidance.LLTokenizer(str(tokenizer_json), n_vocab=n_vocab, eos_token=eos)
    tokens, special = found
    vocabulary = _Vocabulary(tokens, special, min(eos), encode)
    return llguidance.LLTokenizer(llguidance.TokenizerWrapper(vocabulary), n_vocab=n_vocab, eos_token=eos)
