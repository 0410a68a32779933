"""Own task: the nightly backup job, cron/db-backup.cron and config/db-backup.yaml.

Items: the config's databases are exactly the six production ones marked for backup (0.35) and the cron entry is
one daily line starting between 03:23 (ten minutes after the ETL's latest finish, 03:12:40 on 19 February) and
04:00 UTC (0.25), together the gate: the wrong databases or a start that overlaps the ETL scores 0; retention 35
(0.15); the backup bucket and KMS alias from the Terraform outputs (0.15); the cron line runs backup-runner with
the config (0.10).
"""

import re

from edgeagent.bench.taskcheck import graded, text

BACKUP = set(['auth-db', 'billing-db', 'customers-db', 'inventory-db', 'orders-db', 'payments-ledger'])
BUCKET, KMS = 's3://hl-db-backups-eu-west-1', 'alias/db-backup'


def _dbs(cfg):
    m = re.search(r"(?m)^databases:\s*(\[.*\])?\s*$", cfg)
    if not m:
        return None
    if m.group(1):
        return {x.strip().strip("\"'") for x in m.group(1).strip("[]").split(",") if x.strip()}
    out = set()
    for ln in cfg[m.end():].splitlines():
        if not ln.strip():
            continue
        if not ln.startswith((" ", "-", "\t")):
            break
        item = re.match(r"\s*-\s*(?:name:\s*)?[\"']?([\w.-]+)", ln)
        if item:
            out.add(item.group(1))
    return out


def _scalar(cfg, key):
    m = re.search(r"(?m)^" + key + r":\s*[\"']?([^\"'#\n]+?)[\"']?\s*(#.*)?$", cfg)
    return m.group(1).strip() if m else None


def check(ws, answer):
    cfg = text(ws / "config/db-backup.yaml")
    lines = [ln for ln in text(ws / "cron/db-backup.cron").splitlines()
             if ln.strip() and not ln.lstrip().startswith("#") and not re.match(r"\s*\w+=", ln)]
    if _dbs(cfg) != BACKUP or len(lines) != 1:
        return 0.0
    f = lines[0].split(None, 5)
    if len(f) < 6 or not (f[0].isdigit() and f[1].isdigit()) or f[2:5] != ["*", "*", "*"]:
        return 0.0
    start = int(f[1]) * 60 + int(f[0])
    if not 3 * 60 + 23 <= start <= 4 * 60:
        return 0.0
    keep = _scalar(cfg, "retention_days") == "35"
    where = _scalar(cfg, "bucket") == BUCKET and _scalar(cfg, "kms_key") == KMS
    runs = "backup-runner" in f[5] and "/etc/backup/db-backup.yaml" in f[5]
    return 0.60 + 0.15 * keep + 0.15 * where + 0.10 * runs


check = graded(check)  # a pasted file is no answer
