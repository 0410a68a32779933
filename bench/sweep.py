"""`edgeagent bench run`: a sweep of (task, strategy, repeat) runs against one edge model and one cloud.

Each run is an ordinary stored run, set up like a user's (launch.plan_run); its row goes into the sweep's
results.db the moment it is scored, so a resumed sweep redoes nothing that finished."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from edgeagent import __version__, paths, render
from edgeagent.agent import launch
from edgeagent.agent.strategies import STRATEGIES
from edgeagent.backends.base import Sampling
from edgeagent.bench import bundle, runner
from edgeagent.bench.plan import Item, refuse_oracle
from edgeagent.bench.results_db import FILE, Results, Sweep, outcome_of, row_of
from edgeagent.bench.task import Task
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.models import prepared as model_registry
from edgeagent.store.runs import Store


@dataclass(frozen=True)
class SweepOptions:
    model: str
    cloud: str | None
    device: str
    backend: str
    repeats: int
    max_steps: int | None
    overrides: tuple[str, ...]
    shard: str | None
    temperature: float = 0.0  # 0: greedy, every repeat alike
    seed: int = 0  # repeat r samples with seed + r

    def sampling(self, repeat: int) -> Sampling:
        return Sampling(self.temperature, self.seed + repeat)


def out_folder(out: Path | None, resume: Path | None) -> Path:
    """--resume DIR (which must hold a sweep), else --out DIR (a sweep already there is resumed), else a new
    folder under the data dir."""
    if resume is not None:
        if not (resume / FILE).is_file():
            raise BadInput(f"--resume {resume}: no {FILE} there; give the --out folder of an earlier sweep")
        if out is not None and out.resolve() != resume.resolve():
            raise BadInput("--out and --resume name different folders; give one")
        return resume
    if out is not None:
        return out
    base = paths.home() / "bench" / time.strftime("%Y%m%d-%H%M%S")
    fresh, n = base, 1
    while fresh.exists():  # two sweeps started within a second must not resume each other
        n += 1
        fresh = base.with_name(f"{base.name}-{n}")
    return fresh


@contextmanager
def _cloud(spec: str | None, tasks: Sequence[Task], overrides: Sequence[str] = ()) -> Iterator:
    """The sweep's cloud (a stand-in for `oracle` and `local:MODEL`), running for the block; None for none."""
    if spec is None:
        yield None
        return
    from edgeagent.bench import clouds  # starts servers only when asked for

    with clouds.start(spec, tasks, overrides=overrides) as stand_in:  # --set bench.price_card
        yield stand_in


def _driver(store: Store, backend) -> Callable[[str], None]:
    def drive(run_id: str) -> None:
        agent, _ = launch.agent_for(store, store.get_run(run_id), backend)
        try:
            agent.run(run_id)
        except KeyboardInterrupt:
            store.update_run(run_id, status="interrupted", error="interrupted by the user; the sweep resumes it anew")
            raise
        except EdgeAgentError as e:
            store.update_run(run_id, status="error", error=str(e))
        finally:
            agent.metering.close()
    return drive


def split_tasks(tasks: Sequence[Task], split: str | None) -> list[Task]:
    """The tasks of one split (dev or test); a task with no split is in neither."""
    if split is None:
        return list(tasks)
    kept = [t for t in tasks if t.split == split]
    if not kept:
        raise BadInput(f"--split {split}: no task among those selected has split = \"{split}\"")
    return kept


class Recorder:
    """Each finished run's audit trail: its bundle beside results.db and the row fields that name it."""

    def __init__(self, store: Store, out: Path, tasks: Sequence[Task], opts: SweepOptions) -> None:
        self.store, self.out, self.opts = store, out, opts
        self.tasks = {t.id: t for t in tasks}
        self._seeds: dict[str, dict[str, str]] = {}  # task id -> hashes of a fresh seed copy, made once

    def fields(self, o: runner.Outcome) -> dict:
        run = self.store.get_run(o.run_id)
        if o.task not in self._seeds:
            self._seeds[o.task] = bundle.seed_hashes(self.tasks[o.task])
        sampled = self.opts.temperature > 0
        sampling = {"temperature": self.opts.temperature, "seed": self.opts.seed + o.repeat} if sampled else None
        made = bundle.build(o.task, o.strategy, o.repeat, run, self.store.steps(o.run_id), Path(run["workspace"]),
                            self._seeds[o.task], sampling)
        rel, digest = bundle.write(self.out, made)
        changes = {k: made["workspace"][k] for k in ("changed", "added", "deleted")}
        return {"answer": run.get("answer"), "bundle": rel, "bundle_sha256": digest,
                "workspace_changes": json.dumps(changes),
                "temperature": self.opts.temperature, "seed": self.opts.seed + o.repeat if sampled else None}


