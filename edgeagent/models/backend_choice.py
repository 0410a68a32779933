"""Which backend runs the edge model on this device, and with which settings (flag, config, device profile).

Shared by `run`, `resume`, `bench`, `profile` and `serve`, so each picks the backend the same way."""

from __future__ import annotations

from edgeagent.backends.base import physical_cores
from edgeagent.backends.registry import installed
from edgeagent.devices.profiles import DeviceProfile

# The longest context of 128 recorded edge runs of the default model was at most 3,307 tokens (edge_tokens in
# bench/results/edge-overview/, which bounds it); 8192 leaves room for larger tasks, at 470 MB of KV for the
# 1.5B (fp32 K and V of 28 layers) where its full 32,768 took 1.9 GB.
DEFAULT_CONTEXT_TOKENS = 8192


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
        return name, {"provider": config["backend"]["provider"] or profile.backend.ort_provider,
                      "threads": threads(profile), "context_tokens": context_tokens(config, profile)}
    if name == "llamacpp":
        return name, {**llamacpp_options(profile), "n_ctx": context_tokens(config, profile)}
    return name, {}


def threads(profile: DeviceProfile) -> int:
    """The device profile's thread count; 0 there means one per physical core."""
    return profile.backend.threads if profile.backend.threads > 0 else physical_cores()


def context_tokens(config: dict, profile: DeviceProfile) -> int:
    """How long a run's context may grow, which is what ORT GenAI allocates its KV cache for up front:
    backend.context_tokens when set, else DEFAULT_CONTEXT_TOKENS within the device profile's context limit."""
    return config["backend"]["context_tokens"] or min(DEFAULT_CONTEXT_TOKENS, profile.budget.context_limit)


def with_context(name: str, options: dict, tokens: int) -> dict:
    """`options` for a backend whose context must hold at least `tokens` (`profile` measures past a device's
    limit to say that a model does not fit it)."""
    key = {"onnx": "context_tokens", "llamacpp": "n_ctx"}.get(name)
    return {**options, key: max(tokens, options.get(key) or 0)} if key else options


def llamacpp_options(profile: DeviceProfile) -> dict:
    """Llama() settings a device profile asks for: GPU offload, threads (0 → physical cores), context size."""
    prefs = profile.backend
    return {
        "n_gpu_layers": prefs.n_gpu_layers,
        "n_threads": threads(profile),
        "n_ctx": profile.budget.context_limit,
    }
