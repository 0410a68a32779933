"""Which tools `edgeagent run` gives the model: `--tools auto` (the file tools plus each app whose data the
workspace holds), `all`, or named tools and groups. Fewer tools keep a small model's prompt short and its
choices few; an app's tools are no use without its files."""

from __future__ import annotations

from pathlib import Path

from .errors import BadInput

FILES = ("list_dir", "read_file", "search", "write_file", "append_file")
GROUPS: dict[str, tuple[str, ...]] = {
    "files": FILES,
    "mail": ("list_mail", "read_mail", "search_mail", "send_mail", "draft_mail"),
    "calendar": ("list_events", "add_event"),
    "contacts": ("find_contact",),
    "query": ("query",),
    "docs": ("search_docs",),
    "git": ("git_log", "git_show", "git_diff"),
}
# auto: the data that makes a group worth its prompt space (docs is not here: `search` already reads every file)
EVIDENCE: dict[str, tuple[str, ...]] = {
    "mail": (".eml",), "calendar": (".ics",), "contacts": (".vcf",),
    "query": (".csv", ".tsv", ".sqlite", ".sqlite3", ".db"),
}


def choose_tools(spec: str, workspace: Path) -> list[str] | None:
    """The tool names for a run (finish is always added later); None: the built-in file tools."""
    spec = spec.strip()
    if spec in ("", "files"):
        return None
    if spec == "auto":
        return _auto(workspace)
    if spec == "all":
        return [n for group in GROUPS.values() for n in group]
    from .toolset import ALL_TOOLS

    names: list[str] = []
    for item in (s.strip() for s in spec.split(",")):
        if item in GROUPS:
            names += GROUPS[item]
        elif item in ALL_TOOLS and item not in ("finish", "ask_cloud"):
            names.append(item)
        else:
            raise BadInput(f"--tools: unknown tool or group {item!r}; groups: {', '.join(GROUPS)}, or auto, all")
    return list(dict.fromkeys(names))


def _auto(workspace: Path) -> list[str] | None:
    from .workspace_overview import walk_files

    names, _ = walk_files(workspace)
    found = [g for g, suffixes in EVIDENCE.items() if any(n.lower().endswith(suffixes) for n in names)]
    if (workspace / ".git").exists():
        found.append("git")
    return [*FILES, *(n for g in found for n in GROUPS[g])] if found else None
