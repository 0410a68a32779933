"""People's names in the places a text reserves for one, where NER reads them poorly (ALL CAPS form fields, a name
alone on a line, lower-case chat):

* `NameFields` - the value of a field that holds a name: "SURNAME: KOHL", "Vorname: Jan", `"name": "Ann Lee"`,
                 `customer="Levi Sales"`, `c.last_name = 'Cole'`; and a city's or company's (`city="Málaga"`,
                 "EMPLOYER: BLOM BV");
* `Greetings`  - the name after a greeting ("Bonjour Philippine,", "hey annabel,") and the line after a sign-off
                 ("Cordialement,\\nHélène Marchand"); the signature on a message's last line ("Gruß, Merve", "- Grace");
* `AddressedNames` - the name after a verb of asking or telling in the text's language ("ask Precious", "dire à Hugo");
* `ChatSpeakers` - the sender in exported chat lines ("2023-12-11 19:06 - Adam: ...", "[11/12/23, 19:06] Adam: ...").
"""

from __future__ import annotations

import re

from edgeagent.export.detect.language import LANGUAGES, language_of, zipf
from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case, word_set

_WORD = r"[^\W\d_]+(?:['’\-][^\W\d_]+)*"
_PARTICLE = r"(?:van|von|de|der|den|da|di|del|du|le|la|dos|das|do|y|bin|al|ten|ter)"
_NAME = rf"{_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_WORD}){{0,3}}"  # one to four words, particles between

# Keys whose value is one name part (a single word is enough) or a whole name (two words or more).
_PART_KEYS = ("surname|last ?name|first ?name|given ?name|family ?name|forename|middle ?name|nachname|vorname|"
              "familienname|nom de famille|prénom|prenom|apellidos?|nombre|sobrenome|cognome|achternaam|voornaam")
_FULL_KEYS = ("name|full ?name|customer|customer ?name|client|client ?name|contact|contact ?name|author|assignee|"
              "reporter|requester|recipient|sender|employee|patient|guest|passenger|cardholder|account ?holder|"
              "nom|nome|naam")
# Keys whose value is a place or an organisation (one word is enough).
_PLACE_KEYS = ("city|town|ville|stadt|ort|wohnort|ciudad|cidade|città|citta|plaats|woonplaats|place ?of ?birth|"
               "birth ?place|geburtsort|lieu de naissance|hometown")
_ORG_KEYS = ("company|company ?name|employer|organi[sz]ation|firm|arbeitgeber|firma|empresa|société|societe|"
             "entreprise|employeur|azienda|datore di lavoro|bedrijf|werkgever|empregador")
_FIELD_RE = re.compile(  # on lower-cased text; keys in snake_case and camelCase too ("last_name", "lastName")
    r"(?<![\w-])(?:[a-z]\.)?(?P<key>"
    + "|".join(k.replace(" ?", "[ _]?") for k in (_PART_KEYS, _FULL_KEYS, _PLACE_KEYS, _ORG_KEYS))
    + r")[\"']?[ \t]*(?:=|:|==)[ \t]*(?P<q>[\"']?)"
)
_PART_KEY_RE = re.compile(_PART_KEYS.replace(" ?", "[ _]?"))
_PLACE_KEY_RE = re.compile(_PLACE_KEYS.replace(" ?", "[ _]?"))
_ORG_KEY_RE = re.compile(_ORG_KEYS.replace(" ?", "[ _]?"))
# An organisation's name may join words with "e", "&", "and" and end in a legal form ("Gomes e Filhos", "Blom BV").
_ORG_VALUE_RE = re.compile(
    rf"{_WORD}\.?(?:(?:[ \t]+(?:(?:&|and|und|et|e|y|en|of|de|du|van)[ \t]+)?|(?<=\.)){_WORD}\.?){{0,5}}")
_VALUE_RE = re.compile(_NAME)
# Values of name fields that are not anyone's name.
_NOT_NAMES = word_set("""
none null nil true false unknown n/a na tbd test example user admin string str required optional name value
default anonymous guest customer client contact sender recipient me you the a an
""")


_CONNECTORS = frozenset({"and", "und", "et", "e", "y", "en", "of"})


def _name_shaped(value: str, words_needed: int) -> bool:
    """Words that are Capitalised or ALL CAPS (a quoted value may be lower case in code), enough of them."""
    words = [w for w in re.findall(_WORD, value) if not re.fullmatch(_PARTICLE, w) and w not in _CONNECTORS]
    if len(words) < words_needed or any(w.lower() in _NOT_NAMES for w in words):
        return False
    return all(w[:1].isupper() for w in words)


