"""`bench report --format html`: one self-contained page a reader looks at before reading.

It opens with a short summary of what was run, then the Pareto plots (utility against USD per task and against
exposure, labels kept apart), then the tables grouped per configuration (edge model · cloud · device), energy,
the sweeps, and last the answer key in its own section. Images are PNGs embedded as base64, so the page can be
mailed or committed alone."""

from __future__ import annotations

import base64
import html
import io
from collections import defaultdict

from edgeagent.bench.report import CONFIG, TableSpec, answer_key_table, cloud_label, notes, tables
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
    return f"{g['edge_model']} · {cloud_label(g['cloud'], g['strategy'])} · {g['device']}"


def place_labels(ax, points: list[tuple[float, float, str]], fig) -> list[tuple[float, float, float, float]]:
    """Each label beside its point, moved up past any label already placed there: points near zero cost
    crowd, and overlapping names can't be read."""
    fig.canvas.draw()  # the transforms are final only after a draw
    to_px = ax.transData.transform
    placed: list[tuple[float, float, float, float]] = []
    scale = fig.dpi / 72  # offsets are in points
    for px, py, label in sorted(points, key=lambda p: (p[0], p[1])):
        x0, y0 = to_px((px, py))
        w, h = 5.2 * scale * len(label), 9 * scale
        dy = 3.0
        for _ in range(12):
            box = (x0 + 4 * scale, y0 + dy * scale, x0 + 4 * scale + w, y0 + dy * scale + h)
            if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed):
                break
            dy += 10
        placed.append(box)
        ax.annotate(label, (px, py), textcoords="offset points", xytext=(4, dy), fontsize=8,
                    arrowprops={"arrowstyle": "-", "color": "0.6", "lw": 0.5} if dy > 3 else None)
    return placed


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
    labels = []
    for i, groups in enumerate(series.values()):
        color = f"C{i % 10}"
        pts = [(g[x], g["score"]) for g in groups]
        ax.scatter(*zip(*pts), color=color, label=_config_name(groups[0]), zorder=3)
        labels += [(px, py, g["strategy"]) for g, (px, py) in zip(groups, pts)]
        front = [pts[j] for j in pareto(pts)]
        ax.step(*zip(*front), where="post", color=color, alpha=0.6, linestyle="--")
    xs = [p[0] for p in labels]
    if x == "usd_per_task" and any(v > 0 for v in xs):  # edge-only rows cost 0: a log scale that keeps zero
        ax.set_xscale("symlog", linthresh=min(v for v in xs if v > 0))
    ax.set_xlabel(xlabel)
    ax.set_ylabel("utility (mean score)")
    ax.set_ylim(-0.02, 1.08)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, title="edge model · cloud · device (dashed: Pareto frontier)", title_fontsize=8,
              loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=1)
    place_labels(ax, labels, fig)
    return _png(fig)


def energy_plot(rows: list[dict]) -> str | None:
    """J per task, one panel per configuration and one bar per strategy and energy source; estimated bars are
    hatched, so they never pass for measured."""
    per = defaultdict(list)
    for g in rows:
        for src, j in g["energy"].items():
            per[_config_name(g)].append((g["strategy"], src, j))
    if not per:
        return None
    fig = _figure()
    fig.set_size_inches(8, 0.9 + sum(0.32 * len(b) + 0.5 for b in per.values()))
    axes = fig.subplots(len(per), 1, sharex=True, squeeze=False,
                        height_ratios=[max(1, len(b)) for b in per.values()])[:, 0]
    sources = list(dict.fromkeys(src for bars in per.values() for _, src, _ in bars))
    for ax, (config, bars) in zip(axes, per.items()):
        for n, (strategy, src, j) in enumerate(bars):
            ax.barh(n, j, color=f"C{sources.index(src) % 10}", hatch="//" if "estimat" in src else None, height=0.7)
        ax.set_yticks(range(len(bars)), [f"{b[0]} ({b[1]})" if len(sources) > 1 else b[0] for b in bars], fontsize=8)
        ax.invert_yaxis()
        ax.set_title(config, fontsize=8, loc="left")
        ax.grid(axis="x", alpha=0.3)
    axes[-1].set_xlabel("J per task" + (f" ({sources[0]})" if len(sources) == 1 else ""))
    return _png(fig)


