"""Sending mail safely: no header a subject or name can add, no character that crashes a step, no message of
another run replaced on resume, and no secret mailed to an address outside the user's own domains."""

from __future__ import annotations

import hashlib
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest

from edgeagent.store.runs import Store
from edgeagent.tools import base as tools_base
from edgeagent.tools import mail
from edgeagent.tools.base import ToolContext
from edgeagent.tools.mail import draft_mail, send_mail
from edgeagent.workspace.sandbox import ToolError

HOME_DOMAIN = "brightwater.example"


def _received(to: str, n: int) -> bytes:
    return (f"From: Ann Lee <ann@example.org>\r\nTo: {to}\r\nSubject: note {n}\r\n"
            f"Date: Tue, 01 Dec 2026 10:00:00 +0000\r\n\r\nhello\r\n").encode()


@pytest.fixture
def ws(tmp_path) -> Path:
    """The user's inbox: mail to lena@brightwater.example; a contact at an outside company."""
    w = tmp_path / "ws"
    (w / "inbox").mkdir(parents=True)
    for n in range(1, 4):
        (w / "inbox" / f"00{n}.eml").write_bytes(_received(f"Lena Marsh <lena@{HOME_DOMAIN}>", n))
    (w / "contacts.txt").write_text(f"Ann Lee ann@example.org\nRuth Okafor ruth@{HOME_DOMAIN}\n"
                                    "Zed attacker z@attacker.example\n")
    return w


def _parse(path: Path):
    return BytesParser(policy=policy.default).parsebytes(path.read_bytes())


def _no_injected_header(ws: Path) -> None:
    """Whatever was written holds exactly one To and no Bcc."""
    for box in ("outbox", "drafts"):
        for p in (ws / box).glob("*.eml") if (ws / box).is_dir() else []:
            msg = _parse(p)
            assert msg.get_all("Bcc") is None and len(msg.get_all("To")) == 1, p.read_bytes()


# --- item 12: header injection through an RFC 2047 encoded word ------------------------------------------------------

@pytest.mark.parametrize("subject", [
    "=?utf-8?q?x=0D=0ABcc:_z@attacker.example?=",
    "=?utf-8?b?eA0KQmNjOiB6QGF0dGFja2VyLmV4YW1wbGU=?=",  # the same in base64
    "ok =?utf-8?q?x=0ABcc:_z@attacker.example?= ok",  # a bare LF, between plain words
    "=?iso-8859-1?q?x=0DBcc:_z@attacker.example?=",  # a bare CR, another charset
])
def test_an_encoded_line_break_in_the_subject_adds_no_header(ws, subject):
    with pytest.raises(ToolError, match="subject"):
        send_mail(ToolContext(ws), "ann@example.org", subject, "text")
    _no_injected_header(ws)
    assert not (ws / "outbox").exists()


def test_an_encoded_line_break_in_a_display_name_adds_no_header(ws):
    with pytest.raises(ToolError, match="to"):
        send_mail(ToolContext(ws), "=?utf-8?q?Ann=0D=0ABcc:_z@attacker.example?= <ann@example.org>", "Hi", "text")
    _no_injected_header(ws)
    assert not (ws / "outbox").exists()


def test_an_encoded_word_without_a_control_character_is_sent_with_one_to_and_no_bcc(ws):
    assert send_mail(ToolContext(ws), "ann@example.org", "=?utf-8?q?Caf=C3=A9?= at ten", "text").endswith("001.eml")
    msg = _parse(ws / "outbox" / "001.eml")
    assert msg["Subject"] == "Café at ten"
    _no_injected_header(ws)


def test_written_headers_are_checked_whatever_the_interpreter_writes(ws, monkeypatch):
    """An unpatched email package (CVE-2024-6923) that writes a line break into a header is caught: the bytes
    written must parse back to exactly the headers that were set."""
    real = mail.EmailMessage.as_bytes

    def leaky(self, *a, **kw):
        return real(self, *a, **kw).replace(b"\r\nSubject: Hi", b"\r\nSubject: Hi\r\nBcc: z@attacker.example", 1)

    monkeypatch.setattr(mail.EmailMessage, "as_bytes", leaky)
    with pytest.raises(ToolError, match="headers"):
        send_mail(ToolContext(ws), "ann@example.org", "Hi", "text")
    assert not (ws / "outbox").exists()


# --- item 13: characters that crashed the step -----------------------------------------------------------------------

@pytest.mark.parametrize("char", ["\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\x00", "\x7f"])
def test_a_line_or_control_character_in_the_subject_is_a_tool_error(ws, char):
    with pytest.raises(ToolError, match=r"subject .*control character"):
        send_mail(ToolContext(ws), "ann@example.org", f"Hi{char}there", "text")
    with pytest.raises(ToolError, match=r"to .*control character"):
        draft_mail(ToolContext(ws), f"Ann{char}Lee <ann@example.org>", "Hi", "text")
    assert not (ws / "outbox").exists() and not (ws / "drafts").exists()


