"""MLX backend (mlx-lm): one prompt cache per model, so each agent step prefills only new tokens.

Metal on Apple silicon; elsewhere the `mlx[cpu]` build runs the same code, slowly (its wheel links a
reference BLAS). Constraints are JSON schemas compiled by llguidance and applied as a logits processor.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from edgeagent.backends.base import Backend, CallClock, Chunk, TokenMask, TokenScore, grammar_matcher, score_logits
from edgeagent.backends.chat_template import ChatTemplate, folder_template
from edgeagent.backends.chat_tokens import ChatTokens, common_prefix
from edgeagent.errors import BadInput, ModelError

INSTALL_HINT = "the mlx backend needs mlx-lm: pip install 'edgeagent[mlx]'"
PREFILL_STEP = 512  # tokens per forward pass while prefilling: bounds the activations' memory


def _import_mlx():
    try:
        import mlx.core as mx
        import mlx_lm
    except ImportError:
        raise BadInput(INSTALL_HINT) from None
    return mx, mlx_lm


def mlx_available() -> bool:
    """Whether mlx and mlx-lm import here (the `mlx` extra is installed)."""
    try:
        _import_mlx()
    except BadInput:
        return False
    return True


class JsonSchemaProcessor:
    """An mlx-lm logits processor: llguidance masks every token the grammar does not allow next.

    Called as processor(tokens, logits) like mlx-lm's processors: `tokens` is everything so far, and the
    length at the first call marks where generation started, so later calls feed only new tokens.
    """

    def __init__(self, matcher: Any, vocab_size: int) -> None:
        self.matcher = matcher
        self._mask = TokenMask(vocab_size)
        self._seen: int | None = None

    def __call__(self, tokens: Sequence[int], logits: Any) -> Any:
        import mlx.core as mx
        import numpy as np

        if self._seen is None:
            self._seen = len(tokens)
        for t in np.asarray(tokens[self._seen:]).reshape(-1).tolist():
            if not self.matcher.consume_token(int(t)):
                raise ModelError(f"the grammar rejected token {t}: {self.matcher.get_error()}")
        self._seen = len(tokens)
        bits = self._mask.allowed(self.matcher)
        n = logits.shape[-1]  # the model's logits may be padded past the tokenizer's vocabulary
        allowed = np.zeros(n, dtype=bool)
        allowed[: min(n, len(bits))] = bits[:n]
        return mx.where(mx.array(allowed), logits, -mx.inf)


class MlxBackend(Backend):
    name = "mlx"

    def __init__(self, model_dir: str | Path, *, model_name: str = "") -> None:
        mx, mlx_lm = _import_mlx()
        from mlx_lm.models.cache import make_prompt_cache, trim_prompt_cache

        self._mx = mx
        self._make_cache, self._trim_cache = make_prompt_cache, trim_prompt_cache
        self.model_dir = Path(model_dir)
        self.model_name = model_name or self.model_dir.name
        if not (self.model_dir / "config.json").is_file():  # mlx-lm would take any other name for a hub repo
            raise ModelError(f"{self.model_dir} is not a Hugging Face model folder (no config.json)")
        try:
            self._model, self._tok, config = mlx_lm.load(str(self.model_dir), return_config=True)
        except Exception as e:  # noqa: BLE001 -- mlx-lm raises FileNotFoundError, ValueError, KeyError... for bad folders
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise ModelError(f"cannot load an MLX model from {self.model_dir}: {first}") from None
        self.context_length = int(config.get("max_position_embeddings") or 4096)
        self._eos = {int(t) for t in self._tok.eos_token_ids}
        self._eos_text = self._tok.decode([min(self._eos)]) if self._eos else ""
        found = folder_template(self.model_dir)
        self._template = ChatTemplate(*found) if found else None
        self.template_source = found[0] if found else None
        self._chat = ChatTokens(self.render, self._encode, self._eos, self._eos_text)
        self._cache: list | None = None
        self._held: list[int] = []  # exactly the tokens whose KV the prompt cache holds
        self._lltok: Any = None  # llguidance.LLTokenizer, built on the first constrained call
        self._matchers: dict[str, Any] = {}  # schema key -> llguidance matcher, reset per call

    # rendering and tokens
    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        if self._template is not None:
            return self._template.render(messages, add_generation_prompt, tools)
        return self._tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=add_generation_prompt,
                                             tools=tools)

    def _encode(self, text: str) -> list[int]:
        # The template writes BOS and the other special tokens itself.
        return list(self._tok.encode(text, add_special_tokens=False))

    def count_tokens(self, text: str) -> int:
        return len(self._encode(text))

    def encode_messages(self, messages: list[dict], tools: list[dict] | None = None) -> list[int]:
        """Token ids of the prompt; replies this backend generated keep their exact original ids."""
        return self._chat.encode(messages, tools)

    # constraints
    def _processor(self, constraint: dict, suffix: str = "") -> JsonSchemaProcessor:
        try:
            import llguidance
            import llguidance.hf
        except ImportError:
            raise BadInput(INSTALL_HINT) from None
        key = json.dumps([constraint, suffix])
        if key not in self._matchers:
            if self._lltok is None:  # about a second: built once per model
                self._lltok = llguidance.hf.from_tokenizer(self._tok._tokenizer, eos_token=sorted(self._eos))
            self._matchers[key] = grammar_matcher(self._lltok, constraint, suffix)
        matcher = self._matchers[key]
        matcher.reset()
        return JsonSchemaProcessor(matcher, self._lltok.vocab_size)

    # generation
    def _feed(self, ids: list[int]) -> Any:
        """Run `ids` through the model into the cache; the logits row after the last one (float32)."""
        mx = self._mx
        assert self._cache is not None  # made by _sync before any feed
        # All but the last token only fill the cache: evaluating just its state skips the LM head for them.
        for i in range(0, len(ids) - 1, PREFILL_STEP):
            piece = ids[i:min(i + PREFILL_STEP, len(ids) - 1)]
            self._model(mx.array(piece)[None], cache=self._cache)
            mx.eval([c.state for c in self._cache])
            self._held += piece
        logits = self._model(mx.array(ids[-1:])[None], cache=self._cache)[0, -1].astype(mx.float32)
        mx.eval(logits)
        self._held += ids[-1:]
        return logits

    def _reuse(self, target: list[int]) -> int:
        """Trim the cache to its longest common prefix with `target`, keeping one token to feed."""
        if self._cache is None:
            self._cache, self._held = self._make_cache(self._model), []
        cached = min(common_prefix(self._held, target), len(target) - 1)
        drop = len(self._held) - cached
        if drop > 0 and self._trim_cache(self._cache, drop) != drop:
            self._cache, self._held = self._make_cache(self._model), []  # a cache that cannot rewind: start over
            return 0
        del self._held[cached:]
        return cached

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "",
                 suffix: str = "") -> Iterator[Chunk]:
        import numpy as np

        mx = self._mx
        forced = self._encode(prefix) if prefix else []
        target = self.encode_messages(messages, tools) + forced
        max_tokens = self._room(len(target), max_tokens)
        process = self._processor(constraint, suffix) if constraint else None
        cached = self._reuse(target)
        clock = CallClock()
        logits = self._feed(target[cached:])
        clock.prefilled()
        detok = self._tok.detokenizer
        out: list[int] = []
        parts: list[str] = []
        scores: list[TokenScore] | None = [] if logprobs else None
        done = False
        while len(out) < max_tokens:
            # Scores come from the model's own logits; the grammar masks only what the sampler picks from.
            pick = process(out, logits) if process else logits
            picked = int(mx.argmax(pick).item()) if self.sampling.greedy else self.sampler.pick(np.array(pick))
            if picked is None:  # the grammar allows nothing more: the reply ends here
                done = True
                break
            tok = picked
            out.append(tok)
            clock.token()
            if tok in self._eos:
                done = True
                break
            detok.add_token(tok)
            text = detok.last_segment
            if scores is not None:
                scores.append(score_logits(np.array(logits), tok, text))
            if text:
                parts.append(text)
                yield Chunk(text, [tok])
            if len(out) < max_tokens:
                logits = self._feed([tok])
        detok.finalize()
        if tail := detok.last_segment:  # text the detokenizer held back for a possible merge
            parts.append(tail)
            yield Chunk(tail)
        if done:
            self._chat.remember(prefix + "".join(parts), forced + out)
        yield clock.last_chunk(len(target), cached, len(out), done, scores)

    def peak_memory_bytes(self) -> int:
        """The most memory MLX has held at once in this process (weights, cache, activations)."""
        mx = self._mx
        get = getattr(mx, "get_peak_memory", None) or mx.metal.get_peak_memory
        return int(get())

    def reset(self) -> None:
        self._cache, self._held = None, []

    def close(self) -> None:
        self._cache, self._held, self._model = None, [], None
        self._matchers.clear()
        self._mx.clear_cache()
