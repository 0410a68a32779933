"""[agent] read_first through the real loop with a scripted model: no file is written before the run has read
something, unless the user dictated the text; a copy of the request is not dictation."""

from __future__ import annotations

import pytest

from edgeagent.agent.guards import check_read_first, dictated
from edgeagent.config import DEFAULTS
from edgeagent.tools.registry import tools_for
from edgeagent.workspace.sandbox import ToolError
from tests.agent.test_deliverables import _agent_run, call

TASK = "Read notes.md and write a short summary of the open tickets to summary.md."


def test_read_first_is_off_by_default():
    assert DEFAULTS["agent"]["read_first"] is False


def test_a_write_before_any_read_is_refused_and_allowed_after_one(tmp_path):
    replies = [call("write_file", path="summary.md", content="All tickets are closed."),
               call("read_file", path="notes.md"),
               call("write_file", path="summary.md", content="Three open, two late."),
               call("finish", answer="Wrote summary.md.")]
    run, steps, _, _ = _agent_run(tmp_path, TASK, replies, read_first=True)
    assert [(s["tool"], s["ok"]) for s in steps] == [("write_file", 0), ("read_file", 1), ("write_file", 1),
                                                     ("finish", 1)]
    assert run["status"] == "done"
    assert "nothing has been read in this run yet" in steps[0]["observation"]
    assert (tmp_path / "ws" / "summary.md").read_text() == "Three open, two late."


def test_a_failed_read_does_not_count_and_off_means_no_check(tmp_path):
    replies = [call("read_file", path="nope.md"), call("append_file", path="summary.md", content="guess"),
               call("finish", answer="blocked: nothing to go on")]
    _, steps, _, _ = _agent_run(tmp_path, TASK, replies, read_first=True)
    assert [(s["tool"], s["ok"]) for s in steps][:2] == [("read_file", 0), ("append_file", 0)]
    (tmp_path / "off").mkdir()
    _, steps, _, _ = _agent_run(tmp_path / "off", TASK, replies[1:], read_first=False)
    assert (steps[0]["tool"], steps[0]["ok"]) == ("append_file", 1)


def test_the_request_copied_into_the_file_is_refused(tmp_path):
    replies = [call("write_file", path="summary.md", content=TASK), call("finish", answer="blocked: stop")]
    _, steps, _, _ = _agent_run(tmp_path, TASK, replies, read_first=True)
    assert steps[0]["ok"] == 0 and not (tmp_path / "ws" / "summary.md").exists()


@pytest.mark.parametrize("task,content", [
    ('Write "Office closed on Friday, take your laptops home" to notice.txt.',
     "Office closed on Friday, take your laptops home"),
    ("Add this line to notice.txt: the office is closed on Friday for maintenance.",
     "The office is closed on Friday for maintenance."),
    ("Schreib „Büro am Freitag geschlossen“ in notiz.txt.", "Büro am Freitag geschlossen"),
    ("Mets « Bureau fermé vendredi » dans note.txt.", "Bureau fermé vendredi"),
])
def test_dictated_text_may_be_written_at_once(tmp_path, task, content):
    assert dictated(task, content)
    replies = [call("write_file", path="notice.txt", content=content), call("finish", answer="Wrote notice.txt.")]
    _, steps, _, _ = _agent_run(tmp_path, task, replies, read_first=True)
    assert steps[0]["ok"] == 1


def test_an_empty_workspace_needs_no_read():
    tools = tools_for(False)
    args = {"path": "plan.md", "content": "A plan for the week."}
    check_read_first("write_file", args, [], {"task": "Draft a plan for my week in plan.md.", "overview": ""}, tools)
    with pytest.raises(ToolError, match="nothing has been read"):
        check_read_first("write_file", args, [], {"task": "Draft a plan for my week in plan.md.",
                                                  "overview": "Workspace files (1): notes.md"}, tools)
