"""The bench report counts, per strategy, runs that ended blocked or unfinished and false claims in answers
(issue 29); files written before these were recorded show a dash, not a zero."""

from __future__ import annotations

from edgeagent.bench import report as bench_report
from edgeagent.bench.results_db import outcome_of, row_of
from edgeagent.bench.runner import Outcome, ending
from tests.bench.test_report import result, sweep, write_db


def test_endings_are_counted_per_strategy_and_old_files_show_none(tmp_path):
    rows = [result("s1", "t1", "edge", 0, 0.0, blocked=1, unfinished=1, false_claims=0),
            result("s1", "t3", "edge", 0, 0.0, blocked=0, unfinished=0, false_claims=2),
            result("s1", "t1", "cloud", 0, 1.0)]  # a row from before these columns: nothing recorded
    rep = bench_report.report([write_db(tmp_path / "r.db", [sweep("s1")], rows)])
    by = {g["strategy"]: g for g in rep["overall"]}
    assert (by["edge"]["blocked"], by["edge"]["unfinished"], by["edge"]["false_claims"]) == (1, 1, 2)
    assert (by["cloud"]["blocked"], by["cloud"]["false_claims"]) == (None, None)
    util = bench_report.tables(rep)[0]
    assert util.headers[-3:] == ["blocked", "unfinished", "false claims"]
    cells = {r[0]: r[-3:] for r in util.rows}
    assert cells == {"edge": ["1", "1", "2"], "cloud": ["–", "–", "–"]}


def test_a_stored_run_becomes_counts_and_a_results_row_keeps_them(tmp_path):
    run = {"blocked": "no such folder", "open_deliverables": '["write a.md"]', "false_claims": '["I sent it."]'}
    assert ending(run) == (1, 1, 1) and ending({}) == (0, 0, 0)
    o = Outcome("t1", "edge", 0, "r1", "done", 0.0, None, 2, 10, 0, 0, 0.0, 0, 1.0, False, 0, 1.0,
                blocked=1, unfinished=1, false_claims=3)
    row = row_of(o, tmp_path / "runs.db")
    assert (row["blocked"], row["unfinished"], row["false_claims"]) == (1, 1, 3)
    back = outcome_of({**row, "energy_source": None, "attack": None})
    assert (back.blocked, back.unfinished, back.false_claims) == (1, 1, 3)
