"""ONNX Runtime GenAI backend: one live Generator per model, so each agent step prefills only new tokens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

from ..errors import BadInput, ModelError
from .base import Backend, CallClock, Chunk, TokenScore, lark_grammar, score_logits
from .chat_template import ChatTemplate, folder_template
from .chat_tokens import ChatTokens, common_prefix

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
            # With another provider, a load failure is nearly always that provider missing from this build.
            hint = PROVIDER_PACKAGES.get(provider, "an onnxruntime-genai build with that provider")
            fix = (f"the {provider} execution provider needs {hint}; or use --set backend.provider=cpu"
                   if provider != "cpu" else "run `edgeagent models prepare --force`")
            raise ModelError(f"cannot load ONNX model at {self.model_dir}: {first}; {fix}") from None
        self.context_length = int(genai["search"].get("max_length") or genai["model"]["context_length"])
        self._eos = {int(t) for t in self._tok.eos_token_ids}
        self._eos_text = self._tok.decode([min(self._eos)]) if self._eos else ""
        self._gen = None
        self._gen_key: str | None = None
        self._guidance: dict[str, tuple[str, str]] = {}  # key -> (guidance type, grammar text)
        self._held: list[int] = []  # exactly the tokens whose KV the live generator holds
        found = folder_template(self.model_dir)
        self._template = ChatTemplate(*found) if found else None
        self.template_source = found[0] if found else None
        self._chat = ChatTokens(self.render, self._encode, self._eos, self._eos_text)

    # rendering and tokens
    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        if self._template is not None:
            return self._template.render(messages, add_generation_prompt, tools)
        return self._tok.apply_chat_template(json.dumps(messages), add_generation_prompt=add_generation_prompt)

    def count_tokens(self, text: str) -> int:
        return len(self._encode(text))

    def _encode(self, text: str) -> list[int]:
        return [int(t) for t in self._tok.encode(text)]

    def encode_messages(self, messages: list[dict], tools: list[dict] | None = None) -> list[int]:
        """Token ids of the prompt; replies this backend generated keep their exact original ids."""
        return self._chat.encode(messages, tools)

    # generation
    def _fresh_generator(self, key: str | None) -> None:
        params = self._og.GeneratorParams(self._model)
        params.set_search_options(max_length=self.context_length, do_sample=False)
        if key:
            params.set_guidance(*self._guidance[key])
        self._gen = self._og.Generator(self._model, params)
        self._gen_key = key
        self._held = []

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "",
                 suffix: str = "") -> Iterator[Chunk]:
        import numpy as np

        forced = self._encode(prefix) if prefix else []
        target = self.encode_messages(messages, tools) + forced
        max_tokens = self._room(len(target), max_tokens)
        # Key order kept: the guidance grammar writes properties in schema order (tool name first).
        key = json.dumps([constraint, suffix]) if constraint else None
        if key and key not in self._guidance:
            self._guidance[key] = (("lark_grammar", lark_grammar(constraint, suffix)) if suffix
                                   else ("json_schema", json.dumps(constraint)))
        if self._gen is None or key != self._gen_key:
            self._fresh_generator(key)
        # Keep at least one token to append, so the next logits are computed fresh after a rewind.
        cached = min(common_prefix(self._held, target), len(target) - 1)
        if cached < len(self._held):
            self._gen.rewind_to(cached)
        clock = CallClock()
        self._gen.append_tokens(np.asarray(target[cached:], dtype=np.int32))
        clock.prefilled()
        stream = self._tok.create_stream()
        out: list[int] = []
        parts: list[str] = []
        scores: list[TokenScore] | None = [] if logprobs else None
        while not self._gen.is_done() and len(out) < max_tokens:
            # Logits read before sampling are the model's own, unmasked by the grammar.
            logits = self._gen.get_logits() if logprobs else None
            self._gen.generate_next_token()
            tok = int(self._gen.get_next_tokens()[0])
            out.append(tok)
            clock.token()
            if tok not in self._eos:
                text = stream.decode(tok)
                if scores is not None:
                    scores.append(score_logits(logits, tok, text))
                if text:
                    parts.append(text)
                    yield Chunk(text, [tok])
        done = self._gen.is_done()
        self._held = target + (out[:-1] if out and out[-1] in self._eos else out)
        if done:
            self._chat.remember(prefix + "".join(parts), forced + out)
        else:
            self._gen = None  # stopped mid-grammar: a fresh generator is cheaper than a confused matcher
        yield clock.last_chunk(len(target), cached, len(out), done, scores)

    def reset(self) -> None:
        self._gen = None
        self._held = []

    def close(self) -> None:
        self._gen = None
        self._model = None
