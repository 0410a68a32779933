"""The Backend contract every edge model backend implements (ORT GenAI, llama.cpp, MLX, scripted)."""

from __future__ import annotations

import os
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

from edgeagent.errors import BadInput, EdgeAgentError, ModelError


def physical_cores() -> int:
    """Physical cores here: what a thread count of 0 means. Decoding is bound by memory bandwidth, and hyper-threads
    share a core's, so more threads than cores only contend."""
    import psutil

    return psutil.cpu_count(logical=False) or os.cpu_count() or 1


@dataclass
class Usage:
    """What one generate() call cost; prompt_tokens counts the whole context, cached_tokens the reused part."""

    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    ttft_s: float = 0.0
    prefill_s: float = 0.0
    decode_s: float = 0.0

    @property
    def prefilled_tokens(self) -> int:
        return self.prompt_tokens - self.cached_tokens

    @property
    def prefill_tps(self) -> float:
        return self.prefilled_tokens / self.prefill_s if self.prefill_s > 0 else 0.0

    @property
    def decode_tps(self) -> float:
        # The first token comes out of prefill; decode speed is measured over the rest.
        n = self.completion_tokens - 1
        return n / self.decode_s if n > 0 and self.decode_s > 0 else 0.0

    def to_dict(self) -> dict:
        return {**asdict(self), "prefill_tps": self.prefill_tps, "decode_tps": self.decode_tps}


@dataclass(frozen=True)
class TokenScore:
    """One generated token under the model's own distribution, before any grammar mask."""

    text: str
    logprob: float  # log p of the token the model emitted
    entropy: float  # entropy of the whole next-token distribution, in nats


@dataclass
class Chunk:
    """A piece of streamed output; the last chunk of a call carries usage and finish_reason."""

    text: str
    token_ids: list[int] = field(default_factory=list)
    usage: Usage | None = None
    finish_reason: str | None = None  # "stop" (model or grammar ended) or "length"
    scores: list[TokenScore] | None = None  # on the last chunk, when generate() was asked for logprobs


class CallClock:
    """Times one generate() call: started at prefill, then prefill done, first token, end."""

    def __init__(self) -> None:
        self.t0 = time.perf_counter()
        self.t_prefill: float | None = None
        self.t_first: float | None = None

    def prefilled(self) -> None:
        self.t_prefill = time.perf_counter()

    def token(self) -> None:
        if self.t_first is None:
            self.t_first = time.perf_counter()

    def last_chunk(self, prompt: int, cached: int, completion: int, done: bool,
                   scores: list[TokenScore] | None) -> Chunk:
        """The closing chunk: usage from the marks, "stop" when the model or grammar ended, else "length"."""
        t_end = time.perf_counter()
        t_prefill = self.t_prefill or t_end
        t_first = self.t_first or t_end
        usage = Usage(prompt, cached, completion, t_first - self.t0, t_prefill - self.t0, t_end - t_first)
        return Chunk("", usage=usage, finish_reason="stop" if done else "length", scores=scores)


@dataclass(frozen=True)
class Sampling:
    """How the model picks each token: the most likely one at temperature 0 (greedy), else a draw from
    softmax(logits / temperature) by a generator seeded with `seed`, so a run is reproducible."""

    temperature: float = 0.0
    seed: int = 0

    @property
    def greedy(self) -> bool:
        return self.temperature <= 0.0


GREEDY = Sampling()


class TokenSampler:
    """Picks tokens from raw logits as a Sampling says; one per run, its random stream started from the seed."""

    def __init__(self, sampling: Sampling = GREEDY) -> None:
        import numpy as np

        self.sampling = sampling
        self._rng = np.random.default_rng(sampling.seed)

    def pick(self, logits) -> int | None:
        """A token id; masked tokens (-inf) are never drawn; None when every token is masked."""
        import numpy as np

        x = np.asarray(logits, dtype=np.float64).reshape(-1)
        top = int(x.argmax())
        if not np.isfinite(x[top]):
            return None
        if self.sampling.greedy:
            return top
        weights = np.exp((x - x[top]) / self.sampling.temperature)  # -inf becomes weight 0
        cumulative = np.cumsum(weights)
        # One uniform draw per token, so the stream (and the run) depends only on the seed and the logits.
        tok = int(np.searchsorted(cumulative, self._rng.random() * cumulative[-1], side="right"))
        return min(tok, len(x) - 1)