def _table(t: TableSpec, level: int = 2) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in t.headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in t.rows)
    return (f"<h{level}>{html.escape(t.title)}</h{level}>\n"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def _img(title: str, png: str | None) -> str:
    if png is None:
        return f"<h2>{html.escape(title)}</h2><p>No rows with these values.</p>"
    return f'<h2>{html.escape(title)}</h2>\n<img alt="{html.escape(title)}" src="data:image/png;base64,{png}">'


STYLE = ("body{font-family:system-ui,sans-serif;margin:2em;max-width:110em}"
         "table{border-collapse:collapse;font-size:0.85em;margin-bottom:1.5em}"
         "th,td{border:1px solid #ccc;padding:0.25em 0.5em;text-align:right}th{background:#f4f4f4}"
         "td:nth-child(-n+5){text-align:left}img{max-width:100%}.plots{display:flex;flex-wrap:wrap;gap:1em}"
         ".plots>div{flex:1 1 40em}.key{border-left:4px solid #c60;padding-left:1em}")


def summary(rep: dict) -> list[str]:
    """What was run, in a few lines: configurations, tasks, strategies and repeats, and each configuration's
    best mean score beside the edge's own."""
    rows = rep["overall"]
    if not rows:
        return ["No finished runs in these files yet."]
    configs = list(dict.fromkeys(_config_name(g) for g in rows))
    tasks = max(g["tasks"] for g in rows)
    out = [(f"{len(rep['sweeps'])} sweep(s) in {len(rep['files'])} file(s): {len(configs)} configuration(s), "
           f"{len(dict.fromkeys(g['strategy'] for g in rows))} strategies, up to {tasks} tasks, "
           f"{max(g['k'] for g in rows)} repeat(s) per task.")]
    for config in configs:
        mine = [g for g in rows if _config_name(g) == config and g["score"] is not None]
        if not mine:
            continue
        best = max(mine, key=lambda g: g["score"])
        edge = next((g for g in mine if g["strategy"] == "edge"), None)
        line = f"{config}: best mean score {best['score']:.3f} ({best['strategy']}, {best['tasks']} tasks)"
        if edge is not None and edge is not best:
            line += f"; the edge alone {edge['score']:.3f}"
        out.append(line + ".")
    if rep.get("answer_key"):
        out.append("An answer key (the oracle) ran too: its rows are at the bottom, a harness check, not a result.")
    return out


def _per_config(rep: dict) -> list[tuple[str, dict]]:
    """The report cut per configuration, so each gets its own tables (sweeps and the answer key are apart)."""
    names = list(dict.fromkeys(_config_name(g) for g in rep["overall"]))
    return [(n, {**rep, "overall": [g for g in rep["overall"] if _config_name(g) == n],
                 "categories": [g for g in rep["categories"] if _config_name(g) == n], "answer_key": [],
                 "sweeps": []}) for n in names]


def render(rep: dict) -> str:
    """The whole report as one HTML page."""
    plots = [("Utility against cost (Pareto frontier)",
              frontier_plot(rep["overall"], "usd_per_task", "USD per task (log scale; edge-only runs at 0)")),
             ("Utility against exposure (Pareto frontier)",
              frontier_plot(rep["overall"], "exposure", "exposure (weighted share of sensitive values sent)"))]
    parts = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8"><title>edgeagent bench report</title>',
             f"<style>{STYLE}</style></head><body>", "<h1>edgeagent bench report</h1>",
             "<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in summary(rep)) + "</ul>",
             '<div class="plots">' + "".join(f"<div>{_img(t, png)}</div>" for t, png in plots) + "</div>"]
    for name, cut in _per_config(rep):
        specs = [t for t in tables(cut) if t.title not in ("Sweeps", "Answer key")]
        parts.append(f"<h2>{html.escape(name)}</h2>")
        parts += [_table(t, level=3) for t in specs]
    parts.append(_img("Energy per task", energy_plot(rep["overall"])))
    parts += [_table(t) for t in tables({**rep, "overall": [], "categories": [], "answer_key": []})
              if t.title == "Sweeps"]
    parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in notes(rep)) + "</ul>")
    key = answer_key_table(rep)
    if key:
        parts.append('<section class="key"><h2>Answer key: a harness check, not a result</h2>'
                     "<p>The oracle replays each task's reference solution, answer included. These rows test the "
                     "cost, ledger and exposure code paths; no share, plot or headline uses them.</p>"
                     + "".join(_table(t, level=3) for t in key) + "</section>")
    return "\n".join(parts + ["</body></html>", ""])
