"""Opening workspace paths through folder descriptors, one component at a time with O_NOFOLLOW.

resolve() checks a path by name; a folder swapped for a symlink after that check must not redirect the
open, so every component is opened relative to its parent's descriptor and a link there fails the call."""

from __future__ import annotations

import errno
import hashlib
import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from edgeagent.workspace.sandbox import ToolError

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
SUPPORTED = (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")
             and all(f in os.supports_dir_fd for f in (os.open, os.mkdir, os.rename, os.unlink, os.stat)))
_LINK_ERRNOS = {errno.ELOOP, errno.EMLINK, errno.ENOTDIR}  # what O_NOFOLLOW gives for a link (BSDs say EMLINK)
CHUNK = 1 << 16


class NotFound(ToolError):
    """A component of the path does not exist (any more)."""


def _require() -> None:
    if not SUPPORTED:  # fail closed: without dir_fd the check and the open cannot be tied together
        raise ToolError("file tools are off on this platform: it cannot open files relative to a folder descriptor")


def _changed(rel: str) -> ToolError:
    return ToolError(f"path leaves the workspace: {rel!r} (a folder on it became a link while it was opened)")


def _is_link(dir_fd: int, name: str) -> bool:
    try:
        return stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _open_child_dir(dir_fd: int, name: str, rel: str, create: bool) -> int:
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC
    try:
        return os.open(name, flags, dir_fd=dir_fd)
    except FileNotFoundError:
        if not create:
            raise NotFound(f"no such folder: {rel}") from None
    except OSError as e:
        if e.errno in _LINK_ERRNOS and _is_link(dir_fd, name):
            raise _changed(rel) from None
        if e.errno == errno.ENOTDIR:
            raise ToolError(f"{name} is a file, not a folder: {rel}") from None
        raise
    with suppress(FileExistsError):
        os.mkdir(name, 0o777, dir_fd=dir_fd)
    return _open_child_dir(dir_fd, name, rel, create=False)


def _parts(workspace: Path, target: Path) -> tuple[str, tuple[str, ...]]:
    root = os.path.realpath(workspace)
    return root, Path(target).relative_to(root).parts


def require_regular(rel: str, st: os.stat_result, allow_hardlinks: bool,
                    whose: str = "outside the workspace", refused: str = "refused") -> None:
    """A FIFO or device could block a reader for ever, and a second name may be a file from `whose`."""
    if not stat.S_ISREG(st.st_mode):
        raise ToolError(f"{rel} is not a regular file; {refused}")
    if st.st_nlink > 1 and not allow_hardlinks:
        raise ToolError(f"{rel} is a hard link ({st.st_nlink} names for one file), so its content may belong "
                        f"{whose}; {refused} (set [tools] allow_hardlinks = true to allow)")


@contextmanager
def open_dir(workspace: Path, target: Path, create: bool = False) -> Iterator[int]:
    """A descriptor of the folder `target` (a path resolve() returned), reached without following any link."""
    _require()
    root, parts = _parts(workspace, target)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | _CLOEXEC)  # the workspace itself may be given by a link
    try:
        for i, part in enumerate(parts):
            nxt = _open_child_dir(fd, part, "/".join(parts[:i + 1]), create)
            os.close(fd)
            fd = nxt
        yield fd
    finally:
        os.close(fd)


@contextmanager
def parent_dir(workspace: Path, target: Path, create: bool = False) -> Iterator[tuple[int, str]]:
    """(descriptor of `target`'s folder, `target`'s name); `create` makes missing folders on the way."""
    root, parts = _parts(workspace, target)
    if not parts:
        raise ToolError("the workspace itself is a folder; give a file name inside it")
    with open_dir(workspace, Path(root, *parts[:-1]), create) as fd:
        yield fd, parts[-1]


def lstat_in(workspace: Path, target: Path) -> os.stat_result | None:
    """`target`'s own status (a link is not followed), or None when it does not exist."""
    try:
        with parent_dir(workspace, target) as (fd, name):
            return os.stat(name, dir_fd=fd, follow_symlinks=False)
    except (NotFound, FileNotFoundError):
        return None


@contextmanager
def open_regular(workspace: Path, target: Path, rel: str, allow_hardlinks: bool = True
                 ) -> Iterator[tuple[BinaryIO, os.stat_result] | None]:
    """The regular file `target` opened for reading, with its status; None when it does not exist."""
    with parent_dir(workspace, target) as (dir_fd, name), open_regular_at(dir_fd, name, rel, allow_hardlinks) as f:
        yield f


@contextmanager
def open_regular_at(dir_fd: int, name: str, rel: str, allow_hardlinks: bool = True
                    ) -> Iterator[tuple[BinaryIO, os.stat_result] | None]:
    """The regular file `name` in the folder `dir_fd`, not through a link; None when it does not exist.

    A file with several names is refused unless `allow_hardlinks`: a hard link reaches content the
    workspace does not own (an outside file, the declared-secrets file) without any symlink to see."""
    try:
        # O_NONBLOCK: opening a FIFO the workspace holds must not hang the step.
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | _CLOEXEC, dir_fd=dir_fd)
    except FileNotFoundError:
        yield None
        return
    except OSError as e:
        if e.errno in _LINK_ERRNOS and _is_link(dir_fd, name):
            raise _changed(rel) from None
        raise
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ToolError(f"{rel} is a folder; give a file name inside it")
        require_regular(rel, st, allow_hardlinks)
        yield f, st


def sha256_stream(f: BinaryIO) -> str:
    h = hashlib.sha256()
    for chunk in iter(lambda: f.read(CHUNK), b""):
        h.update(chunk)
    return h.hexdigest()


TEMP_PREFIX = ".edgeagent-tmp-"  # then the writer's pid: a crashed writer's temp file is recognised as stale


def _clear_stale_temps(dir_fd: int) -> None:
    """Remove temp files whose writer died mid-write (SIGKILL skips cleanup); a replayed step writes here again."""
    import psutil

    for entry in os.listdir(dir_fd):
        if not entry.startswith(TEMP_PREFIX):
            continue
        pid = entry[len(TEMP_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not psutil.pid_exists(int(pid)):
            with suppress(OSError):
                os.unlink(entry, dir_fd=dir_fd)


def replace_file(dir_fd: int, name: str, chunks: Iterable[bytes], mode: int | None = None) -> None:
    """Write a temp file in the folder and rename it over `name`: a crash leaves the old or the new file.

    Both names are relative to `dir_fd`; a rename replaces a link at `name` itself, never what it points to."""
    _clear_stale_temps(dir_fd)
    tmp = f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(8)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _CLOEXEC, 0o666, dir_fd=dir_fd)
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            if mode is not None:
                os.fchmod(f.fileno(), stat.S_IMODE(mode))
        os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise


def remove_file(dir_fd: int, name: str) -> None:
    with suppress(FileNotFoundError):
        os.unlink(name, dir_fd=dir_fd)
