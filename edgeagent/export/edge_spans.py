"""Names proposed by the edge model itself: it lists the people, organisations and places of a text under a JSON
schema (grammar-constrained, greedy), and each proposal becomes a span wherever it occurs in the text as written.

The approach of the best published pipeline (a local model reading the request), measured here beside spaCy
(bench/results/README.md, the export layer); it is not in the default detector set: see the numbers there. Name it in config to use it:
`export.detectors = ["edgeagent.export.edge_spans:EdgeSpans"]`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from edgeagent.export.detect.spans import Span
from edgeagent.export.ner import chunks
from edgeagent.export.placeholders import PLACEHOLDER_RE

MODEL = "qwen2.5-coder-0.5b"
CHUNK_CHARS = 1500  # a small model reads a short text best; its reply stays short too
MAX_NAMES = 24
# Three plain lists: the shape a small model fills most reliably (measured against a list of {text, kind} objects).
FIELDS = {"people": "PERSON", "organisations": "ORG", "places": "LOCATION"}
_NAMES = {"type": "array", "maxItems": MAX_NAMES, "items": {"type": "string", "minLength": 2, "maxLength": 80}}
SCHEMA = {"type": "object", "properties": {f: _NAMES for f in FIELDS}, "required": list(FIELDS)}
SYSTEM = (
    "You find private names in a user's text before it is sent anywhere. List every name of a person (first "
    "names, surnames, usernames of people), organisation (company, firm, team, shop, school) and place (city, "
    "town, street, region, office) exactly as it is written in the text. Do not list common words, products, "
    "programming terms or tokens like <PERSON_1>. Reply with JSON only."
)


class EdgeSpans:
    """PERSON, ORG and LOCATION spans the edge model proposes; a proposal not found verbatim in the text is dropped."""

    name = "edge-spans"

    def __init__(self, backend: Any = None, model: str = MODEL, chunk_chars: int = CHUNK_CHARS) -> None:
        self._backend, self.model, self.chunk_chars = backend, model, chunk_chars

    def detect(self, text: str) -> list[Span]:
        if not any(c.isalpha() for c in text):
            return []
        spans = []
        for offset, piece in chunks(text, self.chunk_chars):
            for value, kind in self.propose(piece):
                spans += [Span(offset + lo, offset + hi, kind, self.name) for lo, hi in occurrences(piece, value)]
        return spans

    def propose(self, text: str) -> list[tuple[str, str]]:
        """(text, kind) pairs the model lists for `text`; an unparsable reply proposes nothing."""
        backend = self._loaded()
        messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": text}]
        reply, _ = backend.complete(messages, constraint=SCHEMA, max_tokens=400)
        try:
            listed = json.loads(reply)
            return [(name, kind) for field, kind in FIELDS.items() for name in listed[field] if isinstance(name, str)]
        except (ValueError, KeyError, TypeError):
            return []

    def _loaded(self) -> Any:
        if self._backend is None:
            from edgeagent.models.prepared import load_backend

            self._backend = load_backend(self.model, backend="llamacpp")
        return self._backend


def occurrences(text: str, value: str) -> list[tuple[int, int]]:
    """Where `value` stands in `text` as whole words in any case, outside placeholders."""
    value = value.strip()
    if len(value) < 2 or PLACEHOLDER_RE.search(value):
        return []
    held = [m.span() for m in PLACEHOLDER_RE.finditer(text)]
    found = []
    for m in re.finditer(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text, re.IGNORECASE):
        if not any(lo < m.end() and m.start() < hi for lo, hi in held):
            found.append(m.span())
    return found
