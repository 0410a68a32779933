"""Login names written where only a login can stand, however plain they look ("hannya", "jsilva"):

* the user field of web server access logs (Common/Combined Log Format: `IP ident user [date] "request"`);
* a quoted name after user/role (`for user "auguste_roch"`, `user 'app'@'host'`) and `user=NAME` key-value pairs;
* the value of a .env or shell line that sets a user (`DB_USER=svc_billing`, `export PGUSER=etl`), and of an
  INI/TOML file's user key (`admin_user = joost` in a file with `[sections]`);
* a name on a platform ("add me on steam its kai_99", "I'm on Discord as Nyx#0420") or behind a report
  ("reported by erik.s"), when it looks like a handle (a digit, "_" or ".");
* "my username is NAME", "Benutzername: NAME" (the keyword says what follows is a login), "User NAME cannot log in";
* a name's handle in brackets after it, built from the name ("Edward Bennett (bennette)", "João Silva (jsilva)"),
  or the name in brackets after the handle ("hsaito (Hiro Saito)").

`Handles` (personal.py) asks plain words for a digit, "_" or "." after looser keywords; these places need none.
Each login found is then found everywhere else in the text by `KnownNames`.
"""

from __future__ import annotations

import re
import unicodedata

from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case, word_set

_LOGIN = r"[a-z_][a-z0-9._-]{1,31}"
_ACCESS_LOG_RE = re.compile(  # "203.0.113.7 - alice [10/Oct/2024:13:55:36 +0000] \"GET"
    r"(?m)^[ \t]*[0-9A-Fa-f.:]{3,45} +\S+ +(?P<u>[^\s\[\]\"]{2,64}) +\[[^\]\n]{6,40}\]"
)
_QUOTED_RE = re.compile(  # on lower-cased text
    rf"\b(?:user|role|login|username|owner)[ \t]+(?P<q>[\"'`])(?P<u>{_LOGIN})(?P=q)"
    rf"|(?<![\w.-])(?:user|username|login|uid|usr)=(?P<kv>{_LOGIN})(?![\w@-])"
)
# .env and shell lines that set a user: "DB_USER=svc_billing", "export PGUSER='etl_nightly'" (the key upper case, the
# value alone on its line, so code such as `user = request.user` is not one).
_ENV_USER_RE = re.compile(
    r"(?m)^[ \t]*(?:export[ \t]+)?[A-Z0-9_]*(?:USER|USERNAME|LOGIN)[ \t]*=[ \t]*([\"']?)"
    r"(?P<u>[a-z_][a-z0-9._-]{1,31})\1[ \t]*$"
)
# INI and TOML files: "admin_user = joost" under "[server]" (a file of sections, so code's `user = request.user`
# is not one; the value a bare login alone on its line).
_INI_SECTION_RE = re.compile(r"(?m)^[ \t]*\[[\w .\-]+\][ \t]*$")
_INI_USER_RE = re.compile(
    r"(?m)^[ \t]*[a-z0-9_.]*(?:user|username|login|owner)[ \t]*[=:][ \t]*([\"']?)(?P<u>[a-z_][a-z0-9._-]{1,31})\1[ \t]*$"
)
_PLATFORMS = (r"steam|discord|xbox(?: live)?|psn|playstation|switch|twitch|instagram|insta|tiktok|snapchat|snap|"
              r"telegram|github|gitlab|reddit|twitter|mastodon|bluesky|roblox|minecraft|fortnite|epic|battle\.net|"
              r"battlenet|signal|skype|slack|linkedin|kik|line|wechat|threads|youtube|spotify|duolingo|strava|chess\.com")
