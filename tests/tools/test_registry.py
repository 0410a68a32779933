"""The tool registry: every app tool registered, the default set unchanged, a task's subset by name."""

from __future__ import annotations

import json

import pytest

from edgeagent.agent.callformat import action_schema, check_call
from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.bench.validate import available_tools
from edgeagent.errors import BadInput
from edgeagent.store.runs import Store
from edgeagent.tools.files import BUILTIN_TOOLS
from edgeagent.tools.registry import ALL_TOOLS, APP_TOOLS, tools_for

SPEC = ["list_mail", "read_mail", "search_mail", "send_mail", "draft_mail", "list_events", "add_event",
        "find_contact", "query", "search_docs", "git_log", "git_show", "git_diff"]


def test_every_tool_of_the_contract_is_registered_with_string_arguments():
    assert list(APP_TOOLS) == SPEC
    for t in ALL_TOOLS.values():
        assert all(p["type"] == "string" and p["maxLength"] > 0 for p in t.params.values()), t.name
    assert {n for n, t in APP_TOOLS.items() if t.side_effect} == {"send_mail", "draft_mail", "add_event"}
    assert len(action_schema(ALL_TOOLS)["anyOf"]) == len(ALL_TOOLS)
    assert check_call("add_event", {"title": "x", "start": "2026-03-02", "end": "2026-03-03", "location": ""},
                      ALL_TOOLS)[0] == "add_event"


def test_the_default_set_is_unchanged_and_every_tool_is_one_validate_knows():
    assert list(tools_for(False)) == ["list_dir", "read_file", "search", "write_file", "append_file", "finish"]
    assert tools_for(False) == BUILTIN_TOOLS and list(tools_for(True))[-1] == "ask_cloud"
    assert set(SPEC) <= set(available_tools())  # what `bench validate` checks a task's tools against


def test_a_subset_by_name_always_holds_finish_and_ask_cloud_only_with_a_cloud():
    assert list(tools_for(False, ["read_file", "query"])) == ["read_file", "query", "finish"]
    assert list(tools_for(True, ["query", "ask_cloud"])) == ["query", "finish", "ask_cloud"]
    assert list(tools_for(False, ["query", "ask_cloud"])) == ["query", "finish"]


def test_an_unknown_tool_name_is_a_one_line_bad_input():
    with pytest.raises(BadInput, match=r"^unknown tool 'send_email'; the tools are: list_dir, .*git_diff") as e:
        tools_for(False, ["read_file", "send_email"])
    assert "\n" not in str(e.value)


def test_an_agent_given_a_subset_runs_those_tools_only(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "sales.csv").write_text("region,units\nnorth,7\nsouth,3\n")
    store = Store(tmp_path / "state" / "edgeagent.db")
    q = {"tool": "query", "args": {"sql": "SELECT SUM(units) AS total FROM sales"}}
    replies = [q, {"tool": "read_file", "args": {"path": "sales.csv"}}, q,
               {"tool": "finish", "args": {"answer": "10 units"}}]
    run_id = store.create_run(task="how many units?", workspace=str(ws), strategy="edge", model="scripted",
                              backend="scripted", max_steps=6)
    agent = Agent(store, ScriptedBackend([json.dumps(r) for r in replies]), EdgeOnly(),
                  tools=tools_for(False, ["query"]))
    assert agent.run(run_id)["answer"] == "10 units"
    steps = store.steps(run_id)
    assert steps[0]["ok"] and steps[0]["observation"].splitlines()[:2] == ["total", "10"]
    assert not steps[1]["ok"] and "read_file" in steps[1]["observation"]  # not among this task's tools
    assert steps[2]["observation"].startswith("You already called query")  # no loop on an app tool either
