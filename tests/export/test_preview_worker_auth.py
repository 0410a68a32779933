"""The preview worker's socket is used only when it is provably this user's (issue 27 item 16): the socket file and
its folder are this user's and writable by no one else, and the peer (SO_PEERCRED) runs as this user. Declared
secrets never go over the socket: texts that hold one are previewed in-process. Real `edgeagent redact` processes
against real impostor servers that record what they receive and answer "clean"."""

from __future__ import annotations

import json
import os
import select
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from filelock import FileLock

from edgeagent.export import preview_worker
from tests.export.test_preview_worker import home, redact  # noqa: F401 - `home` is a fixture used below

SECRET = "Project Bluebird"
TEXT = f"the codename is {SECRET}, mail ann.lee@example.com\n"
NOBODY = 65534


def _clean(request: bytes) -> bytes:
    """An impostor's answer: the text back as it came, nothing found, nothing refused."""
    try:
        req = json.loads(request)
        text, mode = req["text"], req["mode"]
    except (ValueError, KeyError, TypeError):
        text, mode = "", "redact"
    reply = {"text": text, "mode": mode, "refused": False, "residual": [], "placeholders": [], "detectors": 21}
    return json.dumps(reply).encode() + b"\n"


class Impostor:
    """A listener on preview.sock in this process (same uid) that records every request line it receives."""

    def __init__(self, path: Path) -> None:
        self.received: list[bytes] = []
        self.srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.srv.bind(str(path))
        os.chmod(path, 0o600)
        self.srv.listen(8)
        self.srv.settimeout(0.2)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.srv.accept()
            except (TimeoutError, OSError):
                continue
            with conn:
                conn.settimeout(5)
                line = conn.makefile("rb").readline()
                self.received.append(line)
                conn.sendall(_clean(line))

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.srv.close()


@pytest.fixture
def sock(home) -> Iterator[Path]:  # noqa: F811 - the imported fixture
    """preview.sock's path, with its lock held by the test: a worker `redact` starts exits at once, so the
    impostor keeps the socket."""
    path = home / preview_worker.SOCKET_NAME
    with FileLock(f"{path}.lock"):
        yield path


@pytest.fixture
def impostor(sock) -> Iterator[Impostor]:
    imp = Impostor(sock)
    yield imp
    imp.close()


def _secrets(folder: Path) -> Path:
    f = folder / "secrets.txt"
    f.write_text(f"{SECRET}\n")
    return f


def test_a_same_user_impostor_never_receives_a_declared_secret(home, impostor):  # noqa: F811
    secrets = _secrets(home)
    out, _, found_by = redact("--mode", "strict", "--secrets", str(secrets), text=TEXT)
    assert SECRET not in out and "<SECRET_1>" in out, out  # not printed as safe: previewed here, in full
    assert "declared secrets" in found_by, found_by
    # A text without the secret may go to a same-user worker, but the list of secrets never does.
    redact("--mode", "strict", "--secrets", str(secrets), text="nothing private here\n")
    received = b"".join(impostor.received).decode()
    assert SECRET.casefold() not in received.casefold() and "bluebird" not in received.casefold(), received


def test_a_disguised_secret_is_not_sent_to_the_worker_either(home, impostor):  # noqa: F811
    secrets = _secrets(home)
    _, err, found_by = redact("--mode", "strict", "--secrets", str(secrets), text="the codename: dribeulB tcejorP\n")
    assert "would NOT be sent" in err and "declared secrets" in found_by
    assert impostor.received == []


@pytest.mark.parametrize("damage", ["socket writable by others", "folder writable by others",
                                    "socket owned by another user", "not a socket"])
def test_a_socket_that_is_not_provably_this_users_is_not_used(home, sock, damage):  # noqa: F811
    imp = None
    if damage == "not a socket":
        sock.write_text("")
    else:
        imp = Impostor(sock)
    try:
        if damage == "socket writable by others":
            os.chmod(sock, 0o666)
        elif damage == "folder writable by others":
            os.chmod(home, 0o777)
        elif damage == "socket owned by another user":
            if os.geteuid() != 0:
                pytest.skip("changing a file's owner needs root")
            os.chown(sock, NOBODY, NOBODY)
        out, _, found_by = redact("--mode", "strict", text=TEXT)
        assert "<EMAIL_1>" in out and found_by.startswith("in-process"), (out, found_by)
        assert "not trusted" in found_by, found_by
        assert imp is None or imp.received == []
    finally:
        os.chmod(home, 0o700)
        if imp is not None:
            imp.close()


@pytest.mark.skipif(not hasattr(os, "fork") or os.geteuid() != 0,
                    reason="a listener running as another user can only be made by root (fork, then setuid)")
def test_a_listener_running_as_another_user_receives_nothing(home, sock):  # noqa: F811
    """The socket file is this user's (bound before the switch), the process listening on it is not."""
    read_end, write_end = os.pipe()
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the impostor: bind as root, become nobody, then listen and record
        try:
            os.close(read_end)
            os.close(ready_r)
            srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            srv.bind(str(sock))
            os.chmod(sock, 0o600)
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            srv.listen(8)  # SO_PEERCRED reports the listener's credentials as of listen()
            os.write(ready_w, b"1")
            srv.settimeout(30)
            while True:
                conn, _ = srv.accept()
                line = conn.makefile("rb").readline()
                os.write(write_end, line)  # empty when the client hung up unheard: a connect is how it checks
                conn.sendall(_clean(line))
                conn.close()
        except BaseException:  # noqa: BLE001 - the child must never return into pytest
            os._exit(0)
    os.close(write_end)
    os.close(ready_w)
    try:
        assert select.select([ready_r], [], [], 10)[0], "the impostor did not start"
        assert os.stat(sock).st_uid == os.geteuid()  # the file passes the owner check; only the peer gives it away
        secrets = _secrets(home)
        out, _, found_by = redact("--mode", "strict", "--secrets", str(secrets), text=TEXT)
        assert SECRET not in out and "<EMAIL_1>" in out, out
        out, _, found_by = redact("--mode", "strict", text="mail ann.lee@example.com\n")
        assert "<EMAIL_1>" in out and "not trusted" in found_by, found_by
        os.set_blocking(read_end, False)
        try:
            received = os.read(read_end, 1 << 20)
        except BlockingIOError:
            received = b""
        assert received == b"", received
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        for fd in (read_end, ready_r):
            os.close(fd)


def test_peer_credentials_are_the_kernels():
    """The uid check reads the kernel's record of the peer (a socket pair: this very process)."""
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with a, b:
        assert preview_worker.peer_uid(a) == os.geteuid()
        assert preview_worker.untrusted_peer(a) is None
