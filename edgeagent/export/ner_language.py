"""The English entity model's two blind spots, corrected with the text's language (edgeagent/export/detect/language.py).

- On other languages it takes ordinary words for names: German nouns ("Rechnung"), sentence openings ("Qualquer
  coisa"), lower-case phrases ("tu peux"). `without_native_words` cuts the text language's own common words out of
  its spans.
- On English it misses names typed in lower case ("reply to marta", "my vodafone bill"). `lowercase_names` runs it
  again with rare lower-case words capitalised, and keeps the entities made of those words.

Measured on the realistic set's dev half (bench/privacy_real), see docs/privacy.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from edgeagent.export.detect.language import zipf
from edgeagent.export.detect.people import CLOSING_WORDS, GREETING_WORDS
from edgeagent.export.detect.spans import Span

COMMON_ZIPF = 3.0  # a word at least this frequent in the text's language (once per million words) is an ordinary one
RARE_ZIPF = 3.6  # a lower-case English word below this, and not in the lexicon, may be a name typed in lower case
_LETTERS_RE = re.compile(r"[^\W\d_]+")
# A lower-case word on its own: not part of a path, address, identifier or handle.
_LOWER_WORD_RE = re.compile(r"(?<![\w@./\\-])[a-z][a-z'’\-]{2,}(?![\w@/\\])")


def without_native_words(text: str, spans: Sequence[Span], lang: str) -> list[Span]:
    """`spans` with the words of `lang` that are not names cut out, each span split into the runs left: a lower-case
    common word, or a common word opening a sentence. German capitalises every noun and its surnames are its nouns'
    frequency ("Hofmann" 3.9, "Gruß" 4.0), so there only those two rules apply and capitalised nouns stay."""
    out = []
    for span in spans:
        words = list(_LETTERS_RE.finditer(text, span.start, span.end))
        native = [_native(m.group(), lang, text, m.start()) for m in words]
        if not any(native):
            out.append(span)
            continue
        run: tuple[int, int] | None = None
        for m, is_native in zip(words, native):
            if is_native:
                if run:
                    out.append(Span(run[0], run[1], span.kind, span.source))
                run = None
            else:
                run = (run[0], m.end()) if run else m.span()
        if run:
            out.append(Span(run[0], run[1], span.kind, span.source))
    return out


def _native(word: str, lang: str, text: str, at: int) -> bool:
    if zipf(word, lang) < COMMON_ZIPF:
        return False
    return word.islower() or _opens_sentence(text, at)


def _opens_sentence(text: str, at: int) -> bool:
    """The word at `at` starts the text, a line or a sentence, and is not a name called out ("Bartek, ...", but
    "Salut, ..." is a greeting and "Gruß, ..." a sign-off)."""
    before = text[:at].rstrip(" \t\"'«(¡¿")
    if before and before[-1] not in "\n.!?":
        return False
    first = text[at:].split(None, 1)[0] if text[at:].strip() else ""
    called = first.rstrip(",")
    return not first.endswith(",") or called.casefold() in GREETING_WORDS or called.lower() in CLOSING_WORDS


def lowercase_names(text: str, nlp: Any, lexicon: frozenset[str], held: Sequence[tuple[int, int]],
                    keep: Callable[[str, Any, list[tuple[int, int]]], list[tuple[int, int, str]]]
                    ) -> list[tuple[int, int, str]]:
    """(start, end, label) of entities the pipeline `nlp` finds once the rare lower-case words of `text` are
    capitalised, made only of such words (capitalised names are the first pass's). Only the lines holding such words
    are read again, each on its own (the casing changes, the offsets do not). `keep(line, doc, held)` turns a line's
    document into the (start, end, label) spans the caller would keep from it, `held` the placeholders in the line."""
    rare = {m.span() for m in _LOWER_WORD_RE.finditer(text)
            if m.group() not in lexicon and zipf(m.group(), "en") < RARE_ZIPF}
    if not rare:
        return []
    chars = list(text)
    for start, _ in rare:
        chars[start] = chars[start].upper()
    cased = "".join(chars)
    lines = sorted({_line(text, start) for start, _ in rare})
    found = []
    for (lo, hi), doc in zip(lines, nlp.pipe(cased[lo:hi] for lo, hi in lines)):
        inside = [(a - lo, b - lo) for a, b in held if lo <= a and b <= hi]
        for a, b, label in keep(cased[lo:hi], doc, inside):
            words = [m.span() for m in _LETTERS_RE.finditer(text, lo + a, lo + b)]
            if words and all(w in rare for w in words):
                found.append((lo + a, lo + b, label))
    return found


def _line(text: str, at: int) -> tuple[int, int]:
    """The line of `text` holding offset `at`, without its line break."""
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end
