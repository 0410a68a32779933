"""Issue 28 item 6: the oracle (`--cloud oracle`, once `reference`) is a harness check, never a collaborator.

It knows every task's answer, so it is refused for the strategies that ask the cloud for a plan or advice
(sketch, advisor), and reports show its rows apart, as an answer key, outside every ratio."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.bench import report as bench_report
from edgeagent.bench.clouds import start
from edgeagent.bench.plan import DEFAULT_TASKS
from edgeagent.bench.task import load_tasks
from edgeagent.cli import cli
from tests.bench.test_report import CARD, result, sweep, write_db
from tests.conftest import write_script


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("spec", ["oracle", "reference"])
@pytest.mark.parametrize("strategy", ["sketch", "advisor"])
def test_the_oracle_is_refused_for_sketch_and_advisor(home, tmp_path, spec, strategy):
    # Under the oracle these two were handed every reference call with its arguments, ending in finish(answer=...).
    edge = write_script(tmp_path / "edge.json", [])
    r = invoke("bench", "run", "--tasks", "data-*", "--quick", "--strategy", "edge", "--strategy", strategy,
               "--edge", edge, "--cloud", spec, "--out", str(tmp_path / "sweep"))
    assert r.exit_code == 2, r.output
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "oracle" in errors[0] and strategy in errors[0], r.stderr
    assert not (tmp_path / "sweep" / "results.db").exists()  # refused before any run


def test_edgeagent_run_refuses_the_oracle(tmp_path):
    # The oracle exists only inside a bench sweep; `edgeagent run` never accepts it.
    for strategy in ("sketch", "advisor"):
        r = invoke("run", "x", "--workspace", str(tmp_path), "--strategy", strategy, "--cloud", "oracle")
        assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_reference_is_a_deprecated_alias_of_oracle(home):
    r = invoke("bench", "run", "--tasks", "no-such-task-*", "--cloud", "reference")
    assert r.exit_code == 2 and "no task id matches" in r.stderr  # a recorded command still gets past --cloud
    notes = [ln for ln in r.stderr.splitlines() if "deprecated" in ln]
    assert len(notes) == 1 and "oracle" in notes[0], r.stderr


def test_the_oracle_stand_in_is_labelled_oracle(home):
    tasks = [t for t in load_tasks([DEFAULT_TASKS]) if t.id.startswith("data-")][:1]
    with start("oracle", tasks) as cloud:
        assert cloud.label == "oracle" and cloud.upper_bound
        assert cloud.target_for(tasks[0]).endswith(f"-priced-oracle:{tasks[0].id}")


@pytest.mark.parametrize("label", ["oracle", "reference"])
def test_reports_show_oracle_rows_as_an_answer_key_outside_every_ratio(tmp_path, label):
    rows = [result("o", "t1", s, 0, score) for s, score in (("cloud", 1.0), ("sketch", 0.9), ("edge", 0.5))]
    db = write_db(tmp_path / "o.db", [{**sweep("o", cloud=label), "price_card": json.dumps(CARD)},
                                      sweep("l", cloud="local:big")],
                  [*rows, result("l", "t1", "cloud", 0, 1.0), result("l", "t1", "edge", 0, 0.5)])
    rep = bench_report.report([db])
    # edge never calls the oracle: its row is the edge's own; the rest are the answer key, in no share
    assert {(g["strategy"], g["cloud"]) for g in rep["overall"]} == {("cloud", "local:big"), ("edge", "local:big"),
                                                                     ("edge", label)}
    key = rep["answer_key"]
    assert {g["strategy"] for g in key} == {"cloud", "sketch"}
    assert all(g["utility_share"] is None and g["cost_share"] is None for g in rep["overall"] + key
               if g["cloud"] == label)
    md = bench_report.markdown(rep)
    head, section = md.split("## Answer key", 1)
    tables = head.split("## Sweeps")[0].split("## Utility")[1]
    assert "answer key" not in tables and "| edge | m-edge | oracle (not called) |" in tables
    assert "| sketch | m-edge | answer key |" in section and "harness check" in md
    assert "upper bound" not in md
