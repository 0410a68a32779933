"""query: read-only SQL over the workspace's CSV files (loaded into an in-memory SQLite) and SQLite files
(attached read-only). sqlite3's authorizer, not string matching, admits only reading one statement."""

from __future__ import annotations

import csv
import difflib
import io
import re
import sqlite3
import sys
import time
import urllib.parse

import sqlite_utils
from sqlite_utils.utils import Format, TypeTracker, rows_from_file

from edgeagent.tools.base import MAX_READ_CHARS, MAX_STRING, Tool, ToolContext, find_files, read_bytes, skipped_note
from edgeagent.workspace.sandbox import ToolError

MAX_ROWS = 50  # rows an answer shows
MAX_COUNTED = 100_000  # rows counted past those shown, to say how many there were
QUERY_SECONDS = 5.0  # a query running longer is stopped
MAX_TABLE_BYTES = 32 * 1024 * 1024  # a larger CSV or database file is skipped
MAX_VALUE_BYTES = 10_000_000  # longest string or blob a query may build (randomblob(1e9) must not eat memory)
_SQLITE_MAGIC = b"SQLite format 3\x00"
_CELL = 200  # characters of one value shown

# Authorizer actions a reading query needs; everything else (writes, ATTACH, PRAGMA, DDL...) is denied.
_READING = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, getattr(sqlite3, "SQLITE_RECURSIVE", 33)}
_READ_PRAGMAS = {"table_info", "table_xinfo"}  # PRAGMA table_info(t) shows columns and changes nothing
_UNSAFE_FUNCTIONS = {"load_extension", "fts3_tokenizer", "readfile", "writefile", "edit"}
_ACTIONS = {getattr(sqlite3, n): n.removeprefix("SQLITE_").replace("_", " ").lower() for n in (
    "SQLITE_INSERT", "SQLITE_UPDATE", "SQLITE_DELETE", "SQLITE_ATTACH", "SQLITE_DETACH", "SQLITE_PRAGMA",
    "SQLITE_TRANSACTION", "SQLITE_CREATE_TABLE", "SQLITE_CREATE_TEMP_TABLE", "SQLITE_CREATE_VIEW",
    "SQLITE_CREATE_TEMP_VIEW", "SQLITE_CREATE_INDEX", "SQLITE_CREATE_TRIGGER", "SQLITE_DROP_TABLE",
    "SQLITE_DROP_VIEW", "SQLITE_DROP_INDEX", "SQLITE_DROP_TRIGGER", "SQLITE_ALTER_TABLE", "SQLITE_REINDEX",
    "SQLITE_ANALYZE", "SQLITE_CREATE_VTABLE", "SQLITE_DROP_VTABLE", "SQLITE_SAVEPOINT", "SQLITE_FUNCTION")
    if hasattr(sqlite3, n)}


def _table_name(stem: str, taken: set[str], folder: str) -> str:
    name = re.sub(r"\W+", "_", stem).strip("_").lower() or "t"
    if name[0].isdigit():
        name = "t_" + name
    if name in taken and folder:  # the same name in two folders: the second is folder_name
        name = re.sub(r"\W+", "_", folder).strip("_").lower() + "_" + name
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def _load_csv(db: sqlite_utils.Database, name: str, data: bytes, tsv: bool) -> None:
    sample = data[:8192].decode("utf-8-sig", "replace")
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters="\t" if tsv else ",;|\t")
    except csv.Error:
        dialect = csv.excel_tab if tsv else csv.excel
    rows, _ = rows_from_file(io.BytesIO(data), Format.CSV, dialect=dialect, encoding="utf-8-sig")
    tracker = TypeTracker()  # numbers stored as numbers, so SUM and ORDER BY work as a person expects
    db.table(name).insert_all(tracker.wrap(rows))
    if db[name].exists():
        db.table(name).transform(types=tracker.types)
    else:
        db.table(name).create({"empty": str})


