"""Mail tools on real .eml files: multipart, HTML-only, encoded headers, attachments; sending into outbox/."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import pytest

from edgeagent.store.runs import Store
from edgeagent.tools.base import ToolContext
from edgeagent.tools.mail import draft_mail, list_mail, read_mail, search_mail, send_mail
from edgeagent.workspace.sandbox import ToolError


def _multipart() -> bytes:
    msg = EmailMessage()
    msg["From"] = "Jürgen Müller <jm@acme.example>"
    msg["To"] = "me@localhost"
    msg["Subject"] = "Quartalsbericht Q3 – Entwurf"  # non-ASCII: written as =?utf-8?...?= on the wire
    msg["Date"] = "Tue, 03 Mar 2026 09:15:00 +0100"
    msg.set_content("Hi,\nthe Q3 draft is attached. Revenue grew 12%.\nJürgen\n")
    msg.add_alternative("<p>Hi,</p><p>the <b>Q3 draft</b> is attached.</p>", subtype="html")
    msg.add_attachment(b"%PDF-1.4 " + b"x" * 1000, maintype="application", subtype="pdf", filename="q3-draft.pdf")
    return msg.as_bytes()


HTML_ONLY = (b"From: Phish <security@paypa1.example>\r\nTo: me@localhost\r\nSubject: Verify your account\r\n"
             b"Date: Wed, 04 Mar 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n"
             b"\r\n<html><head><style>p {color:red}</style></head><body><p>Your account is <b>locked</b>.</p>"
             b"<p>Click <a href='http://evil.example'>here</a> &amp; log in.</p><script>steal()</script></body></html>\r\n")

ENCODED = (b"From: =?utf-8?q?Ann=C3=A9e_Lee?= <ann@example.org>\r\nTo: me@localhost\r\n"
           b"Subject: =?utf-8?b?TWVldGluZyDDoCAxMGg=?=\r\nDate: Mon, 02 Mar 2026 08:00:00 +0000\r\n"
           b"Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
           b"Caf=E9 at 10, budget is 4=2C500 EUR.\r\n")


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    (w / "inbox").mkdir(parents=True)
    (w / "inbox" / "001.eml").write_bytes(ENCODED)
    (w / "inbox" / "002.eml").write_bytes(_multipart())
    (w / "inbox" / "003.eml").write_bytes(HTML_ONLY)
    (w / "notes.txt").write_text("not mail\n")
    return w


def test_list_mail_shows_each_message_with_decoded_headers(ws):
    out = list_mail(ToolContext(ws), "inbox")
    assert out.startswith("3 messages in inbox:")
    assert "inbox/001.eml | 2026-03-02 08:00 | from: Année Lee <ann@example.org> | subject: Meeting à 10h" in out
    assert "subject: Quartalsbericht Q3 – Entwurf" in out
    assert "=?utf-8?" not in out


def test_list_mail_of_a_missing_folder_names_the_folders_that_hold_mail(ws):
    with pytest.raises(ToolError, match=r"no such folder: mail; folders holding mail: inbox/"):
        list_mail(ToolContext(ws), "mail")


def test_read_mail_prefers_text_and_lists_attachments_by_name_and_size(ws):
    out = read_mail(ToolContext(ws), "inbox/002.eml")
    assert "From: Jürgen Müller <jm@acme.example>" in out and "Subject: Quartalsbericht Q3 – Entwurf" in out
    assert "Revenue grew 12%." in out and "<p>" not in out
    assert "attachments: q3-draft.pdf (application/pdf, 1009 bytes)" in out
    assert "%PDF" not in out  # an attachment's content is never shown


def test_read_mail_strips_html_scripts_and_styles(ws):
    out = read_mail(ToolContext(ws), "inbox/003.eml")
    assert "Your account is locked." in out and "Click here & log in." in out
    assert "steal()" not in out and "color:red" not in out and "<b>" not in out


def test_read_mail_decodes_quoted_printable_latin1(ws):
    assert "Café at 10, budget is 4,500 EUR." in read_mail(ToolContext(ws), "inbox/001.eml")


def test_read_mail_refuses_paths_outside_the_workspace(ws, tmp_path):
    (tmp_path / "secret.eml").write_bytes(ENCODED)
    with pytest.raises(ToolError, match="leaves the workspace"):
        read_mail(ToolContext(ws), "../secret.eml")
    (ws / "inbox" / "link.eml").symlink_to(tmp_path / "secret.eml")
    with pytest.raises(ToolError, match="leaves the workspace"):
        read_mail(ToolContext(ws), "inbox/link.eml")
    assert "link.eml" not in list_mail(ToolContext(ws), "inbox")


def test_search_mail_finds_words_in_any_order_across_headers_and_body(ws):
    out = search_mail(ToolContext(ws), "draft revenue Jürgen")
    assert out.startswith("1 message holds all of:") and "inbox/002.eml" in out
    assert "inbox/001.eml" in search_mail(ToolContext(ws), "café budget")  # body decoded before searching
    assert search_mail(ToolContext(ws), "zebra").startswith("no message holds any of: zebra (3 messages searched)")


def _read(path):
    return BytesParser(policy=policy.default).parsebytes(path.read_bytes())


def test_send_mail_writes_a_numbered_rfc5322_message_into_outbox(ws):
    ctx = ToolContext(ws)
    assert send_mail(ctx, "Ann Lee <ann@example.org>", "Re: Meeting", "Yes, 10h works.") == \
        "sent to Ann Lee <ann@example.org>; stored as outbox/001.eml"
    assert send_mail(ctx, "jm@acme.example, ann@example.org", "Q3 – ok", "Fine by me.").endswith("outbox/002.eml")
    msg = _read(ws / "outbox" / "002.eml")
    assert msg["From"] == "me@localhost" and msg["Subject"] == "Q3 – ok" and msg["Message-ID"] and msg["Date"]
    assert [a.addr_spec for a in msg["To"].addresses] == ["jm@acme.example", "ann@example.org"]
    assert msg.get_content().strip() == "Fine by me."
    assert b"\r\n" in (ws / "outbox" / "002.eml").read_bytes()  # RFC 5322 line ends


def test_draft_mail_goes_to_drafts_not_outbox(ws):
    assert draft_mail(ToolContext(ws), "ann@example.org", "Idea", "Later.") == \
        "draft to ann@example.org saved as drafts/001.eml (not sent)"
    assert not (ws / "outbox").exists()


@pytest.mark.parametrize("to", ["Ann Lee", "", "ann at example"])
def test_send_mail_refuses_a_recipient_that_is_not_an_address(ws, to):
    with pytest.raises(ToolError, match="not an email address.*find_contact"):
        send_mail(ToolContext(ws), to, "Hi", "text")
    assert not (ws / "outbox").exists()


def test_send_mail_refuses_header_injection(ws):
    with pytest.raises(ToolError, match="subject must be one line"):
        send_mail(ToolContext(ws), "ann@example.org", "Hi\nBcc: everyone@example.org", "text")


def test_a_replayed_send_step_does_not_send_twice(ws, tmp_path):
    store = Store(tmp_path / "state" / "edgeagent.db")
    ctx = ToolContext(ws, run_id="r1", step_idx=4, ledger=store)
    first = send_mail(ctx, "ann@example.org", "Once", "only once")
    again = send_mail(ctx, "ann@example.org", "Once", "only once")  # the step replayed after a crash
    assert first.endswith("outbox/001.eml") and again.endswith("outbox/001.eml")
    assert sorted(p.name for p in (ws / "outbox").iterdir()) == ["001.eml"]
    ctx.step_idx = 5
    assert send_mail(ctx, "ann@example.org", "Twice", "a new step").endswith("outbox/002.eml")


def test_a_malformed_sender_is_shown_as_written_and_a_binary_file_is_refused(ws):
    (ws / "inbox" / "004.eml").write_bytes(b"From: PayPal <<security@@paypa1.example\r\nSubject: =?utf-8?q?Konto_gesperrt?=\r\n"
                                           b"\r\nact now\r\n")
    out = read_mail(ToolContext(ws), "inbox/004.eml")
    assert "From: PayPal <<security@@paypa1.example" in out and "Subject: Konto gesperrt" in out
    (ws / "inbox" / "005.eml").write_bytes(bytes(range(256)))
    with pytest.raises(ToolError, match="binary file, not an email"):
        read_mail(ToolContext(ws), "inbox/005.eml")


def test_search_mail_without_a_full_match_lists_the_messages_holding_most_words(ws):
    out = search_mail(ToolContext(ws), "draft revenue zebra")
    assert out.splitlines()[0] == "no message holds all of: draft, revenue, zebra; 1 hold 2 of them:"
    assert "inbox/002.eml" in out and "inbox/001.eml" not in out


def test_mail_to_an_address_nothing_holds_is_refused_and_nothing_is_sent(ws):
    with pytest.raises(ToolError, match=r"vendor1@example.com: no file in the workspace and nothing in the task"):
        send_mail(ToolContext(ws), "ann@example.org, vendor1@example.com", "Hi", "text")
    with pytest.raises(ToolError, match="vendor1@example.com"):
        draft_mail(ToolContext(ws), "Vendor <VENDOR1@example.com>", "Hi", "text")
    assert not (ws / "outbox").exists() and not (ws / "drafts").exists()


def test_an_address_from_the_task_a_contact_or_a_decoded_mail_body_may_be_used(ws):
    assert "outbox/001.eml" in send_mail(ToolContext(ws, task="Mail bob@example.net the plan"), "bob@example.net",
                                         "Plan", "Attached.")
    (ws / "contacts").mkdir()
    (ws / "contacts" / "eva.vcf").write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eva Ek\r\n"
                                             "EMAIL:eva.ek@firma.example\r\nEND:VCARD\r\n")
    assert "outbox/002.eml" in send_mail(ToolContext(ws), "Eva.Ek@firma.example", "Hi", "text")
    # The address only exists base64-encoded in a message body: found after decoding.
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "a@b.example", "me@localhost", "New address"
    msg.set_content("Write to me at lin.zhou@neu.example from now on.\n", cte="base64")
    (ws / "inbox" / "004.eml").write_bytes(msg.as_bytes())
    assert b"lin.zhou" not in (ws / "inbox" / "004.eml").read_bytes()
    assert "outbox/003.eml" in send_mail(ToolContext(ws), "lin.zhou@neu.example", "Hi", "text")


def test_a_guessed_address_is_answered_with_the_workspaces_addresses_that_look_alike(ws):
    (ws / "contacts.vcf").write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Oskar Lind\r\nEMAIL:oskar.lind@bright.example\r\n"
                                     "END:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Oskar Berg\r\n"
                                     "EMAIL:o.berg@bright.example\r\nEND:VCARD\r\n")
    with pytest.raises(ToolError, match=r"oskar@example.com: .*look alike: oskar.lind@bright.example$"):
        send_mail(ToolContext(ws), "oskar@example.com", "Dinner", "Coming")
    with pytest.raises(ToolError, match="instead of guessing it$"):  # nothing alike: say where to look
        send_mail(ToolContext(ws), "vendor1@example.com", "Hi", "text")


def test_a_message_the_parser_cannot_decode_is_still_scanned_as_raw_text(ws):
    (ws / "inbox" / "009.eml").write_bytes(b"Content-Type: text/plain; charset=x-bogus\r\n\r\nMe: kim@odd.example\r\n")
    assert "outbox/001.eml" in send_mail(ToolContext(ws), "kim@odd.example", "Hi", "text")
