"""Named, ordered schema migrations; the list only ever grows."""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils

MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = []


def migration(fn: Callable[[sqlite_utils.Database], None]) -> Callable[[sqlite_utils.Database], None]:
    MIGRATIONS.append((fn.__name__, fn))
    return fn


@migration
def m001_runs_steps_calls(db: sqlite_utils.Database) -> None:
    db.table("runs").create(
        {
            "id": str, "task": str, "workspace": str, "strategy": str, "model": str,
            "backend": str, "max_steps": int, "status": str, "answer": str, "error": str,
            "owner": str, "created_at": str, "updated_at": str, "finished_at": str,
        },
        pk="id",
    )
    db.table("model_calls").create(
        {
            "id": int, "run_id": str, "step_idx": int, "side": str, "backend": str, "model": str,
            "output": str, "finish_reason": str, "prompt_tokens": int, "cached_tokens": int,
            "completion_tokens": int, "ttft_s": float, "prefill_tps": float, "decode_tps": float,
            "prefill_s": float, "decode_s": float, "duration_s": float, "created_at": str,
        },
        pk="id",
        foreign_keys=[("run_id", "runs", "id")],
    )
    db.table("model_calls").create_index(["run_id", "step_idx"])
    db.table("steps").create(
        {
            "id": int, "run_id": str, "idx": int, "actor": str, "reason": str, "model_call_id": int,
            "tool": str, "args": str, "ok": int, "observation": str, "started_at": str,
            "duration_s": float, "model_s": float, "tool_s": float,
        },
        pk="id",
        foreign_keys=[("run_id", "runs", "id"), ("model_call_id", "model_calls", "id")],
    )
    db.table("steps").create_index(["run_id", "idx"], unique=True)
    # A side effect is recorded before it is applied, so a replay after a crash can tell it already happened.
    db.table("effects").create(
        {"run_id": str, "step_idx": int, "path": str, "before_sha": str, "after_sha": str, "created_at": str},
        pk=("run_id", "step_idx", "path"),
    )


@migration
def m002_cloud_and_exports(db: sqlite_utils.Database) -> None:
    for name, kind in [("cloud", str), ("export_mode", str), ("budget_usd", float), ("secrets_file", str)]:
        db.table("runs").add_column(name, kind)
    for name, kind in [("cost_usd", float), ("cache_read_tokens", int), ("cache_write_tokens", int),
                       ("export_id", int), ("error", str)]:
        db.table("model_calls").add_column(name, kind)
    # One row per payload that left, or was refused; the payload text stays on the device for audit.
    db.table("exports").create(
        {
            "id": int, "run_id": str, "step_idx": int, "purpose": str, "destination": str, "mode": str,
            "status": str, "reason": str, "sha256": str, "bytes": int, "tokens": int, "placeholders": str,
            "payload": str, "created_at": str, "finished_at": str,
        },
        pk="id",
        foreign_keys=[("run_id", "runs", "id")],
    )
    db.table("exports").create_index(["run_id", "step_idx"])
    # The per-run placeholder registry, append-only, so the same value keeps its placeholder after resume.
    db.table("placeholders").create(
        {"run_id": str, "seq": int, "placeholder": str, "kind": str, "value": str, "created_at": str},
        pk=("run_id", "seq"),
    )


@migration
def m003_strategies(db: sqlite_utils.Database) -> None:
    # The effective strategy settings (JSON) and sketch's plan live on the run, so resume uses the same ones.
    db.table("runs").add_column("settings", str)
    db.table("runs").add_column("plan", str)
    # The export a step caused, if any (a cloud-executed step, an ask_cloud, or a fallback's refused export).
    db.table("steps").add_column("export_id", int)


@migration
def m004_routing(db: sqlite_utils.Database) -> None:
    # How unsure the edge was of each action (the step router's input), and the task router's verdict.
    db.table("model_calls").add_column("first_entropy", float)
    db.table("model_calls").add_column("mean_logprob", float)
    db.table("runs").add_column("route", str)


@migration
def m005_energy_and_memory(db: sqlite_utils.Database) -> None:
    # Device cost of every model call, step and run, with where the number came from (measured or estimated).
    for table in ("model_calls", "steps", "runs"):
        for name, kind in [("energy_j", float), ("energy_source", str), ("energy_measured", int),
                           ("peak_rss_bytes", int)]:
            db.table(table).add_column(name, kind)
    db.table("runs").add_column("device", str)
    db.table("runs").add_column("power_mode", str)
    # `edgeagent profile` results, one row per (model, backend, context length) measurement, comparable across devices.
    db.table("profiles").create(
        {
            "id": int, "created_at": str, "device": str, "machine": str, "power_mode": str, "model": str,
            "backend": str, "provider": str, "context_tokens": int, "load_s": float, "ttft_s": float,
            "prefill_tps": float, "decode_tps": float, "peak_rss_bytes": int, "model_bytes": int,
            "joules_per_token": float, "energy_source": str, "energy_measured": int, "net_joules_per_token": float,
            "roofline": float, "verdict": str, "report": str,
        },
        pk="id",
    )


@migration
def m006_memory_peaks(db: sqlite_utils.Database) -> None:
    # Memory figures beyond RSS, as JSON: NVML GPU memory used, Jetson NvMap, a backend's own peak (MLX).
    for table in ("model_calls", "steps", "runs"):
        db.table(table).add_column("memory_peaks", str)


@migration
def m007_workspace_overview(db: sqlite_utils.Database) -> None:
    # What the workspace held when the run started, as the edge model is told it (tools/overview.py).
    db.table("runs").add_column("overview", str)


@migration
def m008_honest_endings(db: sqlite_utils.Database) -> None:
    # How a run ended beyond its status (agent/deliverables.py, agent/claims.py): the reason a `blocked:` finish
    # gave, the answer's claims no step backs (JSON list), and what the task asked for that was never made.
    for name in ("blocked", "false_claims", "open_deliverables"):
        db.table("runs").add_column(name, str)


@migration
def m009_implied_deliverables(db: sqlite_utils.Database) -> None:
    # The edge model's reading of what a task asks for without naming it (agent/implied.py), as JSON; "" none.
    db.table("runs").add_column("implied", str)
