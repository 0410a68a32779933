"""`bench --cloud oracle|local:MODEL`: stand-ins on 127.0.0.1 reached through the real anthropic SDK and exporter."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from edgeagent.agent import launch
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.bench import clouds as bench_clouds
from edgeagent.bench.clouds import TokenCounter, next_step, plan_text, price_card, start
from edgeagent.bench.runner import load_checker, outcome, with_tools
from edgeagent.bench.task import load_tasks
from edgeagent.errors import BadInput
from edgeagent.store.runs import Store
from tests.conftest import write_script

EMAIL = "ines.duarte@lumen-labs.example"
TASK = f"""id = "contact-mail"
category = "automation"
prompt = "Write Ines Duarte's e-mail address into a new file called ines.txt."
max_steps = 6

[[sensitive]]
value = "{EMAIL}"

[reference]
answer = "Wrote Ines Duarte's address to ines.txt."

[[reference.steps]]
tool = "search"
args = {{ query = "Ines Duarte" }}

[[reference.steps]]
tool = "write_file"
args = {{ path = "ines.txt", content = "{EMAIL}\\n" }}
"""
CHECK = f"""def check(workspace, answer):
    f = workspace / "ines.txt"
    wrote = f.is_file() and f.read_text().strip() == "{EMAIL}"
    return 0.7 * wrote + 0.3 * bool(answer and "ines.txt" in answer)
