"""`edgeagent serve`: the Anthropic Messages API over a local backend, so the official SDK can talk to it."""

from __future__ import annotations

import hmac
import json
import re
import secrets
import signal
import socket
import socketserver
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from ipaddress import ip_address
from typing import Callable, Iterator
from urllib.parse import unquote, urlsplit

import click

from . import models as model_registry
from .backends.base import Backend, Chunk, Usage
from .errors import BadInput, EdgeAgentError

DEFAULT_PORT = 8642
MAX_BODY = 8 * 1024 * 1024
# llguidance extension, as in tools.action_schema: fixed separators keep a small model from wandering.
GUIDANCE = {"whitespace_flexible": False, "key_separator": ": ", "item_separator": ", "}
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
TOOL_CHOICES = {"auto", "any", "tool", "none"}
SKIPPED_BLOCKS = {"thinking", "redacted_thinking"}  # Claude history a client may replay; a local model has none
UNSUPPORTED_BLOCKS = {"image", "document", "search_result", "server_tool_use", "web_search_tool_result",
                      "container_upload"}

Loader = Callable[[str], Backend]
Log = Callable[[str], None]


class ApiError(Exception):
    """A failure the client receives as an Anthropic-style error body with this HTTP status."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message

    def body(self) -> dict:
        return {"type": "error", "error": {"type": self.kind, "message": self.message}}


def _bad(message: str) -> ApiError:
    return ApiError(400, "invalid_request_error", message)


def _one_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return (lines[0] if lines else type(e).__name__)[:300]


# ---------------------------------------------------------------- request parsing and conversion


@dataclass
class MessagesRequest:
    """A validated request, already converted to the backend's chat messages."""

    model: str
    messages: list[dict]
    max_tokens: int
    tools: dict[str, dict] = field(default_factory=dict)  # name -> args schema; empty: plain text
    allow_answer: bool = True  # False when tool_choice forces a tool call
    stop_sequences: list[str] = field(default_factory=list)
    stream: bool = False

    @property
    def constraint(self) -> dict | None:
        return tool_schema(self.tools, self.allow_answer) if self.tools else None


def _object(props: dict) -> dict:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def tool_schema(tools: dict[str, dict], allow_answer: bool = True) -> dict:
    """The JSON schema for one reply: a call {"tool", "args"} to one of `tools`, or (if allowed) {"answer"}."""
    variants = [_object({"tool": {"const": name}, "args": args}) for name, args in tools.items()]
    if allow_answer:
        variants.append(_object({"answer": {"type": "string"}}))
    return {"anyOf": variants, "x-guidance": dict(GUIDANCE)}


def _text_of(content: object, where: str) -> str:
    """A string, or text blocks joined; what `system` and tool_result content may be."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise _bad(f"{where}: expected a string or a list of text blocks")
    parts = []
    for i, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") != "text" or not isinstance(block.get("text"), str):
            kind = block.get("type") if isinstance(block, dict) else type(block).__name__
            raise _bad(f"{where}.{i}: expected a text block, got {kind!r}")
        parts.append(block["text"])
    return "\n\n".join(parts)


def tool_call_text(name: str, args: object) -> str:
    """A tool call the way edgeagent's agent writes it, so replayed history matches what the model produced."""
    return json.dumps({"tool": name, "args": args}, ensure_ascii=False)


def _block_text(block: object, role: str, where: str) -> str | None:
    """One content block as text for the backend; None for blocks a local model skips."""
    if not isinstance(block, dict) or not isinstance(block.get("type"), str):
        raise _bad(f"{where}: a content block must be an object with a type")
    kind = block["type"]
    if kind == "text":
        if not isinstance(block.get("text"), str):
            raise _bad(f"{where}.text: must be a string")
        return block["text"]
    if kind == "tool_use" and role == "assistant":
        if not isinstance(block.get("name"), str) or not isinstance(block.get("input", {}), dict):
            raise _bad(f"{where}: tool_use needs a name and an input object")
        return tool_call_text(block["name"], block.get("input", {}))
    if kind == "tool_result" and role == "user":
        body = _text_of(block.get("content"), f"{where}.content")
        return "Observation:\n" + (f"error: {body}" if block.get("is_error") else body)
    if kind in SKIPPED_BLOCKS and role == "assistant":
        return None
    if kind in ("tool_use", "tool_result"):
        raise _bad(f"{where}: {kind} blocks are not allowed in {role} messages")
    if kind in UNSUPPORTED_BLOCKS:
        raise _bad(f"{where}: {kind!r} blocks are not supported by this text-only local model")
    raise _bad(f"{where}: unknown content block type {kind!r}")


