"""Which tools `edgeagent run` gives the model: `--tools auto` (the file tools plus each app whose data the
workspace holds), `all`, or named tools and groups. Fewer tools keep a small model's prompt short and its
choices few; an app's tools are no use without its files."""

from __future__ import annotations

from pathlib import Path

from edgeagent.errors import BadInput
from edgeagent.tools import BUILTIN_TOOLS, Tool
from edgeagent.tools_calendar import CALENDAR_TOOLS
from edgeagent.tools_contacts import CONTACT_TOOLS
from edgeagent.tools_docs import DOCS_TOOLS
from edgeagent.tools_git import GIT_TOOLS
from edgeagent.tools_mail import MAIL_TOOLS
from edgeagent.tools_query import QUERY_TOOLS


def _names(tools: list[Tool]) -> tuple[str, ...]:
    return tuple(t.name for t in tools)


FILES = tuple(n for n in BUILTIN_TOOLS if n != "finish")
# Each group is its module's own tool list, so a tool added there is offered here without a second edit.
GROUPS: dict[str, tuple[str, ...]] = {
    "files": FILES, "mail": _names(MAIL_TOOLS), "calendar": _names(CALENDAR_TOOLS),
    "contacts": _names(CONTACT_TOOLS), "query": _names(QUERY_TOOLS), "docs": _names(DOCS_TOOLS),
    "git": _names(GIT_TOOLS),
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
    from edgeagent.toolset import ALL_TOOLS

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
    from edgeagent.workspace_overview import walk_files

    names, _ = walk_files(workspace)
    found = [g for g, suffixes in EVIDENCE.items() if any(n.lower().endswith(suffixes) for n in names)]
    if (workspace / ".git").exists():
        found.append("git")
    return [*FILES, *(n for g in found for n in GROUPS[g])] if found else None
