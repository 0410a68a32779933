"""Hostile .eml files (issue 27, items 8 and 9): headers of 16,000 encoded words took 2 GB, 5,000 nested MIME
parts raised RecursionError. Memory is measured in a child process: its own VmHWM at its end."""

from __future__ import annotations

from edgeagent.tools.base import ToolContext
from edgeagent.tools.docs import search_docs
from edgeagent.tools.mail import list_mail, read_mail, search_mail
from tests.tools.child_memory import MEMORY_CAP_KB, in_child, needs_proc


def _encoded_subject_mail(words: int) -> bytes:
    subject = " ".join(f"=?utf-8?q?w{i}?=" for i in range(words))
    return (f"From: =?utf-8?q?Zo=C3=AB_Ng?= <zoe@example.com>\r\nTo: me@example.com\r\nSubject: {subject}\r\n"
            "Date: Mon, 2 Mar 2026 10:00:00 +0000\r\n\r\nquarterly figures attached\r\n").encode()


# Item 8: 16,000 RFC 2047 encoded words in one Subject (272 KB) took ~2 GB and seconds per tool.
@needs_proc
def test_a_subject_of_16000_encoded_words_is_listed_read_and_searched_in_bounded_memory(tmp_path):
    (tmp_path / "inbox").mkdir()
    data = _encoded_subject_mail(16_000)
    assert len(data) > 270_000
    (tmp_path / "inbox" / "001.eml").write_bytes(data)
    got = in_child(tmp_path, """
        from edgeagent.tools.mail import list_mail, read_mail, search_mail
        from edgeagent.tools.docs import search_docs
        outs["list"] = list_mail(ctx, "inbox")
        outs["read"] = read_mail(ctx, "inbox/001.eml")
        outs["search"] = search_mail(ctx, "quarterly")
        outs["docs"] = search_docs(ctx, "quarterly")
    """)
    assert got["hwm_kb"] < MEMORY_CAP_KB, got["hwm_kb"]
    assert got["seconds"] < 10, got["seconds"]
    outs = got["outs"]
    assert "from: Zoë Ng <zoe@example.com>" in outs["list"] and "subject: w0w1w2" in outs["list"]
    assert "quarterly figures attached" in outs["read"] and "[header cut:" in outs["read"]
    assert "1 message holds all of: quarterly" in outs["search"]
    assert "inbox/001.eml" in outs["docs"]


def test_ordinary_encoded_headers_still_decode_in_full(tmp_path):
    data = ("From: =?iso-8859-1?q?J=FCrgen_M=FCller?= <jm@example.de>\r\nTo: \"Zoë\" <zoe@example.com>, "
            "bob@example.com\r\nSubject: =?utf-8?b?UmVwb3J0IMO8YmVyIGRpZSBaYWhsZW4=?=\r\n"
            "Date: Mon, 2 Mar 2026 10:00:00 +0000\r\n\r\nbody\r\n").encode()
    (tmp_path / "a.eml").write_bytes(data)
    out = read_mail(ToolContext(tmp_path), "a.eml")
    assert "From: Jürgen Müller <jm@example.de>" in out
    assert "To: Zoë <zoe@example.com>, bob@example.com" in out
    assert "Subject: Report über die Zahlen" in out and "header cut" not in out


def test_a_long_header_of_many_recipients_is_kept_whole(tmp_path):
    to = ", ".join(f"Person {i} <p{i}@example.com>" for i in range(150))  # 5 KB: a real, long To
    (tmp_path / "a.eml").write_bytes(f"From: a@example.com\r\nTo: {to}\r\nSubject: hi\r\n\r\nx\r\n".encode())
    out = read_mail(ToolContext(tmp_path), "a.eml")
    assert "Person 149 <p149@example.com>" in out and "header cut" not in out


def _nested_mail(depth: int) -> bytes:
    head = "From: a@example.com\r\nTo: me@example.com\r\nSubject: deep\r\nMIME-Version: 1.0\r\n"
    opening = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n' for i in range(depth))
    closing = "".join(f"--b{i}--\r\n" for i in reversed(range(depth)))
    return (head + opening + "Content-Type: text/plain\r\n\r\ninnermost text\r\n" + closing).encode()


# Item 9: 5,000 nested MIME parts (350 KB) raised RecursionError from every mail tool and search_docs.
def test_5000_nested_mime_parts_are_skipped_past_a_depth_with_a_note(tmp_path):
    (tmp_path / "deep.eml").write_bytes(_nested_mail(5000))
    (tmp_path / "ok.eml").write_bytes(b"From: b@example.com\r\nSubject: fine\r\n\r\nplain words\r\n")
    ctx = ToolContext(tmp_path)
    read = read_mail(ctx, "deep.eml")
    assert "From: a@example.com" in read and "nested deeper than" in read
    assert "2 messages" in list_mail(ctx, ".")
    assert "ok.eml" in search_mail(ctx, "plain")
    assert "ok.eml" in search_docs(ctx, "plain")


def test_a_few_nested_parts_are_read_as_before(tmp_path):
    (tmp_path / "a.eml").write_bytes(_nested_mail(6))
    out = read_mail(ToolContext(tmp_path), "a.eml")
    assert "innermost text" in out and "nested deeper" not in out
