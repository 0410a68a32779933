"""The advisor path end to end: the real anthropic SDK over loopback HTTP to `edgeagent serve`."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.export.cloud import CloudClient
from edgeagent.export.cloud_target import parse_target
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.exporter import Exporter, digest, select
from edgeagent.store.runs import Store
from edgeagent.tools.base import ToolContext
from edgeagent.tools.files import BUILTIN_TOOLS
from tests.conftest import query, write_script

EMAIL = "alice.kowalski@example.org"


def _run(home: Path, workspace: Path, edge: str, *extra: str) -> dict:
    result = CliRunner().invoke(cli, ["run", "task for the advisor", "--workspace", str(workspace), "--model", edge,
                                      "--strategy", "advisor", "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _ask_then_finish(tmp_path: Path, *questions: str) -> str:
    replies = [{"tool": "ask_cloud", "args": {"question": q}} for q in questions]
    return write_script(tmp_path / "edge.json", replies + [{"tool": "finish", "args": {"answer": "done"}}])


def test_advisor_round_trip_with_placeholders(home, workspace, tmp_path, cloud):
    c = cloud(["Reply to <EMAIL_1> and copy the notes."])
    edge = _ask_then_finish(tmp_path, f"Should I reply to {EMAIL} about the review?")
    out = _run(home, workspace, edge, "--cloud", c.target, "--export-mode", "redact")
    assert out["status"] == "done" and out["cloud_calls"] == 1 and out["exports"] == 1
    db = home / "edgeagent.db"
    (obs,) = query(db, "select observation from steps where run_id = ? and tool = 'ask_cloud'", [out["run_id"]])[0]
    assert obs == f"Reply to {EMAIL} and copy the notes."  # restored before the edge model sees it
    payload, status, placeholders, sha, size = query(
        db, "select payload, status, placeholders, sha256, bytes from exports where run_id = ?", [out["run_id"]])[0]
    assert status == "sent" and EMAIL not in payload and "<EMAIL_1>" in payload
    assert json.loads(placeholders) == ["<EMAIL_1>"] and size == len(payload.encode()) and len(sha) == 64
    assert EMAIL not in json.dumps(c.seen) and "<EMAIL_1>" in json.dumps(c.seen)  # what the server received
    side, tokens, cost = query(db, "select side, prompt_tokens, cost_usd from model_calls where side = 'cloud'")[0]
    assert side == "cloud" and tokens > 0 and cost == 0.0  # a local endpoint has no price
    runs = json.loads(CliRunner().invoke(cli, ["runs", "--json"]).stdout)
    assert runs[0]["cloud_calls"] == 1 and runs[0]["exports"] == 1
    table = CliRunner().invoke(cli, ["runs"], env={"COLUMNS": "200"}).stdout
    row = next(line for line in table.splitlines() if out["run_id"] in line)
    assert "│ 1  " in row and "0.0000" in row and "advisor" in row  # cloud calls, cost, strategy
    narrow = CliRunner().invoke(cli, ["runs"], env={"COLUMNS": "80"}).stdout
    assert "advisor · 2 steps" in narrow and "cloud 1 calls" in narrow and "$0.0000" in narrow
    audit = CliRunner().invoke(cli, ["audit", out["run_id"], "--json", "--show-payloads"])
    assert audit.exit_code == 0 and json.loads(audit.stdout)["exports"][0]["payload"] == payload
    shown = CliRunner().invoke(cli, ["audit", out["run_id"]])
    assert "sent" in shown.stdout and "<EMAIL_1>" in shown.stdout


def test_cloud_tool_call_executes_on_real_values(home, workspace, tmp_path, cloud):
    """A cloud-suggested action that uses <EMAIL_1> runs locally with the real address."""
    c = cloud([{"tool": "write_file", "args": {"path": "to.txt", "content": "<EMAIL_1>"}}])
    store = Store(home / "edgeagent.db")
    run_id = store.create_run(task="t", workspace=str(workspace), strategy="edge", model="m", backend="b",
                              max_steps=3)
    ex = Exporter(store, run_id, CloudClient(parse_target(c.target), max_retries=0), mode="redact",
                  detectors=default_detectors())
    tool = BUILTIN_TOOLS["write_file"]
    tools = [{"name": "write_file", "description": tool.description,
              "input_schema": {"type": "object", "properties": tool.params, "required": list(tool.params)}}]
    ask = f"Write {EMAIL} to to.txt"
    answer = ex.call(0, "execute", "Act for the user.", [{"role": "user", "content": ask}], tools=tools)
    (block,) = [b for b in answer.blocks if b["type"] == "tool_use"]
    assert block["input"] == {"path": "to.txt", "content": EMAIL}
    tool.fn(ToolContext(workspace, task=ask), **block["input"])  # the address is the user's, so it may be written
    assert (workspace / "to.txt").read_text() == EMAIL
    # Stored like an edge call: the whole context in prompt_tokens, the cache-read part in cached_tokens.
    (prompt, cached, read, tokens), = query(
        home / "edgeagent.db", "select m.prompt_tokens, m.cached_tokens, m.cache_read_tokens, e.tokens "
        "from model_calls m join exports e on e.id = m.export_id where m.side = 'cloud'")
    assert prompt == tokens > 0 and cached == read and 0 <= cached < prompt
    assert EMAIL not in json.dumps(c.seen)


def test_strict_mode_refuses_and_the_run_falls_back(home, workspace, tmp_path, cloud):
    (workspace / ".edgeagent-secrets").write_text("Project Bluebird\n")
    c = cloud(["should never be asked"])
    # In base64 ("Project Bluebird"), so the span detector misses it and only the strict whole-payload check sees it.
    edge = _ask_then_finish(tmp_path, "How do I launch UHJvamVjdCBCbHVlYmlyZA==?")
    out = _run(home, workspace, edge, "--cloud", c.target, "--export-mode", "strict")
    assert out["status"] == "done" and out["cloud_calls"] == 0
    (status, reason), = query(home / "edgeagent.db", "select status, reason from exports")
    assert status == "refused" and "strict" in reason
    (obs,) = query(home / "edgeagent.db", "select observation from steps where tool = 'ask_cloud'")[0]
    assert obs.startswith("cloud unavailable (strict")
    assert c.seen == []  # nothing reached the endpoint


def test_budget_cap_falls_back_after_the_cap(home, workspace, tmp_path, cloud):
    home.mkdir(parents=True, exist_ok=True)
    (home / "pricing.toml").write_text('[models."default"]\ninput = 1000000.0\noutput = 1000000.0\n')
    c = cloud(["first answer", "second answer"])
    edge = _ask_then_finish(tmp_path, "first?", "second?")
    out = _run(home, workspace, edge, "--cloud", c.target, "--budget", "0.01")
    rows = query(home / "edgeagent.db", "select status, reason from exports order by id")
    assert [r[0] for r in rows] == ["sent", "refused"] and rows[1][1].startswith("budget")
    obs = [r[0] for r in query(home / "edgeagent.db", "select observation from steps where tool = 'ask_cloud'")]
    assert obs[0] == "first answer" and "budget" in obs[1]
    assert len(c.seen) == 1 and out["status"] == "done" and out["cloud_cost_usd"] > 0.01


def test_unreachable_cloud_falls_back(home, workspace, tmp_path):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[cloud]\nmax_retries = 0\ntimeout_s = 5\n")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again when the block ends: nothing listens there
    edge = _ask_then_finish(tmp_path, "anyone there?")
    out = _run(home, workspace, edge, "--cloud", f"http://127.0.0.1:{port}#default")
    assert out["status"] == "done"
    (status, reason), = query(home / "edgeagent.db", "select status, reason from exports")
    assert status == "failed" and "unreachable" in reason
    (err,) = query(home / "edgeagent.db", "select error from model_calls where side = 'cloud'")[0]
    assert "unreachable" in err


class _Garbage(http.server.BaseHTTPRequestHandler):
    body = b""

    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        body = self.body
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("body", [
    b'{"id": "msg_1", "type": "message", "content": [',  # cut off mid-body
    b'{"id": "msg_1", "type": "message", "role": "assistant", "content": "not a list"}',
    b'{"id": "msg_1", "type": "message", "role": "assistant", "content": [], "usage": {}}',  # no content
])
def test_malformed_cloud_reply_falls_back(home, workspace, tmp_path, body):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[cloud]\nmax_retries = 0\n")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), type("H", (_Garbage,), {"body": body}))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        edge = _ask_then_finish(tmp_path, "hello?")
        out = _run(home, workspace, edge, "--cloud", f"http://127.0.0.1:{server.server_address[1]}#default")
    finally:
        server.shutdown()
        server.server_close()
    assert out["status"] == "done"
    (status, reason), = query(home / "edgeagent.db", "select status, reason from exports")
    assert status == "failed" and "malformed" in reason


def test_api_key_never_stored(home, workspace, tmp_path, cloud, monkeypatch):
    key = "sk-ant-api03-" + "Zq9" * 30
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(f'[cloud]\napi_key = "{key}"\n')
    c = cloud(["ok"])
    out = _run(home, workspace, _ask_then_finish(tmp_path, "q?"), "--cloud", c.target)
    assert out["cloud_calls"] == 1
    db_bytes = b"".join(p.read_bytes() for p in home.glob("edgeagent.db*"))
    assert key.encode() not in db_bytes


def test_select_sends_less_than_the_trajectory():
    steps = [{"tool": "read_file", "args": {"path": f"f{i}.md"}, "observation": "x" * 3000} for i in range(10)]
    _system, msgs = select("advice", "the task", steps, "what next?")
    assert "the task" in msgs[0]["content"] and "what next?" in msgs[0]["content"]
    assert len(msgs[0]["content"]) < 2500 and "f9.md" in digest(steps)  # newest findings kept
    _, plan = select("plan", "the task", steps)
    assert plan == [{"role": "user", "content": "Task: the task"}]


def test_crash_after_the_cloud_answer_replays_without_asking_again(home, workspace, tmp_path, cloud, monkeypatch):
    """Killed between the cloud's answer and the step row: resume reuses both the edge call and the answer."""
    from edgeagent.store.runs import Store as RealStore

    c = cloud(["use the notes"])
    edge = _ask_then_finish(tmp_path, "what now?")
    real_add_step = RealStore.add_step
    monkeypatch.setattr(RealStore, "add_step", lambda self, **f: (_ for _ in ()).throw(SystemExit("crash")))
    r = CliRunner().invoke(cli, ["run", "t", "--workspace", str(workspace), "--model", edge, "--cloud", c.target,
                                 "--strategy", "advisor"])
    assert r.exit_code != 0 and len(c.seen) == 1
    run_id = query(home / "edgeagent.db", "select id from runs")[0][0]
    RealStore(home / "edgeagent.db").update_run(run_id, owner=None)
    monkeypatch.setattr(RealStore, "add_step", real_add_step)
    r = CliRunner().invoke(cli, ["resume", run_id, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["status"] == "done" and len(c.seen) == 1  # not asked twice
    (obs,) = query(home / "edgeagent.db", "select observation from steps where tool = 'ask_cloud'")[0]
    assert obs == "use the notes"
    assert query(home / "edgeagent.db", "select count(*) from exports")[0][0] == 1
