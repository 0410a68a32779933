"""Reversible typed placeholders: sensitive values become `<KIND_n>` on the way out and come back on the way in."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from edgeagent.export.detect.spans import KIND_RE, Span, merge_spans

# Every string the registry can issue has this shape. Substitution also replaces pre-existing substrings of this
# shape (as kind LITERAL), so after substitution the only shapes left are placeholders we issued.
PLACEHOLDER_RE = re.compile(r"<([A-Z][A-Z0-9_]*)_([1-9][0-9]*)>")
LITERAL = "LITERAL"


class PlaceholderRegistry:
    """Append-only bijection value <-> `<KIND_n>`, numbered per kind from 1 in order of first appearance.

    A value keeps its first placeholder forever, even when later detected as another kind, so the same value reads
    the same in every message of a run. `entries()` / `PlaceholderRegistry(entries)` persist and rebuild it exactly.
    """

    def __init__(self, entries: Iterable[tuple[str, str, str]] = ()) -> None:
        self._entries: list[tuple[str, str, str]] = []
        self._by_value: dict[str, str] = {}
        self._by_placeholder: dict[str, str] = {}
        self._next: dict[str, int] = {}
        for placeholder, kind, value in entries:
            self._add(placeholder, kind, value)

    def placeholder_for(self, value: str, kind: str) -> str:
        """The placeholder for `value`, issuing `<KIND_n>` (next free n for `kind`) on first sight."""
        existing = self._by_value.get(value)
        if existing is not None:
            return existing
        if not KIND_RE.fullmatch(kind):
            raise ValueError(f"placeholder kind {kind!r} must match [A-Z][A-Z0-9_]*")
        n = self._next.get(kind, 1)
        while f"<{kind}_{n}>" in self._by_placeholder:
            n += 1
        placeholder = f"<{kind}_{n}>"
        self._add(placeholder, kind, value)
        return placeholder

    def entries(self) -> list[tuple[str, str, str]]:
        """(placeholder, kind, value) in creation order."""
        return list(self._entries)

    def value(self, placeholder: str) -> str | None:
        return self._by_placeholder.get(placeholder)

    def __len__(self) -> int:
        return len(self._entries)

    def substitute(self, text: str, spans: Sequence[Span]) -> tuple[str, list[str]]:
        """Replace each span's text by its placeholder; return the new text and the placeholders used (first-use order).

        Placeholder-shaped substrings already in `text` are substituted too (kind LITERAL), which is what makes
        `restore(substitute(x)[0]) == x` hold for any x.
        """
        out: list[str] = []
        used: dict[str, None] = {}
        pos = 0
        for span in merge_spans(spans):
            if span.start < pos or span.end > len(text):
                raise ValueError(f"span {span.start}:{span.end} outside text of length {len(text)}")
            self._protect(text[pos : span.start], out, used)
            placeholder = self.placeholder_for(text[span.start : span.end], span.kind)
            out.append(placeholder)
            used[placeholder] = None
            pos = span.end
        self._protect(text[pos:], out, used)
        return "".join(out), list(used)

    def restore(self, text: str) -> str:
        """Replace every placeholder this registry issued by its value, in one pass; unknown ones stay as they are."""
        lookup = self._by_placeholder
        return PLACEHOLDER_RE.sub(lambda m: lookup.get(m.group(0), m.group(0)), text)

    def _protect(self, gap: str, out: list[str], used: dict[str, None]) -> None:
        pos = 0
        for m in PLACEHOLDER_RE.finditer(gap):
            out.append(gap[pos : m.start()])
            placeholder = self.placeholder_for(m.group(0), LITERAL)
            out.append(placeholder)
            used[placeholder] = None
            pos = m.end()
        out.append(gap[pos:])

    def _add(self, placeholder: str, kind: str, value: str) -> None:
        m = PLACEHOLDER_RE.fullmatch(placeholder)
        if not m or m.group(1) != kind:
            raise ValueError(f"registry entry {placeholder!r} is not a placeholder of kind {kind!r}")
        if placeholder in self._by_placeholder or value in self._by_value:
            raise ValueError(f"registry entry {placeholder!r} duplicates an earlier placeholder or value")
        self._entries.append((placeholder, kind, value))
        self._by_value[value] = placeholder
        self._by_placeholder[placeholder] = value
        self._next[kind] = max(self._next.get(kind, 1), int(m.group(2)) + 1)
