"""`edgeagent models import`: a user's own model becomes a named, prepared model like the embedded one.

An ONNX Runtime GenAI folder (genai_config.json) serves the onnx backend, a Hugging Face folder
(config.json + safetensors) the mlx backend, and a GGUF file llama.cpp. The files are copied under
the models dir with a size manifest, so a later truncation is reported rather than loaded."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from edgeagent import paths
from edgeagent.backends.registry import BY_VARIANT
from edgeagent.errors import BadInput
from edgeagent.models.catalog import EMBEDDED
from edgeagent.models.manifest import MANIFEST, check_manifest, write_manifest

NAME_RE = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
VARIANTS = BY_VARIANT  # variant folder -> the backend that loads it


def detect(path: Path) -> str:
    """Which kind of model `path` is (onnx, hf or gguf); a one-line BadInput saying why it is none of them."""
    if path.is_file():
        with path.open("rb") as f:
            magic = f.read(4)
        if magic != b"GGUF":
            raise BadInput(f"{path}: not a GGUF file (it does not start with the GGUF magic bytes)")
        return "gguf"
    if not path.is_dir():
        raise BadInput(f"{path}: no such file or folder")
    if (path / "genai_config.json").is_file():
        _json(path / "genai_config.json", "model")
        if not any(path.glob("*.onnx")):
            raise BadInput(f"{path}: has genai_config.json but no .onnx file")
        return "onnx"
    if (path / "config.json").is_file():
        _json(path / "config.json", "model_type")
        if not any(path.glob("*.safetensors")):
            raise BadInput(f"{path}: has config.json but no .safetensors weights")
        return "hf"
    raise BadInput(f"{path}: not a model folder (no genai_config.json for onnx, no config.json for an HF model)")


def _json(path: Path, key: str) -> None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise BadInput(f"{path}: not valid JSON ({e})") from None
    if not isinstance(data, dict) or key not in data:
        raise BadInput(f"{path}: has no {key!r} field")


def import_model(source: Path, name: str, *, force: bool = False) -> tuple[Path, str]:
    """Copy `source` in as model `name`; returns the variant folder and the backend that loads it."""
    if not NAME_RE.fullmatch(name):
        raise BadInput(f"model name {name!r}: use lower-case letters, digits, '.', '_' and '-' (at most 64)")
    if name in EMBEDDED:
        raise BadInput(f"model name {name!r} is the embedded model's; choose another")
    kind = detect(source)
    target = paths.models_dir() / name / kind
    if target.exists() and not force:
        raise BadInput(f"model {name!r} already has a {kind} variant at {target}; pass --force to replace it")
    tmp = target.with_name(f".{kind}.importing")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.parent.mkdir(parents=True, exist_ok=True)
    if kind == "gguf":
        tmp.mkdir()
        shutil.copy2(source, tmp / source.name)
    else:
        shutil.copytree(source, tmp, ignore=shutil.ignore_patterns(MANIFEST))
    write_manifest(tmp, name=name, backend=VARIANTS[kind], variant=kind, source=str(source.resolve()))
    shutil.rmtree(target, ignore_errors=True)
    os.replace(tmp, target)  # appears whole or not at all
    return target, VARIANTS[kind]


def imported_variant(name: str, kind: str) -> Path | None:
    """The checked folder of an imported model's variant (onnx, hf or gguf), or None if it has none."""
    if not NAME_RE.fullmatch(name):
        return None
    folder = paths.models_dir() / name / kind
    return folder if folder.is_dir() and check_manifest(folder) is not None else None
