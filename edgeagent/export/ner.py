"""Names of people, organisations and places, found by spaCy's entity recognizer on the device.

The pipeline comes from `edgeagent models prepare en-core-web-sm` (see edgeagent/ner_model.py); `entity_detectors()`
adds it to the export layer's detectors once that folder exists. spaCy is imported, and the pipeline loaded, on the
first `detect`, once per process.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from edgeagent.export.detect.language import CALENDAR_WORDS, language_of
from edgeagent.export.detect.spans import Detector, Span
from edgeagent.export.ner_language import lowercase_names, without_native_words
from edgeagent.export.placeholders import PLACEHOLDER_RE

# OntoNotes labels -> placeholder kinds. NORP (nationalities, religions, parties), dates, money and numbers stay:
# they rarely single a person out, and replacing them would cost the cloud most of a request's meaning.
ENTITY_KINDS: Mapping[str, str] = {"PERSON": "PERSON", "ORG": "ORG", "GPE": "LOCATION", "LOC": "LOCATION",
                                   "FAC": "LOCATION"}
# The small English pipeline's ner has its own tok2vec; the tagger (with the shared tok2vec) tells "Mark your
# calendar" (VB) from "Mark says" (NNP) at an entity's edges, for ~1.6x the CPU of ner alone. The rest stays unloaded.
UNUSED_COMPONENTS = ("parser", "senter", "attribute_ruler", "lemmatizer")
# Not read from disk either: the tokenizer spaCy builds from its English defaults, which the pinned model's saved one
# equals (tests/test_ner_tokenizer.py checks it); reading it again costs ~0.07 s of CPU per process.
NOT_LOADED = (*UNUSED_COMPONENTS, "tokenizer")
# Penn tags an entity's first and last word may have: nouns and foreign words; a verb ("Summarise", "Call
# Microsoft"), adjective ("Automatic") or plural noun ("Versions") at an edge is the model misreading a sentence start.
EDGE_TAGS = frozenset({"NNP", "NNPS", "NN", "FW", "XX"})
CHUNK_CHARS = 10_000  # spaCy's memory grows with a doc's length: long texts go through in pieces of about this size
PIPE_BATCH = 4  # pieces in memory at once (spaCy's default, 1000, would hold a 10 MB text's docs all together)
# What an entity may carry at its edges that is not part of the name: punctuation, a possessive, "the".
_LEAD_RE = re.compile(r"(?:['’]s\b|[\W_]|(?:the|The)\s)+")
_TAIL_RE = re.compile(r"(?:['’]s|[\W_])+$")

_WORD_RE = re.compile(r"\S+")
_GAP_RE = re.compile(r"[ \t,]*")  # what may lie between two words of one name: no line break, quote or bracket
_QUOTES = "\"'“”‘’«»"
_OPENERS, _CLOSERS = _QUOTES + "([{", _QUOTES + ")]},;:!?"
_NAME_WORD_RE = re.compile(r"[^\W\d_]+(?:['’\-.][^\W\d_]+)*\.?|&|-")
_CODE_DOT_RE = re.compile(r"[^\W\d_]{2,}\.[a-z]|[a-z]\.[a-z]{2,}")  # api.trupp.de, o.customer (not S.A., H. Lopez)
_ACRONYM_RE = re.compile(r"[A-Z]{1,5}")
# Capitalised words that stand before or after names in mail without being one.
_NOT_NAMES = frozenset(["dear", "hi", "hello", "hey", "subject", "re", "fwd", "cc", "to", "from", "thanks", "regards",
                        "best", "cheers", "dr", "mr", "mrs", "ms", "prof"])

_LETTERS_RE = re.compile(r"[^\W\d_]+")
# Legal forms that name a company and read as nothing else (no bare SA, SL, BV, ME: too often other things).
_LEGAL_FORMS = (r"GmbH(?: & Co\. KG)?|AG|KG|OHG(?: mbH)?|GbR|e\.V\.|S\.A\.R\.L\.|SARL|S\.A\.S\.|S\.A\.|S\.L\.L\.|"
                r"S\.L\.N\.E\.?|S\.L\.|S\.Coop\.|S\.Com\.|S\.p\.A\.|SpA|SPA|S\.r\.l\.|s\.r\.l\.|Srl|B\.V\.|N\.V\.|"
                r"Inc\.?|Ltd\.?|LLC|LLP|PLC|plc|Corp\.?|Ltda\.?|EIRELI|& Co\.|e figli|& Asociados|& Söhne")
_COMPANY_RE = re.compile(r"(?<![\w.])(?:[A-Z][^\W\d_]*[a-zß-ÿ][^\W\d_]*(?:['’\-][^\W\d_]+)*,? (?:(?:&|and|y|e|et|und|de|da|do|van|von|der) )?)"
                         r"{1,4}(?:" + _LEGAL_FORMS + r")(?![\w])")

_pipelines: dict[Path, Any] = {}
_lexicons: dict[Path, frozenset[str]] = {}
_loading = threading.Lock()


class SpacyEntities:
    """PERSON, ORG and LOCATION spans from a spaCy pipeline folder; placeholders already in the text are not names."""

    name = "spacy-ner"

    def __init__(self, folder: Path, kinds: Mapping[str, str] = ENTITY_KINDS, chunk_chars: int = CHUNK_CHARS,
                 proper_nouns: bool = True, languages: bool = True) -> None:
        self.folder, self.kinds, self.chunk_chars = Path(folder), dict(kinds), chunk_chars
        # languages: a second pass for lower-case names in English text, common words cut from spans in others
        self.proper_nouns, self.languages = proper_nouns, languages

    def detect(self, text: str) -> list[Span]:
        if not any(c.isalpha() for c in text):
            return []
        nlp = pipeline(self.folder)
        pieces = list(chunks(text, self.chunk_chars))
        spans = []
        for (offset, piece), doc in zip(pieces, nlp.pipe((p for _, p in pieces), batch_size=PIPE_BATCH)):
            held = [m.span() for m in PLACEHOLDER_RE.finditer(piece)]
            found = [Span(lo, hi, kind, self.name) for lo, hi, kind in self._names(piece, doc, held)]
            lang = language_of(piece) if self.languages else None
            if lang == "en":
                found += [Span(lo, hi, kind, self.name)
                          for lo, hi, kind in lowercase_names(piece, nlp, lexicon(self.folder), held, self._names)]
            elif lang is not None:
                found = without_native_words(piece, found, lang)
            found = [s for s in found if not _calendar(piece[s.start : s.end])]  # "Montag", "Sat": dates matter
            found += [Span(lo, hi, "ORG", self.name) for lo, hi in company_names(piece, held)]
            spans += [Span(offset + s.start, offset + s.end, s.kind, s.source) for s in found]
        return spans

    def _names(self, piece: str, doc: Any, held: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
        """The model's entities, then the proper nouns it left unlabelled (kind NAME) when `proper_nouns` is on."""
        found = self._entities(piece, doc, held)
        if self.proper_nouns:
            found += [(lo, hi, "NAME") for lo, hi in _unlabelled_names(doc, held, lexicon(self.folder))]
        return found

    def _entities(self, piece: str, doc: Any, held: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
        """(start, end, kind) of the model's entities of a kept label, cut to their name-like, proper-noun parts."""
        found = []
        for ent in doc.ents:
            kind = self.kinds.get(ent.label_)
            if kind is None:
                continue
            tags = [(t.idx, t.idx + len(t), t.tag_) for t in ent]
            for start, end in _outside(ent.start_char, ent.end_char, held):
                for lo, hi in name_runs(piece, start, end):
                    proper = _proper_edges(lo, hi, tags)
                    if proper:
                        found.append((proper[0], proper[1], kind))
        return found


def _calendar(text: str) -> bool:
    """Whether a span holds nothing but days and months ("Montag", "Sat", "Friday 14 March")."""
    words = [w.lower() for w in _LETTERS_RE.findall(text)]
    return bool(words) and all(w in CALENDAR_WORDS for w in words)


def company_names(text: str, held: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Capitalised words ending in a company's legal form ("Hering GbR", "Evrard S.A.R.L.", "Satriani s.r.l."): the
    small model often stops before the form or misses the name; outside placeholders."""
    found = []
    for m in _COMPANY_RE.finditer(text):
        lo, hi = m.span()
        if not any(a < hi and lo < b for a, b in held):
            trimmed = _trim(text, lo, hi)
            if trimmed:
                found.append((trimmed[0], hi if text[hi - 1] == "." else trimmed[1]))
    return found


def _unlabelled_names(doc: Any, held: list[tuple[int, int]], common: frozenset[str]) -> list[tuple[int, int]]:
    """Runs of capitalised words the tagger reads as proper nouns (NNP) outside every entity: names the small
    model did not label ("Dear Stefania Cremonesi"). Left out: a run whose words are all ordinary English words
    (`common`: "Visual Studio", "Mail"), a single word opening a line or sentence, words of greeting."""
    runs: list[list] = []  # [start, end, words, first token]
    prev = None
    for t in doc:
        ok = (t.tag_ in ("NNP", "NNPS") and not t.ent_type_ and t.text[:1].isupper() and not t.text.isupper()
              and _NAME_WORD_RE.fullmatch(t.text) and t.text.rstrip(".").lower() not in _NOT_NAMES
              and not any(lo < t.idx + len(t) and t.idx < hi for lo, hi in held))
        if ok and prev is not None and prev.i == t.i - 1 and _GAP_RE.fullmatch(doc.text, runs[-1][1], t.idx):
            runs[-1][1:3] = [t.idx + len(t), runs[-1][2] + 1]
        elif ok:
            runs.append([t.idx, t.idx + len(t), 1, t])
        prev = t if ok else None
    return [(lo, hi) for lo, hi, words, first in runs if (words > 1 or not _starts_sentence(first))
            and not all(w.lower() in common for w in _LETTERS_RE.findall(doc.text[lo:hi]))]


def _starts_sentence(t: Any) -> bool:
    """First word of the text, of a line, or after . ! ? : (capitalised there whatever it is)."""
    before = t.doc.text[: t.idx].rstrip(" \t")
    return not before or before[-1] in "\n.!?:"


def entity_detectors() -> list[Detector]:
    """The entity detector when its model is prepared (a stat; nothing is imported or loaded here), else none."""
    from edgeagent.export.ner_model import installed

    folder = installed()
    return [SpacyEntities(folder)] if folder is not None else []


def has_entities(detectors: list) -> bool:
    """Whether a detector set finds person, organisation and place names (the entity model ran in it)."""
    return any(isinstance(d, SpacyEntities) for d in detectors)


def detector_summary(detectors: list) -> str:
    """What ran, in words a run, `redact` and `audit` print: the patterns, and the entity model or its absence."""
    if has_entities(detectors):
        return f"{len(detectors)} detectors: patterns and the entity model (names of people, organisations, places)"
    return (f"{len(detectors)} detectors: patterns only, no entity model: names of people, organisations and places "
            "are not found (`edgeagent models prepare en-core-web-sm`)")


def pipeline(folder: Path) -> Any:
    """The loaded spaCy pipeline for `folder`, loaded once per process (its manifest checked first, like a model's)."""
    nlp = _pipelines.get(folder)
    if nlp is not None:
        return nlp
    with _loading:
        if folder not in _pipelines:
            from edgeagent.errors import ModelError
            from edgeagent.models.manifest import check_manifest

            fix = "run `edgeagent models prepare en-core-web-sm --force`"
            try:
                check_manifest(folder)
            except ModelError as e:
                raise ModelError(f"{str(e).split(';')[0]}; {fix}") from None
            from edgeagent.export.gc_pause import gc_paused

            with _without("torch", "transformers"), gc_paused():
                import spacy

                try:
                    with _no_plugin_factories(spacy):
                        _pipelines[folder] = spacy.load(folder, exclude=list(NOT_LOADED))
                except Exception as e:  # noqa: BLE001 - a pipeline spaCy cannot read is one line, not a traceback
                    raise ModelError(f"the entity model at {folder} does not load with spaCy {spacy.__version__} "
                                     f"({type(e).__name__}: {str(e)[:160]}); {fix}") from None
        return _pipelines[folder]


def lexicon(folder: Path) -> frozenset[str]:
    """Ordinary English words: every noun, verb, adjective and adverb of the pipeline's lemmatizer index (WordNet's),
    lower-cased; loaded once per process."""
    words = _lexicons.get(folder)
    if words is None:
        pipeline(folder)  # spaCy imported the way it should be
        from spacy.lookups import Lookups

        index = Lookups().from_disk(folder / "lemmatizer" / "lookups").get_table("lemma_index")
        words = _lexicons[folder] = frozenset(w for pos in ("noun", "verb", "adj", "adv") for w in index.get(pos, ()))
    return words


@contextmanager
def _no_plugin_factories(spacy: Any) -> Iterator[None]:
    """Skip importing every installed package that offers spaCy pipeline components: a new pipeline imports them
    all, and presidio's costs ~1 s of CPU; this pipeline uses only spaCy's own (tok2vec, tagger, ner)."""
    plugins: Any = getattr(spacy.util.registry, "_entry_point_factories", None)
    before = getattr(plugins, "entry_points", None)
    if before is not None:
        plugins.entry_points = False
    try:
        yield
    finally:
        if before is not None:
            plugins.entry_points = before


@contextmanager
def _without(*modules: str) -> Iterator[None]:
    """Hide modules that are installed but unused here: thinc imports torch when it can (~3 s), and anything that
    imports presidio's package whole imports transformers (~8 s)."""
    hidden = [m for m in modules if m not in sys.modules]
    # The ignore: typeshed allows only modules in sys.modules; None makes `import m` fail at once, leaving
    # nothing half-made
    sys.modules.update({m: None for m in hidden})  # type: ignore[misc]
    try:
        yield
    finally:
        for m in hidden:
            sys.modules.pop(m, None)


def chunks(text: str, size: int) -> Iterator[tuple[int, str]]:
    """(offset, piece) covering `text`, each at most `size` chars, cut at a line break or else a space when one
    lies in the piece's second half (a name is rarely split across lines)."""
    pos = 0
    while len(text) - pos > size:
        cut = text.rfind("\n", pos + size // 2, pos + size)
        if cut < 0:
            cut = max(text.rfind(" ", pos + size // 2, pos + size), text.rfind("\t", pos + size // 2, pos + size))
        end = cut + 1 if cut >= 0 else pos + size
        yield pos, text[pos:end]
        pos = end
    if pos < len(text) or not text:
        yield pos, text[pos:]


def _outside(start: int, end: int, held: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of [start, end) outside every placeholder in `held`."""
    parts = []
    for lo, hi in held:
        if hi <= start or lo >= end:
            continue
        if lo > start:
            parts.append((start, lo))
        start = max(start, hi)
    if start < end:
        parts.append((start, end))
    return parts


def name_runs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The parts of an entity at [start, end) that can be a name: runs of words made of letters (with inner ' - . &),
    apart only by spaces and commas, trimmed; a word glued to code (`o.customer_id`, `AppleWebKit/537.36`, `name=`) is left
    out, but a quoted name at its end is kept (`customer="Rodriguez`)."""
    runs: list[tuple[int, int]] = []
    run: tuple[int, int] | None = None
    for m in _WORD_RE.finditer(text, start, end):
        word = _name_part(m.group(), m.start())
        if word is None or (run is not None and not _GAP_RE.fullmatch(text, run[1], word[0])):
            runs += [run] if run else []
            run = None
        if word is not None:
            run = (run[0], word[1]) if run else word
    runs += [run] if run else []
    out = []
    for lo, hi in runs:
        trimmed = _trim(text, lo, hi)
        if trimmed is None:
            continue
        name = text[trimmed[0] : trimmed[1]]
        # A lone lower-case word ("ref", "node") is the model guessing; lower-case names come in twos or next to
        # known ones. A lone acronym of up to 5 capitals (API, CSV, IBAN) is a technical term far more often.
        if not ((name.islower() and " " not in name) or _ACRONYM_RE.fullmatch(name)):
            out.append(trimmed)
    return out


def _proper_edges(lo: int, hi: int, tags: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """[lo, hi) without the words at its edges that the tagger did not read as nouns; None if nothing is left."""
    inside = [(a, b, tag) for a, b, tag in tags if a < hi and b > lo]
    while inside and inside[0][2] not in EDGE_TAGS:
        inside.pop(0)
    while inside and inside[-1][2] not in EDGE_TAGS:
        inside.pop()
    if not inside:
        return None
    return max(lo, inside[0][0]), min(hi, inside[-1][1])


def _name_part(word: str, at: int) -> tuple[int, int] | None:
    """The span of `word` (at offset `at`) that is name-like: the word without its outer quotes, brackets and
    punctuation, or else the part after its last quote (`name="Robert`); None when neither is."""
    lo, hi = len(word) - len(word.lstrip(_OPENERS)), len(word.rstrip(_CLOSERS))
    if lo < hi and _NAME_WORD_RE.fullmatch(word, lo, hi) and not _CODE_DOT_RE.search(word, lo, hi):
        return at + lo, at + hi
    quote = max(word.rfind(q, 0, hi) for q in _QUOTES)
    if 0 <= quote < hi - 1 and _NAME_WORD_RE.fullmatch(word, quote + 1, hi):
        return at + quote + 1, at + hi
    return None


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    """[start, end) without edge punctuation, possessives and a leading "the"; None if no letter is left."""
    piece = text[start:end]
    lead = _LEAD_RE.match(piece)
    lo = lead.end() if lead else 0
    tail = _TAIL_RE.search(piece, lo)
    hi = tail.start() if tail else len(piece)
    if hi <= lo or not any(c.isalpha() for c in piece[lo:hi]):
        return None
    return start + lo, start + hi
