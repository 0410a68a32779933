"""The Messages API over HTTP: a threaded server that owns the loaded backends, its handler, and SSE streaming.

Kept on the standard library rather than Starlette + uvicorn: generation is synchronous, so cancellation, the write
timeout and the 529 queue would be ours either way (uvicorn has no write timeout and answers overload with 503)."""

from __future__ import annotations

import hmac
import json
import select
import socket
import socketserver
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

from edgeagent.backends.base import Backend, Usage
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.serve.reply import ClientGone, Generation, backend_error, message_body, new_id, usage_body
from edgeagent.serve.request import ApiError, MessagesRequest, bad_request, one_line, parse_request
from edgeagent.serve.turns import DEFAULT_MAX_QUEUE, ModelQueue

MAX_BODY = 8 * 1024 * 1024
IO_TIMEOUT_S = 30.0  # a client that neither sends nor reads for this long is dropped, and its generation with it
SHUTDOWN_GRACE_S = 10.0  # how long a stopping server waits for a cancelled generation before exiting anyway
BACKLOG = 512  # socketserver's default of 5 reset connections when many clients arrive at once

Loader = Callable[[str], Backend]
Log = Callable[[str], None]


class MessagesServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that owns the loaded backends, each behind a ModelQueue, since each has one KV cache."""

    daemon_threads = True
    block_on_close = False  # server_close would otherwise join every thread: Ctrl-C waited out whole generations
    request_queue_size = BACKLOG

    def __init__(self, loader: Loader, default_model: str, host: str, port: int, *, api_key: str | None,
                 model_names: Callable[[], list[str]] | None, log: Log | None, max_body: int,
                 max_queue: int = DEFAULT_MAX_QUEUE, io_timeout: float = IO_TIMEOUT_S) -> None:
        if api_key is not None and not api_key.strip():
            raise BadInput("the API key is empty; give a key, or none to serve loopback without one")
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.loader, self.default_model, self.api_key = loader, default_model, api_key
        self.model_names = model_names or (lambda: [default_model])
        self.log, self.max_body, self.max_queue, self.io_timeout = log, max_body, max_queue, io_timeout
        self.started_at = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.stopping = threading.Event()  # set at shutdown: every generation stops at its next token
        self.connections: set[socket.socket] = set()  # open client connections, cut at shutdown
        self._requests = 0  # requests being handled: shutdown lets them finish (and log) before the process ends
        self._requests_done = threading.Condition()
        self._backends: dict[str, tuple[Backend, ModelQueue]] = {}
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

    def backend(self, model: str) -> tuple[str, Backend, ModelQueue]:
        """(served name, backend, its queue) for a request's model; loads and caches it on first use."""
        name = self.default_model if model == "default" else model
        with self._load_lock:
            if name not in self._backends:
                try:
                    self._backends[name] = (self.loader(name), ModelQueue(self.max_queue))
                except EdgeAgentError as e:
                    raise ApiError(404, "not_found_error", f"model {model!r}: {one_line(e)}") from None
                except Exception as e:  # noqa: BLE001 - a loader failure is the client's 500, not the server's end
                    raise ApiError(500, "api_error", f"loading model {name!r} failed: {one_line(e)}") from None
            return (name, *self._backends[name])

    def handle_error(self, request: object, client_address: tuple) -> None:
        # socketserver prints a traceback here; a client that hangs up mid-request (an OSError) is routine.
        e = sys.exc_info()[1]
        assert e is not None  # socketserver calls this from its except block
        if self.log:
            what = "client gone" if isinstance(e, OSError) else f"internal error: {type(e).__name__}"
            self.log(f"{client_address[0]} {what}: {one_line(e)}")

    def server_close(self, grace: float = SHUTDOWN_GRACE_S) -> None:
        """Stop listening, cancel running generations, and close each model once its generation has stopped."""
        if self.stopping.is_set():
            return
        self.stopping.set()
        super().server_close()
        for conn in list(self.connections):  # a write blocked on a client that stopped reading fails now
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for name, (backend, queue) in self._backends.items():
            if queue.wait_idle(grace):
                backend.close()
            elif self.log:  # closing a model under a running generation could crash the process; exiting frees it
                self.log(f"model {name} was still generating after {grace:.0f}s; left to the process exit")
        with self._requests_done:
            self._requests_done.wait_for(lambda: self._requests == 0, grace)

    @contextmanager
    def handling(self) -> Iterator[None]:
        """Counts a request as in progress for the block."""
        with self._requests_done:
            self._requests += 1
        try:
            yield
        finally:
            with self._requests_done:
                self._requests -= 1
                self._requests_done.notify_all()


