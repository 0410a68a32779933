"""Names and postal addresses, matched as a person reading the answer would."""

from __future__ import annotations

from edgeagent.bench.grading.text import words

_TITLES = {"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "herr", "frau", "mme", "mlle", "m"}


def names_person(text: str | None, name: str, *, window: int = 4) -> bool:
    """Every part of `name` appears as a word in `text`, in any order, within a few words of each other:
    'Aiko Tanaka', 'TANAKA, Aiko', 'Tanaka Aiko', 'Ms Aiko Tanaka' and 'Zoë' for 'Zoe' all name her."""
    parts = [w for w in words(name) if w not in _TITLES]
    hay = words(text)
    if not parts:
        return False
    span = max(window, len(parts))
    for i, w in enumerate(hay):
        if w in parts and set(parts) <= set(hay[max(0, i - span + 1):i + span]):
            return True
    return False


_ABBREV = {"st": "street", "str": "strasse", "rd": "road", "ave": "avenue", "av": "avenue", "blvd": "boulevard",
           "ln": "lane", "dr": "drive", "sq": "square", "pl": "place", "ct": "court", "hwy": "highway",
           "pkwy": "parkway", "ter": "terrace", "cres": "crescent", "apt": "apartment", "ste": "suite",
           "fl": "floor", "bldg": "building", "n": "north", "s": "south", "e": "east", "w": "west",
           "straße": "strasse", "weg": "weg"}


def _address_key(text: str | None) -> str:
    """Words with the usual abbreviations spelt out, run together: spacing and punctuation inside a postcode
    or between lines don't matter."""
    return "".join(_ABBREV.get(w, w) for w in words(text))


def gives_address(text: str | None, address: str) -> bool:
    """`text` contains `address` with abbreviations, line breaks, commas and case as the writer liked:
    '12 Harbour St., Leith EH6 7AA' gives '12 Harbour Street, Leith, EH6 7AA'."""
    key = _address_key(address)
    return bool(key) and key in _address_key(text)