"""


@pytest.fixture
def tasks(tmp_path, home):
    d = tmp_path / "tasks" / "contact-mail"
    (d / "workspace").mkdir(parents=True)
    (d / "workspace" / "contacts.md").write_text(f"# Contacts\n\nInes Duarte, Lumen Labs: {EMAIL}\n")
    (d / "task.toml").write_text(TASK)
    (d / "check.py").write_text(CHECK)
    return load_tasks([tmp_path / "tasks"])


def run_task(tmp_path: Path, task, strategy: str, target: str, edge: list, overrides: tuple[str, ...] = ()):
    """One run of `task` under `strategy` with a scripted edge, as a sweep runs it; (store, run id, workspace)."""
    ws = task.seed_into(tmp_path / "runs" / strategy)
    plan = launch.plan_run(strategy, ws, cloud=target, overrides=overrides)
    store = Store(Path(os.environ["EDGEAGENT_HOME"]) / "edgeagent.db")
    run_id = store.create_run(task=task.prompt, workspace=str(ws), strategy=strategy, model="scripted",
                              backend="scripted", max_steps=task.max_steps, **with_tools(plan.settings, task.tools))
    edge_backend = ScriptedBackend.from_file(write_script(tmp_path / f"edge-{strategy}.json", edge).split(":", 1)[1])
    agent, _ = launch.agent_for(store, store.get_run(run_id), edge_backend)
    try:
        agent.run(run_id)
    finally:
        agent.metering.close()
    return store, run_id, ws


# ---------------------------------------------------------------- reference


def test_cloud_strategy_through_reference_replays_it_and_scores_one(tmp_path, tasks):
    (task,) = tasks
    key_before = os.environ.get("ANTHROPIC_API_KEY")
    with start("oracle", tasks) as cloud:
        assert cloud.label == "oracle" and cloud.upper_bound
        target = cloud.target_for(task)
        assert target.startswith("http://127.0.0.1:") and target.endswith("#claude-haiku-4-5-priced-oracle:contact-mail")
        # edge stays silent: the cloud executes every step, from the conversation it is sent
        store, run_id, ws = run_task(tmp_path, task, "cloud", target, [], ("export.mode=off",))
    got = outcome(store, task, "cloud", 0, run_id, ws, load_checker(task), 0.0)
    assert got.status == "done" and got.score == 1.0
    steps = store.steps(run_id)
    assert [(s["tool"], s["actor"]) for s in steps] == [("search", "cloud"), ("write_file", "cloud"), ("finish", "cloud")]
    exports = store.exports(run_id)
    assert [e["status"] for e in exports] == ["sent"] * 3 and all(e["purpose"] == "execute" for e in exports)
    last = json.loads(exports[-1]["payload"])
    assert last["model"] == "claude-haiku-4-5-priced-oracle:contact-mail"
    assert [m["role"] for m in last["messages"]] == ["user", "assistant", "user", "assistant", "user"]
    # mode off: the address went out in the write_file call of the trajectory, and exposure sees it
    assert got.exposure == 1.0 and EMAIL in exports[-1]["payload"]
    # priced by the card through cloud.py: haiku $1 / $5 per Mtok, on token counts of what was sent and received
    calls = [c for c in store.model_calls(run_id) if c["side"] == "cloud"]
    assert len(calls) == 3 and got.cloud_calls == 3
    for c in calls:
        assert c["prompt_tokens"] > 0 and c["completion_tokens"] > 0
        assert c["cost_usd"] == pytest.approx((c["prompt_tokens"] * 1.0 + c["completion_tokens"] * 5.0) / 1e6)
    assert cloud.price_card["name"] == "claude-haiku-4-5" and cloud.price_card["usd_per_mtok_out"] == 5.0
    assert cloud.price_card["tokens"]  # says how tokens were counted
    assert os.environ.get("ANTHROPIC_API_KEY") == key_before  # the sweep's key is gone with the stand-in


def test_reference_redacted_trajectory_still_finds_its_place(tmp_path, tasks):
    """In redact mode the write_file call comes back as <EMAIL_1>: it still counts as the reference step done."""
    (task,) = tasks
    with start("oracle", tasks) as cloud:
        store, run_id, ws = run_task(tmp_path, task, "cloud", cloud.target_for(task), [])
    got = outcome(store, task, "cloud", 0, run_id, ws, load_checker(task), 0.0)
    assert got.score == 1.0 and got.exposure == 0.0
    assert [s["tool"] for s in store.steps(run_id)] == ["search", "write_file", "finish"]
    assert "<EMAIL_1>" in store.exports(run_id)[-1]["payload"]


def test_sketch_gets_the_reference_as_an_outline_without_arguments_or_answer(tmp_path, tasks):
    (task,) = tasks
    finish = {"tool": "finish", "args": {"answer": "done"}}
    with start("oracle", tasks) as cloud:
        store, run_id, _ = run_task(tmp_path, task, "sketch", cloud.target_for(task), [finish])
    plan = store.get_run(run_id)["plan"]
    assert plan == plan_text(task.reference) == ("Plan, one tool per step:\n1. search\n2. write_file\n"
                                                 "3. finish, with the answer you found")
    assert "Ines" not in plan and "ines.txt" not in plan and task.reference.answer not in plan
    (export,) = store.exports(run_id)
    assert export["purpose"] == "plan" and "tools" not in json.loads(export["payload"])


def test_advisor_advice_leaves_out_the_steps_already_done(tmp_path, tasks):
    (task,) = tasks
    edge = [{"tool": "search", "args": {"query": "Ines Duarte"}},
            {"tool": "ask_cloud", "args": {"question": "what next?"}}, {"tool": "finish", "args": {"answer": "ok"}}]
    with start("oracle", tasks) as cloud:
        store, run_id, _ = run_task(tmp_path, task, "advisor", cloud.target_for(task), edge)
    advice = next(s["observation"] for s in store.steps(run_id) if s["tool"] == "ask_cloud")
    assert "write_file" in advice and "search" not in advice and "finish" in advice


def test_handoff_cloud_takes_up_after_the_reference_steps_the_edge_already_did(tmp_path, tasks):
    (task,) = tasks
    missing = {"tool": "read_file", "args": {"path": "nope.txt"}}
    edge = [{"tool": "search", "args": {"query": "Ines Duarte"}}, missing, missing, missing]
    with start("oracle", tasks) as cloud:
        store, run_id, ws = run_task(tmp_path, task, "handoff", cloud.target_for(task), edge,
                                     ("strategy.handoff_n=3", "strategy.handoff_k=2"))
    steps = [(s["tool"], s["actor"]) for s in store.steps(run_id)]
    # the edge's search was reference step 0: the cloud goes on with step 1, not from the start
    assert steps == [("search", "edge"), ("read_file", "edge"), ("read_file", "edge"), ("read_file", "edge"),
                     ("write_file", "cloud"), ("finish", "cloud")]
    assert outcome(store, task, "handoff", 0, run_id, ws, load_checker(task), 0.0).score == 1.0


def test_next_step_skips_other_and_failed_calls():
    ref = load_reference()
    call = lambda tool, **args: {"role": "assistant", "content": json.dumps({"tool": tool, "args": args})}
    obs = lambda text: {"role": "user", "content": f"Observation:\n{text}"}
    chat = [{"role": "user", "content": "Task: t"}, call("list_dir", path="."), obs("a"),
            call("search", query="Ines Duarte"), obs("error: boom")]
    assert next_step(ref, chat) == 0  # the search failed: the reference does it again
    chat += [call("search", query="Ines Duarte"), obs("hit"), call("write_file", path="ines.txt", content="<EMAIL_1>\n")]
    assert next_step(ref, chat + [obs("wrote")]) == 2
    assert next_step(ref, chat + [obs("error: denied")]) == 1


def load_reference():
    from edgeagent.bench.task import Reference, Step

    return Reference("a", (Step("search", {"query": "Ines Duarte"}), Step("write_file", {"path": "ines.txt",
                                                                                         "content": EMAIL + "\n"})))


def test_token_counter_counts_with_a_tokenizer_or_says_it_estimates(tmp_path):
    estimate = TokenCounter(tmp_path / "missing" / "tokenizer.json")
    assert estimate.estimated and "characters/4" in estimate.label and estimate.count("abcdefgh") == 2
    found = bench_clouds._tokenizer_file()
    if found is None:
        pytest.skip("no prepared model's tokenizer.json on this machine")
    real = TokenCounter()
    assert not real.estimated and "tokenizer" in real.label
    text = "Write Ines Duarte's e-mail address into a new file."
    n = real.count(text)
    assert 5 < n < len(text) // 2


def test_reference_refuses_tasks_without_a_reference(tmp_path, home):
    d = tmp_path / "t" / "bare"
    d.mkdir(parents=True)
    (d / "task.toml").write_text('prompt = "hi"\n')
    with pytest.raises(BadInput) as e, start("oracle", load_tasks([tmp_path / "t"])):
        pass
    assert "no [reference]" in str(e.value) and "\n" not in str(e.value) and e.value.exit_code == 2


# ---------------------------------------------------------------- local:MODEL and other specs


def test_local_scripted_model_serves_priced_and_stops(tmp_path, tasks, monkeypatch):
    (task,) = tasks
    # a proxy that is not there: loopback must not go through it (httpx would send 127.0.0.1 there)
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")
    ref = task.reference
    script = write_script(tmp_path / "cloud.json", [{"tool": s.tool, "args": s.args} for s in ref.steps]
                          + [{"tool": "finish", "args": {"answer": ref.answer}}])
    with start(f"local:{script}", tasks, "claude-3-5-haiku") as cloud:
        assert cloud.label == f"local:{script}" and not cloud.upper_bound
        assert cloud.target_for(task) == cloud.target and cloud.target.endswith("#claude-3-5-haiku-priced-local:cloud.json")
        assert cloud.price_card["name"] == "claude-3-5-haiku" and cloud.price_card["usd_per_mtok_in"] == 0.8
        pid = cloud.pid
        os.kill(pid, 0)  # running
        store, run_id, ws = run_task(tmp_path, task, "cloud", cloud.target, [], ("export.mode=off",))
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    got = outcome(store, task, "cloud", 0, run_id, ws, load_checker(task), 0.0)
    assert got.score == 1.0 and got.cloud_calls == 3 and got.cost_usd > 0
    assert {c["model"] for c in store.model_calls(run_id) if c["side"] == "cloud"} == {
        "claude-3-5-haiku-priced-local:cloud.json"}


def test_local_server_is_stopped_on_ctrl_c(tmp_path, tasks):
    script = write_script(tmp_path / "cloud.json", ["hi"])
    with pytest.raises(KeyboardInterrupt), start(f"local:{script}", tasks) as cloud:
        pid = cloud.pid
        raise KeyboardInterrupt
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@pytest.mark.parametrize("spec, says", [
    ("local:", "needs a model name"),
    ("local:scripted:/no/such/script.json", "edgeagent serve exited"),
])
def test_bad_local_spec_is_one_line(tasks, spec, says):
    with pytest.raises(BadInput) as e, start(spec, tasks):
        pass
    assert says in str(e.value) and "\n" not in str(e.value) and e.value.exit_code == 2


def test_unknown_price_card_is_one_line(tasks):
    with pytest.raises(BadInput, match="unknown price card 'gpt-9'.*claude-haiku-4-5"):
        price_card("gpt-9")


def test_price_card_from_set_overrides_and_config(tasks, home):
    with start("oracle", tasks, overrides=("bench.price_card=claude-sonnet-4-5",)) as cloud:
        assert cloud.price_card["name"] == "claude-sonnet-4-5" and cloud.price_card["usd_per_mtok_in"] == 3.0
        assert "#claude-sonnet-4-5-priced-oracle" in cloud.target
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('[bench]\nprice_card = "claude-3-5-haiku"\n')
    with start("oracle", tasks) as cloud:
        assert cloud.price_card["name"] == "claude-3-5-haiku"
    with pytest.raises(BadInput, match="unknown price card 'nope'"), start("oracle", tasks,
                                                                            overrides=("bench.price_card=nope",)):
        pass


def test_other_specs_pass_through_unchanged(tasks):
    (task,) = tasks
    with start("http://127.0.0.1:9#big", tasks) as cloud:
        assert (cloud.target, cloud.label, cloud.price_card, cloud.upper_bound) == (
            "http://127.0.0.1:9#big", "http://127.0.0.1:9#big", None, False)
        assert cloud.target_for(task) == "http://127.0.0.1:9#big"


@pytest.mark.parametrize("spec, says", [
    ("local:", "error: --cloud local:MODEL needs a model name"),
    ("local:no-such-model", "error: --cloud local:no-such-model: edgeagent serve exited (unknown model"),
    ("bogus", "error: Invalid value for '--cloud': cloud target 'bogus': use anthropic:MODEL or http(s)://host:port[#MODEL]"),
])
def test_bench_run_with_a_bad_cloud_spec_is_one_line_exit_2(tmp_path, tasks, spec, says):
    from click.testing import CliRunner

    from edgeagent.cli import cli

    edge = write_script(tmp_path / "edge.json", [])
    r = CliRunner().invoke(cli, ["bench", "run", "--tasks", str(tmp_path / "tasks"), "--strategies", "cloud",
                                 "--edge", edge, "--cloud", spec, "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and r.output.startswith(says) and r.output.count("\n") == 1, r.output


def test_local_server_dies_with_a_killed_sweep(tmp_path, tasks):
    """A sweep killed with SIGKILL cannot stop its server; the server must not stay behind holding the model."""
    import signal
    import subprocess
    import sys
    import time

    script = write_script(tmp_path / "cloud.json", ["hi"])
    code = ("import sys, time\nfrom edgeagent.bench.clouds import start\n"
            f"with start({f'local:{script}'!r}, []) as c:\n    print(c.pid, flush=True)\n    time.sleep(600)\n")
    sweep = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        pid = int(sweep.stdout.readline())
        os.kill(pid, 0)
        sweep.send_signal(signal.SIGKILL)
        sweep.wait()
        deadline = time.monotonic() + 60  # a wait for the exit, not a measurement
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
                if Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0] == "Z":
                    break  # exited; a zombie until init reaps it
            except (ProcessLookupError, FileNotFoundError):
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            pytest.fail("the local cloud outlived the sweep that started it")
    finally:
        if sweep.poll() is None:
            sweep.kill()
            sweep.wait()


def test_every_shipped_reference_through_the_cloud_path_scores_exactly_one(tmp_path, home):
    """The upper bound passes: checkers' weights once summed to 0.9999999999999999, which `passed` (score >= 1)
    missed; and a reference step of over 2,000 characters (a report written in one call: over cloud.max_tokens with
    the Qwen tokenizer) must not cut the reply. Two dev-split tasks with the longest such steps, and many items."""
    shipped = load_tasks([Path(__file__).resolve().parents[2] / "bench" / "tasks" / "safety-incident-pir",
                          Path(__file__).resolve().parents[2] / "bench" / "tasks" / "search-aurora-board-brief"])
    with start("oracle", shipped) as cloud:
        for task in shipped:
            store, run_id, ws = run_task(tmp_path / task.id, task, "cloud", cloud.target_for(task), [])
            got = outcome(store, task, "cloud", 0, run_id, ws, load_checker(task), 0.0)
            assert got.score == 1.0, task.id


def test_bench_run_reference_sweep_records_the_card_set_on_the_command_line(tmp_path, tasks):
    import sqlite3

    from click.testing import CliRunner

    from edgeagent.cli import cli

    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["bench", "run", "--tasks", str(tmp_path / "tasks"), "--strategies", "cloud",
                                 "--edge", write_script(tmp_path / "edge.json", []), "--cloud", "oracle",
                                 "--set", "bench.price_card=claude-sonnet-4-5", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    db = sqlite3.connect(out / "results.db")
    try:
        (cloud, card), = db.execute("select cloud, price_card from sweeps").fetchall()
        (passed, cost), = db.execute("select passed, cost_usd from results").fetchall()
    finally:
        db.close()
    assert cloud == "oracle" and json.loads(card)["name"] == "claude-sonnet-4-5" and passed == 1 and cost > 0


@pytest.mark.parametrize("user_set, timeout, retries", [
    ((), 900.0, 0),
    (("--set", "cloud.max_retries=1"), 900.0, 1),  # the user's --set beats the stand-in's default
])
def test_local_stand_in_calls_get_a_long_timeout_and_no_retries(tmp_path, tasks, home, user_set, timeout, retries):
    import sqlite3

    from click.testing import CliRunner

    from edgeagent.cli import cli

    (task,) = tasks
    ref = task.reference
    script = write_script(tmp_path / "cloud.json", [{"tool": s.tool, "args": s.args} for s in ref.steps]
                          + [{"tool": "finish", "args": {"answer": ref.answer}}])
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["bench", "run", "--tasks", str(tmp_path / "tasks"), "--strategies", "cloud",
                                 "--edge", write_script(tmp_path / "edge.json", []), "--cloud", f"local:{script}",
                                 "--set", "export.mode=off", *user_set, "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    db = sqlite3.connect(out / "results.db")
    try:
        (run_id, passed), = db.execute("select run_id, passed from results").fetchall()
    finally:
        db.close()
    settings = json.loads(Store(home / "edgeagent.db").get_run(run_id)["settings"])
    assert passed == 1 and settings["cloud"]["timeout_s"] == timeout and settings["cloud"]["max_retries"] == retries
