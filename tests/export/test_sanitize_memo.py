"""An exporter re-sends a run's earlier turns at every call: what the detectors found in a text is kept (the memo),
while substitution still reads the placeholder registry as it is now."""

from __future__ import annotations

import re

from edgeagent.export.detect.spans import Span
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize


class CountingNames:
    """Finds "Priya Raman" only where the whole name is written; counts the texts it reads."""

    name = "counting-names"

    def __init__(self) -> None:
        self.read: list[str] = []

    def detect(self, text: str) -> list[Span]:
        self.read.append(text)
        return [Span(m.start(), m.end(), "PERSON", self.name) for m in re.finditer("Priya Raman", text)]


def test_a_text_is_read_by_the_detectors_once_and_comes_out_the_same() -> None:
    names, registry, memo = CountingNames(), PlaceholderRegistry(), {}
    first = sanitize("Priya Raman asked for the rota.", "redact", [names], registry, memo=memo)
    again = sanitize("Priya Raman asked for the rota.", "redact", [names], registry, memo=memo)
    assert names.read == ["Priya Raman asked for the rota."]
    assert again.text == first.text == "<PERSON_1> asked for the rota." and again.spans == first.spans


def test_a_value_found_later_is_replaced_in_a_text_read_before() -> None:
    names, registry, memo = CountingNames(), PlaceholderRegistry(), {}
    early = "ask priya raman about the rota"  # lower case: nothing the detector knows to be a name, yet
    assert sanitize(early, "redact", [names], registry, memo=memo).text == early
    sanitize("Priya Raman wrote back.", "redact", [names], registry, memo=memo)  # the run learns the name
    assert re.fullmatch(r"ask <PERSON_\d+> about the rota", sanitize(early, "redact", [names], registry, memo=memo).text)
    assert names.read.count(early) == 1  # found again from the registry, not by reading the text again
