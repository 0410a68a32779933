"""The `edgeagent` root command and the run-centred ones: run, resume, undo, runs, show, audit, redact.

The other commands live in their own modules (models, bench and calibrate, devices and profile, serve) and are
imported only when named, or for help."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import click

from edgeagent import paths
from edgeagent.agent.strategies import STRATEGIES
from edgeagent.cli.options import (
    Group,
    backend_option,
    cloud_option,
    device_option,
    json_option,
    model_option,
    overrides_option,
    stage,
    text_arg,
)
from edgeagent.config import EXPORT_MODES, load_config
from edgeagent.errors import BadInput, EdgeAgentError, StoreError
from edgeagent.textinput import check_text, decode_text

if TYPE_CHECKING:
    from edgeagent.backends.base import Backend
    from edgeagent.store.runs import Store

# Each command imports what it needs in its body: `edgeagent redact` must not pay for the agent, the store,
# the meters or rich's tables (their imports cost ~0.3 s of CPU, about half the one-line redact budget).


def _result(store: Store, run_id: str) -> dict:
    from edgeagent import render

    run = store.get_run(run_id)
    calls = store.model_calls(run_id)
    return {
        "run_id": run_id, "status": run["status"], "answer": run["answer"], "error": run["error"],
        "model": run["model"], "strategy": run["strategy"], **store.totals(run_id),
        "prefilled_tokens": sum(render.prefilled(c) for c in calls),
        "completion_tokens": sum(c["completion_tokens"] or 0 for c in calls if c["side"] == "edge"),
        "export_mode": run.get("export_mode"),
        "energy_j": run.get("energy_j"), "energy_source": run.get("energy_source"),
        "energy_measured": bool(run.get("energy_measured")), "peak_rss_bytes": run.get("peak_rss_bytes"),
        "device": run.get("device"), "power_mode": run.get("power_mode"),
    }


def _drive(store: Store, run_id: str, as_json: bool, backend: Backend | None = None) -> None:
    """Run the agent on a stored run and report; shared by run and resume."""
    from edgeagent import render
    from edgeagent.agent import launch
    from edgeagent.models import prepared as model_registry

    if backend is None:
        name, options = launch.stored_backend(store.get_run(run_id))
        backend = model_registry.load_backend(store.get_run(run_id)["model"], stage=stage, backend=name,
                                              options=options)
    agent, note = launch.agent_for(store, store.get_run(run_id), backend,
                                   on_step=None if as_json else render.step_line,
                                   on_fallback=None if as_json else render.fallback_line)
    metering = agent.metering
    if not as_json:
        stage(note)
    try:
        agent.run(run_id)
    except KeyboardInterrupt:
        store.update_run(run_id, status="interrupted", error="interrupted by the user; `edgeagent resume` continues")
        click.echo(f"interrupted; continue with: edgeagent resume {run_id}", err=True)
        sys.exit(130)
    except EdgeAgentError as e:
        try:
            store.update_run(run_id, status="error", error=str(e))
        except StoreError:
            pass  # the store itself failed (full, read-only): the run stays resumable as it is
        if isinstance(e, StoreError):
            raise  # one line naming the file and the cause
    finally:
        metering.close()
    result = _result(store, run_id)
    if as_json:
        click.echo(json.dumps(result))
    else:
        render.run_summary(store.get_run(run_id))
    if result["status"] == "error":
        sys.exit(1)


class _Root(Group):
    """The top group: the commands of the other modules are imported when named (or for help)."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {
        "models": ("edgeagent.cli.models", "models"), "bench": ("edgeagent.cli.bench", "bench"),
        "calibrate": ("edgeagent.cli.bench", "calibrate"), "devices": ("edgeagent.cli.devices", "devices_cmd"),
        "profile": ("edgeagent.cli.devices", "profile_cmd"), "serve": ("edgeagent.cli.serve", "serve_cmd"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            import importlib

            module, attr = self.lazy[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Root)
@click.version_option(package_name="edgeagent")
def cli() -> None:
    """edgeagent: an on-device agent runtime.

    The edge model works on your files where they live; every step is kept in a local SQLite
    file (EDGEAGENT_HOME overrides where), so a run can be inspected and resumed."""


@cli.command()
@click.argument("task")
@click.option("--workspace", "-w", required=True, type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Folder the agent may read and write; nothing outside it is reachable.")
@click.option("--strategy", default="edge", type=click.Choice(sorted(STRATEGIES)), show_default=True,
              help="Who acts: edge (never the cloud), cloud (cloud executes every step), sketch (one cloud plan, "
                   "edge executes), task-router (edge or cloud for the whole task, from a probe), step-router "
                   "(unsure edge steps go to the cloud), advisor (edge may ask_cloud), handoff (cloud takes over "
                   "on failure signals).")
@model_option()
@click.option("--max-steps", default=20, show_default=True, type=click.IntRange(1, 1000),
              help="Steps (one tool call each) the run may take before it stops with status max_steps.")
@cloud_option()
@click.option("--export-mode", type=click.Choice(EXPORT_MODES), default=None,
              help="What may leave (default: redact, or export.mode in config): off (as is, except declared "
                   "secrets), redact (placeholders), strict (refuse if anything remains), private (redact, with the "
                   "request first restated by the edge model without names, places and numbers: slower).")
@click.option("--secrets", "secrets_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="File of declared secrets that must never leave the device.")
@click.option("--budget", "budget_usd", type=click.FloatRange(0), default=None,
              help="Per-run cloud budget in USD (default: cloud.budget_usd in config).")
@overrides_option("Override a config setting for this run, e.g. strategy.handoff_k=1 or export.mode=strict; "
                  "repeatable.")
@click.option("--tools", "tool_spec", default="auto", show_default=True, metavar="auto|all|NAME,...",
              help="The model's tools: auto (the file tools, plus mail, calendar, contacts, query or git when the "
                   "workspace holds .eml, .ics, .vcf, CSV/SQLite files or a .git folder), all, or tools and groups "
                   "by name (files, mail, calendar, contacts, query, docs, git), comma-separated.")
@device_option()
@backend_option()
@json_option("the result")
def run(task: str, workspace: Path, strategy: str, model: str, max_steps: int, cloud: str | None,
        export_mode: str | None, secrets_file: str | None, budget_usd: float | None, overrides: tuple[str, ...],
        tool_spec: str, device: str, backend: str, as_json: bool) -> None:
    """Run TASK with the edge model in the --workspace folder."""
    from rich.markup import escape

    from edgeagent import render
    from edgeagent.agent import launch
    from edgeagent.models import prepared as model_registry
    from edgeagent.store import claims
    from edgeagent.store.runs import Store
    from edgeagent.tools.registry import choose_tools

    if not check_text(task, "TASK").strip():
        raise BadInput("TASK must not be empty")
    plan = launch.plan_run(strategy, workspace, cloud=cloud, export_mode=export_mode, secrets_file=secrets_file,
                           budget_usd=budget_usd, overrides=overrides, device=device, backend=backend,
                           model=model, tools=choose_tools(tool_spec, workspace), stage=stage)
    if plan.names_unchecked:  # before anything else the run prints, and on stderr so --json still says it
        strict = ", so strict mode refuses every export" if plan.settings["export_mode"] == "strict" else ""
        why = f"; {plan.no_entities_why}" if plan.no_entities_why else ""
        click.echo("warning: no entity model: names of people, organisations and places would go to the cloud as "
                   f"they are{strict} (`edgeagent models prepare en-core-web-sm`{why})", err=True)
    settings, store = plan.settings, Store(paths.db_path())
    loaded = model_registry.load_backend(model, stage=stage, backend=plan.backend, options=plan.backend_options)
    run_id = store.create_run(task=task, workspace=str(workspace.resolve()), strategy=strategy, model=model,
                              backend=loaded.name, max_steps=max_steps, owner=claims.me("run"), **settings)
    if not as_json:
        advisor = f" · cloud {escape(settings['cloud'])} (export {settings['export_mode']})" if settings["cloud"] else ""
        render.out.print(f"run [bold]{run_id}[/] · {escape(model)} ({loaded.name}) · strategy {strategy}{advisor}")
        if plan.detectors:
            render.out.print(f"[dim]export: {escape(plan.detectors)}[/]")
    _warn_if_export_off(settings)
    _drive(store, run_id, as_json, loaded)


def _warn_if_export_off(run: dict) -> None:
    if run.get("cloud") and run.get("export_mode") == "off":  # on stderr, so --json output still says it
        click.echo("warning: export mode off: e-mails, card numbers and keys go to the cloud as they are "
                   "(declared secrets are still replaced)", err=True)


@cli.command()
@click.argument("run_id", callback=text_arg)
@click.option("--max-steps", type=click.IntRange(1, 1000), default=None, metavar="N",
              help="A larger step budget, kept with the run; continues a run that stopped at max_steps.")
@json_option("the result")
def resume(run_id: str, max_steps: int | None, as_json: bool) -> None:
    """Continue RUN_ID from its last durable step (after a crash, kill or Ctrl-C, or with --max-steps after
    its budget ran out)."""
    from edgeagent import render
    from edgeagent.store import claims
    from edgeagent.store.runs import Store

    store = Store(paths.db_path())
    # One owner per run: a second resume is refused while this one lives.
    run = claims.claim(store, run_id, max_steps=max_steps)
    if not as_json:
        budget = f" with a budget of {run['max_steps']} steps" if max_steps else ""
        render.out.print(f"resuming run [bold]{run['id']}[/] after step {len(store.steps(run['id'])) - 1}{budget}")
    _warn_if_export_off(run)
    _drive(store, run["id"], as_json)


@cli.command()
@click.argument("run_id", callback=text_arg)
@click.option("--step", "from_step", default=0, type=click.IntRange(0), metavar="N",
              help="Undo step N and every later step only (default: the whole run).")
@json_option("the files put back")
def undo(run_id: str, from_step: int, as_json: bool) -> None:
    """Put back the files RUN_ID changed, as they were before it (or before its step N).

    Refuses, changing nothing, where a file changed since the run wrote it."""
    from edgeagent.store.runs import Store
    from edgeagent.workspace.undo import undo as undo_run

    store = Store(paths.db_path())
    run = store.get_run(run_id)
    done = undo_run(store, run, from_step)
    if as_json:
        click.echo(json.dumps({"run_id": run["id"], "from_step": from_step, "files": done}))
    else:
        click.echo("\n".join(done) if done else f"run {run['id']} changed no file from step {from_step} on")


def _decoded(row: dict, key: str) -> dict:
    """A row for --json with its `key` column (kept as JSON text in SQLite) as JSON, never a string inside JSON."""
    try:
        return {**row, key: json.loads(row[key]) if row.get(key) else None}
    except ValueError:  # written by hand or by a broken version: shown as it is rather than failing the listing
        return row


def _settings_decoded(run: dict) -> dict:
    return _decoded(run, "settings")


@cli.command(name="runs")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1), help="How many runs, newest first.")
@json_option("the runs, with their totals,")
def runs_cmd(limit: int, as_json: bool) -> None:
    """List recent runs."""
    from edgeagent import render
    from edgeagent.store.runs import Store

    rows = Store(paths.db_path()).list_runs(limit)
    if as_json:
        click.echo(json.dumps([_settings_decoded(r) for r in rows]))
    else:
        render.runs_table(rows)


@cli.command()
@click.argument("run_id", callback=text_arg)
@json_option("the run, its totals, steps, model calls and exports")
def show(run_id: str, as_json: bool) -> None:
    """Show one run: its task, status, and every step with its model call."""
    from edgeagent import render
    from edgeagent.store.runs import Store

    store = Store(paths.db_path())
    run = store.get_run(run_id)
    steps, calls = store.steps(run["id"]), store.model_calls(run["id"])
    if as_json:
        exports = [_decoded({k: v for k, v in e.items() if k != "payload"}, "placeholders")
                   for e in store.exports(run["id"])]
        click.echo(json.dumps({"run": _settings_decoded(run), "totals": store.totals(run["id"]), "steps": steps,
                               "model_calls": calls, "exports": exports}))
    else:
        render.show_run(run, steps, calls, store.exports(run["id"]), store.totals(run["id"]))


@cli.command()
@click.argument("run_id", callback=text_arg)
@click.option("--show-payloads", is_flag=True, help="Print each payload exactly as it left the device.")
@json_option("the exports and what left")
def audit(run_id: str, show_payloads: bool, as_json: bool) -> None:
    """Show exactly what left the device for RUN_ID: every payload, where it went, and when."""
    from edgeagent import render
    from edgeagent.store.runs import Store

    store = Store(paths.db_path())
    run = store.get_run(run_id)
    rows = store.exports(run["id"])
    if not show_payloads:
        rows = [{k: v for k, v in r.items() if k != "payload"} for r in rows]
    totals = store.totals(run["id"])
    detectors = json.loads(run.get("settings") or "{}").get("export_detectors")  # None: a run from before it was kept
    if as_json:
        click.echo(json.dumps({"run_id": run["id"], "exports": [_decoded(r, "placeholders") for r in rows],
                               "exports_left": totals["exports_left"], "exported_bytes": totals["exported_bytes"],
                               "detectors": detectors}))
    else:
        render.audit(run, rows, show_payloads, totals)
        if detectors:
            click.echo(f"export detectors: {detectors}")


@cli.command()
@click.argument("source", type=click.File("rb"), default="-")
@click.option("--mode", type=click.Choice(["redact", "strict", "private"]), default="redact", show_default=True,
              help="redact: placeholders for what the detectors find; strict: the same, and say whether strict mode "
                   "would refuse to send it; private: the text restated by the default edge model without private "
                   "details, then redact (loads the model: seconds per sentence on a CPU).")
@click.option("--secrets", "secrets_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="File of declared secrets (one per line, optional KIND: prefix).")
@click.option("--time", "show_time", is_flag=True,
              help="Also print on stderr how long the command took, from the process's start, and what answered: "
                   "the warm preview worker or this process.")
@json_option("the sanitized text and the placeholder types")
def redact(source, mode: str, secrets_file: str | None, show_time: bool, as_json: bool) -> None:
    """Preview what would leave the device for the text in SOURCE (a file, or - for stdin)."""
    config = load_config()
    files = [Path(f).expanduser() for f in (config["export"]["secrets_file"], secrets_file) if f]
    for f in files:
        if not f.is_file():  # as `run` does: a secrets file that is not there must not preview as "no secrets"
            raise BadInput(f"secrets file {f} not found")
    name = getattr(source, "name", "-")  # stdin has none, or "<stdin>", or a descriptor number
    text = decode_text(source.read(), name if isinstance(name, str) and name not in ("-", "<stdin>") else "stdin")
    from edgeagent.export import exporter as ex  # presidio and spaCy load later, on the first text that needs them
    from edgeagent.export import ner_model
    from edgeagent.export import preview_worker as worker

    ner_model.ensure(stage)  # the entity model, prepared on first use; its absence is said below

    declared = ex.load_declared(config["export"]["secrets"], files)
    idle_s = worker.idle_setting(config)
    if mode == "private":  # the rewrite needs the edge model, which the warm worker does not hold
        from edgeagent.export.restate import restate_model
        from edgeagent.models.prepared import ensure_prepared

        ensure_prepared(restate_model(), "onnx", stage=stage)
        idle_s = 0.0
    # A warm worker answers without importing spaCy and presidio again (~1 s); on any failure, the same code here.
    # Declared secrets never go to it, and it is used only when its socket is provably this user's.
    answer, found_by, start = worker.client_preview(text, mode, declared, config["export"]["detectors"], idle_s)
    count = answer.pop("detectors")
    if as_json:
        click.echo(json.dumps(answer))
    else:
        click.echo(answer["text"], nl=False)
        if answer["residual"]:
            click.echo(f"\n[strict: this would NOT be sent; it still contains {', '.join(answer['residual'])}]",
                       err=True)
    if not answer["entities"]:
        click.echo("note: no entity model ran: names of people, organisations and places are not replaced "
                   "(`edgeagent models prepare en-core-web-sm`)", err=True)
    if start and worker.spawn(idle_s):
        found_by += "; worker started"
    if show_time:
        ran = "patterns and the entity model" if answer["entities"] else "patterns only"
        click.echo(f"redact: {_since_process_start():.2f} s from process start ({len(text)} characters, "
                   f"{count} detectors: {ran}; {found_by})", err=True)


def _since_process_start() -> float:
    """Seconds since this process started, interpreter start-up and imports included (Python keeps no such clock)."""
    try:  # Linux: the start in clock ticks since boot, against the boot-time clock (10 ms steps)
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        return time.clock_gettime(time.CLOCK_BOOTTIME) - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, AttributeError, ValueError, IndexError):
        import psutil  # elsewhere: its start time, to the second on some systems

        return time.time() - psutil.Process().create_time()


def main() -> None:
    cli(prog_name="edgeagent")
