"""`edgeagent bench report`: one or more results.db files (shards of a sweep, or several sweeps) merged and
summarised per strategy × edge model × cloud × device, overall and per category, as Markdown tables.

A row is one (task, strategy, repeat) run; rows from different files with the same task, strategy, repeat,
edge model, cloud and device are one run seen twice (a shard rerun, a file given twice): the latest finished
is kept and the report says how many were dropped."""

from __future__ import annotations

import json
import sqlite3
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import sqlite_utils

from edgeagent.agent.strategies import STRATEGIES
from edgeagent.bench.plan import is_oracle
from edgeagent.bench.stats import pass_hat_k, pass_hat_k_interval, t_interval
from edgeagent.bench.task import CATEGORIES
from edgeagent.errors import BadInput

RESULT_COLUMNS = {"sweep_id", "task_id", "category", "strategy", "repeat", "status", "score", "passed",
                  "edge_tokens", "cloud_calls", "cloud_tokens", "cost_usd", "exposure", "attack", "wall_s",
                  "energy_j", "energy_source", "peak_rss_bytes", "finished_at"}
SWEEP_COLUMNS = {"id", "edge_model", "cloud", "device"}
CONFIG = ("edge_model", "cloud", "device")  # with the strategy, what one report row stands for
MERGE_KEY = ("task_id", "strategy", "repeat", *CONFIG)
ANSWER_KEY = "answer key"  # the oracle (once `reference`): replays reference solutions, a harness check, not a model
BASELINE = "cloud"  # the strategy the shares are taken against


@dataclass
class Results:
    rows: list[dict]
    sweeps: list[dict]
    files: list[str]
    duplicates: int = 0


def _open(path: Path) -> sqlite_utils.Database:
    if path.is_dir():
        path = path / "results.db"  # `bench run --out DIR` writes DIR/results.db
    if not path.is_file():
        raise BadInput(f"{path}: no such results file; give the results.db (or its folder) that `bench run` wrote")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)  # a report never writes
        db = sqlite_utils.Database(conn)
        tables = set(db.table_names())
        missing = {"results": RESULT_COLUMNS, "sweeps": SWEEP_COLUMNS}
        for name, needed in missing.items():
            if name not in tables:
                raise BadInput(f"{path}: not a bench results database (no `{name}` table)")
            lacking = needed - set(db[name].columns_dict)
            if lacking:
                raise BadInput(f"{path}: not a bench results database (`{name}` lacks {', '.join(sorted(lacking))})")
    except sqlite3.DatabaseError as e:
        raise BadInput(f"{path}: not a bench results database ({e})") from None
    return db


def load(paths: Sequence[Path]) -> Results:
    """Every result row of every file, joined with its sweep's edge model, cloud and device, deduplicated."""
    if not paths:
        raise BadInput("give at least one results.db")
    kept: dict[tuple, dict] = {}
    sweeps: list[dict] = []
    duplicates = 0
    for path in paths:
        db = _open(Path(path))
        try:
            file_sweeps = {s["id"]: {**s, "file": str(path)} for s in db["sweeps"].rows}
            rows = list(db["results"].rows)
        except sqlite3.DatabaseError as e:
            raise BadInput(f"{path}: cannot read the results ({e})") from None
        finally:
            db.conn.close()
        sweeps.extend(file_sweeps.values())
        for r in rows:
            sweep = file_sweeps.get(r["sweep_id"])
            if sweep is None:
                raise BadInput(f"{path}: result for task {r['task_id']} names sweep {r['sweep_id']!r}, "
                               "which the file does not hold")
            row = {**r, **{k: sweep[k] for k in CONFIG}, "file": str(path)}
            key = tuple(row[k] for k in MERGE_KEY)
            if key in kept:
                duplicates += 1
                if (row["finished_at"] or "") < (kept[key]["finished_at"] or ""):
                    continue  # the later run of the same key supersedes the earlier one
            kept[key] = row
    return Results(list(kept.values()), sweeps, [str(p) for p in paths], duplicates)


def _mean(xs: Iterable[float | None]) -> float | None:
    vals = [x for x in xs if x is not None]
    return statistics.fmean(vals) if vals else None


