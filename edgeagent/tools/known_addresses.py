"""An e-mail address the agent sends to or writes down must come from the user's request or files, never a guess.

Small models fill a recipient they have not looked up with a plausible one (vendor1@example.com); mail sent
there is data handed to a stranger, so the tools refuse it and say where to look instead."""

from __future__ import annotations

import re

from edgeagent.tools.base import ToolContext, find_files, read_bytes
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
