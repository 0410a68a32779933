"""Fit the routers' thresholds to a target cloud share from the edge model's own uncertainty on real tasks.

The tasks run edge-only with per-token scores on (stored as ordinary runs, so they can be inspected).
The step router's τ is set so that the wanted share of those steps lies above it; the task router's
threshold so that the wanted share of tasks' probe scores does. Routed runs then differ from the
edge-only trajectories they were fitted on, so the realised share is near the target, not equal to it."""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly, task_score
from edgeagent.agent.uncertainty import uncertainty
from edgeagent.backends.base import Backend
from edgeagent.bench.task import Task
from edgeagent.config import check_field, load_config
from edgeagent.store.runs import Store


def fit_threshold(values: Sequence[float], share: float) -> float:
    """A threshold with round(share × n) of `values` strictly above it (midway between neighbours)."""
    if not values:
        raise ValueError("no values to fit a threshold to")
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"share must be between 0 and 1, got {share}")
    v = sorted(values, reverse=True)
    k = round(share * len(v))
    if k <= 0:
        return v[0]
    if k >= len(v):
        return v[-1] - max(1e-3, abs(v[-1]) * 1e-3)
    mid = (v[k - 1] + v[k]) / 2
    return mid if v[k] < mid < v[k - 1] else v[k]  # neighbours one float apart have no midpoint between them


def share_above(values: Sequence[float], threshold: float) -> float:
    return sum(1 for x in values if x > threshold) / len(values) if values else 0.0


@dataclass
class Calibration:
    strategy: str
    measure: str
    target: float
    threshold: float
    achieved: float
    values: list[float]
    run_ids: list[str]

    def to_dict(self) -> dict:
        v = self.values
        return {"strategy": self.strategy, "measure": self.measure,
                "target_cloud_share": self.target, "threshold": self.threshold, "achieved_share": self.achieved,
                "samples": len(v), "min": min(v), "median": statistics.median(v), "max": max(v),
                "runs": self.run_ids}


def calibrate(store: Store, backend: Backend, tasks: Sequence[Task], *, strategy: str, target: float,
              settings: dict, workdir: Path, max_steps: int | None = None,
              on_task: Callable[[Task], None] = lambda t: None) -> Calibration:
    """Run every task edge-only with scores, then fit the strategy's threshold to `target`."""
    measure = settings.get("router_measure", "entropy")
    edge = EdgeOnly(settings)
    edge.needs_scores = True
    values, run_ids = [], []
    for task in tasks:
        ws = task.seed_into(workdir / task.id)
        steps = 1 if strategy == "task-router" else min(task.max_steps, max_steps or task.max_steps)
        run_id = store.create_run(task=task.prompt, workspace=str(ws), strategy="edge", model=backend.model_name,
                                  backend=backend.name, max_steps=steps, settings="{}")
        Agent(store, backend, edge).run(run_id)
        run_ids.append(run_id)
        calls = [c for c in store.model_calls(run_id) if c["side"] == "edge" and c["step_idx"] >= 0]
        if strategy == "task-router":
            score = task_score(calls[0], backend.count_tokens(task.prompt), measure,
                               float(settings.get("task_router_length_weight", 0.25))) if calls else None
            values += [] if score is None else [score]
        else:
            values += [u for u in (uncertainty(c, measure) for c in calls) if u is not None]
        on_task(task)
    if not values:
        raise ValueError(f"the {backend.name} backend reported no {measure} scores; it cannot drive a router")
    threshold = fit_threshold(values, target)
    return Calibration(strategy, measure, target, threshold, share_above(values, threshold), values, run_ids)


def write_fit(path: Path, model: str, key: str, value: float) -> None:
    """Set strategy.model_thresholds."MODEL".<key> in the user's config.toml, keeping their comments and layout
    (atomic replace): a fit is for the model it was measured on, so fitting another model leaves it alone."""
    import tomlkit

    load_config(path)  # a broken config fails here, one line, before anything is written
    check_field(str(path), "strategy", "model_thresholds", {model: {key: value}})
    doc = tomlkit.parse(path.read_text()) if path.is_file() else tomlkit.document()
    strategy = doc.setdefault("strategy", tomlkit.table())
    fits = strategy.setdefault("model_thresholds", tomlkit.table())
    fits.setdefault(model, tomlkit.table())[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(tomlkit.dumps(doc))
    os.replace(tmp, path)
