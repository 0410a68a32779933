"""Which process drives a run: one owner at a time, claimed atomically, a dead owner's claim taken over."""

from __future__ import annotations

import os

import psutil

from edgeagent.errors import BadInput, RunBusy
from edgeagent.store.runs import Store

ENDED = {"done", "max_steps", "format_error"}


def me(role: str) -> str:
    """This process as an owner: pid and start time (a reused pid is someone else) and what it does."""
    p = psutil.Process()
    return f"{p.pid}:{p.create_time()}:{role}"


def _parts(owner: str) -> tuple[int, str, str]:
    pid, _, rest = owner.partition(":")
    created, _, role = rest.partition(":")
    return int(pid), created, role or "run"


def alive(owner: str | None) -> bool:
    """Whether the owner process still exists (same pid and start time, not a zombie) and is not this one."""
    if not owner:
        return False
    try:
        pid, created, _ = _parts(owner)
        p = psutil.Process(pid)
        return p.pid != os.getpid() and f"{p.create_time()}" == created and p.status() != psutil.STATUS_ZOMBIE
    except (psutil.Error, ValueError):
        return False


def claim(store: Store, run_id: str, max_steps: int | None = None) -> dict:
    """Make this process the run's only driver, or say who is; read and write in one BEGIN IMMEDIATE.

    `max_steps` gives the run a larger budget, stored with it, so a run that stopped at its budget goes on."""
    with store.transaction():
        run = store.get_run(run_id)
        if run["status"] in ENDED and not (max_steps is not None and run["status"] == "max_steps"):
            more = "; `--max-steps N` continues it with a larger budget" if run["status"] == "max_steps" else ""
            raise BadInput(f"run {run['id']} already ended ({run['status']}); nothing to resume{more}")
        budget = {} if max_steps is None else _budget(store, run, max_steps)
        if run["status"] == "running" and alive(run["owner"]):
            pid, _, role = _parts(run["owner"])
            doing = "is being resumed by" if role == "resume" else "is still running in"
            raise RunBusy(f"run {run['id']} {doing} pid {pid}")
        store.update_run(run["id"], status="running", owner=me("resume"), error=None, **budget)
    return store.get_run(run["id"])


def _budget(store: Store, run: dict, max_steps: int) -> dict:
    taken = len(store.steps(run["id"]))
    if max_steps <= taken:
        raise BadInput(f"--max-steps {max_steps} must exceed the {taken} steps run {run['id']} has taken")
    return {"max_steps": max_steps, "finished_at": None}
