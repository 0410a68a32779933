"""Property tests for the export layer: exact round trips, stable placeholders, no declared secret through strict."""

from __future__ import annotations

import functools
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector, Span
from edgeagent.export.normalize import normalize
from edgeagent.export.placeholders import PLACEHOLDER_RE, PlaceholderRegistry
from edgeagent.export.sanitize import sanitize

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def detectors() -> tuple[Detector, ...]:
    # presidio's import takes seconds (spaCy/transformers); build the detectors once per test session.
    return tuple(default_detectors(models=False))


# Strings shaped like placeholders, including ones the registry never issues (n = 0, leading zeros).
placeholder_like = st.from_regex(r"<[A-Z][A-Z0-9_]{0,8}_[0-9]{1,3}>", fullmatch=True)
emails = st.builds(
    "{}@{}.{}".format,
    st.from_regex(r"[a-z][a-z0-9._]{0,8}[a-z0-9]", fullmatch=True),
    st.from_regex(r"[a-z]{2,10}", fullmatch=True),
    st.sampled_from(["com", "org", "io", "co.uk", "internal"]),
)
fragments = st.sampled_from(["<", ">", "_1>", "<EMAIL_", "<LITERAL_1>", "\n", " ", "\\", '"', "4111 1111 1111 1111"])
mixed_text = st.lists(st.one_of(st.text(max_size=20), placeholder_like, emails, fragments), max_size=12).map("".join)


# --- restore(substitute(x)) == x ------------------------------------------------------------------------------------


@SETTINGS
@given(text=mixed_text)
def test_restore_inverts_sanitize_for_any_text(text):
    # What is sent keeps the user's characters where it can, and reads as the normalised text: so what comes back
    # normalises to normalize(x), and is x itself for ASCII.
    registry = PlaceholderRegistry()
    result = sanitize(text, "redact", detectors(), registry)
    assert normalize(registry.restore(result.text)) == normalize(text)
    assert PlaceholderRegistry(registry.entries()).restore(result.text) == registry.restore(result.text)
    assert registry.restore(result.text) == text or not text.isascii()


@SETTINGS
@given(text=mixed_text, data=st.data())
def test_restore_inverts_substitute_for_arbitrary_spans(text, data):
    # Detector-independent: any spans (overlapping, adjacent, cutting placeholder-like text) round-trip exactly.
    registry = PlaceholderRegistry()
    bounds = st.integers(0, len(text))
    pairs = data.draw(st.lists(st.tuples(bounds, bounds), max_size=6))
    kinds = data.draw(st.lists(st.sampled_from(["EMAIL", "SECRET", "URL", "X_1"]), min_size=6, max_size=6))
    spans = [Span(min(a, b), max(a, b), kind, "test") for (a, b), kind in zip(pairs, kinds) if a != b]
    out, used = registry.substitute(text, spans)
    assert registry.restore(out) == text
    assert set(used) == {m.group() for m in PLACEHOLDER_RE.finditer(out)}
    # Reusing the registry on its own output keeps round-tripping (placeholders become LITERAL values).
    again, _ = registry.substitute(out, [])
    assert registry.restore(again) == out


# --- stable placeholders --------------------------------------------------------------------------------------------


@SETTINGS
@given(
    pool=st.lists(emails, min_size=1, max_size=5, unique=True),
    picks=st.lists(st.lists(st.integers(0, 4), min_size=1, max_size=4), min_size=2, max_size=8),
    split=st.integers(0, 8),
)
def test_same_value_keeps_its_placeholder_and_rebuilt_registry_matches(pool, picks, split):
    registry = PlaceholderRegistry()
    rebuilt = None
    first_seen: dict[str, str] = {}
    for i, pick in enumerate(picks):
        values = [pool[j % len(pool)] for j in pick]
        text = "mail " + " and ".join(values) + " today"
        if i == split:
            rebuilt = PlaceholderRegistry(registry.entries())
        result = sanitize(text, "redact", detectors(), registry)
        placeholders = result.text[len("mail ") : -len(" today")].split(" and ")
        for value, placeholder in zip(values, placeholders, strict=True):
            assert re.fullmatch(r"<EMAIL_[1-9][0-9]*>", placeholder)
            assert first_seen.setdefault(value, placeholder) == placeholder
        if rebuilt is not None:
            assert sanitize(text, "redact", detectors(), rebuilt).text == result.text
    assert sorted(first_seen.values()) == sorted({p for p, kind, _ in registry.entries() if kind == "EMAIL"})


# --- strict mode never lets a declared secret through ---------------------------------------------------------------

