"""Cheap rules for personal details that have a recognisable shape: user handles, street addresses, birth dates.

* `Handles`    - @mentions, chat speakers ("michael_will: ...", "margaud.boulay — today at 9:12"), the user in
                 sshd/sudo lines and after "username"/"Benutzer ist"; each handle is then found everywhere in the text.
* `Addresses`  - a house number with a street-type word, in the orders English, French, German/Dutch, Romance
                 languages and UK flats write them ("15 Kerry Burgs", "52, rue Thibaut", "Zoeyweg 5", "Via Renzo, 82").
* `BirthDates` - a date right after "born", "date of birth", "DOB", "geboren", "né le", "nacido", "nascido" ...
"""

from __future__ import annotations

import bisect
import re

from edgeagent.export.detect.places import place_names
from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case, occurrences, word_set

# --- Handles ---------------------------------------------------------------------------------------------------------

_HANDLE = r"[A-Za-z0-9_][A-Za-z0-9._-]{1,38}[A-Za-z0-9_]"
# A handle that reads as one: letters with a digit, "_" or "." inside ("sharon_duke", "agatha22", "mandy.miller").
_HANDLE_SHAPED = re.compile(r"(?=.*[a-z])(?=.*[0-9_.])[a-z0-9._-]+")
_MENTION_RE = re.compile(rf"(?<![\w.@/])@(?P<h>{_HANDLE})(?![\w(/]|\.[A-Za-z])")
# The user of a login: "ssh agordon@10.0.0.5", "postgresql://azahara34:pw@db...", "Gérard Aubry (gerard59)".
_LOGIN_RE = re.compile(
    r"\b(?:ssh|scp|sftp|rsync|mosh|git|telnet)\b[^\n]*?(?<![\w.+-])(?P<h>[a-z_][a-z0-9._-]{1,31})@[\w.-]+"
    r"|\b[a-z][a-z0-9+.-]*://(?P<u>[^:/@\s]{2,64}):[^@\s]+@"
    r"|[A-Z][\w'’-]+ \((?P<p>[a-z][a-z0-9._-]{2,31})\)"
)
# Chat transcripts: "michael_will: anyone seen ..." (a reply of 2+ words), "margaud.boulay — today at 9:12".
_SPEAKER_RE = re.compile(rf"(?m)^[ \t]*(?:>[ \t]*)?(?P<h>{_HANDLE}):[ \t]+(?=\S+[ \t]+\S+)")
_DASH_SPEAKER_RE = re.compile(rf"(?m)^[ \t]*(?P<h>{_HANDLE}) [—–-] (?i:today|yesterday|\d{{1,2}}[:/.])")
_USER_CONTEXT_RE = re.compile(  # run on lower-cased text; the handle is read from the original at the same offsets
    r"(?:(?:password|publickey|keyboard-interactive(?:/pam)?) for (?:invalid user )?|\bsudo: +|\bsu - |sudo -u "
    r"|\b(?:ran|running|run|logged in|signed in) as |\b(?:user ?name|login|handle|benutzer(?:name)?|nom d'utilisateur"
    r"|usuario|utente|gebruikersnaam|user(?: id)?)(?: (?:is|ist|est|es|è|é|was))?[: ]+)"
    rf"(?P<h>{_HANDLE})"
)
# Speakers and users that are roles, not people; and words a chat line may start with.
_NOT_HANDLES = word_set("""
root admin administrator user guest system bot ci deploy www-data nobody daemon postgres mysql nginx git ubuntu runner
note notes todo fixme warning error info debug summary question answer reply update status result output input
example usage tip task step subject from to cc date re fwd agent assistant human customer
""")


class Handles:
    """User handles: kind USERNAME. A speaker or keyword-led handle must look like one (letters with a digit, "_" or
    "."), an @mention need not; once found, every other occurrence of the handle in the text is found too."""

    name = "handles"

    def detect(self, text: str) -> list[Span]:
        handles = set()
        for m in _MENTION_RE.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            if text[line_start : m.start()].strip() or not text.startswith("\n", m.end()) and m.end() < len(text):
                handles.add(m.group("h"))  # not a decorator: those stand alone on their line ("@property")
        handles.update(m.group("h") for m in _DASH_SPEAKER_RE.finditer(text))
        for m in _USER_CONTEXT_RE.finditer(fold_case(text)):
            handle = text[m.start("h") : m.end("h")].rstrip(".")
            if _HANDLE_SHAPED.fullmatch(handle):
                handles.add(handle)
        for m in _LOGIN_RE.finditer(text):
            handle = m.group("h") or m.group("u") or m.group("p")
            if m.group("p") is None or _HANDLE_SHAPED.fullmatch(handle):
                handles.add(handle)
        speakers = {m.group("h") for m in _SPEAKER_RE.finditer(text)}
        # Plain speakers ("ruyo: LGTM, ...") count once the text is a transcript: some speaker is a handle for sure.
        if any(_HANDLE_SHAPED.fullmatch(h) or h in handles for h in speakers):
            handles |= speakers
        handles = {h for h in handles if h.lower() not in _NOT_HANDLES}
        if not handles:
            return []

        found = sorted(span for h in handles for span in occurrences(text, h))
        return [Span(s, e, "USERNAME", self.name) for s, e in found]