def open_tables(ctx: ToolContext) -> tuple[sqlite3.Connection, list[str]]:
    """A connection holding every CSV as a table and every SQLite file attached read-only, by file stem."""
    conn = sqlite3.connect(":memory:", uri=True, check_same_thread=False)
    conn.execute("PRAGMA trusted_schema = OFF")  # a view in a workspace database may not call side-effect functions
    db = sqlite_utils.Database(conn)
    taken: set[str] = {"main", "temp"}
    skipped: list[str] = []
    for rel, path in find_files(ctx, (".csv", ".tsv")):
        folder = rel.rsplit("/", 2)[-2] if "/" in rel else ""
        try:
            _load_csv(db, _table_name(path.stem, taken, folder), read_bytes(ctx, path, MAX_TABLE_BYTES),
                      path.suffix.lower() == ".tsv")
        except (ToolError, OSError, ValueError, csv.Error, sqlite3.Error) as e:
            skipped.append(f"{rel}: {e}")
    for rel, path in find_files(ctx, (".sqlite", ".sqlite3", ".db")):
        try:
            if read_bytes(ctx, path, MAX_TABLE_BYTES)[:16] != _SQLITE_MAGIC:
                skipped.append(f"{rel}: not an SQLite database")
                continue
            schema = _table_name(path.stem, taken, rel.rsplit("/", 2)[-2] if "/" in rel else "")
            # No -wal beside it: nothing uncommitted to read, and immutable=1 keeps SQLite from leaving -wal/-shm
            # files in the workspace after a read of a WAL-mode database.
            quiet = "&immutable=1" if not path.with_name(path.name + "-wal").exists() else ""
            uri = f"file:{urllib.parse.quote(str(path))}?mode=ro{quiet}"
            conn.execute("ATTACH DATABASE ? AS " + _quote(schema), (uri,))
        except (ToolError, OSError, sqlite3.Error) as e:
            skipped.append(f"{rel}: {e}")
    conn.execute("PRAGMA query_only = ON")  # a second guard: even an admitted statement cannot write
    if sys.version_info >= (3, 11):  # Connection.setlimit is new in 3.11
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, len(taken))
    return conn, skipped


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def table_columns(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table's columns, keyed schema.table (main's tables unprefixed), in schema then name order."""
    out = {}
    for (schema,) in [r[1:2] for r in conn.execute("PRAGMA database_list") if r[1] != "temp"]:
        prefix = "" if schema == "main" else f"{schema}."
        for (table,) in conn.execute(f"SELECT name FROM {_quote(schema)}.sqlite_master WHERE type IN "
                                     "('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"):
            info = conn.execute(f"PRAGMA {_quote(schema)}.table_info({_quote(table)})")
            out[f"{prefix}{table}"] = [r[1] for r in info]
    return out


def table_names(conn: sqlite3.Connection) -> list[str]:
    """Each table as schema.table(col, col...), for messages that tell the model what exists."""
    return [_described(t, cols) for t, cols in table_columns(conn).items()]


def _described(table: str, cols: list[str]) -> str:
    shown = ", ".join(c if re.fullmatch(r"[A-Za-z_]\w*", c) else _quote(c) for c in cols)
    return f"{table}({shown})"


def missing_column_hint(sql: str, error: str, tables: dict[str, list[str]]) -> str:
    """For "no such column: X": which tables have X and which tables the query names lack it, or the nearest
    column names. A small model otherwise sends the same query again; it needs to know where X lives."""
    m = re.fullmatch(r"no such column: (.+)", error.strip())
    if not m:
        return ""
    col = m.group(1).rsplit(".", 1)[-1].strip('"`[]')
    holders = [t for t, cols in tables.items() if col.lower() in (c.lower() for c in cols)]
    words = {w.lower() for w in re.findall(r"\w+", sql)}
    named = [t for t in tables if t.rsplit(".", 1)[-1].lower() in words]
    lacking = [_described(t, tables[t]) for t in named if t not in holders]
    if holders:
        where = f"{col} is a column of {', '.join(holders)}"
        return f". {where}, not of {', '.join(lacking)}" if lacking else f". {where}: name that table in FROM or JOIN"
    names = {c.lower(): c for cols in tables.values() for c in cols}
    near = [names[n] for n in difflib.get_close_matches(col.lower(), names, n=3)]
    return f". No table has a column {col}" + (f"; nearest: {', '.join(near)}" if near else "")


# What SQLite writes for the functions of other SQL dialects that small models reach for.
_SQLITE_FOR = {
    "year": "strftime('%Y', d)", "month": "strftime('%m', d)", "day": "strftime('%d', d)",
    "dayofmonth": "strftime('%d', d)", "hour": "strftime('%H', d)", "week": "strftime('%W', d)",
    "weekofyear": "strftime('%W', d)", "quarter": "(CAST(strftime('%m', d) AS INTEGER) + 2) / 3",
    "date_format": "strftime(format, d)", "to_char": "strftime(format, d)", "extract": "strftime('%Y', d) and the like",
    "date_trunc": "date(d, 'start of month') or strftime('%Y-%m', d)", "datediff": "julianday(a) - julianday(b)",
    "date_add": "date(d, '+7 days')", "dateadd": "date(d, '+7 days')", "date_sub": "date(d, '-7 days')",
    "now": "date('now') or datetime('now')", "curdate": "date('now')", "getdate": "datetime('now')",
    "concat": "a || b", "string_agg": "group_concat(x, ', ')", "listagg": "group_concat(x, ', ')",
    "isnull": "ifnull(a, b)", "nvl": "ifnull(a, b)", "len": "length(s)", "if": "iif(condition, a, b)",
    "median": "ORDER BY the column with LIMIT 1 OFFSET (COUNT(*) - 1) / 2",
    "stddev": "sqrt(avg(x * x) - avg(x) * avg(x))", "std": "sqrt(avg(x * x) - avg(x) * avg(x))",
}


def missing_function_hint(error: str) -> str:
    """For "no such function: X" from another dialect: how SQLite says it."""
    m = re.fullmatch(r"no such function: (\w+)", error.strip())
    if not m or m.group(1).lower() not in _SQLITE_FOR:
        return ""
    return f". SQLite has no {m.group(1)}(); write {_SQLITE_FOR[m.group(1).lower()]}"


def _cell(v: object) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, float):
        return repr(round(v, 9))  # 1234.5600000000002 reads as 1234.56
    if isinstance(v, bytes):
        return f"<{len(v)} bytes>"
    s = str(v).replace("\n", " ")
    return s if len(s) <= _CELL else s[:_CELL] + "..."


def query(ctx: ToolContext, sql: str) -> str:
    if not sql.strip():
        raise ToolError("sql must not be empty; write one SELECT statement")
    if len(sql) > MAX_STRING:
        raise ToolError(f"sql is {len(sql)} characters, over the {MAX_STRING} allowed")
    conn, skipped = open_tables(ctx)
    denied: list[str] = []

    def authorize(action: int, arg1: str | None, arg2: str | None, _db: str | None, _src: str | None) -> int:
        if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _UNSAFE_FUNCTIONS:
            denied.append(f"the function {arg2}")
        elif action in _READING or (action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() in _READ_PRAGMAS):
            return sqlite3.SQLITE_OK
        else:
            denied.append(_ACTIONS.get(action, f"action {action}") + (f" {arg1}" if arg1 else ""))
        return sqlite3.SQLITE_DENY

    deadline = time.monotonic() + QUERY_SECONDS
    try:
        conn.set_authorizer(authorize)
        conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        try:
            cur = conn.execute(sql)
            rows = cur.fetchmany(MAX_ROWS)
            extra = sum(1 for _ in zip(range(MAX_COUNTED), cur))
            cols = [d[0] for d in cur.description or []]
        except (sqlite3.Error, sqlite3.Warning) as e:
            raise ToolError(_explain(conn, sql, str(e), denied) + skipped_note(skipped)) from None
        finally:
            conn.set_authorizer(None)
            conn.set_progress_handler(None, 0)
        if not cols:
            raise ToolError("only reading queries (one SELECT or WITH statement) are allowed")
        return _render(cols, rows, extra) + skipped_note(skipped)
    finally:
        conn.close()


def _explain(conn: sqlite3.Connection, sql: str, error: str, denied: list[str]) -> str:
    """The SQL error in words a model can act on, with the tables that exist."""
    conn.set_authorizer(None)
    conn.set_progress_handler(None, 0)
    columns = table_columns(conn)
    tables = [_described(t, cols) for t, cols in columns.items()]
    where = f"; tables: {'; '.join(tables)}" if tables else "; the workspace holds no CSV or SQLite files"
    if denied or "not authorized" in error or "authorization denied" in error:
        what = f" (it tried: {denied[0]})" if denied else ""
        if denied and " sqlite_" in denied[0]:  # DROP, CREATE, ALTER are refused at their write to the schema
            what = f" (it tried to change the schema: {sql.split(None, 1)[0].upper()})"
        return f"refused: only reading queries (one SELECT or WITH statement) are allowed{what}{where}"
    if "one statement at a time" in error:
        return f"refused: write one statement only, without a second after the ;{where}"
    if error == "interrupted":
        return f"the query ran over {QUERY_SECONDS:g} seconds and was stopped; add a WHERE or LIMIT{where}"
    return f"SQL error: {error}{missing_column_hint(sql, error, columns)}{missing_function_hint(error)}{where}"


def _render(cols: list[str], rows: list[tuple], extra: int) -> str:
    if not rows:
        return f"no rows (columns: {', '.join(cols)})"
    lines = [" | ".join(cols)] + [" | ".join(_cell(v) for v in r) for r in rows]
    text = "\n".join(lines)
    if len(text) > MAX_READ_CHARS:
        text = text[:MAX_READ_CHARS] + "\n[... longer values not shown]"
    total = len(rows) + extra
    if extra:
        more = f"more than {total}" if extra >= MAX_COUNTED else str(total)
        return text + f"\n[{len(rows)} of {more} rows shown; use COUNT, SUM, GROUP BY or LIMIT to see what you need]"
    return text + f"\n[{total} row{'s' if total != 1 else ''}]"


QUERY_TOOLS = [
    Tool("query", "run one read-only SQL SELECT over the workspace data: each CSV file is a table named after the "
         "file, each SQLite file is attached under its name; the database adds and counts, not you",
         {"sql": {"type": "string", "maxLength": MAX_STRING, "description": "one SELECT statement"}}, query),
]
