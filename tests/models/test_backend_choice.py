"""Which backend runs the edge model and with which settings: flag, config, device profile; kept for resume."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.agent import launch
from edgeagent.cli import cli
from edgeagent.config import load_config, parse_overrides
from edgeagent.devices.profiles import builtin_profiles
from edgeagent.models import backend_choice as choice
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import query, write_script

PROFILES = {p.id: p for p in builtin_profiles()}


def config(*sets: str) -> dict:
    return load_config(overrides=parse_overrides(sets))


def test_profile_preference_when_installed_else_onnx(monkeypatch):
    mac = PROFILES["apple-m2"]
    monkeypatch.setattr(choice, "installed_backends", lambda: ["onnx", "mlx"])
    assert choice.backend_choice("auto", config(), mac) == ("mlx", {})
    monkeypatch.setattr(choice, "installed_backends", lambda: ["onnx"])
    name, options = choice.backend_choice("auto", config(), mac)
    assert (name, options["provider"]) == ("onnx", mac.backend.ort_provider)


def test_without_the_preferred_backend_the_first_installed_one_runs(monkeypatch):
    cpu = PROFILES["generic-linux-cpu"]  # prefers onnx
    monkeypatch.setattr(choice, "installed_backends", lambda: ["llamacpp"])  # a llama.cpp-only install
    assert choice.backend_choice("auto", config(), cpu)[0] == "llamacpp"
    monkeypatch.setattr(choice, "installed_backends", list)
    assert choice.backend_choice("auto", config(), cpu)[0] == "onnx"  # its install hint then says what to get


def test_flag_beats_config_beats_profile(monkeypatch):
    monkeypatch.setattr(choice, "installed_backends", lambda: ["onnx", "mlx", "llamacpp"])
    cpu = PROFILES["generic-linux-cpu"]
    assert choice.backend_choice("auto", config("backend.name=mlx"), cpu)[0] == "mlx"
    assert choice.backend_choice("onnx", config("backend.name=mlx"), cpu)[0] == "onnx"


def test_ort_provider_from_profile_or_config():
    nano = PROFILES["jetson-orin-nano-8gb"]
    assert choice.backend_choice("onnx", config(), nano)[1]["provider"] == nano.backend.ort_provider
    assert choice.backend_choice("onnx", config("backend.provider=cpu"), nano)[1]["provider"] == "cpu"


def test_threads_come_from_the_profile_and_zero_means_one_per_physical_core(monkeypatch):
    import psutil

    monkeypatch.setattr(psutil, "cpu_count", lambda logical=True: 3 if not logical else 6)
    cpu = PROFILES["generic-linux-cpu"]
    assert cpu.backend.threads == 0
    assert choice.backend_choice("onnx", config(), cpu)[1]["threads"] == 3
    assert choice.backend_choice("llamacpp", config(), cpu)[1]["n_threads"] == 3
    pinned = next(p for p in PROFILES.values() if p.backend.threads > 0)
    assert choice.backend_choice("onnx", config(), pinned)[1]["threads"] == pinned.backend.threads


def test_the_context_is_sized_to_the_run_not_the_model():
    cpu, small = PROFILES["generic-linux-cpu"], PROFILES["jetson-orin-nano-4gb"]
    assert choice.DEFAULT_CONTEXT_TOKENS <= cpu.budget.context_limit
    assert choice.backend_choice("onnx", config(), cpu)[1]["context_tokens"] == choice.DEFAULT_CONTEXT_TOKENS
    # a device with less room keeps to its own limit; an explicit setting wins over both
    assert choice.backend_choice("onnx", config(), small)[1]["context_tokens"] == small.budget.context_limit < 8192
    assert choice.backend_choice("onnx", config("backend.context_tokens=2048"), small)[1]["context_tokens"] == 2048
    assert choice.backend_choice("llamacpp", config("backend.context_tokens=2048"), cpu)[1]["n_ctx"] == 2048


@pytest.mark.skipif("llamacpp" not in choice.installed_backends(), reason="llama-cpp-python is not installed")
def test_llamacpp_settings_come_from_the_device_profile():
    agx = PROFILES["jetson-agx-orin-64gb"]
    name, options = choice.backend_choice("llamacpp", config(), agx)
    assert name == "llamacpp" and options["n_gpu_layers"] == agx.backend.n_gpu_layers
    assert options["n_ctx"] == min(choice.DEFAULT_CONTEXT_TOKENS, agx.budget.context_limit)
    assert options["n_threads"] >= 1


def test_bad_backend_name_in_config_is_one_line(home, workspace, tmp_path):
    r = CliRunner().invoke(cli, ["run", "t", "-w", str(workspace), "--model",
                                 write_script(tmp_path / "e.json", []), "--set", "backend.name=tensorflow"])
    assert r.exit_code == 2 and "backend.name must be one of onnx, llamacpp, mlx" in r.stderr


def test_the_chosen_backend_is_stored_for_resume(home, workspace, tmp_path):
    r = CliRunner().invoke(cli, ["run", "t", "-w", str(workspace), "--model", write_script(tmp_path / "e.json", []),
                                 "--backend", "onnx", "--set", "backend.provider=cpu", "--set",
                                 "backend.context_tokens=2048", "--json"])
    assert r.exit_code == 0, r.output
    settings = json.loads(query(home / "edgeagent.db", "select settings from runs")[0][0])
    (device,) = query(home / "edgeagent.db", "select device from runs")[0]
    stored = {"provider": "cpu", "threads": choice.threads(PROFILES[device]), "context_tokens": 2048}
    assert settings["backend"] == {"name": "onnx", "options": stored}
    run = {"settings": json.dumps(settings), "backend": "scripted"}
    assert launch.stored_backend(run) == ("onnx", stored)
    assert launch.stored_backend({"settings": "{}", "backend": "onnx"}) == ("onnx", {})  # runs from before


@pytest.mark.model
def test_a_missing_execution_provider_names_the_package(home, workspace, embedded_model):
    r = CliRunner().invoke(cli, ["run", "t", "-w", str(workspace), "--backend", "onnx",
                                 "--model", SMOKE_MODEL, "--set", "backend.provider=cuda"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert "the cuda execution provider needs onnxruntime-genai-cuda" in r.stderr
    assert not (home / "edgeagent.db").exists() or query(home / "edgeagent.db", "select count(*) from runs")[0][0] == 0


@pytest.mark.parametrize("profile", sorted(PROFILES), ids=str)
def test_every_profile_gives_a_runnable_onnx_configuration(profile):
    """The provider each profile asks ORT GenAI for is one edgeagent knows how to name a package for."""
    from edgeagent.backends.onnx import PROVIDER_PACKAGES

    name, options = choice.backend_choice("onnx", config(), PROFILES[profile])
    assert name == "onnx" and options["provider"] in PROVIDER_PACKAGES
    family = PROFILES[profile].family
    # Jetson boards ask for CUDA (unverified here); Apple and PC profiles run ORT on the CPU.
    assert options["provider"] == ("cuda" if family == "jetson" else "cpu")


def test_profile_sizes_the_context_for_the_longest_one_it_measures():
    small = PROFILES["jetson-orin-nano-4gb"]
    for name, key in (("onnx", "context_tokens"), ("llamacpp", "n_ctx")):
        _, options = choice.backend_choice(name, config(), small)
        assert choice.with_context(name, options, 9000)[key] == 9000  # past the device's 4096, to judge it
        assert choice.with_context(name, options, 100)[key] == options[key] == 4096  # never below the run's
    assert choice.with_context("mlx", {}, 9000) == {}  # its cache grows as the context does
