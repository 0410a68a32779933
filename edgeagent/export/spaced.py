"""Text written without spaces (Chinese, Japanese, Thai ...) read with a space where it meets Latin letters or digits.

The patterns mark a number or an address with word boundaries, and an ideograph is a word character, so
"卡号4111111111111111请核对" or "手机号是13911401203，" held no boundary around the value and nothing was found,
while a cloud reads it at once. The detectors also read this spaced view, and what they find there is replaced in
the text as written."""

from __future__ import annotations

import re
from collections.abc import Sequence

from edgeagent.export.detect.spans import Detector, Span, detect
from edgeagent.export.ner import SpacyEntities

# Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana, ideographs, hangul.
_UNSPACED = r"\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_MEETING_RE = re.compile(rf"(?<=[{_UNSPACED}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_UNSPACED}])")


def detect_spaced(text: str, detectors: Sequence[Detector]) -> list[Span]:
    """What the pattern detectors find once a space parts CJK text from Latin letters and digits, as spans of
    `text`; [] where the two never meet. The entity model is left out: it reads the text as it is already."""
    cuts = [m.start() for m in _MEETING_RE.finditer(text)]
    if not cuts:
        return []
    pieces, starts, pos = [], [], 0
    for cut in cuts:
        pieces += [text[pos:cut], " "]
        starts += [*range(pos, cut), cut]  # the added space stands where the next character starts
        pos = cut
    pieces.append(text[pos:])
    starts += range(pos, len(text))
    view = "".join(pieces)
    found = detect(view, [d for d in detectors if not isinstance(d, SpacyEntities)])
    # An added space is never inside a span's own characters' run: a span's end is the next view character's start.
    ends = [*starts[1:], len(text)]
    return [Span(starts[s.start], ends[s.end - 1], s.kind, s.source, s.score) for s in found
            if starts[s.start] < ends[s.end - 1]]
