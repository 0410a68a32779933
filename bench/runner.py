"""`edgeagent bench`: tasks × strategies on fresh workspace copies, each scored and compared.

Utility comes from a task's own `check.py`; exposure is the weighted share of the task's sensitive
values found in anything that left the device (the export ledger), egress the share the agent mailed out or
wrote where outsiders read (bench/exposure.py). The sensitive values are read here, after the run, and never
reach the exporter."""

from __future__ import annotations

import importlib.util
import json
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType

from edgeagent.bench.exposure import exposure, run_egress
from edgeagent.bench.task import Task
from edgeagent.errors import BadInput, EdgeAgentError


def checker_module(task: Task) -> ModuleType:
    """The task's check.py, loaded; an error in it is a one-line error naming the file."""
    spec = importlib.util.spec_from_file_location(f"edgeagent_check_{task.id}", task.checker)
    assert spec is not None and spec.loader is not None  # a path ending in .py always has a source loader
    module: ModuleType = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001 -- any error in a task's own code is bad input, not a crash
        raise BadInput(f"{task.checker}: cannot load ({type(e).__name__}: {e})") from None
    return module


def load_checker(task: Task) -> Callable[[Path, str | None], float] | None:
    """The task's `check(workspace, answer)`; a broken check.py is a one-line error naming it."""
    if task.checker is None:
        return None
    check = getattr(checker_module(task), "check", None)
    if not callable(check):
        raise BadInput(f"{task.checker}: defines no check(workspace, answer) function")
    return check


def load_attack(task: Task) -> Callable[[Path, str | None, list[str]], bool] | None:
    """check.py's `attack(workspace, answer, ledger)` for a task with [[injection]]; None for the others."""
    if task.checker is None or not task.injections:
        return None
    attack = getattr(checker_module(task), "attack", None)
    if not callable(attack):
        raise BadInput(f"{task.checker}: the task has [[injection]] but defines no attack(workspace, answer, ledger)")
    return attack


def attacked(task: Task, attack: Callable | None, workspace: Path, answer: str | None, ledger: list[str]
             ) -> int | None:
    """1 when the injection worked (from final state and the payloads that left), 0 when not, None: no injection."""
    if attack is None:
        return None
    try:
        return int(bool(attack(workspace, answer, ledger)))
    except Exception as e:  # noqa: BLE001 -- as with check(): a checker bug stops the bench with its name
        raise EdgeAgentError(f"{task.checker}: attack failed ({type(e).__name__}: {e})") from None


def score(task: Task, check: Callable[[Path, str | None], float] | None, workspace: Path,
          answer: str | None) -> float | None:
    if check is None:
        return None
    try:
        value = float(check(workspace, answer))
    except Exception as e:  # noqa: BLE001 -- a checker bug stops the bench with its name, not skewed scores
        raise EdgeAgentError(f"{task.checker}: check failed ({type(e).__name__}: {e})") from None
    if not 0.0 <= value <= 1.0:
        raise EdgeAgentError(f"{task.checker}: check returned {value}, expected a score from 0 to 1")
    return value


@dataclass
class Outcome:
    task: str
    strategy: str
    repeat: int
    run_id: str
    status: str
    score: float | None
    exposure: float | None
    steps: int
    edge_tokens: int
    cloud_calls: int
    cloud_tokens: int
    cost_usd: float
    exported_bytes: int
    energy_j: float
    energy_measured: bool
    peak_rss_bytes: int
    wall_s: float
    category: str | None = None
    attack: int | None = None  # 1: the task's injected instruction worked; None: the task has none
    energy_source: str | None = None
    egress: float | None = None  # weighted share of sensitive units mailed out or written to a shared place
    # How the run ended beyond its status (agent/claims.py): a `blocked:` answer, what the task asked for and
    # never got, the answer's claims no step backs. None: stored before these were recorded.
    blocked: int | None = None
    unfinished: int | None = None
    false_claims: int | None = None


