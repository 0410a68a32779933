"""Sensitive-span detection for the export layer (pure: no I/O beyond reading a secrets file, no network).

Three built-in detectors feed `detect()`:

* `DeclaredSecrets` - values the user declared; matched robustly (case, whitespace, JSON escaping, digit forms).
* `SecretPlugins`   - detect-secrets' vendor-token regexes, PEM/JWT/keyword rules and a tuned high-entropy check.
* `PresidioPatterns` - presidio-analyzer's predefined pattern recognizers, run without any NLP engine.

Further detectors (NER, span proposals from the edge model, ...) plug in through the `Detector` protocol.
"""

from __future__ import annotations

import bisect
import ipaddress
import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

import regex

from .normalize import normalize

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
SOURCE_PRIORITY = {"declared": 0, "detect-secrets": 1, "provider-keys": 1, "presidio": 2}
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
# Between the letters and digits of a declared value: any run of other characters ("Project-Bluebird",
# "P.r.o.j.e.c.t", "Project_Bluebird"), including JSON escapes (\n, \", \u2014). One character per repetition,
# so a failed match backtracks linearly.
_SEPARATORS = r"(?:[^\w\\]|_|\\(?:[nrtf]|u[0-9a-fA-F]{4})?)*"
# Digit-only form of mostly-numeric values (cards, phones, accounts): separators people and tools insert.
_DIGIT_GAP = r"(?:[\s.\-/()]|\\+[nrtf])*"
_FILE_LINE_RE = re.compile(r"([A-Z][A-Z0-9_]*):\s+(.*)")


class DeclaredSecrets:
    """User-declared secret values, found however they are spelled in the context.

    Build from values (`"hunter2"`) or `(value, kind)` pairs, or with `from_file()`. A value is found regardless of
    case; with any run of characters other than letters and digits between any two of its letters and digits
    ("Project_Bluebird", "p.r.o.j.e.c.t bluebird"; values with fewer than 4 of them: whitespace only), or none;
    inside JSON strings, where its characters may appear escaped (`\\"`, `\\\\`, `\\u00e9`, `\\n`), also doubly; and,
    for mostly-numeric values (6+ digits), as its digits alone with spaces, dashes, dots, slashes or parentheses
    between them. Everything is one compiled regex (longest value first, so a value containing another wins).

    Secrets file (`from_file`), UTF-8 text, one value per line:

        # comment lines start with "#"; blank lines are ignored
        hunter2-admin                       -> kind SECRET
        EMAIL: alice.private@example.com    -> kind EMAIL: an upper-case KIND, a colon, whitespace, the value
        SECRET: NOTE: keeps its prefix      -> an explicit kind keeps a value that itself starts with "WORD: "

    Values are stripped and need at least 4 non-space characters; kinds match [A-Z][A-Z0-9_]*. A malformed line
    raises a one-line ValueError "<path>:<line>: <reason>".
    """

    name = "declared"

    def __init__(self, values: Iterable[str | tuple[str, str]] = (), kind: str = "SECRET") -> None:
        self.entries: list[tuple[str, str]] = []
        seen: set[str] = set()
        for item in values:
            value, item_kind = (item, kind) if isinstance(item, str) else item
            value = normalize(value).strip()  # as the payloads it is looked for in
            _check_declared(value, item_kind)
            key = "".join(value.split()).casefold()
            if key not in seen:
                seen.add(key)
                self.entries.append((value, item_kind))
        branches = sorted(
            ((len(value), kind, value) for value, kind in self.entries), key=lambda b: -b[0]
        )  # longest first: where two values match at one position, the longer wins
        any_case = [_alternation(value, folded=False) for _, _, value in branches]
        self._kinds = [(re.compile(pattern, re.IGNORECASE), kind) for pattern, (_, kind, _) in zip(any_case, branches)]
        # ASCII text (nearly all agent context, and all JSON dumped with ensure_ascii) is lower-cased once and
        # scanned case-sensitively: with literal first characters, re can skip ahead with a charset prefix, several
        # times faster than IGNORECASE. Other text takes the IGNORECASE regex.
        self._folded = _compile_alternation([_alternation(value, folded=True) for _, _, value in branches], 0)
        self._any_case = _compile_alternation(any_case, re.IGNORECASE)

    @classmethod
    def from_file(cls, path: str | Path) -> DeclaredSecrets:
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
        for pattern, kind in self._kinds:
            if pattern.fullmatch(matched):
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
    """Regex for one declared value: its letters and digits with any separators between (its own leading and
    trailing punctuation kept if present), or, where it has fewer than MIN_DECLARED_LEN of them, every character
    with optional whitespace between; plus a digits-only form for mostly-numeric values. `folded`: for lower-cased
    ASCII text, matched case-sensitively."""
    chars = [c for c in value if not c.isspace()]
    core = [i for i, c in enumerate(chars) if c.isalnum()]
    if len(core) >= MIN_DECLARED_LEN:
        lead, trail = chars[: core[0]], chars[core[-1] + 1 :]
        patterns = [_optional(lead, folded) + _SEPARATORS.join(_char_pattern(chars[i], folded) for i in core)
                    + _optional(trail, folded)]
    else:
        patterns = [_GAP.join(_char_pattern(c, folded) for c in chars)]
    digits = [c for c in chars if c.isdigit() and c.isascii()]
    if len(digits) >= 6 and len(digits) >= 0.6 * len(chars):
        patterns.append(_DIGIT_GAP.join(digits))
    return "|".join(patterns)


