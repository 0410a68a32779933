"""Payment card numbers by their issuer range and Luhn check digit, in every length cards are issued (13-19 digits).

Presidio's card pattern knows 4, 5, 6, 3 and 1-led numbers of 12-19 digits in 4-digit groups: it misses the
Mastercard 2-series (2221-2720), Mir (2200-2204) and 19-digit Visa, Maestro and UnionPay numbers.
"""

from __future__ import annotations

import re

from edgeagent.export.detect.spans import Span

# Digits grouped by one kind of separator (space or dash) or none; 13-19 digits checked in code.
_RUN_RE = re.compile(r"(?<![\w.,/+-])\d{4}(?:([ -]?)\d{2,7})(?:\1\d{1,7}){0,4}(?!\w|[.,/-]\d)")
_SEPARATORS = str.maketrans("", "", " -")


def issuer_range(digits: str) -> bool:
    """The number starts in a range card networks issue from: Visa 4; Mastercard 51-55 and 2221-2720; Maestro 50,
    56-58, 6; Amex 34, 37; Diners 30, 36, 38; JCB 35; Discover/UnionPay 6; Mir 2200-2204."""
    first = digits[0]
    if first in "456":
        return True
    if first == "2":
        head = int(digits[:4])
        return 2200 <= head <= 2204 or 2221 <= head <= 2720
    return first == "3" and digits[1] in "045678"


def luhn(digits: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


class CardNumbers:
    """13-19 digit numbers, unformatted or grouped by spaces or dashes, in an issuer range with a valid Luhn
    check digit: kind CREDIT_CARD (a random 16-digit ID passes both checks about one time in twenty)."""

    name = "cards"

    def detect(self, text: str) -> list[Span]:
        spans = []
        for m in _RUN_RE.finditer(text):
            digits = m.group().translate(_SEPARATORS)
            if 13 <= len(digits) <= 19 and issuer_range(digits) and luhn(digits):
                spans.append(Span(m.start(), m.end(), "CREDIT_CARD", self.name))
        return spans