class NameFields:
    """The value of a field that holds a person's name (kind PERSON), a city (LOCATION) or a company (ORG)."""

    name = "name-fields"

    def detect(self, text: str) -> list[Span]:
        folded = fold_case(text)
        spans = []
        for m in _FIELD_RE.finditer(folded):
            key = m.group("key")
            kind = "LOCATION" if _PLACE_KEY_RE.fullmatch(key) else "ORG" if _ORG_KEY_RE.fullmatch(key) else "PERSON"
            v = (_ORG_VALUE_RE if kind == "ORG" else _VALUE_RE).match(text, m.end())
            if not v:
                continue
            value = v.group()
            quote = m.group("q")
            if quote and not text.startswith(quote, v.end()):
                continue  # a quoted value must be the whole string: "name": "Ann Lee Ltd 2" is not
            if not quote:
                # Unquoted: the value ends at the line, two spaces (form columns) or punctuation.
                value = re.split(r"[ \t]{2,}", value)[0]
            line_start = folded.rfind("\n", 0, m.start()) + 1
            if folded[line_start : m.start()].strip() == "-":
                continue  # "- name: Build Docker Image": a step of a CI workflow
            one_word = kind != "PERSON" or _PART_KEY_RE.fullmatch(key) is not None
            if _name_shaped(value, 1 if one_word else 2):
                spans.append(Span(v.start(), v.start() + len(value), kind, self.name))
        return spans


# Words that open a greeting, in the languages people write to it (lower case).
GREETING_WORDS = ("hi", "hey", "hello", "dear", "hallo", "liebe", "lieber", "bonjour", "salut", "cher", "chère", "hola",
                  "olá", "oi", "ciao", "caro", "cara", "gentile", "beste", "lieve", "hej")
_GREETING_RE = re.compile(  # on lower-cased text
    r"(?m)(?:^|(?<=[:\n]))[ \t>]*(?:" + "|".join(GREETING_WORDS)
    + r"|sehr geehrte[r]?|querid[oa]|estimad[oa]|prezad[oa])[ \t]+"
    rf"(?P<name>{_NAME})[ \t]*[,!]"
)
_CLOSINGS = (r"best|regards|best regards|kind regards|warm regards|cheers|thanks|thank you|sincerely|yours|"
             r"cordialement|bien à vous|amitiés|bises|viele grüße|beste grüße|mit freundlichen grüßen|gruß|grüße|lg|vg|"
             r"saludos|un saludo|atenciosamente|abraços|cumprimentos|cordiali saluti|saluti|distinti saluti|groeten|"
             r"met vriendelijke groet|hartelijke groet|pozdrawiam|pozdrowienia")
CLOSING_WORDS = frozenset(w for phrase in _CLOSINGS.split("|") for w in phrase.split())  # "gruß", "regards"
_SIGN_OFF_RE = re.compile(  # on lower-cased text: the sign-off line, then the name line
    rf"(?m)^[ \t]*(?:{_CLOSINGS})[ \t]*[,.!]?[ \t]*\n[ \t]*(?P<name>[^\n]{{2,60}})$"
)
# The name after the sign-off on its line ("Gruß, Merve"), or after a dash on the last line ("- Grace").
_SIGNED_RE = re.compile(rf"(?m)^[ \t]*(?:(?:{_CLOSINGS})[ \t]*[,.!]|[-–—~])[ \t]*(?P<name>[^\n]{{2,60}})$")
_LIST_ITEM_RE = re.compile(r"[ \t]*(?:[-–—~*•+]|\d+[.)])[ \t]")
COMMON_ZIPF = 4.0  # a word alone on the last line, this common in any language, is no signature ("Thanks", "Danke")
# Words after a greeting that address no one in particular.
_NOT_ADDRESSEES = word_set("""
all everyone everybody team guys folks there again both world you friends colleagues sir madam y'all people
tous à todos tutti allemaal zusammen alle leute together support sales the
""")


class Greetings:
    """The name a greeting addresses and the name signed under a sign-off: kind PERSON."""

    name = "greetings"

    def detect(self, text: str) -> list[Span]:
        folded = fold_case(text)
        spans = []
        for m in _GREETING_RE.finditer(folded):
            words = m.group("name").split()
            if words[0] not in _NOT_ADDRESSEES and not (len(words) > 1 and text[m.start("name")].islower()
                                                        and len(words) > 2):
                spans.append(Span(m.start("name"), m.end("name"), "PERSON", self.name))
        for m in _SIGN_OFF_RE.finditer(folded):
            line = text[m.start("name") : m.end("name")].rstrip()
            name = _VALUE_RE.match(line)
            if name and name.group() == line and _name_shaped(line, 1) and line.split()[0].lower() not in _NOT_ADDRESSEES:
                spans.append(Span(m.start("name"), m.start("name") + len(line), "PERSON", self.name))
        spans += _signature(text, folded)
        return spans


