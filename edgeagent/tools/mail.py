"""Mail tools over .eml files in the workspace (stdlib `email`); sending only writes outbox/NNN.eml."""

from __future__ import annotations

import re
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import EmailMessage
from email.utils import formatdate, getaddresses, make_msgid, parsedate_to_datetime
from pathlib import Path

from edgeagent.tools.base import (
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
from edgeagent.tools.eml import body_text, parse_mail
from edgeagent.tools.known_addresses import require_known
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


def _attachments(msg: EmailMessage) -> list[str]:
    out = []
    for part in msg.iter_attachments():
        payload = part.get_payload(decode=True) or b""
        out.append(f"{part.get_filename() or 'unnamed'} ({part.get_content_type()}, {len(payload)} bytes)")
    return out


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
    return "\n".join(head) + "\n\n" + (body or "(the message has no text)") + tail


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


def _recipients(to: str) -> str:
    addrs = getaddresses([to])
    bad = [name or addr for name, addr in addrs if not re.fullmatch(r"[^@\s<>]+@[^@\s<>]+", addr)]
    if not addrs or bad:
        raise ToolError(f"not an email address: {', '.join(bad) or to!r}; look it up with find_contact")
    return ", ".join(addr if not name else f"{name} <{addr}>" for name, addr in addrs)


def _next_name(ctx: ToolContext, folder: Path) -> str:
    """outbox/NNN.eml: the next free number, or the one this step already wrote before a crash (no double send)."""
    taken = sorted(int(p.stem) for p in folder.glob("*.eml") if p.stem.isdigit()) if folder.is_dir() else []
    if ctx.ledger is not None:
        for n in taken:
            rel = relative(ctx.workspace, folder / f"{n:03d}.eml")
            if ctx.ledger.effect(ctx.run_id, ctx.step_idx, rel) is not None:
                return f"{n:03d}.eml"
    return f"{(taken[-1] + 1) if taken else 1:03d}.eml"


def _compose(ctx: ToolContext, folder: str, to: str, subject: str, body: str) -> tuple[str, str]:
    for name, value in (("to", to), ("subject", subject)):
        if "\n" in value or "\r" in value:
            raise ToolError(f"{name} must be one line")
    if len(body) > MAX_STRING:
        raise ToolError(f"body is {len(body)} characters, over the {MAX_STRING} a message may hold here")
    msg = EmailMessage(policy=policy.SMTP)
    msg["From"] = DEFAULT_FROM  # the user has no address in the config yet
    msg["To"] = _recipients(to)
    require_known(ctx, to)
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain="localhost")
    msg.set_content(body)
    d = resolve_path(ctx, folder)
    if d.exists() and not d.is_dir():
        raise ToolError(f"{folder} is a file, so messages cannot be stored under it")
    name = _next_name(ctx, d)
    apply_effect(ctx, d / name, msg.as_bytes())
    return f"{folder}/{name}", msg["To"]


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
    Tool("send_mail", "send an email", {"to": _TO, "subject": _SUBJECT, "body": _BODY}, send_mail, True),
    Tool("draft_mail", "save an email as a draft without sending it", {"to": _TO, "subject": _SUBJECT, "body": _BODY},
         draft_mail, True),
]
