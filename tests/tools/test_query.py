"""query: read-only SQL over real CSV and SQLite files; writes, ATTACH, PRAGMA and second statements refused."""

from __future__ import annotations

import hashlib
import sqlite3
import time

import pytest

from edgeagent.tools import query as tools_query
from edgeagent.tools.base import ToolContext
from edgeagent.tools.query import query
from edgeagent.workspace.sandbox import ToolError


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    (w / "data").mkdir(parents=True)
    (w / "data" / "expenses.csv").write_text(
        "date,category,amount,note\n2026-01-03,travel,120.10,train\n2026-01-09,food,15.20,\n"
        "2026-01-15,travel,0.20,\"bus, short\"\n2026-02-01,office,,pending\n", encoding="utf-8")
    (w / "sales 2025.csv").write_text("region;units\nnorth;7\nsouth;3\n")  # ; separated, a space in the name
    con = sqlite3.connect(w / "shop.db")
    con.executescript("CREATE TABLE orders(id INTEGER PRIMARY KEY, customer TEXT, total REAL);"
                      "INSERT INTO orders VALUES (1, 'ann', 10.5), (2, 'bob', 99.0), (3, 'ann', 4.5);")
    con.commit()
    con.close()
    return w


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_csv_columns_are_typed_so_sums_are_exact(ws):
    out = query(ToolContext(ws), "SELECT category, SUM(amount) AS total FROM expenses GROUP BY category ORDER BY 1")
    assert out.splitlines() == ["category | total", "food | 15.2", "office | NULL", "travel | 120.3", "[3 rows]"]


def test_a_csv_with_semicolons_and_a_spaced_name_becomes_a_plain_table(ws):
    assert query(ToolContext(ws), "SELECT SUM(units) FROM sales_2025").splitlines()[1] == "10"


def test_sqlite_files_are_attached_under_their_stem(ws):
    out = query(ToolContext(ws), "SELECT customer, SUM(total) FROM shop.orders GROUP BY customer ORDER BY 2 DESC")
    assert out.splitlines()[1:3] == ["bob | 99.0", "ann | 15.0"]
    joined = query(ToolContext(ws), "WITH t AS (SELECT COUNT(*) n FROM orders) SELECT n + (SELECT COUNT(*) "
                                    "FROM expenses) FROM t")
    assert joined.splitlines()[1] == "7"


def test_rows_are_capped_with_a_note(ws, monkeypatch):
    monkeypatch.setattr(tools_query, "MAX_ROWS", 2)
    out = query(ToolContext(ws), "SELECT * FROM expenses")
    assert out.splitlines()[-1] == "[2 of 4 rows shown; use COUNT, SUM, GROUP BY or LIMIT to see what you need]"
    assert len(out.splitlines()) == 4


def test_a_wrong_table_lists_the_tables_and_columns_there_are(ws):
    with pytest.raises(ToolError) as e:
        query(ToolContext(ws), "SELECT * FROM expense")
    msg = str(e.value)
    assert msg.startswith("SQL error: no such table: expense; tables: ")
    assert "expenses(date, category, amount, note)" in msg and "shop.orders(id, customer, total)" in msg


def _error(ws, sql):
    with pytest.raises(ToolError) as e:
        query(ToolContext(ws), sql)
    return str(e.value)


def test_a_column_of_another_table_says_where_it_lives_and_what_the_named_table_has(ws):
    msg = _error(ws, "SELECT COUNT(*) FROM expenses WHERE customer = 'ann'")
    assert msg.startswith("SQL error: no such column: customer. customer is a column of shop.orders, "
                          "not of expenses(date, category, amount, note); tables: ")
    aliased = _error(ws, "SELECT e.customer FROM expenses e")  # a qualified name: the column is what matters
    assert "customer is a column of shop.orders, not of expenses(" in aliased


def test_a_column_of_a_table_not_in_the_query_says_to_name_that_table(ws):
    msg = _error(ws, "SELECT customer FROM (SELECT 1 AS x)")
    assert "customer is a column of shop.orders: name that table in FROM or JOIN" in msg


def test_a_column_no_table_has_gets_the_nearest_names(ws):
    assert "No table has a column amounts; nearest: amount" in _error(ws, "SELECT SUM(amounts) FROM expenses")
    msg = _error(ws, "SELECT zzzq FROM expenses")
    assert "No table has a column zzzq; tables:" in msg and "nearest" not in msg


