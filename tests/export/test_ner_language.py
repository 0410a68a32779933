"""The entity model with the text's language: common words of other languages cut from its spans, lower-case names
in English found by a second pass. Real wordfreq lists and the real spaCy pipeline; texts written for these tests."""

from __future__ import annotations

import pytest

from edgeagent.export.detect.language import language_of, zipf
from edgeagent.export.detect.spans import Span
from edgeagent.export.ner import SpacyEntities
from edgeagent.export.ner_language import without_native_words


@pytest.mark.parametrize(("text", "lang"), [
    ("could you move my dentist appointment to next week and tell the office", "en"),
    ("Kannst du bitte den Termin beim Zahnarzt auf nächste Woche verschieben?", "de"),
    ("Est-ce que tu peux déplacer mon rendez-vous chez le dentiste à la semaine prochaine ?", "fr"),
    ("¿Puedes cambiar mi cita con el dentista a la semana que viene?", "es"),
    ("Você pode mudar a minha consulta no dentista para a semana que vem?", "pt"),
    ("Puoi spostare il mio appuntamento dal dentista alla settimana prossima?", "it"),
    ("Kun je mijn afspraak bij de tandarts naar volgende week verzetten?", "nl"),
    ("Czy możesz przesunąć moją wizytę u dentysty na przyszły tydzień?", "pl"),
])
def test_the_language_of_a_request(text, lang):
    assert language_of(text) == lang


def test_texts_the_lists_cannot_place_have_no_language():
    assert language_of("ok thanks") is None  # too few words
    assert language_of("明日の会議は午後三時からです。資料を用意してください。 ID: kx-2291 ok") is None


def test_word_frequency_is_case_blind_and_zero_for_unknown_words():
    assert zipf("Rechnung", "de") == zipf("rechnung", "de") > 4
    assert zipf("Rechnung", "en") == 0.0 and zipf("qzxvwk", "en") == 0.0


def _cut(text: str, *parts: tuple[str, str]) -> set[str]:
    spans = [Span(text.index(p), text.index(p) + len(p), kind, "spacy-ner") for p, kind in parts]
    return {s.text(text) for s in without_native_words(text, spans, language_of(text) or "")}


def test_common_words_of_the_text_language_are_cut_from_spans_and_names_stay():
    text = "Salut, tu peux appeler Mathilde demain ? Elle attend la facture du garage Perrin."
    assert language_of(text) == "fr"
    found = _cut(text, ("Salut", "PERSON"), ("tu peux", "PERSON"), ("appeler Mathilde", "PERSON"),
                 ("garage Perrin", "ORG"))
    assert found == {"Mathilde", "Perrin"}  # a greeting opening the text and lower-case words are not names


def test_a_name_opening_a_sentence_and_called_out_stays():
    text = "Joaquim, podes trazer o carregador amanhã? Obrigado. Qualquer coisa me avisa."
    assert language_of(text) == "pt"
    assert _cut(text, ("Joaquim", "PERSON"), ("Qualquer", "PERSON")) == {"Joaquim"}


def test_german_nouns_are_kept_with_surnames():
    # A German noun and a German surname are equally frequent words; neither is cut, so no surname is lost.
    text = "Hallo, die Wohnung von Frau Hartwig in der Lindenstraße ist ab Montag frei."
    assert language_of(text) == "de"
    assert _cut(text, ("Wohnung", "LOCATION"), ("Hartwig", "PERSON")) == {"Wohnung", "Hartwig"}
    assert _cut(text, ("von Frau Hartwig", "PERSON")) == {"Frau Hartwig"}  # the lower-case word goes


def test_lower_case_names_in_english_are_found(spacy_model):
    text = "hey, please write a note to priyanka saying the review moves to friday and copy in dominik from finance"
    found = {s.text(text) for s in SpacyEntities(spacy_model).detect(text)}
    assert {"priyanka", "dominik"} <= found
    assert not found & {"review", "friday", "finance", "note"}
    assert not {"priyanka", "dominik"} & {s.text(text) for s in SpacyEntities(spacy_model, languages=False).detect(text)}


def test_ordinary_lower_case_english_gets_no_second_pass_names(spacy_model):
    text = "can you check whether the nightly deploy finished and the logs look fine, then ping the team channel"
    assert SpacyEntities(spacy_model).detect(text) == []


def test_phrases_of_other_languages_are_not_names(spacy_model):
    text = "Hola, quiero cambiar la fecha de la reunión con Ximena. Dile que el jueves no puedo, mejor el viernes."
    found = {s.text(text) for s in SpacyEntities(spacy_model).detect(text)}
    assert "Ximena" in found
    assert not [f for f in found if f[0].islower() or f in ("Hola", "Dile")]
    before = {s.text(text) for s in SpacyEntities(spacy_model, languages=False).detect(text)}
    assert [f for f in before if f[0].islower()]  # what the English model alone takes for names here


def test_days_and_months_alone_are_never_names(spacy_model):
    from edgeagent.export.ner import _calendar

    assert _calendar("Montag") and _calendar("Sat") and _calendar("Friday, 14 March")
    assert not _calendar("April") and not _calendar("Jan") and not _calendar("Mei")  # names as often as dates
    text = "Die Störung besteht seit Montag, und Jana Petrović aus der Technik war am Donnerstag hier."
    found = {s.text(text) for s in SpacyEntities(spacy_model).detect(text)}
    assert not {"Montag", "Donnerstag"} & found and any("Petrović" in f for f in found)
