"""A task that only asks a question gets no tool that changes anything; any request keeps every tool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.agent.task_intent import only_asks
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.bench.task import load_tasks
from edgeagent.cli import cli
from edgeagent.store.runs import Store
from edgeagent.tools.registry import ALL_TOOLS
from tests.conftest import query, write_script

TASKS = Path(__file__).resolve().parents[2] / "bench" / "tasks"

# Written for this test, not taken from the benchmark: each asks for a change, however it is phrased.
REQUESTS = [
    "Could you move the old logs into archive/?",
    "What's the total of expenses.csv? Put it in total.txt.",
    "Which invoices are overdue? Remind each customer by mail.",
    "Which meetings clash next week, and can you reschedule the later one?",
    "Is the API key in .env still valid? If not, rotate it.",
    "Tell Priya the build is green.",
    "Let the team know the release slipped to Friday.",
    "Please check whether config.yaml is valid?",
    "Who hasn't paid yet? Chase them.",
    "Where is the deploy token? Delete it from notes.md.",
    "How many rows does leads.csv have? Dedupe it afterwards.",
    "Find the duplicate contacts and merge them.",
    "Summarise the thread and forward it to legal.",
    "Check my calendar and accept Ana's invite if I'm free.",
    "Why does the build fail? Fix it.",
    "Any unread mail from Ana? Answer it.",
    "What's on Friday, and add a dentist slot at 3?",
    "Which files are duplicates? Get rid of them.",
    "Is Bob free on Monday? If he is, book the Delta room for us both.",
    "What did Ana ask for? Do it.",
    "How much did we spend on travel? Email the number to finance@corp.example.",
    "Who's on call this week? Ping them about the outage.",
    "Rename report-final-final.docx to report.docx.",
    "Mail customers.csv to my home address.",
]
QUESTIONS = [
    "Who sent the last invoice, and how much was it?",
    "When is my next dentist appointment?",
    "How many customers in customers.csv are from Spain?",
    "Is there anything in notes/ about the Berlin offsite?",
    "What does the error in logs/worker.log mean?",
    "Summarise the vendor proposal in two sentences.",
    "List my meetings on Thursday.",
    "The build broke last night. Which commit did it?",
    "Which of my contacts work at Acme? Tell me their phone numbers.",
    "Does config/prod.yaml still point at the old database host?",
    "Explain what the cron job in crontab.txt does.",
    "My laptop is three years old. Am I due a new one under the policy?",
    "Whose birthday is next in my contacts?",
]


@pytest.mark.parametrize("prompt", REQUESTS)
def test_a_request_keeps_every_tool(prompt):
    assert not only_asks(prompt)


@pytest.mark.parametrize("prompt", QUESTIONS)
def test_a_question_is_recognised(prompt):
    assert only_asks(prompt)


def test_no_benchmark_task_that_changes_something_is_taken_for_a_question():
    """The costly mistake is this one: a task that wants a change, and gets no tool to make it."""
    changing, asking = [], []
    for task in load_tasks([TASKS]):
        if task.origin is not None:
            continue  # the older suite, which the gate was written against; the ported one is measured below
        assert task.reference is not None
        writes = any(ALL_TOOLS[s.tool].side_effect for s in task.reference.steps)
        (changing if writes else asking).append(task.prompt)
    assert len(changing) >= 40 and [p for p in changing if only_asks(p)] == []
    assert sum(map(only_asks, asking)) >= len(asking) / 2  # the gate does hold on most of the questions


@pytest.mark.xfail(strict=True, reason="the gate takes office-leave-handover, an unseen ported task that mails "
                   "three organisers, for a question: found on the ported suite, to be fixed from the dev split")
def test_no_ported_task_that_changes_something_is_taken_for_a_question():
    tasks = [t for t in load_tasks([TASKS]) if t.origin is not None and t.reference is not None]
    changing = [t.id for t in tasks if any(ALL_TOOLS[s.tool].side_effect for s in t.reference.steps)]
    prompts = {t.id: t.prompt for t in tasks}
    assert [i for i in changing if only_asks(prompts[i])] == []


WRITE = {"tool": "write_file", "args": {"path": "docs/runbook.md", "content": "DEPRECATED - do not use\n"}}
READ = {"tool": "read_file", "args": {"path": "docs/runbook.md"}}
DONE = {"tool": "finish", "args": {"answer": "Restart with systemctl."}}
RUNBOOK = "# Runbook\nRestart: systemctl restart api\n"


def _agent_run(tmp_path: Path, task: str, replies: list, **agent_kw) -> tuple[dict, list[dict], ScriptedBackend]:
    ws = tmp_path / "ws"
    (ws / "docs").mkdir(parents=True)
    (ws / "docs" / "runbook.md").write_text(RUNBOOK)
    store = Store(tmp_path / "db" / "edgeagent.db")
    backend = ScriptedBackend([[json.dumps(a) for a in r] if isinstance(r, list) else json.dumps(r) for r in replies])
    run_id = store.create_run(task=task, workspace=str(ws), strategy="edge", model="scripted", backend="scripted",
                              max_steps=6)
    return Agent(store, backend, EdgeOnly(), **agent_kw).run(run_id), store.steps(run_id), backend


def _offered(call_kwargs: dict) -> set[str]:
    return {v["properties"]["tool"]["const"] for v in call_kwargs["constraint"]["anyOf"]}


def test_a_question_is_offered_no_write_and_a_model_that_would_write_answers_instead(tmp_path):
    run, steps, backend = _agent_run(tmp_path, "How do I restart the API? See docs/runbook.md.", [READ, [WRITE, DONE]])
    assert [s["tool"] for s in steps] == ["read_file", "finish"] and run["answer"] == DONE["args"]["answer"]
    offered = _offered(backend.call_kwargs[1])
    assert "write_file" not in offered and "append_file" not in offered and {"read_file", "finish"} <= offered
    assert (tmp_path / "ws" / "docs" / "runbook.md").read_text() == RUNBOOK


def test_a_request_is_offered_the_write_and_makes_it(tmp_path):
    _, steps, backend = _agent_run(tmp_path, "Mark docs/runbook.md as deprecated.", [READ, [WRITE, DONE], DONE])
    assert [s["tool"] for s in steps] == ["read_file", "write_file", "finish"]
    assert "write_file" in _offered(backend.call_kwargs[1])
    assert (tmp_path / "ws" / "docs" / "runbook.md").read_text() == WRITE["args"]["content"]


def test_a_write_that_gets_past_the_grammar_is_refused_and_changes_nothing(tmp_path):
    # A script ignores the grammar, as a call stored before a crash would: the agent itself refuses it.
    _, steps, _ = _agent_run(tmp_path, "What does docs/runbook.md say about restarts?", [READ, WRITE, DONE])
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 1), ("write_file", 0), ("finish", 1)]
    assert "only asks a question" in steps[1]["observation"]
    assert (tmp_path / "ws" / "docs" / "runbook.md").read_text() == RUNBOOK


def test_questions_read_only_false_in_config_gives_questions_every_tool(tmp_path, monkeypatch):
    ws = tmp_path / "ws"
    (ws / "docs").mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("EDGEAGENT_HOME", str(home))
    model = write_script(tmp_path / "s.json", [READ, WRITE, DONE])
    runner = CliRunner()
    for config, written in [("", False), ("[tools]\nquestions_read_only = false\n", True)]:
        (ws / "docs" / "runbook.md").write_text(RUNBOOK)
        (home / "config.toml").write_text(config)
        result = runner.invoke(cli, ["run", "How do I restart the API?", "-w", str(ws), "--model", model, "--json"])
        assert result.exit_code == 0, result.output
        run_id = json.loads(result.stdout)["run_id"]
        [(ok,)] = query(home / "edgeagent.db", "select ok from steps where run_id = ? and idx = 1", [run_id])
        assert ok == int(written)
        assert ((ws / "docs" / "runbook.md").read_text() == WRITE["args"]["content"]) == written
    (home / "config.toml").write_text("[tools]\nquestions_read_only = 'no'\n")
    result = runner.invoke(cli, ["run", "How do I restart the API?", "-w", str(ws), "--model", model])
    assert result.exit_code == 2 and "tools.questions_read_only must be true or false" in result.output
