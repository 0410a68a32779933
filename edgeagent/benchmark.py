"""`edgeagent bench`: tasks × strategies on fresh workspace copies, each scored and compared.

Utility comes from a task's own `check.py`; exposure is the weighted share of the task's sensitive
values found in anything that left the device (the export ledger). The sensitive values are read
here, after the run, and never reach the exporter."""

from __future__ import annotations

import importlib.util
import json
import re
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Callable, Sequence

from .errors import BadInput, EdgeAgentError
from .tasks import Sensitive, Task

_SPACE = re.compile(r"\s+")


def _squash(text: str) -> str:
    return _SPACE.sub("", text).casefold()


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def _pattern(value: str) -> re.Pattern:
    """The value as a whole word or phrase, any case, any spacing between its characters."""
    chars = _squash(value)
    return re.compile(r"(?<!\w)" + r"\s*".join(map(re.escape, chars)) + r"(?!\w)")


def exposure(units: Sequence[Sensitive], payloads: Sequence[str]) -> float | None:
    """Weighted share of `units` found in the payloads, ignoring case and spacing (and separators for numbers)."""
    if not units:
        return None
    folded = [p.casefold() for p in payloads]
    digits = [_digits(p) for p in payloads]
    found = 0.0
    for u in units:
        d = _digits(u.value)
        # Digit-only matching only for number-like values long enough not to match by chance.
        numeric = len(d) >= 6 and len(d) >= len(_squash(u.value)) // 2
        pattern = _pattern(u.value)
        if any(pattern.search(p) for p in folded) or (numeric and any(d in p for p in digits)):
            found += u.weight
    return found / sum(u.weight for u in units)


def load_checker(task: Task) -> Callable[[Path, str | None], float] | None:
    """The task's `check(workspace, answer)`; a broken check.py is a one-line error naming it."""
    if task.checker is None:
        return None
    spec = importlib.util.spec_from_file_location(f"edgeagent_check_{task.id}", task.checker)
    module: ModuleType = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # any error in a task's own code is bad input, not a crash
        raise BadInput(f"{task.checker}: cannot load ({type(e).__name__}: {e})") from None
    check = getattr(module, "check", None)
    if not callable(check):
        raise BadInput(f"{task.checker}: defines no check(workspace, answer) function")
    return check


def score(task: Task, check: Callable[[Path, str | None], float] | None, workspace: Path,
          answer: str | None) -> float | None:
    if check is None:
        return None
    try:
        value = float(check(workspace, answer))
    except Exception as e:  # a checker bug stops the bench with its name, rather than skewing the scores
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


def outcome(store, task: Task, strategy: str, repeat: int, run_id: str, workspace: Path,
            check: Callable | None, wall_s: float) -> Outcome:
    """Score one finished run from its stored rows."""
    run, totals = store.get_run(run_id), store.totals(run_id)
    return Outcome(
        task.id, strategy, repeat, run_id, run["status"], score(task, check, workspace, run["answer"]),
        exposure(task.sensitive, store.left_payloads(run_id)), totals["steps"], totals["edge_tokens"],
        totals["cloud_calls"], totals["cloud_tokens"], totals["cloud_cost_usd"], totals["exported_bytes"],
        run.get("energy_j") or 0.0, bool(run.get("energy_measured")), run.get("peak_rss_bytes") or 0, wall_s)


def summarise(outcomes: Sequence[Outcome]) -> list[dict]:
    """One row per strategy, in the order the strategies were given."""
    rows = []
    for strategy in dict.fromkeys(o.strategy for o in outcomes):
        os_ = [o for o in outcomes if o.strategy == strategy]
        scores = [o.score for o in os_ if o.score is not None]
        exp = [o.exposure for o in os_ if o.exposure is not None]

        def mean(xs: list[float]) -> float:
            return statistics.fmean(xs) if xs else 0.0

        rows.append({
            "strategy": strategy, "runs": len(os_), "done": sum(o.status == "done" for o in os_) / len(os_),
            "score": mean(scores) if scores else None, "pass_rate": mean([s >= 1.0 for s in scores]) if scores else None,
            "exposure": mean(exp) if exp else None, "steps": mean([o.steps for o in os_]),
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


def run_all(store, backend, tasks: Sequence[Task], plans: dict, checks: dict, *, workdir: Path, repeats: int,
            max_steps: int | None, drive: Callable[[str], None], on_run: Callable[[str], None] = lambda s: None
            ) -> list[Outcome]:
    """Every task under every planned strategy, `repeats` times, each on a fresh copy of its seed workspace."""
    outcomes = []
    for strategy, plan in plans.items():
        for task in tasks:
            for rep in range(repeats):
                ws = task.seed_into(workdir / strategy / task.id / str(rep))
                run_id = store.create_run(task=task.prompt, workspace=str(ws), strategy=strategy,
                                          model=backend.model_name, backend=backend.name,
                                          max_steps=min(task.max_steps, max_steps or task.max_steps),
                                          **with_tools(plan.settings, task.tools))
                t0 = time.perf_counter()
                drive(run_id)
                outcomes.append(outcome(store, task, strategy, rep, run_id, ws, checks[task.id],
                                        time.perf_counter() - t0))
                on_run(f"{strategy} · {task.id}")
    return outcomes


def report(outcomes: Sequence[Outcome]) -> dict:
    return {"strategies": summarise(outcomes), "runs": [asdict(o) for o in outcomes]}
