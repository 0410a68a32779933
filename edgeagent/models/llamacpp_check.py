"""Before llama.cpp loads a model into this process, the same load is tried once in a child process.

A build that crashes (SIGILL from a build for another CPU, SIGSEGV from a native build's kernels) then ends
with a one-line error that says how to rebuild, instead of killing the run with no message. A build and
model that passed are remembered (keyed by the libraries' and the model's sizes and times), so the trial
runs once per build, model and thread count."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from edgeagent import paths
from edgeagent.backends.llamacpp_build import REBUILD, library_files
from edgeagent.errors import ModelError

TRIAL_TIMEOUT_S = 600  # a 7B model's load on a slow disk; a build that hangs is as unusable as one that crashes


def _stamp(files: list[Path]) -> list:
    return [[str(p), st.st_size, st.st_mtime_ns] for p in files for st in [p.stat()]]


def _key(gguf: Path, threads: int) -> str:
    return json.dumps([_stamp(library_files()), _stamp([gguf.resolve()]), threads])


def _passed_file() -> Path:
    return paths.models_dir() / "llamacpp-trials.json"


def _passed() -> list[str]:
    try:
        found = json.loads(_passed_file().read_text())
    except (OSError, ValueError):
        return []
    return found if isinstance(found, list) else []


def check_build(gguf: Path, threads: int, command: list[str] | None = None) -> None:
    """Raise ModelError when loading `gguf` on `threads` threads with the installed build crashes or fails in a child
    process; `command` replaces the trial's own (python -m edgeagent.backends.llamacpp_build GGUF THREADS)."""
    key = _key(gguf, threads)
    if key in _passed():
        return
    cmd = command or [sys.executable, "-m", "edgeagent.backends.llamacpp_build", str(gguf), str(threads)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=TRIAL_TIMEOUT_S, check=False,
                              env={**os.environ, "PYTHONWARNINGS": "ignore"})
    except subprocess.TimeoutExpired:
        raise ModelError(f"llama.cpp did not finish a trial load of {gguf.name} in {TRIAL_TIMEOUT_S} s; "
                         f"rebuild it: {REBUILD}") from None
    if done.returncode < 0:
        sig = signal.Signals(-done.returncode).name
        raise ModelError(f"this llama.cpp build crashes on this machine ({sig} in a trial load of {gguf.name}); "
                         f"rebuild it generic: {REBUILD}")
    if done.returncode != 0 or "ok" not in done.stdout.split():
        lines = [ln for ln in (done.stderr + done.stdout).splitlines() if ln.strip()]
        raise ModelError(f"llama.cpp could not load {gguf.name} in a trial: "
                         f"{lines[-1][:200] if lines else 'exit ' + str(done.returncode)}")
    record = _passed_file()
    record.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=record.parent, suffix=".tmp", delete=False) as tmp:
        tmp.write(json.dumps([*_passed()[-31:], key]))  # a few builds and models are plenty to remember
    os.replace(tmp.name, record)
