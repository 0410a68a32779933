"""`edgeagent devices` (the built-in device profiles, which one this machine matches, which meters read here) and
`edgeagent profile` (a model measured on this machine against a device's budgets)."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.markup import escape
from rich.table import Column, Table

from edgeagent import paths, render
from edgeagent.cli.options import (
    BACKEND_HELP,
    backend_option,
    device_option,
    json_option,
    model_option,
    overrides_option,
    stage,
)
from edgeagent.config import load_config, parse_overrides
from edgeagent.devices.profiles import DeviceProfile, builtin_profiles, detect_machine, match_profile
from edgeagent.errors import BadInput


def _meter_status(profile: DeviceProfile | None) -> tuple[dict[str, str] | None, str]:
    """probe_meters() from edgeagent.meters.select, or why it could not be asked."""
    # Imported here, not at the top: the meters pull in optional driver bindings most commands never need.
    try:
        from edgeagent.meters.select import probe_meters
    except ImportError as e:
        return None, f"meter probe unavailable: {e}"
    try:
        # The estimate meter needs a power figure; only a matched profile has one for this machine.
        return dict(probe_meters(profile_watts=profile.estimate_watts if profile else None)), ""
    except Exception as e:  # noqa: BLE001 - a broken probe must not take the profile listing down with it
        return None, " ".join(f"{type(e).__name__}: {e}".split())


def _row(p: DeviceProfile, matched: bool) -> dict[str, Any]:
    return {
        "id": p.id, "name": p.name, "family": p.family, "aliases": list(p.aliases), "match": matched,
        "memory_gb": p.memory_gb, "memory_bandwidth_gbs": p.memory_bandwidth_gbs,
        "power_modes": [{"name": m.name, "watts": m.watts, "nvpmodel_id": m.nvpmodel_id} for m in p.power_modes],
        "default_power_mode": p.default_power_mode, "backend": p.backend.preferred, "meters": list(p.meters),
    }


def _modes(p: DeviceProfile) -> str:
    return " ".join(escape(m.name) + ("*" if m.name == p.default_power_mode else "") for m in p.power_modes)


@click.command("devices")
@json_option("the machine, its match, the meters and the profiles")
def devices_cmd(as_json: bool) -> None:
    """List the device profiles; the one this machine matches is marked."""
    facts = detect_machine()
    profiles = builtin_profiles()
    try:
        match, match_error = match_profile(facts, profiles), ""
    except BadInput as e:  # several equal matches: list them all, mark none
        match, match_error = None, str(e)
    meters, meters_error = _meter_status(match)
    match_id = match.id if match else None
    if as_json:
        click.echo(json.dumps({
            "machine": facts.to_dict(), "match": match_id, "match_error": match_error or None,
            "meters": meters, "meters_error": meters_error or None,
            "profiles": [_row(p, p.id == match_id) for p in profiles],
        }, indent=2))
        return
    t = Table("", Column("id", no_wrap=True), Column("name", overflow="fold"),
              Column("memory", justify="right", no_wrap=True), Column("GB/s", justify="right", no_wrap=True),
              Column("power modes (*default)", overflow="fold"), Column("backend", no_wrap=True))
    for p in profiles:
        t.add_row("[green]▶[/]" if p.id == match_id else "", escape(p.id), escape(p.name), f"{p.memory_gb:g} GB",
                  f"{p.memory_bandwidth_gbs:g}", _modes(p), p.backend.preferred)
    render.out.print(t)
    found = f"[green]{escape(match_id)}[/]" if match_id else f"no match ({escape(match_error or 'no profile fits')})"
    render.out.print(f"this machine: {escape(facts.summary())} → {found}", soft_wrap=True)
    if meters is None:
        render.out.print(f"meters: unknown ({escape(meters_error)})", soft_wrap=True)
    else:
        render.out.print("meters:")
        for name, state in meters.items():
            mark = "[green]✓[/]" if state == "readable" else "[dim]✗[/]"
            # Probes that look for a program end with its name; the line already starts with it.
            render.out.print(f"  {mark} {escape(name)}: {escape(state.removesuffix(f': {name}'))}", soft_wrap=True)


def _contexts(ctx: click.Context, param: click.Parameter, value: str) -> list[int]:
    try:
        out = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise click.BadParameter("use comma-separated token counts, e.g. 256,1024,2048") from None
    if not out or any(n < 16 for n in out):
        raise click.BadParameter("each context must be at least 16 tokens")
    return out


@click.command(name="profile")
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
    from edgeagent import render
    from edgeagent.devices.profiles import detect_machine, resolve_device
    from edgeagent.models.backend_choice import backend_choice, installed_backends, with_context
    from edgeagent.store.runs import Store

    config = load_config(overrides=parse_overrides(overrides))
    facts = detect_machine()
    dev = resolve_device(device, facts)
    names = installed_backends() if backend == "all" else [backend]
    longest = max(contexts) + decode_tokens + 64  # the prompts land within a few tokens of each length
    chosen = [backend_choice(name, config, dev) for name in names]
    reports = [_profile_one(model, dev, facts, name, with_context(name, options, longest), contexts=contexts,
                            decode_tokens=decode_tokens, idle_s=idle_seconds, quiet=as_json) for name, options in chosen]
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
    from edgeagent.backends.base import physical_cores
    from edgeagent.devices import profiling
    from edgeagent.devices.metering import open_metering, power_mode
    from edgeagent.models import prepared as model_registry

    say = (lambda s: None) if quiet else stage
    model_registry.ensure_prepared(model, name, stage=say)  # each phase's progress goes to stderr
    metering, note = open_metering(dev)
    say(f"{name}: {note}")
    try:
        loaded, report, notes = profiling.measure(
            lambda: model_registry.load_backend(model, backend=name, options=options), dev, metering,
            contexts=contexts, decode_tokens=decode_tokens, idle_s=idle_s, on_stage=lambda s: say(f"{name}: {s}"),
            threads=options.get("threads") or options.get("n_threads") or physical_cores())
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
    return {**report.to_dict(), "provider": options.get("provider", ""), "build": _build(name)}


def _build(backend: str) -> dict | None:
    """Which build of the backend ran: for llama.cpp, native or generic for this CPU (its compile flags decide)."""
    if backend != "llamacpp":
        return None
    from edgeagent.backends.llamacpp_build import this_build

    return this_build().to_dict()


def _matches(dev, facts) -> bool:
    from edgeagent.devices.profiles import match_score

    return match_score(dev, facts) is not None
