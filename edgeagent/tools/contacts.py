"""find_contact over the workspace's .vcf files (vCard 2.1, 3 and 4).

icalendar, already used for calendars, reads the content lines (unfolding, quoted parameters, escapes);
this module only picks the fields a person asks for, so no vCard library is added."""

from __future__ import annotations

import quopri
import re
from dataclasses import dataclass, field

from icalendar.parser import Contentlines

from edgeagent.tools.base import Tool, ToolContext, find_files, holds_word, query_words, read_each, skipped_note
from edgeagent.workspace.sandbox import ToolError

MAX_CARDS = 20  # cards one answer shows


@dataclass
class Card:
    file: str
    name: str = ""
    emails: list[str] = field(default_factory=list)
    phones: list[str] = field(default_factory=list)
    org: str = ""
    title: str = ""
    address: str = ""
    note: str = ""

    def show(self) -> str:
        rows = [f"name: {self.name or '(no name)'}"]
        rows += [f"email: {', '.join(self.emails)}"] if self.emails else []
        rows += [f"phone: {', '.join(self.phones)}"] if self.phones else []
        rows += [f"{k}: {v}" for k, v in (("org", self.org), ("title", self.title), ("address", self.address),
                                          ("note", self.note[:200])) if v]
        return "\n".join(rows + [f"file: {self.file}"])

    def text(self) -> str:
        return " ".join([self.name, *self.emails, *self.phones, self.org, self.title, self.address, self.note]).lower()


def _join(value: str) -> str:
    """A structured value (N, ORG, ADR: parts split by ;) as plain words."""
    return ", ".join(p.strip() for p in value.split(";") if p.strip())


def _decode(value: str, params: dict) -> str:
    if str(params.get("ENCODING", "")).upper() == "QUOTED-PRINTABLE":  # vCard 2.1
        charset = str(params.get("CHARSET", "utf-8"))
        try:
            return quopri.decodestring(value.encode("latin-1", "replace")).decode(charset, "replace")
        except LookupError:
            return quopri.decodestring(value.encode("latin-1", "replace")).decode("utf-8", "replace")
    return value


def _typed(value: str, params: dict) -> str:
    raw = params.get("TYPE", "")
    kinds = [k.lower() for v in (raw if isinstance(raw, list) else [raw]) for k in re.split(r"[,;]", str(v))
             if k and k.lower() not in ("internet", "pref", "voice")]
    value = value.removeprefix("tel:").removeprefix("mailto:")
    return f"{value} ({', '.join(kinds)})" if kinds else value


def _legacy_parts(line: str) -> tuple[str, dict, str]:
    """vCard 2.1 writes bare parameters (EMAIL;INTERNET;WORK:...), which RFC 5545 parsing refuses."""
    head, _, value = line.partition(":")
    name, *params = head.split(";")
    parsed: dict = {}
    for p in params:
        key, eq, val = p.partition("=")
        if eq:
            parsed[key.upper()] = val
        else:
            parsed.setdefault("TYPE", []).append(key)
    return name, parsed, value


def parse_cards(text: str, file: str) -> list[Card]:
    cards: list[Card] = []
    card: Card | None = None
    for line in Contentlines.from_ical(text.replace("\r\n", "\n").replace("\n", "\r\n")):
        if not line.strip():
            continue
        try:
            name, params, value = line.parts()
        except ValueError:
            name, params, value = _legacy_parts(str(line))
        key = name.upper().rsplit(".", 1)[-1]  # "item1.EMAIL" is an EMAIL in group item1
        value = _decode(value, params).strip()
        if key == "BEGIN" and value.upper() == "VCARD":
            card = Card(file)
        elif key == "END" and value.upper() == "VCARD" and card is not None:
            cards.append(card)
            card = None
        elif card is None or not value:
            continue
        elif key == "FN":
            card.name = value
        elif key == "N" and not card.name:
            family, _, rest = value.partition(";")
            card.name = " ".join([_join(rest).replace(",", ""), family]).strip()
        elif key == "EMAIL":
            card.emails.append(_typed(value, params))
        elif key == "TEL":
            card.phones.append(_typed(value, params))
        elif key == "ORG":
            card.org = _join(value)
        elif key == "TITLE":
            card.title = value
        elif key == "ADR":
            card.address = _join(value)
        elif key == "NOTE":
            card.note = " ".join(value.split())
    return cards


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _matches(card: Card, word: str) -> bool:
    if holds_word(card.text(), word):
        return True
    return len(_digits(word)) >= 4 and any(_digits(word) in _digits(p) for p in card.phones)


def find_contact(ctx: ToolContext, query: str) -> str:
    got, skipped = read_each(ctx, find_files(ctx, (".vcf", ".vcard")))
    if not got:
        raise ToolError(f"the workspace holds no contacts (.vcf files){skipped_note(skipped)}")
    cards = [c for rel, data in got for c in parse_cards(data.decode("utf-8", "replace"), rel)]
    words = query_words(query)
    if not words:
        raise ToolError(f"query must hold a name, address or number; {len(cards)} contacts: "
                        f"{', '.join(c.name for c in cards[:30])}")
    scored = [(sum(_matches(c, w) for w in words), c) for c in cards]
    best = max((n for n, _ in scored), default=0)
    if best == 0:
        return (f"no contact matches {query!r} ({len(cards)} contacts in {len(got)} file(s); names: "
                f"{', '.join(c.name for c in cards[:30])})" + skipped_note(skipped))
    hits = [c for n, c in scored if n == best]
    head = (f"{len(hits)} contact{'s' if len(hits) != 1 else ''} match{'es' if len(hits) == 1 else ''}"
            f" {query!r}" if best == len(words) else
            f"no contact matches every word of {query!r}; {len(hits)} match {best} of {len(words)}")
    more = f"\n[{len(hits) - MAX_CARDS} more not shown]" if len(hits) > MAX_CARDS else ""
    return head + ":\n\n" + "\n\n".join(c.show() for c in hits[:MAX_CARDS]) + more + skipped_note(skipped)


CONTACT_TOOLS = [
    Tool("find_contact", "look up people in the contacts: name, email, phone, organisation",
         {"query": {"type": "string", "maxLength": 200, "description": "a name, email, company or phone number"}},
         find_contact),
]
