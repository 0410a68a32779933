"""Reading .eml messages as the mail tools show them: parsed with the stdlib, the body as text (HTML reduced)."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

from edgeagent.tools.htmltext import html_text


def parse_mail(data: bytes) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(data)


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
