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
