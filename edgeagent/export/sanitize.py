"""One call from raw context to what may leave the device: detect, substitute, and (strict) re-check."""

from __future__ import annotations

import bisect
import functools
import re
import weakref
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass

from edgeagent.config import MIN_DECLARED_LEN
from edgeagent.export.decode import Decoded, decoded, detect_decoded
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector, Span, detect, merge_spans
from edgeagent.export.normalize import normalize, origins
from edgeagent.export.placeholders import LITERAL, PLACEHOLDER_RE, PlaceholderRegistry
from edgeagent.export.spaced import detect_spaced

MODES = ("off", "redact", "strict")


@dataclass
class Sanitized:
    """Result of `sanitize`. `spans` index into the normalised input; `residual` spans into `text` (the output)."""

    text: str
    placeholders: list[str]
    spans: list[Span]
    residual: list[Span]

    @property
    def refused(self) -> bool:
        """Strict mode found something sensitive even after substitution: the caller must not send `text`."""
        return bool(self.residual)


def sanitize(text: str, mode: str, detectors: Sequence[Detector], registry: PlaceholderRegistry,
             extra: Sequence[Span] = (), memo: MutableMapping[tuple, list[Span]] | None = None) -> Sanitized:
    """Normalise `text` (see `normalize`), detect sensitive spans and replace them with placeholders from `registry`.

    Detection reads the text and its decoded view (`decode`: percent escapes, HTML entities, JSON/Python escapes),
    in every mode; what the view finds is replaced in its encoded form. `extra`: spans of the normalised text found
    elsewhere (the exporter's look at the whole payload), replaced as the detectors' are. `memo`: what the detectors
    found in a text, kept by a caller whose detectors do not change (an exporter re-sends a run's earlier turns).

    off: only declared secrets are substituted (they never leave, in any mode); every span is still reported.
    redact: substitute every span, and every value `registry` replaced before, wherever it turns up again (in any
    case, with any separators). strict: the same, then re-check what is left (see `_residual`): whatever private is
    still there is residual, and the caller must not send the text.
    """
    if mode not in MODES:
        raise ValueError(f"unknown export mode {mode!r}: expected one of {', '.join(MODES)}")
    original, text = text, normalize(text)
    view = decoded(text)
    key = (text, tuple(extra))
    known = memo.get(key) if memo is not None else None
    spans = list(known) if known is not None else _detected(text, view, detectors, extra)
    if memo is not None and known is None:
        memo[key] = list(spans)
    if mode == "off":
        declared = _replaced_spans(text, view, "off", spans, registry)
        out, used = registry.substitute(text, declared) if declared else (text, [])
        return Sanitized(_as_written(original, text, out, declared, registry), used, spans, [])
    replaced = _replaced_spans(text, view, mode, spans, registry)
    out, used = registry.substitute(text, replaced)
    residual = _residual(out, detectors, registry) if mode == "strict" else []
    sent = out if residual else _as_written(original, text, out, replaced, registry)
    return Sanitized(sent, used, spans, residual)


def _as_written(original: str, text: str, out: str, spans: list[Span], registry: PlaceholderRegistry) -> str:
    """`out` with the user's own characters where `text` (normalised `original`) kept them: "：", "x²", "①".

    Only where the result, normalised, is `out` itself, so what the detectors checked is still what is sent."""
    if text == original:
        return out
    mapped = origins(original)
    if mapped is None:
        return out
    starts, ends = mapped
    pieces, pos = [], 0
    for span in merge_spans(spans):
        a, b = starts[span.start], ends[span.end - 1]
        if a < pos:  # two spans in one character's run
            return out
        pieces += [_gap(original[pos:a], registry), registry.placeholder_for(text[span.start:span.end], span.kind)]
        pos = b
    written = "".join([*pieces, _gap(original[pos:], registry)])
    return written if normalize(written) == out else out


def _gap(text: str, registry: PlaceholderRegistry) -> str:
    return registry.substitute(text, [])[0]  # placeholder-shaped text in it is replaced, as in `out`


def private_spans(text: str, mode: str, detectors: Sequence[Detector], registry: PlaceholderRegistry,
                  extra: Sequence[Span] = ()) -> list[Span]:
    """The spans of normalised `text` that `sanitize` replaces in `mode`; the registry is read, never added to."""
    view = decoded(text)
    return _replaced_spans(text, view, mode, _detected(text, view, detectors, extra), registry)


def _detected(text: str, view: Decoded | None, detectors: Sequence[Detector], extra: Sequence[Span]) -> list[Span]:
    return merge_spans([*detect(text, detectors), *detect_decoded(text, detectors, view), *detect_spaced(text, detectors),
                        *extra])


def _replaced_spans(text: str, view: Decoded | None, mode: str, spans: list[Span],
                    registry: PlaceholderRegistry) -> list[Span]:
    if mode == "off":  # declared secrets never leave, in any mode
        return [span for span in spans if span.source == DeclaredSecrets.name]
    # What the registry already knows to be private (earlier in this run) is replaced wherever it turns up again.
    return merge_spans([*spans, *_found_again_decoded(text, view, _replaced(registry)[0], [])])


