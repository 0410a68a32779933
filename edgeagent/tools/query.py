"""query: read-only SQL over the workspace's CSV files (loaded into an in-memory SQLite) and SQLite files
(attached read-only). sqlite3's authorizer, not string matching, admits only reading one statement.

A CSV is loaded only when a query names its table, and kept for the next query until its file changes, within
bounds on bytes, rows and time. A database is attached from a private copy of the bytes read through the
checked descriptor: a folder swapped for a link cannot redirect it, and SQLite leaves no -shm in the workspace."""

from __future__ import annotations

import csv
import difflib
import io
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.parse
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import sqlite_utils
from sqlite_utils.utils import Format, TypeTracker, rows_from_file

from edgeagent.tools.base import MAX_READ_CHARS, MAX_STRING, Tool, ToolContext, find_files, read_bytes, skipped_note
from edgeagent.workspace.safeopen import open_regular
from edgeagent.workspace.sandbox import ToolError, relative

MAX_ROWS = 50  # rows an answer shows
MAX_COUNTED = 100_000  # rows counted past those shown, to say how many there were
QUERY_SECONDS = 5.0  # a query running longer is stopped
MAX_TABLE_BYTES = 32 * 1024 * 1024  # a larger CSV or database file is skipped
MAX_VALUE_BYTES = 10_000_000  # longest string or blob a query may build (randomblob(1e9) must not eat memory)
# CSV loading, which once took 13 s per run for ten 4 MB files nobody queried:
MAX_CSV_TOTAL_BYTES = 64 * 1024 * 1024  # CSV bytes loaded for one workspace at a time
MAX_CSV_ROWS = 1_000_000  # rows loaded from one CSV; the rest are left out with a note
LOAD_SECONDS = 10.0  # time one query may spend loading CSVs
MAX_DB_TOTAL_BYTES = 128 * 1024 * 1024  # database bytes one query copies to attach
_HEAD_BYTES = 64 * 1024  # read from a CSV not loaded, to list its columns
_CACHED = 4  # workspaces whose loaded CSV tables are kept
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


def _stem_table(stem: str) -> str:
    """A file's stem as a table name: q1-2024 → q1_2024, 2024 → t_2024."""
    name = re.sub(r"\W+", "_", stem).strip("_").lower() or "t"
    return "t_" + name if name[0].isdigit() else name


def _table_name(stem: str, taken: set[str], folder: str) -> str:
    name = _stem_table(stem)
    if name in taken and folder:  # the same name in two folders: the second is folder_name
        name = re.sub(r"\W+", "_", folder).strip("_").lower() + "_" + name
    while name in taken:
        name += "_"
    taken.add(name)
    return name


class _TooSlow(Exception):
    pass


def _dialect(sample: str, tsv: bool) -> type[csv.Dialect]:
    try:
        return csv.Sniffer().sniff(sample, delimiters="\t" if tsv else ",;|\t")
    except csv.Error:
        return csv.excel_tab if tsv else csv.excel


def _bounded(rows: Iterable[dict], deadline: float | None, cut: list[int]) -> Iterator[dict]:
    """The rows, up to MAX_CSV_ROWS (counted in `cut` past that); _TooSlow once the deadline passes."""
    for n, row in enumerate(rows):
        if n >= MAX_CSV_ROWS:
            cut.append(n)
            return
        if n % 1000 == 0 and deadline is not None and time.monotonic() >= deadline:
            raise _TooSlow
        yield row


EXTRAS = "extra_values"  # the column a row's values past the header go to


def _load_csv(db: sqlite_utils.Database, name: str, data: bytes, tsv: bool, deadline: float | None = None) -> bool:
    """The CSV as table `name`; True when rows past MAX_CSV_ROWS were left out."""
    dialect = _dialect(data[:8192].decode("utf-8-sig", "replace"), tsv)
    # A row longer than the header (hand-edited, or appended by a run) keeps its surplus in one column, as a JSON
    # list, instead of failing the step: real files are ragged, and what was there stays visible.
    rows, _ = rows_from_file(io.BytesIO(data), Format.CSV, dialect=dialect, encoding="utf-8-sig",
                             extras_key=EXTRAS)
    tracker = TypeTracker()  # numbers stored as numbers, so SUM and ORDER BY work as a person expects
    cut: list[int] = []
    db.table(name).insert_all(tracker.wrap(_bounded(rows, deadline, cut)), alter=True)  # EXTRAS may come late
    if db[name].exists():
        db.table(name).transform(types=tracker.types)
    else:
        db.table(name).create({"empty": str})
    return bool(cut)


@dataclass
class _Csv:
    rel: str
    path: Path
    name: str
    sig: tuple[int, int, int]  # size, mtime_ns, inode: a changed file is loaded again
    tsv: bool


