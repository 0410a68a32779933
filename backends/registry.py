"""The one table of edge backends: every list of backend names, install hints and model variants reads it."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass


@dataclass(frozen=True)
class BackendKind:
    name: str  # what --backend, config and device profiles say
    module: str  # found, not imported, to tell whether the backend is installed (imports cost seconds)
    variant: str  # the folder a catalog, imported or pulled model keeps for it
    install: str  # how to get it


BACKENDS: dict[str, BackendKind] = {b.name: b for b in [  # in the order preferred on a CPU
    BackendKind("onnx", "onnxruntime_genai", "onnx", "pip install 'edgeagent[onnx]'"),
    BackendKind("llamacpp", "llama_cpp", "gguf", "CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" pip install 'edgeagent[llamacpp]' (compiles; see docs/models.md)"),
    BackendKind("mlx", "mlx_lm", "hf", "pip install 'edgeagent[mlx]'"),
]}
NAMES = tuple(BACKENDS)
BY_VARIANT = {b.variant: b.name for b in BACKENDS.values()}


def installed() -> list[str]:
    """The backends whose packages are installed here, in preference order."""
    return [b.name for b in BACKENDS.values() if importlib.util.find_spec(b.module) is not None]
