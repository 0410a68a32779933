"""`bench report --format html`: the Markdown report's tables plus plots (matplotlib), in one self-contained file.

Plots: the Pareto frontier of utility against USD per task and against exposure, and J per task by energy
source. Images are PNGs embedded as base64, so the page can be mailed or committed alone."""

from __future__ import annotations

import base64
import html
import io
from collections import defaultdict

from edgeagent.bench.report import CONFIG, TableSpec, cloud_label, notes, tables
from edgeagent.bench.stats import pareto
from edgeagent.errors import EdgeAgentError

INSTALL_HINT = "--format html needs matplotlib: pip install 'edgeagent[report]' (or pip install matplotlib)"


def _figure():
    try:  # Figure, not pyplot: no GUI backend, no global state
        from matplotlib.figure import Figure
    except ImportError:
        raise EdgeAgentError(INSTALL_HINT) from None
    return Figure(figsize=(7, 4.5), dpi=100, layout="constrained")


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _config_name(g: dict) -> str:
    return f"{g['edge_model']} · {cloud_label(g['cloud'])} · {g['device']}"


def frontier_plot(rows: list[dict], x: str, xlabel: str) -> str | None:
    """Mean score against `x` (lower is better), one series per edge model × cloud × device, its Pareto
    frontier drawn as a step line and each point named by its strategy. None when nothing has both values."""
    series = defaultdict(list)
    for g in rows:
        if g["score"] is not None and g[x] is not None:
            series[tuple(g[k] for k in CONFIG)].append(g)
    if not series:
        return None
    fig = _figure()
    ax = fig.add_subplot()
    for i, groups in enumerate(series.values()):
        color = f"C{i % 10}"
        pts = [(g[x], g["score"]) for g in groups]
        ax.scatter(*zip(*pts), color=color, label=_config_name(groups[0]))
        for g, (px, py) in zip(groups, pts):
            ax.annotate(g["strategy"], (px, py), textcoords="offset points", xytext=(4, 4), fontsize=8)
        front = [pts[j] for j in pareto(pts)]
        ax.step(*zip(*front), where="post", color=color, alpha=0.6, linestyle="--")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("utility (mean score)")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, title="edge model · cloud · device (dashed: Pareto frontier)", title_fontsize=8)
    return _png(fig)


def energy_plot(rows: list[dict]) -> str | None:
    """J per task for every row and energy source; estimated bars are hatched, so they never pass for measured."""
    bars = [(f"{g['strategy']} · {_config_name(g)}", src, j) for g in rows for src, j in g["energy"].items()]
    if not bars:
        return None
    fig = _figure()
    fig.set_size_inches(7, 1.2 + 0.35 * len(bars))
    ax = fig.add_subplot()
    sources = list(dict.fromkeys(src for _, src, _ in bars))
    for n, (label, src, j) in enumerate(bars):
        ax.barh(n, j, color=f"C{sources.index(src) % 10}", hatch="//" if "estimat" in src else None,
                label=src if src not in [b[1] for b in bars[:n]] else None)
    ax.set_yticks(range(len(bars)), [b[0] for b in bars], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("J per task")
    ax.legend(title="energy source", fontsize=8, title_fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def _table(t: TableSpec) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in t.headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in t.rows)
    return f"<h2>{html.escape(t.title)}</h2>\n<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _img(title: str, png: str | None) -> str:
    if png is None:
        return f"<h2>{html.escape(title)}</h2><p>No rows with these values.</p>"
    return f'<h2>{html.escape(title)}</h2>\n<img alt="{html.escape(title)}" src="data:image/png;base64,{png}">'


STYLE = ("body{font-family:system-ui,sans-serif;margin:2em;max-width:110em}"
         "table{border-collapse:collapse;font-size:0.85em;margin-bottom:1.5em}"
         "th,td{border:1px solid #ccc;padding:0.25em 0.5em;text-align:right}th{background:#f4f4f4}"
         "td:nth-child(-n+5){text-align:left}img{max-width:100%}")


def render(rep: dict) -> str:
    """The whole report as one HTML page."""
    plots = [("Utility against cost (Pareto frontier)", frontier_plot(rep["overall"], "usd_per_task", "USD per task")),
             ("Utility against exposure (Pareto frontier)",
              frontier_plot(rep["overall"], "exposure", "exposure (weighted share of sensitive values sent)")),
             ("Energy per task", energy_plot(rep["overall"]))]
    parts = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8"><title>edgeagent bench report</title>',
             f"<style>{STYLE}</style></head><body>", "<h1>edgeagent bench report</h1>",
             "<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in notes(rep)) + "</ul>"]
    parts += [_table(t) for t in tables(rep)]
    parts += [_img(title, png) for title, png in plots]
    return "\n".join(parts + ["</body></html>", ""])
