"""Errors that carry a one-line message for the user; the CLI maps them to exit codes."""


class EdgeAgentError(Exception):
    """A failure the user can act on (exit code 1)."""

    exit_code = 1


class BadInput(EdgeAgentError):
    """Malformed task, path, model file, database or argument (exit code 2)."""

    exit_code = 2


class ModelError(BadInput):
    """A model is missing, corrupt or cannot be prepared."""


class StoreError(BadInput):
    """The SQLite store is unreadable, foreign or newer than this code."""


class CloudUnavailable(EdgeAgentError):
    """No usable cloud step (refused, unreachable, over budget, no tool call); the step falls back to the edge."""


class DiskFull(StoreError):
    """The disk holding the store is full: the environment, not the input (exit code 1); the run stays resumable."""

    exit_code = 1


class RunBusy(BadInput):
    """Another live process is driving this run."""


class StepFailed(EdgeAgentError):
    """An unexpected exception inside a step; the run is marked `error` with the reason and can be resumed."""


class UndoRefused(EdgeAgentError):
    """`undo` found a file changed since the run wrote it, or its old content no longer kept (exit code 1)."""
