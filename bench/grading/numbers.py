"""Numbers, amounts of money and durations as people write them.

'1,204.50', '1.204,50', '1 204,50' and '1204.5' are one number; '9¼' and '9 1/4' are 9.25; '€88k' is 88000 EUR;
'9h15', '9¼ hours' and '555 minutes' are one duration. Where a form allows two readings ('1.234' is 1.234 or
1234) both are kept, and a checker accepts either."""

from __future__ import annotations

import re

from edgeagent.bench.grading.text import Found, gives

_FRACTIONS = {"¼": 0.25, "½": 0.5, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅕": 0.2, "⅛": 0.125, "⅜": 0.375,
              "⅝": 0.625, "⅞": 0.875, "⅙": 1 / 6, "⅚": 5 / 6}
_SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_WORDS = {**{w: i for i, w in enumerate(_SMALL)}, **_TENS, "a dozen": 12, "dozen": 12, "half": 0.5,
          "a half": 0.5, "a quarter": 0.25, "three quarters": 0.75}
# Not a bare "m" or "b": '45m' is minutes or metres more often than millions.
_SCALE = {"k": 1e3, "thousand": 1e3, "mn": 1e6, "mio": 1e6, "million": 1e6, "millions": 1e6, "bn": 1e9,
          "billion": 1e9}

_FRAC = "[" + "".join(_FRACTIONS) + "]"
# A digit run with separators, optionally a slash fraction or a unicode fraction after it.
_NUM = re.compile(
    r"(?<![\w.,])(?P<neg>[-−](?=\d))?"
    r"(?P<body>\d{1,3}(?:(?P<sep>[,.' \u00a0\u202f])\d{3})(?:(?P=sep)\d{3})*(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?)"
    r"(?:(?P<frac>" + _FRAC + r")|\s+(?P<fn>\d{1,2})/(?P<fd>\d{1,2})(?!\d))?"
    r"(?:\s?(?P<scale>k|mn|mio|bn|thousand|millions?|billion)\b)?"
    r"(?P<pct>\s?%)?", re.IGNORECASE)
# A bare M or B is millions or billions only right after an amount with a currency mark before it.
_MONEY_SCALE = re.compile(r"([mMbB])(?![a-zA-Z])")
_CCY_BEFORE = re.compile(r"([$€£¥₹]|\b[A-Z]{3})\s?$")
_LONE_FRAC = re.compile(r"(?<![\d\w])" + _FRAC)
_WORDNUM = re.compile(r"\b(" + "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True)) +
                      r")(?:[- ](one|two|three|four|five|six|seven|eight|nine))?\b", re.IGNORECASE)


def _readings(body: str, sep: str | None) -> tuple[float, ...]:
    """The values a written number can mean, most likely first."""
    if sep:  # grouped in threes: the separator is a thousands mark, the other mark (if any) a decimal one
        head, _, tail = body.rpartition(sep)
        rest = re.split(r"[.,]", tail, maxsplit=1)
        whole = head.replace(sep, "") + rest[0]
        value = float(whole + ("." + rest[1] if len(rest) > 1 else ""))
        if sep in ".," and body.count(sep) == 1 and len(rest) == 1:
            return value, float(body.replace(sep, "."))  # '1.234' or '1,234': a thousand-odd or a decimal
        return (value,)
    return (float(body.replace(",", ".")),)


def numbers_found(text: str | None) -> list[Found]:
    t = text or ""
    out: list[Found] = []
    for m in _NUM.finditer(t):
        base = _readings(m["body"], m["sep"])
        extra = _FRACTIONS[m["frac"]] if m["frac"] else (int(m["fn"]) / int(m["fd"]) if m["fn"] and int(m["fd"]) else 0)
        scale = _SCALE[m["scale"].lower()] if m["scale"] else 1
        end = m.end()
        money = _MONEY_SCALE.match(t, end)
        if scale == 1 and money and _CCY_BEFORE.search(t[max(0, m.start() - 4):m.start()]):
            scale, end = (1e6 if money[1].lower() == "m" else 1e9), money.end(1)  # '$4.2M', '€1.4B'
        sign = -1 if m["neg"] else 1
        out.append(Found(tuple(sign * (v + extra) * scale for v in base), m.start(), end,
                         "%" if m["pct"] else None))
    for m in _LONE_FRAC.finditer(t):
        out.append(Found((_FRACTIONS[m.group()],), m.start(), m.end()))
    for m in _WORDNUM.finditer(t):
        v = _WORDS[m[1].lower()] + (_SMALL.index(m[2].lower()) if m[2] else 0)
        out.append(Found((v,), m.start(), m.end()))
    return sorted(out, key=lambda f: f.start)


def numbers(text: str | None) -> list[float]:
    """Each number's likeliest reading, in order."""
    return [f.readings[0] for f in numbers_found(text)]


class _Near:
    """A found value 'equals' this when one of its readings is within tol: lets `gives` compare with tolerance."""

    def __init__(self, value: float, tol: float) -> None:
        self.value, self.tol = value, tol

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (int, float)) and abs(other - self.value) <= self.tol

    __hash__ = None  # type: ignore[assignment]


def has_number(text: str | None, value: float, tol: float = 0.005, *, alone: bool = False) -> bool:
    """`text` writes `value` (within tol) in any usual form; with `alone`, not hedged against another number."""
    return gives(text, _Near(value, tol), numbers_found, alone=alone)


# Currency: symbols and words to ISO codes. '$' alone is read as USD.
_SYMBOLS = {"€": "EUR", "£": "GBP", "¥": "JPY/CNY", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY", "₪": "ILS",
            "us$": "USD", "a$": "AUD", "c$": "CAD", "hk$": "HKD", "s$": "SGD", "nz$": "NZD", "r$": "BRL", "$": "USD",
            "chf": "CHF", "fr.": "CHF"}
