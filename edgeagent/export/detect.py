"""Sensitive-span detection for the export layer (pure: no I/O beyond reading a secrets file, no network).

Three built-in detectors feed `detect()`:

* `DeclaredSecrets` - values the user declared; matched robustly (case, whitespace, JSON escaping, digit forms).
* `SecretPlugins`   - detect-secrets' vendor-token regexes, PEM/JWT/keyword rules and a tuned high-entropy check.
* `PresidioPatterns` - presidio-analyzer's predefined pattern recognizers, run without any NLP engine.

Further detectors (NER, span proposals from the edge model, ...) plug in through the `Detector` protocol.
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Protocol, Sequence, runtime_checkable

import regex

# ---------------------------------------------------------------------------------------------------------------------
# Spans and the detector hook
# ---------------------------------------------------------------------------------------------------------------------

KIND_RE = re.compile(r"[A-Z][A-Z0-9_]*")


@dataclass(frozen=True)
class Span:
    """A half-open range [start, end) of the scanned text that must not leave the device as-is.

    `kind` is the upper-case type used in placeholders (EMAIL, PHONE, CREDIT_CARD, IBAN, IP, SSN, URL, SECRET, or a
    user-declared kind); `source` names the detector ("declared", "presidio", "detect-secrets" or a hook's `name`).
    """

    start: int
    end: int
    kind: str
    source: str
    score: float = 1.0

    def text(self, s: str) -> str:
        return s[self.start : self.end]


@runtime_checkable
class Detector(Protocol):
    """Hook for span detectors: anything with a `name` and a pure `detect(text) -> list[Span]`.

    Contract: offsets index into exactly the `text` passed in; spans may overlap each other (`detect()` merges them);
    `kind` must match [A-Z][A-Z0-9_]* because it becomes part of the placeholder; `source` should be `name`. The call
    must not do I/O (in particular no network) and should be fast: it runs twice per export in strict mode. Spans from
    hooks rank below the built-in sources when overlaps are resolved (see `SOURCE_PRIORITY`).
    """

    name: str

    def detect(self, text: str) -> list[Span]: ...


# Lower wins when overlapping spans are merged: a user's declaration is the most specific knowledge we have.
SOURCE_PRIORITY = {"declared": 0, "detect-secrets": 1, "presidio": 2}
HOOK_PRIORITY = 3


def detect(text: str, detectors: Sequence[Detector]) -> list[Span]:
    """All spans found by `detectors`, sorted, with overlapping spans merged into one covering their union.

    The merged span takes kind/source/score from the best member (declared > detect-secrets > presidio > hooks, then
    longest): covering the union means nothing a detector flagged survives partially.
    """
    found = [s for d in detectors for s in d.detect(text) if 0 <= s.start < s.end <= len(text)]
    return merge_spans(found)


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """Merge overlapping spans (touching ones stay separate) into sorted, disjoint spans."""
    ordered = sorted(spans, key=lambda s: (s.start, -s.end))
    merged: list[Span] = []
    cluster: list[Span] = []
    end = -1
    for span in ordered:
        if cluster and span.start >= end:
            merged.append(_merge_cluster(cluster, end))
            cluster = []
        cluster.append(span)
        end = max(end, span.end) if len(cluster) > 1 else span.end
    if cluster:
        merged.append(_merge_cluster(cluster, end))
    return merged


def _merge_cluster(cluster: list[Span], end: int) -> Span:
    best = min(cluster, key=lambda s: (SOURCE_PRIORITY.get(s.source, HOOK_PRIORITY), s.start - s.end, s.start))
    start = cluster[0].start
    if best.start == start and best.end == end:
        return best
    return Span(start, end, best.kind, best.source, best.score)


# ---------------------------------------------------------------------------------------------------------------------
# Declared secrets
# ---------------------------------------------------------------------------------------------------------------------

MIN_DECLARED_LEN = 4  # shorter values would redact ordinary words everywhere
# Between any two characters of a declared value: any whitespace run, or JSON-escaped whitespace (possibly
# double-escaped), since line wrapping / tokenisation can split a value anywhere.
_WS_ESCAPES = "|".join(f"{ord(c):04x}" for c in map(chr, range(0x3001)) if c.isspace())
_GAP = r"(?:\s|\\+[nrtf]|\\+u(?:%s))*" % _WS_ESCAPES
# Digit-only form of mostly-numeric values (cards, phones, accounts): separators people and tools insert.
_DIGIT_GAP = r"(?:[\s.\-/()]|\\+[nrtf])*"
_FILE_LINE_RE = re.compile(r"([A-Z][A-Z0-9_]*):\s+(.*)")


class DeclaredSecrets:
    """User-declared secret values, found case-insensitively and across whitespace / JSON escaping.

    Build from values (`"hunter2"`) or `(value, kind)` pairs, or with `from_file()`. Everything is compiled into one
    regex (longest value first, so a value containing another wins).
    """

    name = "declared"

    def __init__(self, values: Iterable[str | tuple[str, str]] = (), kind: str = "SECRET") -> None:
        self.entries: list[tuple[str, str]] = []
        seen: set[str] = set()
        for item in values:
            value, item_kind = (item, kind) if isinstance(item, str) else item
            value = value.strip()
            _check_declared(value, item_kind)
            key = "".join(value.split()).casefold()
            if key not in seen:
                seen.add(key)
                self.entries.append((value, item_kind))
        branches = sorted(
            ((len(value), kind, value) for value, kind in self.entries), key=lambda b: -b[0]
        )  # longest first: where two values match at one position, the longer wins
        self._kinds = [(re.compile(_alternation(value, folded=False), re.IGNORECASE), kind) for _, kind, value in branches]
        # ASCII text (nearly all agent context, and all JSON dumped with ensure_ascii) is lower-cased once and
        # scanned case-sensitively: with literal first characters, re can skip ahead with a charset prefix, several
        # times faster than IGNORECASE. Other text takes the IGNORECASE regex.
        self._folded = _compile_alternation([_alternation(value, folded=True) for _, _, value in branches], 0)
        self._any_case = _compile_alternation([_alternation(value, folded=False) for _, _, value in branches], re.I)

    @classmethod
    def from_file(cls, path: str | Path) -> "DeclaredSecrets":
        """Read a secrets file: one value per line, optional `KIND: ` prefix, `#` comment lines, blank lines ignored."""
        entries: list[tuple[str, str]] = []
        text = Path(path).read_text(encoding="utf-8")
        for number, raw in enumerate(text.splitlines(), start=1):
            entry = _parse_secrets_line(raw)
            if entry is None:
                continue
            try:
                _check_declared(*entry)
            except ValueError as exc:
                raise ValueError(f"{path}:{number}: {exc}") from None
            entries.append(entry)
        return cls(entries)

    def detect(self, text: str) -> list[Span]:
        if self._folded is None:
            return []
        if text.isascii():
            matches = self._folded.finditer(text.lower())
        else:
            matches = self._any_case.finditer(text)
        return [Span(m.start(), m.end(), self._kind_of(m.group()), self.name) for m in matches]

    def _kind_of(self, matched: str) -> str:
        for regex, kind in self._kinds:
            if regex.fullmatch(matched):
                return kind
        return "SECRET"  # unreachable: every match comes from one of the branches


def _compile_alternation(patterns: list[str], flags: int) -> re.Pattern[str] | None:
    return re.compile("|".join(patterns), flags) if patterns else None


def _parse_secrets_line(raw: str) -> tuple[str, str] | None:
    line = raw.strip()
    if not line or line.startswith("#"):
        return None
    m = _FILE_LINE_RE.fullmatch(line)
    if m:
        return m.group(2).strip(), m.group(1)
    if KIND_RE.fullmatch(line[:-1] or "-") and line.endswith(":"):
        return "", line[:-1]  # "KIND:" with nothing after it: reported as an empty value
    return line, "SECRET"


def _check_declared(value: str, kind: str) -> None:
    if not KIND_RE.fullmatch(kind):
        raise ValueError(f"declared secret kind {kind!r} must match [A-Z][A-Z0-9_]*")
    if len("".join(value.split())) < MIN_DECLARED_LEN:
        raise ValueError(f"declared secret must have at least {MIN_DECLARED_LEN} non-space characters")


def _alternation(value: str, folded: bool) -> str:
    """Regex for one declared value: every character (or JSON escape of it) with optional whitespace between, plus
    a digits-only form for mostly-numeric values. `folded`: for lower-cased ASCII text, matched case-sensitively."""
    chars = [c for c in value if not c.isspace()]
    patterns = [_GAP.join(_char_pattern(c, folded) for c in chars)]
    digits = [c for c in chars if c.isdigit() and c.isascii()]
    if len(digits) >= 6 and len(digits) >= 0.6 * len(chars):
        patterns.append(_DIGIT_GAP.join(digits))
    return "|".join(patterns)


def _char_pattern(c: str, folded: bool) -> str:
    """One character of a declared value: itself (any case) or any of its JSON-escaped spellings."""
    if c.isascii() and c.isalnum():
        return re.escape(c.lower() if folded else c)
    if c == "\\":
        return r"\\+"  # raw, JSON-escaped or doubly escaped backslash
    forms = [] if folded and not c.isascii() else [re.escape(c)]
    if c in "\"/":
        forms = [r"\\*" + re.escape(c)]
    escaped = json.dumps(c)[1:-1]
    if escaped.startswith("\\") and escaped[1:2] in "bfnrt":
        forms.append(r"\\+" + escaped[1:])
    for variant in (c, c.lower(), c.upper()):
        if len(variant) == 1:
            forms.append(_unicode_escape(variant))
    return "(?:" + "|".join(dict.fromkeys(forms)) + ")"


def _unicode_escape(c: str) -> str:
    code = ord(c)
    if code <= 0xFFFF:
        return rf"\\+u{code:04x}"
    code -= 0x10000
    return rf"\\+u{0xD800 + (code >> 10):04x}\\+u{0xDC00 + (code & 0x3FF):04x}"


# ---------------------------------------------------------------------------------------------------------------------
# detect-secrets plugins
# ---------------------------------------------------------------------------------------------------------------------

# High-entropy candidates: base64/base64url/hex alphabet runs of >= 20 chars ('=' only as trailing padding). One scan
# finds them; the entropy rule and the vendor rules without a literal prefix only look at these tokens.
MIN_ENTROPY_LEN = 20
_TOKEN_RE = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{%d,}={0,2}(?![A-Za-z0-9+/_\-])" % MIN_ENTROPY_LEN)
_HEX_RE = re.compile(r"[0-9a-fA-F]+")
# detect-secrets' defaults are the ceiling. A random string of n chars cannot exceed log2(n) bits/char, so the
# default 4.5 misses most 20-32 char keys; below 64 chars we require log2(n) - 0.9 (about the 1st percentile of
# random base62 strings of that length) plus class-mixing checks that ordinary identifiers and paths fail.
BASE64_LIMIT = 4.5
HEX_LIMIT = 3.0
ENTROPY_SLACK = 0.9
MIN_CLASS_TRANSITIONS = 0.3
_CLASS_TABLE = str.maketrans(
    {**{chr(c): "u" for c in range(65, 91)}, **{chr(c): "l" for c in range(97, 123)}, **{str(d): "d" for d in range(10)}}
)


@dataclass(frozen=True)
class _Gate:
    """When a plugin regex runs. With `token_min`: only on windows around candidate tokens at least that long (`pad`
    extra chars before/after), and if `needles` are given, only windows containing one. Without: on the whole text,
    if one of `needles` occurs in it. `lower`: needles are looked up in lower-cased text."""

    needles: tuple[str, ...] = ()
    token_min: int = 0
    pad: tuple[int, int] = (0, 0)
    lower: bool = False
    group: int = 0  # regex group holding the secret value (0: whole match)


# Every vendor token is a run of 20+ base64url characters, so most rules only look at the few candidate tokens;
# needles are literals each match contains. Rules whose matches are not one token (URLs with credentials, .npmrc
# lines, Slack webhooks) check their needle on the whole text (`str.__contains__` runs in C).
_HEX_UPPER = "0123456789ABCDEF"
_GATES: dict[str, list[_Gate]] = {
    "AWSKeyDetector": [
        _Gate(("A3T", "ABIA", "ACCA", "AKIA", "ASIA"), token_min=20),
        _Gate(("aws",), token_min=40, pad=(60, 1), lower=True, group=1),
    ],
    "ArtifactoryDetector": [
        _Gate(("AKC",), token_min=MIN_ENTROPY_LEN, pad=(1, 1)),
        _Gate(tuple("AP" + c for c in _HEX_UPPER), token_min=MIN_ENTROPY_LEN, pad=(1, 1)),
    ],
    "AzureStorageKeyDetector": [_Gate(("AccountKey=",), token_min=20, pad=(11, 0))],
    "BasicAuthDetector": [_Gate(("://",), group=1)],
    "DiscordBotTokenDetector": [_Gate(token_min=24, pad=(0, 40))],
    "GitHubTokenDetector": [_Gate(("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), token_min=40)],
    "GitLabTokenDetector": [
        _Gate(("glpat-", "gldt-", "glft-", "glsoat-", "glrt-"), token_min=20),
        _Gate(("GR1348941",), token_min=20),
        _Gate(("glcbt-",), token_min=20),
        _Gate(("glimt-",), token_min=20),
        _Gate(("glptt-",), token_min=20),
        _Gate(("glagent-",), token_min=20),
        _Gate(("gloas-",), token_min=20),
    ],
    "MailchimpDetector": [_Gate(("-us",), token_min=36)],
    "NpmDetector": [_Gate(("_authToken",), group=1)],
    "OpenAIDetector": [_Gate(("T3BlbkFJ",), token_min=20)],
    "PypiTokenDetector": [_Gate(("pypi-AgEIcHlwaS5vcmc",), token_min=20), _Gate(("pypi-AgENdGVzdC5weXBpLm9yZw",), token_min=20)],
    "SendGridDetector": [_Gate(("SG.",), token_min=43, pad=(26, 0))],
    "SlackDetector": [_Gate(("xox",), lower=True), _Gate(("hooks.slack.com",), lower=True)],
    "SquareOAuthDetector": [_Gate(("sq0csp-",), token_min=20)],
    "StripeDetector": [_Gate(("k_live_",), token_min=20)],
    "TelegramBotTokenDetector": [_Gate(token_min=35, pad=(11, 0))],
    "TwilioKeyDetector": [_Gate(token_min=34), _Gate(token_min=34)],
}

# detect-secrets' own JWT regex ends in a lazy `*?`, so it never includes the signature; same shape, greedy.
_JWT_RE = re.compile(r"eyJ[A-Za-z0-9_=-]+\.[A-Za-z0-9_=-]+(?:\.[A-Za-z0-9_.+/=-]*)?")
_PEM_END_RE = re.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
# Unterminated (truncated) key block: the rest of the BEGIN line, then base64 lines and "Header: value" lines.
_KEY_BODY_RE = re.compile(r"(?:-----)?(?:(?:\s|\\+[rn])+(?:[A-Za-z0-9+/=]{8,}|[A-Za-z][A-Za-z-]*:[^\n\\]*))*")
_PUTTY_MAC_RE = re.compile(r"Private-MAC:[ \t]*[0-9a-fA-F]+")

# KeywordDetector lines are found with str.find on these needles, then confirmed with its DENYLIST regex.
_KEYWORD_NEEDLES = ("key", "pass", "pwd", "secret", "contrase")
_KEYWORD_VALUE_STOPWORDS = frozenset(
    "none null nil true false undefined str string bytes int bool any optional self cls os env environ getenv "
    "process config settings input getpass request args kwargs options params required secret password".split()
)
_FOLDED_PLACEHOLDER_RE = re.compile(r"<[a-z][a-z0-9_]*_[1-9][0-9]*>")  # placeholders.PLACEHOLDER_RE, lower-cased
_TRIM_CHARS = " \t\r\n\"'`=:,;"
_CUT_RE = re.compile(r"[\s\"'`]")


class SecretPlugins:
    """detect-secrets plugins applied to a whole text at once, reporting the exact offsets of each secret value.

    Vendor plugins (AWS, Artifactory, Azure storage, basic auth, Discord, GitHub, GitLab, Mailchimp, npm, OpenAI,
    PyPI, SendGrid, Slack, Square, Stripe, Telegram, Twilio) run their own `denylist` regexes behind cheap gates.
    On top: whole PEM/PuTTY private-key blocks (the plugin only matches the BEGIN line), JWTs validated with the
    plugin's `is_formally_valid`, KeywordDetector's assignment regexes on lines that mention a keyword (filtered with
    detect-secrets' heuristics), and high-entropy tokens with length-aware limits (see BASE64_LIMIT).
    """

    name = "detect-secrets"

    def __init__(self, keywords: bool = True, entropy: bool = True) -> None:
        from detect_secrets.filters import heuristic
        from detect_secrets.plugins import high_entropy_strings, jwt, keyword, private_key

        self._heuristic = heuristic
        self._rules = _vendor_rules()
        self._pem_rules = list(private_key.PrivateKeyDetector.denylist)
        self._jwt_valid = jwt.JwtTokenDetector.is_formally_valid
        self._b64 = high_entropy_strings.Base64HighEntropyString()
        self._hex = high_entropy_strings.HexHighEntropyString()
        self._keywords = keywords
        self._entropy = entropy
        self._keyword_line_re = re.compile("|".join(keyword.DENYLIST))  # applied to lower-cased lines
        self._keyword_rules = _keyword_rules(keyword)

    def detect(self, text: str) -> list[Span]:
        tokens = _long_tokens(text)
        lower = text.lower()
        spans = self._vendor_spans(text, lower, tokens)
        if "PRIVATE KEY" in text or "PuTTY-User-Key-File" in text:
            spans += self._private_key_spans(text)
        if "eyJ" in text:
            spans += self._jwt_spans(text)
        if self._keywords:
            spans += self._keyword_spans(text, lower)
        if self._entropy:
            spans += [Span(s, e, "SECRET", self.name) for s, e in tokens if self._high_entropy(text[s:e].rstrip("="))]
        return spans

    def _vendor_spans(self, text: str, lower: str, tokens: list[tuple[int, int]]) -> list[Span]:
        spans = []
        for regex, gate in self._rules:
            for lo, hi in _gate_windows(gate, text, lower, tokens):
                for m in regex.finditer(text, lo, hi):
                    span = _trimmed(text, *m.span(gate.group))
                    if span:
                        spans.append(Span(span[0], span[1], "SECRET", self.name))
        return spans

    def _private_key_spans(self, text: str) -> list[Span]:
        spans = []
        for regex in self._pem_rules:
            for m in regex.finditer(text):
                dashes = text.rfind("-----", max(0, m.start() - 6), m.start())
                start = dashes if dashes >= 0 else m.start()
                spans.append(Span(start, _key_block_end(text, m.end()), "SECRET", self.name))
        return spans

    def _jwt_spans(self, text: str) -> list[Span]:
        spans = []
        for m in _JWT_RE.finditer(text):
            token = m.group().rstrip(".")
            if not self._jwt_valid(token):
                token = ".".join(token.split(".")[:2])  # unverifiable signature: still redact header+payload
                if not self._jwt_valid(token):
                    continue
            spans.append(Span(m.start(), m.start() + len(token), "SECRET", self.name))
        return spans

    def _keyword_spans(self, text: str, lower: str) -> list[Span]:
        if len(lower) != len(text):  # rare: lower-casing changed lengths, offsets would not line up
            lower = text
        spans = []
        for line_start in _lines_containing(lower, _KEYWORD_NEEDLES):
            line_end = text.find("\n", line_start)
            line_end = len(text) if line_end < 0 else line_end
            if not self._keyword_line_re.search(lower, line_start, line_end):
                continue
            line = text[line_start:line_end]
            spans += [Span(line_start + s, line_start + e, "SECRET", self.name) for s, e in self._keyword_values(line)]
        return spans

    def _keyword_values(self, line: str) -> list[tuple[int, int]]:
        if self._heuristic.is_indirect_reference(line):
            return []
        found = []
        for regex, group in self._keyword_rules:
            for m in regex.finditer(line):
                trimmed = _trimmed(line, *m.span(group))
                if trimmed and _plausible_keyword_value(line[trimmed[0] : trimmed[1]], self._heuristic):
                    found.append(trimmed)
        return found

    def _high_entropy(self, token: str) -> bool:
        if self._heuristic.is_sequential_string(token):
            return False
        if _HEX_RE.fullmatch(token):
            return self._hex.calculate_shannon_entropy(token) > HEX_LIMIT
        if not (any(c.isdigit() for c in token) and _class_transitions(token) >= MIN_CLASS_TRANSITIONS):
            return False
        limit = min(BASE64_LIMIT, math.log2(len(token)) - ENTROPY_SLACK)
        return self._b64.calculate_shannon_entropy(token) >= limit


def _long_tokens(text: str) -> list[tuple[int, int]]:
    """Spans of _TOKEN_RE matches. Tokens never contain whitespace, so only whitespace-separated words of 20+ chars
    are scanned (str.split runs in C; a regex over all of a 4 KB text costs ~0.1 ms)."""
    tokens = []
    pos = 0
    for word in text.split():
        if len(word) >= MIN_ENTROPY_LEN:
            start = text.find(word, pos)
            pos = start + len(word)
            tokens += [m.span() for m in _TOKEN_RE.finditer(text, start, pos)]
    return tokens


def _vendor_rules() -> list[tuple[re.Pattern[str], _Gate]]:
    from detect_secrets.plugins import (
        artifactory, aws, azure_storage_key, basic_auth, discord, github_token, gitlab_token, mailchimp, npm, openai,
        pypi_token, sendgrid, slack, square_oauth, stripe, telegram_token, twilio,
    )  # fmt: skip

    plugins = [
        aws.AWSKeyDetector, artifactory.ArtifactoryDetector, azure_storage_key.AzureStorageKeyDetector,
        basic_auth.BasicAuthDetector, discord.DiscordBotTokenDetector, github_token.GitHubTokenDetector,
        gitlab_token.GitLabTokenDetector, mailchimp.MailchimpDetector, npm.NpmDetector, openai.OpenAIDetector,
        pypi_token.PypiTokenDetector, sendgrid.SendGridDetector, slack.SlackDetector,
        square_oauth.SquareOAuthDetector, stripe.StripeDetector, telegram_token.TelegramBotTokenDetector,
        twilio.TwilioKeyDetector,
    ]  # fmt: skip
    rules = []
    for plugin in plugins:
        gates, regexes = _GATES[plugin.__name__], list(plugin.denylist)
        if len(gates) != len(regexes):
            raise RuntimeError(f"detect-secrets {plugin.__name__} has {len(regexes)} regexes, expected {len(gates)}")
        rules += list(zip(regexes, gates))
    return rules


def _gate_windows(gate: _Gate, text: str, lower: str, tokens: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if not gate.token_min:
        haystack = lower if gate.lower else text
        return [(0, len(text))] if any(n in haystack for n in gate.needles) else []
    before, after = gate.pad
    windows = []
    for start, end in tokens:
        if end - start >= gate.token_min:
            lo, hi = max(0, start - before), min(len(text), end + after)
            window = (lower if gate.lower else text)[lo:hi]
            if not gate.needles or any(n in window for n in gate.needles):
                windows.append((lo, hi))
    return windows


def _lines_containing(text: str, needles: Sequence[str]) -> list[int]:
    """Start offsets of lines containing a needle, ignoring needles that are a placeholder's kind (`<secret_3>`)."""
    starts = set()
    for needle in needles:
        i = text.find(needle)
        while i >= 0:
            if i > 0 and text[i - 1] == "<" and _FOLDED_PLACEHOLDER_RE.match(text, i - 1):
                i = text.find(needle, i + 1)
                continue
            starts.add(text.rfind("\n", 0, i) + 1)
            nxt = text.find("\n", i)
            i = -1 if nxt < 0 else text.find(needle, nxt)
    return sorted(starts)


def _keyword_rules(keyword) -> list[tuple[re.Pattern[str], int]]:
    # Quoted forms (code, JSON) plus the unquoted `KEY=value` / `key: value` forms of .env and YAML files.
    return [
        (keyword.FOLLOWED_BY_COLON_QUOTES_REQUIRED_REGEX, 5),
        (keyword.PRECEDED_BY_EQUAL_COMPARISON_SIGNS_QUOTES_REQUIRED_REGEX, 2),
        (keyword.FOLLOWED_BY_EQUAL_SIGNS_QUOTES_REQUIRED_REGEX, 5),
        (keyword.FOLLOWED_BY_QUOTES_AND_SEMICOLON_REGEX, 3),
        (keyword.FOLLOWED_BY_ARROW_FUNCTION_SIGN_QUOTES_REQUIRED_REGEX, 4),
        (keyword.FOLLOWED_BY_COLON_REGEX, 4),
        (keyword.FOLLOWED_BY_EQUAL_SIGNS_REGEX, 5),
    ]


def _plausible_keyword_value(value: str, heuristic) -> bool:
    """Drop keyword 'values' that are code or templates rather than secrets (detect-secrets' heuristics + a few)."""
    if len(value) < 4 or heuristic.is_templated_secret(value) or heuristic.is_prefixed_with_dollar_sign(value):
        return False
    if heuristic.is_not_alphanumeric_string(value) or "(" in value or "{{" in value:
        return False
    head = re.split(r"[^A-Za-z0-9_]", value, maxsplit=1)[0].lower()
    return head not in _KEYWORD_VALUE_STOPWORDS and not head.endswith(("_password", "_secret", "_key", "_token"))


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Narrow a regex match to the secret value itself: strip delimiters the plugin regex consumed."""
    while start < end and text[start] in _TRIM_CHARS:
        start += 1
    while end > start and text[end - 1] in _TRIM_CHARS:
        end -= 1
    cut = _CUT_RE.search(text, start, end)
    if cut:
        end = cut.start()
    return (start, end) if end > start else None


def _key_block_end(text: str, pos: int) -> int:
    end = _PEM_END_RE.search(text, pos)
    if end and "BEGIN" not in text[pos : end.start()]:
        return end.end()
    mac = _PUTTY_MAC_RE.search(text, pos)
    if mac and "BEGIN" not in text[pos : mac.start()]:
        return mac.end()
    return _KEY_BODY_RE.match(text, pos).end()


def _class_transitions(token: str) -> float:
    classes = token.translate(_CLASS_TABLE)
    changes = sum(1 for a, b in zip(classes, classes[1:]) if a != b)
    return changes / (len(token) - 1)


# ---------------------------------------------------------------------------------------------------------------------
# presidio-analyzer pattern recognizers (no NLP engine, no spaCy model)
# ---------------------------------------------------------------------------------------------------------------------

# Presidio scores are meant to be boosted by context words via its NLP engine, which we do not run; without it a
# phone number scores 0.4 and a formatted SSN 0.5. 0.4 keeps those (a false positive costs one reversible
# placeholder, a false negative leaks) and drops the 0.05-0.1 "very weak" patterns: bare 9-digit numbers, "::".
MIN_PRESIDIO_SCORE = 0.4
PHONE_REGIONS = ("US", "GB", "DE", "FR", "IL", "IN", "CA", "BR")  # PhoneRecognizer.DEFAULT_SUPPORTED_REGIONS
PHONE_SCORE = 0.4  # PhoneRecognizer.SCORE
# Offline public-suffix data (bundled snapshot) plus private-network suffixes, so internal addresses count as email.
PRIVATE_SUFFIXES = ("local", "internal", "corp", "lan", "intranet", "home.arpa")

# One scan finds every numeric run (digits with the separators people put in numbers); IBAN (two capitals before the
# run), SSN, card, phone and IPv4 recognizers then only look at windows around those runs. Recognizers see a window of the text that
# includes one neighbouring character on each side, so their \b and look-around assertions behave as on the full text.
# A few cheap scans find the triggers: numbers with 8+ digits (with the separators people put in them: SSN, card,
# phone), dotted quads (IPv4) and two capitals + two digits (IBAN start). The `regex` module is used where it scans
# several times faster than `re` (measured on the bench payloads).
_LONG_NUMBER_RE = regex.compile(r"\d[\d \t().\-/]{7,}")  # then: at least 8 digits
_IPV4_RE = regex.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?:/\d{1,2})?")
_IBAN_START_RE = regex.compile(r"(?<![A-Z0-9])[A-Z]{2}\d\d")
_SSN_SHAPE_RE = re.compile(r"\d{3}([- .])\d{2}\1\d{4}")
_CARD_SHAPE_RE = re.compile(r"\d{4}[- ]?\d{3,4}[- ]?\d{3,4}[- ]?\d{1,5}")
_NUMBER_SEPARATORS = str.maketrans("", "", " \t().-/+")
_NUMBER_TRAILING = " \t(.-/"
_SEPARATOR_RE = re.compile(r"[ \t().\-/]+")
_DATE_LIKE_RE = re.compile(r"(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?:[ T]\d{1,2})?")
_DECIMAL_RE = re.compile(r"\d+\.\d+")
_DOTTED_QUAD_RE = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?")
IBAN_WINDOW = 44  # 34 chars at most, plus separators every 4
_EMAIL_LOCAL_PUNCT = frozenset("!#$%&'*+-/=?^_`{|}~.")
_DOMAIN_RE = re.compile(r"[\w.\-]{0,255}")
_URL_TAIL_RE = re.compile(r"[^\s<>\"'`|\\{}\[\]^]*")
_URL_TRAILING = ".,;:!?)\\"
_IPV6_CHARS = frozenset("0123456789abcdefABCDEF:.%/")
_IPV6_TRIGGER_RE = re.compile(r"::|:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:")  # ":"-led: re skips ahead fast


@dataclass(frozen=True)
class _Unit:
    kind: str
    entity: str
    recognizer: object


class PresidioPatterns:
    """presidio-analyzer's predefined recognizers called directly (`recognizer.analyze(text, entities, None)`).

    Recognizers: Email (domain checked against the bundled public-suffix list, never downloaded), CreditCard (Luhn),
    Iban (checksum), Ip (v4 and v6 separately), UsSsn (its formatted 0.5 pattern), Url (http(s)/ftp/ws/ssh URLs
    and www. names: presidio's bare "name.tld" pattern matches every "detect.py") and PhoneRecognizer's check
    (python-phonenumbers validation, see `_phone_spans`). Each runs only on small windows around its trigger (a
    numeric run of the right shape, "@", "://", "::"), which is what makes this fast. Importing presidio costs seconds (its package imports spaCy and
    transformers), so it happens here, not at module import.
    """

    name = "presidio"

    def __init__(self, min_score: float = MIN_PRESIDIO_SCORE, phone_regions: Sequence[str] = PHONE_REGIONS) -> None:
        self.min_score = min_score
        import phonenumbers

        self._phonenumbers = phonenumbers
        self._phone_regions = tuple(phone_regions)
        self._email, self._url, self._iban, self._ipv4, self._ipv6, self._ssn, self._card = _presidio_units()

    def detect(self, text: str) -> list[Span]:
        spans = self._numeric_spans(text)
        if "@" in text:
            spans += self._windowed(self._email, text, _email_windows(text))
        if "://" in text or "www." in text or "WWW." in text:
            spans += [_extend_url(text, s) for s in self._windowed(self._url, text, _url_windows(text))]
        spans += self._windowed(self._ipv6, text, _ipv6_windows(text))
        return spans

    def _numeric_spans(self, text: str) -> list[Span]:
        spans = []
        if _IBAN_START_RE.search(text):
            for m in _IBAN_START_RE.finditer(text):
                line_end = text.find("\n", m.start())
                hi = m.start() + IBAN_WINDOW if line_end < 0 else min(line_end, m.start() + IBAN_WINDOW)
                spans += self._analyze(self._iban, text, m.start() - 1, hi)
        for m in _IPV4_RE.finditer(text):
            spans += self._analyze(self._ipv4, text, m.start() - 1, m.end() + 1)
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
            found += self._analyze(self._ssn, text, start - 1, end + 1)
        if digits >= 13 and _CARD_SHAPE_RE.search(run):
            found += self._analyze(self._card, text, start - 1, end + 1)
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
        for region in (None,) if run.startswith("+") else self._phone_regions:
            try:
                number = self._phonenumbers.parse(run, region)
            except self._phonenumbers.NumberParseException:
                continue
            if self._phonenumbers.is_valid_number(number):
                return [Span(start, end, "PHONE", self.name, PHONE_SCORE)]
        return []

    def _windowed(self, unit: _Unit, text: str, windows: list[tuple[int, int]]) -> list[Span]:
        return [span for lo, hi in windows for span in self._analyze(unit, text, lo, hi)]

    def _analyze(self, unit: _Unit, text: str, lo: int, hi: int) -> list[Span]:
        lo, hi = max(0, lo), min(len(text), hi)
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
    return not (_DATE_LIKE_RE.fullmatch(run) or _DECIMAL_RE.fullmatch(run) or _DOTTED_QUAD_RE.fullmatch(run))


def _email_windows(text: str) -> list[tuple[int, int]]:
    windows = []
    at = text.find("@")
    while at >= 0:
        lo = at
        while lo > max(0, at - 65) and (text[lo - 1].isalnum() or text[lo - 1] in _EMAIL_LOCAL_PUNCT):
            lo -= 1
        hi = _DOMAIN_RE.match(text, at + 1).end()
        if lo < at and "." in text[at + 1 : hi]:  # the recognizer needs a local part and a dotted domain
            windows.append((lo - 1, hi + 1))
        at = text.find("@", at + 1)
    return windows


def _url_windows(text: str) -> list[tuple[int, int]]:
    windows = []
    for marker, back in (("://", 16), ("www.", 0), ("WWW.", 0)):
        i = text.find(marker)
        while i >= 0:
            lo = i
            while lo > max(0, i - back) and (text[lo - 1].isalnum() or text[lo - 1] in "+.-"):
                lo -= 1
            hi = _URL_TAIL_RE.match(text, i + len(marker)).end()
            windows.append((lo - 1, hi + 1))
            i = text.find(marker, hi)
    return windows


def _ipv6_windows(text: str) -> list[tuple[int, int]]:
    """Runs of hex digits, colons and dots around "::" or ":h:h:" that parse as an address with 2+ groups (so the
    "[::2]" of a Python slice and "::1" are not sent to the recognizer: each call costs ~0.1 ms)."""
    windows = []
    n = len(text)
    for m in _IPV6_TRIGGER_RE.finditer(text):
        if windows and m.start() < windows[-1][1]:
            continue
        lo, hi = m.start(), m.end()
        while lo > 0 and text[lo - 1] in _IPV6_CHARS:
            lo -= 1
        while hi < n and text[hi] in _IPV6_CHARS:
            hi += 1
        if _plausible_ipv6(text[lo:hi]):
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


def _extend_url(text: str, span: Span) -> Span:
    """Presidio's URL regexes stop at the TLD when a port or odd path follows: extend over the rest of the URL,
    then drop trailing punctuation that belongs to the sentence."""
    end = _URL_TAIL_RE.match(text, span.end).end()
    while end > span.start + 1 and text[end - 1] in _URL_TRAILING:
        end -= 1
    return Span(span.start, end, span.kind, span.source, span.score)


def _presidio_units() -> list[_Unit]:
    from presidio_analyzer import Pattern
    from presidio_analyzer.predefined_recognizers import (
        CreditCardRecognizer, IbanRecognizer, IpRecognizer, UrlRecognizer, UsSsnRecognizer,
    )  # fmt: skip

    ip = {p.name: p for p in IpRecognizer.PATTERNS}
    url = {p.name: p for p in UrlRecognizer.PATTERNS}
    www = Pattern("www URL", r"(?i)(?<![\w.\-])(?=www\d{0,3}\.)" + UrlRecognizer.BASE_URL_REGEX, 0.5)
    scheme = Pattern("Any-scheme URL", r"(?i)\b(?:https?|ftps?|wss?|sftp|ssh)://[^\s<>\"'`\\]+", 0.6)
    ssn = [p for p in UsSsnRecognizer.PATTERNS if p.score >= MIN_PRESIDIO_SCORE]
    return [
        _Unit("EMAIL", "EMAIL_ADDRESS", _offline_email_recognizer()),
        _Unit("URL", "URL", UrlRecognizer(patterns=_copy([url["Standard Url"], scheme, www]))),
        _Unit("IBAN", "IBAN_CODE", IbanRecognizer()),
        _Unit("IP", "IP_ADDRESS", IpRecognizer(patterns=_copy([ip["IPv4"]]))),
        _Unit("IP", "IP_ADDRESS", IpRecognizer(patterns=_copy([ip["IPv4_mapped"], ip["IPv4_embedded"], ip["IPv6"]]))),
        _Unit("SSN", "US_SSN", UsSsnRecognizer(patterns=_copy(ssn))),
        _Unit("CREDIT_CARD", "CREDIT_CARD", CreditCardRecognizer()),
    ]


def _copy(patterns: list) -> list:
    # Pattern objects cache their compiled regex; copies keep our recognizers from sharing state with presidio's.
    from presidio_analyzer import Pattern

    return [Pattern(p.name, p.regex, p.score) for p in patterns]


def _offline_email_recognizer():
    """presidio's EmailRecognizer validating domains against the bundled suffix list: it never fetches one."""
    import tldextract
    from presidio_analyzer.predefined_recognizers import EmailRecognizer

    extractor = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, extra_suffixes=PRIVATE_SUFFIXES)

    class OfflineEmailRecognizer(EmailRecognizer):
        def validate_result(self, pattern_text: str) -> bool:
            return extractor(pattern_text).fqdn != ""

    return OfflineEmailRecognizer()


# ---------------------------------------------------------------------------------------------------------------------


def default_detectors(declared: DeclaredSecrets | None = None, extra: Sequence[Detector] = ()) -> list[Detector]:
    """The standard detector set: declared secrets (if any), detect-secrets, presidio, then hooks in `extra`."""
    detectors: list[Detector] = []
    if declared is not None and declared.entries:
        detectors.append(declared)
    detectors += [SecretPlugins(), PresidioPatterns()]
    detectors += list(extra)
    return detectors
