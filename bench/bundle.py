"""Run bundles: what a recorded bench run left, kept so the run can be re-graded after a checker changes.

A bundle is `runs/<task>.<strategy>.<repeat>.json.gz` beside results.db: the final answer, the trajectory
(every step's tool, arguments and observation), the sha256 of every file in the final workspace, the files
changed, added and deleted against a fresh seed, and the bytes of every changed or added file. `.git` folders
are left out: the git tools only read history. The results row holds the bundle's path and sha256."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import stat
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from edgeagent.bench.task import Task
from edgeagent.errors import BadInput, StoreError

FORMAT = 1
FOLDER = "runs"


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):  # a large table or log is never read whole
            h.update(block)
    return h.hexdigest()


def file_hashes(root: Path) -> dict[str, str]:
    """sha256 of every regular file below `root` by its workspace-relative POSIX path; links are not followed
    and anything below a `.git` folder is left out."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d != ".git")
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if name == ".git" or not stat.S_ISREG(path.lstat().st_mode):
                continue  # a worktree's .git file, a link or a special file: not workspace content
            out[path.relative_to(root).as_posix()] = _sha256_file(path)
    return dict(sorted(out.items()))


def seed_hashes(task: Task) -> dict[str, str]:
    """The hashes of a fresh copy of the task's seed workspace."""
    with tempfile.TemporaryDirectory(prefix="edgeagent-seed-") as tmp:
        return file_hashes(task.seed_into(Path(tmp) / "ws"))


def changes(seed: dict[str, str], final: dict[str, str]) -> dict[str, list[str]]:
    """The paths changed, added and deleted from the seed to the final workspace."""
    return {"changed": sorted(p for p in final if p in seed and seed[p] != final[p]),
            "added": sorted(p for p in final if p not in seed),
            "deleted": sorted(p for p in seed if p not in final)}


def _content(data: bytes) -> dict[str, str]:
    try:
        return {"text": data.decode("utf-8")}
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}


def _steps(steps: list[dict]) -> list[dict]:
    """The trajectory: per step who acted and why, the tool, its arguments and observation, and the raw model
    output, as the run store keeps them."""
    keep = ("idx", "actor", "reason", "tool", "args", "ok", "observation", "output", "started_at", "duration_s")
    return [{k: s.get(k) for k in keep} for s in steps]


def build(task_id: str, strategy: str, repeat: int, run: dict, steps: list[dict], workspace: Path,
          seed: dict[str, str], sampling: dict | None = None) -> dict[str, Any]:
    """The bundle of one finished run: `run` is its store row, `seed` the hashes of a fresh seed copy."""
    final = file_hashes(workspace)
    diff = changes(seed, final)
    contents = {p: _content((workspace / p).read_bytes()) for p in diff["changed"] + diff["added"]}
    return {"format": FORMAT, "task_id": task_id, "strategy": strategy, "repeat": repeat, "run_id": run["id"],
            "status": run.get("status"), "answer": run.get("answer"), "error": run.get("error"),
            "sampling": sampling, "workspace": {"files": final, **diff}, "contents": contents,
            "trajectory": _steps(steps)}


def relpath(task_id: str, strategy: str, repeat: int) -> str:
    return f"{FOLDER}/{task_id}.{strategy}.{repeat}.json.gz"


def write(folder: Path, bundle: dict[str, Any]) -> tuple[str, str]:
    """Write the bundle under `folder`; (its path relative to folder, the sha256 of the file's bytes)."""
    rel = relpath(bundle["task_id"], bundle["strategy"], bundle["repeat"])
    # mtime 0: the same bundle is the same bytes, so its hash depends on content only.
    data = gzip.compress(json.dumps(bundle, sort_keys=True, default=str).encode("utf-8"), mtime=0)
    path = folder / rel
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        tmp.replace(path)  # a crash leaves the old bundle or the new one, never half of one
    except OSError as e:
        raise StoreError(f"{path}: cannot write the run's bundle ({e.strerror or e})") from None
    return rel, sha256_bytes(data)


def read(folder: Path, rel: str, expected_sha256: str | None) -> dict[str, Any]:
    """A stored bundle, checked against the hash its results row recorded; BadInput when missing or altered."""
    path = folder / rel
    if PurePosixPath(rel).is_absolute() or ".." in PurePosixPath(rel).parts:
        raise BadInput(f"bundle path {rel!r} leaves the results folder")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise BadInput(f"{path}: cannot read the run's bundle ({e.strerror or e})") from None
    if expected_sha256 and sha256_bytes(data) != expected_sha256:
        raise BadInput(f"{path}: its sha256 is not the one results.db recorded; the bundle was altered")
    try:
        bundle = json.loads(gzip.decompress(data))
    except (OSError, EOFError, ValueError) as e:
        raise BadInput(f"{path}: not a run bundle ({e})") from None
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise BadInput(f"{path}: not a run bundle of format {FORMAT}")
    return bundle


def _inside(root: Path, rel: str) -> Path:
    """`rel` below `root`, refused when it could land elsewhere: absolute, `..`, `.git`, or through a link."""
    parts = PurePosixPath(rel).parts
    if not parts or PurePosixPath(rel).is_absolute() or ".." in parts or ".git" in parts:
        raise BadInput(f"bundle names the path {rel!r}, which is not a workspace file")
    for i in range(1, len(parts)):
        if root.joinpath(*parts[:i]).is_symlink():
            raise BadInput(f"bundle names the path {rel!r}, which passes through a link in the seed")
    return root.joinpath(*parts)


def apply(bundle: dict[str, Any], workspace: Path) -> list[str]:
    """Turn a fresh seed copy into the run's final workspace; the paths whose hash still differs from the
    recorded one (the seed changed since the run), empty when the state is exact."""
    ws = bundle["workspace"]
    for rel in ws["deleted"]:
        target = _inside(workspace, rel)
        if target.is_file() or target.is_symlink():
            target.unlink()
    for rel, content in bundle["contents"].items():
        target = _inside(workspace, rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink():
            target.unlink()
        data = content["text"].encode("utf-8") if "text" in content else base64.b64decode(content["base64"])
        target.write_bytes(data)
    now = file_hashes(workspace)
    recorded = ws["files"]
    return sorted(p for p in set(now) | set(recorded) if now.get(p) != recorded.get(p))
