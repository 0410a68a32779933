"""A tool argument no tool can use (a lone surrogate a model wrote as "\\ud800", a line character in a subject) is a
tool error the model can act on, in a real run: never a run that ends `error` and repeats it on every resume."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.tools.registry import check_args
from edgeagent.workspace.sandbox import ToolError
from tests.conftest import write_script


@pytest.mark.parametrize("args,named", [
    ({"path": "a\ud800.txt"}, "path"),
    ({"sql": "SELECT '\udfff'"}, "sql"),
    ({"to": "ann@example.org", "subject": "Hi", "body": "x\ud83d"}, "body"),
    ({"answer": ["fine", {"note": "\udc80"}]}, "answer"),
])
def test_a_lone_surrogate_in_any_argument_is_a_tool_error_naming_it(args, named):
    with pytest.raises(ToolError, match=rf"^{named} holds a lone surrogate \('\\ud[0-9a-f]{{3}}' at position \d+\)"):
        check_args(args)


def test_text_with_real_characters_passes():
    check_args({"subject": "Café 😀 – 会議", "body": "line\nnext", "n": 3})


def _observations(home, run_id: str) -> list[tuple[str, int, str]]:
    db = sqlite3.connect(home / "edgeagent.db")
    try:
        return db.execute("select tool, ok, observation from steps where run_id = ? order by idx", [run_id]).fetchall()
    finally:
        db.close()


def test_a_run_whose_model_writes_unusable_characters_finishes_with_tool_errors(home, workspace, tmp_path):
    (workspace / "inbox").mkdir()
    (workspace / "inbox" / "001.eml").write_bytes(b"From: Ann Lee <ann@example.org>\r\nTo: me@localhost\r\n"
                                                  b"Subject: plan\r\n\r\nSee you.\r\n")
    (workspace / "t.csv").write_text("a,b\n1,2\n")
    mail = {"to": "ann@example.org", "body": "See you."}
    model = write_script(tmp_path / "s.json", [  # dumped as JSON: "\ud800" is the escape the model wrote
        {"tool": "send_mail", "args": {**mail, "subject": "Re:\vplan"}},
        {"tool": "query", "args": {"sql": "SELECT '\ud800'"}},
        {"tool": "draft_mail", "args": {**mail, "subject": "Re: plan\u2028Bcc: z@attacker.example"}},
        {"tool": "read_file", "args": {"path": "notes\ud800.md"}},
        {"tool": "send_mail", "args": {**mail, "subject": "Re: \ud800plan"}},
        {"tool": "send_mail", "args": {**mail, "subject": "Re:\x1cplan"}},
        {"tool": "read_file", "args": {"path": "notes.md"}},
        # The task asks for a reply that never went out: only a blocked answer may end the run before its budget.
        {"tool": "finish", "args": {"answer": "blocked: every reply I wrote was refused"}}])
    assert "\\ud800" in (tmp_path / "s.json").read_text()
    result = CliRunner().invoke(cli, ["run", "Reply to Ann", "--workspace", str(workspace), "--model", model,
                                      "--tools", "all", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["status"] == "done", out
    steps = _observations(home, out["run_id"])
    assert [(tool, ok) for tool, ok, _ in steps] == [
        ("send_mail", 0), ("query", 0), ("draft_mail", 0), ("read_file", 0), ("send_mail", 0), ("send_mail", 0),
        ("read_file", 1), ("finish", 1)]
    obs = [o for _, _, o in steps]
    assert "subject holds a control character ('\\x0b' at position 3)" in obs[0]
    assert "sql holds a lone surrogate ('\\ud800' at position 8)" in obs[1]
    assert "subject holds a control character ('\\u2028'" in obs[2]
    assert "path holds a lone surrogate" in obs[3]
    assert "subject holds a lone surrogate" in obs[4]
    assert "subject holds a control character ('\\x1c'" in obs[5]
    assert not (workspace / "outbox").exists() and not (workspace / "drafts").exists()


@pytest.mark.parametrize("tool,args", [
    ("read_file", {"path": "notes\ud800.md"}),
    ("query", {"sql": "SELECT '\ud800'"}),
    ("write_file", {"path": "new.md", "content": "text \udcff"}),
    ("search", {"query": "budget \ud800"}),
])
def test_a_lone_surrogate_in_a_path_sql_or_text_ends_no_run(home, workspace, tmp_path, tool, args):
    (workspace / "t.csv").write_text("a,b\n1,2\n")
    model = write_script(tmp_path / "s.json", [{"tool": tool, "args": args},
                                               {"tool": "read_file", "args": {"path": "notes.md"}},
                                               {"tool": "finish", "args": {"answer": "done"}}])
    result = CliRunner().invoke(cli, ["run", "Write a summary of the notes to new.md", "--workspace", str(workspace), "--model", model,
                                      "--tools", "all", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["status"] == "done", out
    first = _observations(home, out["run_id"])[0]
    named = next(k for k, v in args.items() if any("\ud800" <= c <= "\udfff" for c in v))
    assert first[:2] == (tool, 0) and f"{named} holds a lone surrogate" in first[2]
    assert not (workspace / "new.md").exists()  # nothing written with the character replaced
