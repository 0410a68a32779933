"""A task that only asks a question gets no tool that changes anything; any request keeps every tool."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.agent.task_intent import only_asks
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.bench import gate_check
from edgeagent.bench.gate_check import confusion, needs_change
from edgeagent.bench.task import load_task, load_tasks
from edgeagent.cli import cli
from edgeagent.store.runs import Store
from tests.conftest import query, write_script

TASKS = Path(__file__).resolve().parents[2] / "bench" / "tasks"
SUITE = load_tasks([TASKS])
DEV = [t for t in SUITE if t.split == "dev"]

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
# Written with the dev-split fix: a request that names a deliverable or an effect (a file to write, a mail to send,
# an event to book, a report to produce) in any clause, or wishes for one, however the prompt opens. The first
# group was taken for a question before the fix; the second never was and must stay a request.
DELIVERABLES = [
    ("Which meetings does Ana have next week? Check her calendar, list them, and email each organiser that Tom "
     "covers for her."),
    "Find the contracts that expire in May, list the owners and ping them about renewals.",
    "Compare the two quotes, pick the cheaper one and order it.",
    "Summarise the board pack and file a ticket for each open risk.",
    "Is the staging cert about to expire? Check it and renew it if so.",
    "Who owns the Acme account? Check the CRM, then loop in their manager.",
    "What's the status of each open ticket? I'd like the answers saved as status/tickets.md.",
    "Which customers churned in March? The list goes into churn/march.csv.",
    "When is the next board meeting? I need you to block the morning before it for prep.",
    "What are the Q1 totals? I want them mailed to finance before Friday.",
    "Who is free on Friday? I'd like the review booked for that afternoon.",
    "Go through the invoices, work out who still owes us money and mail each of them a polite reminder.",
    "How much did we spend on travel in Q1? Write the breakdown to reports/travel-q1.csv.",
    "Who's coming to the offsite? Put together a headcount report for facilities.",
    "What changed in the 2.4 release? Update the calendar with the launch date too.",
    "Read the feedback survey, summarise the main complaints and text them to the product lead.",
    "Can the standup move to 10? Look at everyone's calendar and then invite the team to the new slot.",
    "Which contacts have no email address? Look them up and fill the gaps in contacts.csv.",
    "Where did the Q3 numbers come from? Trace them back and note the source in numbers.md.",
    "What's Bob's new address? Find it in his last mail and add it to his contact card.",
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
    # Written with the dev-split fix: questions whose later clauses start with a verb, a name or a file, and
    # wishes for a read, none of which asks for a change.
    "Which customers bought the starter plan and cancelled it within a month?",
    "Who runs sales and owns the Acme account?",
    "Should we rent and insure the van, or buy one?",
    "How many invoices are overdue, and by how much in total?",
    "List my meetings on Thursday, Friday and Monday.",
    "Check the logs and tell me why the nightly job failed.",
    "Did Ana email them back, and what did she say?",
    "Find the contracts that expire in May and show me their owners.",
    "Who emailed me about the offsite and what did they want?",
    "I need you to check whether the backup ran. Did it?",
    "I'd like the contracts reviewed for auto-renewal clauses. Which ones have them?",
    "Compare the quotes from Acme and Globex and tell me which is cheaper.",
    "Between late March and early June, how many orders did Acme place?",
    "Look into logs/deploy.log and explain why Tuesday's deploy failed.",
    "Is the total in summary.csv the same as in ledger.csv?",
    "Is summary.csv the same as ledger.csv?",
    "I need the numbers we discussed in the meeting. What are they?",
]


@pytest.mark.parametrize("prompt", REQUESTS + DELIVERABLES)
def test_a_request_keeps_every_tool(prompt):
    assert not only_asks(prompt)


@pytest.mark.parametrize("prompt", QUESTIONS)
def test_a_question_is_recognised(prompt):
    assert only_asks(prompt)


# The dev split's known misses, each harmless (a question that keeps every tool, as before the gate existed). A
# fix that makes one pass turns its strict xfail into an XPASS failure: then drop it from this list.
DEV_KNOWN_MISSES = {
    "search-dock-quotes": "a question whose imperatives 'Work out ...' and 'Use only ...' no read verb covers",
}


@pytest.mark.parametrize("task", [pytest.param(t, id=t.id, marks=pytest.mark.xfail(
    strict=True, reason=DEV_KNOWN_MISSES[t.id])) if t.id in DEV_KNOWN_MISSES else pytest.param(t, id=t.id)
    for t in DEV])
def test_the_gate_decides_each_dev_task_as_its_reference_does(task, tmp_path):
    """The gate is tuned on the dev split: a task is a question exactly when its reference changes nothing."""
    assert only_asks(task.prompt) == (not needs_change(task, tmp_path))


def test_no_dev_task_that_changes_something_is_taken_for_a_question(tmp_path):
    """The costly mistake is this one: a task that wants a change, and gets no tool to make it."""
    got = confusion(DEV, tmp_path)
    assert len(DEV) >= 32 and got.change_kept >= 30 and got.change_as_question == 0, got
    assert set(got.missed) == set(DEV_KNOWN_MISSES)


def test_office_leave_handover_keeps_the_tools_to_mail_the_organisers():
    # Was a strict xfail: the gate took this task (it mails three organisers after "Check ..., list them for
    # me, and email the organiser of each one") for a question. It was found before the clause rule was written,
    # and its task.toml puts it in the dev split, so the fix was tuned on it; this pins it.
    [task] = [t for t in SUITE if t.id == "office-leave-handover"]
    assert task.split == "dev" and needs_change(task) and not only_asks(task.prompt)


def test_the_test_split_has_no_change_taken_for_a_question_in_aggregate(tmp_path):
    """A guard, not a tuning target: only the count is asserted, and no test-split task is named on failure."""
    got = confusion([t for t in SUITE if t.split == "test"], tmp_path)
    assert got.change_as_question == 0, f"{got.change_as_question} test-split task(s) taken for a question"


def test_needs_change_counts_an_artifact_the_checker_wants_beyond_the_reference(tmp_path):
    folder = tmp_path / "t"
    (folder / "workspace").mkdir(parents=True)
    (folder / "workspace" / "notes.md").write_text("hi\n")
    (folder / "check.py").write_text("def check(workspace, answer):\n"
                                     "    return float((workspace / 'out.md').is_file())\n")
    (folder / "task.toml").write_text(textwrap.dedent("""\
        prompt = "Summarise notes.md."
        [reference]
        answer = "hi"
        [[reference.steps]]
        tool = "read_file"
        args = { path = "notes.md" }
        """))
    task = load_task(folder / "task.toml")
    assert not needs_change(task) and needs_change(task, tmp_path / "scratch")
    (folder / "check.py").write_text("def check(workspace, answer):\n    return float(answer == 'hi')\n")
    assert not needs_change(load_task(folder / "task.toml"), tmp_path / "scratch")


def test_gate_check_names_misses_on_dev_and_only_counts_on_test(capsys):
    assert gate_check.main(["--split", "dev"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"dev: {len(DEV)} tasks;") and "(taken for a question: 0)" in out
    assert sorted(line.split()[-1] for line in out.splitlines()[1:]) == sorted(DEV_KNOWN_MISSES)
    assert gate_check.main(["--split", "test"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("test: ") and len(out.splitlines()) == 1 and "missed" not in out


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
