"""Free-text bodies ([agent] free_text): a file's content or a mail's body written in the model's own words.

Under the grammar the model writes the call without its free-text argument (`write_file(path)`); the runtime then
asks for the text in a turn of its own, generated unconstrained up to the model's end of turn or a token budget,
instead of as an escaped JSON string inside the call, capped at the grammar's 2,000 characters. The stored output
is the call, a separator and the text; history renders it back as the same three turns, so the prompt only grows.
"""

from __future__ import annotations

import re
from dataclasses import replace

from edgeagent.tools.base import Tool

_FENCED_RE = re.compile(r"```[\w+-]*\n(.*?)\n?```", re.DOTALL)  # the whole text in one fence
MARK = "\x1e"  # ASCII record separator: between a call and its body in a stored output; no grammar here admits it
BODY_TOKENS = 1536  # tokens the text of one call may take (about 6,000 characters of prose); the context caps it too
CUT = "\n[the text reached its budget of {tokens} tokens and stops there; add the rest with append_file]"
PROMPT = ("Now write the text for that call: only the text itself, exactly as it should be saved or sent, as plain "
          "text (no JSON, no quotes around it).")


def call_view(tools: dict[str, Tool]) -> dict[str, Tool]:
    """The tools as the model calls them: one with a free-text argument without it, its description saying so."""
    return {name: _without_body(t) if t.body else t for name, t in tools.items()}


def _without_body(tool: Tool) -> Tool:
    assert tool.body is not None
    params = {k: v for k, v in tool.params.items() if k != tool.body}
    return replace(tool, params=params, description=f"{tool.description} (you write its {tool.body} next, as plain text)")


def joined(call: str, body: str) -> str:
    """A stored output: the call, the separator, the text."""
    return f"{call}{MARK}{body}"


def split(output: str) -> tuple[str, str | None]:
    """(call, text) of a stored output; text None for a call without one."""
    call, sep, body = output.partition(MARK)
    return (call, body) if sep else (output, None)


def with_body(name: str, args: dict, body: str | None, tools: dict[str, Tool]) -> dict:
    """The call's arguments with its text put back under the tool's free-text argument, out of the one code fence a
    chat model wraps its whole reply in when it has one."""
    tool = tools.get(name)
    if body is None or tool is None or tool.body is None:
        return args
    fenced = _FENCED_RE.fullmatch(body.strip())
    if fenced is not None and "```" not in fenced.group(1):
        return {**args, tool.body: fenced.group(1)}
    return {**args, tool.body: body.strip("\n")}


def turns(output: str, tool_role: str) -> list[dict]:
    """The turns a stored output renders as: the call; then, when it has a text, the request for it and the text."""
    call, body = split(output)
    if body is None:
        return [{"role": "assistant", "content": call}]
    return [{"role": "assistant", "content": call}, {"role": tool_role, "content": PROMPT},
            {"role": "assistant", "content": body}]
