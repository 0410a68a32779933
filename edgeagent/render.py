"""Terminal output with rich: streamed steps, tables of runs and models, a run's timeline."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from rich.console import Console, ConsoleDimensions
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.segment import Segment
from rich.table import Column, Table

PIPED_WIDTH = 160  # tables written to a pipe or file get this much room; plain lines are never wrapped there
# C0 controls but tab and newline, DEL and C1: a file name or observation holding them could drive the terminal
# (set its title, write the clipboard with OSC 52, clear the screen), so they are printed as \x1b and the like.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """`text` with every terminal control character shown as its escape, so printing it drives nothing."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class _Console(Console):
    """A console that hard-wraps only for a terminal: piped output keeps each line whole (`peak RSS 693 MiB` is
    never split), so it can be grepped and read at any width. COLUMNS still sets the width where given."""

    @property
    def size(self) -> ConsoleDimensions:
        size = Console.size.fget(self)  # type: ignore[attr-defined]
        if self.is_terminal or self._width is not None or self._environ.get("COLUMNS", "").isdigit():
            return size
        return ConsoleDimensions(max(size.width, PIPED_WIDTH), size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        # Every piece of text passes here on its way out, so content can't slip past in a table or a progress bar;
        # rich's own control segments (cursor moves of a live display) are kept.
        return super()._render_buffer(s if s.control else Segment(visible(s.text), s.style) for s in buffer)

    @property
    def soft_wrap(self) -> bool:  # read by every print() that does not say: lines wrap only on a terminal
        return self._soft_wrap or not self.is_terminal

    @soft_wrap.setter
    def soft_wrap(self, value: bool) -> None:
        self._soft_wrap = value


out = _Console(highlight=False)
err = _Console(stderr=True, highlight=False)


def _short(value: object, width: int = 70) -> str:
    """One line of model or file content, escaped so rich prints it literally (never as markup)."""
    text = value if isinstance(value, str) else json.dumps(value)
    text = " ".join(str(text).split())
    return escape(text if len(text) <= width else text[: width - 1] + "…")


def prefilled(call: dict) -> int:
    """Prompt tokens not served from a cache (edge KV cache or cloud prompt cache)."""
    return (call.get("prompt_tokens") or 0) - (call.get("cached_tokens") or 0)


def energy(row: dict) -> str:
    """Joules with their provenance; an estimate always says so."""
    if row.get("energy_j") is None or row.get("energy_source") in (None, "none"):
        return "energy not measured"
    label = "measured" if row.get("energy_measured") else "estimated"
    return f"{row['energy_j']:.1f} J ({label})"


def mib(n: int | None) -> str:
    return f"{(n or 0) / 2**20:.0f} MiB"


def step_line(step: dict, call: dict | None = None) -> None:
    mark = "[green]✓[/]" if step["ok"] else "[red]✗[/]"
    what = f"{step['tool']}({_short(step['args'], 50)})" if step["tool"] else "[red]malformed reply[/]"
    speed = ""
    if call and call.get("side") == "cloud":
        out_tokens, cost = call.get("completion_tokens") or 0, call.get("cost_usd") or 0
        speed = f" [dim]{prefilled(call)} in, {out_tokens} out, ${cost:.4f}[/]"
    elif call and call.get("completion_tokens"):
        speed = (f" [dim]{prefilled(call)} prefilled, "
                 f"{call['completion_tokens']} generated, {call['decode_tps'] or 0:.0f} tok/s[/]")
    who = f" [magenta]cloud[/] [dim]({escape(step.get('reason') or '')})[/]" if step.get("actor") == "cloud" else ""
    spent = f" [dim]· {energy(step)}[/]" if step.get("energy_source") not in (None, "none") else ""
    out.print(f"{mark} step {step['idx']}{who} [bold]{what}[/]{speed}{spent}")
    out.print(f"    [dim]→ {_short(step['observation'])}[/]")


def fallback_line(idx: int, why: str) -> None:
    """Said when it happens, before the step the edge then takes: the cloud gave nothing usable, and why."""
    out.print(f"[yellow]![/] step {idx} [yellow]cloud unavailable[/] [dim]({escape(why)})[/] — the edge continues")


def _listed(run: dict, key: str) -> list[str]:
    return json.loads(run.get(key) or "[]")


def status_text(run: dict) -> str:
    """The status with how the run really ended: blocked, what it left open, answers that claimed too much."""
    marks = ["blocked"] if run.get("blocked") else []
    marks += ["unfinished"] if run.get("open_deliverables") else []
    n = len(_listed(run, "false_claims"))
    marks += [f"{n} false claim{'s' if n != 1 else ''}"] if n else []
    return run["status"] + (f" ({', '.join(marks)})" if marks else "")


def implied_text(run: dict) -> str:
    """The model's reading of what a task asks for unnamed (agent/implied.py), as it gave it; "" when none."""
    try:
        asks = json.loads(run.get("implied") or "{}").get("asks")
    except (ValueError, AttributeError):
        return ""
    if not isinstance(asks, list):
        return ""
    said = [f'{a.get("action")} "{a.get("quote")}"' for a in asks if isinstance(a, dict)]
    return "; ".join(said) or "nothing to produce"


def run_summary(run: dict) -> None:
    honest = run["status"] == "done" and not (run.get("open_deliverables") or run.get("false_claims"))
    colour = "yellow" if run["status"] == "running" or (honest and run.get("blocked")) else \
        "green" if honest else "red"
    out.print(f"run [bold]{run['id']}[/] [{colour}]{escape(status_text(run))}[/]")
    if run.get("answer"):
        out.print(f"answer: {escape(run['answer'])}")
    if reading := implied_text(run):
        out.print(f"[dim]the task names nothing to produce; the model read it as asking: {escape(reading)}[/]")
    if run.get("blocked"):
        out.print(f"[yellow]blocked:[/] {escape(run['blocked'])}")
    for label in _listed(run, "open_deliverables"):
        out.print(f"[red]left open:[/] {escape(label)}")
    for claim in _listed(run, "false_claims"):
        out.print(f"[red]false claim:[/] {escape(claim)} [dim](no step did this)[/]")
    if run.get("error"):
        out.print(f"[red]error:[/] {escape(run['error'])}")
    if run.get("energy_source"):
        out.print(f"[dim]energy {energy(run)} from {escape(run['energy_source'])} · peak RSS "
                  f"{mib(run.get('peak_rss_bytes'))} · device {escape(run.get('device') or '-')}, "
                  f"power mode {escape(run.get('power_mode') or '-')}[/]")


def runs_table(runs: list[dict]) -> None:
    """A table on wide terminals; one line per run on narrow ones, where ten columns would not fit."""
    def cloud(r: dict) -> list[str]:
        used = r["cloud_calls"] or r["cloud_failures"] or r["exports"]
        return [str(r["cloud_calls"]), str(r["cloud_tokens"]), f"{r['cloud_cost_usd']:.4f}",
                str(r["exported_bytes"])] if used else ["-"] * 4

    if out.width < 170:
        for r in runs:
            calls, tok, cost, sent = cloud(r)
            spend = f" · cloud {calls} calls {tok} tok ${cost} · sent {sent} B" if calls != "-" else ""
            out.print(f"{r['id']} {status_text(r)} · {r['strategy']} · {r['steps']} steps · edge {r['edge_tokens']} tok"
                      f"{spend} · {energy(r)} · {_short(r['task'], 40)}")
        return
    heads = ["run", "status", "strategy", "steps", "edge tok", "calls", "cloud tok", "cloud $", "sent B", "energy",
             "task"]
    t = Table(*[Column(h, no_wrap=True, overflow="ellipsis") for h in heads], pad_edge=False)
    for r in runs:
        t.add_row(r["id"], status_text(r), r["strategy"], str(r["steps"]), str(r["edge_tokens"]), *cloud(r),
                  energy(r), _short(r["task"], 40))
    out.print(t)


@contextmanager
def progress(total: int, label: str, quiet: bool = False) -> Iterator[Callable[[str], None]]:
    """A progress bar on stderr; the yielded function marks one item done."""
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=err, disable=quiet)
    with bar:
        job = bar.add_task(label, total=total)
        yield lambda item: bar.update(job, advance=1, description=f"{label} · {escape(item)}")


