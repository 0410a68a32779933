"""Own task (Automation): set up the nightly database backup job: a cron entry and its config. Which databases
(production ones the inventory marks for our own backups, not managed or staging ones), when (inside the
policy's window and after the ETL, whose real finishing times are only in its log), how long to keep copies,
where and with which key (the infrastructure outputs, beside a look-alike logs bucket).

Bulk: a database inventory (~60 rows), the ETL cron file and three weeks of ETL log (~1,700 lines), Terraform
outputs, the backup policy."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main

SEED = "own-automation-db-backup-job"
BACKUP = ["orders-db", "billing-db", "customers-db", "inventory-db", "auth-db", "payments-ledger"]
MANAGED = ["analytics-rds", "search-meta-rds"]
BUCKET, KMS = "s3://hl-db-backups-eu-west-1", "alias/db-backup"

POLICY = """\
# Database backup policy

- Every production database marked `backup = yes` in the inventory gets a nightly dump. `managed` databases
  are covered by the provider's snapshots and are not dumped.
- The dump starts between 01:30 and 04:00 UTC (servers run on UTC) and never while the nightly ETL is still
  reading from the databases: start after the latest ETL finish of the last three weeks, with a margin of at
  least ten minutes.
- Keep 35 daily copies.
- Write to the backup bucket from the infrastructure outputs, encrypted with the backup KMS key alias.
- The job runs `backup-runner --config /etc/backup/db-backup.yaml` from cron/db-backup.cron; its config is
  config/db-backup.yaml (databases, retention_days, bucket, kms_key).
"""


def _inventory(rng: random.Random) -> str:
    rows = ["name,engine,env,host,size_gb,owner,backup"]
    for n in BACKUP:
        rows.append(f"{n},postgres,prod,{n}.db.internal,{rng.randint(20, 900)},team-{n.split('-')[0]},yes")
    for n in MANAGED:
        rows.append(f"{n},postgres,prod,{n}.rds.internal,{rng.randint(100, 2000)},team-data,managed")
    words = ["orders", "billing", "customers", "inventory", "auth", "search", "reports", "crm", "cms", "events"]
    while len(rows) < 61:
        n = f"{rng.choice(words)}-{rng.choice(['db', 'replica', 'shadow', 'sandbox'])}-{rng.randint(1, 9)}"
        env = rng.choice(["staging", "dev", "staging", "prod"])
        rows.append(f"{n},{rng.choice(['postgres', 'mysql'])},{env},{n}.db.internal,{rng.randint(1, 300)},team-x,"
                    f"{'no' if env != 'prod' else rng.choice(['no', 'managed'])}")
    return "\n".join(rows) + "\n"


def _etl_log(rng: random.Random) -> str:
    out = []
    day = datetime(2026, 2, 9)
    while day < datetime(2026, 3, 2):
        t = day.replace(hour=1, minute=0)
        out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z etl-nightly START")
        for step in ("extract orders", "extract billing", "extract customers", "transform", "load warehouse"):
            for _ in range(rng.randint(12, 18)):
                t += timedelta(seconds=rng.randint(60, 90))
                out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z etl-nightly {step}: batch ok rows={rng.randint(1000, 90000)}")
        if day == datetime(2026, 2, 19):  # the slow night: month-end backfill
            t = day.replace(hour=3, minute=12, second=40)
        out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z etl-nightly FINISH")
        day += timedelta(days=1)
    return "\n".join(out) + "\n"


def _build(ws: Path) -> None:
    rng = random.Random(1601)
    (ws / "inventory").mkdir()
    (ws / "inventory" / "databases.csv").write_text(_inventory(rng))
    (ws / "docs").mkdir()
    (ws / "docs" / "backup-policy.md").write_text(POLICY)
    (ws / "infra").mkdir()
    (ws / "infra" / "terraform-outputs.json").write_text(json.dumps({
        "logs_bucket": {"value": "s3://hl-logs-eu-west-1"}, "backup_bucket": {"value": BUCKET},
        "kms_aliases": {"value": {"logs": "alias/logs", "backup": KMS, "app": "alias/app-secrets"}},
        "vpc_id": {"value": "vpc-0a12f9c3"}, "region": {"value": "eu-west-1"}}, indent=2) + "\n")
    (ws / "cron").mkdir()
    (ws / "cron" / "etl.cron").write_text("# nightly ETL (UTC); usually done by 03:00\n0 1 * * * etl-runner nightly\n"
                                          "30 5 * * 1 etl-runner weekly-rollup\n")
    (ws / "logs").mkdir()
    (ws / "logs" / "etl.log").write_text(_etl_log(rng))


CHECK = '''\
"""Own task: the nightly backup job, cron/db-backup.cron and config/db-backup.yaml.

