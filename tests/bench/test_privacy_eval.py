"""The privacy corpus and its scorer: a deterministic corpus whose spans label exactly the private values, a scorer
that counts a leak when a value survives and only non-private characters as over-redaction, and the CLI's fields."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from edgeagent.bench import privacy_corpus as pc
from edgeagent.bench import privacy_eval as pe
from edgeagent.errors import BadInput
from edgeagent.export.detect.spans import Span
from edgeagent.export.normalize import normalize


@functools.cache
def full_corpus() -> tuple[pc.Item, ...]:
    return tuple(pc.corpus())


class Oracle:
    """A detector that reports chosen spans of known texts: the scorer's tests control exactly what is replaced."""

    name = "oracle"

    def __init__(self, spans_by_text: dict[str, list[tuple[int, int]]]) -> None:
        self.spans_by_text = spans_by_text

    def detect(self, text: str) -> list[Span]:
        return [Span(s, e, "X", self.name) for s, e in self.spans_by_text.get(text, [])]


def _jsonl(items) -> str:
    return "".join(it.to_json() + "\n" for it in items)


def test_corpus_is_the_same_for_a_seed_in_any_process():
    here = _jsonl(pc.corpus(60))
    for hash_seed in ("1", "2"):  # Faker's it_IT city list is set-ordered: the corpus must not depend on it
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-m", "edgeagent.bench.privacy_corpus", "--size", "60"],
                             capture_output=True, text=True, env=env, check=True).stdout
        assert out == here
    assert _jsonl(pc.corpus(30)) == here[: len(_jsonl(pc.corpus(30)))]  # a prefix is the same items
    assert _jsonl(pc.corpus(30, seed=14)) != _jsonl(pc.corpus(30))
    assert [pc.Item.from_json(line) for line in here.splitlines()] == pc.corpus(60)


def test_corpus_covers_templates_locales_types_and_lookalikes():
    items = full_corpus()
    assert 400 <= len(items) <= 600
    assert len(pc.TEMPLATES) >= 40 and {it.template for it in items} == {name for name, _, _ in pc.TEMPLATES}
    assert {it.locale for it in items} == set(pc.LOCALES)
    assert {it.category for it in items} == set(pc.CATEGORIES)
    types = Counter(u.type for it in items for u in it.units)
    assert set(types) == set(pc.TYPES) and min(types.values()) >= 5
    clean = [it for it in items if not it.units]
    assert len(clean) >= 40  # look-alike-only requests, where anything replaced is over-redaction
    text = "".join(it.text for it in items)
    for lookalike in ("2019-2022", "Chrome/110.0.0.0", "1-800-642-7676", "https://docs.python.org/", "/home/"):
        assert lookalike in text
    names = [u.value for it in items for u in it.units if u.type == "PERSON"]
    assert any(n.islower() for n in names) and any(n.isupper() for n in names)


def test_spans_index_the_exact_values_and_nothing_else_holds_them():
    for it in full_corpus():
        assert normalize(it.text) == it.text  # spans index the text sanitize scans
        ends = 0
        for u in sorted(it.units, key=lambda u: u.start):
            assert it.text[u.start : u.end] == u.value and u.value.strip() == u.value
            assert u.type in pc.TYPES and u.start >= ends
            ends = u.end
        # With every labelled span replaced, no value is left anywhere: a value found in output is a real leak.
        masked, pos = [], 0
        for u in sorted(it.units, key=lambda u: u.start):
            masked += [it.text[pos : u.start], "<X_1>"]
            pos = u.end
        masked_text = "".join([*masked, it.text[pos:]])
        assert not [u.value for u in it.units if pe.leaked(u.value, masked_text)], it.id


def test_leaked_ignores_case_and_whitespace_but_not_word_boundaries():
    assert pe.leaked("Anna Schmidt", "hi ANNA\n  schmidt, thanks")
    assert pe.leaked("jdoe", 'File "/home/jdoe/src/app.py"')
    assert pe.leaked("+)$Wgq57!31", "password=+)$Wgq57!31")
    assert not pe.leaked("Anna", "Annabel and <PERSON_1>")
    assert not pe.leaked("Anna Schmidt", "<PERSON_1> Schmidt")


