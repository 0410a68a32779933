"""What counts as a secret in mail a run sends: the export layer's view, lent to the tools as one callable.

Tools never import export/ (tests/test_layers.py), so the agent builds `find_secrets` and puts it on every step's
ToolContext: declared values (the workspace's .edgeagent-secrets, config export.secrets and secrets files, the run's
--secrets-file), plus what the export detectors redact as a secret kind (keys, tokens, passwords, private keys, card
numbers), plus one-time codes, which no export detector names yet."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from edgeagent.errors import BadInput
from edgeagent.workspace.sandbox import WORKSPACE_SECRETS, ToolError

FindSecrets = Callable[[str], list[tuple[str, str | None]]]
# Kinds the export detectors give to values no one may read: keys, tokens and passwords (SECRET), cards. Contact
# details (EMAIL, PHONE, PERSON ...) are what mail is for, so they are not refused here.
SECRET_KINDS = frozenset({"SECRET", "CREDIT_CARD"})
ONE_TIME_CODE = "ONE_TIME_CODE"
# "Your verification code is 482913", "OTP: 4829-13", "2FA code 482 913", "482913 is your login code".
_CODE_WORDS = (r"(?:one[- ]time (?:pass(?:word|code)|code|pin)|otp|verification code|security code|login code|"
               r"sign[- ]?in code|2fa code|mfa code|auth(?:entication|orization)? code|access code|passcode|pin)")
_DIGITS = r"(?<![\w-])(\d{2,4}[ -]?\d{2,4})(?![\w-])"
# Between the word and the code: "for <up to three words>" at most, then ":", "is" or nothing ("pin this to room
# 1530" is no code).
_GAP = r"(?:\s+for\s+[\w.-]+(?:\s+[\w.-]+){0,2})?\s*(?:[:=#]|\bis\b|\bwas\b)?\s*"
_CODE_AFTER = re.compile(rf"\b{_CODE_WORDS}\b{_GAP}{_DIGITS}", re.IGNORECASE)
_CODE_BEFORE = re.compile(rf"{_DIGITS}\s+is\s+your\s+(?:[\w-]+\s+){{0,3}}(?:code|otp|pin|passcode)\b", re.IGNORECASE)


def one_time_codes(text: str) -> list[tuple[str, str]]:
    """4 to 8 digits that a code word introduces, or that "is your ... code" follows."""
    found = [m.group(1) for rx in (_CODE_AFTER, _CODE_BEFORE) for m in rx.finditer(text)]
    return [(ONE_TIME_CODE, code) for code in found if 4 <= sum(c.isdigit() for c in code) <= 8]


def secret_finder(workspace: Path, values: Sequence[str] = (), files: Sequence[str | Path | None] = ()) -> FindSecrets:
    """`find(text)` -> (kind, value) of each secret in `text`, value None where a declared one is found in disguise
    (base64, hex, reversed). The detectors load on the first call: most runs send no mail."""

    @functools.cache
    def detectors() -> tuple[list, list[tuple[str, str]]]:
        return _load(workspace, values, files)

    def find(text: str) -> list[tuple[str, str | None]]:
        from edgeagent.export.disguised import hidden_declared
        from edgeagent.export.normalize import normalize

        found_by, declared = detectors()
        text = normalize(text)  # as an export sees it: zero-width characters and odd digits hide nothing
        found: list[tuple[str, str | None]] = []
        spans = [s for d in found_by for s in d.detect(text)
                 if (s.source == "declared" or s.kind in SECRET_KINDS) and 0 <= s.start < s.end <= len(text)]
        found += [(s.kind, text[s.start:s.end]) for s in spans]
        found += one_time_codes(text)
        rest = text
        for s in spans:  # what was found as written is not found again in disguise
            rest = rest[:s.start] + " " * (s.end - s.start) + rest[s.end:]
        found += [(kind, None) for kind in hidden_declared(rest, declared)]
        return list(dict.fromkeys(found))  # presidio and the card rule find one card twice

    return find


def _load(workspace: Path, values: Sequence[str], files: Sequence[str | Path | None]
          ) -> tuple[list, list[tuple[str, str]]]:
    """The pattern detectors (no NER model) with the declared values first, and the declared (value, kind) pairs."""
    from edgeagent.export.detect.builtin import default_detectors
    from edgeagent.export.exporter import load_declared

    try:
        paths = [workspace / WORKSPACE_SECRETS, *(Path(f).expanduser() for f in files if f)]
        declared = load_declared(list(values), paths)
    except (BadInput, RuntimeError) as e:  # RuntimeError: "~nosuchuser/x"
        # A broken secrets file must not let its secrets out: nothing goes to outside addresses until it is fixed.
        raise ToolError(f"the secrets file cannot be read ({e}); mail to outside addresses waits until it is "
                        "fixed") from None
    return default_detectors(declared, models=False), list(declared.entries) if declared else []
