"""`edgeagent serve` through the real anthropic SDK, against a server on 127.0.0.1 in a background thread."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time

import anthropic
import httpx
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from edgeagent.backends.base import Chunk
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.cli.serve import is_loopback
from edgeagent.serve.reply import StopCutter, cut_text
from edgeagent.serve.request import to_chat
from tests.conftest import SERVED_NAME, write_script

NAME = SERVED_NAME
READ_FILE = {"name": "read_file", "description": "read a text file",
             "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
LIST_DIR = {"name": "list_dir", "description": "list the files in a folder",
            "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
CALL = {"tool": "read_file", "args": {"path": "a.txt"}}
USER = [{"role": "user", "content": "What is in a.txt?"}]


class Recording(ScriptedBackend):
    """A scripted backend that keeps every call's messages and constraint, and can fail or overlap on demand."""

    def __init__(self, replies: list[str], fail: Exception | None = None, delay_s: float = 0.0) -> None:
        super().__init__(replies, model_name=NAME)
        self.calls: list[dict] = []
        self.fail, self.pause = fail, delay_s
        self.active = self.max_active = self.resets = 0

    def generate(self, messages, *, constraint=None, max_tokens=256):
        self.calls.append({"messages": messages, "constraint": constraint, "max_tokens": max_tokens})
        if self.fail:
            raise self.fail
        self.active += 1
        self.max_active = max(self.max_active, self.active)
        time.sleep(self.pause)
        try:
            yield from super().generate(messages, constraint=constraint, max_tokens=max_tokens)
        finally:
            self.active -= 1

    def reset(self) -> None:
        self.resets += 1


# ---------------------------------------------------------------- text


def test_text_reply_usage_and_what_the_backend_sees(serve):
    backend = Recording(["Hello from the edge."])
    _, client = serve(backend)
    msg = client.messages.create(model="default", max_tokens=50, system="Be brief.", messages=USER)
    assert re.fullmatch(r"msg_[0-9a-f]{24}", msg.id) and msg.type == "message" and msg.role == "assistant"
    assert msg.model == NAME
    assert [b.type for b in msg.content] == ["text"] and msg.content[0].text == "Hello from the edge."
    assert msg.stop_reason == "end_turn" and msg.stop_sequence is None
    chat = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "What is in a.txt?"}]
    assert backend.calls == [{"messages": chat, "constraint": None, "max_tokens": 50}]
    assert msg.usage.input_tokens == backend.count_tokens(backend.render(chat)) > 0
    assert msg.usage.output_tokens == backend.count_tokens("Hello from the edge.")
    assert msg.usage.cache_read_input_tokens == 0 and msg.usage.cache_creation_input_tokens == 0


def test_kv_reuse_shows_as_cache_read_tokens(serve):
    backend = Recording(["First answer.", "Second answer."])
    _, client = serve(backend)
    first = client.messages.create(model="default", max_tokens=50, messages=USER)
    follow = USER + [{"role": "assistant", "content": first.content[0].text}, {"role": "user", "content": "And?"}]
    second = client.messages.create(model="default", max_tokens=50, messages=follow)
    assert second.content[0].text == "Second answer."
    # The previous prompt and reply are reused; input_tokens counts only the new part, as Anthropic does.
    prompt = backend.count_tokens(backend.render(backend.calls[1]["messages"]))
    assert second.usage.cache_read_input_tokens >= first.usage.input_tokens
    assert second.usage.input_tokens + second.usage.cache_read_input_tokens == prompt


def test_stream_text_arrives_in_pieces_and_final_message_matches(serve):
    reply = "Streaming works, one token at a time."
    backend = Recording([reply, reply])
    _, client = serve(backend)
    with client.messages.stream(model="default", max_tokens=50, messages=USER) as stream:
        pieces = list(stream.text_stream)
        final = stream.get_final_message()
    assert len(pieces) > 5 and "".join(pieces) == reply
    assert final.content[0].type == "text" and final.content[0].text == reply
    assert final.stop_reason == "end_turn" and final.model == NAME
    assert final.usage.output_tokens == backend.count_tokens(reply)
    assert final.usage.input_tokens == backend.count_tokens(backend.render(backend.calls[0]["messages"]))
    plain = client.messages.create(model="default", max_tokens=50, messages=USER)
    assert plain.content[0].text == reply and plain.usage.output_tokens == final.usage.output_tokens


