"""`edgeagent undo`: real runs of the scripted model through the CLI, then the workspace put back (issue 11, item 11)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import psutil
import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.workspace.snapshots import Snapshots
from tests.conftest import write_script

NOTES = "# My notes\nthe user's own text\n"
LOG = "day 1\n"


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    w.mkdir()
    (w / "notes.md").write_text(NOTES)
    (w / "log.txt").write_text(LOG)
    return w


def _run(home, ws, tmp_path, replies) -> str:
    model = write_script(tmp_path / "script.json", replies)
    result = CliRunner().invoke(cli, ["run", "tidy up", "-w", str(ws), "--model", model, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["run_id"]


# step 0 reads notes.md, 1 overwrites it, 2 creates out/todo.txt, 3 appends to log.txt, 4 overwrites notes again
SCRIPT = [{"tool": "read_file", "args": {"path": "notes.md"}},
          {"tool": "write_file", "args": {"path": "notes.md", "content": "overwritten by the model\n"}},
          {"tool": "write_file", "args": {"path": "out/todo.txt", "content": "a new file\n"}},
          {"tool": "append_file", "args": {"path": "log.txt", "content": "day 2\n"}},
          {"tool": "write_file", "args": {"path": "notes.md", "content": "overwritten twice\n"}},
          {"tool": "finish", "args": {"answer": "done"}}]


def undo(*args):
    return CliRunner().invoke(cli, ["undo", *args])


def test_undo_restores_changed_files_and_removes_created_ones(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, SCRIPT)
    assert (ws / "notes.md").read_text() == "overwritten twice\n" and (ws / "out" / "todo.txt").exists()
    result = undo(run_id)
    assert result.exit_code == 0, result.output
    assert (ws / "notes.md").read_text() == NOTES
    assert (ws / "log.txt").read_text() == LOG
    assert not (ws / "out" / "todo.txt").exists()
    assert result.output.splitlines() == ["restored notes.md (as before step 1)",
                                          "removed out/todo.txt (created at step 2)",
                                          "restored log.txt (as before step 3)"]
    # A second undo finds everything already as it was and changes nothing.
    again = undo(run_id)
    assert again.exit_code == 0 and "log.txt: already as before step 3" in again.output
    assert (ws / "notes.md").read_text() == NOTES


def test_undo_from_a_step_keeps_what_came_before_it(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, SCRIPT)
    result = undo(run_id, "--step", "3", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["files"] == ["restored log.txt (as before step 3)",
                                                  "restored notes.md (as before step 4)"]
    assert (ws / "notes.md").read_text() == "overwritten by the model\n"  # step 1's write stays
    assert (ws / "out" / "todo.txt").read_text() == "a new file\n"
    assert (ws / "log.txt").read_text() == LOG


def test_undo_refuses_and_changes_nothing_where_a_file_changed_since(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, SCRIPT)
    (ws / "notes.md").write_text("the user edited it after the run\n")
    result = undo(run_id)
    assert result.exit_code == 1
    assert result.output.strip() == (f"error: cannot undo run {run_id}: notes.md changed since the run wrote it "
                                     "(step 4); no file was changed")
    assert (ws / "notes.md").read_text() == "the user edited it after the run\n"
    assert (ws / "log.txt").read_text() == LOG + "day 2\n"  # not restored either: all or nothing
    assert (ws / "out" / "todo.txt").exists()
    (ws / "notes.md").unlink()  # a file the run wrote, deleted since, is a change too
    assert "notes.md changed since" in undo(run_id).output


def test_undo_refuses_where_the_old_content_is_no_longer_kept(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, SCRIPT)
    for p in (home / "snapshots").iterdir():
        p.unlink()
    result = undo(run_id)
    assert result.exit_code == 1
    assert "the content of notes.md before step 1 is no longer kept (snapshots keep the most recently used" in result.output
    assert (ws / "notes.md").read_text() == "overwritten twice\n"


def test_undo_never_writes_through_a_folder_swapped_for_a_link(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, SCRIPT)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "todo.txt").write_text("a new file\n")  # the same content the run left in out/
    os.rename(ws / "out", tmp_path / "moved")
    (ws / "out").symlink_to(outside, target_is_directory=True)
    result = undo(run_id)
    assert result.exit_code == 1 and "out/todo.txt cannot be checked (path leaves the workspace" in result.output
    assert (outside / "todo.txt").read_text() == "a new file\n"


def test_undo_of_a_run_that_changed_nothing_or_a_step_it_never_had(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, [SCRIPT[0], SCRIPT[-1]])
    result = undo(run_id)
    assert result.exit_code == 0 and result.output.strip() == f"run {run_id} changed no file from step 0 on"
    result = undo(run_id, "--step", "7")
    assert result.exit_code == 2 and result.output.strip() == f"error: run {run_id} has no step 7 (its steps are 0 to 1)"
    assert undo("nope").exit_code == 2


def test_snapshots_are_bounded_and_drop_the_least_recently_used_first(tmp_path):
    snaps = Snapshots(tmp_path / "snapshots", limit_bytes=250)
    a, b = snaps.keep(b"a" * 100), snaps.keep(b"b" * 100)
    os.utime(tmp_path / "snapshots" / a, (1, 1))  # a is the oldest ...
    snaps.keep(b"a" * 100)  # ... until it is used again, which makes b the oldest
    c = snaps.keep(b"c" * 100)
    assert snaps.get(b) is None and snaps.get(a) == b"a" * 100 and snaps.get(c) == b"c" * 100
    assert sum(p.stat().st_size for p in (tmp_path / "snapshots").iterdir()) <= 250
    (tmp_path / "snapshots" / a).write_bytes(b"tampered")
    assert snaps.get(a) is None  # content that no longer matches its name is not restored


def test_undo_refuses_a_run_that_is_still_running(home, ws, tmp_path):
    run_id = _run(home, ws, tmp_path, SCRIPT)
    driver = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        owner = f"{driver.pid}:{psutil.Process(driver.pid).create_time()}:run"
        db = sqlite3.connect(home / "edgeagent.db")
        with db:
            db.execute("update runs set status = 'running', owner = ? where id = ?", [owner, run_id])
        db.close()
        result = undo(run_id)
        assert result.exit_code == 2
        assert result.output.strip() == f"error: run {run_id} is still running; stop it before undoing it"
        assert (ws / "notes.md").read_text() == "overwritten twice\n"
    finally:
        driver.kill()
        driver.wait()
    assert undo(run_id).exit_code == 0  # its driver is gone: the run can be undone
    assert (ws / "notes.md").read_text() == NOTES