def _signature(text: str, folded: str) -> list[Span]:
    """The name a message is signed with on its last line: after the sign-off or a dash ("Gruß, Merve", "- Grace"),
    or alone ("Daz") under a message that opens with a greeting."""
    body = text.rstrip()
    lo = body.rfind("\n") + 1
    if lo == 0:
        return []
    m = _SIGNED_RE.match(folded, lo, len(body))
    start = m.start("name") if m else lo + len(body[lo:]) - len(body[lo:].lstrip())
    line = body[start:].rstrip(" \t.!")
    name = _VALUE_RE.fullmatch(line)
    if name is None or not _name_shaped(line, 1) or len(line.split()) > 3 or line.split()[0].lower() in _NOT_ADDRESSEES:
        return []
    if m is None and not (len(line.split()) == 1 and _GREETING_RE.match(folded) and _rare(line)):
        return []  # a last word alone is a name only under a greeting, and only one no ordinary word spells
    if m is not None and folded[m.start():m.start("name")].strip() in "-–—~" and _LIST_ITEM_RE.match(_last_line(body[:lo])):
        return []  # "- Milk" under "- Eggs": the end of a list, not a signature
    return [Span(start, start + len(line), "PERSON", "greetings")]


def _last_line(text: str) -> str:
    text = text.rstrip()
    return text[text.rfind("\n") + 1 :]


def _rare(word: str) -> bool:
    return max(zipf(word, lang) for lang in LANGUAGES) < COMMON_ZIPF


# Exported chats: WhatsApp/Signal "2023-12-11 19:06 - Adam: ...", "[11/12/23, 19:06] Adam: ...", "12/11/23 7:06 PM - ".
_CHAT_RE = re.compile(  # the stamp is bracketed or followed by " - " (a syslog line, "03:13:02 sudo:", is neither)
    r"(?m)^[ \t]*(?:\[[^\]\n]{6,30}\][ \t]*|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4},?[ \t]+\d{1,2}:\d{2}(?::\d{2})?"
    rf"(?:[ \t]*[APap][Mm])?[ \t]+-[ \t]+)(?P<name>{_NAME}):[ \t]"
)


class ChatSpeakers:
    """The sender of each line of an exported chat: kind PERSON."""

    name = "chat-speakers"

    def detect(self, text: str) -> list[Span]:
        if ":" not in text:
            return []
        return [Span(m.start("name"), m.end("name"), "PERSON", self.name) for m in _CHAT_RE.finditer(text)
                if m.group("name")[0].isupper() and m.group("name").lower() not in _LOG_WORDS]


_LOG_WORDS = word_set("info warn warning error debug trace fatal critical notice note system")


# --- Columns of pasted tables -----------------------------------------------------------------------------------------

_PHONE_KEYS = "phone|phone ?number|tel|telephone|téléphone|telefon|telefone|teléfono|mobile|mobil|cell|handy|fax"
_LOGIN_KEYS = "user ?name|login|user|user ?id|handle|benutzername"
_COLUMN_KINDS = (
    (re.compile(_PART_KEYS.replace(" ?", "[ _]?") + "|" + _FULL_KEYS.replace(" ?", "[ _]?")), "PERSON"),
    (_PLACE_KEY_RE, "LOCATION"),
    (_ORG_KEY_RE, "ORG"),
    (re.compile(_PHONE_KEYS.replace(" ?", "[ _]?")), "PHONE"),
    (re.compile(_LOGIN_KEYS.replace(" ?", "[ _]?")), "USERNAME"),
)
_HEADER_FIELD_RE = re.compile(r"[^\W\d][\w .'-]{0,30}")
_DELIMITERS = (",", ";", "\t", "|")


class CsvColumns:
    """Values under a header that names them, in comma, semicolon, tab or pipe separated tables: the name, city,
    company, phone and login columns (kinds PERSON, LOCATION, ORG, PHONE, USERNAME), whatever their case."""

    name = "csv-columns"

    def detect(self, text: str) -> list[Span]:
        if not any(d in text for d in _DELIMITERS):
            return []
        spans: list[Span] = []
        columns: dict[int, str] = {}
        generic: set[int] = set()
        delimiter, width = "", 0
        pos = 0
        for line in text.split("\n"):
            start, pos = pos, pos + len(line) + 1
            if columns and line.count(delimiter) == width - 1:
                offset = start
                for i, field in enumerate(line.split(delimiter)):
                    kind = columns.get(i)
                    value = field.strip().strip("\"'")
                    if kind and _column_value(value, kind, i in generic):
                        lo = offset + field.index(value)
                        spans.append(Span(lo, lo + len(value), kind, self.name))
                    offset += len(field) + 1
                continue
            delimiter, width, columns, generic = _header(line)
        return spans


