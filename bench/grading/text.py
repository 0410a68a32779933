"""Text as a careful grader reads it: case, accents, dashes, quotes and spacing don't matter."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_DASHES = dict.fromkeys(map(ord, "‐‑‒–—―−"), "-")
_QUOTES = {**dict.fromkeys(map(ord, "‘’‚‛′"), "'"), **dict.fromkeys(map(ord, "“”„‟″"), '"')}
_FOLDED = {ord("ß"): "ss", ord("æ"): "ae", ord("ø"): "o", ord("đ"): "d", ord("ł"): "l", ord("œ"): "oe",
           ord("þ"): "th", ord("ı"): "i"}


def fold(text: str | None) -> str:
    """Case folded, accents stripped (Zoë -> zoe, Łódź -> lodz), dashes and quotes plain, spacing squashed.

    Only combining marks are dropped (NFKD), so positions stay meaningful to a reader, not byte-exact."""
    t = unicodedata.normalize("NFKD", (text or "").translate(_DASHES).translate(_QUOTES))
    t = "".join(c for c in t if not unicodedata.combining(c)).casefold().translate(_FOLDED)
    return " ".join(t.split())


_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def words(text: str | None) -> list[str]:
    """The folded words of `text` (letters and digits; punctuation splits)."""
    return _WORD.findall(fold(text))


def says(text: str | None, *phrases: str) -> bool:
    """Every phrase appears in `text` as whole words, in order within the phrase, any case, accents or spacing."""
    hay = " " + " ".join(words(text)) + " "
    return all(" " + " ".join(words(p)) + " " in hay for p in phrases)


def says_any(text: str | None, *phrases: str) -> bool:
    return any(says(text, p) for p in phrases)


@dataclass(frozen=True)
class Found:
    """A value read from text: every reading it allows (01/02 is 1 Feb or 2 Jan), and where it was written."""

    readings: tuple
    start: int
    end: int
    unit: str | None = None  # a currency code, where one was written with an amount

    def means(self, value: object) -> bool:
        return value in self.readings


# Words that offer a choice or doubt. Between two competing values they make an answer a hedge. (Not "may",
# a month, nor "between", which a range answer needs.)
_CHOICE = re.compile(r"\b(or|either|maybe|perhaps|possibly|probably|likely|might|could|unsure|not sure|unclear|"
                     r"uncertain|depending|depends|alternatively|otherwise|whether)\b|\?", re.IGNORECASE)
_EITHER = re.compile(r"\b(either|whether)\W*$", re.IGNORECASE)
# Not "about" or "around": people write "around 09:14" of a time they read exactly.
_DOUBT = re.compile(r"\b(maybe|perhaps|possibly|probably|likely|might be|could be|not sure|unsure|roughly|"
                    r"approximately|guess|or so)\W*$", re.IGNORECASE)


def hedged(text: str, found: list[Found], right: object) -> bool:
    """Whether the answer offers `right` beside a competing value as a choice ("either March (48) or December
    (45)", "8080 by default, or 8088"), or doubts it ("probably 48"). A competitor mentioned as context, with
    no word of choice between the two, is extra detail and not a hedge."""
    rights = [f for f in found if f.means(right)]
    others = [f for f in found if not f.means(right)]
    for r in rights:
        if _DOUBT.search(text[max(0, r.start - 24):r.start]):
            return True
        for o in others:
            a, b = (r, o) if r.start < o.start else (o, r)
            if b.start - a.end > 80:  # far apart: another sentence's figure, not an alternative
                continue
            between = text[a.end:b.start]
            # A slash is a choice only alone between the two ('48/45'), not in a path or '24/7' (round the clock).
            slash = between.strip() == "/" and text[a.start:b.end] != "24/7"
            if slash or _CHOICE.search(between) or _EITHER.search(text[max(0, a.start - 12):a.start]):
                return True
    return False


def gives(text: str | None, right: object, finder, *, alone: bool = True) -> bool:
    """`text` gives the value `right`, as read by `finder` (a function text -> list[Found]), and, when `alone`,
    does not hedge it against a competing value of the same kind."""
    t = text or ""
    found = finder(t)
    if not any(f.means(right) for f in found):
        return False
    return not (alone and hedged(t, found, right))
