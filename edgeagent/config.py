"""User configuration: $EDGEAGENT_HOME/config.toml, validated field by field."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

from edgeagent import paths
from edgeagent.backends.registry import NAMES as BACKENDS
from edgeagent.errors import BadInput
from edgeagent.textinput import check_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # Jetson images still ship Python 3.10
    import tomli as tomllib

DEFAULTS: dict[str, dict[str, Any]] = {
    "cloud": {"target": "", "api_key": "", "budget_usd": 0.50, "timeout_s": 60.0, "max_retries": 2,
              "max_tokens": 512},
    # detectors: extra span detectors by dotted path ("pkg.module:Class"), added to the built-in set.
    # preview_worker_idle_s: how long `redact`'s warm worker waits for the next preview; 0: never start one.
    # restate_model: the model `redact --mode private` restates with ("": the default edge model); a run in private
    # mode restates with its own edge model.
    "export": {"mode": "redact", "secrets": [], "secrets_file": "", "detectors": [], "preview_worker_idle_s": 600.0,
               "restate_model": ""},
    # "" = the device profile's choice: its preferred backend when installed (else onnx), its ORT provider.
    # context_tokens: how long a run's context may grow (the KV cache ORT allocates whole); 0: the default for
    # the device (models/backend_choice.py).
    "backend": {"name": "", "provider": "", "context_tokens": 0},
    # allow_hardlinks: let tools read files with several names (a hard link may reach content outside the workspace).
    # questions_read_only: a task that only asks a question gets no tool that changes files, mail or calendar.
    "tools": {"allow_hardlinks": False, "questions_read_only": True},
    # deliverables: the loop rules that change what the model may do: what the task asks to produce and is not
    # made yet is said after each result, finish is held back (but for a `blocked:` answer) while it is open,
    # and an answer claiming an effect no step made is refused once. claim_check: the final answer's claims are
    # checked against the steps and false ones recorded with the run (show, runs, bench report). navigation: tree
    # and read_files are offered beside list_dir and read_file. read_first: no file is written before a step has
    # read something (text the task dictates excepted). free_text: a file's content or a mail's body is written as
    # plain text in a turn of its own after the call, not as a JSON string inside it (agent/bodies.py). implied:
    # when the task's words name no deliverable, the edge model reads which kinds it asks for (agent/implied.py).
    # Side by side on the dev split (bench/results/dev-issue29) deliverables raised one task's score and lost none;
    # read_first raised none; implied (bench/results implied-dev) changed none and twice led to a
    # worse overwrite of a file the run had read; navigation and free_text (navigation-free-text-dev) raised none.
    "agent": {"deliverables": True, "claim_check": True, "navigation": False, "read_first": False,
              "free_text": False, "implied": False},
    # bench --cloud oracle|local:MODEL: the pricing-table row their tokens are priced by (PRICE_CARDS in bench/clouds.py).
    "bench": {"price_card": "claude-haiku-4-5"},
    # handoff: after n errors, n identical actions or n steps without progress the cloud executes up to k steps.
    # Routers hand work to the cloud when the edge's uncertainty (router_measure) is over τ / the threshold;
    # `edgeagent calibrate` fits both; the defaults are its fit for SmolLM2-135M on examples/tasks (20% / 25%). export_mode_<strategy> overrides export.mode for one strategy.
    "strategy": {"handoff_n": 3, "handoff_k": 2, "router_measure": "entropy", "step_router_tau": 1.75,
                 "task_router_threshold": 3.9, "task_router_length_weight": 0.25,
                 # per edge model: {"MODEL": {"step_router_tau": x, ...}}, what `edgeagent calibrate` writes
                 "model_thresholds": {},
                 **{f"export_mode_{name}": "" for name in
                    ("cloud", "sketch", "task_router", "step_router", "advisor", "handoff")}},
}
EXPORT_MODES = ("off", "redact", "strict", "private")  # private: redact, with the request restated on the device
MIN_CONTEXT_TOKENS = 512  # a system prompt, the tools and a step's call need about this much
MIN_DECLARED_LEN = 4  # a declared secret shorter than this would redact ordinary words everywhere
MEASURES = ("entropy", "nll")
ROUTER_KEYS = ("step_router_tau", "task_router_threshold")  # the settings a router fit sets, per model
POSITIVE = {("strategy", "handoff_n"), ("strategy", "handoff_k"), ("cloud", "max_tokens")}
NON_NEGATIVE = {("cloud", "budget_usd"), ("cloud", "max_retries"), ("export", "preview_worker_idle_s")}


def load_toml(path: Path) -> dict:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise BadInput(f"{path}: not valid TOML ({e})") from None
    except UnicodeDecodeError as e:
        raise BadInput(f"{path}: not UTF-8 text (byte at offset {e.start})") from None
    except OSError as e:
        raise BadInput(f"{path}: cannot read ({e.strerror})") from None


def config_path() -> Path:
    return paths.home() / "config.toml"


# How a type is named in an error: "must be an integer", never "must be a int".
_KINDS = {int: "an integer", float: "a number", bool: "true or false", str: "a string", list: "a list",
          dict: "a table"}


def check_field(where: str, section: str, key: str, value: Any) -> Any:
    if key not in DEFAULTS[section]:
        raise BadInput(f"{where}: unknown field {section}.{key}")
    want = type(DEFAULTS[section][key])
    if want is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, want) or isinstance(value, bool) != (want is bool):
        raise BadInput(f"{where}: {section}.{key} must be {_KINDS[want]}, not {value!r}")
    if want is str:
        check_text(value, f"{where}: {section}.{key}")  # --set values come from argv, undecodable bytes and all
    if want is float and not math.isfinite(value):
        raise BadInput(f"{where}: {section}.{key} must be a finite number")
    if (section, key) in POSITIVE and value < 1:
        raise BadInput(f"{where}: {section}.{key} must be at least 1")
    if (section, key) in NON_NEGATIVE and value < 0:
        raise BadInput(f"{where}: {section}.{key} must be at least 0")
    if (section, key) == ("cloud", "timeout_s") and value <= 0:
        raise BadInput(f"{where}: cloud.timeout_s must be above 0")
    if (section, key) == ("export", "secrets"):
        _check_secrets(where, value)
    if (section, key) == ("export", "detectors"):
        _check_detectors(where, value)
    if (section, key) == ("export", "secrets_file") and value:
        _check_user_path(where, "export.secrets_file", value)
    if (section, key) == ("export", "mode") and value not in EXPORT_MODES:
        raise BadInput(f"{where}: export.mode must be one of {', '.join(EXPORT_MODES)}")
    if section == "strategy" and key.startswith("export_mode_") and value not in ("", *EXPORT_MODES):
        raise BadInput(f"{where}: strategy.{key} must be one of {', '.join(EXPORT_MODES)} (or \"\" for export.mode)")
    if (section, key) == ("backend", "context_tokens") and value != 0 and value < MIN_CONTEXT_TOKENS:
        raise BadInput(f"{where}: backend.context_tokens must be 0 (the device's default) or at least "
                       f"{MIN_CONTEXT_TOKENS}")
    if (section, key) == ("backend", "name") and value not in ("", *BACKENDS):
        raise BadInput(f"{where}: backend.name must be one of {', '.join(BACKENDS)} (or \"\" for the device's)")
    if (section, key) == ("strategy", "router_measure") and value not in MEASURES:
        raise BadInput(f"{where}: strategy.router_measure must be one of {', '.join(MEASURES)}")
    if (section, key) == ("strategy", "model_thresholds"):
        _check_model_thresholds(where, value)
    if (section, key) == ("strategy", "task_router_length_weight") and value < 0:
        raise BadInput(f"{where}: strategy.task_router_length_weight must be at least 0")
    return value


def _check_secrets(where: str, values: list) -> None:
    # The exporter's own rule, so a config it would refuse fails here, at load.
    for i, v in enumerate(values):
        if not isinstance(v, str):
            raise BadInput(f"{where}: export.secrets[{i}] must be a string")
        if len("".join(v.split())) < MIN_DECLARED_LEN:
            raise BadInput(f"{where}: export.secrets[{i}] must have at least {MIN_DECLARED_LEN} non-space characters")


def _check_user_path(where: str, field: str, value: str) -> None:
    # "~nosuchuser/x" makes pathlib raise RuntimeError wherever the path is used: refuse it here, naming the field.
    try:
        Path(value).expanduser()
    except (RuntimeError, KeyError, OSError):
        raise BadInput(f"{where}: {field} {value!r}: no such user's home folder") from None


def check_path(path: str) -> str | None:
    """Why `path` cannot name a detector ("module:Class" shape), or None; nothing is imported."""
    module, _, attr = path.partition(":")
    if not module or not attr or not all(part.isidentifier() for part in (*module.split("."), *attr.split("."))):
        return "expected \"package.module:Class\""
    return None


def _check_model_thresholds(where: str, value: dict) -> None:
    for model, fit in value.items():
        if not isinstance(fit, dict):
            raise BadInput(f"{where}: strategy.model_thresholds.{model} must be a table")
        for key, v in fit.items():
            if key not in ROUTER_KEYS:
                raise BadInput(f"{where}: strategy.model_thresholds.{model}.{key}: unknown field "
                               f"(use {' or '.join(ROUTER_KEYS)})")
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise BadInput(f"{where}: strategy.model_thresholds.{model}.{key} must be a finite number")


def _check_detectors(where: str, values: list) -> None:
    # The shape only: importing the detectors themselves waits for an export.
    for i, v in enumerate(values):
        problem = "must be a string" if not isinstance(v, str) else check_path(v)
        if problem:
            raise BadInput(f"{where}: export.detectors[{i}] {v!r}: {problem}")


def strategy_export_mode(config: dict, strategy: str) -> str:
    """The export mode a strategy's own setting asks for, or "" to use the general one."""
    return config["strategy"].get(f"export_mode_{strategy.replace('-', '_')}", "")


