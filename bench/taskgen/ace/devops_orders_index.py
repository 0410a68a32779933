"""Own task (DevOps): the customer order-history query went from milliseconds to seconds after a migration that
"cleaned up unused indexes" also dropped the one it needs. Add the next migration restoring that index (the
repository's guide asks for CREATE INDEX CONCURRENTLY on big tables), leave history alone, and say which
migration did it and who wrote it.

The workspace is the orders service's repository (24 migrations among ~50 commits) and the database's slow-query
log (~3,000 lines; the invoice report's slow queries are older and unrelated)."""

from __future__ import annotations

import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import Commit, busy_history, main, repo

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-devops-orders-index"
TABLES = ["customers", "orders", "order_items", "invoices", "payments", "shipments", "refunds", "addresses"]


def _migrations() -> dict[str, str]:
    m = {}
    names = ["create_customers", "create_orders", "create_order_items", "create_invoices", "create_payments",
             "orders_customer_created_index", "create_shipments", "add_order_status", "create_refunds",
             "create_addresses", "payments_order_index", "invoices_due_index", "orders_status_index",
             "add_shipment_carrier", "refunds_payment_index", "add_customer_tier", "order_items_sku_index",
             "orders_legacy_ref_index", "add_invoice_pdf_url", "shipments_tracking_index"]
    body = {
        "create_customers": "CREATE TABLE customers (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE, "
                            "created_at timestamptz NOT NULL DEFAULT now());",
        "create_orders": "CREATE TABLE orders (id bigserial PRIMARY KEY, customer_id bigint NOT NULL REFERENCES "
                         "customers(id), created_at timestamptz NOT NULL DEFAULT now(), total_cents bigint NOT NULL);",
        "orders_customer_created_index": "CREATE INDEX idx_orders_customer_created ON orders (customer_id, "
                                         "created_at DESC);",
        "orders_status_index": "CREATE INDEX idx_orders_status ON orders (status);",
        "orders_legacy_ref_index": "CREATE INDEX idx_orders_legacy_ref ON orders (legacy_ref);",
        "add_order_status": "ALTER TABLE orders ADD COLUMN status text NOT NULL DEFAULT 'new';\n"
                            "ALTER TABLE orders ADD COLUMN legacy_ref text;",
    }
    for i, n in enumerate(names, start=1):
        m[f"migrations/{i:04d}_{n}.sql"] = f"-- {n.replace('_', ' ')}\n" + body.get(
            n, f"CREATE TABLE IF NOT EXISTS {n.split('_', 1)[1]}_placeholder (id bigserial PRIMARY KEY);"
            if n.startswith("create") else f"-- schema change: {n}\nSELECT 1;") + "\n"
    return m


GUIDE = """\
# Migrations

- One file per change, numbered: `migrations/NNNN_short_name.sql`, next free number. Never edit a migration
  that has run in production; add a new one.
- orders, order_items and payments have tens of millions of rows: build their indexes with
  `CREATE INDEX CONCURRENTLY` (and no transaction around it), or the table locks.
"""


def _history(f: Filler):
    rng = random.Random(901)
    people = [f"{p.name} <{p.email}>" for p in (f.person(dept="Engineering") for _ in range(5))]
    files = {"README.md": "# orders-service\n\nOrders, items and payments.\n", "docs/migrations.md": GUIDE,
             "src/orders/history.py": "QUERY = '''SELECT id, created_at, total_cents FROM orders WHERE customer_id = "
                                      "%s ORDER BY created_at DESC LIMIT 20'''\n"}
    migs = _migrations()
    planted = {}
    for i, (path, text) in enumerate(migs.items()):
        planted[2 + i * 2] = Commit(people[i % 5], datetime(2025, 10, 1), f"Migration {path.split('/')[1][:4]}: "
                                    f"{path.split('_', 1)[1].removesuffix('.sql').replace('_', ' ')}", {path: text})
    drop = ("-- Drop indexes that pg_stat_user_indexes shows as unused on the replica\n"
            "DROP INDEX CONCURRENTLY IF EXISTS idx_orders_legacy_ref;\n"
            "DROP INDEX CONCURRENTLY IF EXISTS idx_order_items_sku;\n"
            "DROP INDEX CONCURRENTLY IF EXISTS idx_orders_customer_created;\n")
    planted[44] = Commit(people[3], datetime(2026, 2, 23, 14, 10), "Migration 0021: drop unused indexes",
                         {"migrations/0021_drop_unused_indexes.sql": drop})
    planted[46] = Commit(people[1], datetime(2026, 2, 24, 9, 30), "Migration 0022: add refund reason",
                         {"migrations/0022_add_refund_reason.sql": "ALTER TABLE refunds_placeholder ADD COLUMN "
                                                                   "reason text;\n"})
    planted[47] = Commit(people[2], datetime(2026, 2, 25, 11, 0), "Migration 0023: invoices currency",
                         {"migrations/0023_invoices_currency.sql": "-- invoices currency\nSELECT 1;\n"})
    planted[48] = Commit(people[0], datetime(2026, 2, 26, 16, 45), "Migration 0024: shipments eta",
                         {"migrations/0024_shipments_eta.sql": "-- shipments eta\nSELECT 1;\n"})
    hist = busy_history(rng, people, datetime(2025, 9, 1, 9, 0), 52, files, planted, (20, 70))
    return hist, 44, people[3].split(" <")[0]