# --- Street addresses ------------------------------------------------------------------------------------------------

_NAME = r"[A-ZÀ-Ý][\w'’\-]*"
_EN_STREET = (r"Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Square|Sq|Way|Ways|Boulevard|Blvd|"
              r"Terrace|Close|Crescent|Gardens|Grove|Hill|Park|Parkway|Parkways|Row|Walk|Mews|Rise|View|Green|Cliff|"
              r"Fork|Forks|Burg|Burgs|Village|Villages|Stream|Creek|Pass|Rest|Port|Ridge|Valley|Meadow|Meadows|"
              r"Trail|Trafficway|Highway|Hwy|Circle|Cir|Loop|Plaza|Point|Shore|Shores|Springs|Heights|Station|Tunnel|"
              r"Harbor|Harbour|Island|Junction|Manor|Mill|Mills|Orchard|Path|Pike|Run|Summit|Track|Union|Wall|Well|"
              r"Wells|Extension|Expressway|Freeway|Turnpike|Bypass|Causeway|Corner|Corners|Crossing|Estate|Estates|"
              r"Fields|Flat|Flats|Ford|Fort|Glen|Haven|Knoll|Lake|Lakes|Landing|Light|Lodge|Mount|Mountain|Neck|"
              r"Oval|Pines|Plains|Ports|Prairie|Ramp|Ranch|Rapids|Route|Shoal|Skyway|Spur|Squares|Stravenue|"
              r"Streets|Throughway|Trace|Vista|Viaduct|Ville|Vista|Ways|Isle|Branch|Bridge|Brook|Camp|Canyon|Cape|"
              r"Center|Centre|Club|Common|Cove|Dale|Dam|Divide|Falls|Ferry|Forest|Forge|Garden|Gateway|Hollow|Inlet|"
              r"Key|Keys|Motorway|Oval|Overpass|Radial|Roads|Shoals|Stream|Underpass|Unions|Villa|Wharf")
_FR_STREET = r"rue|chemin|avenue|boulevard|bd|allée|impasse|place|quai|route|cours|passage|square|voie"
_ROMANCE_STREET = (r"Calle|Callejón|Avenida|Paseo|Carrer|Rambla|Travesía|Glorieta|Rua|Praça|Travessa|Alameda|"
                   r"Rodovia|Viale|Piazza|Corso|Vicolo|Contrada|Urbanización")
# Street words that are also English words ("via Slack 3 times"): only with the comma before the number.
_ROMANCE_AMBIGUOUS = r"Via|Plaza|Camino|Ronda|Cuesta|Largo|Estrada|Strada|Canale|Borgo|Campo|Residencial|Av\."
_GERMANIC_SUFFIX = (r"straße|strasse|str\.|weg|platz|gasse|allee|ring|damm|ufer|steig|steeg|laan|straat|gracht|"
                    r"plein|pad|dijk|singel|kade|hof|boulevard|markt")
# Where an English address ends: a comma, the line's end, a quote or bracket, " in ", a sentence's end.
_EN_END = r"(?=[ \t]*(?:[,;\n\"')|]|$|\.(?:\s|$)| in ))"
_UNIT = r"(?:,? *(?:Apto\.?|Apt\.?|Apartment|Suite|Ste\.?|Unit|Piano|Appartamento|Puerta|Piso|Andar|Interno|Scala) *\w{1,5})?"
# One regex per word order, each run only where its cheap needle occurs (one alternation of all four scans every
# word boundary of the text: 5x slower).
_EN_RE = re.compile(  # "15 Kerry Burgs", "834 Alexandra Stream Apt. 951"; UK flats: "Flat 8, Ann Fork", "Studio 66q, X"
    rf"(?<![\w.,])(?:(?:Flat|Studio|Apartment|Unit|Suite) \w{{1,5}}, )?(?:\d{{1,5}}[A-Za-z]? )?(?:{_NAME} ){{1,3}}"
    rf"(?:{_EN_STREET})\b\.?{_UNIT}{_EN_END}"
)
_EN_START_RE = re.compile(r"(?:\b(?:Flat|Studio|Apartment|Unit|Suite) \w{1,5}, |(?<![\w.,])\d{1,5}[A-Za-z]? )(?=[A-Z])")
_FR_RE = re.compile(  # "52, rue Thibaut Petit", "7, chemin Bonnet", "boulevard de Ledoux"
    rf"\b(?:\d{{1,4}}(?: ?(?:bis|ter))?,? )?(?:{_FR_STREET}) (?:(?:de la|de|du|des|d'|l') ?)?{_NAME}(?: {_NAME})?")
