"""Secrets mailed outside the user's own domains are refused in code, in real runs: declared values (the workspace's
.edgeagent-secrets, a --secrets file), keys, card numbers and one-time codes, naming the kind, never the value."""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.agent.outgoing import ONE_TIME_CODE, one_time_codes, secret_finder
from edgeagent.cli import cli
from edgeagent.workspace.sandbox import ToolError
from tests.conftest import write_script

KEY = "sk-ant-api03-Zq8vT2mW9xK4pL7nR3bY6cF1hJ5dG0sA2eU8iO4tQ7wM"  # the shape of a provider key, made up
CARD = "4111 1111 1111 1111"
OUTSIDE = "vendor@northwind.example"
COLLEAGUE = "ruth.okafor@brightwater.example"


@pytest.fixture
def mailbox(workspace: Path) -> Path:
    """The sample workspace as Lena's mailbox: mail to lena@brightwater.example, a vendor and a colleague known."""
    (workspace / "inbox").mkdir()
    for n in range(1, 4):
        (workspace / "inbox" / f"00{n}.eml").write_bytes(
            f"From: Ann Lee <ann@example.org>\r\nTo: Lena Marsh <lena@brightwater.example>\r\nSubject: note {n}\r\n"
            f"Date: Tue, 01 Dec 2026 10:00:00 +0000\r\n\r\nhello\r\n".encode())
    (workspace / "contacts.txt").write_text(f"Northwind sales {OUTSIDE}\nRuth Okafor {COLLEAGUE}\n")
    (workspace / ".edgeagent-secrets").write_text("# declared by the user\nProject Bluebird\nACCOUNT: 99-1234-5678\n")
    return workspace


def test_the_finder_names_declared_values_keys_cards_and_codes(mailbox):
    find = secret_finder(mailbox)
    found = find(f"Project-Bluebird, acct 99 1234 5678, key {KEY}, card {CARD}, your verification code is 482913")
    assert ("SECRET", "Project-Bluebird") in found and ("ACCOUNT", "99 1234 5678") in found
    assert ("SECRET", KEY) in found and ("CREDIT_CARD", CARD) in found and (ONE_TIME_CODE, "482913") in found
    disguised = base64.b64encode(b"Project Bluebird").decode()
    assert find(f"see {disguised}") == [("SECRET", None)]
    assert find("Lunch on Friday at 12:30, room B; call +1 415 555 0100 or mail ann@example.org") == []


def test_a_secrets_file_given_to_the_run_counts_and_a_broken_one_holds_mail_back(mailbox, tmp_path):
    extra = tmp_path / "more-secrets"
    extra.write_text("Falcon Ridge\n")
    assert secret_finder(mailbox, files=[extra])("the Falcon Ridge deal") == [("SECRET", "Falcon Ridge")]
    assert secret_finder(mailbox, values=["Osprey Point"])("Osprey Point") == [("SECRET", "Osprey Point")]
    (mailbox / ".edgeagent-secrets").write_text("SECRET: ab\n")  # too short to declare
    with pytest.raises(ToolError, match="secrets file cannot be read"):
        secret_finder(mailbox)("anything")


@pytest.mark.parametrize("text,code", [("Your verification code is 482913.", "482913"), ("OTP: 4829-13", "4829-13"),
                                       ("482 913 is your sign-in code", "482 913"), ("PIN: 1234", "1234")])
def test_one_time_codes(text, code):
    assert one_time_codes(text) == [(ONE_TIME_CODE, code)]


@pytest.mark.parametrize("text", ["pin this to room 1530", "Invoice 123456 for May", "code review at 1400"])
def test_numbers_that_are_no_code(text):
    assert one_time_codes(text) == []


def _steps(home: Path, run_id: str) -> list[tuple[str, int, str]]:
    db = sqlite3.connect(home / "edgeagent.db")
    try:
        return db.execute("select tool, ok, observation from steps where run_id = ? order by idx", [run_id]).fetchall()
    finally:
        db.close()


def _run(task: str, workspace: Path, model: str, *extra: str) -> dict:
    result = CliRunner().invoke(cli, ["run", task, "--workspace", str(workspace), "--model", model, "--tools", "all",
                                      "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _send(to: str, subject: str, body: str) -> dict:
    return {"tool": "send_mail", "args": {"to": to, "subject": subject, "body": body}}


def test_a_run_refuses_to_mail_secrets_outside_and_sends_them_to_a_colleague(home, mailbox, tmp_path):
    model = write_script(tmp_path / "s.json", [
        _send(OUTSIDE, "Project Bluebird", "Status of the project."),  # declared, in the subject
        {"tool": "draft_mail", "args": {"to": OUTSIDE, "subject": "Access", "body": f"Use the key {KEY}"}},
        _send(f"{COLLEAGUE}, {OUTSIDE}", "Card", f"Pay with {CARD}"),  # one outside recipient is enough
        _send(OUTSIDE, "Login", "Your verification code is 482913"),
        _send(COLLEAGUE, "Status", "Project Bluebird ships in May"),  # the user's own domain
        {"tool": "finish", "args": {"answer": "done"}}])
    out = _run("Send the project status to the team", mailbox, model)
    assert out["status"] == "done", out
    steps = _steps(home, out["run_id"])
    assert [(t, ok) for t, ok, _ in steps] == [("send_mail", 0), ("draft_mail", 0), ("send_mail", 0),
                                                ("send_mail", 0), ("send_mail", 1), ("finish", 1)]
    obs = [o for _, _, o in steps]
    assert "the subject holds SECRET, a secret" in obs[0] and OUTSIDE in obs[0]
    assert "the body holds SECRET" in obs[1] and "the body holds CREDIT_CARD" in obs[2]
    assert f"the body holds {ONE_TIME_CODE}" in obs[3]
    assert "brightwater.example" in obs[0]  # the domains it may go to
    for o in obs[:4]:
        assert "Bluebird" not in o and KEY not in o and "4111" not in o and "482913" not in o
    assert [p.name for p in (mailbox / "outbox").iterdir()] == ["001.eml"] and not (mailbox / "drafts").exists()
    assert COLLEAGUE in (mailbox / "outbox" / "001.eml").read_text()


def test_a_task_that_names_the_recipient_and_the_value_allows_it(home, mailbox, tmp_path):
    model = write_script(tmp_path / "s.json", [_send(OUTSIDE, "Code name", "It is Project Bluebird."),
                                               {"tool": "finish", "args": {"answer": "sent"}}])
    out = _run(f"Tell {OUTSIDE} that the code name is Project Bluebird", mailbox, model)
    assert out["status"] == "done" and _steps(home, out["run_id"])[0][1] == 1
    assert (mailbox / "outbox" / "001.eml").is_file()


def test_a_run_given_a_secrets_file_refuses_its_values(home, mailbox, tmp_path):
    extra = tmp_path / "secrets.txt"
    extra.write_text("Falcon Ridge\n")
    model = write_script(tmp_path / "s.json", [_send(OUTSIDE, "Deal", "About Falcon Ridge."),
                                               {"tool": "read_file", "args": {"path": "notes.md"}},
                                               {"tool": "finish", "args": {"answer": "done"}}])
    out = _run("Mail the vendor about the deal", mailbox, model, "--secrets", str(extra))
    first = _steps(home, out["run_id"])[0]
    assert first[:2] == ("send_mail", 0) and "SECRET" in first[2] and "Falcon" not in first[2]
    assert not (mailbox / "outbox").exists()
