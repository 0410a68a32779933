"""`edgeagent serve`: the Anthropic Messages API over a local backend, so the official SDK can talk to it."""

from __future__ import annotations

import os
import signal
from ipaddress import ip_address

import click

from edgeagent.backends.base import Backend
from edgeagent.cli.options import backend_option, model_option
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.models import prepared as model_registry
from edgeagent.serve.server import IO_TIMEOUT_S, make_server
from edgeagent.serve.turns import DEFAULT_MAX_QUEUE

DEFAULT_PORT = 8642
KEY_VAR = "EDGEAGENT_SERVE_KEY"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def _backend_choice(flag: str) -> tuple[str, dict]:
    """--backend as `run` resolves it: the flag, backend.name in config, then this machine's device profile.

    A server's clients are not one run (a bench's local cloud is sent whole trajectories), so unless
    backend.context_tokens says otherwise it keeps the longest context: the model's own on ORT GenAI, the
    device's limit on llama.cpp."""
    from edgeagent.config import load_config
    from edgeagent.devices.profiles import detect_machine, resolve_device
    from edgeagent.models.backend_choice import backend_choice

    config, profile = load_config(), resolve_device("auto", detect_machine())
    name, options = backend_choice(flag, config, profile)
    if not config["backend"]["context_tokens"]:
        longest = {"onnx": {"context_tokens": 0}, "llamacpp": {"n_ctx": profile.budget.context_limit}}
        options = {**options, **longest.get(name, {})}
    return name, options


def _interrupt(signum: int, frame: object) -> None:
    # A second Ctrl-C or `kill` while the server winds down ends the process at once.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise KeyboardInterrupt


def check_exposure(host: str, api_key: str | None, insecure_no_key: bool) -> None:
    """Refuse an empty key (it once meant "auth off") and an open port on the network without --insecure-no-key."""
    if api_key is not None and not api_key.strip() or api_key is None and os.environ.get(KEY_VAR) == "":
        raise BadInput(f"the API key is empty (--api-key or ${KEY_VAR}); set a key, or unset {KEY_VAR}")
    if not is_loopback(host) and api_key is None and not insecure_no_key:
        raise BadInput(f"refusing to listen on {host} without an API key: anyone who can reach it could use the "
                       f"model; pass --api-key (or set {KEY_VAR}), or --insecure-no-key to accept that")


def _prepared_names() -> list[str]:
    """Each prepared model once, though it may have a variant per backend."""
    return list(dict.fromkeys(m["name"] for m in model_registry.list_models() if m["state"] == "ok"))


def served_names(served_name: str) -> list[str]:
    """What GET /v1/models lists: the served model first, then every other prepared model, each once."""
    return list(dict.fromkeys([served_name, *_prepared_names()]))


@click.command("serve")
@model_option()
@backend_option()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on; 0 picks a free one (the URL is printed).")
@click.option("--api-key", envvar=KEY_VAR, default=None,
              help=f"Require this key in x-api-key (default: ${KEY_VAR}); needed off loopback.")
@click.option("--insecure-no-key", is_flag=True, help="Allow a non-loopback --host without an API key.")
@click.option("--max-queue", default=DEFAULT_MAX_QUEUE, show_default=True, type=click.IntRange(0, 10_000),
              help="Requests that may wait for a busy model; past that they get 529 overloaded_error.")
@click.option("--io-timeout", default=IO_TIMEOUT_S, show_default=True, type=click.FloatRange(0.1, 3600),
              help="Seconds a client may stall sending or reading before it is dropped and its generation stopped.")
@click.option("--served-model-name", default=None, metavar="NAME",
              help="The id clients send and replies carry for MODEL (default: MODEL); a cloud model's id prices "
                   "the tokens by that model's row in the pricing table, as `bench --cloud local:MODEL` does.")
def serve_cmd(model: str, backend: str, host: str, port: int, api_key: str | None, insecure_no_key: bool,
              max_queue: int, io_timeout: float, served_model_name: str | None) -> None:
    """Serve MODEL over the Anthropic Messages API (POST /v1/messages) until Ctrl-C."""
    check_exposure(host, api_key, insecure_no_key)
    if served_model_name is not None and not served_model_name.strip():
        raise BadInput("--served-model-name is empty")
    served_name = served_model_name or model
    name, options = _backend_choice(backend)
    served = model_registry.load_backend(model, stage=lambda text: click.echo(f"… {text}", err=True), backend=name,
                                         options=options)

    def loader(wanted: str) -> Backend:
        # Clients may pick another prepared model, never an arbitrary folder or script file on this machine.
        if wanted in (model, served_name):
            return served
        if wanted in _prepared_names():
            return model_registry.load_backend(wanted, backend=name, options=options)
        raise BadInput(f"unknown model; this server has {', '.join(['default', *served_names(served_name)])}")

    try:
        server = make_server(loader, served_name, host, port, api_key=api_key,
                             log=lambda line: click.echo(line, err=True),
                             model_names=lambda: served_names(served_name), max_queue=max_queue,
                             io_timeout=io_timeout)
    except OSError as e:
        raise EdgeAgentError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    if not is_loopback(host):
        guard = "requests need the API key" if api_key else "--insecure-no-key: anyone who can reach it can use it"
        click.echo(f"warning: listening on {host}, reachable from other machines; {guard}", err=True)
    as_name = f" as {served_name}" if served_name != model else ""
    click.echo(f"serving {model}{as_name} on {server.url} (Anthropic Messages API)")
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` and service managers stop it as cleanly as Ctrl-C
    signal.signal(signal.SIGINT, _interrupt)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
