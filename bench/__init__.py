"""Benchmark scripts (`python -m edgeagent.bench.NAME`) and the task suite, shipped as this package's data."""

from __future__ import annotations

from pathlib import Path

# Only a source checkout has examples/; an installed edgeagent takes the folder as --workspace.
_CHECKOUT_SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample-workspace"


def sample_workspace(given: Path | None = None) -> Path:
    """The workspace the perf benchmarks copy: `given`, else the source checkout's examples/sample-workspace."""
    folder = given or _CHECKOUT_SAMPLE
    if not folder.is_dir():
        raise SystemExit(f"error: no sample workspace at {folder} (an installed edgeagent has no examples/ folder); "
                         "pass --workspace PATH, e.g. a copy of the repository's examples/sample-workspace")
    return folder
