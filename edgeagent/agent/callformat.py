"""Tool-call formats: how a model writes a call and reads a result, in the syntax it was trained on.

A model whose chat template declares tools (Qwen2.5/3, Hermes-style `<tool_call>` templates) gets the
tools through that template, writes `<tool_call>\n{"name": ..., "arguments": {...}}\n</tool_call>` and
reads results as `tool` turns; Llama 3.x and Phi-4-mini templates have their own shapes below. Any other
model (Gemma 3, SmolLM2) gets the generic format: one JSON object with the tool name first. Either way
decoding is constrained to the JSON inside the call, name before arguments.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from edgeagent.tools.base import Tool


class FormatError(Exception):
    """The model's reply is not a valid tool call."""


@dataclass(frozen=True)
class CallFormat:
    name: str
    name_key: str  # the JSON field holding the tool name; always written first
    args_key: str  # the JSON field holding the arguments object
    prefix: str = ""  # forced at the start of every reply (the call tag), so the model never chats instead
    suffix: str = ""  # what the grammar admits after the JSON (a line break before the closing tag)
    closing: str = ""  # the closing tag, written after generation: a special token no grammar can spell alike
    tool_role: str = "user"  # the role of the turn that carries a tool's result
    # Where the tools are declared: "prompt" (listed in the system prompt's text), "template" (the chat
    # template's tools=), or "system" (a JSON string under the system message's "tools" key, as Phi-4-mini's).
    declare: str = "prompt"

    @property
    def declares_tools(self) -> bool:
        """Whether the chat template declares the tools in the model's own words."""
        return self.declare != "prompt"

    def schema(self, tools: Iterable[Tool]) -> dict:
        """A JSON schema admitting one call to one of `tools`, name first; dict order is kept by every backend."""
        variants = [
            {
                "type": "object",
                "properties": {
                    self.name_key: {"const": t.name},
                    self.args_key: {"type": "object", "properties": t.params, "required": list(t.params),
                                    "additionalProperties": False},
                },
                "required": [self.name_key, self.args_key],
                "additionalProperties": False,
            }
            for t in tools
        ]
        # llguidance extension: fixed separators, so a small model cannot wander off into whitespace.
        return {"anyOf": variants,
                "x-guidance": {"whitespace_flexible": False, "key_separator": ": ", "item_separator": ", "}}

    def render_call(self, tool: str, args: dict) -> str:
        """A call exactly as this format's model writes it (for steps another actor took)."""
        body = json.dumps({self.name_key: tool, self.args_key: args}, ensure_ascii=False)
        return f"{self.prefix}{body}{self.suffix}{self.closing}"

    def parse(self, text: str, finish_reason: str | None, tools: dict[str, Tool]) -> tuple[str, dict]:
        """(tool, args) from a reply; FormatError says what is wrong, in words the model can act on."""
        if finish_reason == "length":
            raise FormatError("the reply was cut off before the tool call was complete; write shorter "
                              "content, or write it in parts with append_file")
        body = text.strip()
        if self.prefix.strip():
            body = body.removeprefix(self.prefix.strip())
        if self.closing:
            body = body.removesuffix(self.closing)
        if self.suffix.strip():
            body = body.rstrip().removesuffix(self.suffix.strip())
        try:
            # strict=False: raw control characters inside strings, which every grammar here admits.
            action = json.loads(body.strip(), strict=False)
        except json.JSONDecodeError as e:
            raise FormatError(f"not JSON ({e.msg} at character {e.pos})") from None
        if not isinstance(action, dict) or not isinstance(action.get(self.args_key), dict):
            raise FormatError(f'expected {{"{self.name_key}": NAME, "{self.args_key}": {{...}}}}')
        return check_call(action.get(self.name_key), action[self.args_key], tools)


def check_call(name: object, args: object, tools: dict[str, Tool]) -> tuple[str, dict]:
    """(tool, args) when `name` is one of `tools` and `args` are exactly its string arguments; FormatError if not."""
    tool = tools.get(name) if isinstance(name, str) else None  # a list or dict here is unhashable
    if tool is None:
        raise FormatError(f"unknown tool {name!r}; tools: {', '.join(tools)}")
    if not isinstance(args, dict):
        raise FormatError(f"{tool.name}: arguments must be an object")
    missing, extra = set(tool.params) - set(args), set(args) - set(tool.params)
    if missing or extra:
        raise FormatError(f"{tool.name} takes ({', '.join(tool.params)}); missing {sorted(missing)}, "
                          f"unexpected {sorted(extra)}")
    bad = [k for k, v in args.items() if not isinstance(v, str)]
    if bad:
        raise FormatError(f"arguments {bad} must be strings")
    return tool.name, args


GENERIC = CallFormat("generic", "tool", "args")
HERMES = CallFormat("hermes", "name", "arguments", prefix="<tool_call>\n", suffix="\n", closing="</tool_call>",
                    tool_role="tool", declare="template")
# Llama 3.1/3.2/3.3: tools declared by the template, a call is a bare JSON object with "parameters",
# results come back in an ipython turn (the template maps the tool role to it).
LLAMA3 = CallFormat("llama3-json", "name", "parameters", tool_role="tool", declare="template")
# Phi-4-mini: tools are a JSON list in the system message's "tools" key (rendered inside <|tool|>..<|/tool|>),
# a call is a one-element JSON list in <|tool_call|> tags, a result a `tool` turn.
PHI4 = CallFormat("phi4-mini", "name", "arguments", prefix="<|tool_call|>[", suffix="]", closing="<|/tool_call|>",
                  tool_role="tool", declare="system")
FORMATS = {f.name: f for f in (GENERIC, HERMES, LLAMA3, PHI4)}


def action_schema(tools: dict[str, Tool]) -> dict:
    """A JSON schema that admits exactly one call to one of `tools` in the generic format, tool name first."""
    return GENERIC.schema(tools.values())


def format_for_template(template: str | None) -> CallFormat:
    """The call format a chat template was trained with; generic when it has no tool support we know."""
    if not template or "tools" not in template:
        return GENERIC
    if "<tool_call>" in template and "tool_response" in template:
        return HERMES
    if "<|start_header_id|>" in template and "ipython" in template and '"parameters"' in template:
        return LLAMA3
    if "<|tool|>" in template and "<|/tool|>" in template:
        return PHI4
    return GENERIC


def system_tools(tools: Iterable[Tool]) -> str:
    """Tools as Phi-4-mini's model card declares them: name, description, and each argument's type and meaning."""
    return json.dumps([{"name": t.name, "description": t.description,
                        "parameters": {k: {"description": v.get("description", ""), "type": "str"}
                                       for k, v in t.params.items()}} for t in tools], ensure_ascii=False)


def template_tools(tools: Iterable[Tool]) -> list[dict]:
    """Tools in the shape Hugging Face chat templates expect (`tools=` of apply_chat_template)."""
    return [{"type": "function", "function": {
        "name": t.name, "description": t.description,
        "parameters": {"type": "object", "properties": {k: {kk: vv for kk, vv in v.items() if kk != "maxLength"}
                                                        for k, v in t.params.items()},
                       "required": list(t.params)}}} for t in tools]
