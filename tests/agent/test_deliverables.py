"""What a task asks to produce is read off its words, and the real loop holds finish back until it is made (or
the model says it is blocked); the open items are said after each result without changing earlier messages."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner

from edgeagent.agent.deliverables import (
    EventDeliverable,
    FileDeliverable,
    MessageDeliverable,
    find_deliverables,
)
from edgeagent.agent.guards import BLOCKED_PATTERN
from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.cli import cli
from edgeagent.store.runs import Store
from edgeagent.tools.registry import tools_for
from tests.conftest import write_script

F, M, E = FileDeliverable, MessageDeliverable, EventDeliverable


@pytest.mark.parametrize("task,expected", [
    # English, several phrasings
    ("Go through the backlog in planning/backlog.csv and write it up as out/backlog-summary.md.",
     [F("out/backlog-summary.md")]),
    ("Summarise minutes.txt and save it as digest/minutes.md", [F("digest/minutes.md")]),
    ("Update settings.yaml with the ports listed in ports.txt.", [F("settings.yaml")]),
    ("Please fix the broken link in docs/index.md", [F("docs/index.md")]),
    ("Could you put the totals into /sums/q3.csv?", [F("sums/q3.csv")]),
    ("Send the agenda to lena@example.org.", [M(False, ("lena@example.org",))]),
    ("Email Priya and Tom the meeting notes.", [M(False, ())]),
    ("Mail the notes to Priya and Tom.", [M(False, ("Priya", "Tom"))]),
    ("Draft a reply to omar@example.net, but don't send it.", [M(True, ("omar@example.net",))]),
    ("Put the dentist appointment in my calendar for Tuesday.", [E()]),
    ("Read plan.md, then save the open questions to plan/questions.md and send them to kim@example.com.",
     [F("plan/questions.md"), M(False, ("kim@example.com",))]),
    # German
    ("Lies protokoll.txt und schreibe die Beschlüsse nach notizen/beschluesse.md.", [F("notizen/beschluesse.md")]),
    ("Die Liste bitte unter export/liste.csv speichern.", [F("export/liste.csv")]),
    ("Aktualisiere inventar.csv mit den Zahlen aus lieferung.txt.", [F("inventar.csv")]),
    ("Schicke die Zusammenfassung an jonas@beispiel.de.", [M(False, ("jonas@beispiel.de",))]),
    ("Trage die Teamsitzung am Montag in den Kalender ein.", [E()]),
    # French
    ("Lis budget.csv et enregistre le résumé dans rapports/budget.md.", [F("rapports/budget.md")]),
    ("Mets à jour contacts.csv.", [F("contacts.csv")]),
    ("Envoie le compte rendu à claire@exemple.fr.", [M(False, ("claire@exemple.fr",))]),
    ("Rédige un brouillon de réponse à paul@exemple.fr.", [M(True, ("paul@exemple.fr",))]),
    # a recipient ruled out is owed nothing: the open item must never tell the model to mail them
    ("Forward the minutes to Ines but not to Marco.", [M(False, ("Ines",))]),
    ("Send the figures to Ines, not Marco.", [M(False, ("Ines",))]),
    ("Mail the roster to ines@example.org and not to marco@example.org.", [M(False, ("ines@example.org",))]),
    ("Email the slides to ines@example.org, except marco@example.org.", [M(False, ("ines@example.org",))]),
    ("Schicke die Liste an Ines, aber nicht an Marco.", [M(False, ("Ines",))]),
    ("Schick Ines den Plan, aber nicht an Marco.", [M(False, ())]),
    ("Envoie le planning à Ines, mais pas à Marco.", [M(False, ("Ines",))]),
    ("Email everyone who did not reply: ines@example.org, marco@example.org.",
     [M(False, ("ines@example.org", "marco@example.org"))]),
    # a place in the file is not where content comes from
    ("Append today's entry at the end of journal.md.", [F("journal.md")]),
    ("Add the new rule at the top of the firewall.conf file.", [F("firewall.conf")]),
    ("Ajoute la ligne à la fin du journal.md.", [F("journal.md")]),
    ("Füge den Abschnitt am Ende von notizen.md ein.", [F("notizen.md")]),
    # a negation in an earlier clause does not reach the verb
    ("Leave out what is not final, save the rest as out/final.md.", [F("out/final.md")]),
    ("Drop what is not new, send the summary to ana@example.org.", [M(False, ("ana@example.org",))]),
    ("Streiche, was nicht gilt, speichere den Rest unter out/rest.md.", [F("out/rest.md")]),
    ("Laisse ce qui n'est pas sûr, enregistre le reste dans out/reste.md.", [F("out/reste.md")]),
    # a draft addressed to someone is mail, not a file
    ("Read the figures and put them in a draft to the COO.", [M(True, ())]),
])
def test_what_a_request_asks_to_produce(task, expected):
    assert list(find_deliverables(task)) == expected


@pytest.mark.parametrize("task", [
    "What does roadmap.md say about the launch date?",
    "Which invoices in billing/invoices.csv are overdue?",
    "Summarise the change log in CHANGES.md.",
    "Find the sender of receipts/order.eml.",
    "Don't send anything; just tell me who wrote last.",
    "Please do not email anyone about this.",
    "Update notes.md if the date moved.",  # owed only if the run finds that it moved
    "Was steht in protokoll.txt über das Budget?",
    "Schicke nichts ab, sag mir nur, wer zuletzt geschrieben hat.",
    "N'envoie rien, réponds-moi seulement.",
    "Que dit le fichier budget.csv sur le trimestre?",
])
def test_questions_and_refusals_produce_nothing(task):
    assert find_deliverables(task) == ()


# --- the real loop, driven by a scripted model ------------------------------------------------------------------

def prompts_seen(backend) -> list[list[dict]]:
    """The chat of every call the backend gets from now on, each message copied as it was sent."""
    seen: list[list[dict]] = []
    real = backend.generate

    def spy(messages, **kw):
        seen.append([dict(m) for m in messages])
        return real(messages, **kw)

    backend.generate = spy
    return seen


def _agent_run(tmp_path, task, replies, max_steps=8, names=None, **agent_kw):
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    (ws / "notes.md").write_text("Three tickets are open; two are late.\n")
    store = Store(tmp_path / "db" / "edgeagent.db")
    backend = ScriptedBackend([json.dumps(r) for r in replies])
    seen = prompts_seen(backend)
    run_id = store.create_run(task=task, workspace=str(ws), strategy="edge", model="scripted", backend="scripted",
                              max_steps=max_steps)
    tools = tools_for(False, names) if names else None
    run = Agent(store, backend, EdgeOnly(), tools=tools, **agent_kw).run(run_id)
    return run, store.steps(run_id), backend, seen


def call(tool, **args):
    return {"tool": tool, "args": args}


TASK = "Read notes.md and write a short summary to reports/summary.md."


def test_an_open_deliverable_holds_finish_back_until_it_is_written(tmp_path):
    replies = [call("read_file", path="notes.md"), call("finish", answer="Three tickets are open."),
               call("write_file", path="reports/summary.md", content="3 open, 2 late"),
               call("finish", answer="Wrote reports/summary.md.")]
    run, steps, backend, seen = _agent_run(tmp_path, TASK, replies)
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 1), ("finish", 0), ("write_file", 1),
                                                     ("finish", 1)]
    assert "still open: write reports/summary.md" in steps[1]["observation"]
    assert run["status"] == "done" and not run["open_deliverables"] and not run["false_claims"]
    # While it was open, the grammar's finish took only a blocked answer; once written, any answer.
    finishes = [next(v for v in kw["constraint"]["anyOf"] if v["properties"]["tool"]["const"] == "finish")
                for kw in backend.call_kwargs]
    patterns = [f["properties"]["args"]["properties"]["answer"].get("pattern") for f in finishes]
    assert patterns == [BLOCKED_PATTERN, BLOCKED_PATTERN, BLOCKED_PATTERN, None]
    # The open line follows each result as it stood then; every earlier message stays byte for byte the same.
    assert seen[1][-1]["content"].endswith("[open: write reports/summary.md]")
    assert "[open:" not in seen[3][-1]["content"]
    for before, after in itertools.pairwise(seen):
        assert after[:len(before)] == before


def test_writing_another_path_leaves_the_deliverable_open_and_the_run_unfinished(tmp_path):
    task = "Read notes.md and write it up as reports/triage.md."
    replies = [call("write_file", path="scheduler/triage.md", content="3 open"),
               call("finish", answer="The report has been written to scheduler/triage.md."),
               call("finish", answer="The report has been written to scheduler/triage.md.")]
    run, steps, _, _ = _agent_run(tmp_path, task, replies, max_steps=3)
    assert [(s["tool"], s["ok"]) for s in steps] == [("write_file", 1), ("finish", 0), ("finish", 1)]
    assert "still open: write reports/triage.md" in steps[1]["observation"]
    # At the budget's last step finish ends the run whatever is open, and the run records what was never made.
    assert run["status"] == "done" and json.loads(run["open_deliverables"]) == ["write reports/triage.md"]
    assert not run["false_claims"]  # scheduler/triage.md was written: that claim is true


def test_a_blocked_answer_ends_the_run_and_is_recorded(tmp_path):
    task = "Send the late tickets to ops@example.com."
    replies = [call("read_file", path="notes.md"),
               call("finish", answer="blocked: notes.md does not say which tickets are late")]
    run, steps, _, _ = _agent_run(tmp_path, task, replies, names=["read_file", "send_mail"])
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 1), ("finish", 1)]
    assert run["blocked"] == "notes.md does not say which tickets are late"
    assert json.loads(run["open_deliverables"]) == ["send mail to ops@example.com"]


def test_a_run_without_the_tool_owes_nothing_it_cannot_make(tmp_path):
    task = "Send the late tickets to ops@example.com."
    run, steps, _, _ = _agent_run(tmp_path, task, [call("finish", answer="Two are late.")], names=["read_file"])
    assert [(s["tool"], s["ok"]) for s in steps] == [("finish", 1)] and not run["open_deliverables"]


@pytest.mark.parametrize("task", [
    "Send the late tickets to ops@example.com.",
    # a recipient ruled out is owed nothing: read as owed, it held finish back until the model mailed them
    "Send the late tickets to ops@example.com, but not to ceo@example.com.",
])
def test_mail_to_the_named_address_meets_the_deliverable(tmp_path, task):
    replies = [call("send_mail", to="ops@example.com", subject="Late tickets", body="Two are late."),
               call("finish", answer="I sent the late tickets to ops@example.com.")]
    run, steps, _, seen = _agent_run(tmp_path, task, replies, names=["read_file", "send_mail"])
    assert [(s["tool"], s["ok"]) for s in steps] == [("send_mail", 1), ("finish", 1)]
    assert not run["open_deliverables"] and not run["false_claims"] and not run["blocked"]
    assert not [m for chat in seen for m in chat if "[open:" in str(m["content"]) and "ceo@" in str(m["content"])]


def test_with_deliverables_off_finish_is_not_held_but_what_was_left_open_is_recorded(tmp_path):
    replies = [call("finish", answer="Three tickets are open.")]
    run, steps, backend, _ = _agent_run(tmp_path, TASK, replies, deliverables=False)
    assert [(s["tool"], s["ok"]) for s in steps] == [("finish", 1)]
    assert json.loads(run["open_deliverables"]) == ["write reports/summary.md"]
    finish = [v for v in backend.call_kwargs[0]["constraint"]["anyOf"] if v["properties"]["tool"]["const"] == "finish"]
    assert "pattern" not in finish[0]["properties"]["args"]["properties"]["answer"]


def _cli(*args):
    return CliRunner().invoke(cli, list(args))


def test_set_agent_deliverables_false_turns_the_loop_rules_off_and_show_and_runs_mark_the_run(home, workspace,
                                                                                             tmp_path):
    model = write_script(tmp_path / "s.json", [call("finish", answer="Done.")])
    r = _cli("run", TASK, "--workspace", str(workspace), "--model", model, "--tools", "files", "--json",
             "--set", "agent.deliverables=false")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["status"] == "done"
    shown = _cli("show", out["run_id"])
    assert "done (unfinished)" in shown.output and "left open: write reports/summary.md" in shown.output
    assert "unfinished" in _cli("runs").output


def test_show_and_runs_mark_a_blocked_run(home, workspace, tmp_path):
    model = write_script(tmp_path / "s.json", [call("finish", answer="blocked: the workspace has no ticket list")])
    r = _cli("run", TASK, "--workspace", str(workspace), "--model", model, "--tools", "files", "--json")
    assert r.exit_code == 0, r.output
    run_id = json.loads(r.stdout)["run_id"]
    shown = _cli("show", run_id).output
    assert "blocked: the workspace has no ticket list" in shown and "(blocked, unfinished)" in shown
    assert "blocked" in _cli("runs").output
