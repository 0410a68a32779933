"""`edgeagent redact`'s warm preview worker, with real processes and sockets: it answers exactly as the in-process
preview does, steps aside when stale, exits when idle, and never starts when the setting is 0."""

from __future__ import annotations

import base64
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from edgeagent.export import preview_worker
from edgeagent.models.manifest import MANIFEST
from tests.conftest import SHARED_MODELS

IDLE_ENV = preview_worker.IDLE_ENV
LINE = "Ann Lee <ann.lee@example.com> call +1 415 555 0134\n"
SECRET = "Project Bluebird"


def _workers(sock: Path) -> list[psutil.Process]:
    """The worker processes serving `sock` (a path unique to one test)."""
    found = []
    for p in psutil.process_iter(["cmdline"]):
        cmd = p.info["cmdline"] or []
        if "edgeagent.export.preview_worker" in cmd and str(sock) in cmd:
            found.append(p)
    return found


@pytest.fixture
def home(monkeypatch, spacy_model) -> Iterator[Path]:
    """A short home (socket paths are limited to ~100 bytes) with the worker on; every worker is killed after."""
    h = Path(tempfile.mkdtemp(prefix="ea-pw-"))
    monkeypatch.setenv("EDGEAGENT_HOME", str(h))
    monkeypatch.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))  # where `spacy_model` prepared the entity model
    monkeypatch.setenv(IDLE_ENV, "120")
    yield h
    for p in _workers(h / preview_worker.SOCKET_NAME):
        p.kill()
        p.wait(10)
    shutil.rmtree(h, ignore_errors=True)


def redact(*args: str, text: str = LINE, cwd: Path | None = None, idle: str | None = None) -> tuple[str, str, str]:
    """stdout, stderr without the --time line, and what answered (from the --time line)."""
    env = {**os.environ, **({IDLE_ENV: idle} if idle is not None else {})}
    p = subprocess.run([sys.executable, "-m", "edgeagent", "redact", "--time", *args], input=text, env=env,
                       capture_output=True, text=True, timeout=120, cwd=cwd, check=False)
    assert p.returncode == 0, p.stderr
    *rest, timing = p.stderr.splitlines(keepends=True)
    assert timing.startswith("redact: ") and " detectors: " in timing, p.stderr
    return p.stdout, "".join(rest), timing.split("; ", 1)[1].rstrip(")\n")


def wait_for_worker(home: Path, timeout: float = 60) -> psutil.Process:
    sock = home / preview_worker.SOCKET_NAME
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            try:
                s.connect(str(sock))
                return _workers(sock)[0]
            except OSError:
                time.sleep(0.2)
    raise AssertionError(f"no worker listening at {sock} after {timeout} s")


def test_the_worker_answers_exactly_as_the_in_process_preview(home):
    secrets = home / "secrets.txt"
    secrets.write_text(f"PROJECT: {SECRET}\nhunter2-admin\n")
    hidden = base64.b64encode(SECRET.encode()).decode()
    cases = [
        (["--json"], LINE),
        (["--mode", "strict"], LINE),
        (["--mode", "strict", "--json", "--secrets", str(secrets)],
         f"Mail Ann Lee about {SECRET}; reversed it is {SECRET[::-1]}, the admin password is hunter2-admin\n"),
        (["--mode", "strict", "--secrets", str(secrets)], f"the codename, encoded: {hidden}\n"),
        (["--json"], "key AKIAIOSFODNN7EXAMPLE for /home/alice/deploy on db.internal.corp\n"),
        (["--mode", "strict", "--secrets", str(secrets)], "Ann Lee's notes, nothing declared in them\n"),
    ]
    assert redact(*cases[0][0], text=cases[0][1])[2] == "in-process; worker started"
    wait_for_worker(home)
    outputs = []
    for args, text in cases:
        expected = redact(*args, text=text, idle="0")
        assert expected[2] == "in-process"
        # A text holding a declared secret (or a disguise of one) never goes to the worker (issue 27 item 16).
        holds = "--secrets" in args and ("Bluebird" in text or hidden in text)
        answered = "in-process: declared secrets are matched here" if holds else "warm worker"
        assert redact(*args, text=text) == (*expected[:2], answered), args
        outputs.append(expected)
    assert '"kind": "PERSON"' in outputs[0][0]  # the entity model ran, in both
    assert [o[1].startswith("\n[strict: this would NOT be sent") for o in outputs] == [
        False, False, False, True, False, False]
    assert '"refused": true' in outputs[2][0] and SECRET not in outputs[2][0]
    assert stat.S_IMODE((home / preview_worker.SOCKET_NAME).stat().st_mode) == 0o600


