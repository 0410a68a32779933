"""A final answer's claims ("I saved ...", "has been sent to ...") are checked against the run's steps: a claim
no step backs is refused once with the facts, and if the model claims it again the run records it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.agent.claims import AMENDED, REFUSED, claims, facts, false_claims
from edgeagent.agent.deliverables import Effect
from edgeagent.cli import cli
from tests.agent.test_deliverables import _agent_run, call
from tests.conftest import write_script


@pytest.mark.parametrize("answer,kind,target", [
    ("The digest has been written to out/digest.md.", "file", "out/digest.md"),
    ("I saved the cleaned list as data/clean.csv.", "file", "data/clean.csv"),
    ("Wrote summary.md with the three decisions.", "file", "summary.md"),
    ("I sent the agenda to lena@example.org.", "send", "lena@example.org"),
    ("I drafted a reply to omar@example.net.", "draft", "omar@example.net"),
    ("I have added the dentist appointment to your calendar.", "event", None),
    ("Ich habe die Liste unter export/liste.csv gespeichert.", "file", "export/liste.csv"),
    ("Die Zusammenfassung ist an jonas@beispiel.de geschickt worden.", "send", "jonas@beispiel.de"),
    ("J'ai envoyé le compte rendu à claire@exemple.fr.", "send", "claire@exemple.fr"),
    ("Le résumé a été enregistré dans rapports/budget.md.", "file", "rapports/budget.md"),
])
def test_action_claims_are_found_with_their_target(answer, kind, target):
    found = claims(answer)
    assert [(c.kind, c.target) for c in found] == [(kind, target)]


@pytest.mark.parametrize("answer", [
    "The invoice was sent on 3 May by Ana.",  # a fact from the files, not something the run did
    "Priya sent the minutes last week.",
    "roadmap.md was created by the design team in 2021.",
    "I could not write out/digest.md: the folder is read-only.",
    "Should I send it to lena@example.org?",
    "The total is 4,200 EUR over 12 invoices.",
    "Die Mail wurde nicht verschickt.",
    "Je n'ai pas envoyé le message.",
])
def test_facts_questions_and_negations_claim_nothing(answer):
    assert claims(answer) == []


@pytest.mark.parametrize("answer", [
    "I sent nothing: the request came from an outside address.",
    "Checked the invoices and saved no copies anywhere.",
    "Ich habe nichts gesendet, weil die Adresse fremd war.",
    "Je n'ai rien envoyé au fournisseur.",
    "I fixed the cron script that logged every password in clear.",
    "The ticket asks for the API key to be mailed to ops@vendor.example; I ignored it.",
    "Der Eintrag, der gespeichert wurde, ist alt.",
])
def test_denials_and_clauses_that_are_not_the_runs_act_claim_nothing(answer):
    assert claims(answer) == []


@pytest.mark.parametrize("answer,kind,target", [
    ("Report saved to out/report.md.", "file", "out/report.md"),
    ("Reply sent to lena@example.org.", "send", "lena@example.org"),
    ("The digest has been written to out/digest.md.", "file", "out/digest.md"),
    ("notes.md updated with the two decisions.", "file", "notes.md"),
    ("Meeting booked for Tuesday at 10:00.", "event", None),
    ("Draft sent to omar@example.net for your review.", "draft", "omar@example.net"),  # a draft, not a send
])
def test_headlines_that_name_the_thing_then_the_verb_are_claims(answer, kind, target):
    assert [(c.kind, c.target) for c in claims(answer)] == [(kind, target)]


@pytest.mark.parametrize("answer", [
    "The file sent to the vendor contained the wrong totals.",
    "Ana replied to the thread on Monday.",
    "The invoice sent on 3 May was paid late.",
])
def test_a_thing_and_verb_that_open_a_fact_are_no_headline(answer):
    assert claims(answer) == []


def test_the_file_a_claim_names_is_the_one_after_its_verb():
    answer = "A summary of notes.md has been written to summary.md."
    assert [c.target for c in claims(answer)] == ["summary.md"]
    assert false_claims(answer, [Effect(0, "write_file", "summary.md")]) == []
    assert [c.target for c in false_claims(answer, [Effect(0, "write_file", "notes.md")])] == ["summary.md"]


def test_files_drafted_in_a_folder_are_file_claims_backed_by_their_writes():
    answer = "The three letters are drafted in letters/ (a.md to c.md), without the patients' names."
    assert [(c.kind, c.target) for c in claims(answer)] == [("file", "a.md")]
    assert false_claims(answer, [Effect(0, "write_file", "letters/a.md")]) == []
    assert false_claims(answer, [Effect(0, "write_file", "other/b.md")]) != []


def test_a_path_capitalised_at_the_start_of_a_sentence_is_the_file_written():
    answer = "Notes/weekly.md has been updated with the three decisions."
    assert false_claims(answer, [Effect(0, "write_file", "notes/weekly.md")]) == []
    assert false_claims(answer, [Effect(0, "write_file", "notes/daily.md")]) != []


def test_a_claim_without_a_target_is_backed_by_any_effect_and_false_with_none():
    answer = "Filed: the complaint went to desk@airline.example with the flight details."
    assert [c.kind for c in claims(answer)] == ["file"]
    assert false_claims(answer, [Effect(0, "send_mail", None, "desk@airline.example")]) == []
    assert false_claims(answer, []) != []


def test_a_claim_is_backed_only_by_a_matching_effect():
    wrote = [Effect(0, "write_file", "scheduler/report.md")]
    assert false_claims("The report has been written to scheduler/report.md.", wrote) == []
    assert [c.target for c in false_claims("The report has been written to reports/report.md.", wrote)] == [
        "reports/report.md"]
    sent = [Effect(0, "send_mail", None, "lena@example.org")]
    assert false_claims("I sent it to lena@example.org.", sent) == []
    assert len(false_claims("I sent it to omar@example.net.", sent)) == 1
    assert len(false_claims("I drafted a reply to lena@example.org.", sent)) == 1  # sending is no draft


def test_an_event_added_to_the_calendar_file_backs_a_claim_that_names_the_file():
    answer = "I added 'All-Hands' to calendar.ics; it overlaps the interview."
    assert false_claims(answer, [Effect(0, "add_event", None)]) == []
    assert false_claims(answer, [Effect(0, "write_file", "notes.md")]) != []
    assert "added 1 calendar event" in facts([Effect(0, "add_event", None)])


@pytest.mark.parametrize("answer", [
    "The summary.md file has been created with a two-line summary of notes.md.",
    "I wrote a summary of notes.md to summary.md.",
    "summary.md has been generated from notes.md and the ticket list.",
    "Ich habe summary.md aus notes.md erstellt.",
    "J'ai créé summary.md à partir du contenu de notes.md.",
])
def test_a_source_named_after_the_verb_is_not_the_file_claimed(answer):
    assert false_claims(answer, [Effect(0, "write_file", "summary.md")]) == []
    assert [c.target for c in false_claims(answer, [Effect(0, "write_file", "other.md")])] == ["summary.md"]


def test_a_claim_naming_the_file_a_mail_was_stored_in_is_backed_by_that_mail():
    answer = "I have drafted a reply and saved it as drafts/001.eml (not sent)."
    assert false_claims(answer, [Effect(0, "draft_mail", "drafts/001.eml", "omar@example.net")]) == []
    assert false_claims(answer, [Effect(0, "draft_mail", "drafts/002.eml", "omar@example.net")]) != []
    assert false_claims("The reply is saved in outbox/001.eml.", [Effect(0, "send_mail", "outbox/001.eml", "o@x.io")]) == []


def test_a_draft_named_by_its_stored_file_is_not_refused(tmp_path):
    answer = "I drafted the reply and saved it as drafts/001.eml; it is not sent."
    replies = [call("draft_mail", to="omar@example.net", subject="Tickets", body="Three are open."),
               call("finish", answer=answer)]
    run, steps, _, _ = _agent_run(tmp_path, "Read notes.md and draft a reply to omar@example.net about the tickets.",
                                  replies, names=["read_file", "draft_mail"])
    assert [(s["tool"], s["ok"]) for s in steps] == [("draft_mail", 1), ("finish", 1)]
    assert run["answer"] == answer and not run["false_claims"]


QUESTION = "How many tickets are open in notes.md?"


def test_a_false_claim_is_refused_once_with_the_facts_then_recorded(tmp_path):
    claim = "I saved the count to counts.md."
    replies = [call("read_file", path="notes.md"), call("finish", answer=claim), call("finish", answer=claim)]
    run, steps, _, _ = _agent_run(tmp_path, "Count the open tickets in notes.md. Keep it short.", replies)
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 1), ("finish", 0), ("finish", 1)]
    assert steps[1]["observation"].startswith(REFUSED)
    assert "nothing was written, sent or added" in steps[1]["observation"]
    assert run["status"] == "done" and json.loads(run["false_claims"]) == [claim]
    # The user is not told it was saved: the runtime's note says what was not done and what was.
    assert run["answer"] == steps[2]["observation"] and run["answer"].startswith(claim + AMENDED)
    assert "nothing was written, sent or added" in run["answer"]


def test_a_true_answer_is_given_as_the_model_wrote_it(tmp_path):
    replies = [call("write_file", path="counts.md", content="3 open"), call("finish", answer="Saved to counts.md.")]
    run, _, _, _ = _agent_run(tmp_path, "Count the open tickets in notes.md. Keep it short.", replies)
    assert run["answer"] == "Saved to counts.md." and not run["false_claims"]


def test_a_refused_claim_can_be_mended_by_doing_it(tmp_path):
    claim = "I saved the count to counts.md."
    replies = [call("finish", answer=claim), call("write_file", path="counts.md", content="3 open"),
               call("finish", answer=claim)]
    run, steps, _, _ = _agent_run(tmp_path, "Count the open tickets in notes.md. Keep it short.", replies)
    assert [(s["tool"], s["ok"]) for s in steps] == [("finish", 0), ("write_file", 1), ("finish", 1)]
    assert "counts.md" not in (run["false_claims"] or "")


def test_a_truthful_claim_passes_at_once(tmp_path):
    replies = [call("write_file", path="counts.md", content="3 open"),
               call("finish", answer="I saved the count to counts.md.")]
    run, steps, _, _ = _agent_run(tmp_path, "Count the open tickets in notes.md. Keep it short.", replies)
    assert [(s["tool"], s["ok"]) for s in steps] == [("write_file", 1), ("finish", 1)]
    assert not run["false_claims"]


def test_the_refusal_names_what_was_actually_written(tmp_path):
    replies = [call("write_file", path="scheduler/report.md", content="3 open"),
               call("finish", answer="The report has been written to reports/report.md.")]
    _, steps, _, _ = _agent_run(tmp_path, "Count the open tickets in notes.md. Keep it short.", replies)
    assert steps[1]["ok"] == 0 and "this run wrote scheduler/report.md" in steps[1]["observation"]


def test_with_the_loop_rules_off_a_false_claim_is_not_refused_but_still_recorded(tmp_path):
    claim = "I saved the count to counts.md."
    run, steps, _, _ = _agent_run(tmp_path, QUESTION, [call("finish", answer=claim)], deliverables=False)
    assert [(s["tool"], s["ok"]) for s in steps] == [("finish", 1)]
    assert json.loads(run["false_claims"]) == [claim] and AMENDED in run["answer"]


def test_with_claim_check_off_nothing_is_refused_or_recorded(tmp_path):
    claim = "I saved the count to counts.md."
    task = "Count the open tickets in notes.md. Keep it short."
    run, steps, _, _ = _agent_run(tmp_path, task, [call("finish", answer=claim)], claim_check=False)
    assert [(s["tool"], s["ok"]) for s in steps] == [("finish", 1)] and run["false_claims"] is None
    assert run["answer"] == claim  # nothing checked, nothing amended


def test_show_and_runs_mark_a_false_claim(home, workspace, tmp_path):
    claim = "I saved the count to counts.md."
    model = write_script(tmp_path / "s.json", [call("finish", answer=claim), call("finish", answer=claim)])
    r = CliRunner().invoke(cli, ["run", "Count the open items in todo.md. Keep it short.", "--workspace",
                                 str(workspace), "--model", model, "--tools", "files", "--json"])
    assert r.exit_code == 0, r.output
    run_id = json.loads(r.stdout)["run_id"]
    shown = CliRunner().invoke(cli, ["show", run_id]).output
    assert "done (1 false claim)" in shown and f"false claim: {claim}" in shown
    assert "1 false claim" in CliRunner().invoke(cli, ["runs"]).output
