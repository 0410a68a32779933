"""Strict mode's last look for declared secrets in disguise: spelled with other separators or case, reversed, in
base64 or hex, or with look-alike letters from other scripts.

Look-alikes: no maintained confusables package is installed, so a small table stands in for Unicode's confusables
skeleton (UTS #39). Payloads are NFKC-normalised before this runs, which already folds fullwidth, mathematical,
circled and ligature forms; what NFKC keeps are other scripts' letters that look Latin (Cyrillic "а", Greek "ο",
Armenian "օ") and the digit/letter pairs 0/o and 1/l/i. The table lists those, each checked against
confusables.txt (its prototype, lower-cased where case folding would lose it).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Sequence

from edgeagent.export.decode import decoded

MIN_NEEDLE = 4  # as detect.MIN_DECLARED_LEN: a shorter squashed value would match ordinary words
# Reversed and look-alike spellings are looked for across word boundaries in the whole payload, where a 4-5 letter
# value turns up by chance ("mile" reversed is in "eliminate"); they need a longer value. Encodings do not.
MIN_LOOSE_NEEDLE = 6

# Capitals first (before case folding loses them: Greek "Η" looks like H, its small "η" does not), then small
# letters, then the collapses that make 0/o and 1/l/i one letter.
_UPPER = str.maketrans({
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "Х": "X", "У": "Y", "Ү": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ԝ": "W", "Ӏ": "I", "Ѵ": "V", "Ь": "b",
    "З": "3", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϻ": "M", "Ս": "U", "Տ": "S", "Օ": "O",
})  # fmt: skip
_LOWER = str.maketrans({
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "ү": "y", "х": "x", "ѕ": "s", "і": "i",
    "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "г": "r", "б": "6", "ѵ": "v", "ѡ": "w",
    "ҽ": "e", "α": "a", "ο": "o", "σ": "o", "ν": "v", "ρ": "p", "ι": "i", "υ": "u", "γ": "y", "ϲ": "c",
    "ϳ": "j", "օ": "o", "ս": "u", "ո": "n", "ռ": "n", "հ": "h", "զ": "q", "ց": "g",
    "ı": "i", "ɑ": "a", "ɡ": "g", "ᴏ": "o", "ᴄ": "c", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z",
})  # fmt: skip
_COLLAPSE = str.maketrans({"0": "o", "1": "l", "i": "l"})

_BASE64_RE = re.compile(r"[A-Za-z0-9+/_\-]{6,}={0,2}")
# Hex bytes, bare ("50726f") or written as \x50, 0x50, %50, with spaces, commas, colons or dashes between.
_HEX_RUN_RE = re.compile(r"(?:(?:\\+x|0x|%)?[0-9a-fA-F]{2}[ ,:\-]{0,2}){4,}")
_HEX_BYTE_RE = re.compile(r"(?:\\+x|0x|%)?([0-9a-fA-F]{2})")


def squash(text: str) -> str:
    """Lower-case letters and digits only: "P-r-o-j-e-c-t B.l.u.e" and "project blue" look alike."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def skeleton(text: str) -> str:
    """`squash` after mapping look-alike letters to the Latin ones they imitate (and 0/o, 1/l/i to one)."""
    return squash(text.translate(_UPPER).casefold().translate(_LOWER)).translate(_COLLAPSE)


def hidden_declared(payload: str, values: Iterable[tuple[str, str]], placeholders: Sequence[str] = ()) -> list[str]:
    """Kinds of the declared (value, kind) pairs that `payload` still holds in any of the disguises above.

    Our own `placeholders` are blanked first: their letters are not the user's."""
    for p in placeholders:
        payload = payload.replace(p, " ")
    # Percent escapes, entities and \u escapes undone first: base64 or a reversal may sit inside them.
    view = decoded(payload)
    texts = [payload] if view is None else [payload, view.text]
    views = [squash(t) for t in texts] + [squash(d) for t in texts for d in _decoded(t)]
    reversed_views = [v[::-1] for v in views]  # reversed, also inside an encoding
    look_alike = " ".join(skeleton(t) for t in texts)
    kinds = set()
    for value, kind in values:
        needle = squash(value)
        if len(needle) < MIN_NEEDLE:
            continue
        loose = len(needle) >= MIN_LOOSE_NEEDLE and (
            any(needle in v for v in reversed_views) or skeleton(value) in look_alike)
        if loose or any(needle in v for v in views):
            kinds.add(kind)
    return sorted(kinds)


def _decoded(text: str) -> list[str]:
    """What each base64 (standard or URL-safe) or hex run in `text` decodes to, as text."""
    out = []
    for m in _BASE64_RE.finditer(text):
        token = m.group().rstrip("=").replace("-", "+").replace("_", "/")
        try:
            data = base64.b64decode(token + "=" * (-len(token) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue  # a length no encoder produces
        out.append(data.decode("utf-8", "ignore"))
    for m in _HEX_RUN_RE.finditer(text):
        data = bytes(int(pair, 16) for pair in _HEX_BYTE_RE.findall(m.group()))
        out.append(data.decode("utf-8", "ignore"))
    return out
