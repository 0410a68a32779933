"""`models recommend`: catalog models against a device's memory budget."""

from __future__ import annotations

import dataclasses
import json

from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.devices.profiles import resolve_device
from edgeagent.models.catalog import EMBEDDED
from edgeagent.models.recommend import recommend


def test_memory_is_weights_plus_kv_at_the_context_limit_and_small_budgets_drop_big_models():
    nano = resolve_device("jetson-orin-nano-4gb")
    rows = {r["model"]: r for r in recommend(nano)}
    q15 = EMBEDDED["qwen2.5-coder-1.5b"]
    assert rows["qwen2.5-coder-1.5b"]["memory_bytes"] > q15.size + q15.kv_bytes_per_token * 4096
    tight = dataclasses.replace(nano, budget=dataclasses.replace(nano.budget, max_model_memory_share=0.25))
    fits = {r["model"]: r["fits"] for r in recommend(tight)}  # 1 GiB for a model
    assert fits == {"smollm2-135m": True, "qwen2.5-coder-0.5b": True, "qwen2.5-coder-1.5b": False}


def test_recommend_names_the_device_backend_in_each_command():
    out = CliRunner().invoke(cli, ["models", "recommend", "--device", "jetson-orin-nano-4gb", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["device"] == "jetson-orin-nano-4gb"
    assert all(r["command"].endswith("--backend llamacpp") for r in data["models"])
    assert [r["model"] for r in data["models"]] == ["smollm2-135m", "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"]


def test_every_backend_in_the_table_has_a_loader_and_a_variant():
    from edgeagent.backends.registry import BACKENDS, BY_VARIANT
    from edgeagent.models.prepared import LOADERS

    assert set(LOADERS) == set(BACKENDS)
    assert sorted(BY_VARIANT) == ["gguf", "hf", "onnx"]