_ROMANCE_RE = re.compile(  # "Via Renzo, 82 Piano 9", "Praça Gonçalves, 32", "STRADA SARAGAT, 8 PIANO 1"
    rf"\b(?i:{_ROMANCE_STREET}) (?:(?:de|da|do|dos|das|del|della|di|dei|delle) )?{_NAME}(?: {_NAME}){{0,2}},? "
    rf"(?:n\.? ?º? ?)?\d{{1,4}}\b(?i:{_UNIT})"
    rf"|\b(?i:{_ROMANCE_AMBIGUOUS}) (?:(?:de|da|do|del|della|di) )?{_NAME}(?: {_NAME})?, \d{{1,4}}\b(?i:{_UNIT})"
)
_FR_NEEDLES = tuple(w + " " for w in _FR_STREET.split("|"))
_ROMANCE_NEEDLES = tuple(w.lower().replace("\\", "") + " " for w in f"{_ROMANCE_STREET}|{_ROMANCE_AMBIGUOUS}".split("|"))


# German / Dutch compounds, found from their street suffix in lower-cased text, then back to the word's capital
# start: "Zoeyweg 5", "Atzlerplatz 5-4", "JURREBOULEVARD 2" (a capital-led scan of every word is 5x slower).
_GERMANIC_RE = re.compile(rf"(?<=[a-zäöüß])(?:{_GERMANIC_SUFFIX}) \d{{1,3}}[a-z]?(?:-\d{{1,3}})?\b(?![.,:]\d)")
_WORD_START_RE = re.compile(r"[\w\-]*$")
# Streets by an abbreviation or a word that is also an ordinary one, with a number and no comma between: "C/ Mayor 3",
# "ul. Długa 5/3", "Av. Paulista 1578", "Via Roma 10".
_ABBREVIATED_RE = re.compile(
    r"(?<![\w.])(?:C/|c/|Cl\.|ul\.|Ul\.|al\.|Al\.|os\.|Av\.|Avda\.|Rua|Via|Viale|Plaza|Avenida|Calle) ?"
    r"(?:(?:de|da|do|del|della|di|dos|das) )?[A-ZÀ-ÝŁŚŻŹĆŃ][^\W\d_]+(?: [A-ZÀ-ÝŁŚŻŹĆŃ][^\W\d_]+){0,2},? "
    r"\d{1,4}[a-zA-Z]?(?:/\d{1,4})?(?![\w/])"
)
_ABBREVIATED_NEEDLES = ("C/", "c/", "Cl.", "ul.", "Ul.", "al.", "Al.", "os.", "Av", "Rua ", "Via", "Plaza ", "Calle ")
# Postcodes. UK's shape is its own; a US ZIP follows its state. The others are plain numbers, so one counts only
# with a town of GeoNames' list after it ("10115 Berlin", "1017 GC Amsterdam") or a street just before it.
_UK_POSTCODE_RE = re.compile(r"(?<![\w-])[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}(?![\w-])")
_US_STATES = ("AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|"
              "OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC")
_US_ZIP_RE = re.compile(rf"(?<![\w-])(?:{_US_STATES}) \d{{5}}(?:-\d{{4}})?(?![\w-])")
_POSTCODE_RE = re.compile(  # DE/FR/ES/IT, AT/CH/BE/DK, NL, PL, PT, BR
    r"(?<![\w.,/-])(?P<code>\d{5}|\d{4}(?: ?[A-Z]{2})?|\d{2}-\d{3}|\d{4}-\d{3}|\d{5}-\d{3})(?![\w-])"
    r"(?:[ \t]+(?P<town>[A-ZÀ-ÝŁŚŻŹĆŃ][^\W\d_]+(?:[ -][A-ZÀ-ÝŁŚŻŹĆŃ][^\W\d_]+){0,2}))?"
)
STREET_BEFORE = 60  # characters, on the same line, within which a street makes a bare number its postcode


