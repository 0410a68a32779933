"""The step router, the task router, handoff's no-progress signal and per-strategy export modes.

The scripted edge declares how unsure it is of each reply ({"reply": ..., "entropy": e, "logprob": l});
the cloud is a scripted model behind `edgeagent serve` over real HTTP. Everything is asserted from stored rows."""

from __future__ import annotations

import json

import pytest

from tests.agent.test_strategies import exports, finish, invoke, run, steps
from tests.conftest import query, write_script

LIST = {"tool": "list_dir", "args": {"path": "."}}
READ = {"tool": "read_file", "args": {"path": "notes.md"}}
TODO = {"tool": "read_file", "args": {"path": "todo.md"}}


def scored(reply: dict, entropy: float = 0.0, logprob: float = 0.0) -> dict:
    return {"reply": reply, "entropy": entropy, "logprob": logprob}


def edge_calls(home, run_id: str) -> list[tuple]:
    return query(home / "edgeagent.db", "select step_idx, first_entropy, mean_logprob from model_calls "
                 "where run_id = ? and side = 'edge' order by id", [run_id])


# ---------------------------------------------------------------- step-router

@pytest.mark.parametrize("tau", [0.5, 1.5, 2.5])
def test_step_router_routes_exactly_the_steps_over_tau(home, workspace, tmp_path, cloud, tau):
    entropies = [0.3, 2.0, 1.5, 3.0, 0.1]  # 1.5 sits on one τ: only strictly greater routes
    actions = [LIST, READ, TODO, LIST, finish("edge done")]
    c = cloud([TODO, READ, LIST, TODO, finish("cloud done")])  # reply i answers step i
    out = run(tmp_path, workspace, [scored(a, e) for a, e in zip(actions, entropies)], "--strategy", "step-router",
              "--cloud", c.target, "--set", f"strategy.step_router_tau={tau}")
    routed = [i for i, e in enumerate(entropies) if e > tau]
    st = steps(home, out["run_id"])
    assert [s[0] for s in st if s[1] == "cloud"] == routed
    assert [r[1] for r in exports(home, out["run_id"])] == routed  # an export exactly for each routed step
    assert len(c.seen) == len(routed)
    for s, e in zip(st, entropies):
        op = ">" if e > tau else "≤"
        assert s[2] == f"entropy {e:.2f} {op} τ {tau:.2f}"
    # Every step's edge proposal is kept with its score, including the ones the cloud replaced.
    assert edge_calls(home, out["run_id"]) == [(i, e, 0.0) for i, e in enumerate(entropies)]
    # A routed step acts on the cloud's action, and control returns to the edge on the next step.
    for i in routed:
        assert st[i][3] == json.loads(c.backend.replies[i])["tool"]


def test_step_router_can_use_mean_logprob(home, workspace, tmp_path, cloud):
    c = cloud(["unused", TODO])
    edge = [scored(LIST, entropy=9.0, logprob=-0.1), scored(READ, entropy=0.0, logprob=-1.2), scored(finish(), 0, -0.05)]
    out = run(tmp_path, workspace, edge, "--strategy", "step-router", "--cloud", c.target,
              "--set", "strategy.router_measure=nll", "--set", "strategy.step_router_tau=0.5")
    st = steps(home, out["run_id"])
    assert [(s[1], s[2]) for s in st] == [("edge", "nll 0.10 ≤ τ 0.50"), ("cloud", "nll 1.20 > τ 0.50"),
                                         ("edge", "nll 0.05 ≤ τ 0.50")]
    assert st[1][3] == "read_file" and [r[1] for r in exports(home, out["run_id"])] == [1]


def test_step_router_falls_back_to_the_proposal_when_the_cloud_fails(home, workspace, tmp_path):
    from tests.agent.test_strategies import closed_port

    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[cloud]\nmax_retries = 0\ntimeout_s = 5\n")
    out = run(tmp_path, workspace, [scored(LIST, 4.0), scored(finish("edge"), 0.1)], "--strategy", "step-router",
              "--cloud", f"http://127.0.0.1:{closed_port()}#default", "--set", "strategy.step_router_tau=1.5")
    st = steps(home, out["run_id"])
    assert out["answer"] == "edge" and [s[1] for s in st] == ["edge", "edge"] and st[0][3] == "list_dir"
    assert st[0][2].startswith("entropy 4.00 > τ 1.50; cloud unavailable: ")
    assert len(edge_calls(home, out["run_id"])) == 2  # the proposal itself was used: no second edge call


def test_step_router_replays_a_crashed_step_without_asking_the_edge_again(home, workspace, tmp_path, cloud, crash):
    c = cloud(["unused", TODO, "unused"])
    script = write_script(tmp_path / "edge.json", [scored(LIST, 0.2), scored(READ, 3.0), scored(finish("ok"))])
    crash.at(1)
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script, "--strategy", "step-router",
               "--cloud", c.target)
    assert r.exit_code != 0
    run_id = crash.heal()
    r = invoke("resume", run_id, "--json")
    assert r.exit_code == 0, r.output
    assert [(s[1], s[3]) for s in steps(home, run_id)] == [("edge", "list_dir"), ("cloud", "read_file"),
                                                          ("edge", "finish")]
    assert [e[0] for e in edge_calls(home, run_id)] == [0, 1, 2]  # step 1's proposal was not generated twice
    assert len(c.seen) == 1  # the cloud's answer for step 1 was reused, not asked for again


