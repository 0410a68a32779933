"""Mail tools over .eml files in the workspace (stdlib `email`); sending only writes outbox/NNN.eml."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, getaddresses, make_msgid, parsedate_to_datetime
from pathlib import Path

from edgeagent.tools.base import (
    MAX_BODY,
    MAX_READ_CHARS,
    MAX_STRING,
    Tool,
    ToolContext,
    apply_effect,
    find_files,
    holds_word,
    near_hint,
    query_words,
    read_bytes,
    read_each,
    resolve_path,
    skipped_note,
)
from edgeagent.tools.eml import body_text, depth_note, parse_mail
from edgeagent.tools.known_addresses import refuse_secrets, require_known
from edgeagent.workspace.sandbox import ToolError, relative

MAX_LISTED = 60  # messages one listing or search shows
DEFAULT_FROM = "me@localhost"


def _header(msg: EmailMessage, name: str) -> str:
    """The decoded header; a malformed one (a phisher's "<<<bad@@") as written, decoded word by word."""
    try:
        value = msg.get(name)
        if value is not None and getattr(value, "defects", None):
            raise ValueError("malformed")
    except (ValueError, IndexError, TypeError):
        raw = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), "")
        try:
            value = str(make_header(decode_header(raw)))
        except (ValueError, LookupError, HeaderParseError):
            value = raw
    return " ".join(str(value or "").split())


def _date(msg: EmailMessage) -> str:
    try:
        return parsedate_to_datetime(_header(msg, "Date")).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, IndexError):
        return _header(msg, "Date") or "no date"


MAX_ATTACHMENTS = 30  # attachments one read_mail names; a message of 10,000 tiny parts must not flood a step


def _attachments(msg: EmailMessage) -> list[str]:
    out = []
    parts = [part for part in msg.iter_attachments() if not getattr(part, "too_deep", False)]  # noted apart
    for part in parts[:MAX_ATTACHMENTS]:
        payload = part.get_payload(decode=True) or b""
        out.append(f"{part.get_filename() or 'unnamed'} ({part.get_content_type()}, {len(payload)} bytes)")
    return out + ([f"{len(parts) - MAX_ATTACHMENTS} more not shown"] if len(parts) > MAX_ATTACHMENTS else [])


def _summary(rel: str, msg: EmailMessage) -> str:
    return (f"{rel} | {_date(msg)} | from: {_header(msg, 'From') or '?'} | "
            f"subject: {_header(msg, 'Subject') or '(no subject)'}")


def _mail_folders(ctx: ToolContext) -> str:
    folders = sorted({rel.rsplit("/", 1)[0] + "/" if "/" in rel else "./" for rel, _ in find_files(ctx, (".eml",))})
    return f"; folders holding mail: {', '.join(folders[:10])}" if folders else "; the workspace holds no .eml files"


def list_mail(ctx: ToolContext, folder: str) -> str:
    d = resolve_path(ctx, folder or ".")
    if not d.is_dir():
        raise ToolError(f"no such folder: {folder}{_mail_folders(ctx)}")
    files = [(rel, p) for rel, p in find_files(ctx, (".eml",), relative(ctx.workspace, d)) if p.parent == d]
    if not files:
        raise ToolError(f"{folder} holds no messages (.eml files){_mail_folders(ctx)}")
    got, skipped = read_each(ctx, files)
    lines = [_summary(rel, parse_mail(data)) for rel, data in got]
    more = f"\n[{len(lines) - MAX_LISTED} more not shown]" if len(lines) > MAX_LISTED else ""
    head = f"{len(lines)} message{'s' if len(lines) != 1 else ''} in {relative(ctx.workspace, d)}:\n"
    return head + "\n".join(lines[:MAX_LISTED]) + more + skipped_note(skipped)


def read_mail(ctx: ToolContext, path: str) -> str:
    p = resolve_path(ctx, path)
    if p.is_dir():
        raise ToolError(f"{path} is a folder; list its messages with list_mail")
    if not p.is_file():
        raise ToolError(f"no such message: {path}{near_hint(ctx, path, want_dir=False)}")
    data = read_bytes(ctx, p)
    if b"\x00" in data[:4096]:
        raise ToolError(f"{path} is a binary file, not an email message")
    msg = parse_mail(data)
    head = [f"{h}: {_header(msg, h)}" for h in ("From", "To", "Cc", "Date", "Subject") if _header(msg, h)]
    body = body_text(msg)
    if len(body) > MAX_READ_CHARS:
        body = body[:MAX_READ_CHARS] + f"\n[... {len(body) - MAX_READ_CHARS} more characters not shown]"
    att = _attachments(msg)
    tail = f"\n\nattachments: {'; '.join(att)}" if att else ""
    return "\n".join(head) + "\n\n" + (body or "(the message has no text)") + tail + depth_note(msg)


