"""Phone numbers that presidio's check (a VALID number in a few regions, formatted) lets through.

* `PhoneNumbers`  - international numbers written with "+" (or a formatted "00") that are possible (right length for their country),
                    valid or not, also with the trunk "(0)" ("+31(0)282 502283"); national numbers with a leading 0
                    that are valid in a wider region list, even unformatted ("0630709588"); and, right after a word
                    that announces one (tel, phone, call me, Handy, appelez, telefone ...), any possible number.
* `PhoneExtensions` - the extension written after a number found ("... 9402 x3795", "ext. 12"): it dials the person.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case

# Regions tried for national numbers (a leading 0 is the trunk prefix in all but US/CA): presidio's list and the
# other European and large markets whose users write numbers this way.
NATIONAL_REGIONS = ("GB", "DE", "FR", "IT", "ES", "NL", "BE", "AT", "CH", "PT", "IE", "SE", "DK", "NO", "FI", "PL",
                    "CZ", "IL", "IN", "AU", "NZ", "BR", "AR", "MX", "ZA", "JP", "KR", "TR")
CONTEXT_REGIONS = ("US", *NATIONAL_REGIONS)
CONTEXT_WINDOW = 40  # characters before a number, on its line, searched for a phone word
# Runs that may be a number: "+" or a digit first, digits and the separators people write, a digit last.
_RUN_RE = re.compile(r"(?<![\w+./-])(?<!\d,)(?:\+|\(?\d)[\d \t().\-/]*+")  # possessive: trailing separators are cut after
_AFTER_RE = re.compile(r"[^\W\dxX]|[\d.,]\d")  # a number running on into a word or a decimal is not one
_SEPARATORS = str.maketrans("", "", " \t().-/+")
_TRUNK_RE = re.compile(r"\(0\)")
_GROUPS_RE = re.compile(r"[ \t().\-/]+")
# Words that say the next number is a phone number (lower-cased, matched at a word start).
_PHONE_WORDS_RE = re.compile(
    r"\b(?:tel|tél|phone|telephone|téléphone|telefon|telefone|telefono|teléfono|telf|tfno|fon|handy|mobile|mobil|"
    r"mob|cell|cellphone|cellulare|portable|gsm|fax|call|calling|ring|text|sms|whatsapp|signal|reach|number|nummer|"
    r"numéro|número|numero|appelez|appeler|appelle|rufen|anrufen|bel|ligue|liga|llame|llámame|llama|chiama|"
    r"chiamami|contact|contacto|kontakt)\w*\b[^\n]*$"
    # Chinese, Japanese and Korean words stand between other characters with no boundary: no \b around them.
    r"|(?:电话|電話|手机|手機|联系|聯繫|携帯|連絡|전화|휴대폰|핸드폰|연락)[^\n]*$"
)
# Not phone numbers however they are written: dates, year ranges, decimals, dotted quads, times.
_NOT_PHONE_RE = re.compile(
    r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}.*|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}.*|(?:1[89]|20)\d\d *[-/] *(?:1[89]|20)\d\d"
    r"|\d+\.\d+|\d{1,3}(?:\.\d{1,3}){3}"
)


class PhoneNumbers:
    """Phone numbers by how they are written and where: kind PHONE (see the module doc for the three forms)."""

    name = "phones"

    def detect(self, text: str) -> list[Span]:
        spans = []
        folded = None
        for m in _RUN_RE.finditer(text):
            run = m.group().rstrip(" \t(.-/")
            digits = run.translate(_SEPARATORS)
            start = m.start()
            if not 8 <= len(digits) <= 15 or _NOT_PHONE_RE.fullmatch(run) or _AFTER_RE.match(text, start + len(run)):
                continue
            if digits in "01234567890123456789" or "  " in run:
                continue  # "0123456789": a digit alphabet or a placeholder; numbers in a table's columns
            if run.startswith("00") and run[2:3] != "0" and len(_GROUPS_RE.split(run)) > 2:
                ok = _possible("+" + _TRUNK_RE.sub("", run[2:]), None)  # "0049 30 1234567": "00" dials abroad
            elif run.startswith("+"):
                ok = _possible(_TRUNK_RE.sub("", run), None)
            elif run[0] == "0" and run[1:2] != "0" and 9 <= len(digits) <= 11 and _valid_national(digits):
                ok = True
            else:
                if folded is None:
                    folded = fold_case(text)
                line_start = max(folded.rfind("\n", 0, start) + 1, start - CONTEXT_WINDOW)
                ok = (len(digits) >= 9 and _PHONE_WORDS_RE.search(folded, line_start, start) is not None
                      and _possible_somewhere(run))
            if ok:
                spans.append(Span(start, start + len(run), "PHONE", self.name))
        return spans


class PhoneExtensions:
    """The extension after a phone number another detector found: "x3795", " ext. 12", " extension 4410"."""

    name = "phone-extensions"

    def detect(self, text: str) -> list[Span]:
        return []

    def expand(self, text: str, found: Sequence[Span]) -> list[Span]:
        spans = []
        for span in found:
            if span.kind == "PHONE":
                m = _EXTENSION_RE.match(text, span.end)
                if m:
                    spans.append(Span(span.start, m.end(), "PHONE", self.name))
        return spans


_EXTENSION_RE = re.compile(r"[ \t]*,?[ \t]*(?:x|X|ext\.?|Ext\.?|extension|Extension|poste|Durchwahl|DW)[ \t]*\d{1,6}\b")


def _possible(run: str, region: str | None) -> bool:
    """A possible number in `region` (or written with "+") that is not toll-free."""
    return bool(_possible_type(run, region))


def _possible_somewhere(run: str) -> bool:
    """Possible in the first of CONTEXT_REGIONS where it is, and not toll-free there ("1-800-..." is possible in
    many regions but read where it is written: a company's public line)."""
    regions = NATIONAL_REGIONS if run.lstrip("(").startswith("0") else CONTEXT_REGIONS  # no trunk 0 in the US
    return next((ok for ok in map(functools.partial(_possible_type, run), regions) if ok is not None), False)


@functools.lru_cache(maxsize=4096)
def _possible_type(run: str, region: str | None) -> bool | None:
    """None where `run` is not a possible number in `region`, else whether it is one a person has (not toll-free)."""
    import phonenumbers

    try:
        number = phonenumbers.parse(run, region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_possible_number(number):
        return None
    return phonenumbers.number_type(number) != phonenumbers.PhoneNumberType.TOLL_FREE


@functools.lru_cache(maxsize=4096)
def _valid_national(digits: str) -> bool:
    """A leading-0 number valid in one of NATIONAL_REGIONS and not a toll-free (public support) line."""
    import phonenumbers

    for region in NATIONAL_REGIONS:
        try:
            number = phonenumbers.parse(digits, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return phonenumbers.number_type(number) != phonenumbers.PhoneNumberType.TOLL_FREE
    return False
