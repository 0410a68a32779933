"""`edgeagent bench regrade`: every recorded run of one or more sweeps re-scored with today's checkers.

A run is rebuilt from its bundle (bench/bundle.py): the task's workspace seeded fresh, the stored changed,
added and deleted files applied, then check.py scores the stored answer through the same path `bench run`
uses (runner.score). A sweep recorded before bundles existed is re-graded from the final workspace it kept
(`workspaces/<strategy>/<task>/<repeat>`) and the answer in its run store, where both are still there.
Problems with one run (its task is gone, its bundle is altered) are reported for that run, not raised."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import sqlite_utils

from edgeagent.bench import bundle, runner
from edgeagent.bench.results_db import FILE, add_missing_columns
from edgeagent.bench.task import Task, load_tasks
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.store.dbfile import now


@dataclass
class Regraded:
    """One recorded run: its score then and now, or why it could not be re-graded."""

    results: str  # the results.db it is in
    rowid: int
    task_id: str
    strategy: str
    repeat: int
    old_score: float | None
    new_score: float | None = None
    source: str | None = None  # "bundle", or "workspace" for a sweep recorded before bundles
    drift: list[str] | None = None  # files whose rebuilt hash differs from the recorded one (the seed changed)
    error: str | None = None

    @property
    def changed(self) -> bool:
        return self.error is None and self.new_score != self.old_score

    def to_dict(self) -> dict:
        return {**asdict(self), "changed": self.changed}


def results_file(path: Path) -> Path:
    """RESULTS as given: a sweep folder holding results.db, or the file itself."""
    file = path / FILE if path.is_dir() else path
    if not file.is_file():
        raise BadInput(f"{path}: no {FILE} there; give a folder that `bench run --out` wrote")
    return file


def _open(file: Path, write: bool) -> sqlite_utils.Database:
    try:
        if write:
            db = sqlite_utils.Database(file)
        else:  # looking changes nothing, not even the file's WAL state
            db = sqlite_utils.Database(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True))
        if "results" not in db.table_names():
            raise BadInput(f"{file}: not a bench results database (no `results` table)")
        if write:
            with db.conn:
                add_missing_columns(db)
        return db
    except sqlite3.DatabaseError as e:
        raise BadInput(f"{file}: not a bench results database ({e})") from None


class Grader:
    """Tasks by id from one suite, each checker loaded once."""

    def __init__(self, suite: Sequence[Path]) -> None:
        self.suite = ", ".join(map(str, suite))
        self.tasks: dict[str, Task] = {t.id: t for t in load_tasks(suite)}
        self._checks: dict[str, Callable | None] = {}

    def task(self, task_id: str) -> Task:
        if task_id not in self.tasks:
            raise BadInput(f"task {task_id} no longer exists in {self.suite}")
        return self.tasks[task_id]

    def check(self, task: Task) -> Callable | None:
        if task.id not in self._checks:
            self._checks[task.id] = runner.load_checker(task)
        return self._checks[task.id]


def _stored_run(folder: Path, row: dict) -> dict:
    """The run's store row, from the runs database it names or a runs.db kept beside results.db."""
    for candidate in (Path(row["runs_db"]) if row.get("runs_db") else None, folder / "runs.db"):
        if candidate is None or not candidate.is_file():
            continue
        db = sqlite3.connect(f"{candidate.resolve().as_uri()}?mode=ro", uri=True)
        db.row_factory = sqlite3.Row
        try:
            found = db.execute("select * from runs where id = ?", [row["run_id"]]).fetchone()
        except sqlite3.DatabaseError:
            found = None
        finally:
            db.close()
        if found is not None:
            return dict(found)
    raise BadInput(f"no bundle recorded and run {row['run_id']} is in no runs database that is still there")