def search_mail(ctx: ToolContext, query: str) -> str:
    words = query_words(query)
    if not words:
        raise ToolError("query must hold at least one word")
    got, skipped = read_each(ctx, find_files(ctx, (".eml",)))
    if not got:
        raise ToolError("the workspace holds no mail (.eml files)")
    scored = []
    for rel, data in got:
        msg = parse_mail(data)
        text = " ".join([*(_header(msg, h) for h in ("From", "To", "Cc", "Subject")), body_text(msg)]).lower()
        scored.append((sum(holds_word(text, w) for w in words), rel, msg))
    full = [(rel, msg) for n, rel, msg in scored if n == len(words)]
    if full:
        head = f"{len(full)} message{'s' if len(full) != 1 else ''} hold{'s' if len(full) == 1 else ''} " \
               f"all of: {', '.join(words)}\n"
        shown = full
    else:
        best = max(n for n, _, _ in scored)
        if best == 0:
            return f"no message holds any of: {', '.join(words)} ({len(got)} messages searched){skipped_note(skipped)}"
        shown = [(rel, msg) for n, rel, msg in scored if n == best]
        head = f"no message holds all of: {', '.join(words)}; {len(shown)} hold {best} of them:\n"
    more = f"\n[{len(shown) - MAX_LISTED} more not shown]" if len(shown) > MAX_LISTED else ""
    return head + "\n".join(_summary(rel, msg) for rel, msg in shown[:MAX_LISTED]) + more + skipped_note(skipped)


def _recipients(to: str) -> list[Address]:
    """The recipients as Address objects: the header is built from them, so a display name is never parsed again
    (a comma in "Raman, Priya" stays one recipient)."""
    addrs = getaddresses([to])
    bad = [name or addr for name, addr in addrs if not re.fullmatch(r"[^@\s<>]+@[^@\s<>]+", addr)]
    if not addrs or bad:
        raise ToolError(f"not an email address: {', '.join(bad) or to!r}; look it up with find_contact")
    try:
        return [Address(display_name=name, addr_spec=addr) for name, addr in addrs]
    except (ValueError, IndexError, HeaderParseError):
        raise ToolError(f"not an email address: {to!r}; look it up with find_contact") from None


def _holds(ctx: ToolContext, path: Path, sha: str | None) -> bool:
    try:
        return hashlib.sha256(read_bytes(ctx, path)).hexdigest() == sha
    except (ToolError, OSError):
        return False


def _next_name(ctx: ToolContext, folder: Path) -> str:
    """outbox/NNN.eml: the next free number, or the one this step already wrote before a crash (no double send).

    A name this step only meant to write counts as its own while the file still holds what it wrote: another run
    may have taken the name after this one died, and a replay must not replace that message."""
    taken = sorted(int(p.stem) for p in folder.glob("*.eml") if p.stem.isdigit()) if folder.is_dir() else []
    if ctx.ledger is not None:
        for n in taken:
            path = folder / f"{n:03d}.eml"
            prior = ctx.ledger.effect(ctx.run_id, ctx.step_idx, relative(ctx.workspace, path))
            if prior is not None and _holds(ctx, path, prior["after_sha"]):
                return f"{n:03d}.eml"
    return f"{(taken[-1] + 1) if taken else 1:03d}.eml"


def _bad_char(value: str) -> str | None:
    """What makes `value` unfit for a header line: a control or line-separating character (\\v, \\x1c, U+2028,
    which the email package splits lines at), or a lone surrogate (not text, cannot be encoded)."""
    for i, c in enumerate(value):
        category = unicodedata.category(c)
        if category == "Cs":
            return f"a lone surrogate ({c!a} at position {i}), which is not text"
        if category in ("Cc", "Zl", "Zp"):
            return f"a control character ({c!a} at position {i})"
    return None


def _decoded(value: str) -> str:
    """The value with its RFC 2047 encoded words decoded, as a mail reader shows it."""
    try:
        return str(make_header(decode_header(value)))
    except (ValueError, LookupError, HeaderParseError, UnicodeError):
        return value


def _check_header_text(name: str, value: str) -> None:
    """One line of plain text, also once its encoded words are decoded: "=?utf-8?q?x=0D=0ABcc:...?=" is a line break."""
    for shown, text in (("", value), (" once its =?...?= encoded words are decoded", _decoded(value))):
        bad = _bad_char(text)
        if bad:
            raise ToolError(f"{name} holds {bad}{shown}; write it as one line of plain text")


# The email package's header parser and folder fail on some odd names and words with these (an AttributeError on
# '". -f" <a@b.example>' in 3.11): the model's text is at fault, so it is a tool error, not a failed run.
_EMAIL_BUGS = (ValueError, TypeError, AttributeError, IndexError, HeaderParseError, UnicodeError)