@dataclass
class _Kept:
    rel: str
    sig: tuple[int, int, int]
    size: int
    note: str  # "" or what was left out (rows past the bound)


@dataclass
class _Store:
    """One workspace's loaded CSV tables, kept between queries; each query gets a copy (sqlite3 backup)."""

    db: sqlite3.Connection = field(default_factory=lambda: sqlite3.connect(":memory:", check_same_thread=False))
    tables: dict[str, _Kept] = field(default_factory=dict)
    columns: dict[tuple[str, tuple[int, int, int]], list[str]] = field(default_factory=dict)  # from headers
    lock: threading.Lock = field(default_factory=threading.Lock)

    def drop(self, name: str) -> None:
        self.tables.pop(name, None)
        self.db.execute(f"DROP TABLE IF EXISTS {_quote(name)}")

    def used(self) -> int:
        return sum(k.size for k in self.tables.values())


_stores: dict[tuple[str, bool], _Store] = {}
_stores_lock = threading.Lock()


def _store(ctx: ToolContext) -> _Store:
    key = (os.path.realpath(ctx.workspace), ctx.allow_hardlinks)  # a table read with hard links allowed stays there
    with _stores_lock:
        store = _stores.pop(key, None) or _Store()
        while len(_stores) >= _CACHED:
            _stores.pop(next(iter(_stores)))  # not closed here: a query may still be copying it; freed when unused
        _stores[key] = store  # last used last
        return store


class _Conn(sqlite3.Connection):
    """A query's connection: the CSV tables it did not load (by their header's columns), and the private folder
    holding its copies of the workspace's databases, removed when it closes."""

    pending: dict[str, list[str]]
    folder: str

    def private_folder(self) -> str:
        if not getattr(self, "folder", ""):
            self.folder = tempfile.mkdtemp(prefix="edgeagent-query-")  # mode 0700
            weakref.finalize(self, shutil.rmtree, self.folder, True)  # even if close() is never called
        return self.folder

    def close(self) -> None:
        super().close()
        if getattr(self, "folder", ""):
            shutil.rmtree(self.folder, ignore_errors=True)


def _csv_files(ctx: ToolContext, taken: set[str]) -> list[_Csv]:
    out = []
    for rel, path in find_files(ctx, (".csv", ".tsv")):
        folder = rel.rsplit("/", 2)[-2] if "/" in rel else ""
        try:
            st = os.stat(path)
        except OSError:
            continue
        out.append(_Csv(rel, path, _table_name(path.stem, taken, folder), (st.st_size, st.st_mtime_ns, st.st_ino),
                        path.suffix.lower() == ".tsv"))
    return out


def _named(sql: str | None, csvs: list[_Csv]) -> list[_Csv]:
    """The CSVs whose table the SQL names (any word of it: more than needed at worst, never fewer)."""
    words = set(re.findall(r"\w+", (sql or "").lower()))
    return [c for c in csvs if c.name in words]


def _head(ctx: ToolContext, path: Path) -> bytes:
    """The first bytes of a file, read through the sandbox as read_bytes does, whatever its size."""
    rel = relative(ctx.workspace, path)
    with open_regular(ctx.workspace, path, rel, ctx.allow_hardlinks) as opened:
        if opened is None:
            raise ToolError(f"no such file: {rel}")
        return opened[0].read(_HEAD_BYTES)


def _columns(ctx: ToolContext, store: _Store, c: _Csv) -> list[str]:
    """A CSV's columns from its header line, without loading it."""
    key = (c.rel, c.sig)
    if key not in store.columns:
        try:
            text = _head(ctx, c.path).decode("utf-8-sig", "replace")
            header = next(csv.reader(io.StringIO(text), _dialect(text[:8192], c.tsv)), [])
        except (ToolError, OSError, csv.Error):
            header = []
        store.columns[key] = list(dict.fromkeys(header)) or ["empty"]
    return store.columns[key]


def _room(store: _Store, c: _Csv, wanted: set[str]) -> bool:
    """Whether the CSV fits in the total, once tables this query does not name are let go."""
    for name in [n for n in store.tables if n not in wanted]:
        if store.used() + c.sig[0] <= MAX_CSV_TOTAL_BYTES:
            break
        store.drop(name)
    return store.used() + c.sig[0] <= MAX_CSV_TOTAL_BYTES


