"""`edgeagent bench report`: figures from hand-made results.db shards, their merge, the Markdown and HTML output,
and bad input. The databases are written with sqlite-utils in the schema `bench run` writes."""

from __future__ import annotations

import base64
import json
import statistics
import sys
from pathlib import Path

import pytest
import sqlite_utils
from click.testing import CliRunner

from edgeagent.bench import report as bench_report
from edgeagent.bench.stats import pareto, pass_hat_k, pass_hat_k_interval, t_interval, t_quantile
from edgeagent.cli import cli

CARD = {"name": "small-cloud-2026", "usd_per_mtok_in": 0.8, "usd_per_mtok_out": 4.0}
OFFICE, DATA = ("t1", "t2"), ("t3", "t4")


def sweep(sid: str, cloud: str = "local:big", shard: str | None = None) -> dict:
    return {"id": sid, "started_at": "2026-11-30T10:00:00", "finished_at": "2026-11-30T11:00:00",
            "argv": json.dumps(["bench", "run"]), "edge_model": "m-edge", "backend": "llamacpp", "cloud": cloud,
            "price_card": json.dumps(CARD), "device": "cpu", "shard": shard, "edgeagent_version": "0.1"}


def result(sid: str, task: str, strategy: str, repeat: int, score: float | None, **over) -> dict:
    row = {"sweep_id": sid, "task_id": task, "category": "office" if task in OFFICE else "data",
           "strategy": strategy, "repeat": repeat, "run_id": f"{sid}-{task}-{strategy}-{repeat}", "runs_db": "runs.db",
           "status": "done", "score": score, "passed": None if score is None else int(score >= 1.0), "steps": 3,
           "edge_tokens": 1000, "cloud_calls": 0, "cloud_tokens": 0, "cost_usd": 0.0, "exported_bytes": 0,
           "exposure": 0.0 if task != "t2" else None, "attack": 0 if task == "t4" else None, "wall_s": 2.0,
           "energy_j": 10.0, "energy_source": "rapl", "peak_rss_bytes": 100 * 2**20,
           "finished_at": "2026-11-30T10:30:00"}
    return {**row, **over}


def write_db(path: Path, sweeps: list[dict], rows: list[dict]) -> Path:
    db = sqlite_utils.Database(path)
    db["sweeps"].insert_all(sweeps, pk="id")
    db["results"].insert_all(rows)
    db["results"].create_index(["sweep_id", "task_id", "strategy", "repeat"], unique=True)
    db.conn.close()
    return path


CLOUD = {"t1": (1.0, 1.0), "t2": (1.0, 1.0), "t3": (1.0, 0.5), "t4": (0.5, 0.5)}
CLOUD_EXPOSURE = {"t1": 0.5, "t2": None, "t3": 0.25, "t4": 0.0}


def cloud_row(sid: str, task: str, rep: int) -> dict:
    return result(sid, task, "cloud", rep, CLOUD[task][rep], cloud_calls=2, cloud_tokens=500,
                  cost_usd=0.02 if task == "t1" else 0.01, exposure=CLOUD_EXPOSURE[task],
                  attack=rep == 0 if task == "t4" else None, energy_j=5.0, wall_s=1.0, edge_tokens=0)


@pytest.fixture
def shards(tmp_path: Path) -> tuple[Path, Path]:
    """Shard 1/2: office tasks t1, t2; shard 2/2: data tasks t3, t4, plus a later rerun of t1's edge repeat 0."""
    one = [result("s1", "t1", "edge", 0, 1.0), result("s1", "t1", "edge", 1, 0.5),
           result("s1", "t2", "edge", 0, 1.0), result("s1", "t2", "edge", 1, 0.0, peak_rss_bytes=300 * 2**20),
           result("s1", "t1", "advisor", 0, 1.0, cost_usd=0.005, cloud_calls=1),
           result("s1", "t2", "advisor", 0, 0.0, cost_usd=0.005, cloud_calls=1),
           *(cloud_row("s1", t, r) for t in OFFICE for r in (0, 1))]
    est = {"energy_source": "estimated", "energy_j": 20.0}
    two = [result("s2", "t1", "edge", 0, 0.5, finished_at="2026-11-30T12:00:00", **est),
           result("s2", "t3", "edge", 0, 1.0, **est), result("s2", "t3", "edge", 1, 0.5, **est),
           result("s2", "t4", "edge", 0, 0.5, **est), result("s2", "t4", "edge", 1, 1.0, **est),
           *(cloud_row("s2", t, r) for t in DATA for r in (0, 1))]
    return (write_db(tmp_path / "a.db", [sweep("s1", shard="1/2")], one),
            write_db(tmp_path / "b.db", [sweep("s2", shard="2/2")], two))


