"""Hostile address books: links a reader must never follow, huge and malformed cards, odd encodings."""

from __future__ import annotations

import pytest

from tests.security.harness import Place, call, held, place, run

FIND = [call("find_contact", query="Ann"), call("find_contact", query="example.org"), call("find_contact", query="")]


@pytest.fixture
def p(tmp_path) -> Place:
    return place(tmp_path)


def card(*lines: str) -> str:
    return "BEGIN:VCARD\r\nVERSION:3.0\r\n" + "".join(f"{x}\r\n" for x in lines) + "END:VCARD\r\n"


def test_photo_and_key_uris_are_never_fetched(p):
    out = p.outside / "private.txt"
    (p.ws / "people.vcf").write_text(card("FN:Ann Lee", "EMAIL:ann@example.org", f"PHOTO;VALUE=URI:file://{out}",
                                          f"KEY;VALUE=URI:file://{out}", f"SOUND;VALUE=URI:file://{out}",
                                          f"URL:file://{out}", f"SOURCE:file://{out}"))
    held(p, run(p, FIND))


def test_a_hundred_thousand_cards_and_a_huge_line(p):
    (p.ws / "many.vcf").write_text("".join(card(f"FN:Person {i}", f"EMAIL:p{i}@example.org") for i in range(100000)))
    (p.ws / "long.vcf").write_text(card("FN:Ann Lee", "NOTE:" + "a" * 6_000_000))
    (p.ws / "folded.vcf").write_text(card("FN:Ann " + "\r\n ".join(["x"] * 200000)))
    r = run(p, FIND)
    held(p, r)
    assert r.seconds < 60


@pytest.mark.parametrize("body", [
    "BEGIN:VCARD\r\nFN:Ann Lee\r\n",  # never ends
    "END:VCARD\r\nBEGIN:VCARD\r\nEND:VCARD\r\n",
    card("FN;ENCODING=QUOTED-PRINTABLE;CHARSET=x-no-such:Ann=\r\n=FF=FE"),
    card("FN;ENCODING=b:@@@notbase64", "EMAIL;TYPE=\"unclosed:ann@example.org"),
    card("N:" + ";" * 100000),
    "\udcff".encode("utf-8", "surrogateescape").decode("latin-1") + card("FN:Ann \x00 Lee"),
    "BEGIN:VCARD\r\n" * 5000 + "FN:Ann\r\n" + "END:VCARD\r\n" * 5000,
], ids=["unterminated", "empty", "bad-qp-charset", "bad-params", "many-fields", "binary", "nested"])
def test_malformed_cards_are_skipped(p, body):
    (p.ws / "bad.vcf").write_text(body, errors="surrogateescape")
    (p.ws / "good.vcf").write_text(card("FN:Ann Lee", "EMAIL:ann@example.org"))
    r = run(p, FIND)
    held(p, r)
    assert "ann@example.org" in r.observations[0]
