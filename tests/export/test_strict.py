"""Strict mode refuses for the right reason (#13 item 3): a replaced value found again in any spelling, or a word
of one found on the second pass; never what a context-reading detector newly sees around placeholders."""

from __future__ import annotations

import functools
import re

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.spans import Detector, Span
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize

PLACEHOLDER = re.compile(r"<[A-Z][A-Z0-9_]*_\d+>")


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors(models=False))  # the rules under test, without the NER model's own findings


class ContextNer:
    """Like spaCy's small model on redacted text: tags "Priya Raman" as a person, and whatever follows a
    placeholder's possessive as an organisation ("<PERSON_1>'s Hopkinson east baltimore campus")."""

    name = "context-ner"

    def __init__(self, after_placeholder: str = r"'s ((?:\w+ ){0,3}\w+)") -> None:
        self.after = re.compile(PLACEHOLDER.pattern + after_placeholder)

    def detect(self, text: str) -> list[Span]:
        spans = [Span(m.start(), m.end(), "PERSON", self.name) for m in re.finditer("Priya Raman", text)]
        spans += [Span(m.start(1), m.end(1), "ORG", self.name) for m in self.after.finditer(text)]
        return spans


def strict(text: str, *extra) -> tuple[str, list[str]]:
    result = sanitize(text, "strict", [*detectors(), *extra], PlaceholderRegistry())
    return result.text, [s.text(result.text) for s in result.residual]


def test_new_entities_next_to_placeholders_are_not_refused():
    # "Hopkinson": a word no default detector finds ("Hopkins" is a town in GeoNames' list, which places.py reads).
    out, residual = strict("Priya Raman's Hopkinson east baltimore campus is open.", ContextNer())
    assert out == "<PERSON_1>'s Hopkinson east baltimore campus is open." and residual == []


def test_a_replaced_value_in_another_spelling_is_refused():
    # redact replaces "Priya Raman" (and, as a known name, "priya"/"RAMAN"), but not the run-together spelling.
    out, residual = strict("Priya Raman wrote; cc PriyaRaman.", ContextNer())
    assert out.startswith("<PERSON_1> wrote") and residual == ["PriyaRaman"]


def test_a_replaced_value_inside_a_longer_word_is_not_refused():
    out, residual = strict("Priya Raman likes the Ramanujan papers.", ContextNer())
    assert residual == [] and "Ramanujan" in out


class HospitalNer:
    """Tags "Johns Hopkinson" as an organisation; "Hopkinson" alone only next to a placeholder (the context changed)."""

    name = "hospital-ner"

    def detect(self, text: str) -> list[Span]:
        spans = [Span(m.start(), m.end(), "ORG", self.name) for m in re.finditer("Johns Hopkinson", text)]
        spans += [Span(m.start(1), m.end(1), "ORG", self.name)
                  for m in re.finditer(PLACEHOLDER.pattern + r" and (Hopkinson)", text)]
        return spans


def test_a_word_of_a_replaced_name_found_on_the_second_pass_is_refused():
    out, residual = strict("Johns Hopkinson and Hopkinson staff met.", HospitalNer())
    assert out == "<ORG_1> and Hopkinson staff met." and residual == ["Hopkinson"]


def test_a_tag_that_takes_in_a_placeholder_is_an_artefact():
    class Greedy:
        name = "greedy"

        def detect(self, text: str) -> list[Span]:
            return [Span(m.start(), m.end() + 12, "ORG", self.name) for m in PLACEHOLDER.finditer(text)]

    out, residual = strict("Priya Raman's campus is open.", ContextNer(r"(?!)"), Greedy())
    assert out == "<PERSON_1>'s campus is open." and residual == []


def test_strict_still_refuses_a_value_found_again_as_digits():
    text = "Call +1 415 555 0132 today; the log shows 14155550132 too."
    out, residual = strict(text)
    assert "<PHONE_1>" in out and residual == ["14155550132"]
