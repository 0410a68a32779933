"""JSON schema → llama.cpp GBNF, and greedy (or sampled) decoding under that grammar (llama-cpp-python's C API)."""

from __future__ import annotations

import ctypes
import json
import re

import numpy as np

from edgeagent.backends.base import TokenSampler
from edgeagent.errors import BadInput

# The converter writes "at most n" as n nested optional groups, `(c (c (c)?)?)?`; llama.cpp refuses
# that past ~1000 levels (a 2000-character maxLength), but parses the same language written `c{0,n}`.
_NESTED_OPTIONAL = re.compile(r"\(([\w-]+)((?: \(\1)*)((?:\)\?)+)")

# numpy's view of llama_token_data {int32 id; float logit; float p}, so a whole vocabulary is one buffer.
_TOKEN_DATA = np.dtype([("id", np.int32), ("logit", np.float32), ("p", np.float32)], align=True)


def _flat_repetition(m: re.Match) -> str:
    name, opens, closes = m.group(1), 1 + m.group(2).count("("), m.group(3).count(")?")
    if closes < opens:
        return m.group(0)  # not a plain chain; leave it as written
    return f"{name}{{0,{opens}}}" + ")?" * (closes - opens)


def schema_grammar(schema: dict, suffix: str = "") -> str:
    """GBNF for a JSON schema, then `suffix` literally: llama-cpp-python's converter, bounded repetitions flat."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    gbnf = _NESTED_OPTIONAL.sub(_flat_repetition, json_schema_to_gbnf(json.dumps(schema)))
    if suffix:
        # The call's closing tag is part of the grammar, so a token like `}}\n` that runs into it is allowed.
        gbnf = re.sub(r"^root ::=", "edgeagent-call ::=", gbnf, count=1, flags=re.MULTILINE)
        gbnf += f"\nroot ::= edgeagent-call {json.dumps(suffix)}\n"
    return gbnf


class GreedyGrammar:
    """One grammar matcher for one reply, picking the highest-logit token the grammar allows.

    Like llama.cpp's own sampler it first asks the grammar about the model's top token alone and masks
    the whole vocabulary only when that token is rejected: the same token as masking first, since greedy
    takes the argmax either way, at a fraction of the cost (masking ~50k candidates takes milliseconds).
    """

    def __init__(self, lc, vocab, gbnf: str, n_vocab: int) -> None:
        assert _TOKEN_DATA.itemsize == ctypes.sizeof(lc.llama_token_data)
        self._lc = lc
        self._ptr = lc.llama_sampler_init_grammar(vocab, gbnf.encode(), b"root")
        if not self._ptr:
            raise BadInput("llama.cpp could not parse the grammar built from the constraint schema")
        self._all = np.zeros(n_vocab, dtype=_TOKEN_DATA)
        self._one = np.zeros(1, dtype=_TOKEN_DATA)

    def _mask(self, cands: np.ndarray) -> np.ndarray:
        """Logits of `cands` with the tokens the grammar rejects set to -inf (in place)."""
        lc = self._lc
        arr = lc.llama_token_data_array(data=cands.ctypes.data_as(lc.llama_token_data_p), size=len(cands),
                                        selected=-1, sorted=False)
        lc.llama_sampler_apply(self._ptr, ctypes.byref(arr))
        return cands["logit"]

    def _masked(self, logits: np.ndarray) -> np.ndarray:
        self._all["id"] = np.arange(len(self._all), dtype=np.int32)
        self._all["logit"] = logits
        return self._mask(self._all)

    def pick(self, logits: np.ndarray, sampler: TokenSampler | None = None) -> int | None:
        """The token to emit, already accepted by the grammar; None if the grammar allows nothing. A sampler at
        temperature > 0 draws from the masked distribution (the whole vocabulary is masked first)."""
        if sampler is not None and not sampler.sampling.greedy:
            tok = sampler.pick(self._masked(logits))
            if tok is None:
                return None
        else:
            tok = int(logits.argmax())
            self._one["id"], self._one["logit"] = tok, logits[tok]
            if not np.isfinite(self._mask(self._one)[0]):
                masked = self._masked(logits)
                tok = int(masked.argmax())
                if not np.isfinite(masked[tok]):
                    return None
        self._lc.llama_sampler_accept(self._ptr, tok)
        return tok

    def close(self) -> None:
        if self._ptr:
            self._lc.llama_sampler_free(self._ptr)
            self._ptr = None
