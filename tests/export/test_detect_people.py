"""People's names in the places a text reserves for one: name fields, greetings and sign-offs, exported chats, table
columns; and the look-alikes (code, CI steps, log levels, greetings to a group) they must leave."""

from __future__ import annotations

import pytest

from edgeagent.export.detect.people import ChatSpeakers, CsvColumns, Greetings, NameFields


def names(detector, text: str, kind: str = "PERSON") -> list[str]:
    return [s.text(text) for s in detector.detect(text) if s.kind == kind]


@pytest.mark.parametrize(("text", "expected"), [
    ("SURNAME: DA CUNHA   FIRST NAME: CALEB\nDATE OF BIRTH: 27.06.1941", ["DA CUNHA", "CALEB"]),  # form columns
    ('{"customer": {"name": "Simone Malipiero", "phone": "555"}}', ["Simone Malipiero"]),
    ('return Customer(name="John Hawkins", company="Acme")', ["John Hawkins"]),
    ("WHERE c.last_name = 'Cole' AND o.total > 5", ["Cole"]),
    ('level=warn customer="Levi Sales" msg=retry', ["Levi Sales"]),
    ("Name: Jan van der Berg\nEmail: jan@example.org", ["Jan van der Berg"]),
    ("Vorname: Jan\nNachname: Müller", ["Jan", "Müller"]),
])
def test_name_fields(text: str, expected: list[str]) -> None:
    assert names(NameFields(), text) == expected


@pytest.mark.parametrize("text", [
    '{"name": "my-app", "version": "1.0.2"}',  # a package name
    "jobs:\n  build:\n    steps:\n      - name: Build Docker Image",  # a CI step
    "def greet(name: str) -> str:",
    "first_name: str = None",
    "name: Build and Test",
    'author = "unknown"',
    "Name: test",
])
def test_not_name_fields(text: str) -> None:
    assert NameFields().detect(text) == []


def test_city_and_company_fields() -> None:
    text = ('Customer(name="Ana Lima", company="Novaes", city="Málaga")\n'
            "ADDRESS: JURREBOULEVARD 2, HOLTHONE\nEMPLOYER: RÍOS Y ASOCIADOS S.L.\nStadt: Köln\nCompany: Gomes e Filhos")
    assert names(NameFields(), text, "ORG") == ["Novaes", "RÍOS Y ASOCIADOS S.L.", "Gomes e Filhos"]
    assert names(NameFields(), text, "LOCATION") == ["Málaga", "Köln"]
    for text in ("city: str", "org: my-org", "company = request.company", 'location: "us-east-1"'):
        assert NameFields().detect(text) == [], text


@pytest.mark.parametrize(("text", "expected"), [
    ("Bonjour Philippine,\nmerci pour votre message.", ["Philippine"]),
    ("translate to french: hey annabel, can you ask", ["annabel"]),
    ("Dear Dr Lee,", ["Dr Lee"]),
    ("Thanks for the update.\n\nCordialement,\nHélène Marchand", ["Hélène Marchand"]),
    ("Best,\nAnn", ["Ann"]),
])
def test_greetings_and_sign_offs(text: str, expected: list[str]) -> None:
    assert names(Greetings(), text) == expected


@pytest.mark.parametrize("text", [
    "Hi all,\nthe build is green.",
    "Hello world!",
    "hey guys, any idea why",
    "Thanks,\nThe Support Team",
    "Regards,\n-- \nsent from my phone",
    "Thanks, that fixed it.",
])
def test_greetings_to_no_one(text: str) -> None:
    assert Greetings().detect(text) == []


def test_chat_speakers() -> None:
    text = "2023-12-11 19:06 - Adam: sent it\n[11/12/23, 19:07] Jan-Peter: ok\n12/11/23 7:08 PM - Ann Lee: thanks"
    assert names(ChatSpeakers(), text) == ["Adam", "Jan-Peter", "Ann Lee"]
    logs = "2024-01-01 10:00:02 - INFO: started\n12:30 - note: hi\n2025-12-07 03:13:02 sudo: ann : TTY=pts/0"
    assert ChatSpeakers().detect(logs) == []


def test_table_columns_under_a_header() -> None:
    csv = ("Deduplicate this CSV:\n\nname,email,city,phone\nMaarten Vergeer,mv@example.nl,Afferden,(0265) 377961\n"
           "maarten vergeer,mv@example.nl,Afferden,\n\nthanks, bye")
    assert [(s.text(csv), s.kind) for s in CsvColumns().detect(csv)] == [
        ("Maarten Vergeer", "PERSON"), ("Afferden", "LOCATION"), ("(0265) 377961", "PHONE"),
        ("maarten vergeer", "PERSON"), ("Afferden", "LOCATION")]  # lower case too: the header says what it is
    table = "| Name | City | Amount |\n|---|---|---|\n| Ann Lee | Lyon | 12 |\n"
    assert [(s.text(table), s.kind) for s in CsvColumns().detect(table)] == [("Ann Lee", "PERSON"),
                                                                               ("Lyon", "LOCATION")]


@pytest.mark.parametrize("text", [
    "id,status,count\n1,ok,3\n2,failed,0",  # no private column
    "a, b, c\nx, y, z",
    "name,city\nAnn Lee;Lyon;extra",  # rows that do not fit the header
    "user,tty\nn/a,pts/0",
    "| name | who acts |\n|---|---|\n| `edge` | edge only |\n| router | both |",  # a bare "name" column of things
])
def test_tables_without_private_columns(text: str) -> None:
    assert CsvColumns().detect(text) == []