def _optional(chars: list[str], folded: bool) -> str:
    return "(?:" + _GAP.join(_char_pattern(c, folded) for c in chars) + ")?" if chars else ""


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
_DIGIT_RE, _LETTER_RE = re.compile(r"\d"), re.compile(r"[A-Za-z]")
_LOWER_RE, _UPPER_RE = re.compile(r"[a-z]"), re.compile(r"[A-Z]")
# Limits: detect-secrets' defaults (base64 4.5, hex 3.0 bits/char) are the ceiling. A random string of n chars
# cannot exceed log2(n) bits/char, so 4.5 misses most 20-32 char keys: below the ceiling we require log2(n) - 0.9
# for mixed-case tokens, log2(n) - 1.05 (ceiling 4.0) for single-case ones (a 36-char alphabet): about the 1st
# percentile of random strings of that length and alphabet. Tokens must contain a digit and a letter, and tokens
# that read as identifiers (below) are skipped. Measured: 1-5% of random 20-char keys missed, under 2% from 24
# chars; 0.26% of 18,600 distinct 20+ char tokens from Python/Markdown/JSON sources flagged without containing a hash.
BASE64_LIMIT = 4.5
SINGLE_CASE_LIMIT = 4.0
HEX_LIMIT = 3.0
ENTROPY_SLACK = 0.9
SINGLE_CASE_SLACK = 1.05
# Identifier test: code names split into long pieces (words, acronyms, short numbers) with few digit runs
# ("SmolLM2-135M-Instruct", "m001_runs_steps_calls"); random strings split into pieces of ~1.7 chars.
_PIECE_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SEGMENT_SPLIT_RE = re.compile(r"[-_/+]+")
MIN_IDENTIFIER_PIECE = 2.8
MAX_IDENTIFIER_DIGIT_RUNS = 2


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
    around: tuple[str, str] = ("", "")  # a character the token must be preceded / followed by


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
    "DiscordBotTokenDetector": [_Gate(token_min=24, pad=(0, 40), around=("", "."))],
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
    "PypiTokenDetector": [
        _Gate(("pypi-AgEIcHlwaS5vcmc",), token_min=20),
        _Gate(("pypi-AgENdGVzdC5weXBpLm9yZw",), token_min=20),
    ],
    "SendGridDetector": [_Gate(("SG.",), token_min=43, pad=(26, 0))],
    "SlackDetector": [_Gate(("xox",), lower=True), _Gate(("hooks.slack.com",), lower=True)],
    "SquareOAuthDetector": [_Gate(("sq0csp-",), token_min=20)],
    "StripeDetector": [_Gate(("k_live_",), token_min=20)],
    "TelegramBotTokenDetector": [_Gate(token_min=35, pad=(11, 0), around=(":", ""))],
    "TwilioKeyDetector": [_Gate(("AC",), token_min=34), _Gate(("SK",), token_min=34)],
}
_MAX_PAD = (max(g.pad[0] for gs in _GATES.values() for g in gs), max(g.pad[1] for gs in _GATES.values() for g in gs))

