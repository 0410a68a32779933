"""`edgeagent serve` under load and abuse: a queue that answers 529, cancelled generations, stalled readers, signals."""

from __future__ import annotations

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import anthropic
import httpx
import pytest
from click.testing import CliRunner

from edgeagent.backends.base import Chunk, Usage
from tests.conftest import write_script
from tests.serve.test_server import USER, Recording

WAIT_S = 30  # an upper bound for things that should take well under a second; never asserted as a duration


class Gated(Recording):
    """Every generation waits for `gate`, so the test decides when the model is free."""

    def __init__(self) -> None:
        super().__init__(["done"] * 1000)
        self.gate = threading.Event()

    def generate(self, messages, *, constraint=None, max_tokens=256):
        self.gate.wait(WAIT_S)
        yield from super().generate(messages, constraint=constraint, max_tokens=max_tokens)


class Endless(Recording):
    """Yields "tok " up to max_tokens, slowly, so only a cancellation ends a big request early."""

    def __init__(self) -> None:
        super().__init__([])
        self.started, self.stopped = threading.Event(), threading.Event()
        self.yielded = 0

    def generate(self, messages, *, constraint=None, max_tokens=256):
        self.calls.append({"messages": messages, "max_tokens": max_tokens})
        self.started.set()
        try:
            for _ in range(max_tokens):
                time.sleep(0.002)
                self.yielded += 1
                yield Chunk("tok ")
            yield Chunk("", usage=Usage(1, 0, max_tokens), finish_reason="length")
        finally:
            self.stopped.set()


def _until(check, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not check():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.01)


