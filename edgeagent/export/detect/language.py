"""Which language a text is in, and how common a word is in it: wordfreq's word lists (Zipf scale: 6 is "the",
3 is once per million words).

The entity model is English. On other languages it reads capitalised nouns (German "Rechnung") and sentence openings
("Peux-tu m'aider") as names; on English it misses names typed in lower case ("reply to marta"). Both corrections
need the text's language and a word's frequency in it; the lists load once per process, on first use.
"""

from __future__ import annotations

import collections
import functools
import math
import re
import threading

from edgeagent.export.detect.text import word_set

# Latin-script languages whose text the English model misreads; others (CJK, Cyrillic) it mostly leaves alone.
LANGUAGES = ("en", "de", "fr", "es", "pt", "it", "nl", "pl", "sv", "tr", "da", "ro")
MIN_WORDS = 4  # fewer words say too little about a language: such a text is left as it is (None)
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")

_lists: dict[str, dict[str, float]] = {}
_loading = threading.Lock()


def zipf(word: str, lang: str) -> float:
    """`word`'s frequency in `lang` on the Zipf scale (0 when the word is not in the list), any case."""
    return _table(lang).get(word.casefold(), 0.0)


@functools.lru_cache(maxsize=1024)  # several detectors ask about the same text
def language_of(text: str) -> str | None:
    """The language of LANGUAGES whose common words best cover `text` (the sum of its words' Zipf values, a unigram
    model), or None for a text of fewer than MIN_WORDS words or one whose words are mostly in none of the lists."""
    words = [w.casefold() for w in _WORD_RE.findall(text)]
    if len(words) < MIN_WORDS:
        return None
    counts = collections.Counter(words)
    scores = {}
    for lang in LANGUAGES:
        table = _table(lang)
        scores[lang] = sum(table.get(w, 0.0) * n for w, n in counts.items())
    best = max(scores, key=scores.__getitem__)
    # Mostly words of no list (Japanese with a Latin ID in it): not a text these lists can place.
    table = _table(best)
    known = sum(n for w, n in counts.items() if w in table)
    return best if known * 2 >= len(words) else None


def _table(lang: str) -> dict[str, float]:
    table = _lists.get(lang)
    if table is None:
        with _loading:
            if lang not in _lists:
                from wordfreq import get_frequency_dict

                # The "small" lists (about 30,000 words each) hold every word common enough to matter here.
                _lists[lang] = {w: round(math.log10(f) + 9, 2) for w, f in get_frequency_dict(lang, "small").items()}
            table = _lists[lang]
    return table


# Days and months, with their usual short forms, in the languages above (lower case): never a name on their own.
CALENDAR_WORDS = word_set("""
monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat
january february march july september october november december feb mar apr jun jul aug sep
sept oct nov dec
montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag januar februar märz juni juli oktober
dezember
lundi mardi mercredi jeudi vendredi samedi dimanche janvier février mars avril juin juillet août septembre octobre
novembre décembre
lunes martes miércoles jueves viernes sábado enero febrero marzo junio septiembre
octubre noviembre diciembre
segunda terça quarta quinta sexta segunda-feira terça-feira quarta-feira quinta-feira sexta-feira janeiro fevereiro
março junho julho setembro outubro novembro dezembro
lunedì martedì mercoledì giovedì venerdì sabato domenica gennaio febbraio aprile giugno luglio settembre
ottobre dicembre
maandag dinsdag woensdag donderdag vrijdag zaterdag zondag januari februari maart
poniedziałek wtorek środa czwartek piątek sobota niedziela styczeń luty marzec kwiecień czerwiec lipiec sierpień
wrzesień październik listopad grudzień
""")  # left out: May, April, June, August, Jan, Sun, Julio, Domingo in any language, names as often as dates
