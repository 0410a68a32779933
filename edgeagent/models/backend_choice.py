"""Which backend runs the edge model on this device, and with which settings (flag, config, device profile).

Shared by `run`, `resume`, `bench`, `profile` and `serve`, so each picks the backend the same way."""

from __future__ import annotations

from edgeagent.backends.llamacpp import physical_cores
from edgeagent.backends.registry import installed
from edgeagent.devices.profiles import DeviceProfile


def installed_backends() -> list[str]:
    """The backends whose packages are installed here, in the order they are preferred for CPUs."""
    return installed()


def backend_choice(flag: str | None, config: dict, profile: DeviceProfile) -> tuple[str, dict]:
    """Which backend runs the edge model, and its settings: --backend, then backend.name in config, then the
    device profile's preferred backend when installed, else the first installed one (else onnx); ORT provider
    and llama.cpp offload from config or the profile."""
    name = (flag if flag and flag != "auto" else "") or config["backend"]["name"]
    if not name:
        preferred, here = profile.backend.preferred, installed_backends()
        # Else the first one installed: someone who installed only llama.cpp gets llama.cpp.
        name = preferred if preferred in here else (here[0] if here else "onnx")
    if name == "onnx":
        return name, {"provider": config["backend"]["provider"] or profile.backend.ort_provider}
    if name == "llamacpp":
        return name, llamacpp_options(profile)
    return name, {}


def llamacpp_options(profile: DeviceProfile) -> dict:
    """Llama() settings a device profile asks for: GPU offload, threads (0 → physical cores), context size."""
    prefs = profile.backend
    return {
        "n_gpu_layers": prefs.n_gpu_layers,
        "n_threads": prefs.threads if prefs.threads > 0 else physical_cores(),
        "n_ctx": profile.budget.context_limit,
    }
