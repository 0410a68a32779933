"""The store's SQLite file: refuse what is not ours, migrate under one lock, and name what is wrong in one line."""

from __future__ import annotations

import errno
import os
import random
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TypeVar

import sqlite_utils

from edgeagent.errors import DiskFull, EdgeAgentError, StoreError
from edgeagent.store.migrations import MIGRATIONS

MIGRATIONS_TABLE = "_edgeagent_migrations"
SQLITE_HEADER = b"SQLite format 3\x00"
MIN_DATABASE_BYTES = 512  # SQLite's smallest page: every database file it writes is at least this long
BUSY_TIMEOUT_S = 30.0  # how long a process waits for another's write or migration before giving up

T = TypeVar("T")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _cause(e: BaseException) -> str:
    return e.strerror if isinstance(e, OSError) and e.strerror else str(e)


def _writable(p: Path) -> bool:
    # access() also says no for read-only mounts and immutable files, which root's permission bits would not.
    return os.access(p, os.W_OK)


def describe(path: Path, e: BaseException) -> EdgeAgentError:
    """The one-line error for a failure of the database at `path`: what is wrong, with which file, and why."""
    cause = _cause(e)
    low = cause.lower()
    if (isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT)) or "disk is full" in low:
        return DiskFull(f"cannot write {path}: the disk is full ({cause}); free some space, then "
                        "`edgeagent resume RUN` continues the run")
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        return _home_error(path, e)
    if path.is_dir():
        return StoreError(f"cannot open {path}: it is a folder, not a database file; move it aside")
    if "not a database" in low and path.is_file() and _header(path) != SQLITE_HEADER:
        return _not_sqlite(path)  # SQLite refused it, so no connection here relies on locks that reading would drop
    if "malformed" in low or "not a database" in low:
        return StoreError(f"{path} is damaged ({cause}); keep a copy and recover it with "
                          f"`sqlite3 {path} .recover`, or move it aside to start a new one")
    if isinstance(e, sqlite3.OperationalError) and _locked(e):
        return StoreError(f"{path} is busy: another edgeagent process held it for over {BUSY_TIMEOUT_S:.0f} s "
                          f"({cause}); try again")
    if folder.is_dir() and not _writable(folder):
        return StoreError(f"cannot open {path}: its folder {folder} is not writable ({cause}); SQLite keeps "
                          f"{path.name}-wal and {path.name}-shm next to it")
    if path.exists() and not _writable(path):
        return StoreError(f"cannot write {path}: the file is read-only ({cause})")
    return StoreError(f"{path}: {cause}")


def _home_error(path: Path, e: BaseException) -> StoreError:
    """The folder that should hold the database cannot be made."""
    for folder in (path.parent, *path.parent.parents):
        if folder.exists() and not folder.is_dir():
            return StoreError(f"cannot use {path}: {folder} is a file, not a folder (check EDGEAGENT_HOME)")
    return StoreError(f"cannot create the folder {path.parent} for {path.name}: {_cause(e)} (check EDGEAGENT_HOME)")


def _locked(e: sqlite3.Error) -> bool:
    return isinstance(e, sqlite3.OperationalError) and ("locked" in str(e) or "busy" in str(e))


def _patiently(fn: Callable[[], T]) -> T:
    """fn(), retried while another process holds the file: SQLite's busy handler is not called for a
    journal-mode change, and a rolled-back migration is safe to try again."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            return fn()
        except sqlite3.OperationalError as e:
            if not _locked(e) or time.monotonic() > deadline:
                raise
        time.sleep(random.uniform(0.005, 0.05))


def _check_header(path: Path) -> bool:
    """Whether the file already holds data; a tiny file that is not SQLite is refused before SQLite touches it.

    Only a file smaller than any database SQLite writes is opened here: closing a descriptor on a database this
    process has a connection to drops that connection's POSIX locks, and another process may then checkpoint and
    delete the WAL under it. SQLite refuses a larger foreign file itself ("file is not a database")."""
    size = path.stat().st_size if path.exists() else 0
    if size == 0:
        return False
    # SQLite itself takes some files of a few bytes for an empty database and overwrites them.
    if size < MIN_DATABASE_BYTES and _header(path) != SQLITE_HEADER:
        raise _not_sqlite(path)
    return True


def _header(path: Path) -> bytes:
    with path.open("rb") as f:
        return f.read(16)


def _not_sqlite(path: Path) -> StoreError:
    return StoreError(f"{path} is not a readable edgeagent database (not an SQLite file); move it aside")


def _applied(db: sqlite_utils.Database) -> set[str] | None:
    """Names of the applied migrations; None for a database edgeagent never wrote."""
    if not db[MIGRATIONS_TABLE].exists():
        return None
    return {r[0] for r in db.execute(f"select name from {MIGRATIONS_TABLE}")}


def _migrate(db: sqlite_utils.Database) -> None:
    """Apply missing migrations in one BEGIN IMMEDIATE transaction: concurrent first runs wait their turn."""
    applied = _applied(db) or set()
    if all(name in applied for name, _ in MIGRATIONS):
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(f"create table if not exists {MIGRATIONS_TABLE} (name text primary key, applied_at text)")
        applied = _applied(db) or set()  # another process may have migrated while this one waited
        for name, fn in MIGRATIONS:
            if name not in applied:
                fn(db)
                db.table(MIGRATIONS_TABLE).insert({"name": name, "applied_at": now()})
        db.execute("COMMIT")
    except BaseException:
        db.rollback()
        raise


def _open(path: Path, existed: bool) -> sqlite_utils.Database:
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S)
    db = sqlite_utils.Database(conn)
    try:
        # Read before any write, so a foreign, newer or damaged file is never touched.
        tables = set(_patiently(db.table_names))
        applied = _patiently(lambda: _applied(db))
        if existed and tables and applied is None:
            raise StoreError(f"{path} is an SQLite file but not an edgeagent database; move it aside")
        unknown = sorted((applied or set()) - {name for name, _ in MIGRATIONS})
        if unknown:
            raise StoreError(f"{path} was written by a newer edgeagent (migration {unknown[0]}); upgrade edgeagent")
        _patiently(db.enable_wal)
        _patiently(lambda: _migrate(db))
    except BaseException:
        conn.close()
        raise
    return db


def open_store(path: Path) -> sqlite_utils.Database:
    """The migrated database at `path`, in WAL mode; every failure is a one-line EdgeAgentError."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _home_error(path, e) from None
    try:
        return _open(path, _check_header(path))
    except (sqlite3.Error, OSError) as e:
        raise describe(path, e) from None
