"""A long-lived `edgeagent redact` worker: spaCy, presidio and the detectors stay loaded between previews.

Importing them takes ~1 s per process, so `redact` asks this worker first over an AF_UNIX socket in the data dir
(0600: only the same user may connect) and falls back to the in-process preview on any failure, then starts the
worker. One JSON line in, one out.

The socket is used only when it is provably this user's: the file is a socket owned by this user and writable by
no one else, its folder likewise, and the process listening on it runs as this user (SO_PEERCRED; LOCAL_PEERCRED on
macOS), checked before anything is sent; the worker checks its clients the same way. Declared secrets never go over
it: they are matched in-process, and a text that holds one (or a disguise of one) is previewed in-process whole. The worker exits after `export.preview_worker_idle_s` without a request, or when a
client's fingerprint (edgeagent's version and export code, the entity model's manifest, sys.path) differs from its own.

    python -m edgeagent.export.preview_worker SOCKET --idle SECONDS --sys-path JSON
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import signal
import socket
import stat
import struct
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from edgeagent import paths

if TYPE_CHECKING:
    from edgeagent.export.detect.declared import DeclaredSecrets

SOCKET_NAME = "preview.sock"
MAX_SOCKET_PATH = 100  # bytes; AF_UNIX allows 104-108, depending on the system
CONNECT_TIMEOUT_S = 0.3
READ_TIMEOUT_S = 5.0
IDLE_ENV = "EDGEAGENT_PREVIEW_WORKER_IDLE_S"  # overrides the config setting (0 in tests and CI: no worker)
WARM_TEXT = "Ann Lee <ann@example.com>, +1 415 555 0134, AKIAIOSFODNN7EXAMPLE"  # loads spaCy, presidio, detect-secrets
REPLY_KEYS = {"text", "mode", "refused", "residual", "placeholders", "detectors", "entities"}


def socket_path() -> Path:
    return paths.home() / SOCKET_NAME


def idle_setting(config: dict) -> float:
    """Seconds a worker waits for its next request; 0: no worker at all."""
    from edgeagent.config import check_field

    raw: Any = os.environ.get(IDLE_ENV)
    if raw is None:
        return float(config["export"]["preview_worker_idle_s"])
    with contextlib.suppress(ValueError):
        raw = float(raw)  # else check_field names the variable and the bad value
    return float(check_field(IDLE_ENV, "export", "preview_worker_idle_s", raw))


def client_sys_path() -> list[str]:
    return [os.path.abspath(p) for p in sys.path]  # "" (python -c) means the cwd, which the worker does not share


def fingerprint(sys_path: list[str]) -> str:
    """What decides the detectors and their answers: a worker whose fingerprint differs is stale."""
    from edgeagent import __version__
    from edgeagent.export.ner_model import model_dir
    from edgeagent.models.manifest import MANIFEST

    h = hashlib.sha256(json.dumps([__version__, sys.executable, sys_path]).encode())
    root = Path(__file__).resolve().parent
    for f in [*sorted(root.rglob("*.py")), root.parent / "ner_model.py", model_dir() / MANIFEST]:
        try:
            st = f.stat()
            h.update(f"{f}\0{st.st_mtime_ns}\0{st.st_size}\0".encode())
        except OSError:
            h.update(f"{f}\0missing\0".encode())
    return h.hexdigest()


def preview(text: str, mode: str, detectors: list) -> dict:
    """What `redact --json` prints: the same code for the worker and the in-process path."""
    from edgeagent.export.exporter import Exporter
    from edgeagent.export.ner import has_entities

    # A preview reads and writes no store; it refuses in strict as a run would.
    exporter = Exporter(None, "", None, mode=mode, detectors=detectors, names_required=True)
    result, refusals = exporter.preview(text)
    kinds = {p: k for p, k, _ in exporter.registry.entries() if p in result.placeholders}
    return {"text": result.text, "mode": mode, "refused": bool(refusals), "residual": refusals,
            "placeholders": [{"placeholder": p, "kind": k} for p, k in kinds.items()],
            "entities": has_entities(detectors)}


def client_preview(text: str, mode: str, declared: DeclaredSecrets | None, detector_paths: list[str],
                   idle_s: float) -> tuple[dict, str, bool]:
    """What `redact` prints (with "detectors", their count), what answered, and whether to start a worker.

    A text that holds a declared secret is previewed here, never sent; otherwise a trusted worker answers without
    the secrets, and their checks (strict's look for disguises) run here on its answer."""
    if idle_s and declared is not None and holds_declared(text, declared):
        return _in_process(text, mode, declared, detector_paths), "in-process: declared secrets are matched here", False
    why = None
    if idle_s:
        reply, why = ask(text, mode, detector_paths)
        if reply is not None:
            return _with_declared(reply, mode, declared), "warm worker", False
    found_by = "in-process" + (f"; worker not trusted ({why})" if why else "")
    return _in_process(text, mode, declared, detector_paths), found_by, bool(idle_s)


def holds_declared(text: str, declared: DeclaredSecrets) -> bool:
    """Whether `text` holds a declared secret in any spelling, piece at a cut, encoding or disguise sanitize and
    strict mode look for."""
    from edgeagent.export.decode import decoded
    from edgeagent.export.disguised import hidden_declared
    from edgeagent.export.normalize import normalize

    text = normalize(text)
    view = decoded(text)
    return bool(declared.detect(text) or (view is not None and declared.detect(view.text))
                or hidden_declared(text, declared.entries))


def _in_process(text: str, mode: str, declared: DeclaredSecrets | None, detector_paths: list[str]) -> dict:
    from edgeagent.export.detect.builtin import default_detectors

    detectors = default_detectors(declared, paths=detector_paths)
    return {**preview(text, mode, detectors), "detectors": len(detectors)}


def _with_declared(reply: dict, mode: str, declared: DeclaredSecrets | None) -> dict:
    """The worker's answer (made without the declared secrets) with what they add: strict's disguise check."""
    if declared is None:
        return reply
    from edgeagent.export.disguised import hidden_declared

    reply = {**reply, "detectors": reply["detectors"] + 1}  # the declared secrets, matched here
    if mode == "strict":
        placeholders = [p["placeholder"] for p in reply["placeholders"]]
        residual = sorted(set(reply["residual"]) | set(hidden_declared(reply["text"], declared.entries, placeholders)))
        reply.update(residual=residual, refused=bool(residual))
    return reply


def untrusted_socket(path: Path) -> str | None:
    """Why the socket at `path` may not be this user's worker, or None. Anyone who can write to it or its folder
    could stand in for the worker (and read what is previewed)."""
    uid = os.geteuid()
    st = os.lstat(path)
    if not stat.S_ISSOCK(st.st_mode):
        return f"{path} is not a socket"
    if st.st_uid != uid:
        return f"{path} belongs to uid {st.st_uid}"
    if st.st_mode & 0o022:
        return f"{path} is writable by others"
    folder = os.stat(path.parent)
    if folder.st_uid != uid:
        return f"{path.parent} belongs to uid {folder.st_uid}"
    if folder.st_mode & 0o022:
        return f"{path.parent} is writable by others"
    return None


def peer_uid(conn: socket.socket) -> int | None:
    """The uid the process at the other end of `conn` ran as when it connected (or listened); None if unknown."""
    try:
        if hasattr(socket, "SO_PEERCRED"):  # Linux: struct ucred {pid, uid, gid}
            creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
            return struct.unpack("3i", creds)[1]
        if sys.platform == "darwin":  # struct xucred {cr_version, cr_uid, ...} at SOL_LOCAL (0), LOCAL_PEERCRED (1)
            creds = conn.getsockopt(0, getattr(socket, "LOCAL_PEERCRED", 1), 76)
            return struct.unpack_from("=II", creds)[1]
    except OSError:
        return None
    return None


def untrusted_peer(conn: socket.socket) -> str | None:
    """Why the process at the other end of `conn` may not be this user's, or None."""
    uid = peer_uid(conn)
    if uid is None:
        return "its peer's uid is unknown"
    return None if uid == os.geteuid() else f"its peer runs as uid {uid}"


def ask(text: str, mode: str, detector_paths: list[str]) -> tuple[dict | None, str | None]:
    """The worker's answer (with "detectors", their count), or None: no worker, stale, slow or malformed; and why
    the socket was not used when it is not provably this user's (then nothing was sent)."""
    path = socket_path()
    if not hasattr(socket, "AF_UNIX") or len(os.fsencode(path)) > MAX_SOCKET_PATH:
        return None, None
    try:
        why = untrusted_socket(path)
    except OSError:
        return None, None  # no socket there: no worker yet
    if why:
        return None, why
    request = {"text": text, "mode": mode, "paths": detector_paths, "fingerprint": fingerprint(client_sys_path())}
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(CONNECT_TIMEOUT_S)
            s.connect(str(path))
            why = untrusted_peer(s)
            if why:
                return None, why
            s.settimeout(READ_TIMEOUT_S)
            s.sendall(json.dumps(request).encode() + b"\n")
            reply = json.loads(s.makefile("rb").readline())
    except (OSError, ValueError):
        return None, None
    ok = isinstance(reply, dict) and set(reply) == REPLY_KEYS and isinstance(reply["text"], str)
    return (reply if ok and isinstance(reply["detectors"], int) else None), None


def spawn(idle_s: float) -> bool:
    """Start a worker, detached; it exits at once if another one holds the lock."""
    path = socket_path()
    if not hasattr(socket, "AF_UNIX") or len(os.fsencode(path)) > MAX_SOCKET_PATH:
        return False
    subprocess.Popen([sys.executable, "-m", __name__, str(path), "--idle", str(idle_s),
                      "--sys-path", json.dumps(client_sys_path())], start_new_session=True, close_fds=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return True


def serve(path: Path, idle_s: float, sys_path: list[str]) -> None:
    from filelock import FileLock, Timeout

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(f"{path}.lock")
    try:  # held for the worker's life; a short wait lets a stale worker finish leaving
        lock.acquire(timeout=2)
    except Timeout:
        return  # a live worker holds it
    sys.path[:] = sys_path  # the detectors configured by path import as in the client
    os.chdir(path.parent)
    mine = fingerprint(sys_path)  # before the code it describes is imported
    from edgeagent.export.detect.builtin import default_detectors

    cache = {json.dumps([]): default_detectors()}  # the set a preview without configured detectors uses
    preview(WARM_TEXT, "strict", cache[json.dumps([])])
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # we hold the lock: nobody is listening there
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        srv.bind(str(path))  # created 0600
    finally:
        os.umask(old)
    inode = path.stat().st_ino
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        srv.listen(8)
        srv.settimeout(min(idle_s, 1e9))  # longer overflows the C timeout
        while True:
            try:
                conn, _ = srv.accept()
            except TimeoutError:
                return
            with conn:
                if untrusted_peer(conn):
                    continue  # another user's process: it gets no answer (the socket's mode should stop it first)
                if not _answer(conn, mine, cache):
                    return
    finally:
        srv.close()
        with contextlib.suppress(OSError):
            if path.stat().st_ino == inode:
                path.unlink()
        lock.release()


def _answer(conn: socket.socket, mine: str, cache: dict[str, list]) -> bool:
    """Answer one request; False when the worker is stale and must go."""
    from edgeagent.export.detect.builtin import default_detectors

    conn.settimeout(READ_TIMEOUT_S)
    try:
        request = json.loads(conn.makefile("rb").readline())
        stale = request["fingerprint"] != mine
        if stale:
            reply: dict = {"stale": True}
        else:
            key = json.dumps(request["paths"])
            if key not in cache:  # no declared secrets here: clients match them in-process
                if len(cache) >= 16:
                    cache.clear()
                cache[key] = default_detectors(paths=request["paths"])
            detectors = cache[key]
            reply = {**preview(request["text"], request["mode"], detectors), "detectors": len(detectors)}
    except Exception as e:  # noqa: BLE001 - any failure is the client's cue to run in-process (and report it there)
        stale, reply = False, {"error": f"{type(e).__name__}: {e}"}
    with contextlib.suppress(OSError):
        conn.sendall(json.dumps(reply).encode() + b"\n")
    return not stale


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The `edgeagent redact` preview worker.")
    parser.add_argument("socket", type=Path)
    parser.add_argument("--idle", type=float, required=True)
    parser.add_argument("--sys-path", default=json.dumps(client_sys_path()))
    args = parser.parse_args(argv)
    if args.idle > 0:
        serve(args.socket, args.idle, json.loads(args.sys_path))


if __name__ == "__main__":
    main()