_WORDS_CCY = {"euro": "EUR", "euros": "EUR", "eur": "EUR", "dollar": "USD", "dollars": "USD", "usd": "USD",
              "pound": "GBP", "pounds": "GBP", "gbp": "GBP", "sterling": "GBP", "yen": "JPY", "jpy": "JPY",
              "yuan": "CNY", "rmb": "CNY", "cny": "CNY", "renminbi": "CNY", "元": "CNY", "rupee": "INR", "rupees": "INR",
              "inr": "INR", "franc": "CHF", "francs": "CHF", "sek": "SEK", "nok": "NOK", "dkk": "DKK",
              "kronor": "SEK", "kroner": "NOK", "aud": "AUD", "cad": "CAD", "sgd": "SGD", "hkd": "HKD", "pln": "PLN",
              "zloty": "PLN", "czk": "CZK", "huf": "HUF", "brl": "BRL", "mxn": "MXN", "zar": "ZAR", "krw": "KRW"}
_CCY = "|".join(sorted((re.escape(k) for k in (*_SYMBOLS, *_WORDS_CCY)), key=len, reverse=True))
_BEFORE = re.compile(r"(?:^|(?<=[^\w$]))(" + _CCY + r")\s?$", re.IGNORECASE)
_AFTER = re.compile(r"^\s?(" + _CCY + r")(?![\w])", re.IGNORECASE)


def _code(mark: str) -> str:
    m = mark.lower()
    return _SYMBOLS.get(m) or _WORDS_CCY[m]


def amounts_found(text: str | None) -> list[Found]:
    """Every number, with the currency written before or after it as `unit` (None where there is none)."""
    t = text or ""
    out = []
    for f in numbers_found(t):
        before = _BEFORE.search(t[max(0, f.start - 4):f.start])
        after = _AFTER.search(t[f.end:f.end + 10])
        mark = (before or after)
        out.append(Found(f.readings, f.start, f.end, _code(mark[1]) if mark else f.unit))
    return out


def has_amount(text: str | None, value: float, currency: str | None = None, tol: float = 0.005, *,
               alone: bool = False) -> bool:
    """`text` gives the amount (5 779,47 EUR = €5,779.47 = EUR 5.779,47); a currency, when asked, must be
    written with it; with `alone`, not hedged against another amount."""
    def finder(t: str) -> list[Found]:
        found = amounts_found(t)
        if currency:  # an amount in another currency is another value; a bare number is no amount at all
            mine = [f for f in found if f.unit and currency.upper() in f.unit.split("/")]  # '¥' is JPY or CNY
            return mine + [Found((None,), f.start, f.end) for f in found
                           if f.unit not in (None, "%") and f not in mine]
        return found
    return gives(text, _Near(value, tol), finder, alone=alone)


# Durations, in minutes.
_UNITS = {"s": 1 / 60, "sec": 1 / 60, "secs": 1 / 60, "second": 1 / 60, "seconds": 1 / 60,
          "m": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hr": 60, "hrs": 60, "hour": 60,
          "hours": 60, "d": 1440, "day": 1440, "days": 1440, "wk": 10080, "week": 10080, "weeks": 10080}
_UNIT = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))
_PART = re.compile(r"^\s*(?:and\s+|,\s*)?(" + _UNIT + r")\b\.?", re.IGNORECASE)
_CLOCK = re.compile(r"(?<![\d:])(\d{1,3})[:h](\d{2})(?::(\d{2}))?\s*(?:h|hrs?|hours?)?\b", re.IGNORECASE)


def durations_found(text: str | None) -> list[Found]:
    """'9¼ hours', '9 h 15', '9h15', '9 hours and 15 minutes', '555 min', '2.5 days': each one duration."""
    t = text or ""
    out: list[Found] = []
    nums = numbers_found(t)
    i = 0
    while i < len(nums):
        f = nums[i]
        unit = _PART.match(t[f.end:f.end + 12])
        if not unit:
            i += 1
            continue
        total = [r * _UNITS[unit[1].lower()] for r in f.readings if isinstance(r, (int, float))]
        end = f.end + unit.end()
        # A smaller unit may follow: '9 hours 15 minutes', '9 h 15' (minutes implied after hours).
        if i + 1 < len(nums) and re.fullmatch(r"\s*(?:and\s+|,\s*)?", t[end:nums[i + 1].start]):
            nxt = nums[i + 1]
            sub = _PART.match(t[nxt.end:nxt.end + 12])
            step = _UNITS[sub[1].lower()] if sub else (1 if _UNITS[unit[1].lower()] == 60 else None)
            if step is not None and step < _UNITS[unit[1].lower()]:
                total = [v + nxt.readings[0] * step for v in total]
                end = nxt.end + (sub.end() if sub else 0)
                i += 1
        out.append(Found(tuple(total), f.start, end))
        i += 1
    for m in _CLOCK.finditer(t):  # '9h15', '9:15 h'
        if any(f.start <= m.start() < f.end for f in out):
            continue
        if "h" in m.group().lower() or re.match(r"\s*(?:h|hrs?|hours?)\b", t[m.end():m.end() + 6], re.IGNORECASE):
            out.append(Found((int(m[1]) * 60 + int(m[2]) + int(m[3] or 0) / 60,), m.start(), m.end()))
    return sorted(out, key=lambda f: f.start)


def has_duration(text: str | None, minutes: float, tol: float = 0.01, *, alone: bool = False) -> bool:
    """`text` gives the duration, in any unit or form; with `alone`, not hedged against another duration."""
    return gives(text, _Near(minutes, tol), durations_found, alone=alone)
