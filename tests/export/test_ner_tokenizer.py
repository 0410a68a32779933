"""The entity pipeline keeps spaCy's default English tokenizer instead of reading the model's: they must be equal."""

from __future__ import annotations

from edgeagent.export.ner import NOT_LOADED, pipeline


def test_the_default_tokenizer_equals_the_one_the_model_ships(spacy_model):
    assert "tokenizer" in NOT_LOADED
    nlp = pipeline(spacy_model)
    shipped = nlp.tokenizer.__class__(nlp.vocab).from_disk(spacy_model / "tokenizer")
    assert nlp.tokenizer.to_bytes(exclude=["vocab"]) == shipped.to_bytes(exclude=["vocab"])
    text = "Mr. O'Neil's e-mail (o.neil@example.ie) can't wait: call +1 (555) 010-9999 re: U.S. invoice #A-12."
    assert [t.text for t in nlp.tokenizer(text)] == [t.text for t in shipped(text)]
