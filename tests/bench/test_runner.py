"""`edgeagent bench`: strategies compared on task folders; utility from check.py, exposure from the export ledger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.bench.runner import exposure
from edgeagent.bench.task import Sensitive, load_tasks
from edgeagent.cli import cli
from tests.conftest import SAMPLE, query, write_script

EMAIL = "priya.raman@northwind.example"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def make_task(root: Path, task_id: str, prompt: str, check: str | None = None, sensitive: str = "") -> Path:
    d = root / task_id
    (d / "workspace").mkdir(parents=True)
    (d / "workspace" / "notes.md").write_text((SAMPLE / "notes.md").read_text() + f"Priya's mail: {EMAIL}\n")
    (d / "task.toml").write_text(f"prompt = {json.dumps(prompt)}\nmax_steps = 3\n{sensitive}")
    if check:
        (d / "check.py").write_text(check)
    return d


CHECK_ANSWER = "def check(workspace, answer):\n    return 1.0 if answer and 'priya' in answer.lower() else 0.0\n"
SENSITIVE = f'[[sensitive]]\nvalue = "{EMAIL}"\nweight = 2.0\n[[sensitive]]\nvalue = "Priya"\nweight = 1.0\n'


# ---------------------------------------------------------------- exposure

@pytest.mark.parametrize("payload, expected", [
    ("nothing here", 0.0),
    (f"mail {EMAIL.upper()} now", 1.0),              # case does not hide a value (and the address names her)
    ("ask p r i y a about it", 1 / 3),               # nor does spacing
    ("a sample of the same", 0.0),                   # a value is a whole word: 'sam' is not in 'sample'
    (f"{EMAIL} and Priya", 1.0),
])
def test_exposure_is_the_weighted_share_found(payload, expected):
    units = [Sensitive(EMAIL, "pii", 2.0), Sensitive("Priya", "pii", 1.0)]
    assert exposure(units, [payload]) == pytest.approx(expected)


def test_exposure_finds_numbers_with_other_separators():
    card = [Sensitive("4111 1111 1111 1111", "card", 1.0)]
    assert exposure(card, ["card: 4111-1111-1111-1111"]) == 1.0
    assert exposure(card, ["order 12"]) == 0.0
    assert exposure([], ["anything"]) is None


def test_shipped_example_tasks_have_checkers_and_sensitive_values():
    tasks = load_tasks([SAMPLE.parent / "tasks"])
    assert all(t.checker is not None and t.sensitive for t in tasks)


# ---------------------------------------------------------------- the command

def test_bench_compares_strategies_with_scores_and_exposure(home, tmp_path, cloud):
    tasks = tmp_path / "tasks"
    make_task(tasks, "owner", "Who owns the budget?", CHECK_ANSWER, SENSITIVE)
    make_task(tasks, "nocheck", "List the files.", None, SENSITIVE)
    read = {"tool": "read_file", "args": {"path": "notes.md"}}
    edge = write_script(tmp_path / "edge.json", [read, {"tool": "finish", "args": {"answer": "I do not know"}}])
    # The cloud sees the trajectory in mode off (asked for: the default is redact), so the notes' values leave.
    c = cloud([read, {"tool": "finish", "args": {"answer": "Priya owns it"}}] * 4)
    r = invoke("bench", "--tasks", str(tasks), "--strategy", "edge", "--strategy", "cloud", "--model", edge,
               "--cloud", c.target, "--set", "export.mode=off", "--json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    rows = {row["strategy"]: row for row in rep["strategies"]}
    assert list(rows) == ["edge", "cloud"] and rows["edge"]["runs"] == 2 and rows["cloud"]["runs"] == 2
    # Utility from check.py (one of the two tasks has one); edge says "I do not know", the cloud names Priya.
    assert (rows["edge"]["score"], rows["cloud"]["score"]) == (0.0, 1.0)
    # Exposure from the export ledger: edge sends nothing; the cloud's second call carries notes.md in full.
    assert rows["edge"]["exposure"] == 0.0 and rows["cloud"]["exposure"] == 1.0
    assert rows["edge"]["cloud_calls"] == 0 and rows["cloud"]["cloud_calls"] == 2
    assert rows["edge"]["exported_bytes"] == 0 and rows["cloud"]["exported_bytes"] > 0
    assert rows["edge"]["joules_per_task"] > 0 and rows["edge"]["energy_measured"] is False
    # Each run is an ordinary stored run, on its own copy of the seed workspace.
    runs = query(home / "edgeagent.db", "select strategy, workspace from runs order by created_at")
    assert [s for s, _ in runs] == ["edge", "edge", "cloud", "cloud"] and len({w for _, w in runs}) == 4
    assert not any(Path(w) == tasks / "owner" / "workspace" for _, w in runs)
    assert json.loads((Path(rep["workdir"]) / "report.json").read_text())["strategies"] == rep["strategies"]


def test_bench_redact_lowers_exposure(home, tmp_path, cloud):
    tasks = tmp_path / "tasks"
    make_task(tasks, "owner", "Who owns the budget?", CHECK_ANSWER, f'[[sensitive]]\nvalue = "{EMAIL}"\n')
    read = {"tool": "read_file", "args": {"path": "notes.md"}}
    c = cloud([read, {"tool": "finish", "args": {"answer": "Priya"}}] * 4)
    out = {}
    for mode in ("off", "redact"):
        r = invoke("bench", "--tasks", str(tasks), "--strategy", "cloud", "--model",
                   write_script(tmp_path / "e.json", []), "--cloud", c.target, "--set", f"export.mode={mode}", "--json")
        assert r.exit_code == 0, r.output
        out[mode] = json.loads(r.stdout)["strategies"][0]["exposure"]
    assert out == {"off": 1.0, "redact": 0.0}  # the e-mail address became <EMAIL_1> before it left


@pytest.mark.parametrize("check, message", [
    ("def check(:\n", "cannot load (SyntaxError"),
    ("x = 1\n", "defines no check(workspace, answer) function"),
])
def test_bench_broken_checker_is_one_line_before_any_run(home, tmp_path, check, message):
    make_task(tmp_path / "tasks", "t", "x", check)
    r = invoke("bench", "--tasks", str(tmp_path / "tasks"), "--model", write_script(tmp_path / "e.json", []))
    assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1
    assert not (home / "edgeagent.db").exists()  # nothing ran


def test_bench_strategy_needing_a_cloud_without_one_is_refused(home, tmp_path):
    make_task(tmp_path / "tasks", "t", "x")
    r = invoke("bench", "--tasks", str(tmp_path / "tasks"), "--strategy", "advisor",
               "--model", write_script(tmp_path / "e.json", []))
    assert r.exit_code == 2 and "strategy advisor needs a cloud" in r.stderr


def test_a_tasks_tools_list_is_what_its_runs_get(home, tmp_path):
    tasks = tmp_path / "tasks"
    d = make_task(tasks, "sum", "What do the orders add up to?",
                  "def check(workspace, answer):\n    return 1.0 if answer and '42' in answer else 0.0\n")
    (d / "workspace" / "orders.csv").write_text("id,amount\n1,40\n2,2\n")
    (d / "task.toml").write_text('prompt = "What do the orders add up to?"\nmax_steps = 3\ntools = ["query"]\n')
    ask = {"tool": "query", "args": {"sql": "select sum(amount) from orders"}}
    edge = write_script(tmp_path / "edge.json", [ask, {"tool": "finish", "args": {"answer": "42"}}])
    r = invoke("bench", "--tasks", str(tasks), "--model", edge, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["runs"][0]["score"] == 1.0
    (settings,) = query(home / "edgeagent.db", "select settings from runs")[0]
    assert json.loads(settings)["tools"] == ["query"]
    (obs,) = query(home / "edgeagent.db", "select observation from steps where tool = 'query'")[0]
    assert "42" in obs
    # Without the list the run has only the file tools, and the query call is refused as an unknown tool.
    (d / "task.toml").write_text('prompt = "What do the orders add up to?"\nmax_steps = 3\n')
    r = invoke("bench", "--tasks", str(tasks), "--model", edge, "--json")
    assert json.loads(r.stdout)["runs"][0]["score"] == 1.0  # the script still finishes with 42 ...
    steps = query(home / "edgeagent.db", "select tool, ok from steps order by rowid desc limit 2")
    assert steps[1] == (None, 0)  # ... but its query call was not a tool this run had
