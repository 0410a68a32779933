"""The SQLite store on a real file: migrations, WAL, refusing files it must not touch, append-only steps."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.errors import BadInput, RunBusy, StoreError
from edgeagent.store.dbfile import MIGRATIONS_TABLE
from edgeagent.store.migrations import MIGRATIONS
from edgeagent.store.runs import Store
from tests.conftest import query, sha256_of


@pytest.fixture
def db_path(tmp_path) -> Path:
    return tmp_path / "home" / "edgeagent.db"


def test_new_store_applies_and_records_every_migration(db_path):
    Store(db_path)
    assert db_path.is_file()
    names = [r[0] for r in query(db_path, f"select name from {MIGRATIONS_TABLE} order by name")]
    assert names == sorted(n for n, _ in MIGRATIONS)
    assert names and names[0] == "m001_runs_steps_calls"
    assert all(r[0] for r in query(db_path, f"select applied_at from {MIGRATIONS_TABLE}"))
    tables = {r[0] for r in query(db_path, "select name from sqlite_master where type='table'")}
    assert {"runs", "steps", "model_calls", "effects", MIGRATIONS_TABLE} <= tables


def test_wal_mode_is_on_and_persistent(db_path):
    s = Store(db_path)
    assert s.db.conn.execute("pragma journal_mode").fetchone()[0] == "wal"
    # WAL is a property of the file: a fresh connection sees it too.
    assert query(db_path, "pragma journal_mode")[0][0] == "wal"


def test_reopening_is_idempotent_and_keeps_data(db_path):
    s = Store(db_path)
    run_id = s.create_run(task="t", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    applied = query(db_path, f"select name, applied_at from {MIGRATIONS_TABLE} order by name")
    s2 = Store(db_path)
    Store(db_path)
    assert query(db_path, f"select name, applied_at from {MIGRATIONS_TABLE} order by name") == applied
    assert s2.get_run(run_id)["task"] == "t"
    assert len(s2.list_runs()) == 1


def test_opening_again_keeps_the_first_connections_locks_and_writes(db_path):
    # A second open in one process used to read the header through its own descriptor; closing it dropped the
    # first connection's locks, and another process's close then checkpointed and deleted the WAL under it.
    first = Store(db_path)
    first.create_run(task="t1", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    Store(db_path)
    reader = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('select count(*) from runs'); c.close()"
    subprocess.run([sys.executable, "-c", reader, str(db_path)], check=True)
    assert Path(f"{db_path}-wal").exists()  # still in use here, so the other process left it alone
    first.create_run(task="t2", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    first.db.conn.close()
    assert sorted(r[0] for r in query(db_path, "select task from runs")) == ["t1", "t2"]


def test_random_bytes_file_is_refused_and_left_unchanged(db_path):
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(os.urandom(8192))
    before = sha256_of(db_path)
    with pytest.raises(StoreError, match="not a readable edgeagent database"):
        Store(db_path)
    assert sha256_of(db_path) == before
    assert isinstance(StoreError("x"), BadInput)  # the CLI turns it into exit code 2


@pytest.mark.parametrize("content", [b"x", b"\n", b"\x00", b"\xff"])
def test_one_byte_file_is_refused_and_left_unchanged(db_path, content):
    # SQLite on its own treats a 1-byte file as an empty database and overwrites it.
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(content)
    with pytest.raises(StoreError):
        Store(db_path)
    assert db_path.read_bytes() == content


def test_text_file_is_refused_and_left_unchanged(db_path):
    db_path.parent.mkdir(parents=True)
    db_path.write_text("this is my diary, not a database\n" * 50)
    before = sha256_of(db_path)
    with pytest.raises(StoreError):
        Store(db_path)
    assert sha256_of(db_path) == before


def test_database_from_a_newer_edgeagent_is_refused_and_left_unchanged(db_path):
    s = Store(db_path)
    s.create_run(task="t", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    s.db.conn.close()
    db = sqlite3.connect(db_path)
    with db:
        db.execute(f"insert into {MIGRATIONS_TABLE} (name, applied_at) values ('m999_from_the_future', 'x')")
    db.execute("pragma wal_checkpoint(truncate)")
    db.close()
    before = sha256_of(db_path)
    with pytest.raises(StoreError, match="newer") as e:
        Store(db_path)
    assert "m999_from_the_future" in str(e.value)
    assert sha256_of(db_path) == before
    # Nothing was migrated or written into it (a later read sees exactly the same rows).
    assert [r[0] for r in query(db_path, f"select name from {MIGRATIONS_TABLE} order by name")] ==\
        sorted([n for n, _ in MIGRATIONS] + ["m999_from_the_future"])


def test_foreign_sqlite_database_is_refused_and_left_unchanged(db_path):
    db_path.parent.mkdir(parents=True)
    db = sqlite3.connect(db_path)
    with db:
        db.execute("create table contacts (name text, phone text)")
        db.execute("insert into contacts values ('Alice', '555')")
    db.close()
    before = sha256_of(db_path)
    with pytest.raises(StoreError, match="not an edgeagent database"):
        Store(db_path)
    assert sha256_of(db_path) == before
    assert query(db_path, "pragma journal_mode")[0][0] == "delete"  # not switched to WAL either
    tables = {r[0] for r in query(db_path, "select name from sqlite_master where type='table'")}
    assert tables == {"contacts"}


def test_empty_file_is_treated_as_a_new_store(db_path):
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"")
    Store(db_path)
    assert len(query(db_path, f"select * from {MIGRATIONS_TABLE}")) == len(MIGRATIONS)


def test_get_run_by_prefix_unknown_and_ambiguous(db_path):
    s = Store(db_path)
    a = s.create_run(task="a", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    assert s.get_run(a)["id"] == a
    assert s.get_run(a[:-2])["id"] == a
    with pytest.raises(BadInput, match="no run"):
        s.get_run("nope")
    s.create_run(task="b", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    with pytest.raises(BadInput, match="ambiguous"):
        s.get_run(a[:4])


def test_step_indexes_are_unique_per_run(db_path):
    s = Store(db_path)
    run_id = s.create_run(task="t", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    s.add_step(run_id=run_id, idx=0, actor="edge", tool="finish", args={"answer": "x"}, ok=1, observation="x")
    with pytest.raises(RunBusy, match="already stored"):  # a second driver of the run: one line, not a traceback
        s.add_step(run_id=run_id, idx=0, actor="edge", tool="finish", args={"answer": "y"}, ok=1, observation="y")
    assert [st["observation"] for st in s.steps(run_id)] == ["x"]


# steps are append-only, through the real agent loop

def _reader_run(tmp_path: Path, store: Store, n: int) -> tuple[str, Agent]:
    ws = tmp_path / "ws"
    ws.mkdir()
    for i in range(n):
        # Each file is big and unique, so a step that stored earlier observations would show.
        (ws / f"f{i:03d}.txt").write_text(f"MARK-{i:03d}\n" + "x" * 3000)
    replies = [{"tool": "read_file", "args": {"path": f"f{i:03d}.txt"}} for i in range(n)]
    backend = ScriptedBackend([json.dumps(r) for r in replies])
    run_id = store.create_run(task="read them all", workspace=str(ws), strategy="edge", model="scripted",
                              backend="scripted", max_steps=n // 2)
    return run_id, Agent(store, backend, EdgeOnly())


def _logical_size(path: Path) -> int:
    # page_count counts pages still in the WAL as well, so this is the size the data really takes.
    (count,), (size,) = query(path, "pragma page_count")[0], query(path, "pragma page_size")[0]
    return count * size


def test_steps_are_append_only_and_grow_linearly(tmp_path, db_path):
    n = 40
    store = Store(db_path)
    run_id, agent = _reader_run(tmp_path, store, n)
    size0 = _logical_size(db_path)

    assert agent.run(run_id)["status"] == "max_steps"
    size20 = _logical_size(db_path)
    ids20 = query(db_path, "select id, idx, observation from steps where run_id = ? order by idx", [run_id])
    assert [r[1] for r in ids20] == list(range(n // 2))

    store.update_run(run_id, max_steps=n, status="running")
    assert agent.run(run_id)["status"] == "max_steps"
    size40 = _logical_size(db_path)

    rows = query(db_path, "select id, idx, tool, args, observation from steps where run_id = ? order by idx", [run_id])
    assert [r[1] for r in rows] == list(range(n))
    # The first 20 rows were not rewritten by the second half of the run.
    assert [(r[0], r[1], r[4]) for r in rows[: n // 2]] == ids20
    for idx, row in enumerate(rows):
        assert row[2] == "read_file"
        assert json.loads(row[3]) == {"path": f"f{idx:03d}.txt"}
        marks = [m for m in range(n) if f"MARK-{m:03d}" in row[4]]
        assert marks == [idx], f"step {idx} stores observations of steps {marks}"
    calls = query(db_path, "select step_idx, output from model_calls where run_id = ? order by id", [run_id])
    assert [c[0] for c in calls] == list(range(n))
    assert all("MARK-" not in c[1] for c in calls)  # a model call stores its reply, not the whole prompt

    first, second = size20 - size0, size40 - size20
    assert first > 20 * 3000  # the observations really are stored
    assert 0.5 * first <= second <= 2 * first, (size0, size20, size40)


def test_a_run_keeps_its_steps_when_another_run_is_added(tmp_path, db_path):
    store = Store(db_path)
    run_id, agent = _reader_run(tmp_path, store, 6)
    agent.run(run_id)
    before = query(db_path, "select * from steps order by id")
    other = store.create_run(task="other", workspace=str(tmp_path), strategy="edge", model="m", backend="b",
                             max_steps=1)
    Agent(store, ScriptedBackend(['{"tool": "finish", "args": {"answer": "ok"}}']), EdgeOnly()).run(other)
    after = query(db_path, "select * from steps order by id")
    assert after[: len(before)] == before
    assert len(after) == len(before) + 1


def test_migrations_apply_in_one_transaction_a_failing_one_leaves_nothing_behind(db_path, monkeypatch):
    Store(db_path).db.conn.close()

    def m900_adds_then_fails(db):
        db["runs"].add_column("half_done", str)
        db["brand_new"].create({"id": int}, pk="id")
        raise RuntimeError("migration bug")

    def m901_never_reached(db):
        db["never"].create({"id": int}, pk="id")

    monkeypatch.setattr("edgeagent.store.dbfile.MIGRATIONS", [*MIGRATIONS, ("m900_adds_then_fails", m900_adds_then_fails),
                                                         ("m901_never_reached", m901_never_reached)])
    with pytest.raises(RuntimeError, match="migration bug"):
        Store(db_path)
    columns = [r[1] for r in query(db_path, "pragma table_info(runs)")]
    tables = {r[0] for r in query(db_path, "select name from sqlite_master where type='table'")}
    assert "half_done" not in columns and not {"brand_new", "never"} & tables
    assert len(query(db_path, f"select * from {MIGRATIONS_TABLE}")) == len(MIGRATIONS)


def test_a_store_from_an_older_edgeagent_gets_the_missing_migrations(db_path):
    s = Store(db_path)
    run_id = s.create_run(task="kept", workspace="/w", strategy="edge", model="m", backend="b", max_steps=3)
    last = "m006_memory_peaks"
    s.db.conn.close()
    db = sqlite3.connect(db_path)
    with db:  # roll the file back to before m006, as an older edgeagent left it
        for table in ("model_calls", "steps", "runs"):
            db.execute(f"alter table {table} drop column memory_peaks")
        db.execute(f"delete from {MIGRATIONS_TABLE} where name = ?", [last])
    db.close()
    Store(db_path)
    assert query(db_path, f"select count(*) from {MIGRATIONS_TABLE} where name = ?", [last]) == [(1,)]
    assert "memory_peaks" in [r[1] for r in query(db_path, "pragma table_info(runs)")]
    assert query(db_path, "select task from runs where id = ?", [run_id]) == [("kept",)]
