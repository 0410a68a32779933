"""One call from raw context to what may leave the device: detect, substitute, and (strict) re-check."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from edgeagent.export.detect import DeclaredSecrets, Detector, Span, detect
from edgeagent.export.normalize import normalize
from edgeagent.export.placeholders import PLACEHOLDER_RE, PlaceholderRegistry

MODES = ("off", "redact", "strict")


@dataclass
class Sanitized:
    """Result of `sanitize`. `spans` index into the normalised input; `residual` spans into `text` (the output)."""

    text: str
    placeholders: list[str]
    spans: list[Span]
    residual: list[Span]

    @property
    def refused(self) -> bool:
        """Strict mode found something sensitive even after substitution: the caller must not send `text`."""
        return bool(self.residual)


def sanitize(text: str, mode: str, detectors: Sequence[Detector], registry: PlaceholderRegistry) -> Sanitized:
    """Normalise `text` (see `normalize`), detect sensitive spans and replace them with placeholders from `registry`.

    off: only declared secrets are substituted (they never leave, in any mode); every span is still reported.
    redact: substitute every span. strict: substitute, then detect again on the result; whatever is still found
    (outside our own placeholders) is residual.
    """
    if mode not in MODES:
        raise ValueError(f"unknown export mode {mode!r}: expected one of {', '.join(MODES)}")
    text = normalize(text)
    spans = detect(text, detectors)
    if mode == "off":
        declared = [span for span in spans if span.source == DeclaredSecrets.name]
        out, used = registry.substitute(text, declared) if declared else (text, [])
        return Sanitized(out, used, spans, [])
    out, used = registry.substitute(text, spans)
    residual = _residual(out, detectors, registry) if mode == "strict" else []
    return Sanitized(out, used, spans, residual)


def _residual(out: str, detectors: Sequence[Detector], registry: PlaceholderRegistry) -> list[Span]:
    # A placeholder's own letters can match a declared value ("ecre" in "<SECRET_1>"); that is not a leak.
    issued = [m.span() for m in PLACEHOLDER_RE.finditer(out) if registry.value(m.group(0)) is not None]
    starts = [s for s, _ in issued]
    return [span for span in detect(out, detectors) if not _inside(span, issued, starts)]


def _inside(span: Span, issued: list[tuple[int, int]], starts: list[int]) -> bool:
    i = bisect.bisect_right(starts, span.start) - 1
    return i >= 0 and issued[i][1] >= span.end
