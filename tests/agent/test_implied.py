"""The model's reading of deliverables a task does not name (agent/implied.py): when it is asked, what of its
reading is owed, and the real loop holding finish back on it, with a scripted model standing in for the edge."""

from __future__ import annotations

import json

import pytest

from edgeagent.agent.deliverables import EventDeliverable, FileDeliverable, MessageDeliverable
from edgeagent.agent.implied import SCHEMA, implied, needs_reading
from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.store.runs import Store
from tests.agent.test_deliverables import call, prompts_seen

UNNAMED = ("The Harbour Cafe catering order is confirmed. Put them into our supplier list the way the "
           "purchasing notes say, and let the office manager know.")


@pytest.mark.parametrize("task", [
    UNNAMED,
    "Bring the supplier list up to date with what the notes say.",
    "Die Bestellung ist bestätigt: nimm den Lieferanten in unsere Liste auf und gib Frau Weber Bescheid.",
    "Range la liste des fournisseurs selon les notes d'achat.",
])
def test_the_model_is_asked_only_where_the_words_name_nothing(task):
    assert needs_reading(task)


@pytest.mark.parametrize("task", [
    "Write a short summary to reports/summary.md.",  # the parser names it
    "Send the late tickets to ops@example.com.",
    "Which supplier did the office manager approve last week?",  # a question owes an answer only
    "Wann ist die Quartalsbesprechung?",
])
def test_named_deliverables_and_questions_are_not_read_by_the_model(task):
    assert not needs_reading(task)


def reading(*asks: tuple[str, str]) -> str:
    return json.dumps({"asks": [{"action": a, "quote": q} for a, q in asks]})


def test_only_what_the_task_words_back_is_owed_and_no_path_is_invented():
    got = implied(UNNAMED, reading(("write_file", "Put them into our supplier list"),
                                   ("send_mail", "let the office manager know"),
                                   ("add_event", "let the office manager know"),  # no calendar in these words
                                   ("draft_mail", "write to the caterer")))  # not the task's words
    assert got == (FileDeliverable("", "Put them into our supplier list"),
                   MessageDeliverable(draft=False, asked="let the office manager know"))
    assert got[0].label() == 'write or change a file, as asked: "Put them into our supplier list"'
    event = "Book a table for the team lunch on Friday and put it in the shared calendar."
    assert implied(event, reading(("add_event", "put it in the shared calendar"))) == \
        (EventDeliverable("put it in the shared calendar"),)
    assert implied("Block two hours on Tuesday for the budget review.",
                   reading(("add_event", "Block two hours on Tuesday"))) == (EventDeliverable("Block two hours on Tuesday"),)


def test_a_negated_quote_or_a_send_the_user_forbade_is_not_owed():
    task = "Tidy the supplier list and prepare a note for the office manager, but don't send anything."
    assert implied(task, reading(("write_file", "Tidy the supplier list"), ("send_mail", "prepare a note for the office manager"))) \
        == (FileDeliverable("", "Tidy the supplier list"),)
    assert implied(task, reading(("send_mail", "don't send anything"))) == ()
    assert implied(task, reading(("draft_mail", "prepare a note for the office manager"))) == \
        (MessageDeliverable(draft=True, asked="prepare a note for the office manager"),)


def test_one_deliverable_per_kind_whatever_the_model_repeats():
    got = implied(UNNAMED, reading(("write_file", "Put them into our supplier list"),
                                   ("write_file", "the way the purchasing notes say")))
    assert got == (FileDeliverable("", "Put them into our supplier list"),)


@pytest.mark.parametrize("stored", [None, "", "not json", "[1, 2]", '{"asks": "write"}', '{"asks": [["write_file"]]}',
                                    '{"asks": [{"action": "delete_file", "quote": "Put them into"}]}',
                                    '{"asks": [{"action": "write_file", "quote": "Put them into our'])
def test_no_reading_or_a_broken_one_owes_nothing(stored):
    assert implied(UNNAMED, stored) == ()


def _run(tmp_path, task, replies, **agent_kw):
    ws = tmp_path / "ws"
    ws.mkdir(parents=True, exist_ok=True)
    (ws / "suppliers.csv").write_text("id,name\nS-1,Northwind\n")
    store = Store(tmp_path / "db" / "edgeagent.db")
    backend = ScriptedBackend(replies)
    seen = prompts_seen(backend)
    run_id = store.create_run(task=task, workspace=str(ws), strategy="edge", model="scripted", backend="scripted",
                              max_steps=8)
    agent = Agent(store, backend, EdgeOnly(), **agent_kw)
    return agent, store, run_id, backend, seen


