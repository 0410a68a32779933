"""`edgeagent run --tools`: auto picks the apps whose data the workspace holds; names and groups; bad names."""

from __future__ import annotations

import json
import subprocess

import pytest

from edgeagent.errors import BadInput
from edgeagent.tools.registry import FILES, GROUPS, choose_tools
from tests.agent.test_history import done, invoke, script
from tests.conftest import query


def test_auto_adds_each_app_whose_files_are_there(tmp_path):
    (tmp_path / "inbox").mkdir()
    (tmp_path / "inbox" / "001.eml").write_text("Subject: hi\n\nhello\n")
    (tmp_path / "Sales.CSV").write_text("a,b\n1,2\n")
    assert choose_tools("auto", tmp_path) == [*FILES, *GROUPS["mail"], "query"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "team.vcf").write_text("BEGIN:VCARD\nEND:VCARD\n")
    (tmp_path / "cal.ics").write_text("BEGIN:VCALENDAR\nEND:VCALENDAR\n")
    assert set(choose_tools("auto", tmp_path)) == {*FILES, *GROUPS["mail"], "query", "find_contact",
                                                   "list_events", "add_event", *GROUPS["git"]}


def test_auto_on_plain_notes_is_the_file_tools(tmp_path):
    (tmp_path / "notes.md").write_text("x")
    assert choose_tools("auto", tmp_path) is None and choose_tools("files", tmp_path) is None


def test_names_and_groups_mix_without_repeats(tmp_path):
    assert choose_tools("read_file, mail,read_file", tmp_path) == ["read_file", *GROUPS["mail"]]
    assert choose_tools("all", tmp_path) == [n for g in GROUPS.values() for n in g]


@pytest.mark.parametrize("spec", ["mails", "read_file,nope", "finish", "ask_cloud"])
def test_an_unknown_name_is_one_line_naming_it(tmp_path, spec):
    with pytest.raises(BadInput, match="--tools: unknown tool or group") as e:
        choose_tools(spec, tmp_path)
    assert "\n" not in str(e.value)


def test_a_run_on_a_mail_folder_gets_the_mail_tools_and_keeps_them(home, tmp_path):
    ws = tmp_path / "ws"
    (ws / "inbox").mkdir(parents=True)
    (ws / "inbox" / "001.eml").write_text("From: a@example.org\nSubject: lunch\n\nNoon?\n")
    listed = {"name": "list_mail", "arguments": {"folder": "inbox"}}
    out = json.loads(invoke("run", "what came in?", "-w", str(ws), "--model",
                            script(tmp_path / "a.json", [listed, done()]), "--json").stdout)
    rows = query(home / "edgeagent.db", "select tool, ok from steps where run_id = ? order by idx", [out["run_id"]])
    assert rows == [("list_mail", 1), ("finish", 1)]
    stored = json.loads(query(home / "edgeagent.db", "select settings from runs where id = ?", [out["run_id"]])[0][0])
    assert stored["tools"] == [*FILES, *GROUPS["mail"]]
    # The same call with --tools files is refused as a tool the run does not have.
    r = json.loads(invoke("run", "what came in?", "-w", str(ws), "--tools", "files", "--max-steps", "2", "--model",
                          script(tmp_path / "b.json", [listed, done(), done()]), "--json").stdout)
    first = query(home / "edgeagent.db", "select tool, ok from steps where run_id = ? order by idx", [r["run_id"]])[0]
    assert first != ("list_mail", 1)


def test_a_bad_tools_option_fails_before_any_run(home, tmp_path):
    r = invoke("run", "t", "-w", str(tmp_path), "--tools", "nope", "--model", script(tmp_path / "a.json", [done()]))
    assert r.exit_code != 0 and "--tools: unknown tool or group 'nope'" in r.output
    assert not (home / "edgeagent.db").exists() or not query(home / "edgeagent.db", "select id from runs")
