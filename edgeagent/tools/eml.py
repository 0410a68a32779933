"""Reading .eml messages as the mail tools show them: parsed with the stdlib, the body as text (HTML reduced).

Parsing is bounded: the stdlib's header parser is quadratic in a header's length (16,000 encoded words in one
Subject took 2 GB), and its MIME parser recurses once per nesting level (5,000 levels overflowed the stack)."""

from __future__ import annotations

from email.feedparser import BytesFeedParser
from email.message import EmailMessage
from email.policy import EmailPolicy

from edgeagent.tools.htmltext import html_text

MAX_DEPTH = 20  # MIME nesting read; a part nested deeper is kept as opaque bytes and not parsed
MAX_HEADER_CHARS = 8192  # one header's value (150 recipients fit); longer ones are cut before parsing
MAX_HEADER_TOTAL = 128 * 1024  # all header values of one message; past it each is cut to _SHORT_HEADER
_SHORT_HEADER = 256
CUT_MARK = "[header cut:"


class _Part(EmailMessage):
    """A message or part; one nested past MAX_DEPTH reads as application/octet-stream, so nothing recurses in."""

    too_deep = False

    def get_content_type(self) -> str:
        return "application/octet-stream" if self.too_deep else super().get_content_type()


def _text(value: str) -> str:
    """Raw 8-bit header bytes (RFC 6532 UTF-8, or a legacy charset) as text, not as surrogate escapes."""
    if value.isascii():
        return value
    raw = value.encode("ascii", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _cut(value: str, most: int) -> str:
    if len(value) <= most:
        return value
    head = value[:most]
    space = head.rfind(" ")
    head = head[:space] if space > most // 2 else head  # at a word's end: no encoded word cut in half
    return f"{head} {CUT_MARK} {len(value)} characters]"


class _BoundedPolicy(EmailPolicy):
    """policy.default, with each header value cut to a bound as it is read, before anything parses it."""

    def __init__(self, budget: list[int]) -> None:
        super().__init__(message_factory=_Part)
        object.__setattr__(self, "budget", budget)  # header characters this message may still store in full

    def header_source_parse(self, sourcelines: list[str]) -> tuple[str, str]:
        name, value = super().header_source_parse(sourcelines)
        budget: list[int] = getattr(self, "budget", [MAX_HEADER_TOTAL])  # a clone() may not carry it
        value = _cut(_text(value), MAX_HEADER_CHARS if budget[0] > 0 else _SHORT_HEADER)
        budget[0] -= len(value)
        return name, value


class _DepthBoundParser(BytesFeedParser):
    def _new_message(self) -> None:
        super()._new_message()  # type: ignore[misc]  # private in typeshed; stable since Python 3.3
        stack = getattr(self, "_msgstack", [])
        if len(stack) > MAX_DEPTH:
            stack[-1].too_deep = True


def parse_mail(data: bytes) -> EmailMessage:
    parser = _DepthBoundParser(policy=_BoundedPolicy([MAX_HEADER_TOTAL]))
    parser.feed(data)
    msg = parser.close()
    assert isinstance(msg, EmailMessage)
    return msg


def too_deep(msg: EmailMessage) -> int:
    """How many parts were nested past MAX_DEPTH and left unread."""
    return sum(1 for part in msg.walk() if getattr(part, "too_deep", False))


def depth_note(msg: EmailMessage) -> str:
    n = too_deep(msg)
    return f"\n[{n} MIME part(s) nested deeper than {MAX_DEPTH} levels were not read]" if n else ""


def body_text(msg: EmailMessage) -> str:
    """The message's text: its text/plain part, else its HTML part reduced to text."""
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
        if part is None:
            return ""
        content = part.get_content()
    except (LookupError, ValueError, KeyError):  # unknown charset or broken encoding: the raw payload, decoded loosely
        part = part or msg
        raw = part.get_payload(decode=True) or b""
        content = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else str(raw)
    if not isinstance(content, str):
        return ""
    return html_text(content) if part.get_content_subtype() == "html" else content.strip()