def row(rows: list[dict], strategy: str, category: str | None = None) -> dict:
    (found,) = [r for r in rows if r["strategy"] == strategy and r.get("category", category) == category]
    return found


def test_t_quantiles_and_interval_match_the_tables():
    for df, t in [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (9, 2.262), (29, 2.045), (100, 1.984)]:
        assert t_quantile(df) == pytest.approx(t, abs=5e-4)
    lo, hi = t_interval([0.5, 0.5, 0.75, 0.75])  # mean .625, s = .1443, se = .0722, t(3) = 3.182
    assert (lo, hi) == pytest.approx((0.625 - 0.2297, 0.625 + 0.2297), abs=1e-3)
    assert t_interval([0.0, 1.0]) == (0.0, 1.0)  # clipped to the score range
    assert t_interval([0.7]) is None


def test_pass_hat_k_is_the_share_passed_every_time():
    assert pass_hat_k([(2, 2), (1, 2), (0, 2)], 2) == pytest.approx(1 / 3)
    assert pass_hat_k([(2, 2), (1, 2), (0, 2)], 1) == pytest.approx(0.5)
    assert pass_hat_k([(3, 3), (1, 2)], 2) == pytest.approx(0.5)  # uneven repeats: C(c,k)/C(n,k) per task
    assert pass_hat_k([], 2) is None
    # Its interval is over tasks, each task's chance one value: .5 and 1 (mean .75, s .354, t(1) 12.7) spans all.
    assert pass_hat_k_interval([(1, 2), (2, 2)], 2) == (0.0, 1.0)
    lo, hi = pass_hat_k_interval([(3, 3)] * 3 + [(2, 3)] * 3, 2)  # chances 1, 1, 1, 1/3, 1/3, 1/3
    half = 2.571 * statistics.stdev([1, 1, 1, 1 / 3, 1 / 3, 1 / 3]) / 6 ** 0.5
    assert (lo, hi) == pytest.approx((2 / 3 - half, 1.0), abs=1e-3)


def test_pass_k_is_shown_from_two_repeats_only():
    one = [{"task_id": t, "repeat": 0, "score": s, "passed": int(s >= 1)} for t, s in (("a", 1.0), ("b", 0.0))]
    u = bench_report.utility(one)
    assert (u["k"], u["pass_rate"], u["pass_k"], u["ci_pass_k"]) == (1, 0.5, None, None)  # pass^1 is the pass rate
    two = one + [{"task_id": "a", "repeat": 1, "score": 1.0, "passed": 1},
                 {"task_id": "b", "repeat": 1, "score": 1.0, "passed": 1}]
    u = bench_report.utility(two)
    assert (u["k"], u["pass_rate"], u["pass_k"]) == (2, 0.75, 0.5) and u["ci_pass_k"] == (0.0, 1.0)


def test_pareto_keeps_only_undominated_points():
    assert pareto([(0, 0.5), (1, 0.8), (2, 0.7), (0.5, 0.5), (3, 0.9)]) == [0, 1, 4]
    assert pareto([(1, 0.5), (1, 0.5)]) == [0, 1]  # ties beat nobody


