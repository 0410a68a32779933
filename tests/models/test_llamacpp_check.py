"""The trial load of a llama.cpp model in a child process, before the runtime loads it into its own.

A crashing build is shown with real signals: the child kills itself with SIGSEGV or SIGILL, as a native build
that misbehaves does in its first eval (seen on an AVX-512 Xeon; the crash itself can't be had on demand)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from edgeagent.backends.llamacpp_build import REBUILD
from edgeagent.errors import ModelError
from edgeagent.models import llamacpp_check
from edgeagent.models import prepared as models
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import SHARED_MODELS


@pytest.fixture
def gguf(home, tmp_path) -> Path:
    """A private copy of the embedded GGUF, so its stamp (size, mtime) is this test's own."""
    pytest.importorskip("llama_cpp")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))
        shared = models.gguf_file(SMOKE_MODEL)
    own = tmp_path / "model.gguf"
    own.write_bytes(shared.read_bytes())
    return own


def _crash(sig: str) -> list[str]:
    return [sys.executable, "-c", f"import os, signal; os.kill(os.getpid(), signal.{sig})"]


def test_a_build_that_crashes_in_the_child_is_one_line_with_the_rebuild(gguf, monkeypatch, tmp_path):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    with pytest.raises(ModelError) as e:
        llamacpp_check.check_build(gguf, 1, command=_crash("SIGSEGV"))
    assert "SIGSEGV" in str(e.value) and REBUILD in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(ModelError, match="SIGILL"):
        llamacpp_check.check_build(gguf, 1, command=_crash("SIGILL"))


def test_a_child_that_fails_says_its_last_line(gguf, monkeypatch, tmp_path):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    with pytest.raises(ModelError, match="no such tensor"):
        llamacpp_check.check_build(gguf, 1, command=[sys.executable, "-c", "raise SystemExit('no such tensor')"])


@pytest.mark.model
def test_the_real_trial_passes_once_then_is_remembered_until_the_model_changes(gguf, monkeypatch, tmp_path):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    llamacpp_check.check_build(gguf, 1)  # the real child: loads the GGUF and evaluates a prompt and a token
    llamacpp_check.check_build(gguf, 1, command=_crash("SIGSEGV"))  # remembered: no child runs
    with pytest.raises(ModelError, match="SIGSEGV"):  # another thread count is another trial
        llamacpp_check.check_build(gguf, 2, command=_crash("SIGSEGV"))
    gguf.write_bytes(gguf.read_bytes() + b"\0")  # a changed file (as a rebuilt library would be) is tried again
    with pytest.raises(ModelError, match="SIGSEGV"):
        llamacpp_check.check_build(gguf, 1, command=_crash("SIGSEGV"))


@pytest.mark.model
def test_loading_through_the_runtime_runs_the_trial_first(gguf, monkeypatch, tmp_path):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    seen = []
    real = llamacpp_check.check_build
    monkeypatch.setattr(models, "check_build", lambda g, t: seen.append((g, t)) or real(g, t, command=_crash("SIGSEGV")))
    with pytest.raises(ModelError, match="crashes on this machine"):
        models.load_backend(str(gguf), backend="llamacpp", options={"n_threads": 1, "n_ctx": 512})
    assert seen == [(gguf, 1)]