# detect-secrets' own JWT regex ends in a lazy `*?`, so it never includes the signature; same shape, greedy.
_JWT_RE = re.compile(r"eyJ[A-Za-z0-9_=-]+\.[A-Za-z0-9_=-]+(?:\.[A-Za-z0-9_.+/=-]*)?")
_PEM_END_RE = re.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
# Unterminated (truncated) key block: the rest of the BEGIN line, then base64 lines and "Header: value" lines.
_KEY_BODY_RE = re.compile(r"(?:-----)?(?:(?:\s|\\+[rn])+(?:[A-Za-z0-9+/=]{8,}|[A-Za-z][A-Za-z-]*:[^\n\\]*))*")
_PUTTY_MAC_RE = re.compile(r"Private-MAC:[ \t]*[0-9a-fA-F]+")

# KeywordDetector lines are found with str.find on these needles, then confirmed with its DENYLIST regex.
KEYWORD_WINDOW = (120, 400)  # chars before / after a keyword that its value (or compared value) may occupy
_KEYWORD_NEEDLES = ("key", "pass", "pwd", "secret", "contrase")
_KEYWORD_VALUE_STOPWORDS = frozenset(
    {
        "none", "null", "nil", "true", "false", "undefined", "str", "string", "bytes", "int", "bool", "any",
        "optional", "self", "cls", "os", "env", "environ", "getenv", "process", "config", "settings", "input",
        "getpass", "request", "args", "kwargs", "options", "params", "required", "secret", "password",
    }
)
_FOLDED_PLACEHOLDER_RE = re.compile(r"<[a-z][a-z0-9_]*_[1-9][0-9]*>")  # placeholders.PLACEHOLDER_RE, lower-cased
_TRIM_CHARS = " \t\r\n\"'`=:,;"
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_HEAD_RE = re.compile(r"[A-Za-z0-9_]*")
_CODE_CONTINUATION_RE = re.compile(r",\s|\s(?:or|and|if|else|for|in|is|not)\s")
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
        rules = _vendor_rules()
        self._text_rules = [(pattern, gate) for pattern, gate in rules if not gate.token_min]
        token_rules = [(pattern, gate) for pattern, gate in rules if gate.token_min]
        # Per candidate token: rules without needles, plus rules whose needle occurs in the token or in the few
        # characters before it that some rules read ("AccountKey=", "SG.", "aws ... key").
        self._bare_rules = [(pattern, gate) for pattern, gate in token_rules if not gate.needles]
        self._rules_by_needle: dict[str, list[tuple[re.Pattern[str], _Gate]]] = {}
        for pattern, gate in token_rules:
            for needle in gate.needles:
                self._rules_by_needle.setdefault(needle, []).append((pattern, gate))
        self._before_needles = {n for _, g in token_rules for n in g.needles if g.pad[0]}
        self._needle_re = re.compile("|".join(map(re.escape, sorted(self._rules_by_needle, key=len, reverse=True))))
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
        lower = _ascii_lower(text)
        spans = self._vendor_spans(text, lower, tokens)
        if "PRIVATE KEY" in text or "PuTTY-User-Key-File" in text:
            spans += self._private_key_spans(text)
        if "eyJ" in text:
            spans += self._jwt_spans(text)
        if self._keywords:
            spans += self._keyword_spans(text, lower)
        if self._entropy:
            candidates = tokens + _path_segments(text, tokens)
            spans += [Span(s, e, "SECRET", self.name) for s, e in candidates if self._high_entropy(text[s:e].rstrip("="))]
        return spans

    def _vendor_spans(self, text: str, lower: str, tokens: list[tuple[int, int]]) -> list[Span]:
        windows = [(p, gate, 0, len(text)) for p, gate in self._text_rules if _has_needle(gate, text, lower)]
        for start, end in tokens:
            before, after = text[start - 1 : start], text[end : end + 1]
            for pattern, gate in self._token_candidates(text, lower, start, end):
                if end - start < gate.token_min or gate.around[0] not in before or gate.around[1] not in after:
                    continue
                windows.append((pattern, gate, max(0, start - gate.pad[0]), min(len(text), end + gate.pad[1])))
        spans = []
        for pattern, gate, lo, hi in windows:
            for m in pattern.finditer(text, lo, hi):
                span = _trimmed(text, *m.span(gate.group))
                if span:
                    spans.append(Span(span[0], span[1], "SECRET", self.name))
        return spans

    def _token_candidates(self, text: str, lower: str, start: int, end: int) -> list[tuple[re.Pattern[str], _Gate]]:
        hits = set(self._needle_re.findall(text, start, end))
        before = max(0, start - _MAX_PAD[0])
        hits |= {n for n in self._before_needles if n in text[before:start] or n in lower[before:start]}
        rules = list(self._bare_rules)
        for needle in hits:
            rules += [rule for rule in self._rules_by_needle[needle] if rule not in rules]
        return rules

    def _private_key_spans(self, text: str) -> list[Span]:
        spans = []
        for pattern in self._pem_rules:
            for m in pattern.finditer(text):
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
        spans = []
        for lo, hi in _keyword_windows(lower, _KEYWORD_NEEDLES):
            if self._keyword_line_re.search(lower, lo, hi):
                spans += [Span(lo + s, lo + e, "SECRET", self.name) for s, e in self._keyword_values(text[lo:hi])]
        return spans

    def _keyword_values(self, line: str) -> list[tuple[int, int]]:
        if self._heuristic.is_indirect_reference(line):
            return []
        found = []
        for pattern, group, required in self._keyword_rules:
            if not all(any(n in line for n in options) for options in required):
                continue
            for m in pattern.finditer(line):
                trimmed = _trimmed(line, *m.span(group), cut=False)  # "password: two words" is one value
                if trimmed and _plausible_keyword_value(line[trimmed[0] : trimmed[1]], m.group(group), self._heuristic):
                    found.append(trimmed)
        return found

    def _high_entropy(self, token: str) -> bool:
        hex_only = _HEX_RE.fullmatch(token)
        if not hex_only and not (_DIGIT_RE.search(token) and _LETTER_RE.search(token)):
            return False
        if self._heuristic.is_sequential_string(token):
            return False
        if hex_only:
            return self._hex.calculate_shannon_entropy(token) > HEX_LIMIT
        if _identifier_like(token):
            return False
        if _LOWER_RE.search(token) and _UPPER_RE.search(token):
            limit = min(BASE64_LIMIT, math.log2(len(token)) - ENTROPY_SLACK)
        else:
            limit = min(SINGLE_CASE_LIMIT, math.log2(len(token)) - SINGLE_CASE_SLACK)
        return self._b64.calculate_shannon_entropy(token) >= limit