# ---------------------------------------------------------------- task-router

@pytest.mark.parametrize("entropy, actor", [(2.0, "cloud"), (0.4, "edge")])
def test_task_router_routes_the_whole_task_by_its_threshold(home, workspace, tmp_path, cloud, edge_seen,
                                                            entropy, actor):
    c = cloud([LIST, finish("cloud done")])
    edge = [scored(LIST, entropy), scored(finish("edge done"), 0.1)]
    out = run(tmp_path, workspace, edge, "--strategy", "task-router", "--cloud", c.target,
              "--set", "strategy.task_router_length_weight=0", "--set", "strategy.task_router_threshold=1.5")
    st = steps(home, out["run_id"])
    op = ">" if actor == "cloud" else "≤"
    assert [s[1] for s in st] == [actor, actor]
    assert all(s[2] == f"task-router: score {entropy:.2f} {op} threshold 1.50" for s in st)
    route = json.loads(query(home / "edgeagent.db", "select route from runs")[0][0])
    assert (route["actor"], route["score"], route["threshold"]) == (actor, entropy, 1.5)
    if actor == "cloud":
        assert out["answer"] == "cloud done" and [r[1] for r in exports(home, out["run_id"])] == [0, 1]
        assert [r[4] for r in exports(home, out["run_id"])] == ["redact", "redact"]  # the default for all
        assert len(edge_seen) == 1  # only the probe
    else:
        assert out["answer"] == "edge done" and exports(home, out["run_id"]) == [] and c.seen == []
        assert len(edge_seen) == 2  # the probe became step 0's call: the edge was not asked twice
    assert edge_calls(home, out["run_id"])[0][:2] == (0, entropy)


def test_task_router_length_term_sends_long_tasks_to_the_cloud(home, workspace, tmp_path, cloud):
    c = cloud([finish("cloud"), finish("cloud")])
    edge = [scored(finish("edge"), 1.0)]
    t = ("--set", "strategy.task_router_threshold=1.5")
    short = run(tmp_path, workspace, edge, "--strategy", "task-router", "--cloud", c.target, *t, task="tidy")
    long = run(tmp_path, workspace, edge, "--strategy", "task-router", "--cloud", c.target, *t,
               task=" ".join(["tidy the notes and then summarise every heading in them"] * 30))
    assert (short["answer"], long["answer"]) == ("edge", "cloud")


def test_task_router_route_survives_resume(home, workspace, tmp_path, cloud, edge_seen, crash):
    c = cloud([LIST, TODO, finish("cloud done")])
    script = write_script(tmp_path / "edge.json", [scored(LIST, 3.0)])
    crash.at(1)
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script, "--strategy", "task-router",
               "--cloud", c.target, "--set", "strategy.task_router_threshold=1.5")
    assert r.exit_code != 0
    run_id = crash.heal()
    r = invoke("resume", run_id, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["answer"] == "cloud done"
    assert len(edge_seen) == 1  # the probe ran once; the resumed run kept its route
    assert [s[1] for s in steps(home, run_id)] == ["cloud"] * 3


# ---------------------------------------------------------------- handoff: no progress

def test_handoff_after_steps_without_progress(home, workspace, tmp_path, cloud):
    c = cloud(["unused"] * 5 + [finish("cloud finished")])
    edge = [LIST, READ, LIST, READ, LIST]  # a cycle: never the same action twice in a row, never anything new
    out = run(tmp_path, workspace, edge + [finish("x")], "--strategy", "handoff", "--cloud", c.target,
              "--set", "strategy.handoff_k=1")
    st = steps(home, out["run_id"])
    assert [s[1] for s in st] == ["edge"] * 5 + ["cloud"]
    assert st[5][2] == "handoff after 3 steps without progress" and out["answer"] == "cloud finished"
    assert all(s[2] == "edge acts" for s in st[:5])


# ---------------------------------------------------------------- per-strategy export modes

def test_export_mode_per_strategy_from_config(home, workspace, tmp_path, cloud):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('[export]\nmode = "off"\n[strategy]\nexport_mode_cloud = "redact"\n')
    c = cloud([finish("ok")] * 4)
    task = "mail alice.kowalski@example.org"
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, task=task)
    assert [r[4] for r in exports(home, out["run_id"])] == ["redact"]
    out = run(tmp_path, workspace, [], "--strategy", "sketch", "--cloud", c.target, task=task)
    assert [r[4] for r in exports(home, out["run_id"])] == ["off"]  # sketch has no own setting: export.mode
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, "--export-mode", "strict",
              task="no secrets")
    assert [r[4] for r in exports(home, out["run_id"])] == ["strict"]  # the flag wins


def test_bad_per_strategy_export_mode_is_one_line(home, workspace, tmp_path):
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "e.json", [finish()]),
               "--set", "strategy.export_mode_cloud=loud")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "strategy.export_mode_cloud must be one of" in r.stderr
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "e.json", [finish()]),
               "--set", "strategy.router_measure=vibes")
    assert r.exit_code == 2 and "strategy.router_measure must be one of entropy, nll" in r.stderr
