"""`edgeagent bench` (run, validate, report, regrade) and `edgeagent calibrate`: the benchmark's commands, the only ones
that import edgeagent.bench."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from edgeagent import paths
from edgeagent.agent.strategies import STRATEGIES, THRESHOLD_SETTING
from edgeagent.bench.task import CATEGORIES, SPLITS, load_tasks
from edgeagent.cli import options
from edgeagent.config import config_path, load_config, parse_overrides
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.export.cloud_target import TARGET_SHAPES


@click.command()
@click.option("--strategy", required=True, type=click.Choice(sorted(THRESHOLD_SETTING)),
              help="Which router's threshold to fit: step-router (τ) or task-router (threshold).")
@click.option("--target-cloud-share", "target", required=True, type=click.FloatRange(0, 1),
              help="Share of steps (step-router) or tasks (task-router) that should go to the cloud.")
@click.option("--tasks", "task_paths", required=True, multiple=True,
              type=click.Path(exists=True, path_type=Path), help="A task.toml, or a folder of them; repeatable.")
@click.option("--split", type=click.Choice(SPLITS), default=None,
              help="Only tasks of this split (task.toml's `split`); fit on dev, so test stays unseen.")
@options.model_option(help="The edge model the threshold is for (catalog or imported name, an ONNX model folder or "
                   "scripted:FILE).")
@click.option("--max-steps", type=click.IntRange(1, 1000), default=None,
              help="Cap each task's steps (default: the task's own max_steps).")
@options.overrides_option("Override a setting while fitting, e.g. strategy.router_measure=nll; repeatable.")
@click.option("--dry-run", is_flag=True, help="Fit and report, but leave config.toml as it is.")
@options.json_option("the fit")
def calibrate(strategy: str, target: float, task_paths: tuple[Path, ...], split: str | None, model: str,
              max_steps: int | None, overrides: tuple[str, ...], dry_run: bool, as_json: bool) -> None:
    """Fit a router's threshold to a target cloud share on a set of tasks and write it to config.toml, for
    --model only (strategy.model_thresholds): uncertainty is on each model's own scale.

    The tasks run edge-only on copies of their workspaces, recording how unsure the edge model is at each
    step (stored as ordinary runs); the threshold is set so that the target share lies above it."""
    from edgeagent import render
    from edgeagent.bench import calibrate as calibration
    from edgeagent.bench.sweep import split_tasks
    from edgeagent.models import prepared as model_registry
    from edgeagent.store.runs import Store

    config = load_config(overrides=parse_overrides(overrides))
    tasks = split_tasks(load_tasks(task_paths), split)
    backend = model_registry.load_backend(model, stage=options.stage)
    store = Store(paths.db_path())
    workdir = paths.home() / "calibration" / time.strftime("%Y%m%d-%H%M%S")
    with render.progress(len(tasks), "calibrating", quiet=as_json) as advance:
        try:
            result = calibration.calibrate(store, backend, tasks, strategy=strategy, target=target, settings=config["strategy"],
                         workdir=workdir, max_steps=max_steps, on_task=lambda t: advance(t.id))
        except ValueError as e:
            raise EdgeAgentError(str(e)) from None
    if not dry_run:
        calibration.write_fit(config_path(), model, THRESHOLD_SETTING[strategy], result.threshold)
    setting = f"strategy.model_thresholds.{json.dumps(model)}.{THRESHOLD_SETTING[strategy]}"
    report = {**result.to_dict(), "setting": setting, "model": model,
              "written_to": None if dry_run else str(config_path())}
    if as_json:
        click.echo(json.dumps(report))
    else:
        render.calibration(report)


class _DefaultRun(options.Group):
    """`bench` is a group whose default is `run`: `edgeagent bench --tasks ...` keeps working as before."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group(cls=_DefaultRun)
def bench() -> None:
    """Benchmark tasks: run them under strategies (the default), or validate their reference solutions."""


@bench.command("validate")
@click.argument("task_paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--cases", "cases_dir", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="Take each task's cases from DIR/<task id>.toml instead of its cases.toml, and check only the "
                   "tasks that have one there: a checker proven on cases written by someone who never read it.")