def _message_text(msg: object, i: int, answers_as_json: bool) -> tuple[str, str]:
    where = f"messages.{i}"
    if not isinstance(msg, dict):
        raise _bad(f"{where}: must be an object with role and content")
    role, content = msg.get("role"), msg.get("content")
    if role not in ("user", "assistant"):
        raise _bad(f"{where}.role: must be 'user' or 'assistant', got {role!r}")
    if isinstance(content, str):
        blocks: list = [{"type": "text", "text": content}]
    elif isinstance(content, list) and content:
        blocks = content
    else:
        raise _bad(f"{where}.content: must be a string or a non-empty list of content blocks")
    texts = [t for j, b in enumerate(blocks) if (t := _block_text(b, role, f"{where}.content.{j}")) is not None]
    only_text = all(isinstance(b, dict) and b.get("type") in ("text", *SKIPPED_BLOCKS) for b in blocks)
    if role == "assistant" and answers_as_json and only_text:
        # With tools the model speaks JSON; its earlier answers are shown to it the way it wrote them.
        return role, json.dumps({"answer": "\n\n".join(texts)}, ensure_ascii=False)
    return role, "\n\n".join(texts)


def to_chat(system: object, messages: object, tools_prompt: str = "", answers_as_json: bool = False) -> list[dict]:
    """Anthropic `system` + `messages` as backend chat messages; consecutive same-role turns are merged."""
    if not isinstance(messages, list) or not messages:
        raise _bad("messages: must be a non-empty list")
    chat: list[dict] = []
    sys_text = "\n\n".join(t for t in (_text_of(system, "system"), tools_prompt) if t)
    if sys_text:
        chat.append({"role": "system", "content": sys_text})
    for i, msg in enumerate(messages):
        role, text = _message_text(msg, i, answers_as_json)
        if chat and chat[-1]["role"] == role:
            chat[-1]["content"] += "\n\n" + text
        else:
            chat.append({"role": role, "content": text})
    if chat[-1]["role"] != "user":
        raise _bad("messages: the last message must be a user message (assistant prefill is not supported)")
    return chat


def _parse_tools(tools: object) -> dict[str, dict]:
    if not isinstance(tools, list):
        raise _bad("tools: must be a list")
    out: dict[str, dict] = {}
    for i, tool in enumerate(tools):
        where = f"tools.{i}"
        if not isinstance(tool, dict):
            raise _bad(f"{where}: must be an object")
        if tool.get("type") not in (None, "custom"):
            raise _bad(f"{where}: server tool {tool.get('type')!r} is not supported; use custom tools")
        name, schema = tool.get("name"), tool.get("input_schema")
        if not isinstance(name, str) or not TOOL_NAME.match(name):
            raise _bad(f"{where}.name: must match {TOOL_NAME.pattern}")
        if name in out:
            raise _bad(f"{where}.name: duplicate tool name {name!r}")
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise _bad(f"{where}.input_schema: must be a JSON schema object with type 'object'")
        if not isinstance(tool.get("description", ""), str):
            raise _bad(f"{where}.description: must be a string")
        # Extra keys the caller did not declare would only be noise from a small model.
        out[name] = {"additionalProperties": False, **schema}
    return out


