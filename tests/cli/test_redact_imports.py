"""`edgeagent redact` imports only what the text needs: never the agent or the store, and presidio (with spaCy) and
detect-secrets only for a text that could hold what they find. Each case is a fresh process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

WATCHED = ("edgeagent.agent.loop", "edgeagent.store", "sqlite_utils", "edgeagent.render", "detect_secrets", "presidio_analyzer",
           "spacy")


def _imported_by_redact(line: str, tmp_path, monkeypatch) -> list[str]:
    monkeypatch.setenv("EDGEAGENT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "no-models"))  # no entity model: spaCy only via presidio
    (tmp_path / "no-wheels").mkdir()
    monkeypatch.setenv("EDGEAGENT_WHEELHOUSE", str(tmp_path / "no-wheels"))  # and none to be had (as offline)
    code = ("import json, sys\nfrom edgeagent.cli import cli\n"
            "try:\n    cli(['redact', '-'])\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            f"print(json.dumps([m for m in {WATCHED!r} if m in sys.modules]), file=sys.stderr)")
    # The first redact tries to prepare the entity model (its progress lines load the renderer); the steady state,
    # which this is about, is every redact after it.
    for _ in range(2):
        p = subprocess.run([sys.executable, "-c", code], input=line, capture_output=True, text=True, timeout=120,
                           check=True)
    return json.loads(p.stderr.strip().splitlines()[-1])


def test_a_plain_line_loads_no_detector_library(tmp_path, monkeypatch):
    assert _imported_by_redact("Please ask Maria about the Lisbon offsite\n", tmp_path, monkeypatch) == []


@pytest.mark.parametrize(("line", "needed"), [
    ("Mail maria.rossi@example.it about it\n", ["presidio_analyzer", "spacy"]),
    ("key AKIAIOSFODNN7EXAMPLE in the config\n", ["detect_secrets"]),
])
def test_a_line_loads_only_the_library_its_value_needs(tmp_path, monkeypatch, line, needed):
    assert _imported_by_redact(line, tmp_path, monkeypatch) == needed