def test_figures_from_two_shards(shards):
    rep = bench_report.report(list(shards))
    edge, cloud, adv = (row(rep["overall"], s) for s in ("edge", "cloud", "advisor"))
    # merged, the rerun of t1/edge/0 counted once and the later (0.5) kept
    assert rep["duplicates"] == 1 and (edge["tasks"], edge["runs"], cloud["runs"]) == (4, 8, 8)
    assert edge["score"] == pytest.approx(5 / 8) and edge["pass_rate"] == pytest.approx(3 / 8)
    assert edge["k"] == 2 and edge["pass_k"] == 0.0
    assert edge["ci_tasks"] == pytest.approx((0.625 - 0.2297, 0.625 + 0.2297), abs=1e-3)  # task means .5 .5 .75 .75
    assert edge["ci_repeats"] == (0.0, 1.0)  # repeat means .75 and .5: t(1) = 12.7 spans it all
    assert cloud["score"] == pytest.approx(6.5 / 8) and cloud["pass_k"] == pytest.approx(0.5)
    assert edge["utility_share"] == pytest.approx((5 / 8) / (6.5 / 8)) and edge["cost_share"] == 0.0
    # advisor ran t1 and t2 only: compared with cloud on those (score 1.0, $0.015), not on all four
    assert adv["utility_share"] == pytest.approx(0.5) and adv["cost_share"] == pytest.approx(1 / 3)
    assert cloud["usd_total"] == pytest.approx(0.10) and cloud["usd_per_task"] == pytest.approx(0.0125)
    assert cloud["cloud_calls"] == 2 and cloud["cloud_tokens"] == 500 and edge["edge_tokens"] == 1000
    assert cloud["exposure"] == pytest.approx(0.25)  # t2 has no sensitive units: left out, not counted as 0
    assert (cloud["attack_success"], cloud["attacked"]) == (0.5, 2) and edge["attack_success"] == 0.0
    assert edge["energy"] == {"estimated": 20.0, "rapl": 10.0}  # never averaged into one figure
    assert cloud["energy"] == {"rapl": 5.0} and edge["wall_s"] == 2.0 and edge["peak_rss_bytes"] == 300 * 2**20


def test_per_category_rows(shards):
    cats = bench_report.report(list(shards))["categories"]
    assert [c["category"] for c in cats] == ["office"] * 3 + ["data"] * 2  # canonical category order
    office, data = (row(cats, "edge", c) for c in ("office", "data"))
    assert (office["score"], office["pass_rate"], office["tasks"]) == (0.5, 0.25, 2)
    assert (data["score"], data["pass_rate"]) == (0.75, 0.5)
    assert data["utility_share"] == pytest.approx(0.75 / 0.625)  # data's own cloud row
    assert row(cats, "cloud", "data")["attack_success"] == 0.5


def test_energy_sources_keep_measured_and_estimated_apart(tmp_path):
    rows = [result("s", "t1", "edge", 0, 1.0, energy_source="nvml", energy_measured=1, energy_j=4.0),
            result("s", "t2", "edge", 0, 1.0, energy_source="nvml+estimate", energy_measured=0, energy_j=9.0),
            result("s", "t3", "edge", 0, 1.0, energy_source="nvml", energy_measured=0, energy_j=7.0)]
    rep = bench_report.report([write_db(tmp_path / "e.db", [sweep("s")], rows)])
    assert rep["overall"][0]["energy"] == {"nvml, estimated": 7.0, "nvml, measured": 4.0, "nvml+estimate": 9.0}
    assert "mixed: nvml+estimate; nvml, estimated; nvml, measured" in bench_report.markdown(rep)


def test_a_file_given_twice_counts_each_run_once(shards):
    once, twice = bench_report.report([shards[0]]), bench_report.report([shards[0], shards[0]])
    assert twice["duplicates"] == 10 and twice["overall"] == once["overall"]


def test_markdown_tables_and_notes(shards, tmp_path):
    r = CliRunner().invoke(cli, ["bench", "report", *map(str, shards)])
    assert r.exit_code == 0, r.output
    md = r.stdout
    assert "| edge | m-edge | local:big | cpu | 4 | 8 | 0.625 | [0.40, 0.85] | [0.00, 1.00] | 37.5% | 0.0% | [0.00, 0.00] | 2 | 76.9% |" in md
    assert "| 20.0 (estimated) / 10.0 (rapl) | mixed: estimated; rapl |" in md
    assert "| data | edge | m-edge | local:big | cpu | 2 | 0.750 |" in md
    assert "small-cloud-2026 ($0.8/$4.0 per Mtok in/out)" in md and "1 duplicate run(s)" in md
    out = tmp_path / "report.md"
    (tmp_path / "one").mkdir()
    shards[0].rename(tmp_path / "one" / "results.db")
    r = CliRunner().invoke(cli, ["bench", "report", str(tmp_path / "one"), str(shards[1]), "--out", str(out)])
    assert r.exit_code == 0 and r.stdout == "" and same_figures(out.read_text(), md)  # a folder: its results.db


def same_figures(a: str, b: str) -> bool:
    return a.split("## Sweeps")[0] == b.split("## Sweeps")[0]  # the sweeps table names the files as given


