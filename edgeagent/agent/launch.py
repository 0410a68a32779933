"""Setting up a run: its stored settings (checked before any row exists) and the agent that drives it.

Shared by `run`, `resume` and `bench`, so a benchmark run is configured exactly like a user's."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from edgeagent import paths
from edgeagent.agent.loop import Agent
from edgeagent.agent.outgoing import secret_finder
from edgeagent.agent.router_fit import thresholds_for
from edgeagent.agent.strategies import Strategy, get_strategy
from edgeagent.backends.base import Backend
from edgeagent.config import load_config, parse_overrides, strategy_export_mode
from edgeagent.devices.metering import open_metering, power_mode
from edgeagent.devices.profiles import detect_machine, resolve_device
from edgeagent.errors import BadInput, ModelError
from edgeagent.export.cloud_target import parse_target
from edgeagent.models.backend_choice import backend_choice
from edgeagent.models.prepared import first_use
from edgeagent.store.runs import Store


def exporter_module() -> ModuleType:
    """Imported on demand: the detectors pull in presidio and spaCy, which most commands never need."""
    from edgeagent.export import exporter

    return exporter


def effective(config: dict) -> dict:
    """What a run keeps of its settings for resume: the strategy's thresholds and the cloud call limits (no key)."""
    strategy = {k: v for k, v in config["strategy"].items() if k != "model_thresholds"}  # resolved in plan_run
    return {"strategy": strategy, "agent": dict(config["agent"]),
            "cloud": {k: config["cloud"][k] for k in ("timeout_s", "max_retries", "max_tokens")}}


def choose_export_mode(flag: str | None, sets: dict, config: dict, policy: Strategy) -> str:
    """--export-mode, then --set export.mode, then the strategy's own setting, then export.mode (default redact):
    no strategy exports less than redact unless the user asks for it."""
    if flag or "mode" in sets.get("export", {}):
        return flag or config["export"]["mode"]
    return strategy_export_mode(config, policy.name) or config["export"]["mode"]


@dataclass
class RunPlan:
    settings: dict  # the runs-row columns a strategy, cloud and device decide
    config: dict
    policy: Strategy
    backend: str
    backend_options: dict
    detectors: str | None = None  # what the export layer runs, in words (None: this run exports nothing)
    names_unchecked: bool = False  # it may export, and no entity model finds names: said on the run's first line
    no_entities_why: str | None = None  # why the entity model could not be prepared, when it could not


def _first_use(model: str, backend: str) -> bool:
    try:
        return first_use(model, backend)
    except ModelError:
        return False  # a damaged model: its load says so, with the fix