def _residual(out: str, detectors: Sequence[Detector], registry: PlaceholderRegistry) -> list[Span]:
    """What is private in `out` after substitution: (a) any value the registry replaced, found again outside our
    placeholders in another spelling (case, separators, digits alone: "PriyaRaman", "415.555.0132");
    (b) what the detectors find on a second pass that is such a value, or a word of one ("Hopkins" left over from
    "Johns Hopkins"). Not: what a context-reading detector newly sees in the text around placeholders
    ("<PERSON_1>'s Hopkins east baltimore campus"), which substitution made and which the first pass had not found.
    """
    # A placeholder's own letters can match a declared value ("ecre" in "<SECRET_1>"); that is not a leak.
    issued = [m.span() for m in PLACEHOLDER_RE.finditer(out) if registry.value(m.group(0)) is not None]
    starts = [s for s, _ in issued]
    squashed, words = _replaced(registry)
    view = decoded(out)
    found = _found_again_decoded(out, view, squashed, issued)
    for span in merge_spans([*detect(out, detectors), *detect_decoded(out, detectors, view), *detect_spaced(out, detectors)]):
        if _touches(span, issued, starts):
            continue  # an artefact of substitution: it reads our placeholder as part of a name
        seen = " ".join(_WORD_RE.findall(span.text(out).casefold()))
        if seen and (seen in words or any(w in words for w in seen.split())):
            found.append(span)
    return [span for span in found if not _inside(span, issued, starts)]


_WORD_RE = re.compile(r"[^\W_]+")
_NAME_RE = re.compile(r"[^\W\d_]+(?:[\s'’.\-]+[^\W\d_]+)*")  # a name-like value: words of letters
_replaced_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _replaced(registry: PlaceholderRegistry) -> tuple[dict[str, str], frozenset[str]]:
    """The registry's values squashed to their case-folded letters and digits (those with 4 or more: shorter ones
    would turn up inside ordinary words) -> kind, and the case-folded name-like values and their words of 3+
    letters; rebuilt only when the registry has grown."""
    cached = _replaced_cache.get(registry)
    if cached is not None and cached[0] == len(registry):
        return cached[1], cached[2]
    entries = [(value, kind) for _, kind, value in registry.entries() if kind != LITERAL]
    squashed: dict[str, str] = {}
    words: set[str] = set()
    for value, kind in entries:
        key = "".join(_WORD_RE.findall(value.casefold()))
        if len(key) >= MIN_DECLARED_LEN:
            squashed.setdefault(key, kind)
        if _NAME_RE.fullmatch(value):  # words of e-mails, URLs and keys ("com", "https") are no one's name
            folded = _WORD_RE.findall(value.casefold())
            words.add(" ".join(folded))
            words.update(w for w in folded if len(w) >= 3)
    _replaced_cache[registry] = (len(registry), squashed, frozenset(words))
    return squashed, frozenset(words)


def _found_again(out: str, squashed: dict[str, str], issued: list[tuple[int, int]]) -> list[Span]:
    """Where a squashed value occurs in `out` outside placeholders, spelled with any case and separators, as whole
    words. One C-speed pass squashes the text; only values found in it are then located with a regex."""
    if not squashed:
        return []
    flat = _SQUASH_RE.sub("", PLACEHOLDER_RE.sub("\0", out)).casefold()  # "\0": no match runs across a placeholder
    spans = []
    for key in [k for k in squashed if k in flat]:
        for m in _spelling(key).finditer(out):
            span = Span(m.start(), m.end(), squashed[key], "strict")
            if _whole_words(out, span) and not any(s < span.end and span.start < e for s, e in issued):
                spans.append(span)
    return spans


def _found_again_decoded(text: str, view: Decoded | None, squashed: dict[str, str],
                         issued: list[tuple[int, int]]) -> list[Span]:
    """`_found_again` in `text` and in its decoded view (mapped back to `text`)."""
    found = _found_again(text, squashed, issued)
    if view is not None:
        for span in _found_again(view.text, squashed, []):
            mapped = view.original(span)
            if not any(s < mapped.end and mapped.start < e for s, e in issued):
                found.append(mapped)
    return found


_SQUASH_RE = re.compile(r"[^\w\x00]+|_+")


@functools.lru_cache(maxsize=4096)
def _spelling(key: str) -> re.Pattern[str]:
    """A squashed value's letters and digits in order, any case, with any other characters between them."""
    return re.compile(r"[\W_]*".join(map(re.escape, key)), re.IGNORECASE)


def _whole_words(text: str, span: Span) -> bool:
    """A value found again as itself, not inside a longer word ("Apple" in "pineapple" is not "Apple")."""
    before, after = text[span.start - 1 : span.start], text[span.end : span.end + 1]
    inner = text[span.start : span.end]
    return not (before.isalnum() and inner[:1].isalnum()) and not (after.isalnum() and inner[-1:].isalnum())


def _touches(span: Span, issued: list[tuple[int, int]], starts: list[int]) -> bool:
    i = bisect.bisect_right(starts, span.end)
    return any(s <= span.end and span.start <= e for s, e in issued[max(0, i - 2) : i + 1])


def _inside(span: Span, issued: list[tuple[int, int]], starts: list[int]) -> bool:
    i = bisect.bisect_right(starts, span.start) - 1
    return i >= 0 and issued[i][1] >= span.end
