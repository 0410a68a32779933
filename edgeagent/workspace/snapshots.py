"""Content-addressed copies of files as they were before a run changed them, so `edgeagent undo` can restore them.

Kept under the data dir as snapshots/<sha256>. The rule that bounds them: at most LIMIT_BYTES in all; when a
new copy pushes past it, the least recently used copies go first (undo of those older changes then refuses)."""

from __future__ import annotations

import hashlib
import os
import secrets
import time
from contextlib import suppress
from pathlib import Path

LIMIT_BYTES = 256 * 1024 * 1024


class Snapshots:
    def __init__(self, folder: Path, limit_bytes: int = LIMIT_BYTES) -> None:
        self.folder = Path(folder)
        self.limit_bytes = limit_bytes

    def keep(self, data: bytes) -> str:
        """Store `data` (once per content) and return its sha256; a copy already kept counts as just used."""
        sha = hashlib.sha256(data).hexdigest()
        path = self.folder / sha
        if path.is_file():
            os.utime(path)
            return sha
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f".tmp-{secrets.token_hex(6)}"
        tmp.write_bytes(data)
        os.replace(tmp, path)
        self._trim(keep=sha)  # only a new copy can push the total past the limit
        return sha

    def get(self, sha: str) -> bytes | None:
        """The content with this hash, or None when it was never kept, was dropped, or no longer matches."""
        try:
            data = (self.folder / sha).read_bytes()
        except (OSError, ValueError):
            return None
        return data if hashlib.sha256(data).hexdigest() == sha else None

    def _trim(self, keep: str) -> None:
        entries = []
        for p in self.folder.iterdir():
            with suppress(OSError):
                st = p.stat()
                entries.append((st.st_mtime, st.st_size, p))
        total = sum(size for _, size, _ in entries)
        for mtime, size, p in sorted(entries, key=lambda e: e[0]):
            if total <= self.limit_bytes:
                break
            # Another process's copy in progress is left alone; one a crash left behind an hour ago is not.
            if p.name != keep and not (p.name.startswith(".tmp-") and time.time() - mtime < 3600):
                with suppress(OSError):
                    p.unlink()
                    total -= size
