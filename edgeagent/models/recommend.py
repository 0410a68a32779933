"""`edgeagent models recommend`: which catalog models fit a device's memory budget, and how to get each."""

from __future__ import annotations

from edgeagent.devices.profiles import DeviceProfile
from edgeagent.models.catalog import EMBEDDED

RUNTIME_BYTES = 256 * 2**20  # compute buffers and the runtime itself, beside weights and KV cache (llama.cpp, seen here)


def recommend(profile: DeviceProfile) -> list[dict]:
    """Every catalog model with its memory at the device's context limit and whether that fits the budget."""
    budget = profile.memory_gb * 2**30 * profile.budget.max_model_memory_share
    context = profile.budget.context_limit
    rows = []
    for m in sorted(EMBEDDED.values(), key=lambda m: m.size):
        need = m.size + m.kv_bytes_per_token * context + RUNTIME_BYTES
        backend = profile.backend.preferred
        rows.append({"model": m.name, "download_bytes": m.size, "memory_bytes": need, "budget_bytes": int(budget),
                     "context": context, "fits": need <= budget, "source": m.source, "licence": m.licence,
                     "command": f"edgeagent models prepare {m.name} --backend {backend}"})
    return rows
