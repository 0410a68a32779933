"""Spans, the `Detector` hook and how overlapping spans from several detectors become one."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

KIND_RE = re.compile(r"[A-Z][A-Z0-9_]*")


@dataclass(frozen=True)
class Span:
    """A half-open range [start, end) of the scanned text that must not leave the device as-is.

    `kind` is the upper-case type used in placeholders (EMAIL, PHONE, CREDIT_CARD, IBAN, IP, SSN, URL, SECRET, or a
    user-declared kind); `source` names the detector ("declared", "presidio", "detect-secrets" or a hook's `name`).
    """

    start: int
    end: int
    kind: str
    source: str
    score: float = 1.0

    def text(self, s: str) -> str:
        return s[self.start : self.end]


@runtime_checkable
class Detector(Protocol):
    """Hook for span detectors: anything with a `name` and a pure `detect(text) -> list[Span]`.

    Contract: offsets index into exactly the `text` passed in; spans may overlap each other (`detect()` merges them);
    `kind` must match [A-Z][A-Z0-9_]* because it becomes part of the placeholder; `source` should be `name`. The call
    must not do I/O (in particular no network) and should be fast: it runs twice per export in strict mode. Spans from
    hooks rank below the built-in sources when overlaps are resolved (see `SOURCE_PRIORITY`).
    """

    name: str

    def detect(self, text: str) -> list[Span]: ...


@runtime_checkable
class Expander(Protocol):
    """A detector that also reads what the others found in the same text, e.g. to find known names again in
    other spellings. `expand` runs after every detector's `detect`; same contract as `Detector.detect`."""

    name: str

    def expand(self, text: str, found: Sequence[Span]) -> list[Span]: ...


# Lower wins when overlapping spans are merged: a user's declaration is the most specific knowledge we have.
SOURCE_PRIORITY = {"declared": 0, "detect-secrets": 1, "provider-keys": 1, "secret-assignments": 1, "presidio": 2,
                   "ids": 2, "hosts": 2, "path-users": 2, "handles": 2, "addresses": 2, "birth-dates": 2, "phones": 2,
                   "phone-extensions": 2, "cards": 2, "mail-names": 2, "logins": 2, "name-fields": 2,
                   "greetings": 2, "chat-speakers": 2, "csv-columns": 2,
                   "known-names": 3}
HOOK_PRIORITY = 3


def detect(text: str, detectors: Sequence[Detector]) -> list[Span]:
    """All spans found by `detectors`, sorted, with overlapping spans merged into one covering their union.

    Detectors that also have `expand(text, found) -> list[Span]` (see `Expander`) then see what the others found
    and add to it. The merged span takes kind/source/score from the best member (declared > detect-secrets >
    presidio and rules > hooks, then longest): covering the union means nothing a detector flagged survives partially.
    """
    found = [s for d in detectors for s in d.detect(text) if 0 <= s.start < s.end <= len(text)]
    for d in detectors:
        if isinstance(d, Expander):
            found += [s for s in d.expand(text, tuple(found)) if 0 <= s.start < s.end <= len(text)]
    trimmed = (without_stray_brackets(text, s) for s in found)
    return merge_spans(s for s in trimmed if s is not None)


# Secrets are replaced whole, whatever they end with: a declared password "hunter2)" must not leak its ")".
WHOLE_SOURCES = frozenset({"declared", "detect-secrets", "provider-keys", "secret-assignments"})
_CLOSING = {")": "(", "]": "[", "}": "{", "”": "“", "’": "‘", "»": "«"}
_OPENING = {v: k for k, v in _CLOSING.items()}
_QUOTES = "\"'`"  # the same character opens and closes
_EDGES = frozenset([*_CLOSING, *_OPENING, *_QUOTES])


def without_stray_brackets(text: str, span: Span) -> Span | None:
    """`span` without a closing bracket or quote at its end whose opening one lies outside it ("+39 347 555 0199)"
    in "(+39 347 555 0199)"), nor an opening one at its start whose closing one does; None if nothing is left."""
    if span.source in WHOLE_SOURCES:
        return span
    start, end = span.start, span.end
    while start < end and (text[start] in _EDGES or text[end - 1] in _EDGES):
        stray = _stray(text, start, end)
        lo = start + 1 if start in stray else start
        hi = end - 1 if end - 1 in stray else end
        if (lo, hi) == (start, end):
            break
        start, end = lo, hi
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
    if start >= end:
        return None
    return span if (start, end) == (span.start, span.end) else Span(start, end, span.kind, span.source, span.score)


def _stray(text: str, start: int, end: int) -> set[int]:
    """Positions in [start, end) of brackets and quotes that have no partner inside it."""
    open_at: list[int] = []
    quote_at: dict[str, int] = {}
    stray: set[int] = set()
    for i in range(start, end):
        c = text[i]
        if c in _OPENING:
            open_at.append(i)
        elif c in _CLOSING:
            if open_at and text[open_at[-1]] == _CLOSING[c]:
                open_at.pop()
            else:
                stray.add(i)
        elif c in _QUOTES:
            if c in quote_at:
                del quote_at[c]
            else:
                quote_at[c] = i
    return stray | set(open_at) | set(quote_at.values())


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """Merge overlapping spans (touching ones stay separate) into sorted, disjoint spans."""
    ordered = sorted(spans, key=lambda s: (s.start, -s.end))
    merged: list[Span] = []
    cluster: list[Span] = []
    end = -1
    for span in ordered:
        if cluster and span.start >= end:
            merged.append(_merge_cluster(cluster, end))
            cluster = []
        cluster.append(span)
        end = max(end, span.end) if len(cluster) > 1 else span.end
    if cluster:
        merged.append(_merge_cluster(cluster, end))
    return merged


def _merge_cluster(cluster: list[Span], end: int) -> Span:
    best = min(cluster, key=lambda s: (SOURCE_PRIORITY.get(s.source, HOOK_PRIORITY), s.start - s.end, s.start))
    start = cluster[0].start
    if best.start == start and best.end == end:
        return best
    return Span(start, end, best.kind, best.source, best.score)


def merge_windows(windows: list[tuple[int, int]], pad: int = 1) -> list[tuple[int, int]]:
    """Windows whose contents (inside `pad` boundary characters) overlap, joined: analysed once, not many times."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(windows):
        if out and lo + pad < out[-1][1] - pad:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out