def _tool_choice(choice: object, tools: dict[str, dict]) -> tuple[dict[str, dict], bool]:
    """The tools the model may call and whether it may answer in text instead."""
    if choice is None:
        return tools, True
    if not isinstance(choice, dict) or choice.get("type") not in TOOL_CHOICES:
        raise _bad(f"tool_choice: type must be one of {', '.join(sorted(TOOL_CHOICES))}")
    kind = choice["type"]
    if kind == "none":
        return {}, True
    if kind in ("any", "tool") and not tools:
        raise _bad(f"tool_choice: {kind!r} needs tools")
    if kind == "tool":
        name = choice.get("name")
        if name not in tools:
            raise _bad(f"tool_choice.name: {name!r} is not one of the given tools")
        return {name: tools[name]}, False
    return tools, kind == "auto"


def tools_prompt(raw_tools: list[dict], callable_tools: dict[str, dict], allow_answer: bool) -> str:
    """The system-prompt lines that tell the model its tools and the reply format the grammar enforces."""
    lines = []
    for tool in raw_tools:
        if tool["name"] in callable_tools:
            params = ", ".join(tool["input_schema"].get("properties") or {})
            desc = (tool.get("description") or "").strip()
            lines.append(f"- {tool['name']}({params})" + (f": {desc}" if desc else ""))
    how = 'Reply with exactly one JSON object: {"tool": NAME, "args": {...}} to call a tool'
    how += ', or {"answer": TEXT} to reply to the user.' if allow_answer else "."
    return how + "\nTools:\n" + "\n".join(lines)


def _positive_int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise _bad(f"{where}: must be a positive integer, got {value!r}")
    return value


def _stop_sequences(value: object) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(s, str) and s for s in value):
        raise _bad("stop_sequences: must be a list of non-empty strings")
    return value


def parse_request(body: object, *, need_max_tokens: bool = True) -> MessagesRequest:
    """Validate a Messages API body; ApiError(400) names the first bad field."""
    if not isinstance(body, dict):
        raise _bad("the request body must be a JSON object")
    model = body.get("model", "default")
    if not isinstance(model, str) or not model:
        raise _bad("model: must be a model name (\"default\" is the served model)")
    max_tokens = _positive_int(body.get("max_tokens"), "max_tokens") if need_max_tokens else 1
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise _bad("stream: must be true or false")
    raw_tools = body.get("tools") or []
    tools, allow_answer = _tool_choice(body.get("tool_choice"), _parse_tools(raw_tools))
    prompt = tools_prompt(raw_tools, tools, allow_answer) if tools else ""
    chat = to_chat(body.get("system"), body.get("messages"), prompt, answers_as_json=bool(tools))
    return MessagesRequest(model, chat, max_tokens, tools, allow_answer, _stop_sequences(body.get("stop_sequences")),
                           stream)


# ---------------------------------------------------------------- output: stop sequences and content blocks


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


def _backend_error(e: Exception) -> ApiError:
    # edgeagent errors (context full, bad model input) are the request's to fix; anything else is ours.
    if isinstance(e, EdgeAgentError):
        return _bad(_one_line(e))
    return ApiError(500, "api_error", f"the backend failed: {_one_line(e)}")


# ---------------------------------------------------------------- generation


class Generation:
    """One backend call under the backend's lock; started eagerly so early failures are plain HTTP errors."""

    def __init__(self, backend: Backend, req: MessagesRequest) -> None:
        self.backend, self.req = backend, req
        self.cutter = StopCutter(req.stop_sequences)
        self.finished = False
        self._chunks = backend.generate(req.messages, constraint=req.constraint, max_tokens=req.max_tokens)
        try:
            self._first: Chunk | None = next(self._chunks, None)
        except Exception as e:
            self.close()
            raise _backend_error(e) from None

    def _iter(self) -> Iterator[Chunk]:
        if self._first is not None:
            yield self._first
        yield from self._chunks

    def run(self, on_text: Callable[[str], None]) -> tuple[str, Chunk]:
        """Drain the backend, passing releasable text to on_text (plain-text mode); the raw text and last chunk."""
        text_mode = not self.req.tools
        parts, last = [], Chunk("")
        for chunk in self._iter():
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


# ---------------------------------------------------------------- HTTP


class MessagesServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that owns the loaded backends: one lock per backend, since each has one KV cache."""

    daemon_threads = True

    def __init__(self, loader: Loader, default_model: str, host: str, port: int, *, api_key: str | None,
                 model_names: Callable[[], list[str]] | None, log: Log | None, max_body: int) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.loader, self.default_model, self.api_key = loader, default_model, api_key or None
        self.model_names = model_names or (lambda: [default_model])
        self.log, self.max_body = log, max_body
        self.started_at = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        self._backends: dict[str, tuple[Backend, threading.Lock]] = {}
        self._load_lock = threading.Lock()
        super().__init__((host, port), _Handler)

    def server_bind(self) -> None:
        # HTTPServer.server_bind calls getfqdn(), a reverse DNS lookup that can stall for seconds offline.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = str(self.server_address[0]), self.server_address[1]

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        host = str(self.server_address[0])
        return f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"

    def backend(self, model: str) -> tuple[str, Backend, threading.Lock]:
        """(served name, backend, its lock) for a request's model; loads and caches it on first use."""
        name = self.default_model if model == "default" else model
        with self._load_lock:
            if name not in self._backends:
                try:
                    self._backends[name] = (self.loader(name), threading.Lock())
                except EdgeAgentError as e:
                    raise ApiError(404, "not_found_error", f"model {model!r}: {_one_line(e)}") from None
                except Exception as e:
                    raise ApiError(500, "api_error", f"loading model {name!r} failed: {_one_line(e)}") from None
            backend, lock = self._backends[name]
        return name, backend, lock

    def server_close(self) -> None:
        super().server_close()
        for backend, _ in self._backends.values():
            backend.close()