def _load(ctx: ToolContext, store: _Store, csvs: list[_Csv], wanted: list[_Csv], skipped: list[str]) -> None:
    """Load the wanted CSVs the store lacks, within the bounds; drop tables whose file changed or went away."""
    current = {c.name: c for c in csvs}
    for name, kept in list(store.tables.items()):
        c = current.get(name)
        if c is None or (c.rel, c.sig) != (kept.rel, kept.sig):
            store.drop(name)
    deadline = time.monotonic() + LOAD_SECONDS
    names = {c.name for c in wanted}
    db = sqlite_utils.Database(store.db)
    for c in wanted:
        if c.name in store.tables:
            skipped += [store.tables[c.name].note] if store.tables[c.name].note else []
        elif not _room(store, c, names):
            skipped.append(f"{c.rel}: not loaded: the CSV tables of one query may hold {MAX_CSV_TOTAL_BYTES} bytes "
                           "in all")
        elif time.monotonic() >= deadline:
            skipped.append(f"{c.rel}: not loaded: loading CSV tables took over {LOAD_SECONDS:g} s")
        else:
            _load_one(ctx, db, store, c, deadline, skipped)


def _load_one(ctx: ToolContext, db: sqlite_utils.Database, store: _Store, c: _Csv, deadline: float,
              skipped: list[str]) -> None:
    try:
        data = read_bytes(ctx, c.path, MAX_TABLE_BYTES)
        cut = _load_csv(db, c.name, data, c.tsv, deadline)
    except _TooSlow:
        store.drop(c.name)
        skipped.append(f"{c.rel}: not loaded: loading CSV tables took over {LOAD_SECONDS:g} s")
        return
    except (ToolError, OSError, ValueError, csv.Error, sqlite3.Error) as e:
        store.drop(c.name)
        skipped.append(f"{c.rel}: {e}")
        return
    note = f"{c.rel}: only its first {MAX_CSV_ROWS} rows were loaded" if cut else ""
    store.tables[c.name] = _Kept(c.rel, c.sig, len(data), note)
    skipped += [note] if note else []


def _wal(ctx: ToolContext, path: Path) -> bytes:
    """The database's -wal beside it, read through the sandbox (b"" when there is none, or it is a link)."""
    try:
        return read_bytes(ctx, path.with_name(path.name + "-wal"), MAX_TABLE_BYTES)
    except (ToolError, OSError):
        return b""