Items: the config's databases are exactly the six production ones marked for backup (0.35) and the cron entry is
one daily line starting between 03:23 (ten minutes after the ETL's latest finish, 03:12:40 on 19 February) and
04:00 UTC (0.25), together the gate: the wrong databases or a start that overlaps the ETL scores 0; retention 35
(0.15); the backup bucket and KMS alias from the Terraform outputs (0.15); the cron line runs backup-runner with
the config (0.10).
"""

import re

from edgeagent.bench.taskcheck import graded, text

BACKUP = set({backup!r})
BUCKET, KMS = {bucket!r}, {kms!r}


def _dbs(cfg):
    m = re.search(r"(?m)^databases:\\s*(\\[.*\\])?\\s*$", cfg)
    if not m:
        return None
    if m.group(1):
        return {{x.strip().strip("\\"'") for x in m.group(1).strip("[]").split(",") if x.strip()}}
    out = set()
    for ln in cfg[m.end():].splitlines():
        if not ln.strip():
            continue
        if not ln.startswith((" ", "-", "\\t")):
            break
        item = re.match(r"\\s*-\\s*(?:name:\\s*)?[\\"']?([\\w.-]+)", ln)
        if item:
            out.add(item.group(1))
    return out


def _scalar(cfg, key):
    m = re.search(r"(?m)^" + key + r":\\s*[\\"']?([^\\"'#\\n]+?)[\\"']?\\s*(#.*)?$", cfg)
    return m.group(1).strip() if m else None


def check(ws, answer):
    cfg = text(ws / "config/db-backup.yaml")
    lines = [ln for ln in text(ws / "cron/db-backup.cron").splitlines()
             if ln.strip() and not ln.lstrip().startswith("#") and not re.match(r"\\s*\\w+=", ln)]
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
'''

CFG = ("databases:\n" + "".join(f"  - {d}\n" for d in BACKUP) + "retention_days: 35\n"
       f"bucket: {BUCKET}\nkms_key: {KMS}\n")


def task():
    steps = [
        ("read_file", {"path": "docs/backup-policy.md"}),
        ("query", {"sql": "SELECT name FROM databases WHERE env = 'prod' AND backup = 'yes'"}),
        ("read_file", {"path": "infra/terraform-outputs.json"}),
        ("read_file", {"path": "cron/etl.cron"}),
        ("search", {"query": "etl-nightly FINISH"}),
        ("write_file", {"path": "config/db-backup.yaml", "content": CFG}),
        ("write_file", {"path": "cron/db-backup.cron", "content": "# nightly DB dumps, after the ETL (UTC)\n"
                                                                   "30 3 * * * backup-runner --config "
                                                                   "/etc/backup/db-backup.yaml\n"}),
    ]
    answer = ("Set up: cron/db-backup.cron runs backup-runner at 03:30 UTC daily (the ETL has finished as late as "
              "03:12 in the last three weeks, though its cron file says it is usually done by 03:00), and "
              "config/db-backup.yaml dumps orders-db, billing-db, customers-db, inventory-db, auth-db and "
              f"payments-ledger, keeps 35 copies, writes to {BUCKET} with {KMS}. The two managed RDS databases are "
              "left to their snapshots.")
    flow = ("databases: [" + ", ".join(f'"{d}"' for d in sorted(BACKUP)) + "]\nretention_days: 35\n"
            f"bucket: \"{BUCKET}\"\nkms_key: \"{KMS}\"  # from terraform outputs\n")
    right = [
        dict(why="the reference job, a short answer", answer="Backup job set for 03:30 UTC."),
        dict(why="a flow list with quotes, 03:45, an environment line in the cron file", base="nothing",
             answer="Done.", steps=[("write_file", {"path": "config/db-backup.yaml", "content": flow}),
                                    ("write_file", {"path": "cron/db-backup.cron", "content":
                                                    "SHELL=/bin/bash\n45 3 * * * /usr/local/bin/backup-runner "
                                                    "--config /etc/backup/db-backup.yaml\n"})]),
        dict(why="extra true detail in the answer", answer=answer + " Staging and dev databases are not in scope."),
    ]

    def job(dbs, cron):
        return [("write_file", {"path": "config/db-backup.yaml", "content": "databases:\n" + "".join(
            f"  - {d}\n" for d in dbs) + f"retention_days: 35\nbucket: {BUCKET}\nkms_key: {KMS}\n"}),
                ("write_file", {"path": "cron/db-backup.cron", "content": cron})]
    line = "30 3 * * * backup-runner --config /etc/backup/db-backup.yaml\n"
    wrong = [
        dict(kind="near-miss", why="03:10, trusting the ETL cron file's 'usually done by 03:00'", base="nothing",
             answer="Set for 03:10.", steps=job(BACKUP, line.replace("30 3", "10 3"))),
        dict(kind="wrong-entity", why="the managed RDS databases dumped too", base="nothing", answer="Set up.",
             steps=job(BACKUP + MANAGED, line)),
        dict(kind="hedge", why="two start times, 02:30 and 03:30", base="nothing", answer="Two slots to be safe.",
             steps=job(BACKUP, line.replace("30 3", "30 2") + line)),
        dict(kind="false-claim", why="reports the job, wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="the config is the inventory pasted", base="nothing", answer="Set up.",
             steps=[("write_file", {"path": "config/db-backup.yaml",
                                    "content": _inventory(random.Random(1601))[:1900]}),
                    ("write_file", {"path": "cron/db-backup.cron", "content": line})]),
    ]
    port = Port("automation-db-backup-job", 0, "test",
                ("We need the nightly database backup job in place. Following the backup policy, write the job's "
                 "config and its cron entry: the right databases from the inventory, a start time that can't "
                 "collide with the nightly ETL (check how late it has really finished, not what its comments say), "
                 "retention, and the bucket and key from our infrastructure outputs."),
                ["list_dir", "read_file", "search", "query", "write_file", "append_file"],
                answer=answer, steps=steps,
                check=CHECK.format(backup=sorted(BACKUP), bucket=BUCKET, kms=KMS), right=right, wrong=wrong,
                category="automation")
    return port, _build


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
