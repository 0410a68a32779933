"""A deterministic scripted backend: replays fixed replies, for tests and demos without a model."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Iterator

from ..errors import BadInput
from .base import Backend, Chunk, Usage

_TOKEN = re.compile(r"\w+|[^\w\s]|\s+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


class ScriptedBackend(Backend):
    """Reply N is the script's N-th entry, N = assistant turns so far, so a resumed run replays identically."""

    name = "scripted"

    def __init__(self, replies: list[str], delay_s: float = 0.0, model_name: str = "scripted") -> None:
        self.replies = replies
        self.delay_s = delay_s
        self.model_name = model_name
        self._held: list[str] = []

    @classmethod
    def from_file(cls, path: str | Path) -> "ScriptedBackend":
        p = Path(path)
        try:
            data = json.loads(p.read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise BadInput(f"scripted model {p}: cannot read a JSON script ({e})") from None
        if isinstance(data, list):
            data = {"replies": data}
        if not isinstance(data, dict) or not isinstance(data.get("replies"), list):
            raise BadInput(f"scripted model {p}: expected a list of replies or {{'replies': [...]}}")
        replies = [r if isinstance(r, str) else json.dumps(r) for r in data["replies"]]
        return cls(replies, float(data.get("delay_s", 0.0)), model_name=f"scripted:{p.name}")

    def render(self, messages: list[dict], add_generation_prompt: bool = True) -> str:
        text = "".join(f"<|{m['role']}|>\n{m['content']}\n" for m in messages)
        return text + ("<|assistant|>\n" if add_generation_prompt else "")

    def count_tokens(self, text: str) -> int:
        return len(_tokens(text))

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256) -> Iterator[Chunk]:
        turn = sum(1 for m in messages if m["role"] == "assistant")
        if turn >= len(self.replies):
            reply = json.dumps({"tool": "finish", "args": {"answer": "script exhausted"}})
        else:
            reply = self.replies[turn]
        prompt = _tokens(self.render(messages))
        cached = 0
        while cached < min(len(prompt), len(self._held)) and prompt[cached] == self._held[cached]:
            cached += 1
        t0 = time.perf_counter()
        if self.delay_s:
            time.sleep(self.delay_s)
        out = _tokens(reply)[:max_tokens]
        ttft = time.perf_counter() - t0
        for tok in out[:-1]:
            yield Chunk(tok)
        self._held = prompt + out
        usage = Usage(len(prompt), cached, len(out), ttft, ttft, time.perf_counter() - t0 - ttft)
        finish = "stop" if len(out) == len(_tokens(reply)) else "length"
        yield Chunk(out[-1] if out else "", usage=usage, finish_reason=finish)