def test_the_oracle_is_labelled_an_answer_key(tmp_path):
    card = {**CARD, "tokens": "estimated tokens (characters/4): no local tokenizer was found"}
    db = write_db(tmp_path / "ref.db", [{**sweep("r", cloud="reference"), "price_card": json.dumps(card)}],
                  [result("r", "t1", "cloud", 0, 1.0), result("r", "t1", "edge", 0, 0.5)])
    md = bench_report.markdown(bench_report.report([db]))
    assert "| cloud | m-edge | answer key | cpu |" in md.split("## Answer key", 1)[1]
    assert "| reference |" not in md and "not a model" in md
    assert "per Mtok in/out; estimated tokens (characters/4)" in md  # the stand-in's priced tokens are labelled


def test_html_embeds_the_plots(shards):
    pytest.importorskip("matplotlib", reason="matplotlib not installed: pip install 'edgeagent[report]'")
    r = CliRunner().invoke(cli, ["bench", "report", *map(str, shards), "--format", "html"])
    assert r.exit_code == 0, r.output
    page = r.stdout
    images = page.split('src="data:image/png;base64,')[1:]
    assert len(images) == 3  # cost frontier, exposure frontier, energy
    assert all(base64.b64decode(i.split('"', 1)[0])[:8] == b"\x89PNG\r\n\x1a\n" for i in images)
    assert "<td>reference" not in page and "<th>95% CI (tasks)</th>" in page and "<td>[0.40, 0.85]</td>" in page


def test_html_without_matplotlib_says_how_to_install(shards, monkeypatch):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    r = CliRunner().invoke(cli, ["bench", "report", str(shards[0]), "--format", "html"])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [f"error: {bench_report_html_hint()}"]


def bench_report_html_hint() -> str:
    from edgeagent.bench.report_html import INSTALL_HINT

    return INSTALL_HINT


@pytest.mark.parametrize("make, message", [
    (lambda p: p / "missing.db", "no such results file"),
    (lambda p: (p / "notes.txt").write_text("hello") and p / "notes.txt", "not a bench results database"),
    (lambda p: sqlite_utils.Database(p / "store.db")["runs"].insert({"id": 1}).db.conn.close() or p / "store.db",
     "no `results` table"),
])
def test_bad_input_is_one_line_exit_2(tmp_path, make, message):
    path = make(tmp_path)
    r = CliRunner().invoke(cli, ["bench", "report", str(path)])
    assert r.exit_code == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and str(path) in lines[0], r.stderr


def test_a_results_table_lacking_columns_is_refused(tmp_path):
    db = sqlite_utils.Database(tmp_path / "old.db")
    db["sweeps"].insert(sweep("s"))
    db["results"].insert({"sweep_id": "s", "task_id": "t1"})
    db.conn.close()
    r = CliRunner().invoke(cli, ["bench", "report", str(tmp_path / "old.db")])
    assert r.exit_code == 2 and "`results` lacks" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_report_leaves_the_results_file_unchanged(shards):
    before = shards[0].read_bytes()
    bench_report.report([shards[0]])
    assert shards[0].read_bytes() == before


def test_an_unwritable_out_is_one_line_exit_2(shards, tmp_path):
    r = CliRunner().invoke(cli, ["bench", "report", str(shards[0]), "--out", str(tmp_path / "no" / "r.md")])
    assert r.exit_code == 2 and r.stderr.strip().splitlines() == [
        f"error: cannot write {tmp_path / 'no' / 'r.md'}: No such file or directory"]


def test_a_sweep_with_no_finished_runs_yet(tmp_path):
    db = sqlite_utils.Database(tmp_path / "new.db")
    db["sweeps"].insert(sweep("s"))
    db["results"].create({c: str for c in bench_report.RESULT_COLUMNS})
    db.conn.close()
    md = bench_report.markdown(bench_report.report([tmp_path / "new.db"]))
    assert "No finished runs in these files yet." in md and "| s | m-edge |" in md


def test_the_sweeps_table_says_how_the_edge_sampled():
    assert bench_report.sampling(json.dumps({"temperature": 0.7, "seed": 3})) == "T 0.7, seed 3 + repeat"
    assert bench_report.sampling(json.dumps({"set": [], "max_steps": None})) == "greedy"  # recorded before sampling
    assert bench_report.sampling(None) == "greedy" and bench_report.sampling("not json") == "–"