def test_a_column_named_with_its_tables_noun_gets_the_column_it_means_first(ws):
    con = sqlite3.connect(ws / "crm.db")
    con.execute("CREATE TABLE vendors(vendor_id INTEGER, name TEXT, status TEXT)")
    con.commit()
    con.close()
    for col in ("vendor_name", "vendorName"):
        msg = _error(ws, f"SELECT {col} FROM vendors WHERE status = 'new'")
        assert f"No table has a column {col}; nearest: name" in msg  # not vendor_id first, as difflib ranks it
    assert "nearest: customer" in _error(ws, "SELECT order_customer FROM orders")  # a column that is one of its words


@pytest.mark.parametrize("sql,hint", [
    ("SELECT * FROM data/expenses.csv", "data/expenses.csv is queried by its table's name, not its path: expenses"),
    ('SELECT * FROM "expenses.csv"', "expenses.csv is queried by its table's name, not its path: expenses"),
    ("SELECT total FROM shop.db", "shop.db is queried by its table's name, not its path: shop.orders"),
    ("SELECT version FROM .app/state.json", (".app/state.json is a file, not a table: query reads CSV and SQLite "
                                             "files; read this one with read_file")),
])
def test_a_files_path_in_from_says_how_to_reach_it(ws, sql, hint):
    msg = _error(ws, sql)
    assert msg.startswith("SQL error: ") and hint in msg


def test_a_schema_qualified_table_is_not_taken_for_a_file(ws):
    assert "not its path" not in _error(ws, "SELECT nope FROM shop.orders")


def test_other_sql_errors_get_no_column_hint(ws):
    msg = _error(ws, "SELECT FROM expenses")
    assert msg.startswith("SQL error: ") and "is a column of" not in msg and "No table has" not in msg


@pytest.mark.parametrize("sql,tried", [
    ("INSERT INTO expenses VALUES ('x', 'y', 1, 'z')", "insert expenses"),
    ("DELETE FROM shop.orders", "delete orders"),
    ("UPDATE orders SET total = 0", "update orders"),
    ("DROP TABLE shop.orders", "DROP"),
    ("CREATE TABLE t(x)", "CREATE"),
    ("ATTACH DATABASE 'other.db' AS o", "attach other.db"),
    ("PRAGMA query_only = 0", "pragma query_only"),
    ("PRAGMA shop.journal_mode = DELETE", "pragma journal_mode"),
    ("VACUUM shop INTO 'copy.db'", "attach copy.db"),
    ("SELECT load_extension('evil')", "the function load_extension"),
])
def test_every_kind_of_write_is_refused_by_the_authorizer(ws, sql, tried):
    before = _digest(ws / "shop.db")
    with pytest.raises(ToolError, match="refused: only reading queries") as e:
        query(ToolContext(ws), sql)
    assert f"(it tried: {tried})" in str(e.value) or f"(it tried to change the schema: {tried})" in str(e.value)
    assert _digest(ws / "shop.db") == before
    assert sorted(p.name for p in ws.iterdir()) == ["data", "sales 2025.csv", "shop.db"]


def test_a_second_statement_is_refused_and_not_run(ws):
    before = _digest(ws / "shop.db")
    with pytest.raises(ToolError, match="one statement only"):
        query(ToolContext(ws), "SELECT 1; DELETE FROM shop.orders")
    assert _digest(ws / "shop.db") == before


def test_table_info_is_the_one_pragma_allowed(ws):
    assert "customer" in query(ToolContext(ws), "PRAGMA shop.table_info(orders)")


def test_a_runaway_query_is_stopped(ws, monkeypatch):
    monkeypatch.setattr(tools_query, "QUERY_SECONDS", 0.2)
    with pytest.raises(ToolError, match="ran over 0.2 seconds and was stopped"):
        query(ToolContext(ws), "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) "
                               "SELECT COUNT(*) FROM c")


def test_huge_values_are_refused(ws):
    with pytest.raises(ToolError, match="too big"):
        query(ToolContext(ws), "SELECT length(randomblob(200000000))")


def test_files_outside_the_workspace_are_never_loaded(ws, tmp_path):
    (tmp_path / "secret.csv").write_text("pin\n1234\n")
    (ws / "leak.csv").symlink_to(tmp_path / "secret.csv")
    with pytest.raises(ToolError, match="no such table: leak"):
        query(ToolContext(ws), "SELECT * FROM leak")


def test_a_file_named_db_that_is_not_sqlite_is_skipped_with_a_note(ws):
    (ws / "notes.db").write_text("just text")
    out = query(ToolContext(ws), "SELECT COUNT(*) FROM orders")
    assert out.splitlines()[1] == "3" and "notes.db: not an SQLite database" in out


