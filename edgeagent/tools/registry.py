"""Every tool the runtime has, by name, and which of them a run gets.

The file tools plus the workspace-app tools (mail, calendar, contacts, query, documents, git), and ask_cloud.
An ordinary run gets BUILTIN_TOOLS; a task names the ones it needs; `edgeagent run --tools` picks them with
`choose_tools` (`auto`: the file tools plus each app whose data the workspace holds, `all`, or named tools and
groups). Fewer tools keep a small model's prompt short and its choices few; an app's tools are no use without
its files."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from edgeagent.errors import BadInput
from edgeagent.tools.base import Tool, ToolContext
from edgeagent.tools.calendar import CALENDAR_TOOLS
from edgeagent.tools.contacts import CONTACT_TOOLS
from edgeagent.tools.docs import DOCS_TOOLS
from edgeagent.tools.files import BUILTIN_TOOLS
from edgeagent.tools.git import GIT_TOOLS
from edgeagent.tools.mail import MAIL_TOOLS
from edgeagent.tools.navigate import NAV_TOOLS
from edgeagent.tools.overview import walk_files
from edgeagent.tools.query import QUERY_TOOLS
from edgeagent.workspace.sandbox import ToolError


def ask_cloud(ctx: ToolContext, question: str) -> str:
    if ctx.advisor is None:
        raise ToolError("no cloud advisor is configured for this run")
    return ctx.advisor(question)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate(value: object) -> tuple[int, str] | None:
    """(position, character) of the first lone surrogate in a string argument (or in one nested in a list or dict)."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        return (m.start(), m.group()) if m else None
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return next((found for v in items if (found := _surrogate(v)) is not None), None)


def check_args(args: dict) -> None:
    """Refuse an argument holding a lone surrogate, which a model writes as a JSON escape ("\\ud800"): it is not
    text, so no file name, SQL, message or answer can hold it, and every encoder raises on it. A tool error naming
    the argument lets the model write it again; uncaught, it ended the run, and every resume repeated it."""
    for name, value in args.items():
        found = _surrogate(value)
        if found is not None:
            raise ToolError(f"{name} holds a lone surrogate ({found[1]!a} at position {found[0]}), which is not "
                            "text; write the argument without it")


ASK_CLOUD = Tool("ask_cloud", "ask a stronger cloud model for advice; private values are hidden from it",
                 {"question": {"type": "string", "maxLength": 200}}, ask_cloud)


def tools_for(with_cloud: bool, names: Iterable[str] | None = None) -> dict[str, Tool]:
    """The built-in tools, or just the named ones from every registered tool (a task's `tools` list);
    finish is always there, ask_cloud whenever a cloud is."""
    if names is None:
        return {**BUILTIN_TOOLS, ASK_CLOUD.name: ASK_CLOUD} if with_cloud else dict(BUILTIN_TOOLS)
    names = list(names)
    unknown = [n for n in names if n not in ALL_TOOLS]
    if unknown:
        raise BadInput(f"unknown tool {unknown[0]!r}; the tools are: {', '.join(ALL_TOOLS)}")
    picked = {n: ALL_TOOLS[n] for n in names if n != ASK_CLOUD.name}
    picked["finish"] = BUILTIN_TOOLS["finish"]
    return {**picked, ASK_CLOUD.name: ASK_CLOUD} if with_cloud else picked


def tool_lines(tools: dict[str, Tool]) -> str:
    """One line per tool, `- name(args): description`, for a cloud that plans or advises but does not call them."""
    return "\n".join(f"- {t.signature()}: {t.description}" for t in tools.values() if t.name != ASK_CLOUD.name)


def anthropic_tools(tools: dict[str, Tool]) -> list[dict]:
    """The tools in the Messages API format, for a cloud model that executes steps."""
    return [{"name": t.name, "description": t.description,
             "input_schema": {"type": "object", "properties": t.params, "required": list(t.params)}}
            for t in tools.values()]


def step_token_cap(tools: list[Tool]) -> int:
    """Tokens a step may generate: room for the longest call these tools admit (a token per character, at worst)."""
    longest = max(sum(p.get("maxLength", 200) for p in t.params.values()) for t in tools)
    return 64 + longest


APP_TOOLS: dict[str, Tool] = {t.name: t for t in
                              [*MAIL_TOOLS, *CALENDAR_TOOLS, *CONTACT_TOOLS, *QUERY_TOOLS, *DOCS_TOOLS, *GIT_TOOLS]}
NAVIGATION: dict[str, Tool] = {t.name: t for t in NAV_TOOLS}
ALL_TOOLS: dict[str, Tool] = {**BUILTIN_TOOLS, **NAVIGATION, **APP_TOOLS, ASK_CLOUD.name: ASK_CLOUD}
# [agent] navigation: the tool each navigation tool is offered beside.
BESIDE = {"tree": "list_dir", "read_files": "read_file"}


def with_navigation(tools: dict[str, Tool]) -> dict[str, Tool]:
    """The tools with tree after list_dir and read_files after read_file, where those are offered."""
    out: dict[str, Tool] = {}
    for name, tool in tools.items():
        out[name] = tool
        out.update({n: NAVIGATION[n] for n, after in BESIDE.items() if after == name})
    return out


def _names(tools: list[Tool]) -> tuple[str, ...]:
    return tuple(t.name for t in tools)


FILES = tuple(n for n in BUILTIN_TOOLS if n != "finish")
# Each group is its module's own tool list, so a tool added there is offered here without a second edit.
GROUPS: dict[str, tuple[str, ...]] = {
    "files": FILES, "mail": _names(MAIL_TOOLS), "calendar": _names(CALENDAR_TOOLS),
    "contacts": _names(CONTACT_TOOLS), "query": _names(QUERY_TOOLS), "docs": _names(DOCS_TOOLS),
    "git": _names(GIT_TOOLS), "navigation": _names(NAV_TOOLS),
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
    names, _ = walk_files(workspace)
    found = [g for g, suffixes in EVIDENCE.items() if any(n.lower().endswith(suffixes) for n in names)]
    if (workspace / ".git").exists():
        found.append("git")
    return [*FILES, *(n for g in found for n in GROUPS[g])] if found else None