def _rebuild(folder: Path, row: dict, task: Task, dest: Path) -> tuple[str | None, str, list[str]]:
    """The run's final workspace at `dest` and its answer: (answer, source, drifted paths)."""
    if row.get("bundle"):
        stored = bundle.read(folder, row["bundle"], row.get("bundle_sha256"))
        task.seed_into(dest)
        return stored["answer"], "bundle", bundle.apply(stored, dest)
    kept = folder / "workspaces" / row["strategy"] / row["task_id"] / str(row["repeat"])
    if not kept.is_dir():
        raise BadInput(f"no bundle recorded and its final workspace {kept} is gone")
    answer = row["answer"] if row.get("answer") is not None else _stored_run(folder, row).get("answer")
    shutil.copytree(kept, dest, symlinks=True)
    return answer, "workspace", []


def regrade_row(grader: Grader, folder: Path, file: Path, row: dict) -> Regraded:
    out = Regraded(str(file), row["rowid"], row["task_id"], row["strategy"], row["repeat"], row["score"])
    try:
        task = grader.task(row["task_id"])
        check = grader.check(task)
        with tempfile.TemporaryDirectory(prefix="edgeagent-regrade-") as tmp:
            answer, out.source, drift = _rebuild(folder, row, task, Path(tmp) / "ws")
            out.drift = drift or None
            out.new_score = runner.score(task, check, Path(tmp) / "ws", answer)
    except EdgeAgentError as e:  # BadInput included: one run's problem, reported on its line
        out.error = str(e)
    return out


class Regrade:
    """Every run the results files hold, opened and counted (so a progress bar knows its length), then re-scored;
    with `write`, the new scores are stored and the score each run was first given is kept."""

    def __init__(self, paths: Sequence[Path], suite: Sequence[Path], *, write: bool = False) -> None:
        files = [results_file(Path(p)) for p in paths]  # every argument checked before any work
        self.write = write
        self.grader = Grader(suite)
        self.plan: list[tuple[Path, sqlite_utils.Database, list[dict]]] = []
        try:
            for file in files:
                db = _open(file, write)
                self.plan.append((file, db, _rows(file, db)))
        except BadInput:
            self.close()
            raise
        self.total = sum(len(rows) for _, _, rows in self.plan)

    def run(self, on_run: Callable[[str], None] = lambda label: None) -> list[Regraded]:
        done: list[Regraded] = []
        try:
            for file, db, rows in self.plan:
                for row in rows:
                    result = regrade_row(self.grader, file.parent, file, row)
                    done.append(result)
                    if self.write and result.error is None:
                        _store(db, row, result)
                    on_run(f"{row['task_id']} · {row['strategy']} · {row['repeat']}")
        finally:
            self.close()
        return done

    def close(self) -> None:
        for _, db, _ in self.plan:
            db.conn.close()


def _rows(file: Path, db: sqlite_utils.Database) -> list[dict]:
    try:
        return list(db.query("select rowid, * from results order by rowid"))
    except sqlite3.DatabaseError as e:
        raise BadInput(f"{file}: cannot read the results ({e})") from None


def regrade(paths: Sequence[Path], suite: Sequence[Path], *, write: bool = False) -> list[Regraded]:
    return Regrade(paths, suite, write=write).run()


def _store(db: sqlite_utils.Database, row: dict, r: Regraded) -> None:
    """The new score and pass, the score the run was first given kept in first_score."""
    first = row["first_score"] if row.get("first_score") is not None else row["score"]
    with db.conn:
        db.execute("update results set score = ?, passed = ?, first_score = ?, regraded_at = ? where rowid = ?",
                   [r.new_score, None if r.new_score is None else int(r.new_score >= 1.0), first, now(), r.rowid])


def summary(done: Sequence[Regraded]) -> dict:
    ok = [r for r in done if r.error is None]
    up = sum(1 for r in ok if r.changed and (r.new_score or 0) > (r.old_score or 0))
    return {"total": len(done), "regraded": len(ok), "changed": sum(r.changed for r in ok), "up": up,
            "down": sum(r.changed for r in ok) - up, "errors": len(done) - len(ok),
            "drifted": sum(1 for r in ok if r.drift)}
