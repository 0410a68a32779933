"""The workspace overview the edge model starts with: what it lists, its limits, and that it is taken once."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest

from edgeagent.tools import overview as wo
from edgeagent.tools.overview import overview
from edgeagent.tools.registry import tools_for
from tests.agent.test_history import LIST, done, invoke, prompts, script  # noqa: F401 (prompts is a fixture)
from tests.conftest import query

WITH_QUERY = tools_for(False, ["list_dir", "read_file", "query"])
WITHOUT_QUERY = tools_for(False)  # the file tools


def shop(ws):
    ws.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(ws / "shop.sqlite")
    db.execute("create table orders (id integer, status text, total_eur real)")
    db.commit()
    db.close()
    (ws / "staff.csv").write_text("name,office,start date\nAda,Oslo,2024-01-02\n")
    (ws / "notes.md").write_text("hello\n")
    return ws


def test_files_and_the_tables_query_will_see_with_their_columns(tmp_path):
    text = overview(shop(tmp_path / "ws"), WITH_QUERY)
    assert text.splitlines()[0] == "Workspace files (3): notes.md, shop.sqlite, staff.csv"
    assert "shop.orders(id, status, total_eur)" in text and 'staff(name, office, "start date")' in text


def test_no_tables_without_the_query_tool_and_nothing_for_an_empty_workspace(tmp_path):
    assert "Tables" not in overview(shop(tmp_path / "ws"), WITHOUT_QUERY)
    (tmp_path / "empty").mkdir()
    assert overview(tmp_path / "empty", WITH_QUERY) == "" and overview(tmp_path / "nowhere", WITH_QUERY) == ""


def test_many_files_are_summarised_by_folder_and_git_and_links_are_left_out(tmp_path):
    ws = tmp_path / "ws"
    (ws / "mail").mkdir(parents=True)
    for i in range(wo.MAX_FILES + 5):
        (ws / "mail" / f"{i:03}.eml").write_text("x")
    (ws / ".git").mkdir()
    (ws / ".git" / "HEAD").write_text("ref")
    (ws / "todo.md").write_text("x")
    os.symlink("/etc/hostname", ws / "link.txt")
    text = overview(ws, WITH_QUERY)
    assert text == f"Workspace files ({wo.MAX_FILES + 6}): todo.md, mail/ ({wo.MAX_FILES + 5} files: .eml)"


def test_a_huge_workspace_is_not_walked_to_the_end(tmp_path, monkeypatch):
    monkeypatch.setattr(wo, "MAX_WALKED", 3)
    text = overview(shop(tmp_path / "ws"), WITH_QUERY)
    assert text.startswith("Workspace files (3+)") and "Tables" not in text


def test_a_long_overview_is_cut_with_a_note(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    for i in range(wo.MAX_FILES):
        (ws / f"{'a-long-file-name-' * 4}{i:02}.md").write_text("x")
    text = overview(ws, WITH_QUERY)
    assert len(text) <= wo.MAX_CHARS and text.endswith(", ... (cut)")


def test_the_run_starts_with_the_overview_taken_once(home, tmp_path, prompts):  # noqa: F811
    ws = shop(tmp_path / "ws")
    write = {"name": "write_file", "arguments": {"path": "report.md", "content": "done"}}
    model = script(tmp_path / "a.json", [write, LIST, done()])
    out = json.loads(invoke("run", "t", "--workspace", str(ws), "--model", model, "--json").stdout)
    stored = query(home / "edgeagent.db", "select overview from runs where id = ?", [out["run_id"]])[0][0]
    # `run --tools auto` gives query for the CSV and SQLite files; report.md, written by the run, is not listed
    assert stored == overview(shop(tmp_path / "same"), WITH_QUERY)
    seen = next(iter(prompts.values()))
    first, last = seen[0], seen[2]
    assert "Tables for query: " in first and "shop.orders(id, status, total_eur)" in first
    assert first.count("Workspace files (3)") == last.count("Workspace files (3)") == 1


@pytest.mark.parametrize("had_steps", [True, False])
def test_a_run_from_before_overviews_keeps_its_prompt_when_resumed(home, tmp_path, had_steps):
    ws = shop(tmp_path / "ws")
    model = script(tmp_path / "a.json", [LIST, done(), LIST, done()])
    out = json.loads(invoke("run", "t", "--workspace", str(ws), "--model", model, "--json").stdout)
    db = sqlite3.connect(home / "edgeagent.db")  # as an older version left it: no overview, stopped after step 0
    db.execute("update runs set overview = null, status = 'interrupted', answer = null where id = ?", [out["run_id"]])
    db.execute("delete from steps where run_id = ? and idx >= ?", [out["run_id"], 1 if had_steps else 0])
    db.execute("delete from model_calls where run_id = ? and step_idx >= ?", [out["run_id"], 1 if had_steps else 0])
    db.commit()
    db.close()
    r = invoke("resume", out["run_id"])
    assert r.exit_code == 0, r.output
    stored = query(home / "edgeagent.db", "select overview from runs where id = ?", [out["run_id"]])[0][0]
    assert (stored == "") == had_steps and (stored.startswith("Workspace files") or had_steps)


def test_files_that_cannot_be_stat_ed_and_special_files_are_left_out(tmp_path, monkeypatch):
    ws = shop(tmp_path / "ws")
    os.mkfifo(ws / "pipe")
    real = os.lstat

    def lstat(path, *a, **kw):
        if str(path).endswith("notes.md"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *a, **kw)

    monkeypatch.setattr(wo.os, "lstat", lstat)
    assert overview(ws, WITHOUT_QUERY) == "Workspace files (2): shop.sqlite, staff.csv"
