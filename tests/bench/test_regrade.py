"""Auditable results: each recorded run keeps its answer, trajectory and changed files in a bundle beside
results.db, and `bench regrade` re-scores them with today's checkers on a rebuilt workspace."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.bench import bundle
from edgeagent.bench.results_db import RESULT_COLUMNS, Results, Sweep
from edgeagent.bench.task import load_task
from edgeagent.cli import cli
from tests.bench.test_runner import make_task
from tests.conftest import query, write_script

WRITE = {"tool": "write_file", "args": {"path": "out/summary.txt", "content": "Budget owner: Priya\n"}}
APPEND = {"tool": "append_file", "args": {"path": "notes.md", "content": "checked\n"}}
FINISH = {"tool": "finish", "args": {"answer": "Priya owns the budget"}}
# Scores the answer and the file the run wrote: regrade must rebuild that file to score it the same.
CHECK = ("def check(workspace, answer):\n"
         "    f = workspace / 'out' / 'summary.txt'\n"
         "    wrote = f.is_file() and 'Priya' in f.read_text()\n"
         "    return (0.5 if answer and 'priya' in answer.lower() else 0.0) + (0.5 if wrote else 0.0)\n")
# Today's stricter checker: the summary must also say 'budget owner' in lower case (it does not).
STRICTER = CHECK.replace("'Priya' in f.read_text()", "'budget owner' in f.read_text()")


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def sweep(home, tmp_path) -> tuple[Path, Path]:
    """A finished two-repeat sweep of one task whose run writes a new file, appends to a seed file and answers;
    returns (tasks folder, sweep folder)."""
    tasks = tmp_path / "tasks"
    make_task(tasks, "owner", "Who owns the budget? Write it to out/summary.txt.", CHECK)
    edge = write_script(tmp_path / "edge.json", [WRITE, APPEND, FINISH])  # the task allows 3 steps
    out = tmp_path / "sweep"
    r = invoke("bench", "run", "--tasks", str(tasks), "--edge", edge, "--repeats", "2", "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    return tasks, out


def rows(out: Path) -> list[dict]:
    db = sqlite3.connect(out / "results.db")
    db.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in db.execute("select * from results order by repeat")]
    finally:
        db.close()


def test_each_run_keeps_its_answer_trajectory_and_changed_files(sweep):
    _, out = sweep
    for row in rows(out):
        assert row["answer"] == "Priya owns the budget" and row["score"] == 1.0
        data = (out / row["bundle"]).read_bytes()
        assert row["bundle"] == f"runs/owner.edge.{row['repeat']}.json.gz"
        assert hashlib.sha256(data).hexdigest() == row["bundle_sha256"]
        b = json.loads(gzip.decompress(data))
        assert b["answer"] == row["answer"] and b["run_id"] == row["run_id"]
        assert [s["tool"] for s in b["trajectory"]] == ["write_file", "append_file", "finish"]
        assert b["trajectory"][0]["args"] == WRITE["args"] and "wrote 20 bytes" in b["trajectory"][0]["observation"]
        ws = b["workspace"]
        assert (ws["changed"], ws["added"], ws["deleted"]) == (["notes.md"], ["out/summary.txt"], [])
        assert json.loads(row["workspace_changes"]) == {"changed": ["notes.md"], "added": ["out/summary.txt"],
                                                         "deleted": []}  # queryable without opening the bundle
        final = out / "workspaces" / "edge" / "owner" / str(row["repeat"])
        assert ws["files"] == {p: hashlib.sha256((final / p).read_bytes()).hexdigest()
                               for p in ("notes.md", "out/summary.txt")}
        assert b["contents"]["out/summary.txt"] == {"text": "Budget owner: Priya\n"}
        assert b["contents"]["notes.md"]["text"].endswith("checked\n")


def test_regrade_rebuilds_each_run_and_scores_it_with_todays_checker(sweep):
    tasks, out = sweep
    shutil.rmtree(out / "workspaces")  # nothing but the bundles and a fresh seed rebuilds the runs
    r = invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert [(x["old_score"], x["new_score"], x["changed"], x["drift"]) for x in rep["runs"]] == [
        (1.0, 1.0, False, None)] * 2  # the same checker gives the same score: the state was rebuilt exactly
    assert (rep["runs"][0]["source"], rep["changed"], rep["errors"]) == ("bundle", 0, 0)

    (tasks / "owner" / "check.py").write_text(STRICTER)
    r = invoke("bench", "regrade", str(out), "--tasks", str(tasks))
    assert r.exit_code == 0, r.output
    assert "2 of 2 runs re-graded: 2 changed (0 up, 2 down)" in " ".join(r.stdout.split())
    assert "nothing written" in r.stdout
    assert [x["score"] for x in rows(out)] == [1.0, 1.0]  # looking changes nothing

    r = invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--write", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["written"] is True
    assert [(x["score"], x["passed"], x["first_score"]) for x in rows(out)] == [(0.5, 0, 1.0)] * 2
    assert all(x["regraded_at"] for x in rows(out))
    # A second --write keeps the score first given, not the one the last regrade wrote.
    (tasks / "owner" / "check.py").write_text(CHECK.replace("0.5 if wrote", "0.25 if wrote"))
    assert invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--write").exit_code == 0
    assert [(x["score"], x["first_score"]) for x in rows(out)] == [(0.75, 1.0)] * 2
    # The report reads the re-graded scores.
    table = invoke("bench", "report", str(out)).stdout
    assert "| edge |" in table and "| 0.750 |" in table


def test_a_changed_seed_is_flagged_as_drift(sweep):
    tasks, out = sweep
    (tasks / "owner" / "workspace" / "extra.md").write_text("added to the seed after the sweep\n")
    rep = json.loads(invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--json").stdout)
    assert [x["drift"] for x in rep["runs"]] == [["extra.md"]] * 2 and rep["drifted"] == 2


def test_problems_are_reported_per_run_not_raised(sweep, tmp_path):
    tasks, out = sweep
    first, _ = rows(out)
    # An altered bundle fails its hash; a task gone from the suite is named; the other runs are still graded.
    path = out / first["bundle"]
    path.write_bytes(path.read_bytes() + b"x")
    r = invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--json")
    assert r.exit_code == 1
    runs = json.loads(r.stdout)["runs"]
    assert "altered" in runs[0]["error"] and runs[1]["error"] is None and runs[1]["new_score"] == 1.0
    other = tmp_path / "other-suite"
    make_task(other, "someone-else", "x", CHECK)
    r = invoke("bench", "regrade", str(out), "--tasks", str(other))
    assert r.exit_code == 1
    assert "task owner no longer exists in" in " ".join(r.stdout.split())
    assert "0 of 2 runs re-graded" in " ".join(r.stdout.split())
    # Bad arguments are one line, before any work.
    r = invoke("bench", "regrade", str(tmp_path / "tasks"))
    assert r.exit_code == 2 and "no results.db there" in r.stderr and r.stderr.count("\n") == 1
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "results.db").write_text("not sqlite " * 200)
    r = invoke("bench", "regrade", str(tmp_path / "junk"))
    assert r.exit_code == 2 and "not a bench results database" in r.stderr and r.stderr.count("\n") == 1


def test_a_sweep_from_before_bundles_regrades_from_its_kept_workspaces(sweep):
    tasks, out = sweep
    db = sqlite3.connect(out / "results.db")
    db.execute("update results set bundle = null, bundle_sha256 = null, answer = null")
    db.commit()
    db.close()
    shutil.rmtree(out / "runs")
    rep = json.loads(invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--json").stdout)
    assert [(x["source"], x["new_score"]) for x in rep["runs"]] == [("workspace", 1.0)] * 2  # answer from the store
    shutil.rmtree(out / "workspaces")
    rep = json.loads(invoke("bench", "regrade", str(out), "--tasks", str(tasks), "--json").stdout)
    assert all("final workspace" in x["error"] and "is gone" in x["error"] for x in rep["runs"])


def test_apply_deletes_writes_text_and_bytes_and_refuses_paths_outside(tmp_path):
    task = load_task(make_task(tmp_path / "tasks", "t", "x") / "task.toml")
    seed = bundle.seed_hashes(task)
    final = task.seed_into(tmp_path / "final")
    (final / "notes.md").unlink()
    (final / "blob.bin").write_bytes(b"\xff\x00\xfe")
    (final / "sub").mkdir()
    (final / "sub" / "a.txt").write_text("é\n")
    made = bundle.build("t", "edge", 0, {"id": "r1", "answer": "a"}, [], final, seed)
    assert made["workspace"]["deleted"] == ["notes.md"] and made["contents"]["blob.bin"] == {"base64": "/wD+"}
    rebuilt = task.seed_into(tmp_path / "rebuilt")
    assert bundle.apply(made, rebuilt) == []  # exact: every recorded hash matches
    assert bundle.file_hashes(rebuilt) == bundle.file_hashes(final)
    for bad in ("../escape.txt", "/etc/passwd", ".git/config"):
        hostile = {**made, "contents": {bad: {"text": "x"}}}
        with pytest.raises(Exception, match="not a workspace file"):
            bundle.apply(hostile, task.seed_into(tmp_path / "again"))
    assert not (tmp_path / "escape.txt").exists()
    # A link in the seed is not followed out of the workspace either.
    outside = tmp_path / "outside"
    outside.mkdir()
    again = task.seed_into(tmp_path / "linked")
    (again / "docs").symlink_to(outside)
    with pytest.raises(Exception, match="through a link"):
        bundle.apply({**made, "contents": {"docs/x.txt": {"text": "x"}}}, again)
    assert list(outside.iterdir()) == []


def test_git_folders_are_left_out_of_the_hashes(tmp_path):
    (tmp_path / "repo" / ".git" / "objects").mkdir(parents=True)
    (tmp_path / "repo" / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (tmp_path / "repo" / "src.py").write_text("print(1)\n")
    (tmp_path / "link").symlink_to(tmp_path / "repo" / "src.py")
    assert list(bundle.file_hashes(tmp_path)) == ["repo/src.py"]


def test_an_old_results_db_gains_the_new_columns_and_still_resumes(tmp_path):
    old = {k: v for k, v in RESULT_COLUMNS.items()
           if k not in ("answer", "bundle", "bundle_sha256", "workspace_changes", "temperature", "seed",
                        "first_score", "regraded_at")}
    folder = tmp_path / "sweep"
    folder.mkdir()
    db = sqlite3.connect(folder / "results.db")
    cols = ", ".join(f'"{k}"' for k in old)
    db.execute(f"create table results ({cols})")
    db.execute('create table sweeps (id text primary key, started_at, finished_at, argv, edge_model, backend, '
               'cloud, price_card, device, shard, edgeagent_version, options)')
    # Recorded before --temperature and --seed existed: its options lack them.
    db.execute("insert into sweeps (id, edge_model, cloud, device, shard, options) values "
               "('s1', 'm', null, 'cpu', null, ?)", [json.dumps({"set": [], "max_steps": None})])
    db.execute("insert into results (sweep_id, task_id, strategy, repeat, score) values ('s1', 'a', 'edge', 0, 1.0)")
    db.commit()
    db.close()
    sweep = Sweep([], "m", "onnx", None, None, "cpu", None, "0",
                  {"set": [], "max_steps": None, "temperature": 0.0, "seed": 0})
    res = Results(folder, sweep)  # the defaults match what the old sweep ran with
    assert res.sweep_id == "s1" and res.finished() == {("a", "edge", 0)}
    assert set(RESULT_COLUMNS) <= {c for (_, c, *_) in query(folder / "results.db", "pragma table_info(results)")}
    res.db.conn.close()
