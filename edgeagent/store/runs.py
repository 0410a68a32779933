"""The local SQLite store: runs, append-only steps, model calls and side-effect intents."""

from __future__ import annotations

import functools
import json
import re
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlite_utils.db import Table

from edgeagent.errors import BadInput, RunBusy
from edgeagent.store.dbfile import MIGRATIONS_TABLE, describe, now, open_store

__all__ = ["MIGRATIONS_TABLE", "Store", "now", "storable"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def storable(value: Any) -> Any:
    """A string SQLite can hold: a non-UTF-8 file name's escaped bytes become `\\xff`, other values pass as they are."""
    if not isinstance(value, str) or not _SURROGATE.search(value):
        return value
    # surrogateescape turns byte 0xNN into U+DCNN; anything else is a lone surrogate from elsewhere.
    return _SURROGATE.sub(lambda m: f"\\x{ord(m[0]) - 0xDC00:02x}" if 0xDC80 <= ord(m[0]) <= 0xDCFF
                          else f"\\u{ord(m[0]):04x}", value)


def _pk(table: Table) -> int:
    """The id of the row `table.insert` just wrote (every table here has an integer key)."""
    assert table.last_pk is not None
    return table.last_pk


def _storable_row(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: storable(v) for k, v in fields.items()}


def _guarded(fn: Callable) -> Callable:
    """Any SQLite failure becomes one line naming the file and the cause, never a traceback."""
    @functools.wraps(fn)
    def call(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except (sqlite3.Error, OSError) as e:
            raise describe(self.path, e) from None
    return call


# An export "left" once sent, or while "sending" (the process may have died after the bytes went out);
# "failed" (the cloud was never reached or answered with an error before taking it) and "refused" did not.
LEFT_STATUSES = ("sent", "sending")
_LEFT = "(" + ", ".join(f"'{s}'" for s in LEFT_STATUSES) + ")"

# Run totals as correlated subqueries over `runs r`: cloud calls are those answered, tokens and cost what
# the cloud billed, exported bytes only payloads that left.
_TOTALS = f"""
    (select count(*) from steps s where s.run_id = r.id) as steps,
    (select coalesce(sum(coalesce(prompt_tokens, 0) - coalesce(cached_tokens, 0) + coalesce(completion_tokens, 0)), 0)
       from model_calls m where m.run_id = r.id and m.side = 'edge') as edge_tokens,
    (select count(*) from model_calls m where m.run_id = r.id and m.side = 'cloud' and m.error is null)
       as cloud_calls,
    (select count(*) from model_calls m where m.run_id = r.id and m.side = 'cloud' and m.error is not null)
       as cloud_failures,
    (select coalesce(sum(coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0)), 0)
       from model_calls m where m.run_id = r.id and m.side = 'cloud') as cloud_tokens,
    (select coalesce(sum(cost_usd), 0.0) from model_calls m where m.run_id = r.id and m.side = 'cloud')
       as cloud_cost_usd,
    (select count(*) from exports e where e.run_id = r.id) as exports,
    (select count(*) from exports e where e.run_id = r.id and e.status in {_LEFT}) as exports_left,
    (select coalesce(sum(bytes), 0) from exports e where e.run_id = r.id and e.status in {_LEFT})
       as exported_bytes"""


class Store:
    """One SQLite file in WAL mode; every write commits before the call returns."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.db = open_store(self.path)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE: what is read inside stays true until the commit (other writers wait their turn)."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise describe(self.path, e) from None
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException as e:
            self.db.rollback()
            if isinstance(e, sqlite3.Error):
                raise describe(self.path, e) from None
            raise

    # runs
    def create_run(self, **fields: Any) -> str:
        # Sortable by time, unique enough across processes on one device.
        run_id = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        self.db.table("runs").insert(_storable_row({"id": run_id, "status": "running", "created_at": now(),
                                              "updated_at": now(), **fields}))
        return run_id

    def get_run(self, run_id: str) -> dict:
        rows = list(self.db.query("select * from runs where id = ? or id like ? order by id", [run_id, run_id + "%"]))
        exact = [r for r in rows if r["id"] == run_id]
        if exact:
            return exact[0]
        if len(rows) == 1:
            return rows[0]
        if not rows:
            raise BadInput(f"no run {run_id!r}; `edgeagent runs` lists them")
        raise BadInput(f"run id {run_id!r} is ambiguous ({len(rows)} runs match)")

    def update_run(self, run_id: str, **fields: Any) -> None:
        self.db.table("runs").update(run_id, _storable_row({**fields, "updated_at": now()}))

    def add_run_energy(self, run_id: str, spent: dict) -> None:
        """Add one session's energy and peak memory to the run's totals (a resumed run has several)."""
        run = self.get_run(run_id)
        totals = {**spent, "energy_j": (run.get("energy_j") or 0.0) + spent["energy_j"],
                  "peak_rss_bytes": max(run.get("peak_rss_bytes") or 0, spent["peak_rss_bytes"])}
        if run.get("energy_source") and run["energy_source"] != spent["energy_source"]:
            totals["energy_source"] = f"{run['energy_source']}+{spent['energy_source']}"
        if run.get("energy_measured") is not None:
            totals["energy_measured"] = int(run["energy_measured"] and spent["energy_measured"])
        peaks = json.loads(run.get("memory_peaks") or "{}")
        for key, value in json.loads(spent.get("memory_peaks") or "{}").items():
            peaks[key] = max(peaks.get(key, 0), value)
        totals["memory_peaks"] = json.dumps(peaks) if peaks else None
        self.update_run(run_id, **totals)

    def list_runs(self, limit: int = 50) -> list[dict]:
        return list(self.db.query(f"select r.*, {_TOTALS} from runs r order by r.created_at desc limit ?", [limit]))

    def totals(self, run_id: str) -> dict:
        """The run's totals, the one definition `runs`, `run --json`, `audit` and `bench` all report."""
        rows = list(self.db.query(f"select {_TOTALS} from runs r where r.id = ?", [run_id]))
        if not rows:
            raise BadInput(f"no run {run_id!r}; `edgeagent runs` lists them")
        return rows[0]

    def left_payloads(self, run_id: str) -> list[str]:
        """Every payload that left (or may have left) the device for the run: what exposure and attacks read."""
        return [r["payload"] for r in self.db.query(
            f"select payload from exports where run_id = ? and status in {_LEFT} order by id", [run_id])]

    # steps and model calls
    def steps(self, run_id: str) -> list[dict]:
        rows = self.db.query(
            """select s.*, m.output from steps s left join model_calls m on m.id = s.model_call_id
               where s.run_id = ? order by s.idx""", [run_id])
        return [{**r, "args": json.loads(r["args"]) if r["args"] else None} for r in rows]

    def model_calls(self, run_id: str) -> list[dict]:
        return list(self.db.query("select * from model_calls where run_id = ? order by id", [run_id]))

    def model_call(self, call_id: int) -> dict:
        return self.db.table("model_calls").get(call_id)

    def add_model_call(self, **fields: Any) -> int:
        with self.db.conn:
            return _pk(self.db.table("model_calls").insert(_storable_row({**fields, "created_at": now()})))

    def pending_call(self, run_id: str, step_idx: int) -> dict | None:
        """A model call whose step never became durable (the process died in between)."""
        rows = list(self.db.query(
            "select * from model_calls where run_id = ? and step_idx = ? and side = 'edge' order by id desc limit 1",
            [run_id, step_idx]
        ))
        return rows[0] if rows else None

    def add_step(self, **fields: Any) -> dict:
        # args as ASCII JSON keeps a non-UTF-8 name exact; the observation shows it escaped (see storable).
        row = _storable_row({**fields, "args": json.dumps(fields["args"]) if fields.get("args") is not None else None})
        try:
            with self.db.conn:
                self.db.table("steps").insert(row)
                self.db.table("runs").update(fields["run_id"], {"updated_at": now()})
        except sqlite3.IntegrityError:
            raise RunBusy(f"step {fields['idx']} of run {fields['run_id']} is already stored: another process "
                          "is driving this run") from None
        return {**row, "args": fields.get("args")}

    def add_profile(self, report: dict) -> list[int]:
        """One `profiles` row per measured context length; the whole report is kept as JSON too."""
        common = {k: report[k] for k in ("device", "machine", "power_mode", "model", "backend", "load_s",
                                         "energy_source", "verdict")}
        ids = []
        with self.db.conn:
            for p in report["points"]:
                ids.append(_pk(self.db.table("profiles").insert({
                    **common, "created_at": now(), "provider": report.get("provider", ""),
                    "context_tokens": p["context_tokens"], "ttft_s": p["ttft_s"], "prefill_tps": p["prefill_tps"],
                    "decode_tps": p["decode_tps"], "peak_rss_bytes": p["peak_rss_bytes"],
                    "model_bytes": report["model_memory_bytes"], "joules_per_token": p["joules_per_token"],
                    "energy_measured": int(report["energy_measured"]),
                    "net_joules_per_token": p["net_joules_per_token"], "roofline": p["roofline"],
                    "report": json.dumps(report)})))
        return ids

    # side-effect intents
    def effect(self, run_id: str, step_idx: int, path: str) -> dict | None:
        rows = list(self.db.query(
            "select * from effects where run_id = ? and step_idx = ? and path = ?", [run_id, step_idx, storable(path)]
        ))
        return rows[0] if rows else None

    def add_effect(self, run_id: str, step_idx: int, path: str, before_sha: str | None, after_sha: str) -> None:
        with self.db.conn:
            self.db.table("effects").insert(
                {"run_id": run_id, "step_idx": step_idx, "path": storable(path), "before_sha": before_sha,
                 "after_sha": after_sha, "created_at": now()},
                replace=True,
            )

    def effects(self, run_id: str, from_step: int = 0) -> list[dict]:
        """The run's file changes from step `from_step` on, in the order they were made (for undo)."""
        return list(self.db.query("select * from effects where run_id = ? and step_idx >= ? order by step_idx, path",
                                  [run_id, from_step]))

    # cloud calls, exports and the placeholder registry
    def cloud_cost(self, run_id: str) -> float:
        row = next(self.db.query(
            "select coalesce(sum(cost_usd), 0) as c from model_calls where run_id = ? and side = 'cloud'", [run_id]))
        return float(row["c"])

    def cloud_call(self, run_id: str, step_idx: int) -> dict | None:
        """A cloud answer already received for this step (reused when the step is replayed)."""
        rows = list(self.db.query(
            """select * from model_calls where run_id = ? and step_idx = ? and side = 'cloud' and error is null
               order by id desc limit 1""", [run_id, step_idx]))
        return rows[0] if rows else None

    def answered(self, run_id: str, purpose: str, step_idx: int | None = None) -> dict | None:
        """A cloud answer already received for this purpose (and step), reused when a step is replayed."""
        rows = list(self.db.query(
            """select m.* from model_calls m join exports e on e.id = m.export_id
               where m.run_id = ? and e.purpose = ? and (? is null or m.step_idx = ?) and m.error is null
               order by m.id desc limit 1""", [run_id, purpose, step_idx, step_idx]))
        return rows[0] if rows else None

    def cloud_failed(self, run_id: str, step_idx: int) -> bool:
        """The cloud was asked to execute this step and failed or was refused (so the edge took it)."""
        rows = list(self.db.query(
            """select 1 from exports where run_id = ? and step_idx = ? and purpose = 'execute'
               and status in ('failed', 'refused') limit 1""", [run_id, step_idx]))
        return bool(rows)

    def last_export_id(self, run_id: str, step_idx: int) -> int | None:
        rows = list(self.db.query("select id from exports where run_id = ? and step_idx = ? order by id desc limit 1",
                                  [run_id, step_idx]))
        return rows[0]["id"] if rows else None

    def add_export(self, **fields: Any) -> int:
        with self.db.conn:
            return _pk(self.db.table("exports").insert(_storable_row({**fields, "created_at": now()})))

    def finish_export(self, export_id: int, **fields: Any) -> None:
        with self.db.conn:
            self.db.table("exports").update(export_id, _storable_row({**fields, "finished_at": now()}))

    def exports(self, run_id: str) -> list[dict]:
        return list(self.db.query("select * from exports where run_id = ? order by id", [run_id]))

    def placeholders(self, run_id: str) -> list[tuple[str, str, str]]:
        rows = self.db.query("select placeholder, kind, value from placeholders where run_id = ? order by seq",
                             [run_id])
        return [(r["placeholder"], r["kind"], r["value"]) for r in rows]

    def add_placeholders(self, run_id: str, entries: list[tuple[str, str, str]], start: int) -> None:
        rows = [_storable_row({"run_id": run_id, "seq": start + i, "placeholder": p, "kind": k, "value": v,
                               "created_at": now()})
                for i, (p, k, v) in enumerate(entries)]
        if rows:
            with self.db.conn:
                self.db.table("placeholders").insert_all(rows)


for _name, _fn in list(vars(Store).items()):
    if callable(_fn) and not _name.startswith("_") and _name != "transaction":
        setattr(Store, _name, _guarded(_fn))
