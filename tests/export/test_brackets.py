"""Spans end where their value ends: a bracket or quote opened outside a span is not swallowed by it."""

from __future__ import annotations

import functools

import pytest

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector, Span, without_stray_brackets
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors(models=False))  # the pattern rules; NER spans go through the same trim


def redacted(text: str, dets=None) -> str:
    return sanitize(text, "redact", dets if dets is not None else detectors(), PlaceholderRegistry()).text


@pytest.mark.parametrize(("text", "expected"), [
    ("Ask Maria (maria.rossi@example.it, +39 347 555 0199) about it",
     "Ask <PERSON_1> (<EMAIL_1>, <PHONE_1>) about it"),  # the name after "ask" is one too
    ("Call (+39 347 555 0199) or [+44 20 7946 0958].", "Call (<PHONE_1>) or [<PHONE_2>]."),
    ("Mail (maria.rossi@example.it) or {ops@corp.internal}", "Mail (<EMAIL_1>) or {<EMAIL_2>}"),
    ("Your order (ID: AB12CD34EF) shipped", "Your order (ID: <ID_1>) shipped"),
    ("See (https://intranet.corp/x?id=4) and [https://jira.acme-corp.com/browse/OPS-1]",
     "See (<URL_1>) and [<URL_2>]"),
    ('tel. "+44 20 7946 0958" and \u201c+39 347 555 0199\u201d', 'tel. "<PHONE_1>" and \u201c<PHONE_2>\u201d'),
    ("ping [10.1.2.3] or (2001:db8::1)", "ping [<IP_1>] or (<IP_2>)"),
])
def test_bracketed_values_keep_their_brackets(text: str, expected: str) -> None:
    assert redacted(text) == expected


def test_brackets_inside_a_value_stay_in_its_span() -> None:
    # "(555)" belongs to the number; the ")" after it is closed by the "(" inside the span.
    assert redacted("phone: (555) 123-4567 ok") == "phone: <PHONE_1> ok"
    assert redacted("call ((555) 123-4567) now") == "call (<PHONE_1>) now"


def test_declared_secrets_are_replaced_whole_even_ending_in_a_bracket() -> None:
    secrets = DeclaredSecrets(["hunter2)x(y"])
    assert redacted("the password (hunter2)x(y) is old", (secrets, *detectors())) == "the password (<SECRET_1>) is old"


class _Greedy:
    """A hook detector whose span takes the character after its value, a closing bracket or quote here."""

    name = "greedy"

    def detect(self, text: str) -> list[Span]:
        lo = text.index("Rossi")
        return [Span(lo, lo + 6, "PERSON", self.name)]


@pytest.mark.parametrize(("text", "expected"), [
    ("(Rossi) came", "(<PERSON_1>) came"),
    ('"Rossi" came', '"<PERSON_1>" came'),
    ("[Rossi] came", "[<PERSON_1>] came"),
])
def test_hook_spans_are_trimmed_too(text: str, expected: str) -> None:
    assert redacted(text, (_Greedy(),)) == expected


def test_trim_keeps_what_pairs_inside_and_drops_a_span_of_brackets_only() -> None:
    text = "x (a1) b2) y"
    assert without_stray_brackets(text, Span(2, 10, "ID", "ids")) == Span(2, 9, "ID", "ids")  # "(a1) b2"
    assert without_stray_brackets(text, Span(1, 3, "ID", "ids")) is None  # " (": nothing but a stray bracket
