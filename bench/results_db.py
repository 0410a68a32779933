"""A sweep's results database: `results.db` in the sweep's folder, one row per task × strategy × repeat.

A row is written as soon as its run finishes, so `--resume` redoes nothing that finished and a crash loses
at most the run in progress. Each row names its stored run (`run_id` in the store at `runs_db`); `bench
report` reads these files, several shards merged."""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlite_utils

from edgeagent.bench.runner import Outcome
from edgeagent.errors import BadInput, StoreError
from edgeagent.store.dbfile import now

FILE = "results.db"
KEY = ("task_id", "strategy", "repeat")  # with sweep_id, what one row stands for

SWEEP_COLUMNS = {"id": str, "started_at": str, "finished_at": str, "argv": str, "edge_model": str, "backend": str,
                 "cloud": str, "price_card": str, "device": str, "shard": str, "edgeagent_version": str, "options": str}
RESULT_COLUMNS = {"sweep_id": str, "task_id": str, "category": str, "strategy": str, "repeat": int, "run_id": str,
                  "runs_db": str, "status": str, "score": float, "passed": int, "steps": int, "edge_tokens": int,
                  "cloud_calls": int, "cloud_tokens": int, "cost_usd": float, "exported_bytes": int,
                  "exposure": float, "egress": float, "attack": int, "wall_s": float, "energy_j": float,
                  "energy_source": str, "energy_measured": int, "peak_rss_bytes": int, "finished_at": str,
                  # What makes a run auditable (issue 28): its answer and its bundle (bench/bundle.py), the
                  # sampling it ran with, and after `bench regrade --write` the score it was first given.
                  "answer": str, "bundle": str, "bundle_sha256": str, "workspace_changes": str,
                  "temperature": float, "seed": int,
                  "first_score": float, "regraded_at": str,
                  # How the run ended beyond its status (issue 29): a blocked answer, deliverables never made,
                  # claims in the answer that no step backs.
                  "blocked": int, "unfinished": int, "false_claims": int}
# What must match for --resume to add to a sweep rather than mix two different ones in one file.
SAME_SWEEP = ("edge_model", "cloud", "device", "shard", "options")
# Options a sweep recorded before they existed ran with these values.
OPTION_DEFAULTS = {"temperature": 0.0, "seed": 0}


@dataclass(frozen=True)
class Sweep:
    """What a sweep ran with: the `sweeps` row, less its times."""

    argv: list[str]
    edge_model: str
    backend: str
    cloud: str | None
    price_card: dict | None
    device: str
    shard: str | None
    edgeagent_version: str
    options: dict  # the settings a run depends on beyond the above (--set, --max-steps, --temperature, --seed)


def _describe(path: Path, e: Exception) -> StoreError:
    return StoreError(f"{path}: cannot use the results database ({type(e).__name__}: {e})")


def add_missing_columns(db: sqlite_utils.Database) -> None:
    """A results table written before a column existed gets it (empty for its old rows)."""
    table = db.table("results")
    have = set(table.columns_dict)
    for name, kind in RESULT_COLUMNS.items():
        if name not in have:
            table.add_column(name, kind)


def _same_options(old: str | None, new: str) -> bool:
    """Whether recorded options equal these, an option an older sweep lacks counting as its default."""
    try:
        before = json.loads(old or "{}")
    except ValueError:
        return False
    return {**OPTION_DEFAULTS, **before} == {**OPTION_DEFAULTS, **json.loads(new)}