def outcome(store, task: Task, strategy: str, repeat: int, run_id: str, workspace: Path,
            check: Callable | None, wall_s: float, attack: Callable | None = None) -> Outcome:
    """Score one finished run from its stored rows."""
    run, totals, ledger = store.get_run(run_id), store.totals(run_id), store.left_payloads(run_id)
    return Outcome(
        task.id, strategy, repeat, run_id, run["status"], score(task, check, workspace, run["answer"]),
        exposure(task.sensitive, ledger), totals["steps"], totals["edge_tokens"],
        totals["cloud_calls"], totals["cloud_tokens"], totals["cloud_cost_usd"], totals["exported_bytes"],
        run.get("energy_j") or 0.0, bool(run.get("energy_measured")), run.get("peak_rss_bytes") or 0, wall_s,
        task.category, attacked(task, attack, workspace, run["answer"], ledger), run.get("energy_source"),
        run_egress(task, workspace), *ending(run))


def ending(run: dict) -> tuple[int, int, int]:
    """(blocked, unfinished, false claims) of a stored run, as counts."""
    return (int(bool(run.get("blocked"))), int(bool(run.get("open_deliverables"))),
            len(json.loads(run.get("false_claims") or "[]")))


def summarise(outcomes: Sequence[Outcome]) -> list[dict]:
    """One row per strategy, in the order the strategies were given."""
    rows = []
    for strategy in dict.fromkeys(o.strategy for o in outcomes):
        os_ = [o for o in outcomes if o.strategy == strategy]
        scores = [o.score for o in os_ if o.score is not None]
        exp = [o.exposure for o in os_ if o.exposure is not None]
        egress = [o.egress for o in os_ if o.egress is not None]

        def mean(xs: list[float]) -> float:
            return statistics.fmean(xs) if xs else 0.0

        rows.append({
            "strategy": strategy, "runs": len(os_), "done": sum(o.status == "done" for o in os_) / len(os_),
            "score": mean(scores) if scores else None, "pass_rate": mean([s >= 1.0 for s in scores]) if scores else None,
            "exposure": mean(exp) if exp else None, "egress": mean(egress) if egress else None,
            "steps": mean([o.steps for o in os_]),
            "edge_tokens": mean([o.edge_tokens for o in os_]), "cloud_calls": mean([o.cloud_calls for o in os_]),
            "cloud_tokens": mean([o.cloud_tokens for o in os_]), "cost_usd": sum(o.cost_usd for o in os_),
            "exported_bytes": mean([o.exported_bytes for o in os_]), "joules_per_task": mean([o.energy_j for o in os_]),
            "energy_measured": all(o.energy_measured for o in os_),
            "peak_rss_bytes": max(o.peak_rss_bytes for o in os_), "wall_s": mean([o.wall_s for o in os_]),
        })
    return rows


def with_tools(settings: dict, tools: Sequence[str] | None) -> dict:
    """A run's settings holding the task's tool list, so the run and its resume get exactly those tools."""
    if not tools:
        return settings
    stored = json.loads(settings.get("settings") or "{}")
    return {**settings, "settings": json.dumps({**stored, "tools": list(tools)}, sort_keys=True)}


def run_items(store, backend, items: Iterable, plans: dict, checks: dict, attacks: dict, *, workdir: Path,
              max_steps: int | None, drive: Callable[[str], None],
              target_for: Callable[[Task], str] | None = None, on_start: Callable = lambda item: None
              ) -> Iterator[Outcome]:
    """Each planned (task, strategy, repeat) on a fresh copy of its seed workspace, scored as it finishes.

    `target_for` gives the cloud target for one task's runs (a stand-in replaying that task's reference)."""
    for item in items:
        on_start(item)
        task, strategy, rep = item.task, item.strategy, item.repeat
        settings = with_tools(plans[strategy].settings, task.tools)
        if settings.get("cloud") and target_for is not None:
            settings = {**settings, "cloud": target_for(task)}
        ws = task.seed_into(workdir / strategy / task.id / str(rep))
        run_id = store.create_run(task=task.prompt, workspace=str(ws), strategy=strategy,
                                  model=backend.model_name, backend=backend.name,
                                  max_steps=min(task.max_steps, max_steps or task.max_steps), **settings)
        t0 = time.perf_counter()
        drive(run_id)
        yield outcome(store, task, strategy, rep, run_id, ws, checks[task.id], time.perf_counter() - t0,
                      attacks.get(task.id))


def report(outcomes: Sequence[Outcome]) -> dict:
    return {"strategies": summarise(outcomes), "runs": [asdict(o) for o in outcomes]}
