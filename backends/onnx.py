"""ONNX Runtime GenAI backend: one live Generator per model, so each agent step prefills only new tokens."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Iterator

from ..errors import BadInput, EdgeAgentError, ModelError
from .base import Backend, Chunk, TokenScore, Usage, score_logits

PROVIDER_PACKAGES = {
    "cpu": "onnxruntime-genai",
    "cuda": "onnxruntime-genai-cuda (or a jetson-containers build on Jetson)",
    "NvTensorRtRtx": "onnxruntime-genai-cuda with the NvTensorRtRtx execution provider",
}


def _import_og():
    try:
        import onnxruntime_genai as og
    except ImportError:
        raise BadInput("the onnx backend needs onnxruntime-genai: pip install 'edgeagent[onnx]'") from None
    return og


def common_prefix(a: list[int], b: list[int]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class OnnxGenAIBackend(Backend):
    name = "onnx"

    def __init__(self, model_dir: str | Path, *, model_name: str = "", provider: str = "cpu") -> None:
        og = _import_og()
        self._og = og
        self.model_dir = Path(model_dir)
        self.model_name = model_name or self.model_dir.name
        self.provider = provider
        try:
            config = og.Config(str(self.model_dir))
            config.clear_providers()
            if provider != "cpu":
                config.append_provider(provider)
            self._model = og.Model(config)
            self._tok = og.Tokenizer(self._model)
            genai = json.loads((self.model_dir / "genai_config.json").read_text())
        except Exception as e:  # ORT raises plain RuntimeError for every kind of bad model file
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            hint = PROVIDER_PACKAGES.get(provider, "a build with that provider") if provider != "cpu" else None
            fix = f"install {hint}" if hint and "provider" in first.lower() else "run `edgeagent models prepare --force`"
            raise ModelError(f"cannot load ONNX model at {self.model_dir}: {first}; {fix}") from None
        self.context_length = int(genai["search"].get("max_length") or genai["model"]["context_length"])
        self._eos = {int(t) for t in self._tok.eos_token_ids}
        self._eos_text = self._tok.decode([min(self._eos)]) if self._eos else ""
        self._gen = None
        self._gen_key: str | None = None
        self._held: list[int] = []  # exactly the tokens whose KV the live generator holds
        self._renders: list[tuple[str, str]] = []  # (message key, template rendered up to that message)
        self._encoded: dict[str, list[int]] = {}
        self._generated: dict[str, list[int]] = {}  # reply text -> the ids the model produced for it

    # rendering and tokens
    def render(self, messages: list[dict], add_generation_prompt: bool = True) -> str:
        return self._tok.apply_chat_template(json.dumps(messages), add_generation_prompt=add_generation_prompt)

    def count_tokens(self, text: str) -> int:
        return len(self._tok.encode(text))

    def _encode_text(self, text: str) -> list[int]:
        if text not in self._encoded:
            self._encoded[text] = [int(t) for t in self._tok.encode(text)]
        return self._encoded[text]

    def _segments(self, messages: list[dict]) -> list[str]:
        """Per-message pieces of the rendered prompt, plus the generation prompt, found by prefix difference."""
        keys = [json.dumps(m, sort_keys=True) for m in messages]
        keep = 0
        while keep < min(len(keys), len(self._renders)) and self._renders[keep][0] == keys[keep]:
            keep += 1
        del self._renders[keep:]
        for j in range(keep, len(messages)):
            self._renders.append((keys[j], self.render(messages[: j + 1], add_generation_prompt=False)))
        full = self.render(messages)
        segs, prev = [], ""
        for _, text in self._renders:
            if not text.startswith(prev):
                return [full]  # a template that is not prefix-stable: encode whole
            segs.append(text[len(prev):])
            prev = text
        return segs + [full[len(prev):]]

    def encode_messages(self, messages: list[dict]) -> list[int]:
        """Token ids of the prompt; replies this backend generated keep their exact original ids."""
        segs = self._segments(messages)
        if len(segs) != len(messages) + 1:
            return self._encode_text(segs[0])
        ids: list[int] = []
        for msg, seg in zip(messages + [None], segs):
            gen = self._generated.get(msg["content"]) if msg and msg["role"] == "assistant" else None
            k = seg.find(msg["content"]) if gen is not None else -1
            if k < 0:
                ids += self._encode_text(seg)
                continue
            rest = seg[k + len(msg["content"]):]
            if gen and gen[-1] in self._eos and rest.startswith(self._eos_text):
                rest = rest[len(self._eos_text):]
            ids += self._encode_text(seg[:k]) + gen + self._encode_text(rest)
        return ids

    # generation
    def _fresh_generator(self, key: str | None) -> None:
        params = self._og.GeneratorParams(self._model)
        params.set_search_options(max_length=self.context_length, do_sample=False)
        if key:
            params.set_guidance("json_schema", key)
        self._gen = self._og.Generator(self._model, params)
        self._gen_key = key
        self._held = []

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False) -> Iterator[Chunk]:
        import numpy as np

        target = self.encode_messages(messages)
        if len(target) + max_tokens > self.context_length:
            raise EdgeAgentError(f"context full: {len(target)} + {max_tokens} tokens > {self.context_length}")
        key = json.dumps(constraint, sort_keys=True) if constraint else None
        if self._gen is None or key != self._gen_key:
            self._fresh_generator(key)
        # Keep at least one token to append, so the next logits are computed fresh after a rewind.
        cached = min(common_prefix(self._held, target), len(target) - 1)
        if cached < len(self._held):
            self._gen.rewind_to(cached)
        t0 = time.perf_counter()
        self._gen.append_tokens(np.asarray(target[cached:], dtype=np.int32))
        t_prefill = time.perf_counter()
        stream = self._tok.create_stream()
        out: list[int] = []
        parts: list[str] = []
        scores: list[TokenScore] | None = [] if logprobs else None
        t_first = None
        while not self._gen.is_done() and len(out) < max_tokens:
            # Logits read before sampling are the model's own, unmasked by the grammar.
            logits = self._gen.get_logits() if logprobs else None
            self._gen.generate_next_token()
            tok = int(self._gen.get_next_tokens()[0])
            out.append(tok)
            if t_first is None:
                t_first = time.perf_counter()
            if tok not in self._eos:
                text = stream.decode(tok)
                if scores is not None:
                    scores.append(score_logits(logits, tok, text))
                if text:
                    parts.append(text)
                    yield Chunk(text, [tok])
        t_end = time.perf_counter()
        done = self._gen.is_done()
        self._held = target + (out[:-1] if out and out[-1] in self._eos else out)
        if done:
            self._generated["".join(parts)] = out
        else:
            self._gen = None  # stopped mid-grammar: a fresh generator is cheaper than a confused matcher
        t_first = t_first or t_end
        usage = Usage(len(target), cached, len(out), t_first - t0, t_prefill - t0, t_end - t_first)
        yield Chunk("", usage=usage, finish_reason="stop" if done else "length", scores=scores)

    def reset(self) -> None:
        self._gen = None
        self._held = []

    def close(self) -> None:
        self._gen = None
        self._model = None