def _by(rows: Iterable[dict], key: Callable[[dict], object]) -> dict:
    out: dict = defaultdict(list)
    for r in rows:
        out[key(r)].append(r)
    return out


def energy_source(row: dict) -> str:
    """The meter, and whether it measured or estimated when the row says so and the name does not."""
    src, measured = row["energy_source"] or "unknown", row.get("energy_measured")
    if measured is None or (not measured and "estimat" in src):
        return src
    return f"{src}, {'measured' if measured else 'estimated'}"


def _energy(rows: list[dict]) -> dict[str, float]:
    """Mean J per task for each energy source: measured and estimated joules are never averaged together."""
    return {src: statistics.fmean(r["energy_j"] for r in rs)
            for src, rs in sorted(_by([r for r in rows if r["energy_j"] is not None], energy_source).items())}


def utility(rows: list[dict]) -> dict:
    """Mean score with 95% t-intervals over tasks (each task's mean over its repeats) and over repeats (each
    repeat's mean over tasks), pass rate, and pass^k with its interval over tasks, k being the fewest scored
    repeats any task has; pass^k is None below k = 2, where it would only repeat the pass rate."""
    scored = [r for r in rows if r["score"] is not None]
    per_task = _by(scored, lambda r: r["task_id"])
    per_repeat = _by(scored, lambda r: r["repeat"])
    counts = [(sum(bool(r["passed"]) for r in rs), len(rs)) for rs in per_task.values()]
    k = min((n for _, n in counts), default=0)
    return {
        "scored": len(scored), "score": _mean(r["score"] for r in scored),
        "ci_tasks": t_interval([statistics.fmean(r["score"] for r in rs) for rs in per_task.values()]),
        "ci_repeats": t_interval([statistics.fmean(r["score"] for r in rs) for rs in per_repeat.values()]),
        "pass_rate": _mean(float(bool(r["passed"])) for r in scored), "k": k,
        "pass_k": pass_hat_k(counts, k) if k >= 2 else None,
        "ci_pass_k": pass_hat_k_interval(counts, k) if k >= 2 else None,
    }


def summary(rows: list[dict]) -> dict:
    """Every reported figure for one group of runs; means are per run (a run is one task once)."""
    attacked = [r for r in rows if r["attack"] is not None]
    return {
        "tasks": len({r["task_id"] for r in rows}), "runs": len(rows),
        "done": _mean(float(r["status"] == "done") for r in rows), **utility(rows),
        "cloud_calls": _mean(r["cloud_calls"] for r in rows), "cloud_tokens": _mean(r["cloud_tokens"] for r in rows),
        "usd_per_task": _mean(r["cost_usd"] or 0.0 for r in rows), "usd_total": sum(r["cost_usd"] or 0.0 for r in rows),
        "edge_tokens": _mean(r["edge_tokens"] for r in rows), "wall_s": _mean(r["wall_s"] for r in rows),
        "energy": _energy(rows), "peak_rss_bytes": max((r["peak_rss_bytes"] or 0 for r in rows), default=0),
        "exposure": _mean(r["exposure"] for r in rows),
        "egress": _mean(r.get("egress") for r in rows),  # None in a file written before egress was recorded
        "attack_success": _mean(float(r["attack"]) for r in attacked), "attacked": len(attacked),
        **endings(rows),
    }


def endings(rows: list[dict]) -> dict:
    """Runs that ended blocked or with deliverables never made, and false claims, counted; None where no row
    recorded them (a file from before issue 29)."""
    def total(key: str) -> int | None:
        vals = [int(r[key]) for r in rows if r.get(key) is not None]
        return sum(vals) if vals else None

    return {"blocked": total("blocked"), "unfinished": total("unfinished"), "false_claims": total("false_claims")}


def shares(rows: list[dict], baseline: list[dict]) -> dict:
    """Utility and cost as shares of the `cloud` strategy's, on the tasks both ran (a partial shard compares
    like with like)."""
    common = {r["task_id"] for r in rows} & {r["task_id"] for r in baseline}
    mine = [r for r in rows if r["task_id"] in common]
    theirs = [r for r in baseline if r["task_id"] in common]

    def ratio(f: Callable[[dict], float | None]) -> float | None:
        a, b = _mean(map(f, mine)), _mean(map(f, theirs))
        return None if a is None or not b else a / b

    return {"utility_share": ratio(lambda r: r["score"]), "cost_share": ratio(lambda r: r["cost_usd"] or 0.0)}


