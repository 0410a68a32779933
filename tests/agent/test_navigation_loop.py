"""[agent] navigation through the real loop with a scripted model: tree and read_files are offered beside
list_dir and read_file, a read_files read lets a file be replaced, and a listing asked for again after a write
is answered with what changed."""

from __future__ import annotations

import pytest

from edgeagent.config import DEFAULTS
from tests.agent.test_deliverables import _agent_run, call

TASK = "Read notes.md and write a short summary to reports/summary.md."


def _offered(backend) -> list[list[str]]:
    return [[v["properties"]["tool"]["const"] for v in kw["constraint"]["anyOf"]] for kw in backend.call_kwargs]


def test_navigation_is_off_by_default_and_offers_nothing_new():
    assert DEFAULTS["agent"]["navigation"] is False


def test_with_navigation_tree_and_read_files_sit_beside_their_siblings(tmp_path):
    replies = [call("tree", path="."), call("read_files", paths="*.md"),
               call("write_file", path="reports/summary.md", content="3 open, 2 late"),
               call("finish", answer="Wrote reports/summary.md.")]
    run, steps, backend, _ = _agent_run(tmp_path, TASK, replies, navigation=True)
    assert [(s["tool"], s["ok"]) for s in steps] == [("tree", 1), ("read_files", 1), ("write_file", 1),
                                                     ("finish", 1)]
    first = _offered(backend)[0]
    assert first.index("tree") == first.index("list_dir") + 1
    assert first.index("read_files") == first.index("read_file") + 1
    assert "notes.md (38 bytes)" in steps[0]["observation"]
    assert steps[1]["observation"].startswith("=== notes.md (38 bytes) ===\nThree tickets")
    assert run["status"] == "done"


def test_without_navigation_the_tools_are_not_offered(tmp_path):
    replies = [call("read_file", path="notes.md"), call("write_file", path="reports/summary.md", content="x"),
               call("finish", answer="Wrote reports/summary.md.")]
    _, _, backend, _ = _agent_run(tmp_path, TASK, replies)
    assert not {"tree", "read_files"} & set(_offered(backend)[0])


def test_a_file_read_through_read_files_may_be_replaced_and_one_it_did_not_show_may_not(tmp_path):
    task = "Tidy notes.md and other.md."
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "other.md").write_text("untouched\n")
    replies = [call("read_files", paths="notes.md"), call("write_file", path="notes.md", content="tidy"),
               call("write_file", path="other.md", content="lost"), call("finish", answer="done")]
    _, steps, _, _ = _agent_run(tmp_path, task, replies, navigation=True)
    assert [(s["tool"], s["ok"]) for s in steps][:3] == [("read_files", 1), ("write_file", 1), ("write_file", 0)]
    assert "already exists and you have not read it" in steps[2]["observation"]
    assert (tmp_path / "ws" / "other.md").read_text() == "untouched\n"
    assert (tmp_path / "ws" / "notes.md").read_text() == "tidy"


@pytest.mark.parametrize("task,write,said", [
    ("Write a summary of notes.md to summary.md.", call("write_file", path="summary.md", content="3 open"),
     "since step 0, the rest unchanged:\n+ summary.md (6 bytes)"),
    ("Write a summary of notes.md to out/summary.md.", call("write_file", path="out/summary.md", content="3 open"),
     "since step 0, the rest unchanged:\n+ out/"),
    ("Append a blank line to notes.md.", call("append_file", path="notes.md", content=""),
     "nothing changed since step 0; its listing above is still right"),
])
def test_a_listing_asked_for_again_after_a_write_says_what_changed(tmp_path, task, write, said):
    replies = [call("list_dir", path="."), write, call("list_dir", path="."), call("finish", answer="done")]
    _, steps, _, _ = _agent_run(tmp_path, task, replies, navigation=True)
    assert (steps[1]["ok"], steps[2]["observation"]) == (1, said)
