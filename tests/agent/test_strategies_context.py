"""Strategies depend on a narrow RunContext, never on the agent loop: usable, and importable, without an Agent."""

from __future__ import annotations

import json
import subprocess
import sys

from edgeagent.agent.strategies import RunContext, Sketch, TaskRouter
from edgeagent.store.runs import Store


def context(store: Store, proposals: list, notes: list) -> RunContext:
    def propose(run: dict, steps: list[dict], idx: int) -> dict:
        proposals.append((run["id"], steps, idx))
        return {"id": 41, "first_entropy": 2.0, "mean_logprob": -0.5}

    return RunContext(store, None, propose, lambda text: len(text.split()), lambda idx, why: notes.append((idx, why)))


def new_run(store: Store, tmp_path) -> dict:
    run_id = store.create_run(task="one two three four", workspace=str(tmp_path), strategy="task-router",
                              model="m", backend="scripted", max_steps=4)
    return store.get_run(run_id)


def test_the_task_router_probes_through_propose_and_stores_its_route(tmp_path):
    store, proposals, notes = Store(tmp_path / "db.sqlite"), [], []
    run = new_run(store, tmp_path)
    routed = TaskRouter({"task_router_threshold": 1.0}).before_run(run, context(store, proposals, notes))
    assert proposals == [(run["id"], [], 0)]  # step 0's proposal is the probe
    route = json.loads(store.get_run(run["id"])["route"])
    assert route == json.loads(routed["route"])
    assert route["actor"] == "cloud" and route["probe_call_id"] == 41 and route["score"] > 2.0  # length term added
    again = TaskRouter({}).before_run(store.get_run(run["id"]), context(store, proposals, notes))
    assert len(proposals) == 1 and again["route"] == routed["route"]  # decided once; a resume keeps it
    assert notes == []


def test_a_sketch_without_a_cloud_leaves_the_run_as_it_is(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    run = new_run(store, tmp_path)
    assert Sketch().before_run(run, context(store, [], [])) == run
    assert store.get_run(run["id"])["plan"] is None


def test_importing_the_strategies_does_not_import_the_agent():
    code = "import sys, edgeagent.agent.strategies; print('edgeagent.agent.loop' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