class Backend(ABC):
    """Loads one model and generates from chat messages, reusing its KV cache across calls."""

    name: str = "base"
    model_name: str = ""
    template_source: str | None = None  # the chat template's text: it tells which tool-call format the model knows
    sampling: Sampling = GREEDY
    _sampler: TokenSampler | None = None

    def set_sampling(self, sampling: Sampling) -> None:
        """Sample every later token this way (a bench repeat sets its own seed); the random stream restarts
        from the seed even when the sampling is the same, so each run is reproducible on its own."""
        if sampling.temperature < 0:
            raise BadInput(f"temperature must be 0 (greedy) or more, not {sampling.temperature}")
        self.sampling = sampling
        self._sampler = TokenSampler(sampling)

    @contextmanager
    def greedy(self) -> Iterator[None]:
        """Greedy decoding for what runs inside (a side task such as restating a request for the cloud), then the
        run's own sampling again with its random stream where it was: the side task draws nothing from it."""
        saved = self.sampling, self._sampler
        self._switch(GREEDY, None)
        try:
            yield
        finally:
            self._switch(*saved)

    def _switch(self, sampling: Sampling, sampler: TokenSampler | None) -> None:
        self.sampling, self._sampler = sampling, sampler

    @property
    def sampler(self) -> TokenSampler:
        if self._sampler is None:
            self._sampler = TokenSampler(self.sampling)
        return self._sampler

    @abstractmethod
    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        """The chat template applied to messages; `tools` are declared through the template when it takes them."""

    @abstractmethod
    def count_tokens(self, text: str) -> int: ...

    @abstractmethod
    def generate(
        self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
        logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "", suffix: str = "",
    ) -> Iterator[Chunk]:
        """Stream a reply; `constraint` is a JSON schema the output must match; `logprobs` fills the last chunk's scores.

        `prefix` is text the reply is forced to start with (a call tag): it is prompt, not output, and the
        streamed text excludes it. `suffix` is literal text the grammar admits after the JSON (a line break
        before a closing tag the caller writes); it is part of the output. A later prompt whose assistant
        turn starts with prefix + output (plus anything after) reuses the exact ids."""

    context_length: int = 0

    def _room(self, prompt_tokens: int, max_tokens: int) -> int:
        """max_tokens cut to what the context has left; EdgeAgentError when the prompt leaves too little."""
        room = self.context_length - prompt_tokens
        if room < min(max_tokens, 16):
            raise EdgeAgentError(
                f"context full: the prompt is {prompt_tokens} tokens and the model was loaded for "
                f"{self.context_length}; give the next run more with --set backend.context_tokens=N "
                "(its KV cache is that long)")
        return min(max_tokens, room)

    def complete(self, messages: list[dict], **kw) -> tuple[str, Chunk]:
        """Run generate() to the end: the full text and the final chunk."""
        parts, last = [], Chunk("")
        for chunk in self.generate(messages, **kw):
            parts.append(chunk.text)
            last = chunk
        return "".join(parts), last

    def reset(self) -> None:
        """Forget the KV cache, so the next call prefills its whole prompt."""

    def close(self) -> None:
        """Release the model."""


def score_logits(logits, token: int, text: str) -> TokenScore:
    """Log-probability of `token` and the entropy of the distribution, from one row of raw logits."""
    import numpy as np

    x = np.asarray(logits, dtype=np.float64).reshape(-1)
    shifted = x - x.max()
    logp = shifted - np.log(np.exp(shifted).sum())
    return TokenScore(text, float(logp[token]), float(-(np.exp(logp) * logp).sum()))


def grammar_matcher(lltok, constraint: dict, suffix: str = ""):
    """An llguidance matcher for one reply: the JSON schema, then `suffix` literally (ORT GenAI and MLX)."""
    import json

    import llguidance

    grammar = (llguidance.LLMatcher.grammar_from_lark(f"start: call {json.dumps(suffix)}\n"
                                                      f"call: %json {json.dumps(constraint)}\n") if suffix
               else llguidance.LLMatcher.grammar_from_json_schema(constraint))
    matcher = llguidance.LLMatcher(lltok, grammar, log_level=0)
    if matcher.is_error():
        raise BadInput(f"constraint schema: {matcher.get_error()}")
    return matcher


class TokenMask:
    """An llguidance token bitmask for one vocabulary, turned into masked logits (the grammar's allowed tokens)."""

    def __init__(self, n_vocab: int) -> None:
        from llguidance.numpy import allocate_token_bitmask

        self.n_vocab = n_vocab
        self._bits = allocate_token_bitmask(1, n_vocab)

    def allowed(self, matcher) -> np.ndarray:
        """A boolean array over the vocabulary: True where the grammar allows the token next."""
        import numpy as np
        from llguidance.numpy import fill_next_token_bitmask

        fill_next_token_bitmask(matcher, self._bits)
        if matcher.is_error():
            raise ModelError(f"constrained decoding failed: {matcher.get_error()}")
        bits = np.unpackbits(self._bits.view(np.uint8), bitorder="little")
        allowed = np.zeros(self.n_vocab, dtype=bool)
        n = min(self.n_vocab, len(bits))
        allowed[:n] = bits[:n]
        return allowed

    def apply(self, matcher, logits):
        """`logits` with every token the grammar rejects set to -inf (same shape and dtype)."""
        import numpy as np

        arr = np.asarray(logits)
        return np.where(self.allowed(matcher).reshape(arr.shape), arr, -np.inf).astype(arr.dtype)
