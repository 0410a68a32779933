"""Secrets assigned to a key that names one (`SMTP_PASSWORD=&@Pj(Vs8#U4`, `api_key: x9-...`), whatever they start with.

detect-secrets' keyword rule drops unquoted values that start with or hold symbols (its "not alphanumeric" and
"(" filters, meant for code), which is exactly what generated passwords look like in .env and YAML files.
"""

from __future__ import annotations

import re

from edgeagent.export.detect.language import zipf
from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case

# The key's last word names a secret: "SMTP_PASSWORD", "client_secret", "GITHUB_TOKEN", "apiKey", "db.pass".
_KEY = (r"(?:[a-z0-9_.\-]*?(?:password|passwd|passwort|passphrase|secret|token|api_?key|apikey|access_?key|"
        r"private_?key|secret_?key|auth_?key|credentials?)"
        r"|(?:[a-z0-9]+[_.\-])*(?:pass|pwd))")  # a short "pass" needs a separator before it: "bypass" is a word
_ASSIGN_RE = re.compile(  # run on lower-cased text; the value is read from the original at the same offsets
    rf"(?<![\w.\-$])(?:export[ \t]+)?(?P<key>{_KEY})[\"']?[ \t]*(?:=|:)[ \t]*"
    r"(?P<value>\"[^\"\n]{4,200}\"|'[^'\n]{4,200}'|[^\s\"'`][^\s]{3,199})"
)
# Values that name where a secret comes from rather than being one: $VAR, ${VAR}, %(x)s, {{ x }}, <your-key>, an
# attribute, a call or a subscript ("self.token", "get_password()", "os.environ['X']"), a file path (PWD=/home/x is
# the working directory; key_file: ~/.ssh/id_rsa a location).
_REFERENCE_RE = re.compile(
    r"\$\{?[A-Za-z_]|%\(|\{\{|<[\w-]|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$|[A-Za-z_][\w.]*(?:\(.*\)|\[.*\])[,;]?$|(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w{2,}[(\[]|\{\w"
    r"|~?/|\.\.?/|[A-Za-z]:\\"
)
_IDENTIFIER_RE = re.compile(r"[A-Za-z_]\w*")
_STAND_INS = frozenset({"none", "null", "nil", "true", "false", "undefined", "required", "optional", "changeme",
                        "change_me", "redacted", "xxxx", "xxxxxx", "****", "******", "...", "str", "string", "env",
                        "secret", "password", "token", "int", "bytes", "any", "object", "dict", "list"})
_NEEDLES = ("pass", "pwd", "pw", "secret", "token", "key", "credential", "psk", "code", "wachtwoord", "kennwort",
            "contrase", "senha", "hasło", "haslo", "パスワード", "密码")
# Prose that hands over a credential: "the pre-shared key for the old clients: 7Hq-vX2m-...", "the wifi password is
# Tr0ub4dor&3", "license key ABCD-1234-EF56". The value must look generated: letters and digits mixed, 8+ long.
_PROSE_RE = re.compile(
    r"(?:\b(?:password|passphrase|passcode|pw|pwd|pre-?shared key|psk|wi-?fi key|license key|licence key|product key|"
    r"recovery (?:key|code)|backup code|api key|access key|secret key|private key|token|"
    # the same in the other languages people write to it: de, fr, es, pt, nl, pl; ja and zh have no word breaks
    r"passwort|kennwort|mot de passe|contrase[ñn]a|senha|wachtwoord|has[łl]o)\b|パスワード|密码)"
    r"[^\n:]{0,60}?(?::|：|\b(?:is|was|ist|lautet|est|es|é|to)\b|是|は)[ \t]*(?P<value>[^\s\"'`]{8,128})"
)


class SecretAssignments:
    """The value assigned to a password, secret, token or API-key name in .env, YAML, INI and shell lines: kind
    SECRET, replaced whole (with any brackets or quotes it holds). Code that reads a secret from elsewhere is left."""

    name = "secret-assignments"

    def detect(self, text: str) -> list[Span]:
        folded = fold_case(text)
        if not any(n in folded for n in _NEEDLES):
            return []
        spans = []
        for m in _ASSIGN_RE.finditer(folded):
            start, end = m.span("value")
            value = text[start:end]
            if value[:1] in "\"'":
                value, start = value[1:-1], start + 1
            else:  # unquoted: what ends the line of code or prose is not part of it
                value = value.rstrip(",;\"'`")
                for opening, closing in ("()", "[]", "{}"):
                    if value.endswith(closing) and value.count(closing) > value.count(opening):
                        value = value[:-1]  # "def f(password: str)": the bracket closes the signature
            end = start + len(value)
            line_start = folded.rfind("\n", 0, m.start()) + 1
            key = text[m.start("key") : m.end("key")]
            env_line = key.isupper() and not text[line_start : m.start("key")].replace("export", "").strip()
            if value.isdigit() and key.lower().endswith("token"):
                continue  # "tokens_per_token: 1024", "max_token=512": a count of a model's tokens
            if _secret_value(value, env_line):
                spans.append(Span(start, end, "SECRET", self.name))
        prose = [p for p in _prose_credentials(text, folded) if not any(p.start < s.end and s.start < p.end for s in spans)]
        return spans + prose