class _Handler(BaseHTTPRequestHandler):
    server: MessagesServer
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDK's connection pool expects
    server_version = "edgeagent"

    def setup(self) -> None:
        # One socket timeout for reads and writes: an idle keep-alive is dropped, and a client that stops
        # reading a stream (sendall blocks once the buffers fill) releases the model after io_timeout.
        self.timeout = self.server.io_timeout  # type: ignore[misc]  # typeshed says ClassVar; socketserver reads it per instance
        super().setup()
        self.server.connections.add(self.connection)

    def finish(self) -> None:
        self.server.connections.discard(self.connection)
        super().finish()

    def _client_gone(self) -> bool:
        """True when the server is stopping or the client closed its end (readable, and nothing to read)."""
        if self.server.stopping.is_set():
            return True
        try:
            poller = select.poll()  # not select(): it fails on descriptors past 1024
            poller.register(self.connection, select.POLLIN)
            return bool(poller.poll(0)) and not self.connection.recv(1, socket.MSG_PEEK)
        except OSError:
            return True

    # routing
    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_POST

    def _dispatch(self) -> None:
        with self.server.handling():
            self._handle()

    def _handle(self) -> None:
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
        except (ClientGone, OSError) as e:  # the client hung up, timed out or stopped reading: nobody to answer
            self._log(f"client gone ({one_line(e)}); its request was dropped")
            self.close_connection = True
        except Exception as e:  # noqa: BLE001 - a bug here must not kill the server or show a traceback to the client
            self._log(f"internal error: {type(e).__name__}: {one_line(e)}")
            if not self._status:
                self._send_json(500, ApiError(500, "api_error", one_line(e)).body())
            self.close_connection = True
        self._log(f'"{self.command} {path}" {self._status or "-"} {time.perf_counter() - t0:.2f}s')

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
            raise bad_request("invalid Content-Length")
        if size > self.server.max_body:
            raise ApiError(413, "request_too_large", f"the body is {size} bytes; the limit is {self.server.max_body}")
        raw = self.rfile.read(size)
        self._body_read = True
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError) as e:
            raise bad_request(f"the body is not valid JSON: {e}") from None
        except RecursionError:
            raise bad_request("the body is nested too deeply") from None

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
        name, backend, queue = self.server.backend(req.model)
        with queue.turn(self._client_gone):
            estimate = _prompt_tokens(backend, req) if req.stream else 0
            gen = Generation(backend, req)
            try:
                if req.stream:
                    _SSE(self, gen, name, estimate).run()
                    return
                try:
                    raw, last = gen.run(lambda text: None, self._client_gone)
                except ClientGone:
                    raise
                except Exception as e:  # noqa: BLE001 - the backend's failure is the client's 500
                    raise backend_error(e) from None
            finally:
                gen.close()  # no-op after a finished call; resets the backend after an abandoned one
            self._send_json(200, message_body(new_id("msg"), name, gen.reply(raw, last)))

    def _count_tokens(self, path: str) -> None:
        req = parse_request(self._read_json(), need_max_tokens=False)
        _, backend, queue = self.server.backend(req.model)
        with queue.turn(self._client_gone):
            try:
                n = backend.count_tokens(backend.render(req.messages))
            except Exception as e:  # noqa: BLE001 - the backend's failure is the client's 500
                raise backend_error(e) from None
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
    except Exception:  # noqa: BLE001 - an estimate; the real failure, if any, comes from the generation
        return 0


class _SSE:
    """The Messages streaming protocol over chunked HTTP: start, block events, delta, stop."""

    def __init__(self, handler: _Handler, gen: Generation, model: str, estimate: int) -> None:
        self.h, self.gen, self.model, self.estimate = handler, gen, model, estimate

    def _write(self, data: bytes) -> None:
        try:
            self.h.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        except OSError as e:  # reset, closed, or no read for io_timeout: stop generating for this client
            raise ClientGone(one_line(e) or type(e).__name__) from None

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
        start: dict[str, Any] = {"id": new_id("msg"), "type": "message", "role": "assistant", "model": self.model, "content": [],
                 "stop_reason": None, "stop_sequence": None, "usage": usage_body(Usage(prompt_tokens=self.estimate))}
        self.event("message_start", {"message": start})
        try:
            self._body()
        except ClientGone:
            raise  # the caller closes the generation
        except Exception as e:  # noqa: BLE001 - the backend's failure mid-stream is an error event, as Anthropic sends
            self.gen.close()
            error = backend_error(e)
            h._log(f"error mid-stream: {error.message}")
            self.event("error", error.body())
        self._write(b"")  # the last chunk

    def _body(self) -> None:
        text_mode = not self.gen.req.tools
        if text_mode:
            self.event("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}})
        raw, last = self.gen.run(lambda text: self.event(
            "content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": text}}), self.h._client_gone)
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
                log: Log | None = None, max_body: int = MAX_BODY, max_queue: int = DEFAULT_MAX_QUEUE,
                io_timeout: float = IO_TIMEOUT_S) -> MessagesServer:
    """A bound, not yet serving, Messages API server; call serve_forever(). port 0 picks a free port."""
    return MessagesServer(loader, default_model, host, port, api_key=api_key, model_names=model_names, log=log,
                          max_body=max_body, max_queue=max_queue, io_timeout=io_timeout)
