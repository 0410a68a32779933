"""Sensitive-span detection for the export layer (pure: no I/O beyond reading a secrets file, no network).

Modules: `spans` (Span, the Detector hook, merging), `declared` (values the user declared), `secrets`
(detect-secrets' plugins), `pii` (presidio's pattern recognizers), `builtin` (the default set: a table of rows,
plus detectors named in config). Further detectors (NER, span proposals from the edge model, ...) plug in through
the `Detector` protocol. Importing this package is cheap: presidio and detect-secrets load when a detector needs them.
"""

from edgeagent.export.detect.builtin import BUILTIN, Row, default_detectors, detectors_from, load_detector
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.hosts import PRIVATE_SUFFIXES
from edgeagent.export.detect.pii import MIN_PRESIDIO_SCORE, PHONE_REGIONS, PresidioPatterns
from edgeagent.export.detect.secrets import SecretPlugins
from edgeagent.export.detect.spans import (
    HOOK_PRIORITY,
    KIND_RE,
    SOURCE_PRIORITY,
    Detector,
    Expander,
    Span,
    detect,
    merge_spans,
)

__all__ = [
    "BUILTIN", "HOOK_PRIORITY", "KIND_RE", "MIN_PRESIDIO_SCORE", "PHONE_REGIONS",
    "PRIVATE_SUFFIXES", "SOURCE_PRIORITY", "DeclaredSecrets", "Detector", "Expander", "PresidioPatterns", "Row",
    "SecretPlugins", "Span", "default_detectors", "detect", "detectors_from", "load_detector", "merge_spans",
]