def _prose_credentials(text: str, folded: str) -> list[Span]:
    """A generated-looking value a sentence hands over after naming a credential (see `_PROSE_RE`)."""
    spans = []
    for m in _PROSE_RE.finditer(folded):
        start = m.start("value")
        value = text[start : m.end("value")].rstrip(".,;:!?)")
        letters, digits = sum(c.isalpha() for c in value), sum(c.isdigit() for c in value)
        if letters >= 2 and digits >= 2 and not _REFERENCE_RE.match(value) and "://" not in value and "@" not in value:
            spans.append(Span(start, start + len(value), "SECRET", SecretAssignments.name))
    return spans


def _secret_value(value: str, env_line: bool) -> bool:
    """A literal secret, not a stand-in or a reference. A bare word ("db_password") is a variable in code; in a
    .env line (`DB_PASSWORD=postgres`) it is the password."""
    if len(value) < 4 or value.lower() in _STAND_INS or " " in value or value.endswith(":"):
        return False
    if set(value) <= set("*x.-_#"):
        return False  # masked: "********", "xxxx-xxxx"
    if _REFERENCE_RE.match(value):
        return False
    return env_line or not _IDENTIFIER_RE.fullmatch(value) or any(c.isdigit() for c in value)


# Words that name a short code that opens something: a door, a gate, a parcel locker, a phone (lower case).
_CODE_WORDS = (r"door ?code|gate ?code|entry ?code|access ?code|alarm ?code|lock ?code|key ?code|lockbox(?: code)?|"
               r"pin(?: code)?|pincode|passcode|code porte|code de la porte|digicode|code d'accès|code d'entrée|"
               r"türcode|tür-code|zugangscode|torcode|kod(?: odbioru| dostępu| do drzwi)?|código(?: de acesso| de acceso)?|"
               r"codigo|codice(?: d'accesso| del portone)?|toegangscode|deurcode")
_CODE_RE = re.compile(  # on lower-cased text
    rf"(?<![\w-])(?:{_CODE_WORDS})(?:[ \t]+(?:is|ist|est|es|é|è|to|jest))?[ \t]*[:=#]?[ \t]*"
    r"(?P<value>(?=[a-z0-9 ]*\d)[a-z0-9]{3,10}(?:[ ]\d{2,4}){0,2})(?![\w-])"
)
# "admin/Eircom1985", "root:toor99": a login and its password joined, after the usual administrator logins.
_PAIR_RE = re.compile(r"(?<![\w-])(?:admin|administrator|root|user|login|pi|ubnt)[ \t]*[/:][ \t]*(?P<value>[^\s,;/@]{4,64})")
COMMON_ZIPF = 4.0  # a word this common after "SSID" is part of the sentence, not the network's name
_SSID_RE = re.compile(r"(?<![\w-])(?:ssid|wi-?fi name|network name|wlan)[ \t]*[:=]?[ \t]*(?P<value>[^\s,;'\"]{2,32})")


class AccessCodes:
    """Door, gate, locker and phone codes after the word that names one ("code porte 4821B", "kod odbioru 582 914"),
    a password joined to an administrator login ("admin/Eircom1985"): kind SECRET; a Wi-Fi network's name after
    "SSID" (often the family's name): kind ID."""

    name = "access-codes"

    def detect(self, text: str) -> list[Span]:
        low = fold_case(text)
        spans = [Span(m.start("value"), m.end("value"), "SECRET", self.name) for m in _CODE_RE.finditer(low)]
        for m in _PAIR_RE.finditer(low):
            value = text[m.start("value") : m.end("value")]
            if any(c.isdigit() for c in value) or not value.isalpha():  # "user:add" is an action, not a password
                spans.append(Span(m.start("value"), m.end("value"), "SECRET", self.name))
        spans += [Span(m.start("value"), m.end("value"), "ID", self.name) for m in _SSID_RE.finditer(low)
                  if zipf(m.group("value"), "en") < COMMON_ZIPF]  # "the SSID is hidden": no name given
        return spans