SECRET_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 éüøÅ"
WHITESPACE = [" ", "  ", "\n", "\t", "\r\n", " \n ", "\u00a0", "\u2003"]
secrets = st.text(alphabet=SECRET_ALPHABET, min_size=4, max_size=24).map(str.strip).filter(
    lambda s: len("".join(s.split())) >= 4
)
WRAPS = {
    "none": lambda t: t,
    "dumps": json.dumps,
    "dumps-unicode": lambda t: json.dumps(t, ensure_ascii=False),
    "dict": lambda t: json.dumps({"tool": "read", "result": {"text": t, "ok": True}}),
    "twice": lambda t: json.dumps(json.dumps({"text": t})),
}


@st.composite
def disguised(draw, secret: str) -> str:
    """The secret with random case changes, its spaces dropped or widened, and whitespace inserted anywhere."""
    out = []
    for ch in secret:
        if ch == " ":
            out.append(draw(st.sampled_from(["", *WHITESPACE])))
            continue
        out.append(ch.swapcase() if draw(st.booleans()) and len(ch.swapcase()) == 1 else ch)
        if draw(st.integers(0, 5)) == 0:
            out.append(draw(st.sampled_from(WHITESPACE)))
    return "".join(out).strip()


_JSON_ESCAPE_RE = re.compile(r'\\(u[0-9a-fA-F]{4}|["\\/bfnrt])')
_SIMPLE_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "/": "/"}


def _json_unescape(text: str) -> str:
    # What JSON encoders produce: short escapes, and \uXXXX for characters other than ASCII letters and digits.
    def one(m: re.Match) -> str:
        esc = m.group(1)
        if esc[0] != "u":
            return _SIMPLE_ESCAPES[esc]
        ch = chr(int(esc[1:], 16))
        return m.group(0) if ch.isascii() and ch.isalnum() else ch

    return _JSON_ESCAPE_RE.sub(one, text)


def normalised(text: str, registry: PlaceholderRegistry | None = None) -> str:
    """Lower-cased, JSON-unescaped (repeatedly, for nested JSON), whitespace removed; our placeholders -> NUL."""
    if registry is not None:
        text = PLACEHOLDER_RE.sub(lambda m: "\0" if registry.value(m.group()) is not None else m.group(), text)
    for _ in range(3):
        text = _json_unescape(text)
    return "".join(text.lower().split())


@SETTINGS
@given(
    secret=secrets,
    data=st.data(),
    before=st.text(max_size=40),
    after=st.text(max_size=40),
    wrap=st.sampled_from(sorted(WRAPS)),
    mode_registry_shared=st.booleans(),
)
def test_strict_never_sends_a_declared_secret(secret, data, before, after, wrap, mode_registry_shared):
    shown = data.draw(disguised(secret))
    text = WRAPS[wrap](f"{before} {shown} {after}")
    registry = SHARED_REGISTRY if mode_registry_shared else PlaceholderRegistry()
    dets = [DeclaredSecrets([secret]), *detectors()]
    result = sanitize(text, "strict", dets, registry)
    assert normalised(secret) not in normalised(result.text, registry) or result.refused
    assert normalize(registry.restore(result.text)) == normalize(text)


SHARED_REGISTRY = PlaceholderRegistry()


def test_normaliser_sees_through_the_disguises():
    # The property above is only meaningful if the normaliser would expose an unredacted secret.
    text = json.dumps(json.dumps({"t": "x Ab\u00a0c\nDé y"}))
    assert "abcdé" in normalised(text)


# --- any separators between a declared secret's letters, in every mode that sends ------------------------------------

SEPARATORS = list(" -_.,;:/\\|*+=~'\"()[]{}!?#$%^&\n\t\u2014\u2013\u00b7\u2022\u00a0\u200b\u00ad")


@SETTINGS
@given(secret=secrets, data=st.data(), before=st.text(max_size=20), after=st.text(max_size=20),
       mode=st.sampled_from(["off", "redact"]))
def test_a_declared_secret_is_replaced_whatever_separates_its_letters(secret, data, before, after, mode):
    letters = [c for c in normalize(secret) if c.isalnum()]
    shown = "".join(c + data.draw(st.text(alphabet=SEPARATORS, max_size=3)) for c in letters[:-1]) + letters[-1]
    text = f"{before} {shown} {after}"
    registry = PlaceholderRegistry()
    result = sanitize(text, mode, [DeclaredSecrets([secret])], registry)
    assert normalize(shown) not in result.text
    assert normalize(registry.restore(result.text)) == normalize(text)