class Addresses:
    """Street addresses and postcodes: kind ADDRESS (a postcode with the town after it; other towns are left to
    NER and the places list)."""

    name = "addresses"

    def detect(self, text: str) -> list[Span]:
        folded = fold_case(text)
        found = [m.span() for m in (_EN_RE.match(text, s.start()) for s in _EN_START_RE.finditer(text)) if m]
        if any(n in text for n in _FR_NEEDLES):
            found += [m.span() for m in _FR_RE.finditer(text)]
        if any(n in folded for n in _ROMANCE_NEEDLES):
            found += [m.span() for m in _ROMANCE_RE.finditer(text)]
        spans = [Span(start, end, "ADDRESS", self.name) for start, end in found]
        for m in _GERMANIC_RE.finditer(folded):
            word = _WORD_START_RE.search(text, max(0, m.start() - 40), m.start())
            assert word is not None  # [\w\-]*$ matches at the window's end at least
            start = word.start()
            if text[start : start + 1] in _CAPITALS:
                spans.append(Span(start, m.end(), "ADDRESS", self.name))
        if any(n in text for n in _ABBREVIATED_NEEDLES):
            spans += [Span(m.start(), m.end(), "ADDRESS", self.name) for m in _ABBREVIATED_RE.finditer(text)
                      if not any(s.start <= m.start() and m.end() <= s.end for s in spans)]
        return spans + _postcodes(text, [s.end for s in spans])


def _postcodes(text: str, street_ends: list[int]) -> list[Span]:
    spans = [Span(m.start(), m.end(), "ADDRESS", "addresses")
             for r in (_UK_POSTCODE_RE, _US_ZIP_RE) for m in r.finditer(text)]
    if not any(c.isdigit() for c in text):
        return spans
    towns, ends = None, sorted(street_ends)
    for m in _POSTCODE_RE.finditer(text):
        if re.fullmatch(r"(?:19|20)\d\d", m.group("code")):
            continue  # a year ("Q3 2025 London office")
        near = max(0, m.start() - STREET_BEFORE)
        line = text.rfind("\n", near, m.start()) + 1
        k = bisect.bisect_right(ends, m.start())  # the last street ending before this number
        street = k > 0 and ends[k - 1] >= max(line, near)
        if m.group("town") and not m.group("town").isupper():  # "1200 GBP": a currency, not a town
            towns = towns if towns is not None else place_names()
            words = m.group("town").split()
            if street or any(" ".join(words[:n]) in towns for n in range(len(words), 0, -1)):
                spans.append(Span(m.start(), m.end(), "ADDRESS", "addresses"))
                continue
        # A bare number after a street: only a shape no price or count has ("80-827", "1017 GC", "01310-200").
        if street and (len(m.group("code")) == 5 or not m.group("code").isdigit()):
            spans.append(Span(m.start(), m.end("code"), "ADDRESS", "addresses"))
    return spans


_CAPITALS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ")


# --- Birth dates -------------------------------------------------------------------------------------------------------

_DATE = r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}\.? [A-Za-zéû]{3,9}\.? \d{4}|[A-Z][a-z]{2,8} \d{1,2},? \d{4}"
_BIRTH_RE = re.compile(
    r"(?:\bborn(?: on)?|date of birth|\bd\.?o\.?b\.?|birth ?date|birthday|geboren(?: am)?|geburtsdatum|"
    r"né(?:e)? le|date de naissance|nacid[oa](?: el)?|fecha de nacimiento|nascid[oa](?: em)?|data de nascimento|"
    r"nat[oa] il|data di nascita|geboortedatum|geboren op)[:\s]+"
    rf"(?P<date>{_DATE.replace('[A-Z][a-z]', '[a-z][a-z]')})"
)
_BIRTH_NEEDLES = ("born", "birth", "dob", "d.o.b", "geboren", "geburt", "né", "naissance", "nacid", "nacimiento",
                  "nascid", "nascimento", "nato", "nata", "nascita", "geboorte")


class BirthDates:
    """A date right after words that say it is someone's birth date: kind DOB."""

    name = "birth-dates"

    def detect(self, text: str) -> list[Span]:
        folded = fold_case(text)
        if not any(n in folded for n in _BIRTH_NEEDLES):
            return []
        return [Span(m.start("date"), m.end("date"), "DOB", self.name) for m in _BIRTH_RE.finditer(folded)]
