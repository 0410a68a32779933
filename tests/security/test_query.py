"""Hostile databases and tables for `query`: links out, SQL that reaches for files or extensions, WAL files, slow
or huge queries, and many large CSVs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.security.harness import CANARY, Place, call, held, place, run


@pytest.fixture
def p(tmp_path) -> Place:
    pl = place(tmp_path)
    db = sqlite3.connect(pl.outside / "private.sqlite")
    db.execute("CREATE TABLE secrets (v TEXT)")
    db.execute("INSERT INTO secrets VALUES (?)", (CANARY,))
    db.commit()
    db.close()
    return pl


def sales(path: Path, wal: bool = False) -> None:
    db = sqlite3.connect(path)
    if wal:
        db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE sales (region TEXT, amount REAL)")
    db.executemany("INSERT INTO sales VALUES (?, ?)", [("north", 10.5), ("south", 7.25)])
    db.commit()
    db.close()


def test_sql_that_reaches_outside_is_refused(p):
    sales(p.ws / "shop.sqlite")
    out = p.outside / "private.sqlite"
    held(p, run(p, [call("query", sql=f"ATTACH '{out}' AS x"),
                    call("query", sql="SELECT * FROM x.secrets"),
                    call("query", sql=f"ATTACH 'file:{out}?mode=ro' AS y"),
                    call("query", sql="SELECT load_extension('/tmp/evil')"),
                    call("query", sql=f"VACUUM INTO '{p.outside / 'copy.sqlite'}'"),
                    call("query", sql="PRAGMA writable_schema=ON"),
                    call("query", sql="SELECT readfile('/etc/hostname')"),
                    call("query", sql="SELECT fts3_tokenizer('simple')")]))
    assert not (p.outside / "copy.sqlite").exists()


@pytest.mark.parametrize("how", ["file-link", "folder-link", "hard-link"])
def test_a_database_linked_from_outside_is_not_read(p, how):
    sales(p.ws / "shop.sqlite")
    out = p.outside / "private.sqlite"
    if how == "file-link":
        (p.ws / "data.sqlite").symlink_to(out)
    elif how == "folder-link":
        (p.ws / "db").symlink_to(p.outside)
    else:
        import os
        os.link(out, p.ws / "data.sqlite")
    held(p, run(p, [call("query", sql="SELECT * FROM secrets"), call("query", sql="SELECT * FROM data.secrets"),
                    call("query", sql="SELECT name FROM sqlite_master"), call("list_dir", path="db")]))


def test_a_wal_database_leaves_no_files_behind(p):
    sales(p.ws / "shop.sqlite", wal=True)
    before = sorted(x.name for x in p.ws.iterdir())
    r = run(p, [call("query", sql="SELECT SUM(amount) FROM sales"), call("query", sql="SELECT * FROM sales")])
    held(p, r)
    assert "17.75" in r.observations[0]
    assert sorted(x.name for x in p.ws.iterdir()) == before


def test_runaway_queries_stop_in_bounds(p):
    sales(p.ws / "shop.sqlite")
    r = run(p, [call("query", sql="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c"),
                call("query", sql="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5000000) "
                                  "SELECT group_concat(printf('%.100c', 'x')) FROM c"),
                call("query", sql="SELECT zeroblob(1000000000)"),
                call("query", sql="SELECT * FROM sales a, sales b, sales c, sales d, sales e, sales f, sales g")])
    held(p, r)
    assert r.seconds < 60


def test_many_large_csvs_do_not_stall_a_run(p):
    row = "2026-01-01,north,widget,12.50,some free text about the sale\n"
    for i in range(10):
        (p.ws / f"t{i}.csv").write_text("date,region,item,amount,note\n" + row * (4_000_000 // len(row)))
    r = run(p, [call("query", sql="SELECT 1"), call("query", sql="SELECT 2")])
    held(p, r)
    assert r.seconds < 15, f"two trivial queries took {r.seconds:.1f} s"
