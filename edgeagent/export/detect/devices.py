"""Names people give their machines, which carry their own names: kind HOST.

* Windows' and macOS's defaults: `DESKTOP-7F3K2LQ`, `LAPTOP-AB12CD34`, `Annas-MacBook-Pro`, `Johns-iPhone`.
* A device word joined to a name by hyphens: `jwc-pc`, `maria-laptop`, `galaxy-de-ines`; the rest must not be
  an ordinary English word ("phone-number", "pixel-ratio") nor a technical one ("android-sdk").
* After a word that announces a device ("laptop", "device:", "hostname", "móvil"), a quoted or bracketed name, or a
  code of capitals and digits with hyphens ("laptop HS-LT-0442", "Device: Pixel 7 'ivo-p7'").
"""

from __future__ import annotations

import re

from edgeagent.export.detect.language import zipf
from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import fold_case, word_set

_DEFAULT_RE = re.compile(
    r"(?<![\w-])(?:DESKTOP|LAPTOP|WIN)-[A-Z0-9]{7,8}(?![\w-])"
    r"|(?<![\w-])[A-Za-z][\w]*?['’]?s-(?:MacBook(?:-Pro|-Air)?|iMac|iPhone|iPad|Mac-mini|Mac-Studio)(?:-\d+)?(?![\w-])"
)
DEVICE_WORDS = word_set("""
pc laptop desktop notebook macbook mbp imac iphone ipad pixel galaxy redmi xiaomi oneplus huawei android phone
tablet surface thinkpad xps chromebook nas
""")
# Parts that make a device word a product, setting or code name rather than someone's machine.
_TECHNICAL = word_set("""
sdk studio tools tool app apps api os emulator build release debug config setup sync backup manager camera screen
case charger cover stand mount holder repair support driver drivers firmware update updates test tests mode ratio
size width height density art icon icons ui ux web mobile dev prod stage staging pro max mini plus ultra lite air
fold flip tab watch buds book the and for with of new old my your our a an
""")
_JOINED_RE = re.compile(r"(?<![\w./@-])[a-z][a-z0-9]*(?:-[a-z0-9]+){1,3}(?![\w@-]|\.[a-z])", re.IGNORECASE)
_CUE_RE = re.compile(  # on lower-cased text
    r"\b(?:laptop|computer|desktop|device|device name|workstation|machine|hostname|host name|asset tag|pc|phone|"
    r"mobile|handy|móvil|movil|celular|portable|ordinateur|telefone|telefono|smartphone)\b[ \t]*[:=]?[ \t]*"
)
_NAMED_RE = re.compile(  # right after the cue, or a few words on: a quoted or bracketed name, or a code
    r"(?:[\w.]+[ \t]+){0,3}?(?:(?:\(['\"‘“]?|['\"‘“])(?P<q>[\w][\w.-]{1,40}[\w])(?:['\"’”]\)?|\))"
    r"|(?P<c>(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9]*(?:-[A-Z0-9]+){1,3})(?![\w-]))"
)
COMMON_ZIPF = 4.0  # a part at least this frequent in English is an ordinary word, not a name
_PARTICLES = word_set("de da di do del dos das van von der la le")  # "galaxy-de-lucia": neither name nor word
_MODEL_CODE_RE = re.compile(r"[a-z]{0,2}\d+[a-z]{0,2}")  # "s23", "p7", "5g": a product's model, not a name


class DeviceNames:
    """Device names: the operating systems' default names, name-and-device-word names, and names after a device."""

    name = "device-names"

    def detect(self, text: str) -> list[Span]:
        spans = [Span(m.start(), m.end(), "HOST", self.name) for m in _DEFAULT_RE.finditer(text)]
        defaults = {(s.start, s.end) for s in spans}
        for m in _JOINED_RE.finditer(text):
            if m.span() in defaults:
                continue
            parts = m.group().lower().split("-")
            others = [p for p in parts if p not in DEVICE_WORDS]
            if len(others) < len(parts) and others and _named(others):
                spans.append(Span(m.start(), m.end(), "HOST", self.name))
        for m in _CUE_RE.finditer(fold_case(text)):
            named = _NAMED_RE.match(text, m.end())
            if named:
                group = "q" if named.group("q") else "c"
                value = named.group(group)
                if group == "c" or any(c in value for c in "-_.") or any(c.isdigit() for c in value):
                    spans.append(Span(named.start(group), named.end(group), "HOST", self.name))
        return spans


def _named(parts: list[str]) -> bool:
    """Whether the parts beside a device word name someone: not technical, not ordinary English, not a model code."""
    words = [p for p in parts if not _MODEL_CODE_RE.fullmatch(p) and p not in _PARTICLES]
    return bool(words) and not any(p in _TECHNICAL or zipf(p, "en") >= COMMON_ZIPF for p in words)
