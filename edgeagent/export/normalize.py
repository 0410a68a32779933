"""Outgoing text is read normalised: what is sent must normalise to exactly the text the detectors checked.

Without it a zero-width space or soft hyphen inside an e-mail, fullwidth digits in a card number, or Arabic-Indic
digits in a phone number hide the value from every pattern, and the cloud still reads it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from array import array

_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]+")
# Unicode hyphens and dashes between digits ("555\u20110199") read as "-" to the number patterns, so they are sent so.
_DASH_IN_NUMBER_RE = re.compile(r"(?<=\d)[\u2010-\u2015\u2212]+(?=\d)")


def normalize(text: str) -> str:
    """Drop format characters (category Cf: zero-width, soft hyphen, bidi marks, tags), apply NFKC, write every
    decimal digit as an ASCII digit and a dash between digits as "-". ASCII text is returned as it is."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", _NON_ASCII_RE.sub(lambda m: _without_format(m.group()), text))
    text = _NON_ASCII_RE.sub(lambda m: _ascii_digits(m.group()), text)  # NFKC never makes a Cf character
    return _DASH_IN_NUMBER_RE.sub("-", text)


def _without_format(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _ascii_digits(text: str) -> str:
    # NFKC folds fullwidth and mathematical digits but keeps other scripts' (٤١١١ stays), which patterns miss.
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in text)


@functools.lru_cache(maxsize=128)  # an exporter re-sends a run's earlier turns at every call
def origins(text: str) -> tuple[array, array] | None:
    """For each character of `normalize(text)`, where in `text` the run it came from starts and ends.

    A run is one character with the combining marks and format characters after it, so "e\u0301" or "４" maps as a
    whole. None where normalising run by run does not give `normalize(text)` (then only the normalised text can be
    sent). Lets an export send the user's own characters around what it replaces ("：", "x²", "①")."""
    starts: list[int] = []
    ends: list[int] = []
    parts: list[str] = []
    pos = 0

    def keep(a: int, b: int) -> None:  # ASCII, as it is
        parts.append(text[a:b])
        starts.extend(range(a, b))
        ends.extend(range(a + 1, b + 1))

    for m in _NON_ASCII_RE.finditer(text):
        a = m.start() - 1 if m.start() > pos and _joins(text[m.start()]) else m.start()
        keep(pos, a)
        run_start = a
        for i in range(a + 1, m.end() + 1):
            if i == m.end() or not _joins(text[i]):
                piece = _ascii_digits(unicodedata.normalize("NFKC", _without_format(text[run_start:i])))
                parts.append(piece)
                starts.extend([run_start] * len(piece))
                ends.extend([i] * len(piece))
                run_start = i
        pos = m.end()
    keep(pos, len(text))
    joined = "".join(parts)
    out, s2, e2, at = [], [], [], 0
    for m in _DASH_IN_NUMBER_RE.finditer(joined):
        out.append(joined[at : m.start()] + "-")
        s2 += [*starts[at : m.start()], starts[m.start()]]
        e2 += [*ends[at : m.start()], ends[m.end() - 1]]
        at = m.end()
    out.append(joined[at:])
    s2 += starts[at:]
    e2 += ends[at:]
    return (array("L", s2), array("L", e2)) if "".join(out) == normalize(text) else None


def _joins(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "M" or unicodedata.category(ch) == "Cf"
