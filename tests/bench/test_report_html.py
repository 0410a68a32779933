"""The HTML report's layout: summary, then plots, then tables per configuration, the answer key last; and
labels on crowded plots kept apart."""

from __future__ import annotations

import itertools

from edgeagent.bench import report as bench_report
from edgeagent.bench.report_html import _figure, place_labels, render
from tests.bench.test_report import cloud_row, result, sweep, write_db


def test_the_page_opens_with_a_summary_then_plots_then_tables_and_ends_with_the_answer_key(tmp_path):
    rows = [result("s1", t, "edge", 0, 0.5) for t in ("t1", "t3")] + [cloud_row("s1", t, 0) for t in ("t1", "t3")]
    oracle = [result("s2", t, "sketch", 0, 1.0, cloud_calls=1, cost_usd=0.001) for t in ("t1", "t3")]
    a = write_db(tmp_path / "a.db", [sweep("s1")], rows)
    b = write_db(tmp_path / "b.db", [sweep("s2", cloud="oracle")], oracle)
    page = render(bench_report.report([a, b]))
    at = {k: page.index(k) for k in ("sweep(s) in 2 file(s)", "<img", "<h2>m-edge · local:big · cpu</h2>",
                                     "<h3>Utility</h3>", "<h2>Sweeps</h2>", "Answer key: a harness check")}
    assert list(at.values()) == sorted(at.values()), at
    assert "m-edge · local:big · cpu: best mean score 1.000 (cloud, 2 tasks); the edge alone 0.500." in page
    utility = page.split("<h3>Utility</h3>", 1)[1].split("</table>", 1)[0]
    assert "sketch" not in utility  # the oracle's sketch row is only in the answer key
    assert "sketch" in page.split("Answer key: a harness check", 1)[1]


def test_labels_of_crowded_points_do_not_overlap():
    fig = _figure()
    ax = fig.add_subplot()
    pts = [(0.0, 0.13, name) for name in ("edge", "handoff", "step-router", "task-router")] + [(1e-4, 0.13, "advisor")]
    ax.scatter([p[0] for p in pts], [p[1] for p in pts])
    boxes = place_labels(ax, pts, fig)
    assert len(boxes) == 5
    for a, b in itertools.combinations(boxes, 2):
        assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
