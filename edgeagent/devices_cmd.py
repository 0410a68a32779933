"""`edgeagent devices`: the built-in device profiles, which one this machine matches, which meters read here."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.markup import escape
from rich.table import Column, Table

from edgeagent import render
from edgeagent.cli_options import json_option
from edgeagent.devices import DeviceProfile, builtin_profiles, detect_machine, match_profile
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
