"""`bench report` reads what `bench run` writes: rows stored through bench_results (the runner's own writer), two
shards merged, read back with the figures they were written with."""

from __future__ import annotations

from pathlib import Path

import pytest

from edgeagent.bench import report as bench_report
from edgeagent.bench.results_db import Results, Sweep, row_of
from edgeagent.bench.runner import Outcome


def outcome(task: str, strategy: str, score: float, cost: float) -> Outcome:
    return Outcome(task, strategy, 0, f"run-{task}-{strategy}", "done", score, 0.5 if cost else 0.0, 3, 900,
                   int(cost > 0), 400 if cost else 0, cost, 120 if cost else 0, 12.0, True, 200 * 2**20, 1.5,
                   category="data", attack=None, energy_source="rapl")


def shard(folder: Path, i: int, tasks: list[str]) -> Path:
    results = Results(folder, Sweep(argv=["bench", "run"], edge_model="m-edge", backend="llamacpp",
                                    cloud="local:big", price_card={"name": "card", "usd_per_mtok_in": 1.0,
                                                                   "usd_per_mtok_out": 2.0},
                                    device="cpu", shard=f"{i}/2", edgeagent_version="0.1", options={}))
    for t in tasks:
        results.add(row_of(outcome(t, "edge", 0.5, 0.0), folder / "runs.db"))
        results.add(row_of(outcome(t, "cloud", 1.0, 0.02), folder / "runs.db"))
    results.finish()
    return results.path


def test_shards_written_by_the_runner_are_merged(tmp_path):
    rep = bench_report.report([shard(tmp_path / "a", 1, ["t1", "t2"]), shard(tmp_path / "b", 2, ["t3"])])
    edge, cloud = rep["overall"]
    assert (edge["strategy"], edge["runs"], edge["score"], edge["energy"]) == ("edge", 3, 0.5, {"rapl, measured": 12.0})
    assert cloud["usd_total"] == pytest.approx(0.06) and cloud["exposure"] == 0.5 and cloud["cloud_tokens"] == 400
    assert edge["utility_share"] == 0.5 and edge["cost_share"] == 0.0 and rep["duplicates"] == 0
    assert [s["shard"] for s in rep["sweeps"]] == ["1/2", "2/2"]