class Results:
    """The results database of one sweep folder (created, or reopened to resume the sweep it holds)."""

    def __init__(self, folder: Path, sweep: Sweep) -> None:
        self.path = Path(folder) / FILE
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(self.path)
            self.db.execute("pragma journal_mode = wal")
            self.sweep_id = self._open(sweep)
        except (sqlite3.Error, OSError) as e:
            raise _describe(self.path, e) from None

    def _open(self, sweep: Sweep) -> str:
        fields = {**asdict(sweep), "argv": json.dumps(sweep.argv), "options": json.dumps(sweep.options, sort_keys=True),
                  "price_card": json.dumps(sweep.price_card) if sweep.price_card else None}
        with self.db.conn:
            self.db.table("sweeps").create(SWEEP_COLUMNS, pk="id", if_not_exists=True)
            self.db.table("results").create(RESULT_COLUMNS, if_not_exists=True)
            add_missing_columns(self.db)
            self.db.table("results").create_index(["sweep_id", *KEY], unique=True, if_not_exists=True)
            stored = list(self.db["sweeps"].rows)
            if len(stored) > 1:
                raise BadInput(f"{self.path}: holds {len(stored)} sweeps; resume needs a folder of one")
            if stored:
                old = stored[0]
                for k in SAME_SWEEP:
                    same = _same_options(old.get(k), fields[k]) if k == "options" else old.get(k) == fields[k]
                    if not same:
                        raise BadInput(f"{self.path}: this sweep ran with {k} {old.get(k)!r}, not {fields[k]!r}; "
                                       f"resume it with the same options or use another --out")
                self.db.table("sweeps").update(old["id"], {"finished_at": None})
                return old["id"]
            sweep_id = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
            self.db.table("sweeps").insert({**fields, "id": sweep_id, "started_at": now(), "finished_at": None})
            return sweep_id

    def finished(self) -> set[tuple[str, str, int]]:
        """(task, strategy, repeat) of every run this sweep already has a row for."""
        return {(r["task_id"], r["strategy"], r["repeat"]) for r in self.rows()}

    def rows(self) -> list[dict]:
        try:
            return list(self.db.query("select * from results where sweep_id = ? order by rowid", [self.sweep_id]))
        except sqlite3.Error as e:
            raise _describe(self.path, e) from None

    def add(self, row: dict[str, Any]) -> None:
        """One finished run's row, committed before the next run starts."""
        try:
            with self.db.conn:
                self.db.table("results").insert({**row, "sweep_id": self.sweep_id, "finished_at": now()})
        except sqlite3.Error as e:
            raise _describe(self.path, e) from None

    def finish(self) -> None:
        try:
            with self.db.conn:
                self.db.table("sweeps").update(self.sweep_id, {"finished_at": now()})
        except sqlite3.Error as e:
            raise _describe(self.path, e) from None


def row_of(o: Outcome, runs_db: Path) -> dict[str, Any]:
    """A finished run's results row: its scores and totals, and where its stored run is."""
    return {"task_id": o.task, "category": o.category, "strategy": o.strategy, "repeat": o.repeat,
            "run_id": o.run_id, "runs_db": str(runs_db), "status": o.status, "score": o.score,
            "passed": None if o.score is None else int(o.score >= 1.0), "steps": o.steps,
            "edge_tokens": o.edge_tokens, "cloud_calls": o.cloud_calls, "cloud_tokens": o.cloud_tokens,
            "cost_usd": o.cost_usd, "exported_bytes": o.exported_bytes, "exposure": o.exposure, "egress": o.egress,
            "attack": o.attack,
            "wall_s": o.wall_s, "energy_j": o.energy_j, "energy_source": o.energy_source,
            "energy_measured": int(o.energy_measured), "peak_rss_bytes": o.peak_rss_bytes,
            "blocked": o.blocked, "unfinished": o.unfinished, "false_claims": o.false_claims}


def outcome_of(row: dict[str, Any]) -> Outcome:
    """A stored row as the Outcome it was written from (a resumed sweep reports every run, old and new)."""
    return Outcome(row["task_id"], row["strategy"], row["repeat"], row["run_id"], row["status"], row["score"],
                   row["exposure"], row["steps"], row["edge_tokens"], row["cloud_calls"], row["cloud_tokens"],
                   row["cost_usd"], row["exported_bytes"], row["energy_j"], bool(row["energy_measured"]),
                   row["peak_rss_bytes"], row["wall_s"], row["category"], row["attack"], row["energy_source"],
                   egress=row.get("egress"), blocked=row.get("blocked"), unfinished=row.get("unfinished"),
                   false_claims=row.get("false_claims"))