def plan_run(strategy: str, workspace: Path, *, cloud: str | None = None,
             export_mode: str | None = None, secrets_file: str | None = None, budget_usd: float | None = None,
             overrides: tuple[str, ...] = (), device: str = "auto", backend: str | None = None,
             model: str = "", tools: list[str] | None = None, stage: Callable[[str], None] = lambda s: None
             ) -> RunPlan:
    """Validate everything a run needs (settings, cloud target and key, secrets file, device) before it exists;
    `model` (as named on the command line) picks its router thresholds; `tools` names the model's tools (None:
    the file tools), kept with the run so a resume gets the same ones. A run that may export prepares the entity
    model on first use (`stage` hears it), as the edge model is."""
    sets = parse_overrides(overrides)
    config = load_config(overrides=sets)
    if model:
        config["strategy"].update(thresholds_for(model, config, sets))
    policy = get_strategy(strategy, config["strategy"])
    cloud_given = cloud is not None
    cloud = cloud if cloud_given else config["cloud"]["target"]
    if policy.uses_cloud and not cloud:
        raise BadInput(f"strategy {strategy} needs a cloud: pass --cloud TARGET or set cloud.target in config")
    if cloud and policy.uses_cloud and not cloud_given:  # --cloud was checked as it was parsed
        try:
            parse_target(cloud)  # before the detectors load: seconds sooner
        except BadInput as e:
            raise BadInput(f"cloud.target in config: {e}") from None
    settings = dict(cloud=(cloud or None) if policy.uses_cloud else None,
                    export_mode=choose_export_mode(export_mode, sets, config, policy),
                    budget_usd=config["cloud"]["budget_usd"] if budget_usd is None else budget_usd,
                    secrets_file=str(Path(secrets_file).resolve()) if secrets_file else None,
                    settings=json.dumps(effective(config), sort_keys=True))
    facts = detect_machine()
    profile = resolve_device(device, facts)
    # A profile given as a file is stored by its full path, so resume finds the same one.
    is_file = device.endswith(".toml") or os.sep in device
    settings.update(device=str(Path(device).expanduser().resolve()) if is_file else profile.id,
                    power_mode=power_mode(profile, facts))
    name, options = backend_choice(backend, config, profile)
    # Kept with the run's settings, so resume loads the same backend the same way.
    stored = {**effective(config), "backend": {"name": name, "options": options}}
    summary, unchecked, why = None, False, None
    if not (cloud and policy.uses_cloud) and _first_use(model, name):
        from edgeagent.export import ner_model

        # With the edge model's first use, while the network is there: a later export, redact or library caller
        # then finds names. Its absence is said where something may leave, not by a run that keeps all on the device.
        ner_model.ensure(stage)
    if cloud and (policy.uses_cloud or cloud_given):  # a bad target, key or secrets file fails before a run row
        if policy.uses_cloud and settings["export_mode"] != "off":
            from edgeagent.export import ner_model

            why = ner_model.ensure(stage)[1]  # one that can't be had here is said by the caller
        probe = {"id": "", "workspace": str(workspace), **settings, "cloud": cloud}
        exporter = exporter_module().Exporter.for_run(Store(paths.db_path()), probe, config)
        if policy.uses_cloud:
            from edgeagent.export.ner import detector_summary

            summary = detector_summary(exporter.detectors)
            unchecked = exporter.names_unchecked and settings["export_mode"] != "off"  # off: said already
            stored["export_detectors"] = summary
    settings["settings"] = json.dumps({**stored, "tools": tools} if tools else stored, sort_keys=True)
    return RunPlan(settings, config, policy, name, options, summary, unchecked, why)


def agent_for(store: Store, run: dict, backend: Backend, on_step: Callable[[dict, dict], None] | None = None,
              on_fallback: Callable[[int, str], None] | None = None) -> tuple[Agent, str]:
    """The agent for a stored run, with the settings it started with; and a note on how energy is measured."""
    stored = json.loads(run.get("settings") or "{}")  # the settings the run started with, --set included
    config = load_config(overrides={k: v for k, v in stored.items() if k in ("cloud", "agent")})
    strategy = get_strategy(run["strategy"], stored.get("strategy") or config["strategy"])
    use_cloud = run.get("cloud") and strategy.uses_cloud
    exporter = exporter_module().Exporter.for_run(store, run, config) if use_cloud else None
    if exporter is not None and exporter.mode == "private":  # the run's own model restates: no second copy loads
        from edgeagent.export.restate import Restater

        exporter.restate = Restater(backend)
    metering, note = open_metering(resolve_device(run.get("device") or "auto"), backend)
    # Every run, cloud or not: the secrets an export would hide may not be mailed outside the user's domains either.
    secrets = secret_finder(Path(run["workspace"]), config["export"]["secrets"],
                            [config["export"]["secrets_file"], run.get("secrets_file")])
    return Agent(store, backend, strategy, exporter=exporter, metering=metering, on_step=on_step,
                 on_fallback=on_fallback, allow_hardlinks=config["tools"]["allow_hardlinks"],
                 tool_names=stored.get("tools"), questions_read_only=config["tools"]["questions_read_only"],
                 find_secrets=secrets, deliverables=config["agent"]["deliverables"],
                 claim_check=config["agent"]["claim_check"], navigation=config["agent"]["navigation"],
                 read_first=config["agent"]["read_first"], free_text=config["agent"]["free_text"],
                 implied=config["agent"]["implied"]), note


def stored_backend(run: dict) -> tuple[str | None, dict]:
    """The backend a run started with and its settings (runs from before backends were stored: onnx)."""
    stored = json.loads(run.get("settings") or "{}").get("backend") or {}
    return stored.get("name") or run.get("backend"), stored.get("options") or {}
