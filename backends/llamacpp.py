"""llama.cpp backend (llama-cpp-python): one `Llama` per GGUF model, KV prefix reuse, grammar-constrained calls.

Install (llama-cpp-python ships no wheels on PyPI: pip compiles llama.cpp, several minutes):
  CPU (verified, x86-64 Linux):   CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install 'edgeagent[llamacpp]'
                                  (generic: the native build crashed on an AVX-512 Xeon; llamacpp_build.py)
  Apple Metal (unverified):       CMAKE_ARGS="-DGGML_METAL=on" pip install --no-cache-dir 'edgeagent[llamacpp]'
  Jetson Orin, CUDA (unverified): CMAKE_ARGS="-DGGML_CUDA=on -DCMAKE_CUDA_ARCHITECTURES=87" \
                                      pip install --no-cache-dir 'edgeagent[llamacpp]'
(--no-cache-dir: otherwise pip may reuse a CPU-only wheel it built earlier.)

The token loop is driven here (`Llama.eval`, then greedy or seeded sampling under a GBNF grammar, backends/gbnf.py) rather
than through `Llama.generate`, so the backend decides how much of the KV cache to keep and reports exactly
the tokens it re-evaluated, and reads each step's raw logits before the grammar masks them.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from edgeagent.backends.base import Backend, CallClock, Chunk, TokenScore, physical_cores, score_logits
from edgeagent.backends.chat_template import ChatTemplate
from edgeagent.backends.chat_tokens import ChatTokens, common_prefix
from edgeagent.errors import BadInput, ModelError

if TYPE_CHECKING:
    from edgeagent.backends.gbnf import GreedyGrammar

INSTALL_HINT = ("the llamacpp backend needs llama-cpp-python: CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" pip install "
                "'edgeagent[llamacpp]' (compiles; see docs/models.md)")


def llamacpp_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("llama_cpp") is not None


def _import_llama_cpp():
    try:
        import llama_cpp
    except ImportError:
        raise BadInput(INSTALL_HINT) from None
    return llama_cpp


class LlamaCppBackend(Backend):
    name = "llamacpp"

    def __init__(self, model_path: str | Path, *, model_name: str = "", n_ctx: int = 4096,
                 n_threads: int | None = None, n_gpu_layers: int = 0) -> None:
        llama_cpp = _import_llama_cpp()
        self._lc = llama_cpp
        self.model_path = Path(model_path)
        self.model_name = model_name or self.model_path.stem
        if not self.model_path.is_file():
            raise ModelError(f"no GGUF model at {self.model_path}")
        threads = n_threads or physical_cores()
        try:
            self._llm = llama_cpp.Llama(
                model_path=str(self.model_path), n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads,
                n_gpu_layers=n_gpu_layers, logits_all=False, verbose=False,
            )
        except (ValueError, RuntimeError) as e:
            raise ModelError(f"cannot load GGUF model at {self.model_path}: {e}") from None
        self.context_length = self._llm.n_ctx()
        self._vocab = llama_cpp.llama_model_get_vocab(self._llm.model)
        self._n_vocab = self._llm.n_vocab()
        template = self._llm.metadata.get("tokenizer.chat_template")
        if not template:
            raise ModelError(f"{self.model_path.name} carries no chat template (tokenizer.chat_template)")
        bos, eos = self._llm.token_bos(), self._llm.token_eos()
        self._bos_text = self._piece(bos) if bos >= 0 else ""
        self._eos_text = self._piece(eos) if eos >= 0 else ""
        self._template = ChatTemplate(template, self._bos_text, self._eos_text)
        self.template_source = template
        self._add_bos = bos >= 0 and bool(llama_cpp.llama_vocab_get_add_bos(self._vocab))
        eog = {t for t in range(self._n_vocab) if llama_cpp.llama_vocab_is_eog(self._vocab, t)}
        self._eog = eog
        self._chat = ChatTokens(self.render, self._encode, eog, self._eos_text)
        self._grammars: dict[str, str] = {}  # schema key -> GBNF text

    def _piece(self, token: int) -> str:
        return self._llm.detokenize([token], special=True).decode("utf-8", errors="replace")

    def _encode(self, text: str) -> list[int]:
        return self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    # rendering and tokens
    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        return self._template.render(messages, add_generation_prompt, tools)

    def count_tokens(self, text: str) -> int:
        return len(self._encode(text))

    def encode_messages(self, messages: list[dict], tools: list[dict] | None = None) -> list[int]:
        """Token ids of the prompt; replies this backend generated keep their exact original ids."""
        ids = self._chat.encode(messages, tools)
        # Models whose vocabulary asks for BOS get it once, unless the template already wrote it.
        if self._add_bos and (not ids or ids[0] != self._llm.token_bos()):
            ids = [self._llm.token_bos()] + ids
        return ids

    @property
    def held_tokens(self) -> list[int]:
        """The tokens whose KV the context holds, as llama-cpp-python records them."""
        return [int(t) for t in self._llm.input_ids[: self._llm.n_tokens]]

    # generation
    def _grammar(self, constraint: dict | None, suffix: str = "") -> GreedyGrammar | None:
        if not constraint:
            return None
        from edgeagent.backends.gbnf import GreedyGrammar, schema_grammar

        key = json.dumps([constraint, suffix])
        if key not in self._grammars:
            self._grammars[key] = schema_grammar(constraint, suffix)  # the text is kept; each reply gets a fresh matcher
        return GreedyGrammar(self._lc, self._vocab, self._grammars[key], self._n_vocab)

    def _logits_row(self):
        import numpy as np

        # A view of the context's last row: valid until the next eval().
        ptr = self._lc.llama_get_logits_ith(self._llm.ctx, -1)
        return np.ctypeslib.as_array(ptr, shape=(self._n_vocab,))

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "",
                 suffix: str = "") -> Iterator[Chunk]:
        forced = self._encode(prefix) if prefix else []
        target = self.encode_messages(messages, tools) + forced
        max_tokens = self._room(len(target), max_tokens)
        llm = self._llm
        # Keep at least one token to evaluate, so the logits we pick from belong to this prompt.
        cached = min(common_prefix(self.held_tokens, target), len(target) - 1)
        grammar = self._grammar(constraint, suffix)
        out: list[int] = []
        parts: list[str] = []
        scores: list[TokenScore] | None = [] if logprobs else None
        utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        done = False
        try:
            clock = CallClock()
            llm.n_tokens = cached  # eval() drops the KV cache from here on, then appends the new tokens
            llm.eval(target[cached:])
            clock.prefilled()
            while len(out) < max_tokens:
                # The raw row: logprobs score the model's own distribution, not the grammar-masked one.
                logits = self._logits_row()
                tok = grammar.pick(logits, self.sampler) if grammar else self.sampler.pick(logits)
                if tok is None:  # the grammar allows nothing more: treat as the end of the reply
                    done = True
                    break
                out.append(tok)
                clock.token()
                if tok in self._eog:
                    done = True
                    break
                text = utf8.decode(llm.detokenize([tok]))
                if scores is not None:
                    scores.append(score_logits(logits, tok, text))
                if text:
                    parts.append(text)
                    yield Chunk(text, [tok])
                if len(out) < max_tokens:
                    llm.eval([tok])
            tail = utf8.decode(b"", final=True)
            if tail:
                parts.append(tail)
                yield Chunk(tail)
        finally:
            if grammar:
                grammar.close()
        if done:
            self._chat.remember(prefix + "".join(parts), forced + out)
        yield clock.last_chunk(len(target), cached, len(out), done, scores)

    def reset(self) -> None:
        self._llm.reset()

    def close(self) -> None:
        if getattr(self, "_llm", None) is not None:
            self._llm.close()
            self._llm = None