def test_reading_a_wal_database_leaves_no_files_behind(ws):
    con = sqlite3.connect(ws / "log.db")
    con.execute("PRAGMA journal_mode = WAL")
    con.executescript("CREATE TABLE events(kind TEXT); INSERT INTO events VALUES ('boot'), ('halt');")
    con.close()
    before = sorted(p.name for p in ws.iterdir())
    assert query(ToolContext(ws), "SELECT COUNT(*) FROM log.events").splitlines()[1] == "2"
    assert sorted(p.name for p in ws.iterdir()) == before  # no log.db-wal, no log.db-shm


def test_uncommitted_wal_rows_of_a_database_in_use_are_read(ws):
    con = sqlite3.connect(ws / "live.db")
    con.execute("PRAGMA journal_mode = WAL")
    con.executescript("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3);")  # still in live.db-wal
    try:
        assert query(ToolContext(ws), "SELECT SUM(x) FROM live.t").splitlines()[1] == "6"
    finally:
        con.close()


@pytest.mark.parametrize("sql,hint", [
    ("SELECT YEAR(date), SUM(amount) FROM expenses GROUP BY 1", "SQLite has no YEAR(); write strftime('%Y', d)"),
    ("SELECT CONCAT(category, note) FROM expenses", "SQLite has no CONCAT(); write a || b"),
    ("SELECT DATEDIFF(MAX(date), MIN(date)) FROM expenses", "write julianday(a) - julianday(b)"),
])
def test_another_dialects_function_gets_the_sqlite_way_to_say_it(ws, sql, hint):
    msg = _error(ws, sql)
    assert hint in msg and "; tables: expenses(" in msg


def test_the_suggested_sqlite_form_runs(ws):
    assert query(ToolContext(ws), "SELECT strftime('%Y', date), SUM(amount) FROM expenses GROUP BY 1"
                 ).splitlines()[1] == "2026 | 135.5"


def test_an_unknown_function_without_a_known_equivalent_gets_no_hint(ws):
    msg = _error(ws, "SELECT frobnicate(amount) FROM expenses")
    assert msg.startswith("SQL error: no such function: frobnicate; tables: ")


# Issue 27, item 4: the database is read through the descriptor that was checked, never opened again by path.
def _db(path, value, wal=False):
    con = sqlite3.connect(path)
    if wal:
        con.execute("PRAGMA journal_mode = WAL")
    con.executescript(f"CREATE TABLE t(x TEXT); INSERT INTO t VALUES ('{value}');")
    con.close()


def test_a_folder_swapped_for_a_link_after_the_check_never_redirects_the_database(ws, tmp_path, monkeypatch):
    (ws / "vault").mkdir()
    _db(ws / "vault" / "notes.db", "harmless")
    outside = tmp_path / "outside"
    outside.mkdir()
    _db(outside / "notes.db", "CANARY-7f3a")
    checked = tools_query.read_bytes

    def read_then_swap(ctx, path, *args, **kwargs):
        data = checked(ctx, path, *args, **kwargs)
        if path.name == "notes.db" and not (ws / "vault").is_symlink():  # between the check and any open
            (ws / "vault").rename(ws / "vault-real")
            (ws / "vault").symlink_to(outside, target_is_directory=True)
        return data

    monkeypatch.setattr(tools_query, "read_bytes", read_then_swap)
    out = query(ToolContext(ws), "SELECT x FROM notes.t")
    assert "CANARY" not in out and out.splitlines()[1] == "harmless"


def test_a_wal_database_and_its_wal_are_read_without_creating_files_in_the_workspace(ws, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    live = sqlite3.connect(src / "live.db")
    live.execute("PRAGMA journal_mode = WAL")
    live.executescript("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3);")  # only in live.db-wal so far
    for name in ("live.db", "live.db-wal"):  # as a copied or synced folder holds them: no -shm
        (ws / name).write_bytes((src / name).read_bytes())
    live.close()
    before = {p.name: _digest(p) for p in ws.iterdir() if p.is_file()}
    assert query(ToolContext(ws), "SELECT SUM(x) FROM live.t").splitlines()[1] == "6"
    assert query(ToolContext(ws), "SELECT COUNT(*) FROM orders").splitlines()[1] == "3"
    assert {p.name: _digest(p) for p in ws.iterdir() if p.is_file()} == before  # no -shm, -wal or -journal


def test_the_private_copies_are_removed_when_the_query_ends(ws, monkeypatch, tmp_path):
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tools_query.tempfile, "tempdir", None)
    query(ToolContext(ws), "SELECT COUNT(*) FROM shop.orders")
    assert list((tmp_path / "tmp").iterdir()) == []