class _Handler(BaseHTTPRequestHandler):
    server: MessagesServer
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDK's connection pool expects
    timeout = 120  # drop idle keep-alive connections
    server_version = "edgeagent"

    # routing
    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_POST

    def _dispatch(self) -> None:
        t0, self._status, self._body_read = time.perf_counter(), 0, False
        path = urlsplit(self.path).path.rstrip("/")
        try:
            if not self._authorized():
                raise ApiError(401, "authentication_error", "invalid x-api-key")
            handler, allowed = self._route(path)
            if handler is None:
                raise ApiError(404, "not_found_error", f"no such endpoint: {path or '/'}")
            if self.command not in allowed:
                raise ApiError(405, "invalid_request_error", f"{self.command} is not allowed on {path}; use {allowed}")
            handler(path)
        except ApiError as e:
            if e.status >= 500:
                self._log(f"error: {e.message}")
            self._send_json(e.status, e.body())
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as e:  # a bug here must not kill the server or show a traceback to the client
            self._log(f"internal error: {type(e).__name__}: {_one_line(e)}")
            if not self._status:
                self._send_json(500, ApiError(500, "api_error", _one_line(e)).body())
            self.close_connection = True
        self._log(f'"{self.command} {path}" {self._status} {time.perf_counter() - t0:.2f}s')

    def _route(self, path: str) -> tuple[Callable[[str], None] | None, str]:
        if path == "/v1/messages":
            return self._messages, "POST"
        if path == "/v1/messages/count_tokens":
            return self._count_tokens, "POST"
        if path == "/v1/models" or path.startswith("/v1/models/"):
            return self._models, "GET"
        return None, ""

    def _authorized(self) -> bool:
        key = self.server.api_key
        if key is None:
            return True
        auth = self.headers.get("authorization") or ""
        given = [self.headers.get("x-api-key") or "", auth[7:].strip() if auth.lower().startswith("bearer ") else ""]
        return any(g and hmac.compare_digest(g.encode(), key.encode()) for g in given)

    # bodies
    def _read_json(self) -> object:
        if "chunked" in (self.headers.get("transfer-encoding") or "").lower():
            raise ApiError(411, "invalid_request_error", "send the body with a Content-Length")
        try:
            size = int(self.headers.get("content-length") or 0)
        except ValueError:
            size = -1
        if size < 0:
            raise _bad("invalid Content-Length")
        if size > self.server.max_body:
            raise ApiError(413, "request_too_large", f"the body is {size} bytes; the limit is {self.server.max_body}")
        raw = self.rfile.read(size)
        self._body_read = True
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError) as e:
            raise _bad(f"the body is not valid JSON: {e}") from None

    def _body_pending(self) -> bool:
        try:
            return not self._body_read and int(self.headers.get("content-length") or 0) > 0
        except ValueError:
            return True

    def _send_json(self, status: int, obj: dict) -> None:
        data = json.dumps(obj, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("request-id", new_id("req"))
        if self._body_pending() or self.close_connection:
            # An unread body would be taken for the next request on this connection.
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(data)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def log_request(self, code: object = "-", size: object = "-") -> None:
        """Silenced: _dispatch logs one line per request when it is done."""

    def log_message(self, format: str, *args: object) -> None:
        self._log(format % args)

    def _log(self, line: str) -> None:
        if self.server.log:
            self.server.log(f"{self.client_address[0]} {line}")

    # endpoints
    def _messages(self, path: str) -> None:
        req = parse_request(self._read_json())
        name, backend, lock = self.server.backend(req.model)
        with lock:
            estimate = _prompt_tokens(backend, req) if req.stream else 0
            gen = Generation(backend, req)
            try:
                if req.stream:
                    _SSE(self, gen, name, estimate).run()
                    return
                try:
                    raw, last = gen.run(lambda text: None)
                except Exception as e:
                    raise _backend_error(e) from None
            finally:
                gen.close()  # no-op after a finished call; resets the backend after an abandoned one
            self._send_json(200, message_body(new_id("msg"), name, gen.reply(raw, last)))

    def _count_tokens(self, path: str) -> None:
        req = parse_request(self._read_json(), need_max_tokens=False)
        _, backend, lock = self.server.backend(req.model)
        with lock:
            try:
                n = backend.count_tokens(backend.render(req.messages))
            except Exception as e:
                raise _backend_error(e) from None
        self._send_json(200, {"input_tokens": n})

    def _models(self, path: str) -> None:
        names = list(dict.fromkeys(self.server.model_names()))
        infos = [{"type": "model", "id": n, "display_name": n, "created_at": self.server.started_at,
                  "lifecycle": "active"} for n in names]
        if path != "/v1/models":
            wanted = unquote(path[len("/v1/models/"):])
            wanted = self.server.default_model if wanted == "default" else wanted
            match = [m for m in infos if m["id"] == wanted]
            if not match:
                raise ApiError(404, "not_found_error", f"model {wanted!r} not found")
            self._send_json(200, match[0])
            return
        self._send_json(200, {"data": infos, "has_more": False, "first_id": names[0] if names else None,
                              "last_id": names[-1] if names else None})


def _prompt_tokens(backend: Backend, req: MessagesRequest) -> int:
    """message_start needs input_tokens before generation; the exact count follows in message_delta."""
    try:
        return backend.count_tokens(backend.render(req.messages))
    except Exception:
        return 0


class _SSE:
    """The Messages streaming protocol over chunked HTTP: start, block events, delta, stop."""

    def __init__(self, handler: _Handler, gen: Generation, model: str, estimate: int) -> None:
        self.h, self.gen, self.model, self.estimate = handler, gen, model, estimate

    def _write(self, data: bytes) -> None:
        self.h.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.h.wfile.flush()

    def event(self, name: str, data: dict) -> None:
        self._write(f"event: {name}\ndata: {json.dumps({'type': name, **data}, ensure_ascii=False)}\n\n".encode())

    def run(self) -> None:
        h = self.h
        h.send_response(200)
        h.send_header("Content-Type", "text/event-stream")
        h.send_header("Cache-Control", "no-cache")
        h.send_header("Transfer-Encoding", "chunked")
        h.send_header("request-id", new_id("req"))
        h.end_headers()
        start = {"id": new_id("msg"), "type": "message", "role": "assistant", "model": self.model, "content": [],
                 "stop_reason": None, "stop_sequence": None, "usage": usage_body(Usage(prompt_tokens=self.estimate))}
        self.event("message_start", {"message": start})
        try:
            self._body()
        except (BrokenPipeError, ConnectionResetError):
            raise  # the client left; the caller closes the generation
        except Exception as e:
            self.gen.close()
            error = _backend_error(e)
            h._log(f"error mid-stream: {error.message}")
            self.event("error", error.body())
        h.wfile.write(b"0\r\n\r\n")

    def _body(self) -> None:
        text_mode = not self.gen.req.tools
        if text_mode:
            self.event("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}})
        raw, last = self.gen.run(lambda text: self.event(
            "content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": text}}))
        reply = self.gen.reply(raw, last)
        if text_mode:
            self.event("content_block_stop", {"index": 0})
        else:
            for i, block in enumerate(reply.content):
                self._block(i, block)
        usage = usage_body(reply.usage)
        self.event("message_delta", {"delta": {"stop_reason": reply.stop_reason, "stop_sequence": reply.stop_sequence},
                                     "usage": usage})
        self.event("message_stop", {})

    def _block(self, index: int, block: dict) -> None:
        """A finished block as start, one delta, stop: tool arguments are only known once the JSON is complete."""
        if block["type"] == "tool_use":
            self.event("content_block_start", {"index": index, "content_block": {**block, "input": {}}})
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"], ensure_ascii=False)}
        else:
            self.event("content_block_start", {"index": index, "content_block": {"type": "text", "text": ""}})
            delta = {"type": "text_delta", "text": block["text"]}
        self.event("content_block_delta", {"index": index, "delta": delta})
        self.event("content_block_stop", {"index": index})


