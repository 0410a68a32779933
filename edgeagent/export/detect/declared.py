"""Declared secrets: values the user named, found however they are spelled in the context."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from edgeagent.config import MIN_DECLARED_LEN
from edgeagent.export.detect.spans import KIND_RE, Span
from edgeagent.export.normalize import normalize

# Between any two characters of a declared value: any whitespace run, or JSON-escaped whitespace (possibly
# double-escaped), since line wrapping / tokenisation can split a value anywhere.
_WS_ESCAPES = "|".join(f"{ord(c):04x}" for c in map(chr, range(0x3001)) if c.isspace())
_GAP = r"(?:\s|\\+[nrtf]|\\+u(?:" + _WS_ESCAPES + "))*"
# Between the letters and digits of a declared value: any run of other characters ("Project-Bluebird",
# "P.r.o.j.e.c.t", "Project_Bluebird"), including JSON escapes (\n, \", \u2014). One character per repetition,
# so a failed match backtracks linearly.
_SEPARATORS = r"(?:[^\w\\]|_|\\(?:[nrtf]|u[0-9a-fA-F]{4})?)*"
# Digit-only form of mostly-numeric values (cards, phones, accounts): separators people and tools insert.
_DIGIT_GAP = r"(?:[\s.\-/()]|\\+[nrtf])*"
_FILE_LINE_RE = re.compile(r"([A-Z][A-Z0-9_]*):\s+(.*)")
# Where a text was cut: its end or a line's (the digest puts one observation on a line; a tool result ends its
# part), or a truncation mark. Only punctuation and spaces may stand between a piece of a value and the cut.
# A line break may also be written escaped ("\\n" in a repr or JSON string).
_BEFORE_CUT = r"(?=(?:[^\w\n\\]|\\(?!\\*[nr]))*(?:\n|\\+[nr]|\Z)|\s*(?:…|\.\.\.))"
_AFTER_CUT = r"(?:\A|\n|\\+[nr]|…|\.\.\.)[^\w\n]*"


class DeclaredSecrets:
    """User-declared secret values, found however they are spelled in the context.

    Build from values (`"hunter2"`) or `(value, kind)` pairs, or with `from_file()`. A value is found regardless of
    case; with any run of characters other than letters and digits between any two of its letters and digits
    ("Project_Bluebird", "p.r.o.j.e.c.t bluebird"; values with fewer than 4 of them: whitespace only), or none;
    inside JSON strings, where its characters may appear escaped (`\\"`, `\\\\`, `\\u00e9`, `\\n`), also doubly; and,
    for mostly-numeric values (6+ digits), as its digits alone with spaces, dashes, dots, slashes or parentheses
    between them. Everything is one compiled regex (longest value first, so a value containing another wins).

    A piece of a value is the value where a text was cut (see `_pieces`): a prefix that ends at the end of the
    text or of a line or at "…", or a suffix that starts at one, with at least half of the value's letters and
    digits (and at least 4). Cut anywhere, a value leaves one piece that long, so no more than half of it can
    leave unreplaced; shorter pieces ("bird", "Proj") would replace ordinary words everywhere.

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
        self._pieces = [(pattern, kind) for value, kind in self.entries if (pattern := _pieces(value)) is not None]

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
        if self._folded is None or self._any_case is None:  # both or neither: made from the same entries
            return []
        if text.isascii():
            matches = self._folded.finditer(text.lower())
        else:
            matches = self._any_case.finditer(text)
        spans = [Span(m.start(), m.end(), self._kind_of(m.group()), self.name) for m in matches]
        return spans + [p for p in self._pieces_at_cuts(text) if not any(_overlap(p, s) for s in spans)]

    def _pieces_at_cuts(self, text: str) -> list[Span]:
        found = []
        for pattern, kind in self._pieces:
            for m in pattern.finditer(text):
                start, end = m.span("prefix") if m.group("prefix") is not None else m.span("suffix")
                found.append(Span(start, end, kind, self.name))
        return found

    def _kind_of(self, matched: str) -> str:
        for pattern, kind in self._kinds:
            if pattern.fullmatch(matched):
                return kind
        return "SECRET"  # unreachable: every match comes from one of the branches


def _overlap(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end


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


def _pieces(value: str) -> re.Pattern[str] | None:
    """Regex for the pieces of `value` at a cut: group "prefix" (a prefix ending at one) or "suffix" (a suffix
    starting at one), of at least half its letters and digits, with any separators between them; None for a value
    too short to have such pieces."""
    core = [c for c in value if c.isalnum()]
    least = max(MIN_DECLARED_LEN, -(-len(core) // 2))
    if len(core) <= least:
        return None
    chars = [_char_pattern(c, folded=False) for c in core]
    tail = ""
    for c in reversed(chars[least:-1]):  # nested optionals: the longest prefix first, backtracking one at a time
        tail = f"(?:{_SEPARATORS}{c}{tail})?"
    prefix = _SEPARATORS.join(chars[:least]) + tail
    suffixes = [_SEPARATORS.join(chars[i:]) for i in range(1, len(chars) - least + 1)]  # longest first
    start = r"(?<![^\W_])"
    end = r"(?![^\W_])"
    return re.compile(f"{start}(?P<prefix>{prefix}){_BEFORE_CUT}|{_AFTER_CUT}(?P<suffix>{'|'.join(suffixes)}){end}",
                      re.IGNORECASE)


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