def test_scorer_counts_a_leak_when_the_value_survives_and_none_when_replaced():
    items = [it for it in full_corpus()[:60] if any(u.type == "PERSON" for u in it.units)]
    all_but_people = {it.text: [(u.start, u.end) for u in it.units if u.type != "PERSON"] for it in items}
    report = pe.evaluate(items, [Oracle(all_but_people)], "redact")
    people = report["by_type"].pop("PERSON")
    assert people["leak_rate"] == 1.0 and people["units"] > 20
    assert all(row["leaked"] == 0 for row in report["by_type"].values())
    assert report["leaked"] == people["leaked"] and report["over_redaction"] == 0.0

    nothing = pe.evaluate(items, [], "redact")
    assert nothing["leak_rate"] == 1.0 and nothing["over_redaction"] == 0.0
    assert nothing["strict_refusals"] == 0.0 and nothing["detectors"] == []


def test_over_redaction_counts_only_non_private_characters():
    assert pe.over_redacted(20, [(5, 10)], [(3, 12)]) == (4, 15)
    assert pe.over_redacted(20, [(5, 10)], [(5, 10)]) == (0, 15)
    it = next(it for it in full_corpus() if len(it.units) >= 2 and it.units[0].start >= 10)
    u = it.units[0]
    spans = [(x.start, x.end) for x in it.units[1:]] + [(u.start - 3, u.end), (0, 7)]
    report = pe.evaluate([it], [Oracle({it.text: spans})], "redact")
    private = len({i for x in it.units for i in range(x.start, x.end)})
    assert report["nonprivate_chars"] == len(it.text) - private
    assert report["over_redacted_chars"] == 3 + 7 and report["leaked"] == 0


class FlagsAfterSubstitution:
    """Finds something in any text that holds a placeholder: an artefact of substitution, which strict ignores."""

    name = "after-substitution"

    def detect(self, text: str) -> list[Span]:
        return [Span(0, 1, "X", self.name)] if "<X_" in text else []


class SeesSurnameAfterSubstitution:
    """Reads context: sees a lone "Rossi" as a name only once a placeholder stands before it, as NER may."""

    name = "surname-in-context"

    def detect(self, text: str) -> list[Span]:
        at = text.rfind("Rossi")
        return [Span(at, at + 5, "PERSON", self.name)] if "<X_" in text and at >= 0 else []


def _item(text: str, *values: str) -> pc.Item:
    units = tuple(pc.Unit(text.index(v), text.index(v) + len(v), "PERSON", v) for v in values)
    return pc.Item("t", "en_US", "mail", "test", text, units)


def test_strict_refusals_send_nothing_and_are_counted():
    items = list(full_corpus()[:40])
    oracle = Oracle({it.text: [(u.start, u.end) for u in it.units] for it in items})
    report = pe.evaluate(items, [oracle, FlagsAfterSubstitution()], "strict")
    assert report["strict_refused"] == 0 and report["leaked"] == 0  # artefacts next to placeholders are not refused

    leftover = _item("Maria Rossi called. Later Rossi asked for the file.", "Maria Rossi")
    clean = _item("Maria Rossi called about the file.", "Maria Rossi")
    oracle = Oracle({it.text: [(u.start, u.end) for u in it.units] for it in (leftover, clean)})
    report = pe.evaluate([leftover, clean], [oracle, SeesSurnameAfterSubstitution()], "strict")
    # The lone surname is a word of a replaced name: that request is refused (and sends nothing); the other is sent.
    assert report["strict_refused"] == 1 and report["strict_refusals"] == 0.5 and report["leaked"] == 0
    assert pe.evaluate([leftover], [oracle], "redact")["strict_refused"] == 0


