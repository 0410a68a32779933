"""Outgoing text is normalised before detection, so the text the detectors check is exactly the text that is sent.

Without it a zero-width space or soft hyphen inside an e-mail, fullwidth digits in a card number, or Arabic-Indic
digits in a phone number hide the value from every pattern, and the cloud still reads it.
"""

from __future__ import annotations

import re
import unicodedata

_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]+")
# Unicode hyphens and dashes between digits ("555\u20110199") read as "-" to the number patterns, so they are sent so.
_DASH_IN_NUMBER_RE = re.compile(r"(?<=\d)[\u2010-\u2015\u2212]+(?=\d)")


def normalize(text: str) -> str:
    """Drop format characters (category Cf: zero-width, soft hyphen, bidi marks, tags), apply NFKC, write every
    decimal digit as an ASCII digit and a dash between digits as "-". ASCII text is returned as it is."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", _NON_ASCII_RE.sub(_drop_format, text))
    text = _NON_ASCII_RE.sub(_ascii_digits, text)  # NFKC never makes a Cf character, so one pass suffices
    return _DASH_IN_NUMBER_RE.sub("-", text)


def _drop_format(m: re.Match[str]) -> str:
    return "".join(ch for ch in m.group() if unicodedata.category(ch) != "Cf")


def _ascii_digits(m: re.Match[str]) -> str:
    # NFKC folds fullwidth and mathematical digits but keeps other scripts' (٤١١١ stays), which patterns miss.
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in m.group())