def _attach(conn: _Conn, ctx: ToolContext, path: Path, schema: str, left: list[int]) -> None:
    """Attach a private copy of the bytes read through the checked descriptor, never the workspace's path: a
    folder swapped for a link after the check cannot redirect it, and SQLite's -shm lands in the copy's folder."""
    data = read_bytes(ctx, path, MAX_TABLE_BYTES)
    if data[:16] != _SQLITE_MAGIC:
        raise ToolError("not an SQLite database")
    wal = _wal(ctx, path)
    if len(data) + len(wal) > left[0]:
        raise ToolError(f"not attached: the databases of one query may hold {MAX_DB_TOTAL_BYTES} bytes in all")
    left[0] -= len(data) + len(wal)
    copy = os.path.join(conn.private_folder(), f"{len(os.listdir(conn.private_folder()))}.db")
    for name, content in ((copy, data), (copy + "-wal", wal)):
        if content:
            with open(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
                f.write(content)
    # immutable=1 when there is no -wal to read: SQLite then opens nothing beside the copy either.
    uri = f"file:{urllib.parse.quote(copy)}?mode=ro{'' if wal else '&immutable=1'}"
    conn.execute("ATTACH DATABASE ? AS " + _quote(schema), (uri,))


def open_tables(ctx: ToolContext, sql: str | None = None) -> tuple[sqlite3.Connection, list[str]]:
    """A connection holding the CSV tables `sql` names (the others listed by their columns, not loaded), and every
    SQLite file attached read-only, by file stem. Close it: that removes the databases' private copies."""
    conn = sqlite3.connect(":memory:", check_same_thread=False, factory=_Conn)
    assert isinstance(conn, _Conn)
    try:
        return conn, _fill(ctx, conn, sql)
    except BaseException:
        conn.close()
        raise


def _fill(ctx: ToolContext, conn: _Conn, sql: str | None) -> list[str]:
    taken: set[str] = {"main", "temp"}
    skipped: list[str] = []
    csvs = _csv_files(ctx, taken)
    store = _store(ctx)
    with store.lock:
        _load(ctx, store, csvs, _named(sql, csvs), skipped)
        store.db.backup(conn)  # this query's own copy: the kept tables stay as they are
        conn.pending = {c.name: _columns(ctx, store, c) for c in csvs if c.name not in store.tables}
    conn.execute("PRAGMA trusted_schema = OFF")  # a view in a workspace database may not call side-effect functions
    left = [MAX_DB_TOTAL_BYTES]
    for rel, path in find_files(ctx, (".sqlite", ".sqlite3", ".db")):
        try:
            _attach(conn, ctx, path, _table_name(path.stem, taken, rel.rsplit("/", 2)[-2] if "/" in rel else ""), left)
        except (ToolError, OSError, sqlite3.Error) as e:
            skipped.append(f"{rel}: {e}")
    conn.execute("PRAGMA query_only = ON")  # a second guard: even an admitted statement cannot write
    if sys.version_info >= (3, 11):  # Connection.setlimit is new in 3.11
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, len(taken))
    return skipped


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def table_columns(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table's columns, keyed schema.table (main's tables unprefixed), in schema then name order; a CSV table
    not loaded for this query is listed by its header's columns."""
    pending: dict[str, list[str]] = getattr(conn, "pending", {})
    out = {}
    for (schema,) in [r[1:2] for r in conn.execute("PRAGMA database_list") if r[1] != "temp"]:
        prefix = "" if schema == "main" else f"{schema}."
        names = [t for (t,) in conn.execute(f"SELECT name FROM {_quote(schema)}.sqlite_master WHERE type IN "
                                            "('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        for table in sorted({*names, *pending}) if schema == "main" else names:
            if table in names:
                try:
                    info = conn.execute(f"PRAGMA {_quote(schema)}.table_info({_quote(table)})").fetchall()
                except sqlite3.Error:  # a view over a missing table, a virtual table of a module SQLite lacks
                    info = []
                out[f"{prefix}{table}"] = [r[1] for r in info] or ["unreadable"]
            else:
                out[table] = pending[table]
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
    near = _by_words(col, [tables[t] for t in named] or list(tables.values()), named)
    near += [names[n] for n in difflib.get_close_matches(col.lower(), names, n=3) if names[n] not in near]
    return f". No table has a column {col}" + (f"; nearest: {', '.join(near[:3])}" if near else "")


def _words(name: str) -> list[str]:
    """vendor_name, vendorName, VendorName → vendor, name."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)]


def _by_words(col: str, column_lists: list[list[str]], named: list[str]) -> list[str]:
    """Columns a model's invented name is made of: vendors.vendor_name is vendors.name (the table's own noun put in
    front), then a column that is one of its words. difflib ranks vendor_id nearer, which sends the model astray."""
    words = _words(col)
    nouns = {n for t in named for n in (t.rsplit(".", 1)[-1].lower(), t.rsplit(".", 1)[-1].lower().rstrip("s"))}
    rest = "_".join(words[1:]) if len(words) > 1 and words[0] in nouns else ""
    cols = [c for cs in column_lists for c in cs]
    found = [c for c in cols if rest and "_".join(_words(c)) == rest]
    found += [c for c in cols if len(words) > 1 and _words(c) and "_".join(_words(c)) in words and c not in found]
    return list(dict.fromkeys(found))


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
    conn, skipped = open_tables(ctx, sql)
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
    if len(where) > MAX_READ_CHARS:  # 3,000 CSV files or one of 100,000 columns: the list is cut, not the step
        where = where[:MAX_READ_CHARS].rsplit("; ", 1)[0] + f"; ... ({len(tables)} tables in all)"
    if denied or "not authorized" in error or "authorization denied" in error:
        what = f" (it tried: {denied[0]})" if denied else ""
        if denied and " sqlite_" in denied[0]:  # DROP, CREATE, ALTER are refused at their write to the schema
            what = f" (it tried to change the schema: {sql.split(None, 1)[0].upper()})"
        return f"refused: only reading queries (one SELECT or WITH statement) are allowed{what}{where}"
    if "one statement at a time" in error:
        return f"refused: write one statement only, without a second after the ;{where}"
    if error == "interrupted":
        return f"the query ran over {QUERY_SECONDS:g} seconds and was stopped; add a WHERE or LIMIT{where}"
    return (f"SQL error: {error}{missing_column_hint(sql, error, columns)}{missing_function_hint(error)}"
            f"{file_as_table_hint(sql, columns)}{where}")


_FROM_PATH = re.compile(r"\b(?:from|join)\s+[\"'`\[]?([\w./-]+\.(?:csv|tsv|db|sqlite3?|json|jsonl|ya?ml|md|txt|log|xml"
                        r"|toml|ini|eml|ics|vcf|html?))\b", re.IGNORECASE)


def file_as_table_hint(sql: str, tables: dict[str, list[str]]) -> str:
    """For a file's path written where a table goes (FROM data/q1.csv, FROM state.json): a CSV is queried by
    its table's name, and any other file is read with read_file."""
    m = _FROM_PATH.search(sql)
    if not m:
        return ""
    path = m.group(1)
    stem = _stem_table(path.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    if path.lower().endswith((".csv", ".tsv", ".db", ".sqlite", ".sqlite3")):
        like = [t for t in tables if t.rsplit(".", 1)[-1].rstrip("_").lower() == stem
                or t.lower().startswith(stem + ".")]
        if like:
            return f". {path} is queried by its table's name, not its path: {', '.join(like[:3])}"
        return ". A file is queried by its table's name, not its path"
    return f". {path} is a file, not a table: query reads CSV and SQLite files; read this one with read_file"


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
