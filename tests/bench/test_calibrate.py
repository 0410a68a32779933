"""`edgeagent calibrate`: task files, the threshold fit, and config.toml written without losing the user's text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from edgeagent.bench.calibrate import fit_threshold, share_above
from edgeagent.bench.task import load_tasks
from edgeagent.config import load_config
from edgeagent.errors import BadInput
from tests.agent.test_routers import LIST, READ, TODO, scored
from tests.agent.test_strategies import finish, invoke, steps
from tests.conftest import SAMPLE, query, write_script


def make_task(root: Path, task_id: str, prompt: str, **extra) -> Path:
    d = root / task_id
    (d / "workspace").mkdir(parents=True)
    (d / "workspace" / "notes.md").write_text((SAMPLE / "notes.md").read_text())
    lines = [f'prompt = {json.dumps(prompt)}'] + [f"{k} = {json.dumps(v)}" for k, v in extra.items()]
    (d / "task.toml").write_text("\n".join(lines) + "\n")
    return d


# ---------------------------------------------------------------- the fit

@given(st.lists(st.floats(0, 10, allow_nan=False), min_size=1, max_size=60, unique=True), st.floats(0, 1))
def test_fit_puts_the_target_share_above_the_threshold(values, share):
    tau = fit_threshold(values, share)
    assert share_above(values, tau) == round(share * len(values)) / len(values)


def test_fit_rejects_nothing_to_fit():
    with pytest.raises(ValueError):
        fit_threshold([], 0.2)


# ---------------------------------------------------------------- task files

def test_task_files_load_from_folders_in_a_stable_order(tmp_path):
    make_task(tmp_path, "b", "second", max_steps=3)
    make_task(tmp_path, "a", "first")
    tasks = load_tasks([tmp_path])
    assert [(t.id, t.prompt, t.max_steps) for t in tasks] == [("a", "first", 20), ("b", "second", 3)]
    copy = tasks[0].seed_into(tmp_path / "copy")
    assert (copy / "notes.md").read_text() == (SAMPLE / "notes.md").read_text()


def test_shipped_example_tasks_load():
    tasks = load_tasks([SAMPLE.parent / "tasks"])
    assert len(tasks) >= 8 and all(t.workspace == SAMPLE.resolve() for t in tasks)


@pytest.mark.parametrize("body, message", [
    ("prompt = ", "not valid TOML"),
    ("max_steps = 3", "prompt must be a non-empty string"),
    ('prompt = "x"\nmax_steps = "many"', "max_steps must be an integer from 1 to 1000"),
    ('prompt = "x"\nworkspace = "nowhere"', "workspace 'nowhere' is not a folder"),
])
def test_bad_task_file_is_one_line_naming_the_file(tmp_path, body, message):
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "task.toml").write_text(body)
    with pytest.raises(BadInput, match=message) as e:
        load_tasks([tmp_path])
    assert "task.toml" in str(e.value) and "\n" not in str(e.value)


def test_duplicate_task_ids_are_refused(tmp_path):
    make_task(tmp_path, "a", "one", id="same")
    make_task(tmp_path, "b", "two", id="same")
    with pytest.raises(BadInput, match="task id 'same' is also used by"):
        load_tasks([tmp_path])


# ---------------------------------------------------------------- the command

def test_calibrate_step_router_writes_tau_that_routes_the_target_share(home, workspace, tmp_path, cloud):
    tasks = tmp_path / "tasks"
    for i in range(3):
        make_task(tasks, f"t{i}", f"task number {i}")
    edge = [scored(LIST, 0.5), scored(READ, 2.0), scored(TODO, 1.0), scored(finish(), 0.2)]
    script = write_script(tmp_path / "edge.json", edge)
    home.mkdir(parents=True)
    (home / "config.toml").write_text('# my settings\n[export]\nmode = "strict"  # keep it tight\n')
    r = invoke("calibrate", "--strategy", "step-router", "--target-cloud-share", "0.25", "--tasks", str(tasks),
               "--model", script, "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["samples"] == 12 and report["threshold"] == 1.5 and report["achieved_share"] == 0.25
    text = (home / "config.toml").read_text()
    assert "# my settings" in text and "# keep it tight" in text  # the user's comments survive
    fitted = load_config(home / "config.toml")["strategy"]
    assert fitted["model_thresholds"] == {script: {"step_router_tau": 1.5}} and fitted["step_router_tau"] == 1.75
    assert load_config(home / "config.toml")["export"]["mode"] == "strict"
    # The calibration runs are ordinary stored runs, on copies: the seed workspaces are untouched.
    assert len(report["runs"]) == 3 and all(not (tasks / f"t{i}" / "workspace" / "x").exists() for i in range(3))
    assert query(home / "edgeagent.db", "select count(*) from model_calls where first_entropy is not null")[0][0] == 12
    # The fitted τ now routes exactly the unsure step.
    c = cloud(["unused", TODO])
    out = json.loads(invoke("run", "t", "--workspace", str(workspace), "--model", script, "--strategy",
                            "step-router", "--cloud", c.target, "--json").stdout)
    assert [s[1] for s in steps(home, out["run_id"])] == ["edge", "cloud", "edge", "edge"]


def test_calibrate_task_router_threshold_splits_tasks_by_score(home, tmp_path):
    tasks = tmp_path / "tasks"
    prompts = ["short", "a somewhat longer task to do", " ".join(["long"] * 60), " ".join(["longer"] * 200)]
    for i, p in enumerate(prompts):
        make_task(tasks, f"t{i}", p)
    script = write_script(tmp_path / "edge.json", [scored(finish(), 1.0)])
    r = invoke("calibrate", "--strategy", "task-router", "--target-cloud-share", "0.5", "--tasks", str(tasks),
               "--model", script, "--json", "--dry-run")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["samples"] == 4 and report["achieved_share"] == 0.5 and report["written_to"] is None
    assert not (home / "config.toml").exists()  # --dry-run
    # Only the probe runs: one step per task.
    assert query(home / "edgeagent.db", "select count(*) from model_calls")[0][0] == 4
    scores = sorted(1.0 + 0.25 * __import__("math").log2(1 + n / 32) for n in (1, 6, 60, 200))
    assert scores[1] < report["threshold"] < scores[2]


def test_calibrate_refuses_a_broken_config_before_running(home, tmp_path):
    make_task(tmp_path / "tasks", "a", "x")
    home.mkdir(parents=True)
    (home / "config.toml").write_text("[strategy]\nstep_router_tau = 'high'\n")
    r = invoke("calibrate", "--strategy", "step-router", "--target-cloud-share", "0.2", "--tasks",
               str(tmp_path / "tasks"), "--model", write_script(tmp_path / "e.json", [finish()]))
    assert r.exit_code == 2 and "strategy.step_router_tau must be a number" in r.stderr
    assert r.stderr.count("\n") == 1 and not (home / "edgeagent.db").exists()


def test_calibrate_target_share_out_of_range_is_refused(home, tmp_path):
    make_task(tmp_path / "tasks", "a", "x")
    r = invoke("calibrate", "--strategy", "step-router", "--target-cloud-share", "1.5", "--tasks",
               str(tmp_path / "tasks"), "--model", write_script(tmp_path / "e.json", [finish()]))
    assert r.exit_code == 2 and "1.5 is not in the range 0<=x<=1" in r.output


def test_calibrate_split_fits_on_that_split_only(home, tmp_path):
    tasks = tmp_path / "tasks"
    for i, split in enumerate(["dev", "test", "dev", None]):
        make_task(tasks, f"t{i}", f"task {i}", **({"split": split} if split else {}))
    script = write_script(tmp_path / "edge.json", [scored(finish(), 1.0)])
    r = invoke("calibrate", "--strategy", "task-router", "--target-cloud-share", "0.5", "--tasks", str(tasks),
               "--split", "dev", "--model", script, "--json", "--dry-run")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["samples"] == 2  # t0 and t2: test and unsplit tasks never reach the fit
    runs = {t for (t,) in query(home / "edgeagent.db", "select task from runs")}
    assert runs == {"task 0", "task 2"}