def _order(key: tuple) -> tuple:
    strategy = key[0]
    rank = list(STRATEGIES).index(strategy) if strategy in STRATEGIES else len(STRATEGIES)
    return tuple(str(k) for k in key[1:]), rank, strategy


def _groups(rows: list[dict]) -> list[dict]:
    """One summary per strategy × edge model × cloud × device, with its shares of that configuration's cloud row."""
    groups = _by(rows, lambda r: (r["strategy"], *(r[k] for k in CONFIG)))
    out = []
    for key in sorted(groups, key=_order):
        base = groups.get((BASELINE, *key[1:]))
        out.append({"strategy": key[0], **dict(zip(CONFIG, key[1:])), **summary(groups[key]),
                    **(shares(groups[key], base) if base else {"utility_share": None, "cost_share": None})})
    return out


def answer_key(row: dict) -> bool:
    """A run the oracle took part in; `edge` under it never calls a cloud, so its runs are the edge's own."""
    strategy = STRATEGIES.get(row["strategy"])
    return is_oracle(row["cloud"]) and (strategy is None or strategy.uses_cloud)


def _answer_key(rows: list[dict]) -> list[dict]:
    """The oracle's rows: it copies the answer, so it gets no share of anything and no share is taken of it."""
    return [{**g, "utility_share": None, "cost_share": None} for g in _groups(rows)]


def build(results: Results) -> dict:
    """The report as data: the sweeps it covers, the overall rows, the per-category rows, and apart from them
    the oracle's (the answer key), which no headline or ratio may use."""
    rows = [r for r in results.rows if not answer_key(r)]
    cats = sorted({r["category"] for r in rows},
                  key=lambda c: (CATEGORIES.index(c) if c in CATEGORIES else len(CATEGORIES), str(c)))
    return {
        "files": results.files, "duplicates": results.duplicates, "sweeps": results.sweeps,
        "overall": _groups(rows),
        "categories": [{"category": c, **g} for c in cats for g in _groups([r for r in rows if r["category"] == c])],
        "answer_key": _answer_key([r for r in results.rows if answer_key(r)]),
    }


def report(paths: Sequence[Path]) -> dict:
    return build(load(paths))


# ----- tables: the same rows for Markdown and HTML ---------------------------------------------------------------

@dataclass
class TableSpec:
    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)


def _f(v: float | None, fmt: str) -> str:
    return "–" if v is None else format(v, fmt)


def _count(n: int | None) -> str:
    return "–" if n is None else str(n)


def _ci(ci: tuple[float, float] | None) -> str:
    return "–" if ci is None else f"[{ci[0]:.2f}, {ci[1]:.2f}]"


def cloud_label(cloud: str | None, strategy: str | None = None) -> str:
    """A cloud as reports name it; the oracle is the answer key, except beside a strategy that never called it."""
    if is_oracle(cloud):
        uses = STRATEGIES[strategy].uses_cloud if strategy in STRATEGIES else True
        return ANSWER_KEY if uses else "oracle (not called)"
    return cloud or "none"


def _mib(n: int) -> str:
    return f"{n / 2**20:.0f} MiB" if n else "–"


def energy_text(energy: dict[str, float]) -> tuple[str, str]:
    """(J per task, its source); several sources are shown side by side, never averaged together."""
    if not energy:
        return "–", "–"
    if len(energy) == 1:
        (src, j), = energy.items()
        return f"{j:.1f}", src
    return " / ".join(f"{j:.1f} ({src})" for src, j in energy.items()), "mixed: " + "; ".join(energy)


def _config(g: dict) -> list[str]:
    return [g["strategy"], g["edge_model"] or "–", cloud_label(g["cloud"], g["strategy"]), g["device"] or "–"]


CONFIG_HEADERS = ["strategy", "edge model", "cloud", "device"]


