"""`edgeagent models import`: a user's own ONNX, Hugging Face or GGUF model becomes a named model."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.models import prepared as models
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import SHARED_MODELS


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def own_models(tmp_path, monkeypatch):
    """A models dir of this test's own, so imports do not touch the shared prepared models."""
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    return tmp_path / "models"


@pytest.mark.model
def test_import_an_onnx_folder_and_run_it_by_name(home, workspace, embedded_model, own_models, tmp_path):
    src = tmp_path / "mine"
    shutil.copytree(embedded_model, src)
    (src / models.MANIFEST).unlink()  # a user's folder has no edgeagent manifest
    r = invoke("models", "import", str(src), "--name", "my-smol")
    assert r.exit_code == 0, r.output
    assert "imported for the onnx backend" in r.stdout
    listed = json.loads(invoke("models", "list", "--json").stdout)
    assert [(m["name"], m["backend"], m["variant"], m["state"]) for m in listed] == [("my-smol", "onnx", "onnx", "ok")]
    out = invoke("run", "What is in notes.md?", "-w", str(workspace), "--model", "my-smol", "--backend", "onnx",
                 "--max-steps", "1", "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["steps"] == 1
    # A damaged import is reported, not loaded.
    data = own_models / "my-smol" / "onnx" / "model.onnx.data"
    data.write_bytes(data.read_bytes()[:1000])
    out = invoke("run", "t", "-w", str(workspace), "--model", "my-smol", "--backend", "onnx")
    assert out.exit_code == 2 and out.stderr.count("\n") == 1 and "model.onnx.data" in out.stderr


@pytest.mark.model
def test_import_a_gguf_file_for_llamacpp(home, embedded_model, own_models):
    gguf = next((SHARED_MODELS / SMOKE_MODEL / "gguf").glob("*.gguf"))
    r = invoke("models", "import", str(gguf), "--name", "smol-gguf")
    assert r.exit_code == 0 and "llamacpp" in r.stdout
    assert (own_models / "smol-gguf" / "gguf" / gguf.name).stat().st_size == gguf.stat().st_size
    r = invoke("models", "import", str(gguf), "--name", "smol-gguf")
    assert r.exit_code == 2 and "already has a gguf variant" in r.stderr and "--force" in r.stderr


@pytest.mark.model
def test_an_imported_gguf_is_converted_for_onnx_and_mlx_on_first_use(home, embedded_model, own_models):
    gguf = next((SHARED_MODELS / SMOKE_MODEL / "gguf").glob("*.gguf"))
    assert invoke("models", "import", str(gguf), "--name", "smol-own").exit_code == 0
    backend = models.load_backend("smol-own", backend="onnx")  # dequantized and built on first use
    _, last = backend.complete([{"role": "user", "content": "Say hi."}], max_tokens=4)
    assert last.usage.completion_tokens > 0
    backend.close()
    kinds = {row["variant"]: row["backend"] for row in models.list_models() if row["name"] == "smol-own"}
    assert kinds == {"gguf": "llamacpp", "onnx": "onnx"}  # the fp32 folder it was built from is not kept
    r = invoke("models", "prepare", "nobody-imported-this", "--backend", "onnx")
    assert r.exit_code == 2 and "no imported or pulled GGUF or Hugging Face folder by that name" in r.stderr


@pytest.mark.model
def test_an_imported_hugging_face_folder_is_built_into_onnx_on_first_use(home, embedded_model, own_models):
    hf = SHARED_MODELS / SMOKE_MODEL / "hf"  # the dequantized folder, as a pulled safetensors repo is
    assert invoke("models", "import", str(hf), "--name", "smol-hf").exit_code == 0
    backend = models.load_backend("smol-hf", backend="onnx")
    assert backend.complete([{"role": "user", "content": "Say hi."}], max_tokens=4)[1].usage.completion_tokens > 0
    backend.close()
    assert {row["variant"] for row in models.list_models() if row["name"] == "smol-hf"} == {"hf", "onnx"}


@pytest.mark.parametrize("make, name, message", [
    (lambda p: p.write_text("not a model"), "x", "not a GGUF file"),
    (lambda p: p.mkdir(), "x", "not a model folder"),
    (lambda p: (p.mkdir(), (p / "genai_config.json").write_text("{")), "x", "not valid JSON"),
    (lambda p: (p.mkdir(), (p / "config.json").write_text('{"model_type": "llama"}')), "x", "no .safetensors"),
    (lambda p: p.write_bytes(b"GGUF"), "Bad Name", "lower-case letters"),
    (lambda p: p.write_bytes(b"GGUF"), "smollm2-135m", "is the embedded model's"),
])
def test_bad_imports_are_one_line(home, own_models, tmp_path, make, name, message):
    path = tmp_path / "thing"
    make(path)
    r = invoke("models", "import", str(path), "--name", name)
    assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1
    assert not any(own_models.glob("*/*/edgeagent-model.json"))
