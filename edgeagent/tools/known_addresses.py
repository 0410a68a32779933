"""An e-mail address the agent sends to or writes down must come from the user's request or files, never a guess.

Small models fill a recipient they have not looked up with a plausible one (vendor1@example.com); mail sent
there is data handed to a stranger, so the tools refuse it and say where to look instead."""

from __future__ import annotations

import re
from collections import Counter
from email.utils import getaddresses
from pathlib import Path

from edgeagent.tools.base import ToolContext, find_files, read_bytes
from edgeagent.workspace.safeopen import open_regular
from edgeagent.workspace.sandbox import ToolError

ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
MAX_SCAN_BYTES = 64 * 2**20  # past this much text a missing address proves nothing: let it through


def addresses(text: str) -> set[str]:
    return {a.lower().strip(".") for a in ADDRESS.findall(text)}


def _mail_text(data: bytes) -> str:
    """A message's text as the mail tools decode it: quoted-printable or base64 bodies hide addresses."""
    from edgeagent.tools.eml import body_text, parse_mail

    return body_text(parse_mail(data))


def _scan(ctx: ToolContext, wanted: set[str]) -> tuple[set[str], set[str]]:
    """(the wanted addresses no text file holds, every address the files hold); nothing unknown past the cap."""
    known: set[str] = set()
    scanned = 0
    for rel, p in find_files(ctx, ("",)) if wanted else []:
        try:
            data = read_bytes(ctx, p)
        except (ToolError, OSError):
            continue  # too big, a hard link, gone
        if b"\x00" in data[:4096]:
            continue  # binary
        seen = data.decode("utf-8", "replace").lower()
        if rel.lower().endswith(".eml"):
            seen += "\n" + _mail_text(data).lower()
        known |= addresses(seen)
        wanted = {a for a in wanted if a not in seen}
        scanned += len(data)
        if not wanted or scanned > MAX_SCAN_BYTES:
            return set(), known
    return wanted, known


def _parts(address: str) -> set[str]:
    return {w for w in re.split(r"[._+-]", address.split("@")[0]) if len(w) >= 3}


def near(unknown: str, known: set[str], most: int = 3) -> list[str]:
    """Known addresses whose name part shares a word with the unknown one's (oskar@... → oskar.lind@...)."""
    scored = sorted((-len(_parts(unknown) & _parts(k)), k) for k in known)
    return [k for n, k in scored if n < 0][:most]


def require_known(ctx: ToolContext, text: str) -> None:
    """Refuse an address that was guessed; the message names the workspace's likely ones, or where to look."""
    unknown, known = _scan(ctx, addresses(text) - addresses(ctx.task))
    if not unknown:
        return
    alike = sorted({k for u in unknown for k in near(u, known)})
    hint = (f"addresses in the workspace that look alike: {', '.join(alike)}" if alike
            else "find the real one in the contacts, mail or files instead of guessing it")
    raise ToolError(f"{', '.join(sorted(unknown))}: no file in the workspace and nothing in the task holds "
                    f"{'this address' if len(unknown) == 1 else 'these addresses'}; {hint}")


# --- the user's own domains, and secrets that may not leave them --------------------------------------------------

WRITTEN_FOLDERS = ("outbox", "drafts")  # the agent writes these itself: no evidence of whose mailbox this is
MAX_HEAD_BYTES = 64 * 1024  # a header block longer than this is read only this far
MAX_MESSAGES = 5000  # received messages looked at to tell the user's domains
_RECIPIENT_LINE = re.compile(r"^(?:to|cc|delivered-to)[ \t]*:(.*(?:\r?\n[ \t].*)*)", re.IGNORECASE | re.MULTILINE)


def domain(address: str) -> str:
    return address.rsplit("@", 1)[-1].strip().strip(".").lower()


def _recipient_domains(ctx: ToolContext, rel: str, path: Path) -> set[str]:
    """The domains a message's To, Cc and Delivered-To lines name: its head read raw (no parser), at most
    MAX_HEAD_BYTES of it, through the sandbox."""
    with open_regular(ctx.workspace, path, rel, ctx.allow_hardlinks) as opened:
        data = opened[0].read(MAX_HEAD_BYTES) if opened is not None else b""
    head = re.split(rb"\r?\n\r?\n", data, maxsplit=1)[0].decode("utf-8", "replace")
    return {domain(a) for m in _RECIPIENT_LINE.finditer(head) for a in addresses(m.group(1))}


def own_domains(ctx: ToolContext, sender: str) -> set[str]:
    """The user's own mail domains: the sender's, and each that more than half of the received messages (mail
    outside outbox/ and drafts/ that names a recipient) went to. The project keeps no user address in its config;
    a majority means one planted message cannot make an attacker's domain the user's."""
    counts: Counter[str] = Counter()
    received = 0
    for rel, p in find_files(ctx, (".eml",))[:MAX_MESSAGES]:
        if rel.split("/", 1)[0] in WRITTEN_FOLDERS:
            continue
        try:
            found = _recipient_domains(ctx, rel, p)
        except (ToolError, OSError):
            continue
        received += bool(found)
        counts.update(found)
    return {domain(sender)} | {d for d, n in counts.items() if 2 * n > received}


def is_own(address: str, domains: set[str]) -> bool:
    d = domain(address)
    return any(d == own or d.endswith("." + own) for own in domains)


def _squash(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def refuse_secrets(ctx: ToolContext, to: str, sender: str, texts: dict[str, str]) -> None:
    """Refuse mail that carries a secret (ctx.find_secrets: declared values, keys, codes, card numbers) to an
    address outside the user's own domains, naming the kind, never the value. A task that names every such
    recipient and the value itself allows it."""
    if ctx.find_secrets is None:
        return
    own = own_domains(ctx, sender)
    outside = sorted({a.lower() for _, a in getaddresses([to]) if a and not is_own(a, own)})
    if not outside:
        return
    named, task = addresses(ctx.task), _squash(ctx.task)
    recipients_named = all(a in named for a in outside)
    found: dict[str, set[str]] = {}
    for where, text in texts.items():
        for kind, value in ctx.find_secrets(text):
            squashed = _squash(value or "")
            if not (recipients_named and squashed and squashed in task):
                found.setdefault(where, set()).add(kind)
    if found:
        what = "; ".join(f"the {where} holds {', '.join(sorted(kinds))}" for where, kinds in found.items())
        raise ToolError(f"not sent: {what}, a secret, and {', '.join(outside)} "
                        f"{'is' if len(outside) == 1 else 'are'} outside the user's own domains "
                        f"({', '.join(sorted(own))}); leave the secret out or send to an address in those domains. "
                        "Only a task that names this recipient and the value itself allows it")
