"""Every `edgeagent` command (click); nothing below the CLI imports it. `cli` is the root group, `main` the entry point."""

from edgeagent.cli.main import cli, main

__all__ = ["cli", "main"]