def make_server(loader: Loader, default_model: str, host: str = "127.0.0.1", port: int = 0, *,
                api_key: str | None = None, model_names: Callable[[], list[str]] | None = None,
                log: Log | None = None, max_body: int = MAX_BODY) -> MessagesServer:
    """A bound, not yet serving, Messages API server; call serve_forever(). port 0 picks a free port."""
    return MessagesServer(loader, default_model, host, port, api_key=api_key, model_names=model_names, log=log,
                          max_body=max_body)


# ---------------------------------------------------------------- CLI


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _prepared_names() -> list[str]:
    return [m["name"] for m in model_registry.list_models() if m["state"] == "ok"]


@click.command("serve")
@click.option("--model", default=model_registry.DEFAULT_MODEL, show_default=True,
              help="A catalog model (edgeagent models list/recommend), an imported or pulled model's name, a model "
                   "folder or .gguf file for the chosen backend, or scripted:FILE.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535))
@click.option("--api-key", envvar="EDGEAGENT_SERVE_KEY", default=None,
              help="Require this key in x-api-key (default: $EDGEAGENT_SERVE_KEY; none: any key works).")
def serve_cmd(model: str, host: str, port: int, api_key: str | None) -> None:
    """Serve MODEL over the Anthropic Messages API (POST /v1/messages) until Ctrl-C."""
    served = model_registry.load_backend(model, stage=lambda text: click.echo(f"… {text}", err=True))

    def loader(name: str) -> Backend:
        # Clients may pick another prepared model, never an arbitrary folder or script file on this machine.
        if name == model:
            return served
        if name in _prepared_names():
            return model_registry.load_backend(name)
        raise BadInput(f"unknown model; this server has {', '.join(['default', model, *_prepared_names()])}")

    try:
        server = make_server(loader, model, host, port, api_key=api_key, log=lambda line: click.echo(line, err=True),
                             model_names=lambda: [model, *_prepared_names()])
    except OSError as e:
        raise EdgeAgentError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    if not is_loopback(host):
        guard = "requests need --api-key" if api_key else "with no --api-key, anyone who can reach it can use it"
        click.echo(f"warning: listening on {host}, reachable from other machines; {guard}", err=True)
    click.echo(f"serving {model} on {server.url} (Anthropic Messages API)")
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` and service managers stop it as cleanly as Ctrl-C
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