def test_cli_prints_the_fields_as_json():
    out = subprocess.run([sys.executable, "-m", "edgeagent.bench.privacy_eval", "--corpus", "faker", "--limit", "20",
                          "--json"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["items"] == 20 and report["mode"] == "redact" and report["detectors"]
    for key in ("leak_rate", "over_redaction", "strict_refusals", "throughput_kb_s", "corpus_sha256"):
        assert key in report
    assert 0 < report["units"] == sum(row["units"] for row in report["by_type"].values())
    assert report["throughput_kb_s"] > 0 and set(report["goals_met"]) == set(pe.GOALS)


def test_detectors_by_dotted_path():
    hooks = pe.load_detectors("none, tests.bench.test_privacy_eval:FlagsAfterSubstitution")
    assert [d.name for d in hooks] == ["after-substitution"]
    with pytest.raises(ValueError, match="Counter.*not a detector"):
        pe.load_detectors("tests.bench.test_privacy_eval:Counter")
    with pytest.raises(ValueError, match="TypeError"):
        pe.load_detectors("tests.bench.test_privacy_eval:_jsonl")


def test_cli_text_report_and_bad_input(capsys):
    pe.main(["--corpus", "faker", "--detectors", "none", "--limit", "5", "--mode", "strict"])
    out = capsys.readouterr().out
    assert "unit leak 100.0%" in out and "strict refusals 0.0%" in out and "detectors: (none)" in out
    for argv in (["--limit", "0"], ["--detectors", "no_such_module:Thing"]):
        with pytest.raises(SystemExit) as exit_info:
            pe.main(argv)
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and "error:" in err.strip().splitlines()[-1]


def test_the_hand_written_set_loads_with_every_unit_where_its_text_holds_it(tmp_path):
    items = pe.real_corpus()
    assert len(items) >= 100 and len({it.id for it in items}) == len(items)
    assert len({it.locale for it in items}) >= 5 and any(not it.units for it in items)  # over-redaction needs some
    dev, test = pe.real_corpus(split="dev"), pe.real_corpus(split="test")
    assert {it.id for it in dev} | {it.id for it in test} == {it.id for it in items} and not set(dev) & set(test)
    assert abs(len(dev) - len(test)) <= 2
    for it in items:
        assert all(it.text[u.start:u.end] == u.value for u in it.units), it.id
    bad = tmp_path / "items.jsonl"
    bad.write_text(json.dumps({"id": "x-1", "locale": "en", "category": "chat", "text": "call marta",
                               "units": [{"type": "PERSON", "value": "Marta"}]}) + "\n")
    with pytest.raises(BadInput, match="x-1: 'Marta' is not in its text"):
        pe.real_corpus(bad)
    twice = tmp_path / "twice.jsonl"
    twice.write_text(json.dumps({"id": "x-2", "locale": "en", "category": "chat", "text": "marta said marta",
                                 "units": [{"type": "PERSON", "value": "marta"}]}) + "\n")
    (only,) = pe.real_corpus(twice)
    assert [(u.start, u.end) for u in only.units] == [(0, 5), (11, 16)]


def test_both_corpora_side_by_side(capsys):
    pe.main(["--detectors", "none", "--limit", "4"])
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "faker" in line)
    assert "real" in header and "unit leak" in out and "real: goals" in out and "faker: goals" in out
    pe.main(["--detectors", "none", "--limit", "4", "--json"])
    both = json.loads(capsys.readouterr().out)
    assert set(both) == {"faker", "real"} and both["real"]["items"] == 4 and both["real"]["leak_rate"] == 1.0


def test_patterns_is_the_default_set_without_the_entity_model():
    patterns = {d.name for d in pe.load_detectors("patterns")}
    assert "spacy-ner" not in patterns and patterns <= {d.name for d in pe.load_detectors("default")}
    assert {"presidio", "detect-secrets"} & patterns


def test_default_runs_the_entity_model_and_says_when_it_cannot(home, spacy_model, tmp_path, monkeypatch, capsys):
    pe.main(["--corpus", "real", "--limit", "3", "--json"])  # prepared: `default` is what `redact` runs
    assert "spacy-ner" in json.loads(capsys.readouterr().out)["detectors"]
    from edgeagent.export import ner_model

    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "bare-models"))  # a fresh install, offline a moment ago
    ner_model.model_dir().parent.mkdir(parents=True)
    (ner_model.model_dir().parent / ".first-use-failed").write_text("could not fetch the entity model (offline?)\n")
    pe.main(["--corpus", "real", "--limit", "3", "--json"])
    out, err = capsys.readouterr()
    assert "spacy-ner" not in json.loads(out)["detectors"]
    assert "warning: no entity model (could not fetch" in err and "patterns only" in err
    pe.main(["--corpus", "real", "--limit", "3", "--detectors", "patterns", "--json"])  # asked for: no warning
    assert "warning" not in capsys.readouterr().err
