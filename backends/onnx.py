"""ONNX Runtime GenAI backend: one live Generator per model, so each agent step prefills only new tokens."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from edgeagent.backends.base import (
    Backend,
    CallClock,
    Chunk,
    Sampling,
    TokenMask,
    TokenSampler,
    TokenScore,
    grammar_matcher,
    physical_cores,
    score_logits,
)
from edgeagent.backends.chat_template import ChatTemplate, folder_template
from edgeagent.backends.chat_tokens import ChatTokens, common_prefix
from edgeagent.backends.grammar_tokens import lltokenizer
from edgeagent.errors import BadInput, ModelError

PROVIDER_PACKAGES = {
    "cpu": "onnxruntime-genai",
    "cuda": "onnxruntime-genai-cuda (or a jetson-containers build on Jetson)",
    "NvTensorRtRtx": "onnxruntime-genai-cuda with the NvTensorRtRtx execution provider",
}
# Prompts are appended this many tokens at a time: ORT's activations (and its arena, which keeps its high-water
# mark) scale with the tokens of one call. 256 cut a 991-token prefill's peak RSS by 116 MiB at the same tok/s.
PREFILL_CHUNK = 256


def _import_og():
    try:
        import onnxruntime_genai as og
    except ImportError:
        raise BadInput("the onnx backend needs onnxruntime-genai: pip install 'edgeagent[onnx]'") from None
    return og


class OnnxGenAIBackend(Backend):
    name = "onnx"

    def __init__(self, model_dir: str | Path, *, model_name: str = "", provider: str = "cpu", threads: int = 0,
                 context_tokens: int = 0) -> None:
        """`threads`: ORT's intra-op threads (0: one per physical core; ORT GenAI alone would use one).
        `context_tokens`: the KV cache's length (0: the model's maximum); it is allocated whole, up front."""
        og = _import_og()
        self._og = og
        self.model_dir = Path(model_dir)
        self.model_name = model_name or self.model_dir.name
        self.provider = provider
        try:
            genai = json.loads((self.model_dir / "genai_config.json").read_text())
            longest = int(genai["search"].get("max_length") or genai["model"]["context_length"])
            self.context_length = min(context_tokens, longest) if context_tokens > 0 else longest
            config = og.Config(str(self.model_dir))
            config.clear_providers()
            if provider != "cpu":
                config.append_provider(provider)
            session = {"intra_op_num_threads": threads if threads > 0 else physical_cores()}
            config.overlay(json.dumps({"model": {"decoder": {"session_options": session}},
                                       "search": {"max_length": self.context_length}}))
            self._model = og.Model(config)
            self._tok = og.Tokenizer(self._model)
        except Exception as e:  # noqa: BLE001 -- ORT raises plain RuntimeError for every kind of bad model file
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            # With another provider, a load failure is nearly always that provider missing from this build.
            hint = PROVIDER_PACKAGES.get(provider, "an onnxruntime-genai build with that provider")
            fix = (f"the {provider} execution provider needs {hint}; or use --set backend.provider=cpu"
                   if provider != "cpu" else "run `edgeagent models prepare --force`")
            raise ModelError(f"cannot load ONNX model at {self.model_dir}: {first}; {fix}") from None
        self._eos = {int(t) for t in self._tok.eos_token_ids}
        self._eos_text = self._tok.decode([min(self._eos)]) if self._eos else ""
        self._gen: Any = None  # og.Generator, made per prompt
        self._lltok: Any = None  # llguidance's view of the tokenizer, built on the first constrained call
        self._matchers: dict[str, tuple] = {}  # grammar key -> (matcher, mask buffer), reset per call
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
    def _fresh_generator(self) -> None:
        params = self._og.GeneratorParams(self._model)
        s = self.sampling
        if s.greedy:
            params.set_search_options(max_length=self.context_length, do_sample=False)
        else:  # ORT samples from the logits as set (grammar-masked); top_k 0 and top_p 1 keep the whole distribution
            params.set_search_options(max_length=self.context_length, do_sample=True, temperature=s.temperature,
                                      top_k=0, top_p=1.0, random_seed=s.seed)
        self._gen = self._og.Generator(self._model, params)
        self._held = []

    def set_sampling(self, sampling: Sampling) -> None:
        """The seed lives in the generator: a new one, so the next call starts its random stream afresh."""
        super().set_sampling(sampling)
        self._gen, self._held = None, []

    def _switch(self, sampling: Sampling, sampler: TokenSampler | None) -> None:
        """ORT's generator holds the seed: after a side task the run's stream restarts from it (still reproducible)."""
        super()._switch(sampling, sampler)
        self._gen, self._held = None, []

    def _matcher(self, constraint: dict, suffix: str, n_vocab: int):
        """An llguidance matcher for this call's grammar, reset; the tokenizer is built once (about a second)."""
        try:
            import llguidance  # noqa: F401 -- checked here for the one-line install hint
        except ImportError:
            raise BadInput("constrained decoding on onnx needs llguidance: pip install 'edgeagent[onnx]'") from None
        if self._lltok is None:
            self._lltok = lltokenizer(self.model_dir / "tokenizer.json", n_vocab, sorted(self._eos), self._encode)
        key = json.dumps([constraint, suffix])  # key order kept: the grammar writes properties in schema order
        if key not in self._matchers:
            self._matchers[key] = (grammar_matcher(self._lltok, constraint, suffix), TokenMask(n_vocab))
        matcher, mask = self._matchers[key]
        matcher.reset()
        return matcher, mask

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "",
                 suffix: str = "") -> Iterator[Chunk]:
        import numpy as np

        forced = self._encode(prefix) if prefix else []
        target = self.encode_messages(messages, tools) + forced
        max_tokens = self._room(len(target), max_tokens)
        if self._gen is None:
            self._fresh_generator()
        # Keep at least one token to append, so the next logits are computed fresh after a rewind.
        cached = min(common_prefix(self._held, target), len(target) - 1)
        if cached < len(self._held):
            self._gen.rewind_to(cached)
        clock = CallClock()
        new = np.asarray(target[cached:], dtype=np.int32)
        for start in range(0, len(new), PREFILL_CHUNK):
            self._gen.append_tokens(new[start:start + PREFILL_CHUNK])
        clock.prefilled()
        stream = self._tok.create_stream()
        out: list[int] = []
        parts: list[str] = []
        scores: list[TokenScore] | None = [] if logprobs else None
        matcher: Any = None
        mask: Any = None
        done = False
        while len(out) < max_tokens:
            # Constraints are applied here, not by ORT's guidance: the generator (and its KV cache) then
            # survives a change of grammar between calls, and builds without guidance work too.
            logits: Any = self._gen.get_logits() if (logprobs or constraint) else None
            if constraint:
                if matcher is None:
                    matcher, mask = self._matcher(constraint, suffix, logits.shape[-1])
                self._gen.set_logits(mask.apply(matcher, logits))
            self._gen.generate_next_token()
            tok = int(self._gen.get_next_tokens()[0])
            out.append(tok)
            clock.token()
            if tok in self._eos:
                done = True
                break
            if matcher is not None and not matcher.consume_token(tok):
                raise ModelError(f"the grammar rejected token {tok}: {matcher.get_error()}")
            text = stream.decode(tok)
            if scores is not None:
                scores.append(score_logits(logits, tok, text))
            if text:
                parts.append(text)
                yield Chunk(text, [tok])
            if self._gen.is_done():  # the context's end
                break
        if done:
            # The last token was picked but not yet run through the model: rewind it, so the generator
            # holds exactly the tokens it has KV for, and the next call appends from there.
            self._held = target + out[:-1]
            self._gen.rewind_to(len(self._held))
            self._chat.remember(prefix + "".join(parts), forced + out)
        else:
            self._gen = None  # cut off mid-reply: start the next call from a fresh generator
        yield clock.last_chunk(len(target), cached, len(out), done, scores)

    def reset(self) -> None:
        self._gen = None
        self._held = []

    def close(self) -> None:
        self._gen = None
        self._model = None
