"""A prepared model folder's manifest: what was made, from what, and the size and sha256 of every file.

A preparation writes it last, so a folder without one is unfinished. Each file's entry keeps its sha256
and the size, mtime and ctime it had when last hashed: a load re-hashes only a file whose stat changed
since (an unchanged 1 GB model costs no read), `edgeagent models verify` re-hashes every file. A file
that no longer matches is reported as corrupt, by name, rather than loaded."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from edgeagent.errors import ModelError

MANIFEST = "edgeagent-model.json"
Progress = Callable[[str, int, int], None]  # (file, bytes hashed so far, its size)
_BLOCK = 1 << 20


def sha256_file(path: Path, on_bytes: Callable[[int], None] | None = None) -> str:
    h, done = hashlib.sha256(), 0
    with path.open("rb") as f:
        for block in iter(lambda: f.read(_BLOCK), b""):
            h.update(block)
            done += len(block)
            if on_bytes:
                on_bytes(done)
    return h.hexdigest()


def _stamp(st: os.stat_result) -> dict:
    # ctime too: `touch -d` or a copy that keeps mtime (cp -p) cannot set it back.
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "ctime_ns": st.st_ctime_ns}


def _hashed(path: Path, digest: str | None = None, rel: str = "", progress: Progress | None = None) -> dict:
    """A manifest entry for `path`: its sha256 (`digest` when the caller just computed it) and its stat."""
    before = path.stat()
    if digest is None:
        digest = sha256_file(path, (lambda n: progress(rel, n, before.st_size)) if progress else None)
    after = path.stat()
    entry = {"size": after.st_size, "sha256": digest}
    if _stamp(before) == _stamp(after):  # changed while it was read: leave the stat out, so it is hashed again
        entry.update(_stamp(after))
    return entry


def _save(folder: Path, manifest: dict) -> None:
    """Write the manifest whole or not at all (a crash mid-write must not look like a damaged model)."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{MANIFEST}.")
    try:
        os.chmod(tmp, 0o644)  # mkstemp's 0600 would hide a shared models dir's manifest from its other users
        with os.fdopen(fd, "w") as f:
            json.dump(manifest, f, indent=2)
        os.replace(tmp, folder / MANIFEST)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_manifest(folder: Path, *, known: dict[str, str] | None = None, progress: Progress | None = None,
                   **fields) -> None:
    """Record every file of `folder`; `known` holds sha256s the caller already computed while writing them,
    `progress` hears each file's bytes as they are hashed."""
    from edgeagent.store.dbfile import now

    known = known or {}
    files = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            rel = str(p.relative_to(folder))
            files[rel] = _hashed(p, known.get(rel), rel=rel, progress=progress)
    _save(folder, {**fields, "files": files, "created_at": now()})


def _fix(manifest: dict) -> str:
    # Imported and pulled models come back the way they came; catalog models (and their conversions) rebuild.
    return "import or pull it again with --force" if "variant" in manifest else \
        "run `edgeagent models prepare --force`"


def _declared(manifest: dict, rel: str) -> str | None:
    """The sha256 an older manifest already knew from its source: the catalog's GGUF hash, or the hub's per file."""
    declared = manifest.get("sha256")
    if isinstance(declared, dict):
        return declared.get(rel) if isinstance(declared.get(rel), str) else None
    if isinstance(declared, str) and rel.endswith(".gguf") and len(manifest["files"]) == 1:
        return declared
    return None


def read_manifest(folder: Path) -> dict | None:
    """The manifest as stored (None without one); ModelError if it is not one."""
    mf = folder / MANIFEST
    if not mf.is_file():
        return None
    try:
        manifest = json.loads(mf.read_text())
        files = manifest["files"]
        entries = [e if isinstance(e, dict) else {"size": e} for e in files.values()]  # old manifests: size only
        if not all(isinstance(e.get("size"), int) and isinstance(e.get("sha256", ""), str) for e in entries):
            raise TypeError
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        raise ModelError(f"model at {folder} has a damaged manifest; run `edgeagent models prepare --force`") from None
    return manifest


def check_manifest(folder: Path, *, full: bool = False, hashing: bool = True,
                   progress: Progress | None = None) -> dict | None:
    """The manifest of a finished preparation, None if there is none; ModelError naming a damaged file.

    Sizes are always compared; a file is re-hashed when its stat changed since its last check, when
    the manifest has no hash for it yet (recorded now, listed under "recorded" in the result), or always
    with `full`. A match refreshes the stored stat, so the next load reads nothing. Without `hashing`
    nothing is read: the files a load would hash are listed under "unverified"."""
    manifest = read_manifest(folder)
    if manifest is None:
        return None
    files, recorded, unverified, refreshed = manifest["files"], [], [], False
    for rel, entry in files.items():
        entry = entry if isinstance(entry, dict) else {"size": entry}
        p = folder / rel
        st = p.stat() if p.is_file() else None
        if st is None or st.st_size != entry["size"]:
            raise ModelError(f"model at {folder} is corrupt ({rel} missing or truncated); {_fix(manifest)}")
        if not full and entry.get("sha256") and {k: entry.get(k) for k in _stamp(st)} == _stamp(st):
            continue
        if not hashing:
            unverified.append(rel)
            continue
        fresh = _hashed(p, rel=rel, progress=progress)
        expected = entry.get("sha256") or _declared(manifest, rel)
        if expected and fresh["sha256"] != expected:
            raise ModelError(f"model at {folder} is corrupt ({rel} changed: its sha256 is not the one recorded "
                             f"when it was prepared); {_fix(manifest)}")
        if not expected:
            recorded.append(rel)
        refreshed = refreshed or fresh != entry
        files[rel] = fresh
    if refreshed:
        try:
            _save(folder, manifest)
        except OSError:
            pass  # a read-only models dir: still checked, only hashed again next time
    return {**manifest, "recorded": recorded, "unverified": unverified}
