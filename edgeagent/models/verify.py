"""`edgeagent models verify`: every file of the prepared models re-hashed against the sha256 its manifest
recorded; a manifest from before hashes were recorded gets them now (and the result says so)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.markup import escape
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TaskID,
    TextColumn,
    TransferSpeedColumn,
)

from edgeagent import paths
from edgeagent.errors import BadInput, ModelError
from edgeagent.models.manifest import MANIFEST, check_manifest
from edgeagent.models.manifest import Progress as OnBytes

BIG = 64 << 20  # files above this show a progress bar while hashed


def variant_folders(name: str | None = None) -> list[Path]:
    """The prepared variant folders (models/NAME/VARIANT with a manifest), of one model or of all."""
    root = paths.models_dir()
    folders = sorted(mf.parent for mf in root.glob(f"*/*/{MANIFEST}"))
    if name is None:
        return folders
    chosen = [f for f in folders if f.parent.name == name]
    if not chosen:
        raise BadInput(f"no prepared model {name!r} in {root}; `edgeagent models list` shows them")
    return chosen


def verify_folder(folder: Path, progress: OnBytes | None = None) -> dict:
    """One variant's result: state ok, recorded (hashes were missing and are stored now) or corrupt."""
    row = {"name": folder.parent.name, "variant": folder.name, "path": str(folder)}
    try:
        manifest = check_manifest(folder, full=True, progress=progress)
    except ModelError as e:
        return {**row, "state": "corrupt", "error": str(e)}
    assert manifest is not None  # variant_folders lists only folders with a manifest
    sizes = [e["size"] for e in manifest["files"].values()]
    return {**row, "state": "recorded" if manifest["recorded"] else "ok", "files": len(sizes),
            "bytes": sum(sizes), "recorded": manifest["recorded"], "error": None}


def describe(row: dict) -> str:
    """One line for a variant's result."""
    what = f"{row['name']}/{row['variant']}"
    if row["state"] == "corrupt":
        return f"{what}: CORRUPT"
    files = f"{row['files']} file{'s' if row['files'] != 1 else ''}, {row['bytes'] / 1e6:.1f} MB"
    note = f"; sha256 recorded now for {len(row['recorded'])} (its manifest had none)" if row["recorded"] else ""
    return f"{what}: ok ({files}){note}"


@contextmanager
def hashing_bars(console, quiet: bool = False) -> Iterator[Callable[[Path], OnBytes]]:
    """Progress bars on `console` for big files; the yielded function makes one folder's progress callback."""
    bar = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                   console=console, transient=True, disable=quiet)
    jobs: dict[str, TaskID] = {}

    def for_folder(folder: Path) -> OnBytes:
        def on_bytes(rel: str, done: int, total: int) -> None:
            if total < BIG:
                return
            key = f"{folder.parent.name}/{folder.name}/{rel}"
            if key not in jobs:
                jobs[key] = bar.add_task(f"sha256 {escape(key)}", total=total)
            bar.update(jobs[key], completed=done)
        return on_bytes

    with bar:
        yield for_folder
