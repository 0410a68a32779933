"""Own task: a new migration restoring the order-history index; the culprit named.

Items: a new file migrations/0025_*.sql creating an index on orders (customer_id, created_at) (0.45, the fix:
without it nothing counts); built CONCURRENTLY as the migration guide asks (0.10); not recreating the two indexes
0021 dropped on purpose (0.10); migrations 0001-0024 unchanged (0.10); the answer naming migration 0021 (0.15)
and its author Kelly Compton (0.10).
"""

import re

from edgeagent.bench.grading import names_person
from edgeagent.bench.taskcheck import graded, text

AUTHOR = 'Kelly Compton'
OLD = {'migrations/0001_create_customers.sql': '-- create customers\nCREATE TABLE customers (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE, created_at timestamptz NOT NULL DEFAULT now());\n-- safe to remove after the migration\n-- added after the January review\n', 'migrations/0002_create_orders.sql': '-- create orders\nCREATE TABLE orders (id bigserial PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers(id), created_at timestamptz NOT NULL DEFAULT now(), total_cents bigint NOT NULL);\n', 'migrations/0003_create_order_items.sql': '-- create order items\nCREATE TABLE IF NOT EXISTS order_items_placeholder (id bigserial PRIMARY KEY);\n-- values in milliseconds\n', 'migrations/0004_create_invoices.sql': '-- create invoices\n-- see the runbook before changing\n-- owned by the platform team\nCREATE TABLE IF NOT EXISTS invoices_placeholder (id bigserial PRIMARY KEY);\n', 'migrations/0005_create_payments.sql': '-- safe to remove after the migration\n-- create payments\nCREATE TABLE IF NOT EXISTS payments_placeholder (id bigserial PRIMARY KEY);\n', 'migrations/0006_orders_customer_created_index.sql': '-- orders customer created index\nCREATE INDEX idx_orders_customer_created ON orders (customer_id, created_at DESC);\n', 'migrations/0007_create_shipments.sql': '-- create shipments\nCREATE TABLE IF NOT EXISTS shipments_placeholder (id bigserial PRIMARY KEY);\n-- added after the January review\n', 'migrations/0008_add_order_status.sql': "-- values in milliseconds\n-- add order status\n-- added after the January review\nALTER TABLE orders ADD COLUMN status text NOT NULL DEFAULT 'new';\n-- see the runbook before changing\nALTER TABLE orders ADD COLUMN legacy_ref text;\n", 'migrations/0009_create_refunds.sql': '-- create refunds\nCREATE TABLE IF NOT EXISTS refunds_placeholder (id bigserial PRIMARY KEY);\n', 'migrations/0010_create_addresses.sql': '-- create addresses\nCREATE TABLE IF NOT EXISTS addresses_placeholder (id bigserial PRIMARY KEY);\n', 'migrations/0011_payments_order_index.sql': '-- payments order index\n-- schema change: payments_order_index\n-- see the runbook before changing\nSELECT 1;\n-- safe to remove after the migration\n', 'migrations/0012_invoices_due_index.sql': '-- invoices due index\n-- values in milliseconds\n-- schema change: invoices_due_index\n-- TODO: move to the shared client\nSELECT 1;\n', 'migrations/0013_orders_status_index.sql': '-- orders status index\nCREATE INDEX idx_orders_status ON orders (status);\n-- values in milliseconds\n', 'migrations/0014_add_shipment_carrier.sql': '-- add shipment carrier\n-- schema change: add_shipment_carrier\nSELECT 1;\n', 'migrations/0015_refunds_payment_index.sql': '-- refunds payment index\n-- schema change: refunds_payment_index\nSELECT 1;\n-- keep in sync with the docs\n', 'migrations/0016_add_customer_tier.sql': '-- add customer tier\n-- schema change: add_customer_tier\nSELECT 1;\n-- added after the January review\n', 'migrations/0017_order_items_sku_index.sql': '-- order items sku index\n-- schema change: order_items_sku_index\n-- see the runbook before changing\nSELECT 1;\n', 'migrations/0018_orders_legacy_ref_index.sql': '-- orders legacy ref index\nCREATE INDEX idx_orders_legacy_ref ON orders (legacy_ref);\n', 'migrations/0019_add_invoice_pdf_url.sql': '-- add invoice pdf url\n-- schema change: add_invoice_pdf_url\nSELECT 1;\n', 'migrations/0020_shipments_tracking_index.sql': '-- shipments tracking index\n-- schema change: shipments_tracking_index\nSELECT 1;\n', 'migrations/0021_drop_unused_indexes.sql': '-- Drop indexes that pg_stat_user_indexes shows as unused on the replica\nDROP INDEX CONCURRENTLY IF EXISTS idx_orders_legacy_ref;\nDROP INDEX CONCURRENTLY IF EXISTS idx_order_items_sku;\nDROP INDEX CONCURRENTLY IF EXISTS idx_orders_customer_created;\n', 'migrations/0022_add_refund_reason.sql': '-- keep in sync with the docs\nALTER TABLE refunds_placeholder ADD COLUMN reason text;\n', 'migrations/0023_invoices_currency.sql': '-- invoices currency\nSELECT 1;\n', 'migrations/0024_shipments_eta.sql': '-- shipments eta\nSELECT 1;\n'}  # path -> text of the migrations already run
CHOICE = re.compile(r"\b(or|either|maybe|perhaps|possibly|might|could|unclear)\b", re.IGNORECASE)


def check(ws, answer):
    new = sorted((ws / "migrations").glob("0025_*.sql")) if (ws / "migrations").is_dir() else []
    sql = " ".join(text(p) for p in new)
    flat = " ".join(re.sub(r"--[^\n]*", " ", sql).split()).lower()
    made = re.search(r"create index (concurrently )?(if not exists )?\w*\s*on (public\.)?orders\s*"
                     r"(using btree\s*)?\(\s*customer_id\s*,\s*created_at(\s+desc)?\s*\)", flat)
    if not made:
        return 0.0
    concurrently = "create index concurrently" in flat
    no_extra = "legacy_ref" not in flat and "sku" not in flat
    kept = all(text(ws / p) == body for p, body in OLD.items()) and \
        len(list((ws / "migrations").glob("*.sql"))) == len(OLD) + len(new)
    a = answer or ""
    hedged = any(("0021" in s or "drop unused" in s.lower()) and CHOICE.search(s)
                 for s in re.split(r"(?<=[.!?])\s+|\n+", a))
    named = ("0021" in a) and not hedged
    return 0.45 + 0.10 * concurrently + 0.10 * no_extra + 0.10 * kept + 0.15 * named + \
        0.10 * (named and names_person(a, AUTHOR))


check = graded(check)  # a pasted file is no answer
