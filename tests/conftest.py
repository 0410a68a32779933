"""Shared fixtures: a temp EDGEAGENT_HOME per test, and one prepared embedded model per machine."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import anthropic
import platformdirs
import pytest

from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.errors import BadInput
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.serve.server import make_server
from edgeagent.store.runs import Store

# Prepared models are shared across tests (and kept between CI runs on one machine): conversion takes a minute.
SHARED_MODELS = Path(os.environ.get("EDGEAGENT_MODELS") or platformdirs.user_data_path("edgeagent") / "models")
SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample-workspace"
SERVED_NAME = "scripted-test"  # the model name the `serve` fixture serves as its default


@pytest.fixture(autouse=True)
def _no_preview_worker(monkeypatch) -> None:
    """`redact` starts no warm worker in tests (it would outlive them); test_preview_worker turns it back on."""
    monkeypatch.setenv("EDGEAGENT_PREVIEW_WORKER_IDLE_S", "0")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    h = tmp_path / "home"
    monkeypatch.setenv("EDGEAGENT_HOME", str(h))
    monkeypatch.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))
    return h


@pytest.fixture
def workspace(tmp_path) -> Path:
    ws = tmp_path / "ws"
    shutil.copytree(SAMPLE, ws)
    return ws


@pytest.fixture(scope="session")
def embedded_model() -> Path:
    """The real SmolLM2-135M converted to int4 ONNX, prepared as `models prepare --backend all` does it: the
    fp32 folder is kept, since the tests load every backend and import that folder as a user's own."""
    from edgeagent.models import prepared as models

    with _shared_models():
        return models.prepare(SMOKE_MODEL, keep_hf=True)


@pytest.fixture(scope="session")
def spacy_model() -> Path:
    """The real en-core-web-sm pipeline, prepared the way `edgeagent models prepare en-core-web-sm` does it."""
    from edgeagent.export import ner_model

    with _shared_models():
        return ner_model.prepare()


@contextlib.contextmanager
def _shared_models() -> Iterator[None]:
    """Prepare into the machine's shared models folder (prepared once per machine, not per test session)."""
    old = os.environ.get("EDGEAGENT_MODELS")
    os.environ["EDGEAGENT_MODELS"] = str(SHARED_MODELS)
    try:
        yield
    finally:
        if old is None:
            del os.environ["EDGEAGENT_MODELS"]
        else:
            os.environ["EDGEAGENT_MODELS"] = old


def write_script(path: Path, replies: list, delay_s: float = 0.0) -> str:
    path.write_text(json.dumps({"replies": replies, "delay_s": delay_s}))
    return f"scripted:{path}"


def sha256_of(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def query(path: Path, sql: str, params=()) -> list[tuple]:
    """Read rows straight from the SQLite file, bypassing edgeagent's store."""
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


class CloudFixture:
    """A scripted model served over the Anthropic Messages API on 127.0.0.1; counts what reached it."""

    def __init__(self, replies: list) -> None:
        self.backend = ScriptedBackend([r if isinstance(r, str) else json.dumps(r) for r in replies])
        self.seen: list[list[dict]] = []
        real = self.backend.generate

        def spy(messages, **kw):
            self.seen.append(messages)
            return real(messages, **kw)

        self.backend.generate = spy
        self.server = make_server(lambda name: self.backend, "scripted")
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def target(self) -> str:
        return f"{self.server.url}#default"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def cloud():
    started = []

    def start(replies: list) -> CloudFixture:
        started.append(CloudFixture(replies))
        return started[-1]

    yield start
    for c in started:
        c.close()


@pytest.fixture
def serve():
    """start(backend, ...) -> (server, SDK client); every server started is shut down after the test."""
    servers = []

    def start(backend, *, api_key: str | None = None, others: dict | None = None, **kw):
        models = {SERVED_NAME: backend, **(others or {})}

        def loader(name: str):
            if name not in models:
                raise BadInput(f"unknown model {name!r}")
            return models[name]

        srv = make_server(loader, SERVED_NAME, api_key=api_key, model_names=lambda: list(models), **kw)
        threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(srv)
        return srv, anthropic.Anthropic(base_url=srv.url, api_key=api_key or "test", max_retries=0)

    yield start
    for srv in servers:
        srv.shutdown()
        srv.server_close()


@pytest.fixture
def edge_seen(monkeypatch) -> list[list[dict]]:
    """Every message list the scripted edge backend was asked to continue."""
    seen: list[list[dict]] = []
    real = ScriptedBackend.generate

    def spy(self, messages, **kw):
        if self.model_name.startswith("scripted:"):  # the edge, loaded from its script file; not the cloud fixture
            seen.append(messages)
        return real(self, messages, **kw)

    monkeypatch.setattr(ScriptedBackend, "generate", spy)
    return seen


class Crash:
    """Kill a run at one step (SystemExit while storing it), then heal the store so the run can be resumed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
        self.monkeypatch, self.home = monkeypatch, home
        self.real = Store.add_step

    def at(self, idx: int) -> None:
        real = self.real

        def crashing(store: Store, **fields):
            if fields["idx"] == idx:
                raise SystemExit("crash")
            return real(store, **fields)

        self.monkeypatch.setattr(Store, "add_step", crashing)

    def heal(self) -> str:
        """Undo the crash and release the dead process's claim on the run; returns the run id."""
        self.monkeypatch.setattr(Store, "add_step", self.real)
        run_id = query(self.home / "edgeagent.db", "select id from runs order by created_at desc")[0][0]
        Store(self.home / "edgeagent.db").update_run(run_id, owner=None)
        return run_id


@pytest.fixture
def crash(monkeypatch, home) -> Crash:
    return Crash(monkeypatch, home)
