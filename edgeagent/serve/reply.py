"""What a generation becomes in the Messages API: stop sequences, content blocks, usage, and the generation itself."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import cast

from edgeagent.backends.base import Backend, Chunk, Usage
from edgeagent.errors import EdgeAgentError
from edgeagent.serve.request import ApiError, MessagesRequest, bad_request, one_line


class StopCutter:
    """Cuts text at the first stop sequence; while streaming it holds back a tail that could begin one."""

    def __init__(self, stops: list[str]) -> None:
        self.stops = stops
        self.hit: str | None = None
        self.kept = ""  # everything released so far
        self._buf = ""

    def _first_match(self) -> tuple[int, str] | None:
        # The stop that completes first wins, as it would token by token.
        found = [(i + len(s), i, s) for s in self.stops if (i := self._buf.find(s)) >= 0]
        return min(found)[1:] if found else None

    def _held(self) -> int:
        best = 0
        for s in self.stops:
            for k in range(min(len(s) - 1, len(self._buf)), best, -1):
                if self._buf.endswith(s[:k]):
                    best = k
                    break
        return best

    def feed(self, text: str) -> str:
        """The part of `text` (plus what was held) that is safe to release now."""
        if self.hit is not None:
            return ""
        self._buf += text
        match = self._first_match()
        if match:
            cut, self.hit = match
            out, self._buf = self._buf[:cut], ""
        else:
            keep = len(self._buf) - self._held()
            out, self._buf = self._buf[:keep], self._buf[keep:]
        self.kept += out
        return out

    def finish(self) -> str:
        out, self._buf = self._buf, ""
        self.kept += out
        return out


def cut_text(text: str, stops: list[str]) -> tuple[str, str | None]:
    cutter = StopCutter(stops)
    cutter.feed(text)
    cutter.finish()
    return cutter.kept, cutter.hit


def new_id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(12)}"


def parse_action(text: str, tools: dict[str, dict]) -> tuple[str, dict] | str | None:
    """(name, args) for a tool call, a string for an answer, None if the output is neither."""
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    if set(obj) == {"tool", "args"} and obj["tool"] in tools and isinstance(obj["args"], dict):
        return obj["tool"], obj["args"]
    if set(obj) == {"answer"} and isinstance(obj["answer"], str):
        return obj["answer"]
    return None


@dataclass
class Reply:
    """What one generation becomes in the Messages API."""

    content: list[dict]
    stop_reason: str
    stop_sequence: str | None
    usage: Usage


def _text_stop(finish: str | None, hit: str | None) -> str:
    return "stop_sequence" if hit else ("max_tokens" if finish == "length" else "end_turn")


_ANSWER_START = re.compile(r'\s*\{\s*"answer"\s*:\s*"')


def partial_answer(raw: str) -> str | None:
    """The text of an {"answer": ...} cut off by max_tokens, so the client gets words rather than a JSON prefix."""
    start = _ANSWER_START.match(raw)
    if not start:
        return None
    body = raw[start.end():]
    for k in range(min(len(body), 6) + 1):  # drop a closing quote or a half-written escape at the end
        try:
            text = json.loads(f'"{body[:len(body) - k]}"')
        except ValueError:
            continue
        return text
    return None


def tools_reply(req: MessagesRequest, raw: str, last: Chunk) -> Reply:
    """Constrained output as a tool_use block or a text block; unparseable output stays text."""
    usage = last.usage or Usage()
    action = parse_action(raw, req.tools)
    if action is None and last.finish_reason == "length":
        action = partial_answer(raw)
    if isinstance(action, tuple):
        block = {"type": "tool_use", "id": new_id("toolu"), "name": action[0], "input": action[1]}
        return Reply([block], "tool_use", None, usage)
    text, hit = cut_text(action if isinstance(action, str) else raw, req.stop_sequences)
    return Reply([{"type": "text", "text": text}], _text_stop(last.finish_reason, hit), hit, usage)


def usage_body(u: Usage) -> dict:
    # Anthropic counts input_tokens without the cache-read part; their sum is the whole prompt.
    return {"input_tokens": u.prompt_tokens - u.cached_tokens, "output_tokens": u.completion_tokens,
            "cache_read_input_tokens": u.cached_tokens, "cache_creation_input_tokens": 0}


def message_body(msg_id: str, model: str, reply: Reply) -> dict:
    return {"id": msg_id, "type": "message", "role": "assistant", "model": model, "content": reply.content,
            "stop_reason": reply.stop_reason, "stop_sequence": reply.stop_sequence, "usage": usage_body(reply.usage)}


def backend_error(e: Exception) -> ApiError:
    # edgeagent errors (context full, bad model input) are the request's to fix; anything else is ours.
    if isinstance(e, EdgeAgentError):
        return bad_request(one_line(e))
    return ApiError(500, "api_error", f"the backend failed: {one_line(e)}")



class ClientGone(Exception):
    """The client disconnected, timed out or stopped reading, or the server is stopping: nobody waits for the reply."""


def _never() -> bool:
    return False


class Generation:
    """One backend call under the backend's lock; started eagerly so early failures are plain HTTP errors."""

    def __init__(self, backend: Backend, req: MessagesRequest) -> None:
        self.backend, self.req = backend, req
        self.cutter = StopCutter(req.stop_sequences)
        self.finished = False
        # cast: every backend's generate() is a generator function, and close() below needs that
        self._chunks = cast(Generator[Chunk, None, None],
                            backend.generate(req.messages, constraint=req.constraint, max_tokens=req.max_tokens))
        try:
            self._first: Chunk | None = next(self._chunks, None)
        except Exception as e:  # noqa: BLE001 - any backend failure becomes an API error, never a traceback
            self.close()
            raise backend_error(e) from None

    def _iter(self) -> Iterator[Chunk]:
        if self._first is not None:
            yield self._first
        yield from self._chunks

    def run(self, on_text: Callable[[str], None], cancelled: Callable[[], bool] = _never) -> tuple[str, Chunk]:
        """Drain the backend, passing releasable text to on_text (plain-text mode); the raw text and last chunk.

        `cancelled` is asked before each chunk: a reply nobody waits for must not keep the model busy."""
        text_mode = not self.req.tools
        parts, last = [], Chunk("")
        for chunk in self._iter():
            if cancelled():
                self.close()
                raise ClientGone("generation cancelled")
            parts.append(chunk.text)
            last = chunk
            # After a stop sequence keep draining: the backend's KV bookkeeping expects a finished call.
            if text_mode and chunk.text and (piece := self.cutter.feed(chunk.text)):
                on_text(piece)
        self.finished = True
        if text_mode and (tail := self.cutter.finish()):
            on_text(tail)
        return "".join(parts), last

    def close(self) -> None:
        """A call stopped midway leaves the KV cache out of step with the backend's record: start clean."""
        if not self.finished:
            self.finished = True
            self._chunks.close()
            self.backend.reset()

    def reply(self, raw: str, last: Chunk) -> Reply:
        if self.req.tools:
            return tools_reply(self.req, raw, last)
        hit = self.cutter.hit
        return Reply([{"type": "text", "text": self.cutter.kept}], _text_stop(last.finish_reason, hit), hit,
                     last.usage or Usage())

