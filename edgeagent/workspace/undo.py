"""`edgeagent undo`: put back the files a run changed, from the effects ledger and the kept snapshots.

Each file is checked first: it must still hold what the run left there (or already what it held before);
otherwise nothing at all is changed. A file the run created is removed; one it changed gets its old content."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from edgeagent.errors import BadInput, UndoRefused
from edgeagent.store.runs import Store
from edgeagent.workspace.safeopen import (
    NotFound,
    open_regular,
    open_regular_at,
    parent_dir,
    remove_file,
    replace_file,
    sha256_stream,
)
from edgeagent.workspace.sandbox import ToolError, resolve
from edgeagent.workspace.snapshots import Snapshots


@dataclass
class Change:
    """What a run did to one file, from its first change in the undone range to its last."""

    path: str
    first_step: int
    last_step: int
    before: str | None  # sha256 before the first change (None: the file did not exist)
    after: str | None  # sha256 after the last change (None: the step deleted it)


def changes(effects: list[dict]) -> list[Change]:
    """One Change per path from the ledger's rows, which come in step order."""
    out: dict[str, Change] = {}
    for e in effects:
        c = out.get(e["path"])
        if c is None:
            out[e["path"]] = Change(e["path"], e["step_idx"], e["step_idx"], e["before_sha"], e["after_sha"])
        else:
            c.last_step, c.after = e["step_idx"], e["after_sha"]
    return list(out.values())


def _current(workspace: Path, target: Path, rel: str) -> str | None:
    """The sha256 of the file there now (None: there is none); never through a link."""
    try:
        with open_regular(workspace, target, rel) as opened:
            return None if opened is None else sha256_stream(opened[0])
    except NotFound:
        return None


def _refuse(run_id: str, why: str) -> UndoRefused:
    return UndoRefused(f"cannot undo run {run_id}: {why}; no file was changed")


def undo(store: Store, run: dict, from_step: int = 0, snapshots: Snapshots | None = None) -> list[str]:
    """Restore the workspace as it was before step `from_step` of `run`; one line per file says what was done."""
    from edgeagent.store.claims import alive

    run_id, workspace = run["id"], Path(run["workspace"])
    if run["status"] == "running" and alive(run.get("owner")):
        raise BadInput(f"run {run_id} is still running; stop it before undoing it")
    steps = len(store.steps(run_id))
    if from_step >= max(steps, 1):
        raise BadInput(f"run {run_id} has no step {from_step} (its steps are 0 to {steps - 1})")
    if not workspace.is_dir():
        raise BadInput(f"the workspace of run {run_id} is gone: {workspace}")
    snapshots = snapshots or Snapshots(store.path.parent / "snapshots")
    plan: list[tuple[Change, Path, bytes | None]] = []
    done: list[str] = []
    for c in changes(store.effects(run_id, from_step)):
        try:
            target = resolve(workspace, c.path)
            now = _current(workspace, target, c.path)
        except (ToolError, OSError) as e:
            raise _refuse(run_id, f"{c.path} cannot be checked ({e})") from None
        if now == c.before:
            done.append(f"{c.path}: already as before step {c.first_step}")
            continue
        if now != c.after:
            raise _refuse(run_id, f"{c.path} changed since the run wrote it (step {c.last_step})")
        old = None if c.before is None else snapshots.get(c.before)
        if c.before is not None and old is None:
            raise _refuse(run_id, f"the content of {c.path} before step {c.first_step} is no longer kept "
                                  f"(snapshots keep the most recently used {snapshots.limit_bytes // 2**20} MB)")
        plan.append((c, target, old))
    for c, target, old in plan:
        done.append(_put_back(run_id, workspace, c, target, old))
    return done


def _put_back(run_id: str, workspace: Path, c: Change, target: Path, old: bytes | None) -> str:
    with parent_dir(workspace, target, create=True) as (dir_fd, name):
        with open_regular_at(dir_fd, name, c.path) as opened:  # checked again where it is written
            now = None if opened is None else sha256_stream(opened[0])
            mode = None if opened is None else opened[1].st_mode
        if now != c.after:
            raise UndoRefused(f"{c.path} changed while run {run_id} was being undone; it was left as it is")
        if old is None:
            remove_file(dir_fd, name)
            return f"removed {c.path} (created at step {c.first_step})"
        replace_file(dir_fd, name, [old], mode)
        return f"restored {c.path} (as before step {c.first_step})"