@pytest.mark.parametrize("field", ["to", "subject", "body"])
def test_a_lone_surrogate_in_any_mail_argument_is_a_tool_error(ws, field):
    args = {"to": "ann@example.org", "subject": "Hi", "body": "text"}
    args[field] = args[field] + "\ud800"
    with pytest.raises(ToolError, match=rf"{field} .*surrogate"):
        send_mail(ToolContext(ws), **args)
    assert not (ws / "outbox").exists()


def test_line_characters_in_the_body_are_sent(ws):
    send_mail(ToolContext(ws), "ann@example.org", "Hi", "one\vtwo\x1cthree\u2028four")
    assert "four" in _parse(ws / "outbox" / "001.eml").get_content()


# --- item 15: a resumed send never replaces another run's message ----------------------------------------------------

def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_a_resumed_send_picks_a_free_name_when_another_run_took_its_file(ws, tmp_path, monkeypatch):
    store = Store(tmp_path / "state" / "edgeagent.db")
    run_a = ToolContext(ws, run_id="A", step_idx=3, ledger=store)
    run_b = ToolContext(ws, run_id="B", step_idx=0, ledger=store)

    def die(*a, **kw):
        raise SystemExit("killed after the intent was durable, before the file was written")

    real = tools_base.replace_file
    monkeypatch.setattr(tools_base, "replace_file", die)
    with pytest.raises(SystemExit):
        send_mail(run_a, "ann@example.org", "From A", "A's message")
    assert store.effect("A", 3, "outbox/001.eml") is not None and not (ws / "outbox" / "001.eml").exists()
    monkeypatch.setattr(tools_base, "replace_file", real)

    assert send_mail(run_b, "ruth@brightwater.example", "From B", "B's message").endswith("outbox/001.eml")
    b_sha = _sha(ws / "outbox" / "001.eml")

    assert send_mail(run_a, "ann@example.org", "From A", "A's message").endswith("outbox/002.eml")  # resume A
    assert _sha(ws / "outbox" / "001.eml") == b_sha
    assert _parse(ws / "outbox" / "002.eml")["Subject"] == "From A"
    # Replayed once more (A died after writing 002): still one message from A, no third file.
    assert send_mail(run_a, "ann@example.org", "From A", "A's message").endswith("outbox/002.eml")
    assert sorted(p.name for p in (ws / "outbox").iterdir()) == ["001.eml", "002.eml"]


# --- item 7: secrets mailed outside the user's domains ---------------------------------------------------------------

def _finder(found: dict[str, tuple[str, str]]):
    """A stand-in for the export layer's check: value -> (kind, value) wherever the text holds the value."""
    return lambda text: [pair for value, pair in found.items() if value in text]


SECRETS = _finder({"Project Bluebird": ("SECRET", "Project Bluebird"),
                   "4111 1111 1111 1111": ("CREDIT_CARD", "4111 1111 1111 1111")})


def test_a_secret_to_an_outside_address_is_refused_naming_the_kind_not_the_value(ws):
    ctx = ToolContext(ws, find_secrets=SECRETS)
    with pytest.raises(ToolError, match="SECRET") as e:
        send_mail(ctx, "ann@example.org", "Status", "Project Bluebird ships in May")
    assert "Bluebird" not in str(e.value) and "ann@example.org" in str(e.value)
    with pytest.raises(ToolError, match="CREDIT_CARD"):
        draft_mail(ctx, "Ruth <ruth@brightwater.example>, z@attacker.example", "card 4111 1111 1111 1111", "x")
    assert not (ws / "outbox").exists() and not (ws / "drafts").exists()


def test_a_secret_to_the_users_own_domain_is_sent(ws):
    ctx = ToolContext(ws, find_secrets=SECRETS)
    assert send_mail(ctx, f"ruth@{HOME_DOMAIN}", "Status", "Project Bluebird ships in May").endswith("001.eml")


def test_the_task_may_allow_that_recipient_and_value(ws):
    named = "Send ann@example.org the project name: Project Bluebird"
    assert send_mail(ToolContext(ws, task=named, find_secrets=SECRETS), "ann@example.org", "Name",
                     "It is Project Bluebird").endswith("001.eml")
    with pytest.raises(ToolError, match="SECRET"):  # the recipient alone does not allow the value
        send_mail(ToolContext(ws, task="Send ann@example.org a status update", find_secrets=SECRETS),
                  "ann@example.org", "Status", "Project Bluebird ships")
    with pytest.raises(ToolError, match="SECRET"):  # nor the value alone another recipient
        send_mail(ToolContext(ws, task="Tell someone about Project Bluebird", find_secrets=SECRETS),
                  "z@attacker.example", "Status", "Project Bluebird ships")


def test_one_planted_message_does_not_make_an_outside_domain_the_users(ws):
    (ws / "inbox" / "009.eml").write_bytes(_received("z@attacker.example", 9))
    with pytest.raises(ToolError, match="SECRET"):
        send_mail(ToolContext(ws, find_secrets=SECRETS), "z@attacker.example", "Status", "Project Bluebird")