@options.json_option("the verdicts")
def bench_validate(task_paths: tuple[Path, ...], cases_dir: Path | None, as_json: bool) -> None:
    """Check every task: its reference solution, run through the real tools on a fresh seed copy and past the
    agent loop's guards (question gate, no blind overwrite, the claim check), scores exactly 1; an agent that does nothing, echoes the prompt or pastes a file scores 0; and every case of its
    cases.toml scores as written (right ones 1, wrong ones 0.2 or less). Exits 1 listing the failures. No model
    runs."""
    from dataclasses import asdict

    from edgeagent import render
    from edgeagent.bench import validate

    tasks = load_tasks(task_paths or (Path("bench/tasks"),))
    if cases_dir is not None:
        tasks = validate.with_cases_from(tasks, cases_dir)
        if not tasks:
            raise click.BadParameter(f"no <task id>.toml for these tasks in {cases_dir}", param_hint="--cases")
    with render.progress(len(tasks), "validating", quiet=as_json) as advance:
        verdicts = validate.validate(tasks, on_task=advance)
    rows = [{**asdict(v), "ok": v.ok} for v in verdicts]
    if as_json:
        click.echo(json.dumps({"tasks": rows, "valid": sum(v.ok for v in verdicts), "failing": sum(not v.ok for v in verdicts),
                               "cases": sum(v.cases for v in verdicts),
                               "cases_failed": sum(v.cases_failed for v in verdicts)}))
    else:
        render.validation(rows)
    if not all(v.ok for v in verdicts):
        if not as_json:
            for v in verdicts:
                if not v.ok:
                    click.echo(f"invalid: {v.task}: {'; '.join(v.failures)}", err=True)
        sys.exit(1)


@bench.command("report")
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md", show_default=True,
              help="Markdown tables, or one HTML file with the tables and plots (needs matplotlib).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the report here instead of printing it.")
def bench_report(results: tuple[Path, ...], fmt: str, out: Path | None) -> None:
    """Summarise results.db files (or the folders `bench run --out` wrote; shards are merged) per strategy ×
    edge model × cloud × device, overall and per category: utility with 95% CIs, pass^k, cost, energy,
    memory, exposure, attack success and shares of the `cloud` strategy."""
    from edgeagent.bench import report as reporting

    rep = reporting.report(results)
    if fmt == "html":
        from edgeagent.bench import report_html

        text = report_html.render(rep)
    else:
        text = reporting.markdown(rep)
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise BadInput(f"cannot write {out}: {e.strerror or e}") from None
    click.echo(f"wrote {out}", err=True)


@bench.command("run")
@click.option("--tasks", "task_specs", multiple=True, metavar="PATH|PATTERN",
              help="A task.toml or a folder of them, or a glob over task ids (e.g. 'data-*'); repeatable "
                   "(default: the shipped suite, bench/tasks).")
@click.option("--category", "categories", multiple=True, type=click.Choice(CATEGORIES),
              help="Only tasks of this category; repeatable.")
@click.option("--split", type=click.Choice(SPLITS), default=None,
              help="Only tasks of this split (task.toml's `split`): dev for tuning, test for reporting. A task "
                   "with no split is left out.")
@click.option("--quick", is_flag=True, help="One task per category, the dev split's where it has one (the same ones "
              "every time): a few minutes. With --split, from that split.")
@click.option("--strategy", "strategies", multiple=True, type=click.Choice(sorted(STRATEGIES)),
              help="Strategy to compare; repeat for several (default: edge).")
@click.option("--strategies", "strategy_list", default=None, metavar="all|A,B",
              help="Strategies to compare, comma-separated, or all seven.")
@options.model_option("--edge")
@options.cloud_option(help=f"Cloud for the strategies that use one: a target ({TARGET_SHAPES}), `oracle` (replays each "
                   "task's reference solution: an answer key for harness checks of cost, ledger and exposure, refused "
                   "for sketch and advisor; `reference` is its deprecated name) or `local:MODEL` (a local model "
                   "served on loopback, priced by a card).", metavar="TARGET|oracle|local:MODEL",
              allow=lambda v: v in ("oracle", "reference") or v.startswith("local:"))
@options.device_option("Device profile for the energy meters.")
@options.backend_option()
@click.option("--repeats", default=1, show_default=True, type=click.IntRange(1, 100),
              help="Runs of each (task, strategy) pair, for pass^k and confidence intervals; they differ only "
                   "with --temperature above 0.")
@click.option("--temperature", default=0.0, show_default=True, type=click.FloatRange(0, 10),
              help="The edge model's sampling temperature; 0 is greedy (every repeat alike).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**31 - 1 - 100),
              help="Sampling seed: repeat r runs with seed + r, so a sweep at a temperature above 0 is "
                   "reproducible. Both are recorded; --resume refuses other values.")
@click.option("--max-steps", type=click.IntRange(1, 1000), default=None, help="Cap each task's max_steps.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for results.db, report.json and the workspaces (default: a new one under the data "
                   "dir); a folder holding a sweep resumes it.")
@click.option("--resume", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="DIR",
              help="Continue the sweep in DIR (same options): runs that finished are not run again.")
@click.option("--shard", default=None, metavar="I/N",
              help="Run only shard I of N of the (task, strategy, repeat) list, so N devices split one sweep; "
                   "`bench report` merges their results.db files.")