def test_the_loop_holds_finish_back_on_what_the_model_read_and_stores_the_reading(tmp_path):
    read = reading(("write_file", "Put them into our supplier list"))
    # Entry 0 answers both of the first two calls: the reading (no tool in its grammar) and step 0's call.
    replies = [[read, json.dumps(call("read_file", path="suppliers.csv"))],
               json.dumps(call("finish", answer="The supplier list is fine.")),
               json.dumps(call("append_file", path="suppliers.csv", content="S-2,Harbour Cafe\n")),
               json.dumps(call("finish", answer="Harbour Cafe is in suppliers.csv as S-2."))]
    agent, store, run_id, backend, seen = _run(tmp_path, UNNAMED, replies, implied=True)
    run = agent.run(run_id)
    steps = store.steps(run_id)
    assert backend.call_kwargs[0]["constraint"] == SCHEMA and seen[0][-1]["content"] == f"Request: {UNNAMED}"
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 1), ("finish", 0), ("append_file", 1),
                                                     ("finish", 1)]
    assert 'still open: write or change a file, as asked: "Put them into our supplier list"' in steps[1]["observation"]
    assert run["status"] == "done" and not run["open_deliverables"] and json.loads(run["implied"]) == \
        json.loads(read)
    # The reading is an edge call of its own, before step 0, and counts toward the run's tokens.
    first = store.model_calls(run_id)[0]
    assert (first["step_idx"], first["side"], json.loads(first["output"])) == (-1, "edge", json.loads(read))
    fresh = [(c["prompt_tokens"] or 0) - (c["cached_tokens"] or 0) + (c["completion_tokens"] or 0)
             for c in store.model_calls(run_id)]
    assert fresh[0] > 0 and store.totals(run_id)["edge_tokens"] == sum(fresh)


def test_a_resumed_run_keeps_its_reading_and_the_rule_off_asks_nothing(tmp_path):
    replies = [[reading(("send_mail", "let the office manager know")), json.dumps(call("list_dir", path="."))],
               json.dumps(call("finish", answer="Nothing to do."))]
    agent, store, run_id, backend, _ = _run(tmp_path, UNNAMED, replies, implied=True)
    agent._take_implied(store.get_run(run_id), [])
    stored = store.get_run(run_id)["implied"]
    agent._take_implied(store.get_run(run_id), [])  # as a resume does: stored once, never asked again
    assert len(backend.call_kwargs) == 1 and store.get_run(run_id)["implied"] == stored

    off, _, run2, backend2, _ = _run(tmp_path / "off", UNNAMED, replies)
    run = off.run(run2)
    assert all(kw["constraint"] != SCHEMA for kw in backend2.call_kwargs)
    assert run["implied"] is None and not run["open_deliverables"]


def test_a_named_deliverable_wins_and_the_model_is_not_asked(tmp_path):
    task = "Add the Harbour Cafe to suppliers.csv."
    replies = [json.dumps(call("append_file", path="suppliers.csv", content="S-2,Harbour Cafe\n")),
               json.dumps(call("finish", answer="Added S-2 to suppliers.csv."))]
    agent, _, run_id, backend, _ = _run(tmp_path, task, replies, implied=True)
    run = agent.run(run_id)
    assert all(kw["constraint"] != SCHEMA for kw in backend.call_kwargs)
    assert run["implied"] == "" and run["status"] == "done" and not run["open_deliverables"]


def test_run_with_the_rule_on_and_show_says_what_the_model_read(home, workspace, tmp_path):
    from click.testing import CliRunner

    from edgeagent.cli import cli
    from tests.conftest import write_script

    model = write_script(tmp_path / "s.json", [
        [json.loads(reading(("write_file", "Put them into our supplier list"), ("send_mail", "let the office manager know"))),
         call("list_dir", path=".")],
        call("finish", answer="All good."),
        call("finish", answer="blocked: there is no supplier list in the workspace")])
    runner = CliRunner()
    r = runner.invoke(cli, ["run", UNNAMED, "--workspace", str(workspace), "--model", model, "--json",
                            "--set", "agent.implied=true"])
    assert r.exit_code == 0, r.output
    run_id = json.loads(r.stdout)["run_id"]
    shown = runner.invoke(cli, ["show", run_id]).output
    assert 'the model read it as asking: write_file "Put them into our supplier list"; send_mail' in shown
    assert 'left open: write or change a file, as asked: "Put them into our supplier list"' in shown
    assert "(blocked, unfinished)" in shown