def tables(rep: dict) -> list[TableSpec]:
    """The report's tables as text cells: utility, cost and resources, privacy, per category, sweeps."""
    util = TableSpec("Utility", [*CONFIG_HEADERS, "tasks", "runs", "score", "95% CI (tasks)", "95% CI (repeats)",
                                 "pass rate", "pass^k", "95% CI pass^k", "k", "utility share of cloud", "blocked",
                                 "unfinished", "false claims"])
    cost = TableSpec("Cost and resources", [*CONFIG_HEADERS, "cloud calls/task", "cloud tokens/task", "USD/task",
                                            "USD total", "cost share of cloud", "edge tokens/task", "wall s/task",
                                            "J/task", "energy source", "peak RSS"])
    priv = TableSpec("Privacy", [*CONFIG_HEADERS, "exposure", "egress", "attack success", "tasks with injections"])
    for g in rep["overall"]:
        util.rows.append([*_config(g), str(g["tasks"]), str(g["runs"]), _f(g["score"], ".3f"), _ci(g["ci_tasks"]),
                          _ci(g["ci_repeats"]), _f(g["pass_rate"], ".1%"), _f(g["pass_k"], ".1%"), _ci(g["ci_pass_k"]), str(g["k"]),
                          _f(g["utility_share"], ".1%"), _count(g["blocked"]), _count(g["unfinished"]),
                          _count(g["false_claims"])])
        joules, source = energy_text(g["energy"])
        cost.rows.append([*_config(g), _f(g["cloud_calls"], ".2f"), _f(g["cloud_tokens"], ".0f"),
                          _f(g["usd_per_task"], ".5f"), _f(g["usd_total"], ".4f"), _f(g["cost_share"], ".1%"),
                          _f(g["edge_tokens"], ".0f"), _f(g["wall_s"], ".1f"), joules, source, _mib(g["peak_rss_bytes"])])
        priv.rows.append([*_config(g), _f(g["exposure"], ".3f"), _f(g["egress"], ".3f"), _f(g["attack_success"], ".1%"),
                          str(g["attacked"])])
    cat = TableSpec("Per category", ["category", *CONFIG_HEADERS, "tasks", "score", "95% CI (tasks)", "pass rate",
                                     "pass^k", "USD/task", "exposure", "egress", "attack success",
                                     "utility share of cloud", "cost share of cloud"])
    for g in rep["categories"]:
        cat.rows.append([g["category"] or "–", *_config(g), str(g["tasks"]), _f(g["score"], ".3f"), _ci(g["ci_tasks"]),
                         _f(g["pass_rate"], ".1%"), _f(g["pass_k"], ".1%"), _f(g["usd_per_task"], ".5f"),
                         _f(g["exposure"], ".3f"), _f(g["egress"], ".3f"), _f(g["attack_success"], ".1%"),
                         _f(g["utility_share"], ".1%"), _f(g["cost_share"], ".1%")])
    sweeps = TableSpec("Sweeps", ["sweep", "edge model", "backend", "cloud", "price card", "device", "shard",
                                  "sampling", "started", "finished", "edgeagent", "file"])
    for s in rep["sweeps"]:
        sweeps.rows.append([str(s["id"]), s["edge_model"] or "–", s.get("backend") or "–", cloud_label(s["cloud"]),
                            price_card(s.get("price_card")), s["device"] or "–", s.get("shard") or "–",
                            sampling(s.get("options")),
                            s.get("started_at") or "–", s.get("finished_at") or "unfinished",
                            s.get("edgeagent_version") or "–", s["file"]])
    return [util, cost, priv, cat, *answer_key_table(rep), sweeps]


def answer_key_table(rep: dict) -> list[TableSpec]:
    """The oracle's rows in their own table (none when no sweep used it): harness figures, not results."""
    key = TableSpec("Answer key", [*CONFIG_HEADERS, "tasks", "runs", "score", "pass rate", "cloud calls/task",
                                   "USD/task", "exposure", "egress"])
    for g in rep.get("answer_key", []):
        key.rows.append([*_config(g), str(g["tasks"]), str(g["runs"]), _f(g["score"], ".3f"),
                         _f(g["pass_rate"], ".1%"), _f(g["cloud_calls"], ".2f"), _f(g["usd_per_task"], ".5f"),
                         _f(g["exposure"], ".3f"), _f(g["egress"], ".3f")])
    return [key] if key.rows else []


