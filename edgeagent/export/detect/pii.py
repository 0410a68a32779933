"""Contact and financial details with presidio-analyzer's predefined pattern recognizers (no NLP engine, no model)."""

from __future__ import annotations

import bisect
import functools
import ipaddress
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import regex

from edgeagent.export.detect.hosts import is_doc_url, split_host, tld_extractor
from edgeagent.export.detect.spans import Span, merge_windows

# Presidio scores are meant to be boosted by context words via its NLP engine, which we do not run; without it a
# phone number scores 0.4 and a formatted SSN 0.5. 0.4 keeps those (a false positive costs one reversible
# placeholder, a false negative leaks) and drops the 0.05-0.1 "very weak" patterns: bare 9-digit numbers, "::".
MIN_PRESIDIO_SCORE = 0.4
PHONE_REGIONS = ("US", "GB", "DE", "FR", "IL", "IN", "CA", "BR")  # PhoneRecognizer.DEFAULT_SUPPORTED_REGIONS
PHONE_SCORE = 0.4  # PhoneRecognizer.SCORE

# A few cheap scans find the triggers: numbers with 8+ digits (with the separators people put in them: SSN, card,
# phone), dotted quads (IPv4) and two capitals + two digits (IBAN start). The `regex` module is used where it scans
# several times faster than `re` (measured on the bench payloads). Recognizers then see a window around each trigger
# that includes a neighbouring character on each side, so their \b and look-arounds behave as on the full text.
_LONG_NUMBER_RE = regex.compile(r"\d[\d \t().\-/_]{7,}")  # then: at least 8 digits
_IPV4_RE = regex.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?:/\d{1,2})?")
_IBAN_START_RE = regex.compile(r"(?<![A-Z0-9])[A-Z]{2}\d\d")
_SSN_SHAPE_RE = re.compile(r"\d{3}([- .])\d{2}\1\d{4}")
_CARD_SHAPE_RE = re.compile(r"\d{4}[- ]?\d{3,4}[- ]?\d{3,4}[- ]?\d{1,5}")
_NUMBER_SEPARATORS = str.maketrans("", "", " \t().-/+_")
_NUMBER_TRAILING = " \t(.-/_"
# Cards written 5555.5555.5555.4444 (or with / or _) are checked as if dashed: presidio's pattern knows "-" and " ".
_CARD_SEPARATORS = str.maketrans("./_", "---")
_SEPARATOR_RE = re.compile(r"[ \t().\-/]+")
_DATE_LIKE_RE = re.compile(r"(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?:[ T]\d{1,2})?")
_DECIMAL_RE = re.compile(r"\d+\.\d+")
_DOTTED_QUAD_RE = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?")
_YEAR_RANGE_RE = re.compile(r"(?:1[89]|20)\d\d *[-/] *(?:1[89]|20)\d\d")  # "2019-2022": 8 digits, not a phone
# A dotted quad right after "Product/" or "v"/"version" is a version ("Chrome/110.0.0.0", "v1.2.3.4"), not an IP.
_VERSION_BEFORE_RE = re.compile(r"(?:[A-Za-z][\w.\-]*/|(?<![A-Za-z])[vV]|\b(?i:version|ver|build|release)\.?[ :]*)$")
IBAN_WINDOW = 44  # 34 chars at most, plus separators every 4
_EMAIL_LOCAL_PUNCT = frozenset("!#$%&'*+-/=?^_`{|}~.")
_DOMAIN_RE = re.compile(r"[\w.\-]{0,255}")
_URL_TAIL_RE = re.compile(r"[^\s<>\"'`|\\{}\[\]^]*")
_URL_TRAILING = ".,;:!?)\\"
_IPV6_CHARS = frozenset("0123456789abcdefABCDEF:.%/")
MAX_IPV6_CHUNK = 64  # 45 chars for the longest address, plus a /prefix and zone
_IPV6_TRIGGER_RE = re.compile(r"::|:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:")  # ":"-led: re skips ahead fast


@dataclass(frozen=True)
class _Unit:
    kind: str
    entity: str
    recognizer: Any  # a presidio EntityRecognizer; presidio is imported on first use


