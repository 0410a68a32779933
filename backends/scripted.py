"""A deterministic scripted backend: replays fixed replies, for tests and demos without a model."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

from edgeagent.backends.base import Backend, Chunk, TokenScore, Usage
from edgeagent.backends.chat_template import ChatTemplate
from edgeagent.errors import BadInput

_TOKEN = re.compile(r"\w+|[^\w\s]|\s+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


class ScriptedBackend(Backend):
    """Reply N is the script's N-th entry, N = assistant turns so far, so a resumed run replays identically.

    An entry may be a list of replies in the model's order of preference: as a constrained model would, the
    backend answers with the first whose tool the step's grammar admits (the first when none is)."""

    name = "scripted"

    def __init__(self, replies: list[str | list[str]], delay_s: float = 0.0, model_name: str = "scripted",
                 scores: list[tuple[float, float] | None] | None = None, template: str | None = None) -> None:
        self.replies = replies
        # A chat template makes the script speak that template's tool-call format, as a real model would.
        self.template_source = template
        self._template = ChatTemplate(template) if template else None
        self.call_kwargs: list[dict] = []  # the keyword arguments of every generate() call, for tests
        self.scores = scores or [None] * len(replies)  # per reply: (entropy, logprob) every token reports
        self.delay_s = delay_s
        self.model_name = model_name
        self._held: list[str] = []

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedBackend:
        p = Path(path)
        try:
            data = json.loads(p.read_text())
        except (OSError, ValueError) as e:  # ValueError: not JSON, or not UTF-8
            raise BadInput(f"scripted model {p}: cannot read a JSON script ({e})") from None
        if isinstance(data, list):
            data = {"replies": data}
        if not isinstance(data, dict) or not isinstance(data.get("replies"), list):
            raise BadInput(f"scripted model {p}: expected a list of replies or {{'replies': [...]}}")
        replies: list[str | list[str]] = []
        scores: list[tuple[float, float] | None] = []
        for r in data["replies"]:
            # {"reply": ..., "entropy": 2.3, "logprob": -0.4} declares how unsure the scripted model is.
            scored = isinstance(r, dict) and "reply" in r
            body = r["reply"] if scored else r
            if isinstance(body, list) and body:  # alternatives, in the model's order of preference
                replies.append([b if isinstance(b, str) else json.dumps(b) for b in body])
            else:
                replies.append(body if isinstance(body, str) else json.dumps(body))
            try:
                scores.append((float(r.get("entropy", 0.0)), float(r.get("logprob", 0.0))) if scored else None)
            except (TypeError, ValueError):
                raise BadInput(f"scripted model {p}: entropy and logprob must be numbers") from None
        template = data.get("chat_template")
        if template is not None and not isinstance(template, str):
            raise BadInput(f"scripted model {p}: chat_template must be a string")
        delay = data.get("delay_s", 0.0)
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay < 3600:
            raise BadInput(f"scripted model {p}: delay_s must be a number of seconds from 0 to 3600")
        return cls(replies, float(delay), model_name=f"scripted:{p.name}", scores=scores,
                   template=template)

    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        if self._template is not None:
            return self._template.render(messages, add_generation_prompt, tools)
        text = "".join(f"<|{m['role']}|>\n{m['content']}\n" for m in messages)
        return text + ("<|assistant|>\n" if add_generation_prompt else "")

    def count_tokens(self, text: str) -> int:
        return len(_tokens(text))

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "",
                 suffix: str = "") -> Iterator[Chunk]:
        self.call_kwargs.append({"constraint": constraint, "max_tokens": max_tokens, "tools": tools, "prefix": prefix,
                                 "suffix": suffix})
        turn = sum(1 for m in messages if m["role"] == "assistant")
        if turn >= len(self.replies):
            name_key, args_key = _call_keys(constraint)
            reply, declared = json.dumps({name_key: "finish", args_key: {"answer": "script exhausted"}}), None
        else:
            reply, declared = _admitted(self.replies[turn], constraint), self.scores[turn]
        prompt = _tokens(self.render(messages, tools=tools) + prefix)
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
        entropy, logprob = declared or (0.0, 0.0)
        scores = [TokenScore(t, logprob, entropy) for t in out] if logprobs else None
        yield Chunk(out[-1] if out else "", usage=usage, finish_reason=finish, scores=scores)


def _call_keys(constraint: dict | None) -> tuple[str, str]:
    """The fields a call is written with (tool name, arguments), read off the step's grammar: the name is the
    property holding a constant, the arguments the object beside it; the generic format's when there is none."""
    for variant in (constraint or {}).get("anyOf", []):
        props = variant.get("properties", {})
        name = next((k for k, v in props.items() if "const" in v), None)
        args = next((k for k, v in props.items() if v.get("type") == "object"), None)
        if name and args:
            return name, args
    return "tool", "args"


def _admitted(reply: str | list[str], constraint: dict | None) -> str:
    """The first of a reply's alternatives whose tool the grammar admits, as greedy decoding under a mask picks."""
    if isinstance(reply, str):
        return reply
    allowed = {c for v in (constraint or {}).get("anyOf", []) for p in v.get("properties", {}).values()
               if isinstance(c := p.get("const"), str)}
    for alt in reply:
        try:
            body = json.loads(alt.strip().removesuffix("]"))
        except ValueError:
            continue
        if isinstance(body, dict) and allowed & {v for v in body.values() if isinstance(v, str)}:
            return alt
    return reply[0]
