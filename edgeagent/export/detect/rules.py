"""Cheap rules for what the pattern recognizers and NER miss in agent context (measured: bench/results/README.md).

* `ContextIds`    - IDs and account numbers: 6+ letters/digits with a digit, right after "order", "account #", ...
* `PrivateHosts`  - bare host and domain names that are not a public service's ("jira.acme-corp.com", "db.internal").
* `PathUsernames` - the user name in home folders: /home/NAME, /Users/NAME, C:\\Users\\NAME.
* `KnownNames`    - names other detectors found (NER, declared PERSON), found again in other cases ("ALICE", "smith"),
                    names coordinated with them ("Alice Smith and bob jones") and after honorifics ("dr smith").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from edgeagent.export.detect.hosts import PRIVATE_SUFFIXES, RESERVED, is_public_host, split_host
from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case, occurrences, word_set

# --- IDs and account numbers -----------------------------------------------------------------------------------------

# Words that announce an identifier, alone or with a suffix ("order", "order no.", "orderId", "customer_id").
_ID_WORDS = (
    "id|ids|account|acct|order|transaction|txn|user|userid|uid|username|ticket|invoice|customer|client|member|"
    "membership|booking|reservation|confirmation|reference|case|policy|tracking|shipment|parcel|serial|passport|"
    "licen[cs]e|employee|staff|patient|student|badge|subscriber|contract|claim|loan|voucher|receipt|payment|refund|"
    "application|applicant|request|routing|sort[ -]?code|iban|swift|bic|tax|vat|ssn|nhs|mrn|medicare|insurance|"
    # the same words in the corpus's other languages: es/pt/fr/de/it/nl, and national ID names
    "pedido|cliente|cuenta|conta|factura|fatura|contrato|n[úu]mero|commande|compte|facture|dossier|"
    "bestellung|kundennummer|konto|rechnung|vertrag|ordine|fattura|contratto|bestelling|klantnummer|factuur|"
    "cpf|cnpj|dni|nie|nif|bsn|siret|siren|codice fiscale|steuer-?id|national id|personnummer"
)
_ID_SUFFIX = r"(?:[ _-]?(?:ids?|no\.?|nr\.?|num|number|numbers|nummer|numéro|numero|code|ref|#))?"
# Between the word and the value: punctuation, quotes, "is", "number" ("Order #: A1B2C3", "account number is 1234...").
_ID_FILLER = r"(?:[\s:=#'\"`(\[/]|-|\b(?:is|was|number|num)\b|\b(?:no|nr)\.?(?![A-Za-z])){0,6}"
_ID_RE = re.compile(  # run on lower-cased text (see text.fold_case); the value is read from the original
    rf"(?<![a-z0-9])(?P<word>{_ID_WORDS})(?P<suffix>{_ID_SUFFIX})(?![a-z]){_ID_FILLER}"
    r"(?P<value>[a-z0-9](?:[a-z0-9_\-]*[a-z0-9])?)"
)
MIN_ID_CHARS = 6  # letters and digits; shorter values (order 42, uid 1000) are counts and ports as often as IDs
_ID_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4}|(?:1[89]|20)\d\d-(?:1[89]|20)\d\d")
# Words after which a bare number is as often an amount ("payment 150000") as a reference; with a suffix
# ("payment id", "loan no.") or letters in the value it is an identifier.
AMOUNT_WORDS = frozenset({"payment", "refund", "loan", "tax", "insurance", "claim", "vat"})


# Prefixed references anywhere: "CUST-944662", "LT-82889", "INV-2024-00042" (capitals, a dash, 5+ digits), except
# the public ones (CVE-2024-12345, ISO-27001, RFC-9110).
_PREFIXED_ID_RE = re.compile(r"(?<![\w-])(?P<p>[A-Z]{2,6})-\d{2,}(?:-\d+)*(?![\w-])")
_PUBLIC_PREFIXES = frozenset({"CVE", "CWE", "GHSA", "ISO", "IEC", "RFC", "PEP", "EN", "DIN", "BS", "UTF", "SHA", "MD",
                              "COVID", "SARS", "TLS", "SSL", "HTTP", "IPV"})


# Vehicle registrations after a word that announces one, in the languages people write to it: capitals and digits,
# both, in up to three groups ("reg LK19 XWP", "Kennzeichen B-MW 4521", "matrícula 4821 KLM", "kenteken 12-ABC-3").
_PLATE_RE = re.compile(
    r"(?i:\b(?:reg(?:istration)?|(?:number|licen[cs]e) plate|plates?|kennzeichen|nummernschild|immatriculation|"
    r"plaque|matr[íi]cula|placa|targa|kenteken|nummerplaat|tablica|rejestracja|rekisterinumero))"
    r"\.?(?:[ \t]+(?:no\.?|nr\.?|number|is|ist|est|es|é))?[ \t:#]*\(?"
    r"(?P<value>(?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])[A-Z0-9]{1,4}(?:[ -][A-Z0-9]{1,4}){1,2}|[A-Z0-9]{5,8})(?![\w-])"
)


# A UK registration as issued since 2001, also with no word before it: two letters, the age identifier (02-25 for
# March, 51-75 for September), three letters; never I, Q (nor Z in the first two).
_UK_PLATE_RE = re.compile(r"(?<![\w-])[A-HJ-PR-Y]{2}(?:0[2-9]|1\d|2[0-5]|5[1-9]|6\d|7[0-5]) ?[A-HJ-PR-Z]{3}(?![\w-])")
# An app's own identifier (reverse domain) where a build file, manifest or store link names it: it names the user's
# app and company. Platform and example prefixes are public.
_APP_ID_RE = re.compile(
    r"(?i:\b(?:applicationId|namespace|package(?:[ _]?name)?|bundle[ _]?id(?:entifier)?|PRODUCT_BUNDLE_IDENTIFIER|"
    r"app[ _]?id|details\?id))\s*(?:=|:|\bis\b)?\s*[\"']?"
    r"(?P<value>[a-z][a-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*){2,})(?![\w.])"
)
_PUBLIC_APP_PREFIXES = ("com.example.", "com.google.", "com.android.", "androidx.", "android.", "com.apple.",
                        "org.apache.", "org.jetbrains.", "com.microsoft.", "com.facebook.", "java.", "javax.", "kotlin.")

# National numbers whose check digits make them safe to find without a word before them: Brazil's CPF as written
# (123.456.789-09), Poland's PESEL (11 digits starting with a valid birth date) and China's resident ID.
_CPF_RE = re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-]|\.\d)")
# UK National Insurance numbers: two letters (not D, F, I, Q, U, V first; not O second), six digits, A-D.
_NINO_RE = re.compile(r"(?<![\w-])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![\w-])")
_PESEL_RE = re.compile(r"(?<![\d.,-])\d{11}(?![\d.,-])")
# China's resident identity number: region, birth date (YYYYMMDD), sequence, an ISO 7064 MOD 11-2 check (0-9 or X).
_CN_ID_RE = re.compile(r"(?<![\d.,-])\d{6}(?:19|20)\d{2}[01]\d[0-3]\d{4}[\dXx](?![\d.,-])")


def _cpf_valid(number: str) -> bool:
    d = [int(c) for c in number if c.isdigit()]
    if len(set(d)) == 1:
        return False  # 111.111.111-11 passes the sums and is no one's
    for n in (9, 10):
        check = sum(d[i] * (n + 1 - i) for i in range(n)) * 10 % 11 % 10
        if check != d[n]:
            return False
    return True


def _pesel_valid(number: str) -> bool:
    d = [int(c) for c in number]
    month = (d[2] * 10 + d[3]) % 20  # the century is added to the month in steps of 20
    day = d[4] * 10 + d[5]
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False
    return (10 - sum(w * x for w, x in zip((1, 3, 7, 9, 1, 3, 7, 9, 1, 3), d)) % 10) % 10 == d[10]


def _cn_id_valid(number: str) -> bool:
    month, day = int(number[10:12]), int(number[12:14])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False
    total = sum(int(c) * w for c, w in zip(number, (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)))
    return "10X98765432"[total % 11] == number[17].upper()


class ContextIds:
    """Identifiers right after a word that announces one: 6+ letters and digits, at least one a digit; vehicle
    registrations after theirs, an app's identifier after applicationId, package or bundle id; and, anywhere,
    capital-prefixed references with 5+ digits ("CUST-944662"), UK registrations, and national numbers whose check
    digits hold (CPF, PESEL, China's resident ID)."""

    name = "ids"

    def detect(self, text: str) -> list[Span]:
        spans = [Span(m.start(), m.end(), "ID", self.name) for m in _PREFIXED_ID_RE.finditer(text)
                 if m.group("p") not in _PUBLIC_PREFIXES and sum(c.isdigit() for c in m.group()) >= 5]
        spans += [Span(m.start("value"), m.end("value"), "ID", self.name) for m in _PLATE_RE.finditer(text)]
        spans += [Span(m.start(), m.end(), "ID", self.name) for m in _UK_PLATE_RE.finditer(text)]
        spans += [Span(m.start("value"), m.end("value"), "ID", self.name) for m in _APP_ID_RE.finditer(text)
                  if not m.group("value").lower().startswith(_PUBLIC_APP_PREFIXES)]
        spans += [Span(m.start(), m.end(), "ID", self.name) for m in _CPF_RE.finditer(text)
                  if _cpf_valid(m.group()) or "cpf" in text[max(0, m.start() - 8) : m.start()].lower()]
        spans += [Span(m.start(), m.end(), "ID", self.name) for m in _NINO_RE.finditer(text)]
        spans += [Span(m.start(), m.end(), "ID", self.name) for m in _PESEL_RE.finditer(text)
                  if _pesel_valid(m.group())]
        spans += [Span(m.start(), m.end(), "ID", self.name) for m in _CN_ID_RE.finditer(text)
                  if _cn_id_valid(m.group())]
        low, pos = fold_case(text), 0
        while (m := _ID_RE.search(low, pos)) is not None:
            # A value that is not one may be the next ID word: "order (ID: A1B2C3D4)" is searched again from "ID".
            pos = m.start("value")
            value = text[m.start("value") : m.end("value")]
            alnum = sum(c.isalnum() for c in value)
            if alnum < MIN_ID_CHARS or not any(c.isdigit() for c in value) or _ID_DATE_RE.fullmatch(value):
                continue
            if value.isdigit() and not m.group("suffix") and m.group("word") in AMOUNT_WORDS:
                continue
            spans.append(Span(m.start("value"), m.end("value"), "ID", self.name))
            pos = m.end()
        return list(dict.fromkeys(spans))  # a prefixed ID after an ID word is found twice


# --- Bare host and domain names ---------------------------------------------------------------------------------------

# Dotted names not part of a path, URL, e-mail or identifier; labels are letters, digits and inner hyphens.
_HOST_RE = re.compile(
    r"(?<![\w.@/\\\-])((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9])"
    r"(?![\w\-@(]|\.[A-Za-z0-9])"
)
# Last labels that are file extensions as often as country or generic TLDs ("setup.py", "notes.md", "data.zip").
FILE_EXTENSIONS = word_set(
    "py pyc pyi md rst txt sh bash zsh rs pl pm cc cpp so ps mk in am zip mov mp3 mp4 app exe dll csv json toml "
    "yaml yml ini cfg conf lock log html htm css js mjs ts tsx jsx go rb java kt swift c h hpp png jpg jpeg gif svg "
    "pdf doc docx xls xlsx ppt pptx tar gz tgz bz2 xz whl db sqlite onnx gguf bin pt safetensors ipynb sql xml env "
    "bak tmp out err diff patch tf nix lua r jl cs fs vb php dart ex exs erl hs ml scala gradle cmake am ac pro tex "
    "bib sty cls srt vtt wav flac ogg webm webp ico ttf woff eot map")
# Two-label names whose TLD is a common word ("results.info", "self.name", "item.store") read as code or prose:
# only classic and country TLDs count there; longer names (api.acme.dev) count under any public suffix.
_CLASSIC_TLDS = word_set("com net org edu gov mil biz info io co ai")
# Receivers of attribute access in code: "self.id", "os.path", "user.name" are not hosts.
CODE_NAMES = word_set(
    "self this cls os sys np pd re json obj args kwargs ctx config settings app request response req res data item "
    "user users row rows node model module math path torch tf plt df np e err error event msg message result "
    "results value values key keys x y z a b i j k n s t v p q m f g h")


# Cloud host names that spell their private address: "ip-10-246-162-249" (AWS), the address is what leaks.
_DASHED_IP_RE = re.compile(r"(?<![\w-])ip-(?P<ip>(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:-(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?![\w-])")


class PrivateHosts:
    """Host and domain names outside URLs and e-mails that are not a public service's: kind HOST; and the
    address in "ip-10-0-0-12" host names: kind IP."""

    name = "hosts"

    def detect(self, text: str) -> list[Span]:
        spans = [Span(m.start("ip"), m.end("ip"), "IP", self.name) for m in _DASHED_IP_RE.finditer(text)]
        if "." not in text:
            return spans
        return spans + [Span(m.start(1), m.end(1), "HOST", self.name) for m in _HOST_RE.finditer(text)
                        if _private(m.group(1))]


def _private(host: str) -> bool:
    labels = host.split(".")
    if labels[-1].lower() in FILE_EXTENSIONS or labels[0].lower() in CODE_NAMES:
        return False
    if any(label[1:] != label[1:].lower() and label != label.upper() for label in labels):
        return False  # camelCase ("myObj.id") is code; hosts are lower case, Capitalised or ALL CAPS
    subdomain, registered, suffix = split_host(host)
    if not registered or registered in RESERVED or suffix in RESERVED:
        return False
    if not subdomain and "." not in suffix and len(suffix) > 2 and suffix not in _CLASSIC_TLDS \
            and suffix not in PRIVATE_SUFFIXES:  # "nas.local", "db.internal": a private network's, not a word TLD
        return False
    return not is_public_host(host)


# --- User names in home folders --------------------------------------------------------------------------------------

_NAME_IN_PATH = r"(?P<name>[A-Za-z0-9._-]*[A-Za-z0-9_-])"
# "/"-led, so re skips ahead to each "/"; the character before is checked apart (a look-behind first is slow).
_UNIX_HOME_RE = re.compile(r"/(?:var/)?home/" + _NAME_IN_PATH + r"|/Users/" + _NAME_IN_PATH.replace("name", "mac"))
_WINDOWS_HOME_RE = re.compile(r"(?<![A-Za-z])[A-Za-z]:(?:\\+|/)Users(?:\\+|/)" + _NAME_IN_PATH)
_PATH_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~")
# Account names every machine has, and the stand-ins documentation uses: no one's name.
GENERIC_USERS = word_set(
    "shared public default default.migrated all guest user username usr runner ubuntu ec2-user centos debian admin "
    "administrator root me you your_name yourname your-name name example john.doe jdoe pi vagrant docker app "
    "builder build ci jenkins travis circleci gitlab-runner")


class PathUsernames:
    """The NAME in /home/NAME, /Users/NAME and C:\\Users\\NAME (JSON-escaped too): kind USERNAME."""

    name = "path-users"

    def detect(self, text: str) -> list[Span]:
        found = []
        if "/home/" in text or "/Users/" in text:
            for m in _UNIX_HOME_RE.finditer(text):
                if m.start() == 0 or text[m.start() - 1] not in _PATH_CHARS:  # "src/home/views.py" is a project's
                    found.append(m.span("name") if m.group("name") else m.span("mac"))
        if "Users" in text:
            found += [m.span("name") for m in _WINDOWS_HOME_RE.finditer(text)]
        return [Span(s, e, "USERNAME", self.name) for s, e in found if text[s:e].lower() not in GENERIC_USERS]


# --- Names found again ------------------------------------------------------------------------------------------------

PERSON_KINDS = frozenset({"PERSON", "PER", "NAME"})
PLACE_ORG_KINDS = frozenset({"ORG", "ORGANIZATION", "LOCATION", "LOC", "GPE", "FAC", "PLACE"})
MIN_NAME_TOKEN = 3  # a single first or last name found again on its own: "Al" or "Li" alone would hit words
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
_HONORIFIC_RE = re.compile(
    r"(?<![\w.])(?i:mr|mrs|ms|mx|dr|prof|sir|dame|mme|mlle|herr|frau)\.?[ \t]+"
    r"(?P<name>[^\W\d_]{2,}(?:['’\-][^\W\d_]+)*(?:[ \t]+[^\W\d_]{2,}(?:['’\-][^\W\d_]+)*)?)"
)
_COORDINATED = r"[ \t]*(?:,|&|\band\b|\bor\b|\bwith\b)[ \t]*"
# Frequent English words, including those that double as first names (will, may, mark): never a name on their own.
COMMON_WORDS = word_set("""
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers herself him himself his how i if in into is it its itself just let me more most my myself no nor not now of
off on once only or other our ours out over own same she should so some such than that the their theirs them then
there these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself team all everyone thanks thank regards hi hello dear best cheers
please today tomorrow yesterday morning evening meeting call email mail note notes new old good great just
will may mark bill grace rose june april august joy hope faith frank art jack pat sue don ray dawn summer amber
ruby hunter carter baker cook young king white brown green black long page park rich hall wood stone field
lane bell ward day north south east west street road avenue city county state university college school
hospital bank group company inc ltd llc corp office department support service services project admin user
said says told asked asks wrote writes called calls sent sends replied replies thinks thought wants needs wanted
mr mrs ms mx dr prof sir dame mme mlle herr frau
id ids mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec manager event
cordialement saludos atenciosamente grüße gruß groeten saluti regards kind sincerely
""")


class KnownNames:
    """Names other detectors found, found again: every occurrence in any case of a person's name and of each of
    its words (3+ letters, not a common word), and of an organisation's or place's whole name; words coordinated
    with a known person ("Alice Smith and bob jones") and names after an honorific ("dr smith"). Kind: the known
    span's kind, PERSON for the rest. Any other one-word value found (user name, ID, host) is found again as is."""

    name = "known-names"

    def detect(self, text: str) -> list[Span]:
        spans = []
        for m in _HONORIFIC_RE.finditer(text):
            words = list(_WORD_RE.finditer(text, m.start("name"), m.end("name")))
            if _common(words[0].group()):
                continue
            # A second word only where both are Capitalised or both ALL CAPS ("Dr Jane Smith"; "dr smith said").
            two = len(words) == 2 and not _common(words[1].group()) and _case(words[0].group()) == _case(
                words[1].group()) != "lower"
            spans.append(Span(words[0].start(), words[1 if two else 0].end(), "PERSON", self.name))
        return spans

    def expand(self, text: str, found: Sequence[Span]) -> list[Span]:
        names: dict[str, str] = {}  # lower-cased phrase -> kind
        people = []
        for span in found:
            if span.kind in PERSON_KINDS or span.kind in PLACE_ORG_KINDS:
                words = _WORD_RE.findall(span.text(text))
                if not words or len(words) == 1 and (len(words[0]) < MIN_NAME_TOKEN + 1 or _common(words[0])):
                    continue  # "Al", "API", "Will": found again everywhere they would hit ordinary words
                names.setdefault(" ".join(words).lower(), span.kind)
                if span.kind in PERSON_KINDS:
                    people.append(span)
                    for word in words:
                        if len(word) >= MIN_NAME_TOKEN and not _common(word):
                            names.setdefault(word.lower(), span.kind)
        spans = _other_occurrences(text, found, self.name)
        if names:
            spans += _occurrences(text, names, self.name)
            spans += _coordinated(text, people, self.name)
        return spans


MIN_REPEATED_VALUE = 4  # shorter values ("Li", "42") would be found inside ordinary text


def _other_occurrences(text: str, found: Sequence[Span], source: str) -> list[Span]:
    """Every other occurrence of a one-word value some detector found (a user name in a path and again in a log
    line, an ID in a subject and in the body): what was private in one place is private everywhere."""
    values: dict[str, str] = {}
    for span in found:
        value = span.text(text).strip()
        if span.kind not in PERSON_KINDS and len(value) >= MIN_REPEATED_VALUE and not any(c.isspace() for c in value):
            values.setdefault(value, span.kind)
    folded = fold_case(text)  # in any case: "erin" in /home/erin is the "Erin" of "Author: Erin"
    return [Span(s, e, kind, source) for value, kind in values.items() for s, e in occurrences(folded, fold_case(value))]


def _occurrences(text: str, names: dict[str, str], source: str) -> list[Span]:
    phrases = sorted(names, key=len, reverse=True)  # "alice smith" before "alice"
    pattern = re.compile(r"(?<![^\W_])(?:" + "|".join(r"\s+".join(map(re.escape, p.split())) for p in phrases)
                         + r")(?![^\W_])", re.IGNORECASE)
    spans = []
    for m in pattern.finditer(text):
        kind = names.get(" ".join(m.group().split()).lower(), "PERSON")
        spans.append(Span(m.start(), m.end(), kind, source))
    return spans


_WORD = r"[^\W\d_]{2,}(?:['’\-][^\W\d_]+)*"
_AFTER_RE = re.compile(_COORDINATED + rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)")
_BEFORE_RE = re.compile(rf"(?<![^\W_])(?P<name>{_WORD}(?:[ \t]+{_WORD})?){_COORDINATED}$")
LIST_HOPS = 3  # "Thabo, Lerato and Sipho": each name found is the next one's anchor, along a list this long


def _coordinated(text: str, people: list[Span], source: str) -> list[Span]:
    """One or two name-shaped words (any case, not common words) joined to a known person by "and", "or", ",",
    and on along a list of them."""
    spans: list[Span] = []
    anchors = list(people)
    for _ in range(LIST_HOPS):
        found = []
        for person in anchors:
            m = _AFTER_RE.match(text, person.end)
            if m:
                found += _name_words(text, m.start("name"), m.end("name"), source, keep_first=True)
            m = _BEFORE_RE.search(text, max(0, person.start - 60), person.start)
            if m:
                found += _name_words(text, m.start("name"), m.end("name"), source, keep_first=False)
        known = {(s.start, s.end) for s in [*people, *spans]}
        anchors = [s for s in found if (s.start, s.end) not in known
                   and (not spans or all(w[:1].isupper() for w in s.text(text).split()))]  # further on: Capitalised
        spans += anchors
        if not anchors:
            break
    return spans


def _name_words(text: str, start: int, end: int, source: str, keep_first: bool) -> list[Span]:
    """The leading (or trailing) run of words that are not common words, as one PERSON span: two words, or one
    that is Capitalised or ALL CAPS (a lone lower-case word after "and" is a verb or a noun far more often)."""
    words = list(_WORD_RE.finditer(text, start, end))
    if not keep_first:
        words.reverse()
    run = []
    for w in words:
        if _common(w.group()):
            break
        run.append(w)
    if not run or len(run) == 1 and _case(run[0].group()) == "lower":
        return []
    lo, hi = min(w.start() for w in run), max(w.end() for w in run)
    return [Span(lo, hi, "PERSON", source)]


def _common(word: str) -> bool:
    w = word.lower()
    return w in COMMON_WORDS or len(w) > 4 and w.endswith(("ed", "ing"))  # verbs: "reviewed", "meeting"


def _case(word: str) -> str:
    if word.isupper():
        return "upper"
    return "title" if word[:1].isupper() and word[1:] == word[1:].lower() else "lower"
