"""Display names of mail addresses: "Priya Raman <priya@...>", "\"Raman, Priya\" <...>", and the names alone on
To/From/Cc lines ("From: Priya Raman"), which NER misses at a line's start and in header lists."""

from __future__ import annotations

import re

from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import word_set

_ADDR = r"<[^<>\s@]+@[^<>\s]+>"
_NAME_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’.\-]*"
# "Name Surname <addr>" (1-4 capitalised words, particles between) or "\"anything\" <addr>".
_PARTICLES = r"(?:(?:van|von|de|der|den|da|di|del|du|le|la|dos|das|y|bin|al)[ \t]+)*"  # "Jan van der Berg"
_NAMED_ADDR_RE = re.compile(
    rf"(?<![\w\"'])(?P<name>{_NAME_WORD}(?:[ \t]+{_PARTICLES}{_NAME_WORD}){{0,3}})[ \t]*{_ADDR}"
    rf"|\"(?P<quoted>[^\"\n<>@]{{2,80}})\"[ \t]*{_ADDR}"
)
# Header lines that list people, in the languages mail clients write them.
_HEADER_RE = re.compile(
    r"(?im)^[ \t>]*(?:to|from|cc|bcc|reply-to|sender|an|von|kopie|de|à|a|para|da|van|aan|för|till|fra|til)[ \t]*:"
    r"[ \t]*(?P<value>[^\n]+)"
)
_BARE_NAME_RE = re.compile(rf"{_NAME_WORD}(?:[ \t]+{_PARTICLES}{_NAME_WORD}){{1,3}}")  # two to four capitalised words
# Capitalised words that start header values but are not names.
_NOT_NAMES = word_set("""all everyone team staff the support sales marketing hr it admin info no undisclosed recipients
me you us list group dept department office board management""")


class MailNames:
    """The display name before an e-mail address, and whole names listed on To/From/Cc lines: kind PERSON."""

    name = "mail-names"

    def detect(self, text: str) -> list[Span]:
        spans = []
        if "@" in text:
            for m in _NAMED_ADDR_RE.finditer(text):
                group = "name" if m.group("name") else "quoted"
                value = m.group(group)
                if value.split()[0].lower() not in _NOT_NAMES:
                    spans.append(Span(m.start(group), m.end(group), "PERSON", self.name))
        if ":" in text:
            for m in _HEADER_RE.finditer(text):
                start = m.start("value")
                for item in re.finditer(r"[^,;]+", m.group("value")):
                    words = item.group().strip()
                    if "@" in words or not _BARE_NAME_RE.fullmatch(words) or words.split()[0].lower() in _NOT_NAMES:
                        continue
                    lo = start + item.start() + item.group().index(words)
                    spans.append(Span(lo, lo + len(words), "PERSON", self.name))
        return spans
