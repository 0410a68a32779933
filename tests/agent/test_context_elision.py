"""A run whose results outgrow the model's context: the oldest results are replaced by a marker, not the run
failed, and the re-prefill that costs is visible in the stored calls (real loop, scripted model, real SQLite)."""

from __future__ import annotations

import json

from backends.scripted import ScriptedBackend
from edgeagent.agent.loop import Agent
from edgeagent.agent.prompting import ELIDED
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.store.runs import Store
from tests.agent.test_deliverables import prompts_seen

CONTEXT = 1400  # scripted tokens: one file's result fits, four do not


def _run(tmp_path, context_length: int):
    ws = tmp_path / "ws"
    ws.mkdir()
    for name in "abcd":
        (ws / f"{name}.txt").write_text(" ".join(f"{name}{i}" for i in range(300)))
    store = Store(tmp_path / "db" / "edgeagent.db")
    replies = [{"tool": "read_file", "args": {"path": f"{n}.txt"}} for n in "abcd"]
    replies += [{"tool": "read_file", "args": {"path": "a.txt"}}, {"tool": "finish", "args": {"answer": "done"}}]
    backend = ScriptedBackend([json.dumps(r) for r in replies])
    backend.context_length = context_length
    seen = prompts_seen(backend)
    run_id = store.create_run(task="What do the four files hold?", workspace=str(ws), strategy="edge",
                              model="scripted", backend="scripted", max_steps=8)
    run = Agent(store, backend, EdgeOnly(), max_tokens=64).run(run_id)
    return run, store, run_id, seen


def test_the_oldest_results_are_elided_and_the_run_ends(tmp_path):
    run, store, run_id, seen = _run(tmp_path, CONTEXT)
    steps = store.steps(run_id)
    assert run["status"] == "done" and [s["tool"] for s in steps] == ["read_file"] * 5 + ["finish"]
    fifth = "\n".join(m["content"] for m in seen[4])
    assert ELIDED.format(idx=0) in fifth and "d299" in fifth  # the oldest went, the newest stayed
    # a.txt's result was elided, so reading it again is not refused as a repeat
    assert steps[4]["ok"] == 1 and steps[4]["observation"].startswith("a0 a1")
    # Once a result is elided it stays elided: later prompts extend the earlier ones.
    marks = [sum(ELIDED.format(idx=i) in "\n".join(m["content"] for m in chat) for i in range(6)) for chat in seen]
    assert marks == sorted(marks) and marks[-1] >= 2


def test_the_re_prefill_an_elision_costs_is_in_the_stored_calls(tmp_path):
    _, store, run_id, _ = _run(tmp_path, CONTEXT)
    calls = [c for c in store.model_calls(run_id) if c["side"] == "edge"]
    reuse = [c["cached_tokens"] / c["prompt_tokens"] for c in calls]
    # A call after an elision re-reads most of its prompt; a call that only appends reuses almost all of it.
    assert min(reuse[1:]) < 0.5 < max(reuse[1:])


def test_without_a_context_limit_nothing_is_elided(tmp_path):
    _, _, _, seen = _run(tmp_path, 0)
    assert not any("dropped to fit" in m["content"] for chat in seen for m in chat)
