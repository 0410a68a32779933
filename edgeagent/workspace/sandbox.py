"""Workspace confinement: every tool path resolves inside the workspace or the call fails."""

from __future__ import annotations

import os
from pathlib import Path

# The workspace's declared-secrets file: the export layer reads it, the agent's tools never do.
WORKSPACE_SECRETS = ".edgeagent-secrets"
PROTECTED_NAMES = frozenset({WORKSPACE_SECRETS})
INTERNAL_PREFIX = ".edgeagent-"  # our temp files and the secrets file: never listed or searched


def is_protected(name: str) -> bool:
    """Matched as case-insensitive file systems (macOS, Windows) match names: .EDGEAGENT-SECRETS is the same file."""
    return name.casefold() in {n.casefold() for n in PROTECTED_NAMES}


def is_internal(name: str) -> bool:
    return name.casefold().startswith(INTERNAL_PREFIX)


class ToolError(Exception):
    """A failed tool call; its message becomes the observation the model sees."""


# Code points HFS+ ignores in names, and NTFS's short name: git itself refuses these spellings of .git
# (is_hfs_dotgit, is_ntfs_dotgit), because some file system opens the real .git through them.
_IGNORED_IN_NAMES = dict.fromkeys([0x200C, 0x200D, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x206A, 0x2070),
                                   0xFEFF])
_GIT_DIR_ENTRIES = ("HEAD", "objects", "refs")  # what makes git take a folder for a repository's own folder


def is_git_name(name: str) -> bool:
    """`.git` as any file system may spell it: any case, trailing dots or spaces, ignorable characters, git~1."""
    plain = name.translate(_IGNORED_IN_NAMES).split(":", 1)[0].rstrip(" .").casefold()
    return plain in (".git", "git~1")


def _becomes_git_dir(folder: Path, added: str) -> bool:
    """Whether `folder`, with the entry `added` (the next name on a written path), holds HEAD, objects/ and refs/."""
    return all(added.casefold() == e.casefold() or os.path.lexists(folder / e) for e in _GIT_DIR_ENTRIES)


def require_writable(workspace: Path, target: Path) -> None:
    """Refuse a write into a repository's own folder: any `.git` on the path (a folder, or a file naming one
    elsewhere), or a folder git would take for one (a bare repository, where a .git file points).

    Its config and hooks make the user's next plain `git status` run commands, so, as the secrets file is
    unreadable, these are read-only to every tool that writes through apply_effect."""
    root = Path(os.path.realpath(workspace))
    parts = target.relative_to(root).parts
    rel = "/".join(parts)
    git = next((p for p in parts if is_git_name(p)), None)
    if git is not None:
        raise ToolError(f"{rel} is inside {git}, a git repository's own folder, which is read-only to the agent's "
                        "tools (its config and hooks would run commands); change the working files instead")
    folder = root
    for part in parts:
        if _becomes_git_dir(folder, part):
            where = relative(workspace, folder)
            raise ToolError(f"{rel} is inside {where}, which git takes for a repository's own folder (it holds "
                            "HEAD, objects and refs); it is read-only to the agent's tools")
        folder = folder / part


def resolve(workspace: Path, rel: str) -> Path:
    """The real path of `rel` inside `workspace`; absolute paths and escapes (.., symlinks) are refused."""
    if not isinstance(rel, str) or not rel.strip():
        raise ToolError("path must be a non-empty relative path")
    if "\x00" in rel:
        raise ToolError("path contains a NUL byte")
    if os.path.isabs(rel) or rel.startswith("~"):
        raise ToolError(f"absolute paths are not allowed: {rel!r}; use a path relative to the workspace")
    root = Path(os.path.realpath(workspace))
    # realpath follows every symlink that exists, so a link pointing outside lands outside.
    target = Path(os.path.realpath(root / rel))
    if target != root and root not in target.parents:
        raise ToolError(f"path leaves the workspace: {rel!r}")
    if is_protected(target.name):
        raise ToolError(f"{target.name} is protected: it lists secrets the agent may not read or change")
    return target


def relative(workspace: Path, path: Path) -> str:
    return str(path.relative_to(os.path.realpath(workspace))) or "."