def _slowlog(rng: random.Random) -> str:
    out = []
    t = datetime(2026, 2, 10)
    deployed = datetime(2026, 2, 23, 14, 40)
    while t < datetime(2026, 3, 2):
        t += timedelta(seconds=rng.randint(60, 900))
        if t > deployed and rng.random() < 0.6:
            ms = rng.randint(1800, 4200)
            q = "SELECT id, created_at, total_cents FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 20"
            plan = "Seq Scan on orders (rows=48210913)"
        elif rng.random() < 0.3:
            ms = rng.randint(1200, 6000)
            q = "SELECT customer_id, sum(amount_cents) FROM invoices WHERE due_date < $1 GROUP BY customer_id"
            plan = "HashAggregate; Seq Scan on invoices"
        else:
            ms = rng.randint(500, 900)
            q = rng.choice(["SELECT * FROM payments WHERE order_id = $1", "UPDATE shipments SET status = $1 WHERE id = $2",
                            ("SELECT id, created_at, total_cents FROM orders WHERE customer_id = $1 ORDER BY created_at "
                            "DESC LIMIT 20")])
            plan = "Index Scan" if "orders" not in q or t < deployed else "Seq Scan on orders"
        out.append(f"{t:%Y-%m-%d %H:%M:%S} UTC [{rng.randint(1000, 9999)}] LOG:  duration: {ms}.{rng.randint(100, 999)} ms"
                   f"  statement: {q}  -- plan: {plan}")
    return "\n".join(out) + "\n"


def _build_with(hist):
    def build(ws: Path) -> None:
        repo(ws.parent / "workspace.gitbundle", hist)
        (ws / "db").mkdir()
        (ws / "db" / "postgresql-slow.log").write_text(_slowlog(random.Random(902)))
    return build


CHECK = '''\
"""Own task: a new migration restoring the order-history index; the culprit named.

Items: a new file migrations/0025_*.sql creating an index on orders (customer_id, created_at) (0.45, the fix:
without it nothing counts); built CONCURRENTLY as the migration guide asks (0.10); not recreating the two indexes
0021 dropped on purpose (0.10); migrations 0001-0024 unchanged (0.10); the answer naming migration 0021 (0.15)
and its author {author} (0.10).
"""

import re

from edgeagent.bench.grading import names_person
from edgeagent.bench.taskcheck import graded, text

AUTHOR = {author!r}
OLD = {old!r}  # path -> text of the migrations already run
CHOICE = re.compile(r"\\b(or|either|maybe|perhaps|possibly|might|could|unclear)\\b", re.IGNORECASE)


def check(ws, answer):
    new = sorted((ws / "migrations").glob("0025_*.sql")) if (ws / "migrations").is_dir() else []
    sql = " ".join(text(p) for p in new)
    flat = " ".join(re.sub(r"--[^\\n]*", " ", sql).split()).lower()
    made = re.search(r"create index (concurrently )?(if not exists )?\\w*\\s*on (public\\.)?orders\\s*"
                     r"(using btree\\s*)?\\(\\s*customer_id\\s*,\\s*created_at(\\s+desc)?\\s*\\)", flat)
    if not made:
        return 0.0
    concurrently = "create index concurrently" in flat
    no_extra = "legacy_ref" not in flat and "sku" not in flat
    kept = all(text(ws / p) == body for p, body in OLD.items()) and \\
        len(list((ws / "migrations").glob("*.sql"))) == len(OLD) + len(new)
    a = answer or ""
    hedged = any(("0021" in s or "drop unused" in s.lower()) and CHOICE.search(s)
                 for s in re.split(r"(?<=[.!?])\\s+|\\n+", a))
    named = ("0021" in a) and not hedged
    return 0.45 + 0.10 * concurrently + 0.10 * no_extra + 0.10 * kept + 0.15 * named + \\
        0.10 * (named and names_person(a, AUTHOR))


check = graded(check)  # a pasted file is no answer
'''


