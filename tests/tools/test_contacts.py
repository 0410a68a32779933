"""find_contact on real .vcf files: vCard 3 and 4, folded lines, several emails, groups, escapes, vCard 2.1 QP."""

from __future__ import annotations

import pytest

from edgeagent.tools.base import ToolContext
from edgeagent.tools.contacts import find_contact
from edgeagent.workspace.sandbox import ToolError

CARDS = (
    "BEGIN:VCARD\r\n"
    "VERSION:3.0\r\n"
    "FN:Jürgen Müller\r\n"
    "N:Müller;Jürgen;;;\r\n"
    "ORG:Acme\\, Inc.;Sales\r\n"
    "TITLE:Head of Sales\r\n"
    "item1.EMAIL;TYPE=INTERNET,WORK:jm@acme.example\r\n"
    "EMAIL;TYPE=home:juergen.mueller.private.address@\r\n"
    " home.example\r\n"  # a folded line: the leading space joins it to the one above
    "TEL;TYPE=CELL:+49 170 1234567\r\n"
    "NOTE:Prefers calls\\nbefore noon\r\n"
    "END:VCARD\r\n"
    "BEGIN:VCARD\r\n"
    "VERSION:4.0\r\n"
    "FN:Ann Lee\r\n"
    "EMAIL;PREF=1:ann@example.org\r\n"
    "TEL;VALUE=uri;TYPE=\"voice,work\":tel:+1-555-0100\r\n"
    "ADR;TYPE=work:;;12 Main St;Springfield;;12345;USA\r\n"
    "END:VCARD\r\n"
)
LEGACY = ("BEGIN:VCARD\nVERSION:2.1\nN:Doe;Jane\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jane D=C3=B6e\n"
          "EMAIL;INTERNET:jane@doe.example\nEND:VCARD\n")  # bare LF line ends, as many exports have


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    (w / "contacts").mkdir(parents=True)
    (w / "contacts" / "work.vcf").write_bytes(CARDS.encode())
    (w / "old.vcf").write_bytes(LEGACY.encode())
    return w


def test_a_card_shows_every_email_unfolded_and_its_fields_unescaped(ws):
    out = find_contact(ToolContext(ws), "Müller")
    assert out.splitlines() == [
        "1 contact matches 'Müller':",
        "",
        "name: Jürgen Müller",
        "email: jm@acme.example (work), juergen.mueller.private.address@home.example (home)",
        "phone: +49 170 1234567 (cell)",
        "org: Acme, Inc., Sales",
        "title: Head of Sales",
        "note: Prefers calls before noon",
        "file: contacts/work.vcf",
    ]


def test_contacts_are_found_by_email_company_or_phone_digits(ws):
    assert "name: Ann Lee" in find_contact(ToolContext(ws), "ann@example.org")
    assert "phone: +1-555-0100 (work)" in find_contact(ToolContext(ws), "555 0100")
    assert "address: 12 Main St, Springfield, 12345, USA" in find_contact(ToolContext(ws), "Ann")
    assert "name: Jürgen Müller" in find_contact(ToolContext(ws), "acme sales")


def test_vcard_21_quoted_printable_and_bare_line_feeds(ws):
    out = find_contact(ToolContext(ws), "jane")
    assert "name: Jane Döe" in out and "email: jane@doe.example" in out and "file: old.vcf" in out


def test_no_match_lists_the_names_there_are(ws):
    out = find_contact(ToolContext(ws), "Zelda")
    assert out.startswith("no contact matches 'Zelda' (3 contacts in 2 file(s); names: ")
    assert "Ann Lee" in out and "Jane Döe" in out


def test_a_partial_match_says_which_words_matched(ws):
    out = find_contact(ToolContext(ws), "Ann Zelda")
    assert out.startswith("no contact matches every word of 'Ann Zelda'; 1 match 1 of 2") and "Ann Lee" in out


def test_no_vcf_files_and_links_outside_are_plain_errors(tmp_path):
    w = tmp_path / "empty"
    w.mkdir()
    (tmp_path / "outside.vcf").write_text(LEGACY)
    (w / "link.vcf").symlink_to(tmp_path / "outside.vcf")  # must not be read through the link
    with pytest.raises(ToolError, match=r"no contacts \(.vcf files\)"):
        find_contact(ToolContext(w), "jane")