def test_raw_stream_event_sequence(serve):
    _, client = serve(Recording(["Two words."]))
    events = list(client.messages.create(model="default", max_tokens=50, messages=USER, stream=True))
    kinds = [e.type for e in events]
    assert kinds[:2] == ["message_start", "content_block_start"]
    assert kinds[-3:] == ["content_block_stop", "message_delta", "message_stop"]
    assert set(kinds[2:-3]) == {"content_block_delta"} and len(kinds[2:-3]) >= 3
    assert events[0].message.content == [] and events[0].message.usage.input_tokens > 0
    assert "".join(e.delta.text for e in events[2:-3]) == "Two words."
    assert events[-2].delta.stop_reason == "end_turn" and events[-2].usage.output_tokens == 4


def test_max_tokens_cuts_the_reply(serve):
    _, client = serve(Recording(["one two three four five six"]))
    msg = client.messages.create(model="default", max_tokens=3, messages=USER)
    assert msg.stop_reason == "max_tokens" and msg.usage.output_tokens == 3 and msg.content[0].text == "one two"


@pytest.mark.parametrize("stream", [False, True])
def test_stop_sequences(serve, stream):
    _, client = serve(Recording(["Answer: 42\nEND of reply, ignore this"]))
    kw = {"model": "default", "max_tokens": 50, "messages": USER, "stop_sequences": ["\nEND", "never"]}
    if stream:
        with client.messages.stream(**kw) as s:
            pieces = list(s.text_stream)
            msg = s.get_final_message()
        assert "".join(pieces) == "Answer: 42"
    else:
        msg = client.messages.create(**kw)
    assert msg.content[0].text == "Answer: 42"
    assert msg.stop_reason == "stop_sequence" and msg.stop_sequence == "\nEND"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abc\n", max_size=30), st.lists(st.text(alphabet="abc\n", min_size=1, max_size=4), max_size=3),
       st.lists(st.integers(1, 5), max_size=10))
def test_stop_cutter_streams_exactly_the_cut_text(text, stops, sizes):
    # Reference: the cut happens where a stop sequence first completes, scanning the text char by char.
    ends = [(i + len(s), i, s) for s in stops for i in range(len(text)) if text.startswith(s, i)]
    _, start, stop = min(ends) if ends else (0, len(text), None)
    cutter, out, pos = StopCutter(stops), [], 0
    for n in sizes + [len(text)]:
        out.append(cutter.feed(text[pos:pos + n]))
        pos += n
    out.append(cutter.finish())
    assert "".join(out) == cutter.kept == text[:start] and cutter.hit == stop
    assert cut_text(text, stops) == (text[:start], stop)


# ---------------------------------------------------------------- tools