def _header(line: str) -> tuple[str, int, dict[int, str], set[int]]:
    """(delimiter, field count, {column: kind}, columns headed just "name") of a header line naming at least one
    private column, else empties."""
    for delimiter in _DELIMITERS:
        fields = [f.strip().strip("\"'").lower() for f in line.strip().strip("|").split(delimiter)]
        if len(fields) < 2 or not all(_HEADER_FIELD_RE.fullmatch(f) for f in fields):
            continue
        kinds, generic = {}, set()
        for i, f in enumerate(fields):
            kind = next((k for regex, k in _COLUMN_KINDS if regex.fullmatch(f)), None)
            if kind:
                column = i + (1 if line.strip().startswith("|") else 0)
                kinds[column] = kind
                if f in ("name", "nom", "nome", "naam"):
                    generic.add(column)
        if kinds:
            return delimiter, line.count(delimiter) + 1, kinds, generic
    return "", 0, {}, set()


def _column_value(value: str, kind: str, generic_name: bool) -> bool:
    """A value of the column's kind. Under a bare "name" header (a product's, a mode's) only two or more words
    of letters count: a person's name."""
    if kind == "PHONE":
        return sum(c.isdigit() for c in value) >= 6
    if "`" in value or "@" in value or value.lower() in _NOT_NAMES or not any(c.isalpha() for c in value):
        return False
    return not generic_name or re.fullmatch(rf"{_WORD}(?:[ \t]+{_WORD})+", value) is not None


# Verbs and prepositions after which a capitalised word is the person spoken to or about ("ask Precious first",
# "dire à Hugo", "een bericht aan Sanne"), by language; English "to", "with" and "let" name products as often as
# people ("let Docker restart it").
_ADDRESSED = {
    "en": "ask|tell|remind|message|text|ping|thank|thanks|cc|dm|invite|asking|telling|reminding|messaging",
    "fr": "à|avec|demander|dire|remercier|appeler",
    "de": "frag|fragen|sag|sagen|erinnere|erinnern",  # not "an", "mit": every German noun is capitalised after them
    "nl": "aan|met|vraag|vragen|bedanken",
    "es": "a|con|pregunta|preguntar|dile|decirle",
    "pt": "pra|para|com|a|pergunta|perguntar",
    "it": "a|con|chiedi|chiedere|dire|dì",
}
_ADDRESSED_RE = {lang: re.compile(rf"(?<![\w@./-])(?:(?:{words})[ \t]+)+(?P<name>[^\W\d_]+)(?![\w@/-]|\.[^\W\d_])")
                 for lang, words in _ADDRESSED.items()}  # on lower-cased text; the name's capital is read in the text
ADDRESSED_ZIPF = 4.7  # a word this common in the text's language is not taken for a name
# English only: a capitalised word before a verb or state said only of people ("Emeka is on site", "Ren told me").
# Software and assistants "say", "want" and "suggest" too ("Copilot suggested"), so those verbs are not here.
_ACTING_RE = re.compile(
    r"(?<![\w@./-])(?P<name>[A-Z][a-z]+)[ \t]+(?:told|mentioned|replied|agreed|promised|"
    r"is (?:on (?:leave|holiday|vacation|site)|off sick|out sick)|can't make it)\b"
)
ACTING_ZIPF = 3.5
_TEAMS = word_set("""
finance hr legal support sales marketing it ops security accounting accounts payroll procurement engineering billing
admin facilities reception management compliance operations purchasing logistics helpdesk infra dev devops
""")  # "ask Support", "tell Finance": a team, not a person


class AddressedNames:
    """A capitalised word right after a verb of asking or telling, or a preposition that addresses someone, in the
    text's language, or (English) right before a verb said of people: kind PERSON. The entity model misses such names
    in short requests and other languages."""

    name = "addressed-names"

    def detect(self, text: str) -> list[Span]:
        if not any(c.isupper() for c in text):
            return []
        lang = language_of(text) or "en"
        pattern = _ADDRESSED_RE.get(lang)
        if pattern is None:
            return []
        spans = []
        for m in pattern.finditer(fold_case(text)):
            name = text[m.start("name") : m.end("name")]
            if (name[0].isupper() and name[1:].islower() and name.lower() not in _NOT_ADDRESSEES
                    and name.lower() not in _TEAMS and name.lower() not in _NOT_NAMES and zipf(name, lang) < ADDRESSED_ZIPF
                    and zipf(name, "en") < ADDRESSED_ZIPF):
                spans.append(Span(m.start("name"), m.end("name"), "PERSON", self.name))
        if lang == "en":
            spans += [Span(m.start("name"), m.end("name"), "PERSON", self.name) for m in _ACTING_RE.finditer(text)
                      if m.group("name").lower() not in _TEAMS and zipf(m.group("name"), "en") < ACTING_ZIPF]
        return spans