def task():
    f = Filler(SEED)
    hist, drop_i, author = _history(f)
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", hist)
    cur: dict[str, str] = {}
    for c in hist:
        for k, v in c.files.items():
            if v is None:
                cur.pop(k, None)
            else:
                cur[k] = v
    old = {k: v for k, v in cur.items() if k.startswith("migrations/")}
    assert len(old) == 24, len(old)
    mig = ("-- Restore the order-history index dropped by 0021 (the customer order list does a seq scan without it)\n"
           "CREATE INDEX CONCURRENTLY IF NOT EXISTS idx_orders_customer_created\n"
           "    ON orders (customer_id, created_at DESC);\n")
    steps = [
        ("search", {"query": "duration orders customer_id Seq Scan"}),
        ("git_log", {"path": "migrations"}),
        ("git_show", {"rev": hashes[drop_i][:7]}),
        ("read_file", {"path": "docs/migrations.md"}),
        ("list_dir", {"path": "migrations"}),
        ("write_file", {"path": "migrations/0025_restore_orders_customer_created_index.sql", "content": mig}),
    ]
    answer = (f"Migration 0021 (\"drop unused indexes\", by {author}, 23 Feb) also dropped idx_orders_customer_created, "
              "so the order-history query has done a sequential scan of orders since (2-4 s in the slow log). "
              "migrations/0025_restore_orders_customer_created_index.sql recreates it CONCURRENTLY; the other two "
              "drops stay.")
    right = [
        dict(why="the reference migration, a short answer", answer=f"Added 0025; 0021 by {author} dropped the index."),
        dict(why="another file name, no IF NOT EXISTS, ascending created_at, surname first", base="nothing",
             answer=f"0021 ({author.split()[-1]}, {author.split()[0]}) was the culprit; 0025 restores the index.",
             steps=[("write_file", {"path": "migrations/0025_orders_history_index.sql", "content":
                                    "CREATE INDEX CONCURRENTLY idx_orders_customer_created ON orders "
                                    "(customer_id, created_at);\n"})]),
        dict(why="extra true detail: the invoice report's slow queries are older", answer=answer +
             " The invoices aggregation in the slow log predates this and is a separate issue."),
    ]
    wrong = [
        dict(kind="near-miss", why="the columns in the wrong order (created_at, customer_id)", base="nothing",
             answer=f"0021 by {author}; restored in 0025.",
             steps=[("write_file", {"path": "migrations/0025_restore_index.sql", "content":
                                    "CREATE INDEX CONCURRENTLY idx_orders_created_customer ON orders (created_at, "
                                    "customer_id);\n"})]),
        dict(kind="wrong-entity", why="an index for the invoice report instead", base="nothing",
             answer="The slow query is the invoices aggregation; added an index.",
             steps=[("write_file", {"path": "migrations/0025_invoices_due.sql", "content":
                                    "CREATE INDEX CONCURRENTLY idx_invoices_due_customer ON invoices (due_date, "
                                    "customer_id);\n"})]),
        dict(kind="hedge", why="edits 0021 instead of adding a migration, and blames 0021 or 0024",
             base="nothing", answer="Either 0021 or 0024 caused it; I took the drop out of 0021.",
             steps=[("write_file", {"path": "migrations/0021_drop_unused_indexes.sql", "content":
                                    old["migrations/0021_drop_unused_indexes.sql"].replace(
                                        "DROP INDEX CONCURRENTLY IF EXISTS idx_orders_customer_created;\n", "")})]),
        dict(kind="false-claim", why="says it added the migration, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the new migration pastes the slow log", base="nothing", answer="Added 0025.",
             steps=[("write_file", {"path": "migrations/0025_notes.sql",
                                    "content": "-- " + _slowlog(random.Random(902))[:1800].replace("\n", "\n-- ")})]),
    ]
    port = Port("devops-orders-index", 0, "test",
                ("Since last week the customer order-history page takes seconds to load, and the database slow log "
                 "is full of it. Find what changed in the orders service and add a migration that fixes it the way "
                 "our migration guide says, without touching migrations that already ran. Also tell me which "
                 "change caused it and who wrote it."),
                ["list_dir", "read_file", "search", "git_log", "git_show", "git_diff", "write_file"],
                answer=answer, steps=steps, check=CHECK.format(author=author, old=old), right=right, wrong=wrong,
                category="devops")
    return port, _build_with(hist)


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