def test_tool_use_round_trip(serve):
    backend = Recording([json.dumps(CALL), json.dumps({"answer": "It says hi."})])
    _, client = serve(backend)
    tools = [READ_FILE, LIST_DIR]
    msg = client.messages.create(model="default", max_tokens=100, tools=tools, messages=USER)
    assert msg.stop_reason == "tool_use" and len(msg.content) == 1
    call = msg.content[0]
    assert isinstance(call, anthropic.types.ToolUseBlock) and re.fullmatch(r"toolu_[0-9a-f]{24}", call.id)
    assert call.name == "read_file" and call.input == {"path": "a.txt"}
    # The grammar admits a call to each tool or an answer, with the fixed separators.
    schema = backend.calls[0]["constraint"]
    assert schema["x-guidance"] == {"whitespace_flexible": False, "key_separator": ": ", "item_separator": ", "}
    variants = [v["properties"] for v in schema["anyOf"]]
    assert [v.get("tool", {}).get("const") for v in variants] == ["read_file", "list_dir", None]
    assert variants[0]["args"]["properties"] == {"path": {"type": "string"}} and set(variants[2]) == {"answer"}
    system = backend.calls[0]["messages"][0]
    assert system["role"] == "system" and "- read_file(path): read a text file" in system["content"]

    follow = USER + [{"role": "assistant", "content": msg.content},
                     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": "hi"}]}]
    answer = client.messages.create(model="default", max_tokens=100, tools=tools, messages=follow)
    assert answer.stop_reason == "end_turn" and [b.type for b in answer.content] == ["text"]
    assert answer.content[0].text == "It says hi."
    sent = backend.calls[1]["messages"]
    assert sent[-2] == {"role": "assistant", "content": '{"tool": "read_file", "args": {"path": "a.txt"}}'}
    assert sent[-1] == {"role": "user", "content": "Observation:\nhi"}
    assert answer.usage.cache_read_input_tokens > 0  # the first call's prompt and reply were reused


def test_tool_use_streaming(serve):
    _, client = serve(Recording([json.dumps(CALL)]))
    with client.messages.stream(model="default", max_tokens=100, tools=[READ_FILE], messages=USER) as stream:
        kinds = [e.type for e in stream]
        final = stream.get_final_message()
    assert "input_json" in kinds and kinds[-1] == "message_stop"
    assert final.stop_reason == "tool_use" and len(final.content) == 1
    block = final.content[0]
    assert isinstance(block, anthropic.types.ToolUseBlock) and block.name == "read_file"
    assert block.input == {"path": "a.txt"} and final.usage.output_tokens > 0


def test_tool_choice_shapes_the_grammar(serve):
    backend = Recording([json.dumps(CALL)])
    _, client = serve(backend)
    base = {"model": "default", "max_tokens": 100, "tools": [READ_FILE, LIST_DIR], "messages": USER}
    client.messages.create(**base, tool_choice={"type": "any"})
    client.messages.create(**base, tool_choice={"type": "tool", "name": "list_dir"})
    none = client.messages.create(**base, tool_choice={"type": "none"})
    consts = [[v["properties"].get("tool", {}).get("const") for v in c["constraint"]["anyOf"]]
              for c in backend.calls[:2]]
    assert consts == [["read_file", "list_dir"], ["list_dir"]]
    assert '{"answer"' not in backend.calls[1]["messages"][0]["content"]
    # tool_choice none: plain text, no grammar, and the reply is returned as text.
    assert backend.calls[2]["constraint"] is None and none.content[0].type == "text"
    assert none.stop_reason == "end_turn"


def test_unparseable_tool_output_is_returned_as_text(serve):
    _, client = serve(Recording(['{"tool": "delete_everything", "args": {}}']))
    unknown = client.messages.create(model="default", max_tokens=100, tools=[READ_FILE], messages=USER)
    assert unknown.content[0].type == "text" and unknown.content[0].text == '{"tool": "delete_everything", "args": {}}'
    assert unknown.stop_reason == "end_turn"
    # Cut off by max_tokens mid-JSON: the partial output comes back as text, flagged max_tokens.
    cut = client.messages.create(model="default", max_tokens=4, tools=[READ_FILE], messages=USER)
    assert cut.content[0].text == '{"tool"' and cut.stop_reason == "max_tokens"


def test_answer_cut_by_max_tokens_keeps_its_words(serve):
    _, client = serve(Recording(['{"answer": "one two three four"}']))
    msg = client.messages.create(model="default", max_tokens=10, tools=[READ_FILE], messages=USER)
    assert msg.content[0].text == "one two" and msg.stop_reason == "max_tokens" and msg.usage.output_tokens == 10


def test_history_conversion():
    chat = to_chat(
        [{"type": "text", "text": "Sys one."}, {"type": "text", "text": "Sys two."}],
        [{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
         {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm", "signature": "x"},
                                           {"type": "tool_use", "id": "t1", "name": "search", "input": {"q": "é"}}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "is_error": True,
                                       "content": [{"type": "text", "text": "no such file"}]}]},
         {"role": "user", "content": "then what?"}],
    )
    assert chat == [
        {"role": "system", "content": "Sys one.\n\nSys two."},
        {"role": "user", "content": "a\n\nb"},
        {"role": "assistant", "content": '{"tool": "search", "args": {"q": "é"}}'},
        {"role": "user", "content": "Observation:\nerror: no such file\n\nthen what?"},
    ]
    # With tools the model writes JSON, so its earlier plain answers are replayed in that shape.
    with_tools = to_chat(None, USER + [{"role": "assistant", "content": "It says hi."}, *USER], answers_as_json=True)
    assert [m["role"] for m in with_tools] == ["user", "assistant", "user"]
    assert with_tools[1]["content"] == '{"answer": "It says hi."}'


# ---------------------------------------------------------------- models, errors, auth


def test_default_named_and_unknown_models(serve):
    other = Recording(["from the other model"])
    _, client = serve(Recording(["from the default", "again"]), others={"other-model": other})
    assert client.messages.create(model="default", max_tokens=20, messages=USER).content[0].text == "from the default"
    named = client.messages.create(model="other-model", max_tokens=20, messages=USER)
    assert named.model == "other-model" and named.content[0].text == "from the other model"
    with pytest.raises(anthropic.NotFoundError) as e:
        client.messages.create(model="claude-nope", max_tokens=20, messages=USER)
    assert e.value.body["error"]["type"] == "not_found_error" and "claude-nope" in e.value.body["error"]["message"]
    assert [m.id for m in client.models.list()] == [NAME, "other-model"]
    assert client.models.retrieve("default").id == NAME
    assert client.messages.count_tokens(model="default", messages=USER).input_tokens > 0


