"""Router thresholds per edge model: a threshold is a cut in one model's uncertainty, so each model needs its own.

Where a run's threshold comes from, first that has it: `--set`, the user's fit for that model
(`[strategy.model_thresholds."MODEL"]`, written by `edgeagent calibrate`), a threshold set in config.toml for
every model, the fit shipped below for a catalog model, the built-in default (SmolLM2-135M's fit)."""

from __future__ import annotations

from pathlib import Path

from edgeagent.config import ROUTER_KEYS, config_path, load_toml

# `edgeagent calibrate`, greedy decoding, entropy, ONNX int4 builds: 20% of edge steps over τ, 25% of tasks over
# the task threshold. SmolLM2 on examples/tasks. Qwen 1.5B on the shipped suite's dev split only (`edgeagent
# calibrate --tasks bench/tasks --split dev`: 32 tasks, 137 steps; bench/results/router-fit-dev/), so the test
# split stays unseen; its earlier fit on examples/tasks and the retired templated suite was τ 1.796, threshold 1.81.
SHIPPED: dict[str, dict[str, float]] = {
    "smollm2-135m": {"step_router_tau": 1.75, "task_router_threshold": 3.9},
    "qwen2.5-coder-1.5b": {"step_router_tau": 1.791, "task_router_threshold": 2.359},
}


def thresholds_for(model: str, config: dict, sets: dict, path: Path | None = None) -> dict[str, float]:
    """The router thresholds a run of `model` uses, by the order in this module's docstring.

    `config` is the merged config, `sets` the `--set` overrides; `path` the config file (to tell a threshold the
    user wrote from a default, which the merged config cannot)."""
    strategy = config["strategy"]
    path = path or config_path()
    written = load_toml(path).get("strategy", {}) if path.is_file() else {}
    fitted = strategy.get("model_thresholds", {}).get(model, {})
    shipped = SHIPPED.get(model, {}) if strategy["router_measure"] == "entropy" else {}  # fits are of entropy
    out = {}
    for key in ROUTER_KEYS:
        for source in (sets.get("strategy", {}), fitted, written, shipped):
            if key in source:
                out[key] = float(source[key])
                break
        else:
            out[key] = float(strategy[key])
    return out

