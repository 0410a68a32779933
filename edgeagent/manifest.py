"""A prepared model folder's manifest: what was made, from what, and the size of every file.

A preparation writes it last, so a folder without one is unfinished; a file whose size changed since
is reported as corrupt rather than loaded."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .errors import ModelError
from .store import now

MANIFEST = "edgeagent-model.json"


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_manifest(folder: Path, **fields) -> None:
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