@pytest.mark.parametrize("kw, needle", [
    ({"max_tokens": 0}, "max_tokens"),
    ({"messages": []}, "messages"),
    ({"messages": [{"role": "user", "content": [{"type": "video"}]}]}, "unknown content block type 'video'"),
    ({"messages": [{"role": "user", "content": [{"type": "image", "source": {}}]}]}, "not supported"),
    ({"messages": [{"role": "system", "content": "hi"}]}, "messages.0.role"),
    ({"messages": USER + [{"role": "assistant", "content": "prefill"}]}, "last message"),
    ({"tools": [{"name": "bad name!", "input_schema": {"type": "object"}}]}, "tools.0.name"),
    ({"tools": [{"name": "x", "input_schema": {"type": "string"}}]}, "tools.0.input_schema"),
    ({"tools": [READ_FILE], "tool_choice": {"type": "tool", "name": "list_dir"}}, "tool_choice.name"),
    ({"stop_sequences": [""]}, "stop_sequences"),
])
def test_bad_requests_are_400_with_a_message(serve, kw, needle):
    backend = Recording(["unused"])
    _, client = serve(backend)
    with pytest.raises(anthropic.BadRequestError) as e:
        client.messages.create(**{"model": "default", "max_tokens": 10, "messages": USER, **kw})
    assert e.value.status_code == 400 and e.value.body["type"] == "error"
    assert e.value.body["error"]["type"] == "invalid_request_error" and needle in e.value.body["error"]["message"]
    assert backend.calls == []


def test_http_level_errors(serve):
    srv, _ = serve(Recording(["unused"]), max_body=1000)
    with httpx.Client(base_url=srv.url) as http:
        bad = http.post("/v1/messages", content=b'{"model": "default", "max_tokens": ', headers={"x-api-key": "k"})
        assert bad.status_code == 400 and bad.headers["content-type"] == "application/json"
        assert bad.json()["type"] == "error" and bad.json()["error"]["type"] == "invalid_request_error"
        assert "not valid JSON" in bad.json()["error"]["message"]
        assert http.post("/v1/chat/completions", json={}).json()["error"]["type"] == "not_found_error"
        assert http.get("/nothing").status_code == 404
        wrong = http.get("/v1/messages")
        assert wrong.status_code == 405 and wrong.json()["error"]["type"] == "invalid_request_error"
        big = http.post("/v1/messages", content=b"x" * 2000)
        assert big.status_code == 413 and big.json()["error"]["type"] == "request_too_large"
        # The server keeps answering after all of that.
        ok = http.post("/v1/messages", json={"model": "default", "max_tokens": 5, "messages": USER})
        assert ok.status_code == 200 and ok.json()["content"][0]["text"] == "unused"


def test_backend_failure_is_a_500_with_one_line(serve):
    backend = Recording([], fail=RuntimeError("kv cache exploded\n  at frame 1\n  at frame 2"))
    _, client = serve(backend)
    with pytest.raises(anthropic.InternalServerError) as e:
        client.messages.create(model="default", max_tokens=10, messages=USER)
    err = e.value.body["error"]
    assert e.value.status_code == 500 and err["type"] == "api_error"
    assert err["message"] == "the backend failed: kv cache exploded"
    with pytest.raises(anthropic.InternalServerError):  # streaming fails before any event, as a plain 500
        list(client.messages.create(model="default", max_tokens=10, messages=USER, stream=True))
    assert backend.resets == 2  # a failed call leaves no half-known KV state behind


class FailsMidway(Recording):
    def generate(self, messages, *, constraint=None, max_tokens=256):
        self.calls.append({"messages": messages})
        yield from [Chunk("Half "), Chunk("an ")]
        raise RuntimeError("decoder crashed\ndetails nobody should see")


def test_stream_failure_midway_is_an_error_event(serve):
    backend = FailsMidway([])
    _, client = serve(backend)
    seen = []
    with pytest.raises(anthropic.APIStatusError) as e:
        for event in client.messages.create(model="default", max_tokens=10, messages=USER, stream=True):
            seen.append(event.type)
    assert seen[:3] == ["message_start", "content_block_start", "content_block_delta"]
    assert e.value.body["error"] == {"type": "api_error", "message": "the backend failed: decoder crashed"}
    assert backend.resets == 1
    with pytest.raises(anthropic.InternalServerError):  # not streaming: a plain 500, and the server lives on
        client.messages.create(model="default", max_tokens=10, messages=USER)
    assert backend.resets == 2 and len(backend.calls) == 2


