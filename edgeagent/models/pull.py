"""`edgeagent models pull`: a model from the Hugging Face Hub (or any server that speaks its API) becomes
a named model, like `models import` does for a local folder.

A GGUF file serves llama.cpp, an ONNX Runtime GenAI repo the onnx backend, and a Hugging Face repo
(safetensors; MLX repos have the same shape) the mlx backend. Files are fetched with huggingface_hub
(the hub's API, URLs and auth headers) and downloaded here with HTTP ranges into a staging folder kept
across attempts, so an interrupted pull resumes where it stopped, even in a new process (huggingface_hub
2.x drops a partial file when its own retries give up). Each file's sha256 is checked against what the
hub declares before the folder is renamed into place.
`HF_ENDPOINT` points it at a mirror or a local stand-in.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from edgeagent import paths
from edgeagent.errors import BadInput, ModelError
from edgeagent.models.imported import NAME_RE, VARIANTS
from edgeagent.models.manifest import sha256_file, write_manifest

# What an HF model folder needs (weights, config, tokenizer, chat template); the rest (README, images) stays.
_HF_FILES = re.compile(r"(config|generation_config|tokenizer|tokenizer_config|special_tokens_map|vocab|merges|"
                       r"chat_template|added_tokens|preprocessor_config)\.(json|txt|jinja|model)$|\.safetensors$|"
                       r"\.safetensors\.index\.json$|tokenizer\.model$")


def _hub():
    try:
        import huggingface_hub
    except ImportError:
        raise BadInput("models pull needs huggingface_hub: pip install huggingface_hub") from None
    return huggingface_hub


def choose_files(names: list[str], file: str | None) -> tuple[str, list[str]]:
    """Which variant a repo is and the files to fetch; a one-line BadInput when that is unclear."""
    if file:
        if file not in names:
            raise BadInput(f"the repo has no file {file!r}")
        if not file.endswith(".gguf"):
            raise BadInput(f"--file takes a .gguf file; {file!r} is not one")
        return "gguf", [file]
    if "genai_config.json" in names:
        return "onnx", [n for n in names if not n.startswith(".") and not n.lower().endswith((".md", ".png", ".jpg"))]
    ggufs = [n for n in names if n.endswith(".gguf")]
    if len(ggufs) == 1:
        return "gguf", ggufs
    if ggufs:
        raise BadInput(f"the repo holds {len(ggufs)} GGUF files; choose one with --file "
                       f"({', '.join(sorted(ggufs)[:6])}{', …' if len(ggufs) > 6 else ''})")
    if "config.json" in names and any(n.endswith(".safetensors") for n in names):
        return "hf", [n for n in names if _HF_FILES.search(n)]
    raise BadInput("the repo holds no GGUF file, no ONNX Runtime GenAI model (genai_config.json) and no "
                   "safetensors weights with a config.json")


def default_name(repo: str, file: str | None) -> str:
    base = Path(file).stem if file else repo.rsplit("/", 1)[-1]
    name = re.sub(r"[^a-z0-9._-]+", "-", base.lower()).strip("-._")[:64]
    return name or "pulled-model"


def pull(repo: str, *, file: str | None = None, revision: str | None = None, name: str | None = None,
         force: bool = False, stage: Callable[[str], None] = lambda s: None) -> tuple[Path, str, str]:
    """Fetch `repo` as model `name`; returns its variant folder, the backend that loads it and the name."""
    hub = _hub()
    from huggingface_hub.errors import (
        EntryNotFoundError,
        HfHubHTTPError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    if not re.fullmatch(r"[\w.-]+(/[\w.-]+)?", repo):
        raise BadInput(f"{repo!r} is not a hub repo id (OWNER/NAME)")
    name = name or default_name(repo, file)
    if not NAME_RE.fullmatch(name):
        raise BadInput(f"model name {name!r}: use lower-case letters, digits, '.', '_' and '-' (at most 64)")
    endpoint = os.environ.get("HF_ENDPOINT") or None
    api = hub.HfApi(endpoint=endpoint)
    try:
        stage(f"asking the hub about {repo}" + (f" at {revision}" if revision else ""))
        info = api.model_info(repo, revision=revision, files_metadata=True)
        siblings = {s.rfilename: s for s in info.siblings or []}
        kind, wanted = choose_files(sorted(siblings), file)
        target = paths.models_dir() / name / kind
        if target.exists() and not force:
            raise BadInput(f"model {name!r} already has a {kind} variant at {target}; pass --force to replace it")
        # Kept across attempts (keyed by commit), so huggingface_hub resumes a partial download.
        staging = target.with_name(f".{kind}.pulling-{info.sha}")
        staging.mkdir(parents=True, exist_ok=True)
        hashes = {}
        for i, fname in enumerate(wanted, 1):
            stage(f"downloading {fname} ({i}/{len(wanted)})")
            url = hub.hf_hub_url(repo, fname, revision=info.sha, endpoint=endpoint)
            local = _download(url, staging / fname, _size(siblings[fname]), hub.utils.build_hf_headers())
            hashes[fname] = _verified(local, siblings[fname], fname)
    except (RepositoryNotFoundError, RevisionNotFoundError, EntryNotFoundError) as e:
        what = "revision" if isinstance(e, RevisionNotFoundError) else "repo or file"
        raise BadInput(f"{repo}: {what} not found on {endpoint or 'the Hugging Face Hub'}") from None
    except HfHubHTTPError as e:
        raise ModelError(f"pulling {repo} failed: {str(e).splitlines()[0]}; run the same command to resume") from None
    except Exception as e:
        # Connection resets and cut transfers surface as the HTTP client's own errors (httpx) or OSError.
        if not isinstance(e, OSError) and type(e).__module__.split(".")[0] not in ("httpx", "httpx2", "httpcore"):
            raise
        raise ModelError(f"pulling {repo} failed: {e}; run the same command to resume") from None
    write_manifest(staging, known=hashes, name=name, backend=VARIANTS[kind], variant=kind, source=f"hub:{repo}",
                   revision=info.sha, sha256=hashes)
    shutil.rmtree(target, ignore_errors=True)
    os.replace(staging, target)  # appears whole or not at all
    return target, VARIANTS[kind], name


def _verified(local: Path, sibling, fname: str) -> str:
    """The file's sha256, checked against the hub's LFS record; a mismatch deletes it and fails."""
    digest = sha256_file(local)
    lfs = getattr(sibling, "lfs", None)
    expected = lfs.sha256 if lfs else None
    size = lfs.size if lfs else sibling.size
    if (expected and digest != expected) or (size is not None and local.stat().st_size != size):
        local.unlink()  # so the next attempt downloads it again instead of trusting it
        raise ModelError(f"{fname}: downloaded file does not match the hub's sha256/size; it was deleted, "
                         "run the same command to fetch it again")
    return digest


def _size(sibling) -> int | None:
    lfs = getattr(sibling, "lfs", None)
    return lfs.size if lfs else sibling.size


def _download(url: str, dest: Path, size: int | None, headers: dict) -> Path:
    """`url` into `dest`, continuing a `.part` file a previous attempt left, with a progress bar."""
    import httpx
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TransferSpeedColumn,
    )

    from edgeagent.render import err

    part = dest.with_name(dest.name + ".part")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.is_file() and (size is None or dest.stat().st_size == size):
        return dest  # fetched by an earlier attempt; checked again by the caller
    have = part.stat().st_size if part.is_file() else 0
    bar = Progress(TextColumn(dest.name), BarColumn(), DownloadColumn(), TransferSpeedColumn(), console=err,
                   transient=True)
    with bar, httpx.Client(follow_redirects=True, timeout=httpx.Timeout(30.0)) as client:
        job = bar.add_task("download", total=size, completed=have)
        ask = {**headers, "Accept-Encoding": "identity", **({"Range": f"bytes={have}-"} if have else {})}
        with client.stream("GET", url, headers=ask) as r:
            if r.status_code == 416 and size is not None and have == size:
                pass  # the part file is already whole
            else:
                r.raise_for_status()
                mode = "ab" if have and r.status_code == 206 else "wb"  # a server without ranges starts over
                with part.open(mode) as f:
                    for block in r.iter_bytes():  # as received: a cut transfer keeps what arrived
                        f.write(block)
                        bar.update(job, advance=len(block))
    os.replace(part, dest)
    return dest
