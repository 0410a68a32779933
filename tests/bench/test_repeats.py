"""Repeats that vary: --temperature and --seed reach every real backend's sampling, repeat r runs with seed S + r,
the sweep records both (and --resume refuses other values), and the report shows pass^k with its interval."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from edgeagent.agent.callformat import action_schema
from edgeagent.backends.base import GREEDY, Sampling, TokenSampler
from edgeagent.errors import BadInput
from edgeagent.tools.files import BUILTIN_TOOLS
from tests.backends.test_contract import INSTALLED, load

# ---- the sampler itself (no model)


def test_greedy_takes_the_top_token_and_masked_tokens_are_never_drawn():
    logits = np.array([0.0, 3.0, -np.inf, 2.9, -np.inf])
    assert TokenSampler(GREEDY).pick(logits) == 1
    hot = TokenSampler(Sampling(temperature=5.0, seed=1))
    drawn = {hot.pick(logits) for _ in range(400)}
    assert drawn == {0, 1, 3}  # every allowed token at a high temperature, never a masked one
    assert TokenSampler(Sampling(1.0, 0)).pick(np.full(4, -np.inf)) is None


def test_draws_follow_softmax_over_temperature():
    logits = np.log(np.array([0.6, 0.3, 0.1]))
    s = TokenSampler(Sampling(temperature=1.0, seed=7))
    counts = np.bincount([s.pick(logits) for _ in range(6000)], minlength=3) / 6000
    assert np.allclose(counts, [0.6, 0.3, 0.1], atol=0.03)
    # Temperature 0.5 squares the odds: 0.36 : 0.09 : 0.01.
    s = TokenSampler(Sampling(temperature=0.5, seed=7))
    counts = np.bincount([s.pick(logits) for _ in range(6000)], minlength=3) / 6000
    assert np.allclose(counts, np.array([0.36, 0.09, 0.01]) / 0.46, atol=0.03)


def test_the_same_seed_draws_the_same_stream_and_another_seed_does_not():
    logits = np.zeros(1000)

    def stream(seed: int) -> list:
        s = TokenSampler(Sampling(1.0, seed))
        return [s.pick(logits) for _ in range(20)]

    assert stream(3) == stream(3) and stream(3) != stream(4)


# ---- every installed real backend (SmolLM2-135M)


@pytest.fixture(scope="module", params=INSTALLED)
def backend(request, embedded_model):
    b = load(request.param)
    yield b
    b.close()


# Two tools with short arguments: a sampled 135M model fills any string to its limit, and the point is the grammar.
SMALL = action_schema({n: dataclasses.replace(t, params={k: {**v, "maxLength": 8} for k, v in t.params.items()})
                       for n, t in BUILTIN_TOOLS.items() if n in ("list_dir", "finish")})


def _reply(backend, sampling: Sampling, constraint: dict | None = None) -> str:
    backend.set_sampling(sampling)
    backend.reset()
    # Short prompts: the prefill is most of a call's time on a CPU, and the sampling is what is tested.
    msgs = [{"role": "user", "content": "Reply with a JSON tool call to list the files." if constraint
             else "Write a short poem about the sea."}]
    text, _ = backend.complete(msgs, constraint=constraint, max_tokens=12 if constraint is None else 64)
    return text


@pytest.mark.model
def test_a_seed_reproduces_a_reply_and_other_seeds_vary_it(backend):
    try:
        first = _reply(backend, Sampling(1.0, 11))
        assert _reply(backend, Sampling(1.0, 11)) == first  # same seed: the same reply, token for token
        assert _reply(backend, Sampling(1.0, 12)) != first  # sampled at T=1: another seed, another reply
        assert _reply(backend, Sampling(0.0, 1)) == _reply(backend, Sampling(0.0, 2))  # T=0 ignores the seed
    finally:
        backend.set_sampling(GREEDY)


@pytest.mark.model
def test_sampled_tool_calls_still_obey_the_grammar(backend):
    try:
        for seed in (0, 1):
            action = json.loads(_reply(backend, Sampling(1.5, seed), SMALL))
            assert action["tool"] in ("list_dir", "finish") and len(action["args"]) == 1
            assert all(isinstance(v, str) and len(v) <= 8 for v in action["args"].values())
    finally:
        backend.set_sampling(GREEDY)


def test_a_negative_temperature_is_refused():
    from edgeagent.backends.scripted import ScriptedBackend

    with pytest.raises(BadInput, match="temperature"):
        ScriptedBackend([]).set_sampling(Sampling(-0.5, 0))


# ---- the sweep: sampling per repeat, recorded, resumed only alike; --split


def _sweep(tmp_path, *args: str):
    from click.testing import CliRunner

    from edgeagent.cli import cli

    return CliRunner().invoke(cli, ["bench", "run", *args])


@pytest.fixture
def sweep_task(tmp_path):
    from tests.bench.test_runner import CHECK_ANSWER, make_task
    from tests.conftest import write_script

    make_task(tmp_path / "tasks", "owner", "Who owns the budget?", CHECK_ANSWER)
    return tmp_path / "tasks", write_script(tmp_path / "edge.json", [{"tool": "finish", "args": {"answer": "Priya"}}])


def test_repeat_r_samples_with_seed_plus_r_and_the_sweep_records_both(home, tmp_path, sweep_task, monkeypatch):
    from edgeagent.backends.scripted import ScriptedBackend
    from tests.conftest import query

    seen: list[Sampling] = []
    real = ScriptedBackend.set_sampling
    monkeypatch.setattr(ScriptedBackend, "set_sampling", lambda self, s: (seen.append(s), real(self, s))[1])
    tasks, edge = sweep_task
    out = tmp_path / "sweep"
    r = _sweep(tmp_path, "--tasks", str(tasks), "--edge", edge, "--repeats", "3", "--temperature", "0.7",
               "--seed", "40", "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    assert seen == [Sampling(0.7, 40), Sampling(0.7, 41), Sampling(0.7, 42)]
    assert query(out / "results.db", "select repeat, temperature, seed from results order by repeat") == [
        (0, 0.7, 40), (1, 0.7, 41), (2, 0.7, 42)]
    (options,), = query(out / "results.db", "select options from sweeps")
    assert (json.loads(options)["temperature"], json.loads(options)["seed"]) == (0.7, 40)
    rep = json.loads(r.stdout)
    assert rep["temperature"] == 0.7 and rep["seed"] == 40
    (edge_row,) = rep["strategies"]  # one task, passed in all three repeats
    assert (edge_row["k"], edge_row["pass_k"], edge_row["ci_pass_k"]) == (3, 1.0, None)  # one task: no interval
    # --resume with another temperature or seed would mix two sweeps in one file: refused, one line.
    for other in (["--temperature", "0.8", "--seed", "40"], ["--temperature", "0.7", "--seed", "1"]):
        r = _sweep(tmp_path, "--tasks", str(tasks), "--edge", edge, "--repeats", "3", *other, "--resume", str(out))
        assert r.exit_code == 2 and "ran with options" in r.stderr and r.stderr.count("\n") == 1
    r = _sweep(tmp_path, "--tasks", str(tasks), "--edge", edge, "--repeats", "3", "--temperature", "0.7",
               "--seed", "40", "--resume", str(out))
    assert r.exit_code == 0 and "3 runs had finished before" in " ".join(r.stdout.split())


def test_greedy_leaves_the_backend_alone(home, tmp_path, sweep_task, monkeypatch):
    from edgeagent.backends.scripted import ScriptedBackend

    monkeypatch.setattr(ScriptedBackend, "set_sampling", lambda self, s: pytest.fail("greedy sets no sampling"))
    tasks, edge = sweep_task
    r = _sweep(tmp_path, "--tasks", str(tasks), "--edge", edge, "--repeats", "2", "--out", str(tmp_path / "s"))
    assert r.exit_code == 0, r.output


def test_split_keeps_that_splits_tasks_and_quick_picks_within_it(home, tmp_path, sweep_task):
    from tests.bench.test_runner import CHECK_ANSWER, make_task

    tasks, edge = sweep_task  # `owner` has no split: left out whenever --split is given
    make_task(tasks, "dev-a", "Who owns the budget?", CHECK_ANSWER, 'split = "dev"\ncategory = "office"\n')
    make_task(tasks, "dev-b", "Who owns the budget?", CHECK_ANSWER, 'split = "dev"\ncategory = "data"\n')
    make_task(tasks, "test-a", "Who owns the budget?", CHECK_ANSWER, 'split = "test"\ncategory = "office"\n')

    def ran(*args: str) -> list[str]:
        r = _sweep(tmp_path, "--tasks", str(tasks), "--edge", edge, "--json", *args)
        assert r.exit_code == 0, r.output
        return sorted(x["task"] for x in json.loads(r.stdout)["runs"])

    assert ran("--split", "dev") == ["dev-a", "dev-b"]
    assert ran("--split", "test") == ["test-a"]
    assert ran() == ["dev-a", "dev-b", "owner", "test-a"]
    assert ran("--split", "dev", "--category", "office") == ["dev-a"]
    assert ran("--split", "test", "--quick") == ["test-a"]  # one per category, of the test split only
    r = _sweep(tmp_path, "--tasks", str(tasks / "owner"), "--edge", edge, "--split", "dev")
    assert r.exit_code == 2 and "no task among those selected" in r.stderr and r.stderr.count("\n") == 1