def _long_tokens(text: str) -> list[tuple[int, int]]:
    """Spans of _TOKEN_RE matches. Tokens never contain whitespace, so only whitespace-separated words of 20+ chars
    are scanned (str.split runs in C; a regex over all of a 4 KB text costs ~0.1 ms)."""
    tokens = []
    pos = 0
    for word in [w for w in text.split() if len(w) >= MIN_ENTROPY_LEN]:
        start = text.find(word, pos)
        pos = start + len(word)
        tokens += [m.span() for m in _TOKEN_RE.finditer(text, start, pos)]
    return tokens


def _path_segments(text: str, tokens: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The 20+ character segments of tokens that hold a "/": in "user/<token>" or "api/v1/<token>" the path words
    make the whole read as an identifier, so the token is also scored on its own."""
    segments = []
    for start, end in tokens:
        pos = start
        for part in text[start:end].split("/") if "/" in text[start:end] else ():
            if len(part) >= MIN_ENTROPY_LEN and len(part) < end - start:
                segments.append((pos, pos + len(part)))
            pos += len(part) + 1
    return segments


def _vendor_rules() -> list[tuple[re.Pattern[str], _Gate]]:
    from detect_secrets.plugins import (
        artifactory,
        aws,
        azure_storage_key,
        basic_auth,
        discord,
        github_token,
        gitlab_token,
        mailchimp,
        npm,
        openai,
        pypi_token,
        sendgrid,
        slack,
        square_oauth,
        stripe,
        telegram_token,
        twilio,
    )

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


def _has_needle(gate: _Gate, text: str, lower: str) -> bool:
    haystack = lower if gate.lower else text
    return any(n in haystack for n in gate.needles)


def _keyword_windows(text: str, needles: Sequence[str]) -> list[tuple[int, int]]:
    """Where a keyword occurs: its line, cut to KEYWORD_WINDOW chars around it (minified JSON is one huge line).

    Needles that are a placeholder's kind (`<secret_3>`) are skipped: strict mode's second pass sees many."""
    windows = []
    before, after = KEYWORD_WINDOW
    for needle in needles:
        i = text.find(needle)
        while i >= 0:
            if not (i > 0 and text[i - 1] == "<" and _FOLDED_PLACEHOLDER_RE.match(text, i - 1)):
                line_start = text.rfind("\n", max(0, i - before), i) + 1 or max(0, i - before)
                line_end = text.find("\n", i, i + after)
                windows.append((line_start, line_end if line_end >= 0 else min(len(text), i + after)))
            i = text.find(needle, i + len(needle))
    return _merged(windows, pad=0)


_QUOTES = ("'", '"', "`")


def _keyword_rules(keyword) -> list[tuple[re.Pattern[str], int, tuple[tuple[str, ...], ...]]]:
    """KeywordDetector regexes, the group holding the value, and substrings a line needs for each to match at all
    (checking those is far cheaper than running the regexes). Quoted forms (code, JSON) plus the unquoted
    `KEY=value` / `key: value` forms of .env and YAML files."""
    return [
        (keyword.FOLLOWED_BY_COLON_QUOTES_REQUIRED_REGEX, 5, ((":",), _QUOTES)),
        (keyword.PRECEDED_BY_EQUAL_COMPARISON_SIGNS_QUOTES_REQUIRED_REGEX, 2, (("==", "!="), _QUOTES)),
        (keyword.FOLLOWED_BY_EQUAL_SIGNS_QUOTES_REQUIRED_REGEX, 5, (("=",), _QUOTES)),
        (keyword.FOLLOWED_BY_QUOTES_AND_SEMICOLON_REGEX, 3, ((";",), _QUOTES)),
        (keyword.FOLLOWED_BY_ARROW_FUNCTION_SIGN_QUOTES_REQUIRED_REGEX, 4, (("=",), _QUOTES)),
        (keyword.FOLLOWED_BY_COLON_REGEX, 4, ((":",),)),
        (keyword.FOLLOWED_BY_EQUAL_SIGNS_REGEX, 5, (("=",),)),
    ]


def _plausible_keyword_value(value: str, raw: str, heuristic) -> bool:
    """Drop keyword 'values' that are code or templates rather than secrets (detect-secrets' heuristics + a few).

    `raw` is the regex group before trimming: "loader, model = ..." or "x if y else z" is code, not a value."""
    if len(value) < 4 or heuristic.is_templated_secret(value) or heuristic.is_prefixed_with_dollar_sign(value):
        return False
    if _CODE_CONTINUATION_RE.search(raw):
        return False
    if heuristic.is_not_alphanumeric_string(value) or "(" in value or "{{" in value:
        return False
    head = _HEAD_RE.match(value).group().lower()
    return head not in _KEYWORD_VALUE_STOPWORDS and not head.endswith(("_password", "_secret", "_key", "_token"))


def _trimmed(text: str, start: int, end: int, cut: bool = True) -> tuple[int, int] | None:
    """Narrow a regex match to the secret value itself: strip delimiters the plugin regex consumed and, with `cut`,
    stop at whitespace or a quote (vendor tokens have neither; npm's `npm_.+` runs to the end of the line)."""
    while start < end and text[start] in _TRIM_CHARS:
        start += 1
    stop = _CUT_RE.search(text, start, end) if cut else None
    if stop:
        end = stop.start()
    while end > start and text[end - 1] in _TRIM_CHARS:
        end -= 1
    return (start, end) if end > start else None


def _ascii_lower(text: str) -> str:
    """Lower-cased with offsets kept: str.lower() can change lengths outside ASCII ("İ" becomes two characters)."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)


def _key_block_end(text: str, pos: int) -> int:
    end = _PEM_END_RE.search(text, pos)
    if end and "BEGIN" not in text[pos : end.start()]:
        return end.end()
    mac = _PUTTY_MAC_RE.search(text, pos)
    if mac and "BEGIN" not in text[pos : mac.start()]:
        return mac.end()
    return _KEY_BODY_RE.match(text, pos).end()


def _identifier_like(token: str) -> bool:
    pieces = _PIECE_RE.findall(token)
    if not pieces:
        return False
    digit_runs = sum(1 for piece in pieces if piece[0].isdigit())
    segments = len([seg for seg in _SEGMENT_SPLIT_RE.split(token) if seg])
    mean_piece = sum(map(len, pieces)) / len(pieces)
    return mean_piece >= MIN_IDENTIFIER_PIECE and digit_runs <= max(MAX_IDENTIFIER_DIGIT_RUNS, segments)


# ---------------------------------------------------------------------------------------------------------------------
# presidio-analyzer pattern recognizers (no NLP engine, no spaCy model)
# ---------------------------------------------------------------------------------------------------------------------

# Presidio scores are meant to be boosted by context words via its NLP engine, which we do not run; without it a
# phone number scores 0.4 and a formatted SSN 0.5. 0.4 keeps those (a false positive costs one reversible
# placeholder, a false negative leaks) and drops the 0.05-0.1 "very weak" patterns: bare 9-digit numbers, "::".
MIN_PRESIDIO_SCORE = 0.4
PHONE_REGIONS = ("US", "GB", "DE", "FR", "IL", "IN", "CA", "BR")  # PhoneRecognizer.DEFAULT_SUPPORTED_REGIONS
PHONE_SCORE = 0.4  # PhoneRecognizer.SCORE
# Offline public-suffix data (bundled snapshot) plus private-network suffixes, so internal addresses count as email,
# and the reserved names of RFC 2606/6761 (.example, .test ...), which fill test data and staging configs.
PRIVATE_SUFFIXES = ("local", "internal", "corp", "lan", "intranet", "home.arpa", "example", "test", "invalid",
                    "localhost")

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
    recognizer: object


class PresidioPatterns:
    """presidio-analyzer's predefined recognizers called directly (`recognizer.analyze(text, entities, None)`).

    Recognizers: Email (domain checked against the bundled public-suffix list, never downloaded), CreditCard (Luhn),
    Iban (checksum), Ip (v4 and v6 separately), UsSsn (its formatted 0.5 pattern), Url (any http(s)/ftp/ws/ssh
    URL, and www. names with presidio's TLD regex: its bare "name.tld" pattern matches every "detect.py") and
    PhoneRecognizer's check (python-phonenumbers validation, see `_phone_spans`). Each runs only on small windows
    around its trigger (a numeric run of the right shape, "@", "://", "::"), which is what makes this fast.
    Importing presidio costs seconds (its package imports spaCy and transformers), so it happens here, not at
    module import.
    """

    name = "presidio"

    def __init__(self, min_score: float = MIN_PRESIDIO_SCORE, phone_regions: Sequence[str] = PHONE_REGIONS) -> None:
        self.min_score = min_score
        import phonenumbers

        self._phonenumbers = phonenumbers
        self._phone_regions = tuple(phone_regions)
        units = _presidio_units()
        self._email, self._url, self._www, self._iban, self._ipv4, self._ipv6, self._ssn, self._card = units

    def detect(self, text: str) -> list[Span]:
        spans = self._numeric_spans(text)
        if "@" in text:
            spans += self._windowed(self._email, text, _email_windows(text))
        if "://" in text:
            spans += [_extend_url(text, s) for s in self._windowed(self._url, text, _url_windows(text, "://"))]
        if "www." in text or "WWW." in text:
            spans += [_extend_url(text, s) for s in self._windowed(self._www, text, _url_windows(text, "www."))]
        spans += self._windowed(self._ipv6, text, _ipv6_windows(text))
        return spans

    def _numeric_spans(self, text: str) -> list[Span]:
        spans = []
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
        card_run = run.translate(_CARD_SEPARATORS)  # same length: offsets hold
        if digits >= 13 and _CARD_SHAPE_RE.search(card_run):
            window = text[max(0, start - 1) : start] + card_run + text[end : end + 1]
            offset = max(0, start - 1)
            found += [Span(offset + s.start, offset + s.end, s.kind, s.source, s.score)
                      for s in self._analyze(self._card, window, 0, len(window))]
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
        """All windows in one `analyze` call (presidio costs ~30 us per call): joined by newlines, which none of
        these recognizers' patterns can cross, then offsets mapped back."""
        parts = [(max(0, lo), min(len(text), hi)) for lo, hi in _merged(windows)]
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

    def _analyze(self, unit: _Unit, text: str, lo: int, hi: int) -> list[Span]:
        lo, hi = max(0, lo), min(len(text), hi)
        spans = []
        for r in unit.recognizer.analyze(text[lo:hi], [unit.entity], None):
            if r.score >= self.min_score:
                spans.append(Span(lo + r.start, lo + r.end, unit.kind, self.name, float(r.score)))
        return spans


def _is_country_code(pair: str) -> bool:
    return len(pair) == 2 and pair.isascii() and pair.isalpha() and pair.isupper()


def _merged(windows: list[tuple[int, int]], pad: int = 1) -> list[tuple[int, int]]:
    """Windows whose contents (inside `pad` boundary characters) overlap, joined: analysed once, not many times."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(windows):
        if out and lo + pad < out[-1][1] - pad:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


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


def _url_windows(text: str, kind: str) -> list[tuple[int, int]]:
    windows = []
    for marker, back in (("://", 16),) if kind == "://" else (("www.", 0), ("WWW.", 0)):
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


def _extend_url(text: str, span: Span) -> Span:
    """Presidio's URL regexes stop at the TLD when a port or odd path follows: extend over the rest of the URL,
    then drop trailing punctuation that belongs to the sentence."""
    end = _URL_TAIL_RE.match(text, span.end).end()
    while end > span.start + 1 and text[end - 1] in _URL_TRAILING:
        end -= 1
    return Span(span.start, end, span.kind, span.source, span.score)


def _import_presidio() -> None:
    """Import presidio with torch and transformers hidden: its package pulls them in only for NLP engines we
    never use, and that costs ~8 s per process where the convert extra is installed."""
    if "presidio_analyzer" in sys.modules:
        return
    hidden = [m for m in ("torch", "transformers") if m not in sys.modules]
    sys.modules.update({m: None for m in hidden})  # None makes `import m` fail at once, leaving nothing half-made
    try:
        import presidio_analyzer  # noqa: F401
    finally:
        for m in hidden:
            sys.modules.pop(m, None)


def _presidio_units() -> list[_Unit]:
    _import_presidio()
    from presidio_analyzer import Pattern
    from presidio_analyzer.predefined_recognizers import (
        CreditCardRecognizer,
        IbanRecognizer,
        IpRecognizer,
        UrlRecognizer,
        UsSsnRecognizer,
    )

    ip = {p.name: p for p in IpRecognizer.PATTERNS}
    # Any URL with a scheme, whether or not its host has a public TLD (presidio's "Standard Url" requires one, so
    # http://localhost:8080 or http://intranet.corp would pass); schemeless ones only with a www. host.
    scheme = Pattern("Any-scheme URL", r"(?i)(?:https?|ftps?|wss?|sftp|ssh)://[^\s<>\"'`\\]+", 0.6)
    www = Pattern("www URL", r"(?i)(?<![\w.\-])(?=www\d{0,3}\.)" + UrlRecognizer.BASE_URL_REGEX, 0.5)
    ssn = [p for p in UsSsnRecognizer.PATTERNS if p.score >= MIN_PRESIDIO_SCORE]
    return [
        _Unit("EMAIL", "EMAIL_ADDRESS", _offline_email_recognizer()),
        _Unit("URL", "URL", UrlRecognizer(patterns=[scheme])),
        _Unit("URL", "URL", UrlRecognizer(patterns=[www])),
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
    """The standard detector set: declared secrets (if any), detect-secrets, the provider keys it lacks, presidio,
    then hooks in `extra`."""
    from .provider_keys import ProviderKeys  # it imports Span from here

    detectors: list[Detector] = []
    if declared is not None and declared.entries:
        detectors.append(declared)
    detectors += [SecretPlugins(), ProviderKeys(), PresidioPatterns()]
    detectors += list(extra)
    return detectors