class SweepBar:
    """`bench run`'s progress: the run in progress (task, strategy), mean utility and cloud cost so far."""

    def __init__(self, bar: Progress, job: TaskID) -> None:
        self.bar, self.job = bar, job

    def running(self, task: str, strategy: str) -> None:
        self.bar.update(self.job, now=escape(f"{strategy} · {task}"))

    def totals(self, utility: float | None, cost_usd: float) -> None:
        self.bar.update(self.job, utility="-" if utility is None else f"{utility:.2f}", cost=cost_usd)

    def finished(self, utility: float | None, cost_usd: float) -> None:
        self.bar.advance(self.job)
        self.totals(utility, cost_usd)


@contextmanager
def sweep_progress(total: int, done: int = 0, quiet: bool = False) -> Iterator[SweepBar]:
    """A progress bar on stderr for a sweep of `total` runs, `done` of them finished before (a resume)."""
    bar = Progress(TextColumn("bench"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("utility {task.fields[utility]} · ${task.fields[cost]:.4f} · {task.fields[now]}"),
                   console=err, disable=quiet)
    with bar:
        yield SweepBar(bar, bar.add_task("bench", total=total, completed=done, utility="-", cost=0.0, now=""))


def calibration(report: dict) -> None:
    what = report["measure"] if report["strategy"] == "step-router" else f"probe score ({report['measure']} + length)"
    out.print(f"{report['strategy']}: {what} over {report['samples']} samples "
              f"(min {report['min']:.3f}, median {report['median']:.3f}, max {report['max']:.3f})")
    out.print(f"{report['setting']} = [bold]{report['threshold']:.4f}[/] → cloud share "
              f"{report['achieved_share']:.2f} (target {report['target_cloud_share']:.2f})")
    where = report["written_to"]
    out.print(f"written to {escape(where)}" if where else "[dim]dry run: config.toml unchanged[/]")


SHOW_TABLE_WIDTH = 120  # below this, `show` prints each step as lines: a table's columns would be a few letters wide


def _show_step(s: dict, c: dict, estimated: bool) -> None:
    """One step of `show` on a narrow terminal: what was called, what it cost and why, and what came back."""
    room = max(out.width - 6, 20)
    mark = "[green]✓[/]" if s["ok"] else "[red]✗[/]"
    actor = "[magenta]cloud[/]" if s["actor"] == "cloud" else escape(s["actor"])
    head = f"{s['idx']} {actor} {mark} [bold]{escape(s['tool'] or '-')}[/]"
    out.print(f"{head} {_short(s['args'], max(room - len(s['tool'] or '-') - len(s['actor']) - 6, 10))}")
    joules = f"{s['energy_j']:.1f} J{' (est.)' if estimated else ''}" if s.get("energy_j") is not None else "- J"
    export = f" · export #{s['export_id']}" if s.get("export_id") else ""
    reason = f" · {escape(s['reason'])}" if s.get("reason") else ""
    out.print(f"    [dim]{prefilled(c)} prefilled, {c.get('completion_tokens')} generated, "
              f"{c.get('duration_s') or 0:.2f} s, {joules}{export}{reason}[/]")
    out.print(f"    [dim]→ {_short(s['observation'], room)}[/]")


def show_run(run: dict, steps: list[dict], calls: list[dict], exports: list[dict], totals: dict) -> None:
    run_summary(run)
    out.print(f"task: {escape(run['task'])}\nworkspace: {escape(run['workspace'])}\n"
              f"model: {escape(run['model'])} ({run['backend']}), strategy: {run['strategy']}")
    if run.get("cloud") or totals["cloud_calls"] or totals["cloud_failures"]:
        failed = f" ({totals['cloud_failures']} failed)" if totals["cloud_failures"] else ""
        out.print(f"cloud: {escape(run.get('cloud') or '-')}, export mode {run.get('export_mode')}: "
                  f"{totals['cloud_calls']} calls{failed}, ${totals['cloud_cost_usd']:.4f}, {totals['exports']} exports, "
                  f"{totals['exported_bytes']} bytes left (`edgeagent audit {run['id']}` shows them)")
    if run.get("plan"):
        out.print(f"plan (from the cloud): {_short(run['plan'], 200)}")
    by_id = {c["id"]: c for c in calls}
    estimated = any(s.get("energy_source") not in (None, "none") and not s.get("energy_measured") for s in steps)
    if out.width < SHOW_TABLE_WIDTH:  # ten columns do not fit: each step as three whole lines instead
        for s in steps:
            _show_step(s, by_id.get(s["model_call_id"], {}), estimated)
        return
    t = Table("#", "actor", Column("tool", min_width=11), "args", "ok", "prefill", "gen", "model s",
              "J (est.)" if estimated else "J", "observation")
    for s in steps:
        c = by_id.get(s["model_call_id"], {})
        joules = f"{s['energy_j']:.1f}" if s.get("energy_j") is not None else "-"
        t.add_row(str(s["idx"]), s["actor"], escape(s["tool"] or "-"), _short(s["args"], 30),
                  "✓" if s["ok"] else "✗",
                  str(prefilled(c)), str(c.get("completion_tokens")),
                  f"{c.get('duration_s') or 0:.2f}", joules, _short(s["observation"], 40))
    out.print(t)
    # The strategy's timeline: who acted at each step, why, and what left the device for it.
    t = Table("#", "actor", Column("reason", overflow="fold"), "export")
    for s in steps:
        actor = "[magenta]cloud[/]" if s["actor"] == "cloud" else s["actor"]
        export = f"#{s['export_id']}" if s.get("export_id") else "-"
        t.add_row(str(s["idx"]), actor, escape(s.get("reason") or ""), export)
    out.print(t)


def models_table(models: list[dict]) -> None:
    t = Table("name", "backend", "variant", "size", "state", Column("path", overflow="fold"))
    for m in models:
        t.add_row(m["name"], m["backend"], m["variant"], f"{m['size_bytes'] / 1e6:.1f} MB", m["state"],
                  escape(m["path"]))
    out.print(t)


def audit(run: dict, exports: list[dict], show_payloads: bool, totals: dict) -> None:
    out.print(f"run [bold]{run['id']}[/]: {len(exports)} exports, {totals['exports_left']} left the device "
              f"({totals['exported_bytes']} bytes)")
    for e in exports:
        colour = {"sent": "yellow", "refused": "green", "failed": "dim"}.get(e["status"], "red")
        out.print(f"#{e['id']} {e['created_at'].replace('T', ' ')[:23]} · step {e['step_idx']} · {e['purpose']} → "
                  f"{escape(e['destination'])}")
        reason = f" ({escape(e['reason'])})" if e["reason"] else ""
        out.print(f"   [{colour}]{e['status']}[/]{reason} · mode {e['mode']} · {e['bytes']} bytes · "
                  f"{e['tokens'] or '-'} tokens · sha256 {e['sha256']}")
        out.print(f"   placeholders: {', '.join(json.loads(e['placeholders'] or '[]')) or '-'}")
    for e in exports if show_payloads else []:
        out.rule(f"export {e['id']} · {e['status']} · sha256 {e['sha256']}")
        out.print(escape(e["payload"]), soft_wrap=True)


def profile_report(r: dict) -> None:
    label = "measured" if r["energy_measured"] else "estimated"
    out.print(f"[bold]{escape(r['model'])}[/] on {escape(r['backend'])} · device {escape(r['device'])} "
              f"(power mode {escape(r['power_mode'])}) · {escape(r['machine'])}")
    idle = f", idle {r['idle_watts']:.1f} W subtracted for net" if r.get("idle_watts") is not None else ""
    out.print(f"load {r['load_s']:.2f} s · model memory {mib(r['model_memory_bytes'])} · energy from "
              f"{escape(r['energy_source'])} ({label}{idle})")
    if r.get("build"):
        out.print(f"llama.cpp build: {escape(r['build']['detail'])}")
    measured = r.get("bandwidth_measured_gbs")
    if measured is not None:
        out.print(f"memory bandwidth: {measured:.1f} GB/s measured here (streaming copy), "
                  f"{r['bandwidth_nominal_gbs']:g} GB/s the profile's nominal")
    if r.get("weights_bytes"):
        out.print(f"weights {mib(r['weights_bytes'])}, of which a token reads {mib(r['weights_read_per_token_bytes'])}"
                  f" · weights + the KV cache held {mib(r['memory_expected_bytes'])}")

    def share(v: float | None) -> str:
        return f"{v:.1%}" if v is not None else "-"

    t = Table("context", "TTFT s", "prefill tok/s", "decode tok/s", "bound tok/s", "of bound", f"J/token ({label})",
              "net J/token", "W", "roofline (nominal)", "peak RSS")
    for p in r["points"]:
        net = f"{p['net_joules_per_token']:.3f}" if p["net_joules_per_token"] is not None else "-"
        bound = f"{p['decode_bound_tps']:.1f}" if p.get("decode_bound_tps") is not None else "-"
        t.add_row(str(p["context_tokens"]), f"{p['ttft_s']:.3f}", f"{p['prefill_tps']:.0f}", f"{p['decode_tps']:.1f}",
                  bound, share(p.get("roofline_measured")), f"{p['joules_per_token']:.3f}", net, f"{p['watts']:.1f}",
                  share(p["roofline"]), mib(p["peak_rss_bytes"]))
    out.print(t)
    colour = "green" if r["fits"] else "red"
    out.print(f"[{colour}]{escape(r['verdict'])}[/]")
    for note in r.get("notes", []):
        out.print(f"[dim]note: {escape(note)}[/]")


def bench_report(r: dict) -> None:
    measured = all(row["energy_measured"] for row in r["strategies"])
    out.print(f"{r['tasks']} tasks × {r['repeats']} · model {escape(r['model'])} · device {escape(r['device'])}")
    t = Table("strategy", "runs", "done", "score", "pass", "exposure", "steps", "edge tok", "cloud calls",
              "cloud tok", "cost $", "sent B", "J/task" + ("" if measured else " (est.)"), "peak RSS")

    def f(v: float | None, fmt: str) -> str:
        return "-" if v is None else format(v, fmt)

    for row in r["strategies"]:
        t.add_row(row["strategy"], str(row["runs"]), f(row["done"], ".0%"), f(row["score"], ".2f"),
                  f(row["pass_rate"], ".0%"), f(row["exposure"], ".2f"), f(row["steps"], ".1f"),
                  f(row["edge_tokens"], ".0f"), f(row["cloud_calls"], ".1f"), f(row["cloud_tokens"], ".0f"),
                  f(row["cost_usd"], ".4f"), f(row["exported_bytes"], ".0f"), f(row["joules_per_task"], ".1f"),
                  mib(row["peak_rss_bytes"]))
    out.print(t)
    kept = f"; {r['resumed']} runs had finished before and were not run again" if r.get("resumed") else ""
    if r.get("sweep_wall_s") is not None:
        out.print(f"wall time {r['sweep_wall_s']:.0f} s (model loading and cloud start included)")
    out.print(f"[dim]results.db, report.json and the workspaces in {escape(r['workdir'])}{kept}[/]")



def validation(rows: list[dict]) -> None:
    """`bench validate`: per task, the reference and do-nothing scores and why it fails."""
    t = Table("task", "category", "reference", "nothing", "cases", Column("result", overflow="fold"))

    def f(v: float | None) -> str:
        return "-" if v is None else f"{v:.2f}"

    for r in rows:
        result = "[green]ok[/]" if r["ok"] else "[red]" + escape("; ".join(r["failures"])) + "[/]"
        cases = f"{r['cases'] - r['cases_failed']}/{r['cases']}" if r["cases"] else "-"
        t.add_row(escape(r["task"]), r["category"] or "-", f(r["reference"]), f(r["nothing"]), cases, result)
    out.print(t)
    bad = sum(not r["ok"] for r in rows)
    n_cases, failed = sum(r["cases"] for r in rows), sum(r["cases_failed"] for r in rows)
    out.print(f"{len(rows) - bad} of {len(rows)} tasks valid" + (f", [red]{bad} failing[/]" if bad else "") +
              f"; {n_cases - failed} of {n_cases} cases graded as written")

def profile_comparison(reports: list[dict]) -> None:
    """Every backend's profile on this machine in one table."""
    first = reports[0]
    out.print(f"[bold]{escape(first['model'])}[/] · device {escape(first['device'])} · {escape(first['machine'])}")
    measured = all(r["energy_measured"] for r in reports)
    t = Table("backend", "load s", "context", "TTFT s", "prefill tok/s", "decode tok/s",
              "J/token" + ("" if measured else " (est.)"), "roofline", "peak RSS", "backend peak")
    for r in reports:
        for p in r["points"]:
            roof = f"{p['roofline']:.1%}" if p["roofline"] is not None else "-"
            own = r.get("backend_peak_bytes")
            kind = r.get("provider") or (r.get("build") or {}).get("kind", "")
            t.add_row(r["backend"] + (f" ({kind})" if kind else ""), f"{r['load_s']:.2f}",
                      str(p["context_tokens"]), f"{p['ttft_s']:.3f}", f"{p['prefill_tps']:.0f}",
                      f"{p['decode_tps']:.1f}", f"{p['joules_per_token']:.3f}", roof, mib(p["peak_rss_bytes"]),
                      mib(own) if own else "-")
    out.print(t)
    for r in reports:
        colour = "green" if r["fits"] else "red"
        out.print(f"{escape(r['backend'])}: [{colour}]{escape(r['verdict'])}[/]")