_PLATFORM_RE = re.compile(  # on lower-cased text
    rf"\b(?:on|add me on|find me on|follow me on|message me on|dm me on)[ \t]+(?:{_PLATFORMS})"
    r"(?:[ \t]+(?:too|also))?[ \t,]*(?:(?:it'?s|its|is|as|i'?m|im|called|named|under|at)[ \t]+)?[:@ \t]*"
    r"(?P<u>[\w][\w.#-]{1,38}[\w])"
    r"|\b(?:reported|raised|filed|opened|submitted|requested|flagged|logged)[ \t]+by[ \t]+(?P<r>[\w][\w.-]{1,38}[\w])"
)
_HANDLE_LIKE_RE = re.compile(r"(?=.*[^\W\d_])(?=.*[\d_.#])[\w.#-]+")  # letters with a digit, "_", "." or "#"
_SAYS_LOGIN_RE = re.compile(  # on lower-cased text
    r"\b(?:user ?name|login name|benutzer(?:name)?|nom d'utilisateur|identifiant|usuario|utente|gebruikersnaam"
    r"|nome utente|nome de usuário)"
    r"(?:[ \t]+(?:on|at|for|in|bei|auf|für|sur|pour|chez|en|para|em|no|na|su|per|op|voor)[ \t][^\n.:;,]{1,40}?)?"  # where
    r"[ \t]*(?:is|ist|est|es|è|é|was|:)[ \t]*(?:[\"'`])?"
    rf"(?P<u>{_LOGIN})(?![\w@(-]|[ \t]*\|)"  # not code: "username: str(...)", "username: bytes | str"
)
# Support tickets: "User jsmith cannot log in", "user kmeyer is locked out" (a lowercase word that is no noun here).
_USER_CANNOT_RE = re.compile(  # on lower-cased text
    rf"\buser[ \t]+(?P<u>{_LOGIN})[ \t]+(?:cannot|can't|can not|could not|couldn't|is unable|was unable|is locked"
    r"|was locked|got locked|has been locked|is blocked|failed to|fails to|keeps getting|reports|reported)\b"
)
_NAME_HANDLE_RE = re.compile(r"(?P<name>[A-ZÀ-Þ][\w'’-]+(?:[ \t]+[A-ZÀ-Þ][\w'’-]+){1,3})[ \t]+\((?P<u>[a-z][a-z0-9._-]{2,31})\)")
# The other way round, as ticket systems write it: "hsaito (Hiro Saito)".
_HANDLE_NAME_RE = re.compile(r"(?<![\w.@-])(?P<u>[a-z][a-z0-9._-]{2,31})[ \t]+\((?P<name>[A-ZÀ-Þ][\w'’-]+(?:[ \t]+[A-ZÀ-Þ][\w'’-]+){1,3})\)")
# What may follow "username is" without being one, and placeholders for a login.
_NOT_LOGINS = word_set("""
required invalid missing wrong empty taken incorrect correct not too the a an my your his her their our case unique
already available blank null none set unknown valid same different admin root user username login name example
changed correct shown displayed case-sensitive mandatory optional used stored your_username yourname username123
account accounts data profile profiles session sessions settings interface access accounts input group groups
still also just now then sometimes often never always suddenly who that which
str bytes int bool any none optional list dict object text string password pass present given specified
provided supplied self true false nil undefined
""")
MIN_NAME_PIECE = 4  # letters of a name word the handle must contain ("benn" of Bennett in "bennette")


class LoginNames:
    """Login names in places that only hold one: kind USERNAME (see the module doc for the places)."""

    name = "logins"

    def detect(self, text: str) -> list[Span]:
        found: list[tuple[int, int]] = []
        if "[" in text:
            found += [m.span("u") for m in _ACCESS_LOG_RE.finditer(text) if m.group("u") != "-"]
        folded = fold_case(text)
        if "user" in folded or "login" in folded or "uid=" in folded or "role" in folded or "owner" in folded:
            for m in _QUOTED_RE.finditer(folded):
                found.append(m.span("u") if m.group("u") else m.span("kv"))
        found += [m.span("u") for m in _SAYS_LOGIN_RE.finditer(folded)]
        if "USER" in text or "LOGIN" in text:
            found += [m.span("u") for m in _ENV_USER_RE.finditer(text)]
        if "[" in text and _INI_SECTION_RE.search(text):
            found += [m.span("u") for m in _INI_USER_RE.finditer(text)]
        for m in _PLATFORM_RE.finditer(folded):
            group = "u" if m.group("u") else "r"
            value = text[m.start(group) : m.end(group)].rstrip(".")
            if _HANDLE_LIKE_RE.fullmatch(value):
                found.append((m.start(group), m.start(group) + len(value)))
        found += [m.span("u") for m in _USER_CANNOT_RE.finditer(folded)]
        if "(" in text:
            found += [m.span("u") for m in (*_NAME_HANDLE_RE.finditer(text), *_HANDLE_NAME_RE.finditer(text))
                      if _from_name(m.group("u"), m.group("name"))]
        spans = []
        for start, end in found:
            value = text[start:end].rstrip(".")
            if value.lower() not in _NOT_LOGINS and len(value) >= 2:
                spans.append(Span(start, start + len(value), "USERNAME", self.name))
        return spans


def _from_name(handle: str, name: str) -> bool:
    """`handle` is built from `name`: it holds MIN_NAME_PIECE letters of one of its words ("jsilva", "mayolt")."""
    letters = "".join(c for c in unicodedata.normalize("NFKD", handle) if c.isalpha())
    for word in name.split():
        plain = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if c.isascii() and c.isalpha())
        if len(plain) >= MIN_NAME_PIECE and plain[:MIN_NAME_PIECE] in letters or len(plain) >= 3 and plain == letters:
            return True
    return False
