"""What every command shares: its options, declared once so their names, defaults and help agree, and one way
for errors to leave (a line on stderr, and under --json one JSON object on stdout), never a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

import click

from edgeagent.backends.registry import NAMES as BACKEND_NAMES
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.export.cloud_target import TARGET_HELP, parse_target
from edgeagent.models.catalog import DEFAULT_MODEL
from edgeagent.textinput import check_text

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


# Set for one command line that asked for --json: its error is then also one JSON object on stdout.
_JSON_ERRORS: ContextVar[bool] = ContextVar("edgeagent_json_errors", default=False)


def report_error(message: str, code: int) -> None:
    """The one way an error leaves the CLI: `error: ...` on stderr, and under --json {"error", "code"} on stdout."""
    click.echo(f"error: {message}", err=True)
    if _JSON_ERRORS.get():
        click.echo(json.dumps({"error": message, "code": code}))


class ErrorLine(click.ClickException):
    """Click's own errors (usage and others) as one line, with where help is, instead of its usage block."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code  # type: ignore[misc]  # click declares a ClassVar; click exits with the instance's

    def show(self, file=None) -> None:
        report_error(self.message, self.exit_code)


def error_line(e: click.ClickException) -> ErrorLine:
    if isinstance(e, ErrorLine):
        return e
    where = getattr(e, "ctx", None)
    hint = f" (see '{where.command_path} --help')" if isinstance(e, click.UsageError) and where else ""
    return ErrorLine(" ".join(e.format_message().split()) + hint, e.exit_code)


def asks_for_json(args: list[str]) -> bool:
    """--json anywhere before a `--` (after it, it would be an argument's text)."""
    return "--json" in (args[: args.index("--")] if "--" in args else args)


class Group(click.Group):
    """Turns EdgeAgentError and click's errors into one line on stderr and an exit code, never a traceback;
    under --json also into one JSON object on stdout."""

    def main(self, args=None, *rest, **extra):
        argv = list(sys.argv[1:] if args is None else args)
        token = _JSON_ERRORS.set(_JSON_ERRORS.get() or asks_for_json(argv))
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
            raise error_line(e) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except EdgeAgentError as e:
            report_error(str(e), e.exit_code)
            ctx.exit(e.exit_code)
        except click.ClickException as e:
            if isinstance(e, click.exceptions.NoArgsIsHelpError):
                raise  # `edgeagent models` alone prints its help
            raise error_line(e) from None


def text_arg(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """An argument that is looked up or stored as text (a run id): undecodable bytes are a usage error."""
    try:
        return check_text(value, param.human_readable_name)
    except BadInput as e:
        raise click.BadParameter(str(e).split(": ", 1)[1]) from None


def stage(text: str) -> None:
    from rich.markup import escape

    from edgeagent import render

    render.err.print(f"[dim]… {escape(text)}[/]")