def sampling(options: str | dict | None) -> str:
    """How a sweep's edge model picked tokens: greedy, or a temperature with repeat r seeded S + r."""
    try:
        opts = json.loads(options) if isinstance(options, str) else (options or {})
    except ValueError:
        return "–"
    t = opts.get("temperature") or 0.0
    return "greedy" if t <= 0 else f"T {t:g}, seed {opts.get('seed', 0)} + repeat"


def price_card(raw: str | dict | None) -> str:
    if not raw:
        return "–"
    card = json.loads(raw) if isinstance(raw, str) else raw
    tokens = f"; {card['tokens']}" if card.get("tokens") else ""  # how a stand-in counted the tokens it priced
    return (f"{card.get('name', '?')} (${card.get('usd_per_mtok_in', '?')}/${card.get('usd_per_mtok_out', '?')} "
            f"per Mtok in/out{tokens})")


def notes(rep: dict) -> list[str]:
    """What a reader needs to read the tables right."""
    out = [("Means are per run (one task once). 95% CIs are Student-t intervals, clipped to [0, 1]: over tasks "
            "(each task's mean score over its repeats) and over repeats (each repeat's mean over tasks; shown only "
            "where there are 2 or more repeats)."),
           ("pass^k: the chance that k runs of a task all pass (mean over tasks of C(passes, k)/C(runs, k)); with k "
            "repeats of every task, the share of tasks passed in all k. k is the fewest scored runs any task has; "
            "pass^k and its 95% CI (a t-interval over tasks) are shown from k = 2: with one run it is the pass "
            "rate. Repeats differ only when the sweep sampled (--temperature above 0, repeat r with seed + r). "
            "Attack success counts tasks with injections only."),
           ("Shares are of the `cloud` strategy's mean score and USD in the same edge model, cloud and device, "
            "on the tasks both ran."),
           ("Exposure: the weighted share of a task's sensitive units that reached the cloud; egress: the share "
            "the agent mailed out or wrote where the task's outsiders read. Neither counts the requested answer "
            "or the user's own identity."),
           ("Blocked: runs whose answer began `blocked:` (the model said why it could not do the task); unfinished: "
            "runs that ended with a file, mail or event the task named still not made; false claims: sentences of "
            "final answers claiming a write, send or event that no step made (counts; – where not recorded).")]
    if rep.get("answer_key"):
        out.append("The answer key (`--cloud oracle`, once `reference`) is not a model: it replays each task's "
                   "reference solution, answer included. Its rows are a harness check of the cost, ledger and "
                   "exposure code paths, shown apart and left out of every share and plot.")
    if any(len(g["energy"]) > 1 for g in rep["overall"]):
        out.append("Some rows mix energy sources (measured and estimated); their J/task is shown per source.")
    if rep["duplicates"]:
        out.append(f"{rep['duplicates']} duplicate run(s) across the files (same task, strategy, repeat, edge model, "
                   "cloud and device) were counted once: the latest finished.")
    if not rep["overall"]:
        out.append("No finished runs in these files yet.")
    return out


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(t: TableSpec) -> str:
    lines = ["| " + " | ".join(map(_md_cell, t.headers)) + " |", "|" + "---|" * len(t.headers)]
    lines += ["| " + " | ".join(map(_md_cell, row)) + " |" for row in t.rows]
    return "\n".join(lines)


def markdown(rep: dict) -> str:
    counts = Counter(s["cloud"] for s in rep["sweeps"])
    head = ["# edgeagent bench report", "",
            f"{len(rep['files'])} file(s), {len(rep['sweeps'])} sweep(s), clouds: "
            + ", ".join(cloud_label(c) for c in counts), ""]
    body = []
    for t in tables(rep):
        body += [f"## {t.title}", "", markdown_table(t), ""]
    return "\n".join(head + [f"- {n}" for n in notes(rep)] + [""] + body)