# The package's folding can split a long subject's encoded word in two (a garbled "J=C3=BCr" on one line): written
# unfolded instead, up to RFC 5322's 998 characters a line.
_UNFOLDED = policy.SMTP.clone(max_line_length=998)


def _headers(m: EmailMessage) -> list[tuple[str, str]]:
    return [(k.lower(), "".join(str(v).split())) for k, v in m.items()]


def _written(msg: EmailMessage) -> bytes:
    """The message's bytes, parsed back to exactly the headers that were set: a line break slipped into a header
    (CVE-2024-6923 on an unpatched interpreter) would add one, so nothing relies on the email package's patch level.
    Values are compared without whitespace: the package's folding may drop a space between encoded words."""
    meant = _headers(msg)
    for how in (policy.SMTP, _UNFOLDED):
        try:
            data = msg.as_bytes(policy=how)
            written = _headers(BytesParser(policy=policy.SMTP).parsebytes(data, headersonly=True))
        except _EMAIL_BUGS as e:
            raise ToolError(f"the to or subject cannot be written as a mail header ({type(e).__name__}); "
                            "write them as plain text") from None
        if [k for k, _ in written] != [k for k, _ in meant]:
            raise ToolError("the message would not be written with exactly its own headers (a line break in the "
                            "to or subject?); write them as plain text")
        if written == meant:
            return data
    raise ToolError("the subject cannot be written as a mail header as it is; write it as plain text")


def _message(to: str, subject: str, body: str) -> EmailMessage:
    for name, value in (("to", to), ("subject", subject)):
        if "\n" in value or "\r" in value:
            raise ToolError(f"{name} must be one line")
        _check_header_text(name, value)
    if any(unicodedata.category(c) == "Cs" for c in body):  # other control characters are text a body may hold
        raise ToolError(f"body holds {_bad_char(body)}; write it without that character")
    if len(body) > MAX_BODY:
        raise ToolError(f"body is {len(body)} characters, over the {MAX_BODY} a message may hold here")
    msg = EmailMessage(policy=policy.SMTP)
    msg["From"] = DEFAULT_FROM  # the user has no address in the config yet
    recipients = _recipients(to)
    try:
        msg["To"] = recipients
        msg["Subject"] = subject
        for name in ("To", "Subject"):  # as the policy's own parser read them: what it will write
            _check_header_text(name.lower(), str(msg[name]))
    except _EMAIL_BUGS as e:
        raise ToolError(f"the to or subject cannot be written as a mail header ({type(e).__name__}); "
                        "write them as plain text") from None
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain="localhost")
    msg.set_content(body)
    return msg


def _compose(ctx: ToolContext, folder: str, to: str, subject: str, body: str) -> tuple[str, str]:
    msg = _message(to, subject, body)
    require_known(ctx, to)
    refuse_secrets(ctx, to, DEFAULT_FROM, {"subject": subject, "body": body})
    data = _written(msg)
    d = resolve_path(ctx, folder)
    if d.exists() and not d.is_dir():
        raise ToolError(f"{folder} is a file, so messages cannot be stored under it")
    name = _next_name(ctx, d)
    apply_effect(ctx, d / name, data)
    return f"{folder}/{name}", str(msg["To"])


def send_mail(ctx: ToolContext, to: str, subject: str, body: str) -> str:
    rel, to = _compose(ctx, "outbox", to, subject, body)
    return f"sent to {to}; stored as {rel}"


def draft_mail(ctx: ToolContext, to: str, subject: str, body: str) -> str:
    rel, to = _compose(ctx, "drafts", to, subject, body)
    return f"draft to {to} saved as {rel} (not sent)"


_S = {"type": "string", "maxLength": 200}
_TO = {**_S, "description": "the recipient email address (several separated by commas)"}
_SUBJECT = {**_S, "description": "the subject line"}
_BODY = {"type": "string", "maxLength": MAX_STRING, "description": "the message text"}

MAIL_TOOLS = [
    Tool("list_mail", "list the messages in a mail folder (date, sender, subject)",
         {"folder": {**_S, "description": "a folder of .eml files, such as inbox"}}, list_mail),
    Tool("read_mail", "read one email: its headers, text and attachment names",
         {"path": {**_S, "description": "the message file, such as inbox/001.eml"}}, read_mail),
    Tool("search_mail", "find the emails whose sender, subject or text hold some words",
         {"query": {**_S, "description": "a few words to look for"}}, search_mail),
    Tool("send_mail", "send an email", {"to": _TO, "subject": _SUBJECT, "body": _BODY}, send_mail, True, body="body"),
    Tool("draft_mail", "save an email as a draft without sending it", {"to": _TO, "subject": _SUBJECT, "body": _BODY},
         draft_mail, True, body="body"),
]