def _overlay(merged: dict, where: str, values: dict) -> None:
    for section, fields in values.items():
        if section not in DEFAULTS or not isinstance(fields, dict):
            raise BadInput(f"{where}: unknown section [{section}]")
        for key, value in fields.items():
            merged[section][key] = check_field(where, section, key, value)


def parse_overrides(items: tuple[str, ...] | list[str]) -> dict[str, dict[str, Any]]:
    """`--set section.key=value` pairs; the value is read as TOML (1, 0.5, true) or else taken as text."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        name, eq, raw = item.partition("=")
        section, dot, key = name.strip().partition(".")
        if not eq or not dot or not key:
            raise BadInput(f"--set {item}: use section.key=value, e.g. strategy.handoff_k=1")
        try:
            value = tomllib.loads(f"v = {raw.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            value = raw.strip()
        if section not in DEFAULTS:
            raise BadInput(f"--set {item}: unknown section [{section}]")
        out.setdefault(section, {})[key] = check_field(f"--set {item}", section, key, value)
    return out


def load_config(path: Path | None = None, overrides: dict[str, dict[str, Any]] | None = None
                ) -> dict[str, dict[str, Any]]:
    """Defaults overlaid with the user's file, then with `--set` overrides; a wrong type names the field."""
    path = path or config_path()
    merged = {section: dict(values) for section, values in DEFAULTS.items()}
    _overlay(merged, str(path), load_toml(path) if path.exists() else {})  # a folder there is an error, not "none"
    _overlay(merged, "--set", overrides or {})
    return merged