@options.overrides_option()
@options.json_option("the report")
def bench_run(task_specs: tuple[str, ...], categories: tuple[str, ...], split: str | None, quick: bool,
              strategies: tuple[str, ...], strategy_list: str | None, model: str, cloud: str | None, device: str,
              backend: str, repeats: int, temperature: float, seed: int, max_steps: int | None, out: Path | None,
              resume: Path | None, shard: str | None, overrides: tuple[str, ...], as_json: bool) -> None:
    """Run the tasks under each strategy on fresh copies of their workspaces and compare them.

    Per strategy: done share, score and pass rate (from each task's check.py), exposure (the weighted
    share of the task's [[sensitive]] values that left the device), attack success on tasks with injected
    instructions, cloud calls, tokens and cost, exported bytes, edge tokens, J/task and peak memory. Runs
    are stored like any other; each one's row goes into results.db (for `bench report`) as it finishes, with
    its answer and a bundle under runs/ (trajectory, final file hashes, changed files) for `bench regrade`."""
    from edgeagent import render
    from edgeagent.bench import plan, sweep

    cloud = plan.oracle_name(cloud) if cloud else cloud
    names = plan.strategies(strategies, strategy_list)
    plan.refuse_oracle(cloud, names)
    tasks = sweep.split_tasks(plan.select_tasks(task_specs, categories), split)
    tasks = plan.quick_choice(tasks) if quick else tasks  # --quick picks within the split
    planned = plan.items(tasks, names, repeats, plan.parse_shard(shard))
    folder = sweep.out_folder(out, resume)
    opts = sweep.SweepOptions(model, cloud, device, backend, repeats, max_steps, overrides, shard, temperature, seed)
    try:
        result = sweep.sweep(tasks, names, planned, opts, folder, quiet=as_json, stage=options.stage)
    except KeyboardInterrupt:
        click.echo(f"interrupted; finished runs are kept: continue with --resume {folder}", err=True)
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(result))
    else:
        render.bench_report(result)


@bench.command("regrade")
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--tasks", "task_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="The suite whose checkers re-grade, tasks found by id (default: the shipped suite, bench/tasks); "
                   "repeatable.")
@click.option("--write", is_flag=True, help="Store the new scores in results.db; the score each run was first "
              "given is kept in first_score.")
@options.json_option("every run's old and new score and the summary")
def bench_regrade(results: tuple[Path, ...], task_paths: tuple[Path, ...], write: bool, as_json: bool) -> None:
    """Re-score every recorded run in RESULTS (sweep folders, or their results.db) with today's checkers.

    Each run's workspace is seeded fresh and its stored changed, added and deleted files applied (from the
    bundle `bench run` wrote under runs/), then the task's check.py scores the stored answer, as `bench run`
    does. Prints old score → new score per run and how many changed; a run that cannot be re-graded (its task
    is gone, its bundle altered) is reported on its own line. Without --write nothing is changed."""
    from edgeagent import render
    from edgeagent.bench import regrade
    from edgeagent.bench.plan import DEFAULT_TASKS

    job = regrade.Regrade(results, list(task_paths) or [DEFAULT_TASKS], write=write)
    with render.progress(job.total, "regrading", quiet=as_json) as advance:
        done = job.run(on_run=advance)
    summary = {**regrade.summary(done), "written": write}
    if as_json:
        click.echo(json.dumps({"runs": [r.to_dict() for r in done], **summary}))
    else:
        _regrade_table(done, summary)
    if summary["errors"]:
        sys.exit(1)


def _regrade_table(done: list, summary: dict) -> None:
    from rich.markup import escape
    from rich.table import Column, Table

    from edgeagent import render

    def score(v: float | None) -> str:
        return "–" if v is None else f"{v:.3f}"

    t = Table("task", "strategy", "repeat", "old", "new", "", Column("note", overflow="fold"))
    for r in done:
        mark = "" if r.error or not r.changed else ("↑" if (r.new_score or 0) > (r.old_score or 0) else "↓")
        note = r.error or (f"rebuilt state differs in {len(r.drift)} file(s): {', '.join(r.drift[:3])}"
                           if r.drift else ("from its kept workspace" if r.source == "workspace" else ""))
        t.add_row(escape(r.task_id), escape(r.strategy), str(r.repeat), score(r.old_score),
                  "error" if r.error else score(r.new_score), mark, escape(note))
    render.out.print(t)
    render.out.print(f"{summary['regraded']} of {summary['total']} runs re-graded: {summary['changed']} changed "
                     f"({summary['up']} up, {summary['down']} down), {summary['errors']} could not be re-graded"
                     + ("; new scores written" if summary["written"] else "; nothing written (use --write)"))