# Issue 27, item 11: CSVs are loaded only when a query names them, once per run, within total bounds.
def _count_loads(monkeypatch):
    loads = []
    real = tools_query._load_csv

    def counting(db, name, *args, **kwargs):
        loads.append(name)
        return real(db, name, *args, **kwargs)

    monkeypatch.setattr(tools_query, "_load_csv", counting)
    return loads


def test_a_query_naming_no_csv_loads_none(ws, monkeypatch):
    loads = _count_loads(monkeypatch)
    assert query(ToolContext(ws), "SELECT 1").splitlines()[1] == "1"
    assert query(ToolContext(ws), "SELECT COUNT(*) FROM shop.orders").splitlines()[1] == "3"
    assert loads == []


def test_ten_4mb_csvs_add_nothing_to_select_1(tmp_path):
    rows = "".join(f"{i},item {i % 97},{i * 0.25:.2f},2026-01-{i % 28 + 1:02d}\n" for i in range(130_000))
    for k in range(10):
        (tmp_path / f"t{k}.csv").write_text("id,name,amount,day\n" + rows)
    assert (tmp_path / "t0.csv").stat().st_size > 4_000_000
    t0 = time.monotonic()
    assert query(ToolContext(tmp_path), "SELECT 1").splitlines()[1] == "1"
    assert time.monotonic() - t0 < 2  # loading all ten took 30 to 40 s


def test_a_table_is_loaded_once_and_reused_until_its_file_changes(ws, monkeypatch):
    loads = _count_loads(monkeypatch)
    ctx = ToolContext(ws)
    assert query(ctx, "SELECT COUNT(*) FROM expenses").splitlines()[1] == "4"
    assert query(ctx, "SELECT SUM(amount) FROM expenses").splitlines()[1] == "135.5"
    assert loads == ["expenses"]
    (ws / "data" / "expenses.csv").write_text("date,category,amount,note\n2026-03-01,food,1.5,x\n")
    assert query(ctx, "SELECT SUM(amount) FROM expenses").splitlines()[1] == "1.5"
    assert loads == ["expenses", "expenses"]


def test_tables_not_loaded_are_still_listed_with_their_columns(ws, monkeypatch):
    loads = _count_loads(monkeypatch)
    conn, _ = tools_query.open_tables(ToolContext(ws))
    try:
        assert tools_query.table_names(conn) == [
            "expenses(date, category, amount, note)", "sales_2025(region, units)", "shop.orders(id, customer, total)"]
    finally:
        conn.close()
    assert loads == []
    assert "; tables: expenses(date, category, amount, note); sales_2025(region, units)" in _error(ws, "SELECT * FROM x")


def test_csv_loading_stops_at_the_total_bound_with_a_note(ws, monkeypatch):
    monkeypatch.setattr(tools_query, "MAX_CSV_TOTAL_BYTES", 100)
    assert query(ToolContext(ws), "SELECT SUM(units) FROM sales_2025").splitlines()[1] == "10"
    msg = _error(ws, "SELECT COUNT(*) FROM expenses")
    assert "no such table: expenses" in msg
    assert "data/expenses.csv: not loaded: the CSV tables of one query may hold 100 bytes in all" in msg


def test_csv_rows_past_the_bound_are_left_out_with_a_note(ws, monkeypatch):
    monkeypatch.setattr(tools_query, "MAX_CSV_ROWS", 2)
    out = query(ToolContext(ws), "SELECT COUNT(*) FROM expenses")
    assert out.splitlines()[1] == "2" and "only its first 2 rows were loaded" in out


def test_csv_loading_past_its_time_bound_is_stopped_with_a_note(ws, monkeypatch):
    monkeypatch.setattr(tools_query, "LOAD_SECONDS", 0.0)
    msg = _error(ws, "SELECT COUNT(*) FROM expenses")
    assert "no such table: expenses" in msg and "not loaded: loading CSV tables took over 0 s" in msg


def test_a_row_longer_than_its_header_is_queried_with_the_surplus_kept(ws):
    # sqlite_utils raised RowError on it, which ended the whole run with the step failed.
    # The long row comes after the first batch of rows the table is created from.
    rows = "".join(f"{i},log action {i},note {i}\n" for i in range(1, 301))
    (ws / "log.csv").write_text("ticket,action,notes\n" + rows + "301,log action 301,note 301,late,again\n")
    out = query(ToolContext(ws), "SELECT ticket, extra_values FROM log WHERE ticket IN (5, 301) ORDER BY ticket")
    assert out.splitlines()[:3] == ["ticket | extra_values", "5 | NULL", '301 | ["late", "again"]']