def _raw_request(url: str, body: dict, rcvbuf: int | None = None) -> socket.socket:
    """A POST /v1/messages sent on a bare socket, whose reply the test then reads, ignores or hangs up on."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # set before connect: it bounds the window
    sock.connect((host, int(port)))
    data = json.dumps(body).encode()
    sock.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(data), data))
    return sock


def _read_until(sock: socket.socket, marker: bytes) -> None:
    seen = b""
    sock.settimeout(WAIT_S)
    while marker not in seen:
        data = sock.recv(4096)
        assert data, f"the connection closed before {marker!r}"
        seen += data


def test_load_64_sdk_clients_get_200_or_529_and_none_a_reset(serve, capsys):
    backend = Gated()
    srv, _ = serve(backend, max_queue=8)
    clients = [anthropic.Anthropic(base_url=srv.url, api_key="k", max_retries=0, timeout=WAIT_S * 2)
               for _ in range(64)]
    outcomes: Counter = Counter()
    counting = threading.Lock()

    def ask(client: anthropic.Anthropic) -> None:
        try:
            client.messages.create(model="default", max_tokens=5, messages=USER)
            outcome: int | str = 200
        except anthropic.APIStatusError as e:
            outcome = e.status_code if e.status_code != 529 else e.body["error"]["type"]
        except anthropic.APIConnectionError as e:  # a reset, a refused connection, a timeout
            outcome = f"connection error: {type(e.__cause__).__name__}"
        with counting:
            outcomes[outcome] += 1

    with ThreadPoolExecutor(64) as pool:
        futures = [pool.submit(ask, c) for c in clients]
        try:
            # One request holds the model and 8 wait: every other one must be turned away before the model frees up.
            _until(lambda: sum(f.done() for f in futures) >= 64 - 9, "the 529s")
        finally:
            backend.gate.set()
        for f in futures:
            f.result()
    ok, busy = outcomes[200], outcomes["overloaded_error"]
    with capsys.disabled():  # shown in every run's output, passing or not
        print(f"\nserve load, 64 SDK clients at once: {ok} x 200, {busy} x 529 overloaded_error, "
              f"{64 - ok - busy} other {dict(outcomes)}")
    assert outcomes == Counter({200: 9, "overloaded_error": 55})
    assert backend.max_active == 1 and len(backend.calls) == 9
    after = clients[0].messages.create(model="default", max_tokens=5, messages=USER)
    assert after.content[0].text == "done"


@pytest.mark.parametrize("how", ["hang up", "hang up mid-stream", "SDK timeout"])
def test_a_generation_whose_client_left_is_cancelled(serve, capfd, how):
    backend, log = Endless(), []
    srv, client = serve(backend, log=log.append)
    big = {"model": "default", "max_tokens": 100_000, "messages": USER}
    if how == "SDK timeout":
        impatient = anthropic.Anthropic(base_url=srv.url, api_key="k", max_retries=0, timeout=0.5)
        with pytest.raises(anthropic.APITimeoutError):
            impatient.messages.create(**big)
    else:
        sock = _raw_request(srv.url, {**big, "stream": how.endswith("stream")})
        assert backend.started.wait(WAIT_S)
        if how.endswith("stream"):
            _read_until(sock, b"content_block_delta")
        sock.close()
    assert backend.stopped.wait(WAIT_S), "the generation kept going for nobody"
    assert backend.yielded < 100_000 and backend.resets == 1  # cut short, and the half-used KV cache dropped
    # The model is free for the next client at once, and the log says what happened in one line.
    assert client.messages.create(model="default", max_tokens=3, messages=USER).content[0].text == "tok tok tok "
    _until(lambda: any("client gone" in line for line in log), "one log line about the client")
    assert "Traceback" not in capfd.readouterr().err


def test_shutdown_cancels_the_generation_before_it_closes_the_model(serve):
    backend, closes = Endless(), []
    backend.close = lambda: closes.append("after the generation" if backend.stopped.is_set() else "mid-generation")
    srv, _ = serve(backend)
    waiting = _raw_request(srv.url, {"model": "default", "max_tokens": 100_000, "messages": USER})
    assert backend.started.wait(WAIT_S)
    srv.shutdown()
    srv.server_close()  # what Ctrl-C and SIGTERM run: a model closed under a running generation can hang or crash
    assert closes == ["after the generation"] and backend.yielded < 100_000
    waiting.close()


@pytest.mark.parametrize("sent", [b"POST /v1/mess", b"POST /v1/messages HTTP/1.1\r\nContent-Length: 500\r\n\r\n{\"mo"])
def test_a_connection_reset_mid_request_is_one_log_line_not_a_traceback(serve, capfd, sent):
    log: list[str] = []
    srv, client = serve(Recording(["fine"]), log=log.append)
    host, port = srv.url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port))) as sock:
        sock.sendall(sent)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close() sends a reset
    _until(lambda: any("client gone" in line for line in log), "one log line about the reset")
    assert client.messages.create(model="default", max_tokens=5, messages=USER).content[0].text == "fine"
    assert "Traceback" not in capfd.readouterr().err


def test_a_queued_request_whose_client_left_never_runs(serve):
    backend = Gated()
    srv, client = serve(backend)
    queue = srv.backend("default")[2]
    first = threading.Thread(target=lambda: client.messages.create(model="default", max_tokens=5, messages=USER))
    first.start()
    _until(lambda: queue.busy, "the first request to hold the model")
    abandoned = _raw_request(srv.url, {"model": "default", "max_tokens": 5, "messages": [
        {"role": "user", "content": "nobody waits for this"}]})
    _until(lambda: queue.waiting == 1, "the second request to queue")
    abandoned.close()
    _until(lambda: queue.waiting == 0, "the abandoned request to leave the queue")
    backend.gate.set()
    first.join(WAIT_S)
    assert client.messages.create(model="default", max_tokens=5, messages=USER).content[0].text == "done"
    assert [c["messages"][-1]["content"] for c in backend.calls] == ["What is in a.txt?"] * 2


def test_a_client_that_stops_reading_a_stream_frees_the_model_after_the_io_timeout(serve):
    backend = Recording(["word " * 50_000])
    srv, _ = serve(backend, io_timeout=1.0)
    # A small receive window: the server's writes block as soon as a few kilobytes are unread.
    stalled = _raw_request(srv.url, {"model": "default", "max_tokens": 100_000, "stream": True, "messages": USER},
                           rcvbuf=4096)
    _until(lambda: backend.calls, "the stalled stream to hold the model")
    try:
        patient = anthropic.Anthropic(base_url=srv.url, api_key="k", max_retries=0, timeout=WAIT_S)
        assert patient.messages.create(model="default", max_tokens=3, messages=USER).content[0].text == "word word"
        assert backend.resets == 1 and backend.max_active == 1
    finally:
        stalled.close()


@pytest.mark.parametrize("body, needle", [
    (b'{"model": "default", "max_tokens": 5, "messages": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
     "nested too deeply"),
    (json.dumps({"model": "default", "max_tokens": 5, "messages": USER, "metadata": json.loads("[" * 100 + "]" * 100)}
                ).encode(), "deeper than 64 levels"),
])
def test_deeply_nested_json_is_a_400(serve, body, needle):
    srv, client = serve(Recording(["still here"]))
    r = httpx.post(f"{srv.url}/v1/messages", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["type"] == "invalid_request_error"
    assert needle in r.json()["error"]["message"]
    assert client.messages.create(model="default", max_tokens=5, messages=USER).content[0].text == "still here"


@pytest.mark.parametrize("schema, needle", [
    ({"type": "object", "properties": [1, 2]}, "tools.0.input_schema.properties: must be an object of schemas"),
    ({"type": "object", "properties": {"path": 5}}, "tools.0.input_schema.properties.path: a schema must be"),
    ({"type": "object", "properties": {"path": {"type": "nonsense"}}}, "properties.path.type: must be one of"),
    ({"type": "object", "required": "path"}, "tools.0.input_schema.required: must be a list"),
    ({"type": "object", "properties": {"p": {"anyOf": {"type": "string"}}}}, "properties.p.anyOf: must be a non-empty"),
])
def test_an_invalid_tool_schema_is_a_400(serve, schema, needle):
    backend = Recording(["unused"])
    _, client = serve(backend)
    with pytest.raises(anthropic.BadRequestError) as e:
        client.messages.create(model="default", max_tokens=10, messages=USER,
                               tools=[{"name": "read_file", "input_schema": schema}])
    assert e.value.body["error"]["type"] == "invalid_request_error" and needle in e.value.body["error"]["message"]
    assert backend.calls == []


# ---------------------------------------------------------------- the CLI: exposure and signals


def _cli(args: list[str], env: dict[str, str] | None = None):
    from edgeagent.cli import cli

    return CliRunner().invoke(cli, ["serve", *args], env=env)


def test_a_network_address_without_a_key_is_refused(home, tmp_path):
    script = write_script(tmp_path / "s.json", ["hi"])
    env = {"EDGEAGENT_SERVE_KEY": None}
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: what gets past the check fails to bind, never serves.
    refused = _cli(["--model", script, "--host", "192.0.2.1", "--port", "0"], env)
    assert refused.exit_code == 2 and refused.stdout == ""
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "refusing to listen on 192.0.2.1 without an API key" in lines[0]
    assert "--insecure-no-key" in lines[0]
    allowed = _cli(["--model", script, "--host", "192.0.2.1", "--port", "0", "--insecure-no-key"], env)
    assert allowed.exit_code == 1 and allowed.stderr.startswith("error: cannot listen on 192.0.2.1:0")


@pytest.mark.parametrize("args, env", [
    ([], {"EDGEAGENT_SERVE_KEY": ""}),
    (["--api-key", ""], {"EDGEAGENT_SERVE_KEY": None}),
    (["--api-key", "   "], {"EDGEAGENT_SERVE_KEY": None}),
])
def test_an_empty_api_key_is_an_error_not_auth_off(home, tmp_path, args, env):
    script = write_script(tmp_path / "s.json", ["hi"])
    # 192.0.2.1 cannot be bound here (TEST-NET-1): were the key let through, serve would fail, not run on.
    result = _cli(["--model", script, "--host", "192.0.2.1", "--port", "0", *args], env)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.strip() == ("error: the API key is empty (--api-key or $EDGEAGENT_SERVE_KEY); set a key, "
                                     "or unset EDGEAGENT_SERVE_KEY")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_server_during_a_generation(tmp_path, sig):
    script = write_script(tmp_path / "script.json", ["word " * 200_000])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "EDGEAGENT_SERVE_KEY"}
    env["EDGEAGENT_HOME"] = str(tmp_path / "home")
    proc = subprocess.Popen(
        [sys.executable, "-m", "edgeagent", "serve", "--model", script, "--port", str(port), "--io-timeout", "600"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # As from a terminal, not a background job (which inherits SIGINT ignored); one signal call, no lock taken.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    try:
        assert proc.stdout.readline().startswith("serving ")
        sock = _raw_request(f"http://127.0.0.1:{port}", {"model": "default", "max_tokens": 500_000, "stream": True,
                                                         "messages": USER}, rcvbuf=4096)
        _read_until(sock, b"content_block_delta")
        proc.send_signal(sig)  # mid-stream; the client then stops reading, as a hung client would
        try:
            code = proc.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            pytest.fail(f"serve ignored {sig.name} during a generation")
        sock.close()
        assert code == 0
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.model
def test_real_model_generation_stops_when_the_client_times_out(serve, embedded_model):
    from edgeagent.backends.onnx import OnnxGenAIBackend

    backend, log = OnnxGenAIBackend(embedded_model), []
    srv, client = serve(backend, log=log.append)
    impatient = anthropic.Anthropic(base_url=srv.url, api_key="k", max_retries=0, timeout=1.0)
    with pytest.raises(anthropic.APITimeoutError):
        impatient.messages.create(model="default", max_tokens=4000, messages=[
            {"role": "user", "content": "Write a very long story about a robot."}])
    _until(lambda: any("client gone" in line for line in log), "the generation to be cancelled")
    after = client.messages.create(model="default", max_tokens=8, messages=USER)
    assert after.usage.output_tokens <= 8 and after.content[0].text
