"""detect-secrets' plugins applied to whole texts: vendor tokens, private keys, JWTs, keyword assignments, entropy.

The vendor rules pair each plugin's `denylist` regexes with gates by position, so detect-secrets is pinned to the
1.5 series in pyproject.toml; `_vendor_rules` refuses to start if a plugin's regex count ever differs.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from edgeagent.export.detect.spans import Span, merge_windows
from edgeagent.export.detect.text import fold_case

# High-entropy candidates: base64/base64url/hex alphabet runs of >= 20 chars ('=' only as trailing padding). One scan
# finds them; the entropy rule and the vendor rules without a literal prefix only look at these tokens.
MIN_ENTROPY_LEN = 20
_TOKEN_RE = re.compile(rf"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{{{MIN_ENTROPY_LEN},}}={{0,2}}(?![A-Za-z0-9+/_\-])")
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
# Literals (lower-cased) some rule needs in a text without 20+ character tokens: URLs with credentials, .npmrc
# lines, Slack webhooks and tokens, private-key blocks.
_TEXT_NEEDLES = tuple(n.lower() for gates in _GATES.values() for g in gates if not g.token_min for n in g.needles) + (
    "private key", "putty-user-key-file")
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
    detect-secrets (which imports `requests`: half a second) loads on the first text that could hold a secret.
    """

    name = "detect-secrets"

    def __init__(self, keywords: bool = True, entropy: bool = True) -> None:
        self.keywords, self.entropy = keywords, entropy

    def detect(self, text: str) -> list[Span]:
        tokens = _long_tokens(text)
        lower = fold_case(text)
        if not tokens and not any(n in lower for n in (_KEYWORD_NEEDLES if self.keywords else ()) + _TEXT_NEEDLES):
            return []  # no 20+ character token, keyword, key block or URL: no plugin here could match
        return _plugins().detect(text, lower, tokens, self.keywords, self.entropy)


@functools.cache
def _plugins() -> _Plugins:
    return _Plugins()


class _Plugins:
    """The loaded plugins and the rules built from them, once per process."""

    name = SecretPlugins.name

    def __init__(self) -> None:
        from detect_secrets.filters import heuristic
        from detect_secrets.plugins import (
            high_entropy_strings,
            jwt,
            keyword,
            private_key,
        )

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
        self._keyword_line_re = re.compile("|".join(keyword.DENYLIST))  # applied to lower-cased lines
        self._keyword_rules = _keyword_rules(keyword)

    def detect(self, text: str, lower: str, tokens: list[tuple[int, int]], keywords: bool,
               entropy: bool) -> list[Span]:
        spans = self._vendor_spans(text, lower, tokens)
        if "PRIVATE KEY" in text or "PuTTY-User-Key-File" in text:
            spans += self._private_key_spans(text)
        if "eyJ" in text:
            spans += self._jwt_spans(text)
        if keywords:
            spans += self._keyword_spans(text, lower)
        if entropy:
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
        # The ignore: detect-secrets declares denylist an abstract property; these plugins set it on the class
        gates, regexes = _GATES[plugin.__name__], list(plugin.denylist)  # type: ignore[call-overload]
        if len(gates) != len(regexes):
            raise RuntimeError(f"detect-secrets {plugin.__name__} has {len(regexes)} regexes, expected {len(gates)} "
                               "(this code pairs them by position: install detect-secrets 1.5.x)")
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
    return merge_windows(windows, pad=0)


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
    head_match = _HEAD_RE.match(value)
    assert head_match is not None  # the pattern matches the empty string
    head = head_match.group().lower()
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


def _key_block_end(text: str, pos: int) -> int:
    end = _PEM_END_RE.search(text, pos)
    if end and "BEGIN" not in text[pos : end.start()]:
        return end.end()
    mac = _PUTTY_MAC_RE.search(text, pos)
    if mac and "BEGIN" not in text[pos : mac.start()]:
        return mac.end()
    body = _KEY_BODY_RE.match(text, pos)
    assert body is not None  # the pattern matches the empty string
    return body.end()


def _identifier_like(token: str) -> bool:
    pieces = _PIECE_RE.findall(token)
    if not pieces:
        return False
    digit_runs = sum(1 for piece in pieces if piece[0].isdigit())
    segments = len([seg for seg in _SEGMENT_SPLIT_RE.split(token) if seg])
    mean_piece = sum(map(len, pieces)) / len(pieces)
    return mean_piece >= MIN_IDENTIFIER_PIECE and digit_runs <= max(MAX_IDENTIFIER_DIGIT_RUNS, segments)
