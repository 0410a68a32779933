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
    assert choice.backend_choice("auto", config(), mac) == ("onnx", {"provider": mac.backend.ort_provider})


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
    assert choice.backend_choice("onnx", config(), nano) == ("onnx", {"provider": nano.backend.ort_provider})
    assert choice.backend_choice("onnx", config("backend.provider=cpu"), nano) == ("onnx", {"provider": "cpu"})


@pytest.mark.skipif("llamacpp" not in choice.installed_backends(), reason="llama-cpp-python is not installed")
def test_llamacpp_settings_come_from_the_device_profile():
    agx = PROFILES["jetson-agx-orin-64gb"]
    name, options = choice.backend_choice("llamacpp", config(), agx)
    assert name == "llamacpp" and options["n_gpu_layers"] == agx.backend.n_gpu_layers
    assert options["n_ctx"] == agx.budget.context_limit and options["n_threads"] >= 1


def test_bad_backend_name_in_config_is_one_line(home, workspace, tmp_path):
    r = CliRunner().invoke(cli, ["run", "t", "-w", str(workspace), "--model",
                                 write_script(tmp_path / "e.json", []), "--set", "backend.name=tensorflow"])
    assert r.exit_code == 2 and "backend.name must be one of onnx, llamacpp, mlx" in r.stderr


def test_the_chosen_backend_is_stored_for_resume(home, workspace, tmp_path):
    r = CliRunner().invoke(cli, ["run", "t", "-w", str(workspace), "--model", write_script(tmp_path / "e.json", []),
                                 "--backend", "onnx", "--set", "backend.provider=cpu", "--json"])
    assert r.exit_code == 0, r.output
    settings = json.loads(query(home / "edgeagent.db", "select settings from runs")[0][0])
    assert settings["backend"] == {"name": "onnx", "options": {"provider": "cpu"}}
    run = {"settings": json.dumps(settings), "backend": "scripted"}
    assert launch.stored_backend(run) == ("onnx", {"provider": "cpu"})
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
