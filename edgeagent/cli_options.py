"""Options several commands share, declared once (as simonw/llm does), so their names, defaults and help agree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from edgeagent.backends.registry import NAMES as BACKEND_NAMES
from edgeagent.catalog import DEFAULT_MODEL
from edgeagent.cloud_target import TARGET_HELP, parse_target
from edgeagent.errors import BadInput

F = TypeVar("F", bound=Callable[..., Any])

MODEL_HELP = ("Edge model: a catalog name (`edgeagent models recommend` lists them), a name given to `models import` "
              "or `models pull`, a model folder or .gguf file for --backend, or scripted:FILE (replies read from a "
              "JSON file).")
BACKEND_HELP = ("Which backend runs the edge model; auto: backend.name in config, else the device profile's "
                "preferred backend when installed, else onnx.")


def json_option(what: str) -> Callable[[F], F]:
    """`--json`: `what` printed as one JSON object; an error then is one JSON object too (the CLI group prints it)."""
    return click.option("--json", "as_json", is_flag=True,
                        help=f"Print {what} as one JSON object; an error is printed as {{\"error\", \"code\"}}.")


def model_option(*aliases: str, help: str = MODEL_HELP) -> Callable[[F], F]:
    """`--model` (and `aliases`, e.g. bench's --edge), defaulting to the model a fresh install prepares."""
    return click.option("--model", *aliases, "model", default=DEFAULT_MODEL, show_default=True, help=help)


def backend_option(with_all: bool = False, help: str = BACKEND_HELP) -> Callable[[F], F]:
    """`--backend auto|onnx|llamacpp|mlx` (and `all` where every installed backend can be compared)."""
    return click.option("--backend", type=click.Choice(["auto", *BACKEND_NAMES, *(["all"] if with_all else [])]),
                        default="auto", show_default=True, help=help)


def overrides_option(help: str = "Override a config setting for this command, e.g. export.mode=strict; "
                                  "repeatable.") -> Callable[[F], F]:
    """`--set KEY=VALUE`, repeatable, parsed by config.parse_overrides where it is used."""
    return click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help=help)


def device_option(help: str = "Device profile (id, alias or TOML file) that picks the energy meters; auto detects "
                                "this machine.") -> Callable[[F], F]:
    return click.option("--device", default="auto", show_default=True, help=help)


def check_cloud(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The target's shape is checked while the options are parsed: before any config, model or detector loads."""
    if value is None:
        return value
    try:
        parse_target(value)
    except BadInput as e:
        raise click.BadParameter(str(e)) from None
    return value


def cloud_option(help: str = f"Cloud for the strategies that use one: {TARGET_HELP}. Default: cloud.target in "
                             "config.",
                 metavar: str = "TARGET", allow: Callable[[str], bool] | None = None) -> Callable[[F], F]:
    """`--cloud TARGET`; `allow` lets a command accept its own words (bench: reference, local:MODEL)."""
    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None and allow is not None and allow(value):
            return value
        return check_cloud(ctx, param, value)

    return click.option("--cloud", default=None, metavar=metavar, callback=check, help=help)