def _with_repeats(report: dict, outcomes: Sequence[runner.Outcome]) -> dict:
    """Each strategy's row with pass^k and its intervals (over tasks and over repeats), as `bench report` gives them."""
    from edgeagent.bench.report import utility

    for row in report["strategies"]:
        rows = [{"task_id": o.task, "repeat": o.repeat, "score": o.score,
                 "passed": None if o.score is None else int(o.score >= 1.0)}
                for o in outcomes if o.strategy == row["strategy"]]
        u = utility(rows)
        row.update({k: u[k] for k in ("k", "pass_k", "ci_pass_k", "ci_tasks", "ci_repeats")})
    return report


def _utility(outcomes: Sequence[runner.Outcome]) -> float | None:
    scores = [o.score for o in outcomes if o.score is not None]
    return statistics.fmean(scores) if scores else None


def sweep(tasks: Sequence[Task], names: Sequence[str], planned: Sequence[Item], opts: SweepOptions, out: Path,
          *, quiet: bool, stage: Callable[[str], None]) -> dict:
    """Run what `planned` holds that `out` has no row for yet; the report covers every planned run."""
    started = time.perf_counter()
    refuse_oracle(opts.cloud, names)  # before any checker loads or stand-in starts
    checks = {t.id: runner.load_checker(t) for t in tasks}  # a broken checker fails before any run
    attacks = {t.id: runner.load_attack(t) for t in tasks}
    seed = tasks[0].workspace or Path.cwd()
    # A stand-in (a served local model) is started only when some strategy will call it.
    needed = any(STRATEGIES[s].uses_cloud for s in names)
    with _cloud(opts.cloud if needed else None, tasks, opts.overrides) as cloud:
        target = cloud.target if cloud is not None else None
        overrides = (*cloud.call_limits, *opts.overrides) if cloud is not None else opts.overrides
        plans = {s: launch.plan_run(s, seed, cloud=target, overrides=overrides, device=opts.device,
                                    backend=opts.backend, model=opts.model) for s in names}
        first = plans[names[0]]
        loaded = model_registry.load_backend(opts.model, stage=stage, backend=first.backend,
                                             options=first.backend_options)
        store = Store(paths.db_path())
        label = cloud.label if cloud else opts.cloud
        results = Results(out, Sweep(sys.argv[1:], opts.model, loaded.name, label,
                                     cloud.price_card if cloud else None, first.settings["device"], opts.shard,
                                     __version__, {"set": list(opts.overrides), "max_steps": opts.max_steps,
                                                   "temperature": opts.temperature, "seed": opts.seed}))
        recorder = Recorder(store, out, tasks, opts)
        wanted = {i.key for i in planned}
        outcomes = [outcome_of(r) for r in results.rows() if (r["task_id"], r["strategy"], r["repeat"]) in wanted]
        done = {(o.task, o.strategy, o.repeat) for o in outcomes}
        todo = [i for i in planned if i.key not in done]

        def start(item: Item) -> None:
            bar.running(item.task.id, item.strategy)
            if opts.temperature > 0:  # greedy leaves the backend as it is (its KV cache too)
                loaded.set_sampling(opts.sampling(item.repeat))

        with render.sweep_progress(len(planned), len(planned) - len(todo), quiet) as bar:
            bar.totals(_utility(outcomes), sum(o.cost_usd for o in outcomes))  # a resumed sweep's so far
            runs = runner.run_items(store, loaded, todo, plans, checks, attacks, workdir=out / "workspaces",
                                       max_steps=opts.max_steps, drive=_driver(store, loaded),
                                       target_for=cloud.target_for if cloud else None,
                                       on_start=start)
            for o in runs:
                results.add({**row_of(o, store.path), **recorder.fields(o)})
                outcomes.append(o)
                bar.finished(_utility(outcomes), sum(o.cost_usd for o in outcomes))
        results.finish()
    order = {key: n for n, key in enumerate(i.key for i in planned)}
    outcomes.sort(key=lambda o: order[(o.task, o.strategy, o.repeat)])
    report = {**_with_repeats(runner.report(outcomes), outcomes), "model": opts.model, "tasks": len(tasks),
              "repeats": opts.repeats, "temperature": opts.temperature, "seed": opts.seed,
              "device": first.settings["device"],
              "cloud": label, "shard": opts.shard, "workdir": str(out),
              "results": str(results.path), "sweep_id": results.sweep_id, "resumed": len(planned) - len(todo),
              "sweep_wall_s": time.perf_counter() - started}
    (out / "report.json").write_text(json.dumps(report, indent=1))
    return report
