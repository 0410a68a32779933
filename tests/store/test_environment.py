"""A store in a bad environment is one line and an exit code, never a traceback, and its data stays readable.

Read-only cases use `chattr +i` when running as root (root ignores permission bits); the full disk is a small
tmpfs mounted for the test. Each skips, saying why, where the mechanism is unavailable."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import query, sha256_of, write_script


def _cli(home: Path, *args: str) -> tuple[int, str, str]:
    env = {**os.environ, "EDGEAGENT_HOME": str(home)}
    p = subprocess.run([sys.executable, "-m", "edgeagent", *args], env=env, capture_output=True, text=True,
                       timeout=120, check=False)
    return p.returncode, p.stdout, p.stderr


def _one_line(err: str, *words: str) -> None:
    """stderr ends in exactly one `error:` line (progress lines may precede it) holding every word."""
    lines = err.splitlines()
    assert "Traceback" not in err and [ln for ln in lines if ln.startswith("error: ")] == lines[-1:], err
    for w in words:
        assert w in lines[-1], (w, err)


@pytest.fixture
def script(tmp_path) -> str:
    return write_script(tmp_path / "s.json", [{"tool": "append_file", "args": {"path": "n.txt", "content": "a\n"}},
                                              {"tool": "finish", "args": {"answer": "ok"}}])


@pytest.fixture
def healthy(home, workspace, script) -> Path:
    """A home holding one finished run, closed cleanly (no -wal or -shm left)."""
    rc, _, err = _cli(home, "run", "t", "--workspace", str(workspace), "--model", script, "--json")
    assert rc == 0, err
    db = home / "edgeagent.db"
    assert not Path(f"{db}-wal").exists() and not Path(f"{db}-shm").exists()
    return db


def _runs(db: Path) -> list[tuple]:
    return query(db, "select id, status, answer from runs order by id")


@contextmanager
def unwritable(path: Path):
    """`path` unwritable in a way root obeys too."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    done = subprocess.run([chattr, "+i", str(path)], capture_output=True, text=True, check=False) if chattr else None
    if done is None or done.returncode != 0:
        pytest.skip("root ignores permission bits, and chattr +i (the immutable flag) is unavailable here: "
                    f"{done.stderr.strip() if done else 'no chattr'}")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


def test_read_only_database_file(healthy, home, workspace, script):
    before = _runs(healthy)
    with unwritable(healthy):
        rc, _, err = _cli(home, "run", "t", "--workspace", str(workspace), "--model", script)
        assert rc == 2
        _one_line(err, str(healthy), "read-only")
        rc, out, err = _cli(home, "runs", "--json")  # reading still works
        assert rc == 0, err
        assert [r["id"] for r in json.loads(out)] == [r[0] for r in before]
    assert _runs(healthy) == before
    assert query(healthy, "pragma integrity_check") == [("ok",)]


def test_read_only_database_folder(healthy, home, workspace, script):
    before = _runs(healthy)
    with unwritable(home):
        for args in (["runs"], ["run", "t", "--workspace", str(workspace), "--model", script]):
            rc, _, err = _cli(home, *args)
            assert rc == 2
            _one_line(err, str(healthy), f"its folder {home} is not writable")
            assert "move it aside" not in err  # a healthy database is not called damaged
    assert _runs(healthy) == before
    assert query(healthy, "pragma integrity_check") == [("ok",)]


def test_corrupted_pages_behind_a_valid_header(healthy, home, workspace, script):
    for i in range(3):  # more pages, so the damage lies in the tables the commands read
        assert _cli(home, "run", f"t{i}", "--workspace", str(workspace), "--model", script)[0] == 0
    data = bytearray(healthy.read_bytes())
    size = query(healthy, "pragma page_size")[0][0]
    assert data[:16] == b"SQLite format 3\x00" and len(data) // size > 6
    data[3 * size:] = b"\xa5" * (len(data) - 3 * size)  # header, schema and migrations pages stay intact
    healthy.write_bytes(data)
    before = sha256_of(healthy)
    for args in (["runs"], ["show", "2"], ["run", "t", "--workspace", str(workspace), "--model", script]):
        rc, _, err = _cli(home, *args)
        assert rc == 2, (args, err)
        _one_line(err, str(healthy), "is damaged", "malformed", ".recover")
    assert sha256_of(healthy) == before  # nothing written into the damaged file


@pytest.mark.parametrize("case", ["a file", "unwritable"])
def test_edgeagent_home_a_file_or_unwritable(tmp_path, workspace, script, case):
    if case == "a file":
        home = tmp_path / "home-file"
        home.write_text("not a folder\n")
        expect = f"{home} is a file, not a folder"
    else:
        home = tmp_path / "locked"
        home.mkdir()
        expect = "not writable"
    with unwritable(home) if case == "unwritable" else _nothing():
        for args in (["runs"], ["run", "t", "--workspace", str(workspace), "--model", script]):
            rc, _, err = _cli(home, *args)
            assert rc == 2
            _one_line(err, str(home / "edgeagent.db"), expect)
            rc, _, err = _cli(home / "sub", *args)  # a home that would have to be created inside it
            assert rc == 2
            _one_line(err, str(home / "sub"))
    if case == "a file":
        assert home.read_text() == "not a folder\n"


@contextmanager
def _nothing():
    yield


def test_database_path_is_a_folder(home, workspace, script):
    (home / "edgeagent.db").mkdir(parents=True)
    for args in (["runs"], ["run", "t", "--workspace", str(workspace), "--model", script]):
        rc, _, err = _cli(home, *args)
        assert rc == 2
        _one_line(err, str(home / "edgeagent.db"), "is a folder, not a database file")
    assert list((home / "edgeagent.db").iterdir()) == []


@pytest.fixture
def small_disk(tmp_path):
    """A 384 KiB tmpfs, mounted for this test (needs root's CAP_SYS_ADMIN)."""
    point = tmp_path / "small"
    point.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("a full disk is simulated with a small tmpfs, which needs root to mount")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=384k", "tmpfs", str(point)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=True)


def test_full_disk_during_a_run_is_exit_1_and_the_run_resumes_once_there_is_space(small_disk, workspace, tmp_path):
    n = 200  # each step stores ~3 KB (the call and its arguments): far more than the disk holds
    files = {f"f{i:03d}.txt": f"{i:03d} " + "x" * 1500 for i in range(n)}
    model = write_script(tmp_path / "big.json", [{"tool": "write_file", "args": {"path": k, "content": v}}
                                                 for k, v in files.items()] + [
        {"tool": "finish", "args": {"answer": "written"}}])
    rc, _, err = _cli(small_disk, "run", "t", "--workspace", str(workspace), "--model", model,
                      "--max-steps", str(n + 1))
    db = small_disk / "edgeagent.db"
    assert rc == 1
    _one_line(err, str(db), "disk is full")
    assert query(db, "pragma integrity_check") == [("ok",)]
    (run_id, status), = query(db, "select id, status from runs")
    assert status in ("error", "running")  # `error` when the disk still had room to say so; resumable either way
    stored = query(db, "select count(*) from steps")[0][0]
    assert 0 < stored < n

    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)
    rc, out, err = _cli(small_disk, "resume", run_id, "--json")
    assert rc == 0, err
    assert json.loads(out)["status"] == "done"
    assert [r[0] for r in query(db, "select idx from steps order by idx")] == list(range(n + 1))
    assert {p.name: p.read_text() for p in workspace.glob("f*.txt")} == files
    assert query(db, "pragma integrity_check") == [("ok",)]
