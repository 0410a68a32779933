"""What outgoing text reads as once common encodings are undone, with each decoded character mapped back to the
characters it was written with: the detectors read the decoded view, and the encoded form is what gets replaced.

A cloud model reads `Project%20Bluebird`, `&#80;&#114;…`, `Proj\\u0065ct` or `priya\\u0040acme.com` as plainly as
the decoded text, so a payload must never be more readable to the cloud than to the detectors. Decoded: percent
escapes (UTF-8, else Latin-1), HTML entities (named, decimal, hex), and JSON/Python escapes (\\uXXXX with surrogate
pairs, \\UXXXXXXXX, \\xXX, \\N{NAME}, \\n \\t \\" and the like, with any number of backslashes: escaped twice is
still read). Layers (an entity inside a percent escape) are undone by repeating the pass.
"""

from __future__ import annotations

import codecs
import html
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from edgeagent.export.detect.spans import Detector, Span, detect
from edgeagent.export.normalize import normalize

MAX_ROUNDS = 4  # layers undone; each round is one regex pass, and real text rarely nests more than twice
# Escapes whose presence makes a decoded view worth building (and detecting in): a lone \n or \" reads the same.
_SIGNIFICANT_RE = re.compile(
    r"%[0-9A-Fa-f]{2}|&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?"
    r"|\\+(?:u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|N\{[^{}\n]{1,80}\})"
)
_TOKEN_RE = re.compile(
    r"(?P<pct>%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*)"
    r"|(?P<ent>&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?)"
    r"|\\+(?:u(?P<hi>[dD][89abAB][0-9A-Fa-f]{2})\\+u(?P<lo>[dD][c-fC-F][0-9A-Fa-f]{2})"
    r"|u(?P<u>[0-9A-Fa-f]{4})|U(?P<big>[0-9A-Fa-f]{8})|x(?P<x>[0-9A-Fa-f]{2})|N\{(?P<name>[^{}\n]{1,80})\}"
    r"|(?P<simple>[nrtfv\"'/]))"
)
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "f": "\f", "v": "\v", '"': '"', "'": "'", "/": "/"}


@dataclass(frozen=True)
class Decoded:
    """`text` with `starts[i]`/`ends[i]`: the range of the original text that decoded character i came from."""

    text: str
    starts: list[int]
    ends: list[int]

    def original(self, span: Span) -> Span:
        """`span` of the decoded text as the span of the original text it was written with."""
        return Span(self.starts[span.start], self.ends[span.end - 1], span.kind, span.source, span.score)


def decoded(text: str) -> Decoded | None:
    """The decoded view of `text`, or None when it holds no encoding worth undoing (then `text` reads as itself)."""
    if not _SIGNIFICANT_RE.search(text):
        return None
    view: Decoded | None = None
    current = text
    for _ in range(MAX_ROUNDS):
        step = _one_round(current)
        if step is None:
            break
        view = step if view is None else _compose(view, step)
        current = step.text
        if not _SIGNIFICANT_RE.search(current):
            break
    return view


def detect_decoded(text: str, detectors: Sequence[Detector], view: Decoded | None = None) -> list[Span]:
    """What `detectors` find in the decoded view of `text`, as spans of `text` (the encoded form); [] without one."""
    view = view if view is not None else decoded(text)
    if view is None:
        return []
    return [view.original(s) for s in detect(view.text, detectors)]


def _one_round(text: str) -> Decoded | None:
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos, changed = 0, False

    def emit(chars: str, start: int, end: int) -> None:
        for ch in chars:
            out.append(ch)
            starts.append(start)
            ends.append(end)

    for m in _TOKEN_RE.finditer(text):
        for i in range(pos, m.start()):
            emit(text[i], i, i + 1)
        pieces = _decode_token(m)
        if pieces is None:
            for i in range(m.start(), m.end()):
                emit(text[i], i, i + 1)
        else:
            changed = True
            for chars, lo, hi in pieces:
                emit(_readable(chars), m.start() + lo, m.start() + hi)
        pos = m.end()
    if not changed:
        return None
    for i in range(pos, len(text)):
        emit(text[i], i, i + 1)
    return Decoded("".join(out), starts, ends)


def _decode_token(m: re.Match[str]) -> list[tuple[str, int, int]] | None:
    """(characters, start, end within the token) for what the token decodes to; None when it is not an escape."""
    whole = (0, m.end() - m.start())
    if m.group("pct"):
        return _percent(m.group("pct"))
    if m.group("ent"):
        text = html.unescape(m.group("ent"))
        return None if text == m.group("ent") else [(text, *whole)]
    if m.group("hi"):
        code = 0x10000 + ((int(m.group("hi"), 16) - 0xD800) << 10) + (int(m.group("lo"), 16) - 0xDC00)
        return [(chr(code), *whole)]
    hex_code = m.group("u") or m.group("x") or m.group("big")
    if hex_code:
        code = int(hex_code, 16)
        return [(chr(code) if code <= 0x10FFFF else "\ufffd", *whole)]
    if m.group("name"):
        try:
            return [(unicodedata.lookup(m.group("name")), *whole)]
        except KeyError:
            return None
    return [(_SIMPLE[m.group("simple")], *whole)]


def _percent(run: str) -> list[tuple[str, int, int]]:
    """A run of %XX escapes as UTF-8 (each character mapped to its own bytes' escapes), else as Latin-1."""
    data = bytes(int(run[i + 1 : i + 3], 16) for i in range(0, len(run), 3))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return [(chr(b), 3 * j, 3 * j + 3) for j, b in enumerate(data)]
    decoder = codecs.getincrementaldecoder("utf-8")()
    pieces, first = [], 0
    for j, b in enumerate(data):
        chars = decoder.decode(bytes([b]))
        if chars:
            pieces.append((chars, 3 * first, 3 * j + 3))
            first = j + 1
    return pieces


def _readable(chars: str) -> str:
    # As the payload itself is normalised: a decoded no-break space is a space, a lone surrogate unreadable.
    chars = "".join(ch if not 0xD800 <= ord(ch) <= 0xDFFF else "\ufffd" for ch in chars)
    return normalize(chars)


def _compose(first: Decoded, second: Decoded) -> Decoded:
    """`second` (a view of `first.text`) as a view of the text `first` was made from."""
    return Decoded(second.text, [first.starts[s] for s in second.starts], [first.ends[e - 1] for e in second.ends])