def test_api_key_is_checked_when_set(serve):
    srv, client = serve(Recording(["welcome", "welcome"]), api_key="s3cret")
    assert client.messages.create(model="default", max_tokens=10, messages=USER).content[0].text == "welcome"
    wrong = anthropic.Anthropic(base_url=srv.url, api_key="guess", max_retries=0)
    with pytest.raises(anthropic.AuthenticationError) as e:
        wrong.messages.create(model="default", max_tokens=10, messages=USER)
    assert e.value.body["error"]["type"] == "authentication_error"
    bearer = httpx.post(f"{srv.url}/v1/messages", headers={"Authorization": "Bearer s3cret"},
                        json={"model": "default", "max_tokens": 5, "messages": USER})
    assert bearer.status_code == 200
    assert httpx.get(f"{srv.url}/v1/models").status_code == 401


def test_generation_is_serialized_per_backend(serve):
    backend = Recording(["slow"] * 4, delay_s=0.05)
    _, client = serve(backend)
    results = []
    threads = [threading.Thread(target=lambda: results.append(
        client.messages.create(model="default", max_tokens=5, messages=USER).content[0].text)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == ["slow"] * 4 and len(backend.calls) == 4 and backend.max_active == 1


# ---------------------------------------------------------------- CLI and the real model


def test_cli_serve_subprocess(tmp_path):
    script = write_script(tmp_path / "script.json", ["hello over http"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "EDGEAGENT_SERVE_KEY"}  # an empty key is an error now
    env.update(EDGEAGENT_HOME=str(tmp_path / "home"), PYTHONFAULTHANDLER="1")  # a hang dumps every thread's stack
    # A shell's background jobs inherit SIGINT ignored, and so would the server: give it Ctrl-C's default back.
    proc = subprocess.Popen([sys.executable, "-m", "edgeagent", "serve", "--model", script, "--port", str(port)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        assert ready, "serve printed nothing within 30 s"
        line = proc.stdout.readline().strip()
        assert line == f"serving {script} on http://127.0.0.1:{port} (Anthropic Messages API)"
        client = anthropic.Anthropic(base_url=f"http://127.0.0.1:{port}", api_key="any", max_retries=0)
        msg = client.messages.create(model="default", max_tokens=20, messages=USER)
        assert msg.content[0].text == "hello over http" and msg.model == script
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=60)  # generous: the check is a clean exit, and CI machines are shared
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGABRT)
            proc.wait(timeout=10)
            pytest.fail(f"serve did not exit after SIGINT; its stacks:\n{proc.stderr.read()[-4000:]}")
        assert code == 0
        err = proc.stderr.read()
        assert '"POST /v1/messages" 200' in err and "Traceback" not in err and "warning" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_cli_serve_unknown_model_is_a_one_line_error(home):
    from edgeagent.cli import cli

    result = CliRunner().invoke(cli, ["serve", "--model", "no-such-model", "--port", "0"])
    assert result.exit_code == 2 and "Traceback" not in result.output and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown model 'no-such-model'"), lines
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")


@pytest.mark.model
def test_real_model_tool_call_through_the_sdk(serve, embedded_model):
    from edgeagent.backends.onnx import OnnxGenAIBackend

    backend = OnnxGenAIBackend(embedded_model)
    _, client = serve(backend)
    # Bounded paths: the 135M model may otherwise ramble a path to any length (the call stays valid, but long).
    short = {"type": "object", "properties": {"path": {"type": "string", "maxLength": 40}}, "required": ["path"]}
    tools = [{**READ_FILE, "input_schema": short}, {**LIST_DIR, "input_schema": short}]
    msg = client.messages.create(
        model="default", max_tokens=64, tools=tools, tool_choice={"type": "any"},
        system="You help with files.", messages=[{"role": "user", "content": "Read the file notes.md."}])
    assert msg.stop_reason == "tool_use" and len(msg.content) == 1
    block = msg.content[0]
    assert isinstance(block, anthropic.types.ToolUseBlock) and block.name in {"read_file", "list_dir"}
    assert set(block.input) == {"path"} and isinstance(block.input["path"], str)
    assert msg.usage.input_tokens > 20 and msg.usage.output_tokens > 5


def test_a_server_keeps_the_longest_context_unless_the_config_sizes_it(home):
    from edgeagent.cli.serve import _backend_choice

    name, options = _backend_choice("onnx")
    assert name == "onnx" and options["context_tokens"] == 0  # 0: the model's own, not one run's
    assert options["threads"] >= 1  # the device profile's, as for a run
    assert _backend_choice("llamacpp")[1]["n_ctx"] >= 4096
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[backend]\ncontext_tokens = 2048\n")
    assert _backend_choice("onnx")[1]["context_tokens"] == 2048
    assert _backend_choice("llamacpp")[1]["n_ctx"] == 2048
