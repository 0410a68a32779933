"""Span proposals from the edge model: its JSON lists become spans where each name stands in the text, in any case;
proposals not in the text, and our own placeholders, give none. The model here is scripted; the real 0.5B model's
leak rate and speed are measured in bench/results/README.md (the export layer)."""

from __future__ import annotations

import json

from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.export.edge_spans import SCHEMA, EdgeSpans, occurrences

TEXT = "Hi Rayan, Royal Spier moved the audit to Utrecht. Ask noortje hoeks, or <PERSON_1>.\n"


def _reply(people=(), organisations=(), places=()) -> str:
    return json.dumps({"people": list(people), "organisations": list(organisations), "places": list(places)})


def test_proposals_become_spans_where_they_stand():
    backend = ScriptedBackend([_reply(["Rayan", "Noortje Hoeks", "Jan Jansen"], ["Royal Spier"], ["Utrecht"])])
    spans = EdgeSpans(backend).detect(TEXT)
    assert {(s.text(TEXT), s.kind, s.source) for s in spans} == {
        ("Rayan", "PERSON", "edge-spans"), ("noortje hoeks", "PERSON", "edge-spans"),
        ("Royal Spier", "ORG", "edge-spans"), ("Utrecht", "LOCATION", "edge-spans")}  # Jan Jansen is not in it


def test_placeholders_and_unparsable_replies_give_nothing():
    assert EdgeSpans(ScriptedBackend([_reply(["<PERSON_1>", "PERSON_1"])])).detect(TEXT) == []
    assert EdgeSpans(ScriptedBackend(["not json"])).detect(TEXT) == []
    assert EdgeSpans(ScriptedBackend([])).detect("1234 5678") == []  # nothing to read: the model is not asked


def test_occurrences_are_whole_words_in_any_case():
    assert occurrences("Ann met ANN and Annabel", "Ann") == [(0, 3), (8, 11)]
    assert occurrences("x", " ") == []


def test_the_schema_is_three_lists_of_names():
    assert SCHEMA["required"] == ["people", "organisations", "places"]
    assert all(SCHEMA["properties"][f]["items"]["type"] == "string" for f in SCHEMA["required"])