def test_a_stale_worker_steps_aside_and_the_answer_is_the_same(home, tmp_path):
    first = redact("--json", cwd=home)
    old = wait_for_worker(home)
    assert redact("--json", cwd=home)[2] == "warm worker"
    # `python -m` puts the cwd first on sys.path: from elsewhere, configured detectors could import differently.
    other = tmp_path / "elsewhere"
    other.mkdir()
    stale = redact("--json", cwd=other)
    assert stale == (*first[:2], "in-process; worker started")
    old.wait(10)  # the stale worker exits on its own
    wait_for_worker(home)
    assert redact("--json", cwd=other) == (*first[:2], "warm worker")


def test_the_fingerprint_follows_the_entity_model_and_sys_path(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path))
    before = preview_worker.fingerprint([])
    manifest = tmp_path / "en-core-web-sm" / "spacy" / MANIFEST
    manifest.parent.mkdir(parents=True)
    manifest.write_text("{}")
    prepared = preview_worker.fingerprint([])
    assert len({before, prepared, preview_worker.fingerprint(["x"])}) == 3
    assert preview_worker.fingerprint([]) == prepared
    os.utime(manifest, ns=(0, 0))
    assert preview_worker.fingerprint([]) != prepared


def test_an_idle_worker_exits_and_removes_its_socket(home):
    redact(idle="2")
    worker = wait_for_worker(home)
    assert redact(idle="2")[2] == "warm worker"
    worker.wait(15)
    assert not (home / preview_worker.SOCKET_NAME).exists()


def test_idle_setting_0_starts_nothing(home, monkeypatch):
    monkeypatch.delenv(IDLE_ENV)
    (home / "config.toml").write_text("[export]\npreview_worker_idle_s = 0\n")
    for _ in range(2):
        assert redact()[2] == "in-process"
    time.sleep(1)
    assert not _workers(home / preview_worker.SOCKET_NAME) and sorted(os.listdir(home)) == ["config.toml"]


def test_a_socket_nobody_listens_on_is_replaced(home):
    sock = home / preview_worker.SOCKET_NAME
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(sock))  # bound, never listening, closed: what a killed worker leaves
    dead.close()
    expected = redact("--json", idle="0")
    assert redact("--json") == (*expected[:2], "in-process; worker started")
    wait_for_worker(home)
    assert redact("--json") == (*expected[:2], "warm worker")


def test_a_second_worker_exits_quietly_and_the_first_keeps_answering(home):
    redact()
    first = wait_for_worker(home)
    sock = home / preview_worker.SOCKET_NAME
    p = subprocess.run([sys.executable, "-m", "edgeagent.export.preview_worker", str(sock), "--idle", "60"],
                       capture_output=True, text=True, timeout=60, check=False)
    assert (p.returncode, p.stdout, p.stderr) == (0, "", "")
    assert _workers(sock) == [first] and redact()[2] == "warm worker"


def test_a_socket_path_too_long_for_af_unix_runs_in_process(home, monkeypatch):
    deep = home / ("d" * 100)
    monkeypatch.setenv("EDGEAGENT_HOME", str(deep))
    assert redact()[2] == "in-process"
    assert not _workers(deep / preview_worker.SOCKET_NAME)


def test_a_bad_idle_variable_is_a_one_line_error(home):
    p = subprocess.run([sys.executable, "-m", "edgeagent", "redact"], input=LINE, capture_output=True, text=True,
                       env={**os.environ, IDLE_ENV: "-1"}, timeout=60, check=False)
    assert p.returncode == 2 and p.stderr.strip().splitlines() == [
        f"error: {IDLE_ENV}: export.preview_worker_idle_s must be at least 0"]