class PresidioPatterns:
    """presidio-analyzer's predefined recognizers called directly (`recognizer.analyze(text, entities, None)`).

    Recognizers: Email (domain checked against the bundled public-suffix list, never downloaded), CreditCard (Luhn),
    Iban (checksum), Ip (v4 and v6 separately), UsSsn (its formatted 0.5 pattern), Url (any http(s)/ftp/ws/ssh
    URL, and www. names with presidio's TLD regex: its bare "name.tld" pattern matches every "detect.py") and
    PhoneRecognizer's check (python-phonenumbers validation, see `_phone_spans`). Each runs only on small windows
    around its trigger (a numeric run of the right shape, "@", "://", "::"), which is what makes this fast.
    Importing presidio costs about a second (its package imports spaCy), so each recognizer is built the first time
    a text has its trigger (`presidio_unit`), once per process.
    """

    name = "presidio"

    def __init__(self, min_score: float = MIN_PRESIDIO_SCORE, phone_regions: Sequence[str] = PHONE_REGIONS) -> None:
        self.min_score = min_score
        self._phone_regions = tuple(phone_regions)

    def detect(self, text: str) -> list[Span]:
        spans = self._numeric_spans(text)
        if "@" in text:
            spans += self._windowed("email", text, _email_windows(text))
        urls = []
        if "://" in text:
            urls += [_extend_url(text, s) for s in self._windowed("url", text, _url_windows(text, "://"))]
        if "www." in text or "WWW." in text:
            urls += [_extend_url(text, s) for s in self._windowed("www", text, _url_windows(text, "www."))]
        spans += [s for s in urls if not _documentation_url(s.text(text))]
        spans += self._windowed("ipv6", text, _ipv6_windows(text))
        return spans

    def _numeric_spans(self, text: str) -> list[Span]:
        spans = []
        for m in _IBAN_START_RE.finditer(text):
            line_end = text.find("\n", m.start())
            hi = m.start() + IBAN_WINDOW if line_end < 0 else min(line_end, m.start() + IBAN_WINDOW)
            spans += self._analyze("iban", text, m.start() - 1, hi)
        for m in _IPV4_RE.finditer(text):
            if not _VERSION_BEFORE_RE.search(text, max(0, m.start() - 24), m.start()):
                spans += self._analyze("ipv4", text, m.start() - 1, m.end() + 1)
        covered = {(s.start, s.end) for s in spans}
        for m in _LONG_NUMBER_RE.finditer(text):
            start, run = m.start(), m.group().rstrip(_NUMBER_TRAILING)
            digits = len(run.translate(_NUMBER_SEPARATORS))
            if digits < 8:
                continue
            if start > 0 and text[start - 1] in "+(":
                start, run = start - 1, text[start - 1] + run
            spans += self._number_spans(text, run, digits, start, start + len(run), covered)
        return spans

    def _number_spans(self, text: str, run: str, digits: int, start: int, end: int, covered: set) -> list[Span]:
        found = []
        if digits >= 9 and _SSN_SHAPE_RE.search(run):
            found += self._analyze("ssn", text, start - 1, end + 1)
        card_run = run.translate(_CARD_SEPARATORS)  # same length: offsets hold
        if digits >= 13 and _CARD_SHAPE_RE.search(card_run):
            window = text[max(0, start - 1) : start] + card_run + text[end : end + 1]
            offset = max(0, start - 1)
            found += [Span(offset + s.start, offset + s.end, s.kind, s.source, s.score)
                      for s in self._analyze("card", window, 0, len(window))]
        done = any(s.start <= start and s.end >= end for s in found) or any(
            s <= start and e >= end for s, e in covered
        )
        if not done and _phone_shaped(run, digits):
            found += self._phone_spans(run, start, end)
        return found

    def _phone_spans(self, run: str, start: int, end: int) -> list[Span]:
        """PhoneRecognizer's check (a phonenumbers VALID number in one of its regions, score 0.4) on one run.

        Called directly rather than through PhoneRecognizer, whose PhoneNumberMatcher costs ~0.2 ms per region
        and window; a leading "+" makes the region irrelevant, national numbers try regions until one validates.
        """
        if PHONE_SCORE < self.min_score:
            return []
        import phonenumbers

        for region in (None,) if run.startswith("+") else self._phone_regions:
            try:
                number = phonenumbers.parse(run, region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(number):
                if phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.TOLL_FREE:
                    return []  # 1-800 and 0800 numbers are companies' public support lines, not a person's
                return [Span(start, end, "PHONE", self.name, PHONE_SCORE)]
        return []

    def _windowed(self, unit: str, text: str, windows: list[tuple[int, int]]) -> list[Span]:
        """All windows in one `analyze` call (presidio costs ~30 us per call): joined by newlines, which none of
        these recognizers' patterns can cross, then offsets mapped back."""
        parts = [(max(0, lo), min(len(text), hi)) for lo, hi in merge_windows(windows)]
        if not parts:
            return []
        joined, starts, pos = [], [], 0
        for lo, hi in parts:
            starts.append(pos)
            joined.append(text[lo:hi])
            pos += hi - lo + 1
        spans = []
        for span in self._analyze(unit, "\n".join(joined), 0, pos):
            i = bisect.bisect_right(starts, span.start) - 1
            lo, hi = parts[i]
            start, end = lo + span.start - starts[i], lo + span.end - starts[i]
            if end <= hi:
                spans.append(Span(start, end, span.kind, span.source, span.score))
        return spans

    def _analyze(self, name: str, text: str, lo: int, hi: int) -> list[Span]:
        lo, hi = max(0, lo), min(len(text), hi)
        unit = presidio_unit(name)
        spans = []
        for r in unit.recognizer.analyze(text[lo:hi], [unit.entity], None):
            if r.score >= self.min_score:
                spans.append(Span(lo + r.start, lo + r.end, unit.kind, self.name, float(r.score)))
        return spans


def _is_country_code(pair: str) -> bool:
    return len(pair) == 2 and pair.isascii() and pair.isalpha() and pair.isupper()




def _phone_shaped(run: str, digits: int) -> bool:
    """Worth asking phonenumbers: "+" and 8-15 digits, or a formatted 8-12 digit national number that is not a date.

    Unformatted digit strings are skipped: in agent context they are IDs, sizes and timestamps far more often than
    phone numbers (a known number can still be declared, which also matches its digit-only forms).
    """
    if run.startswith("+"):
        return 8 <= digits <= 15
    if not 8 <= digits <= 12 or len(_SEPARATOR_RE.split(run.strip("()"))) < 2:
        return False
    return not (_DATE_LIKE_RE.fullmatch(run) or _DECIMAL_RE.fullmatch(run) or _DOTTED_QUAD_RE.fullmatch(run)
                or _YEAR_RANGE_RE.fullmatch(run))


def _email_windows(text: str) -> list[tuple[int, int]]:
    windows = []
    at = text.find("@")
    while at >= 0:
        lo = at
        while lo > max(0, at - 65) and (text[lo - 1].isalnum() or text[lo - 1] in _EMAIL_LOCAL_PUNCT):
            lo -= 1
        hi = _end(_DOMAIN_RE, text, at + 1)
        # A file named after an address ("ana@example.org.vcf") fails the suffix check on ".vcf": labels that are
        # no registered domain's are cut from the end, so the address itself is still found.
        while text.count(".", at + 1, hi) > 1 and not split_host(text[at + 1 : hi])[1]:
            hi = text.rfind(".", at + 1, hi)
        if lo < at and "." in text[at + 1 : hi]:  # the recognizer needs a local part and a dotted domain
            windows.append((lo - 1, hi + 1))
        at = text.find("@", at + 1)
    return windows


def _url_windows(text: str, kind: str) -> list[tuple[int, int]]:
    windows = []
    for marker, back in (("://", 16),) if kind == "://" else (("www.", 0), ("WWW.", 0)):
        i = text.find(marker)
        while i >= 0:
            lo = i
            while lo > max(0, i - back) and (text[lo - 1].isalnum() or text[lo - 1] in "+.-"):
                lo -= 1
            hi = _end(_URL_TAIL_RE, text, i + len(marker))
            windows.append((lo - 1, hi + 1))
            i = text.find(marker, hi)
    return windows


def _ipv6_windows(text: str) -> list[tuple[int, int]]:
    """Runs of hex digits, colons and dots around "::" or ":h:h:" that parse as an address with 2+ groups (so the
    "[::2]" of a Python slice and "::1" are not sent to the recognizer: each call costs ~0.1 ms)."""
    windows = []
    n = len(text)
    scanned = 0  # each run is expanded once, however many triggers it holds
    for m in _IPV6_TRIGGER_RE.finditer(text):
        if m.start() < scanned:
            continue
        lo, hi = m.start(), m.end()
        while lo > 0 and text[lo - 1] in _IPV6_CHARS:
            lo -= 1
        while hi < n and text[hi] in _IPV6_CHARS:
            hi += 1
        scanned = hi
        if hi - lo <= MAX_IPV6_CHUNK and _plausible_ipv6(text[lo:hi]):
            windows.append((lo - 1, hi + 1))
    return windows


def _plausible_ipv6(chunk: str) -> bool:
    address = chunk.split("/")[0].split("%")[0]
    if sum(1 for group in address.split(":") if group) < 2:
        return False
    try:
        ipaddress.IPv6Address(address)
    except ValueError:
        return False
    return True


def _documentation_url(url: str) -> bool:
    """A link into public documentation (docs.python.org/3/library/re.html): a reference, not private data.
    One with a query, fragment-free or not, or with credentials stays redacted: those can carry anything."""
    rest = url.split("://", 1)[-1]
    host = rest.split("/", 1)[0]
    if "?" in rest or "@" in host or ":" in host:
        return False
    return is_doc_url(host, rest[len(host) :])


def _end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where `pattern`, one that matches the empty string (so always matches), stops when matched at `pos`."""
    m = pattern.match(text, pos)
    assert m is not None
    return m.end()


def _extend_url(text: str, span: Span) -> Span:
    """Presidio's URL regexes stop at the TLD when a port or odd path follows: extend over the rest of the URL,
    then drop trailing punctuation that belongs to the sentence."""
    end = _end(_URL_TAIL_RE, text, span.end)
    while end > span.start + 1 and text[end - 1] in _URL_TRAILING:
        end -= 1
    return Span(span.start, end, span.kind, span.source, span.score)


def _import_presidio() -> None:
    """Import presidio with torch and transformers hidden: its package pulls them in only for NLP engines we
    never use, and that costs ~8 s per process where the convert extra is installed."""
    if "presidio_analyzer" in sys.modules:
        return
    hidden = [m for m in ("torch", "transformers") if m not in sys.modules]
    # The ignore: typeshed allows only modules in sys.modules; None makes `import m` fail at once, leaving
    # nothing half-made
    sys.modules.update({m: None for m in hidden})  # type: ignore[misc]
    try:
        from edgeagent.export.gc_pause import gc_paused

        with gc_paused():
            import presidio_analyzer  # noqa: F401
    finally:
        for m in hidden:
            sys.modules.pop(m, None)


def _scheme_url_recognizer():
    # Any URL with a scheme, whether or not its host has a public TLD (presidio's "Standard Url" requires one, so
    # http://localhost:8080 or http://intranet.corp would pass).
    Pattern, recognizers = _presidio()
    scheme = Pattern("Any-scheme URL", r"(?i)(?:https?|ftps?|wss?|sftp|ssh)://[^\s<>\"'`\\]+", 0.6)
    return recognizers.UrlRecognizer(patterns=[scheme])


def _www_url_recognizer():
    # Schemeless URLs only with a www. host: presidio's bare "name.tld" pattern matches every "detect.py".
    Pattern, recognizers = _presidio()
    www = Pattern("www URL", r"(?i)(?<![\w.\-])(?=www\d{0,3}\.)" + recognizers.UrlRecognizer.BASE_URL_REGEX, 0.5)
    return recognizers.UrlRecognizer(patterns=[www])


def _ip_recognizer(*names: str):
    _, recognizers = _presidio()
    patterns = {p.name: p for p in recognizers.IpRecognizer.PATTERNS}
    return recognizers.IpRecognizer(patterns=_copy([patterns[n] for n in names]))


def _ssn_recognizer():
    _, recognizers = _presidio()
    return recognizers.UsSsnRecognizer(
        patterns=_copy([p for p in recognizers.UsSsnRecognizer.PATTERNS if p.score >= MIN_PRESIDIO_SCORE]))


def _presidio() -> tuple[Any, Any]:
    _import_presidio()
    from presidio_analyzer import Pattern, predefined_recognizers

    return Pattern, predefined_recognizers


@functools.cache
def presidio_unit(name: str) -> _Unit:
    """One recognizer of UNITS, built on first use and kept for the process: a text without "@" never pays for
    presidio's import (about a second, most of it spaCy, which its package imports) on account of e-mail."""
    kind, entity, factory = UNITS[name]
    return _Unit(kind, entity, factory())


def _copy(patterns: list) -> list:
    # Pattern objects cache their compiled regex; copies keep our recognizers from sharing state with presidio's.
    from presidio_analyzer import Pattern

    return [Pattern(p.name, p.regex, p.score) for p in patterns]


def _offline_email_recognizer():
    """presidio's EmailRecognizer validating domains against the bundled suffix list: it never fetches one."""
    _presidio()  # presidio imported the way it must be: without torch and transformers
    from presidio_analyzer.predefined_recognizers import EmailRecognizer

    extractor = tld_extractor()

    class OfflineEmailRecognizer(EmailRecognizer):
        def validate_result(self, pattern_text: str) -> bool:
            # A domain that is itself a public suffix ("a0@co.io") has no registrable part, but is still mail.
            found = extractor(pattern_text)
            return found.fqdn != "" or "." in found.suffix

    return OfflineEmailRecognizer()


# The recognizers PresidioPatterns runs, by the name its scans use: (placeholder kind, presidio entity, factory).
UNITS: dict[str, tuple[str, str, Callable[[], object]]] = {
    "email": ("EMAIL", "EMAIL_ADDRESS", _offline_email_recognizer),
    "url": ("URL", "URL", _scheme_url_recognizer),
    "www": ("URL", "URL", _www_url_recognizer),
    "iban": ("IBAN", "IBAN_CODE", lambda: _presidio()[1].IbanRecognizer()),
    "ipv4": ("IP", "IP_ADDRESS", lambda: _ip_recognizer("IPv4")),
    "ipv6": ("IP", "IP_ADDRESS", lambda: _ip_recognizer("IPv4_mapped", "IPv4_embedded", "IPv6")),
    "ssn": ("SSN", "US_SSN", _ssn_recognizer),
    "card": ("CREDIT_CARD", "CREDIT_CARD", lambda: _presidio()[1].CreditCardRecognizer()),
}
