"""Messages API requests: validation (ApiError(400) names the first bad field) and conversion to backend chat."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from edgeagent.serve.schema import MAX_DEPTH, schema_problem, too_deep

# llguidance extension, as in tools.action_schema: fixed separators keep a small model from wandering.
GUIDANCE = {"whitespace_flexible": False, "key_separator": ": ", "item_separator": ", "}
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
TOOL_CHOICES = {"auto", "any", "tool", "none"}
SKIPPED_BLOCKS = {"thinking", "redacted_thinking"}  # Claude history a client may replay; a local model has none
UNSUPPORTED_BLOCKS = {"image", "document", "search_result", "server_tool_use", "web_search_tool_result",
                      "container_upload"}


class ApiError(Exception):
    """A failure the client receives as an Anthropic-style error body with this HTTP status."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message

    def body(self) -> dict:
        return {"type": "error", "error": {"type": self.kind, "message": self.message}}


def bad_request(message: str) -> ApiError:
    return ApiError(400, "invalid_request_error", message)


def one_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return (lines[0] if lines else type(e).__name__)[:300]




@dataclass
class MessagesRequest:
    """A validated request, already converted to the backend's chat messages."""

    model: str
    messages: list[dict]
    max_tokens: int
    tools: dict[str, dict] = field(default_factory=dict)  # name -> args schema; empty: plain text
    allow_answer: bool = True  # False when tool_choice forces a tool call
    stop_sequences: list[str] = field(default_factory=list)
    stream: bool = False

    @property
    def constraint(self) -> dict | None:
        return tool_schema(self.tools, self.allow_answer) if self.tools else None


def _object(props: dict) -> dict:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def tool_schema(tools: dict[str, dict], allow_answer: bool = True) -> dict:
    """The JSON schema for one reply: a call {"tool", "args"} to one of `tools`, or (if allowed) {"answer"}."""
    variants = [_object({"tool": {"const": name}, "args": args}) for name, args in tools.items()]
    if allow_answer:
        variants.append(_object({"answer": {"type": "string"}}))
    return {"anyOf": variants, "x-guidance": dict(GUIDANCE)}


def _text_of(content: object, where: str) -> str:
    """A string, or text blocks joined; what `system` and tool_result content may be."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise bad_request(f"{where}: expected a string or a list of text blocks")
    parts = []
    for i, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") != "text" or not isinstance(block.get("text"), str):
            kind = block.get("type") if isinstance(block, dict) else type(block).__name__
            raise bad_request(f"{where}.{i}: expected a text block, got {kind!r}")
        parts.append(block["text"])
    return "\n\n".join(parts)


def tool_call_text(name: str, args: object) -> str:
    """A tool call the way edgeagent's agent writes it, so replayed history matches what the model produced."""
    return json.dumps({"tool": name, "args": args}, ensure_ascii=False)


def _block_text(block: object, role: str, where: str) -> str | None:
    """One content block as text for the backend; None for blocks a local model skips."""
    if not isinstance(block, dict) or not isinstance(block.get("type"), str):
        raise bad_request(f"{where}: a content block must be an object with a type")
    kind = block["type"]
    if kind == "text":
        if not isinstance(block.get("text"), str):
            raise bad_request(f"{where}.text: must be a string")
        return block["text"]
    if kind == "tool_use" and role == "assistant":
        if not isinstance(block.get("name"), str) or not isinstance(block.get("input", {}), dict):
            raise bad_request(f"{where}: tool_use needs a name and an input object")
        return tool_call_text(block["name"], block.get("input", {}))
    if kind == "tool_result" and role == "user":
        body = _text_of(block.get("content"), f"{where}.content")
        return "Observation:\n" + (f"error: {body}" if block.get("is_error") else body)
    if kind in SKIPPED_BLOCKS and role == "assistant":
        return None
    if kind in ("tool_use", "tool_result"):
        raise bad_request(f"{where}: {kind} blocks are not allowed in {role} messages")
    if kind in UNSUPPORTED_BLOCKS:
        raise bad_request(f"{where}: {kind!r} blocks are not supported by this text-only local model")
    raise bad_request(f"{where}: unknown content block type {kind!r}")


def _message_text(msg: object, i: int, answers_as_json: bool) -> tuple[str, str]:
    where = f"messages.{i}"
    if not isinstance(msg, dict):
        raise bad_request(f"{where}: must be an object with role and content")
    role, content = msg.get("role"), msg.get("content")
    if role not in ("user", "assistant"):
        raise bad_request(f"{where}.role: must be 'user' or 'assistant', got {role!r}")
    if isinstance(content, str):
        blocks: list = [{"type": "text", "text": content}]
    elif isinstance(content, list) and content:
        blocks = content
    else:
        raise bad_request(f"{where}.content: must be a string or a non-empty list of content blocks")
    texts = [t for j, b in enumerate(blocks) if (t := _block_text(b, role, f"{where}.content.{j}")) is not None]
    only_text = all(isinstance(b, dict) and b.get("type") in ("text", *SKIPPED_BLOCKS) for b in blocks)
    if role == "assistant" and answers_as_json and only_text:
        # With tools the model speaks JSON; its earlier answers are shown to it the way it wrote them.
        return role, json.dumps({"answer": "\n\n".join(texts)}, ensure_ascii=False)
    return role, "\n\n".join(texts)


def to_chat(system: object, messages: object, tools_prompt: str = "", answers_as_json: bool = False) -> list[dict]:
    """Anthropic `system` + `messages` as backend chat messages; consecutive same-role turns are merged."""
    if not isinstance(messages, list) or not messages:
        raise bad_request("messages: must be a non-empty list")
    chat: list[dict] = []
    sys_text = "\n\n".join(t for t in (_text_of(system, "system"), tools_prompt) if t)
    if sys_text:
        chat.append({"role": "system", "content": sys_text})
    for i, msg in enumerate(messages):
        role, text = _message_text(msg, i, answers_as_json)
        if chat and chat[-1]["role"] == role:
            chat[-1]["content"] += "\n\n" + text
        else:
            chat.append({"role": role, "content": text})
    if chat[-1]["role"] != "user":
        raise bad_request("messages: the last message must be a user message (assistant prefill is not supported)")
    return chat


def _parse_tools(tools: object) -> dict[str, dict]:
    if not isinstance(tools, list):
        raise bad_request("tools: must be a list")
    out: dict[str, dict] = {}
    for i, tool in enumerate(tools):
        where = f"tools.{i}"
        if not isinstance(tool, dict):
            raise bad_request(f"{where}: must be an object")
        if tool.get("type") not in (None, "custom"):
            raise bad_request(f"{where}: server tool {tool.get('type')!r} is not supported; use custom tools")
        name, schema = tool.get("name"), tool.get("input_schema")
        if not isinstance(name, str) or not TOOL_NAME.match(name):
            raise bad_request(f"{where}.name: must match {TOOL_NAME.pattern}")
        if name in out:
            raise bad_request(f"{where}.name: duplicate tool name {name!r}")
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise bad_request(f"{where}.input_schema: must be a JSON schema object with type 'object'")
        if problem := schema_problem(schema, f"{where}.input_schema"):
            raise bad_request(problem)
        if not isinstance(tool.get("description", ""), str):
            raise bad_request(f"{where}.description: must be a string")
        # Extra keys the caller did not declare would only be noise from a small model.
        out[name] = {"additionalProperties": False, **schema}
    return out


def _tool_choice(choice: object, tools: dict[str, dict]) -> tuple[dict[str, dict], bool]:
    """The tools the model may call and whether it may answer in text instead."""
    if choice is None:
        return tools, True
    if not isinstance(choice, dict) or choice.get("type") not in TOOL_CHOICES:
        raise bad_request(f"tool_choice: type must be one of {', '.join(sorted(TOOL_CHOICES))}")
    kind = choice["type"]
    if kind == "none":
        return {}, True
    if kind in ("any", "tool") and not tools:
        raise bad_request(f"tool_choice: {kind!r} needs tools")
    if kind == "tool":
        name = choice.get("name")
        if name not in tools:
            raise bad_request(f"tool_choice.name: {name!r} is not one of the given tools")
        return {name: tools[name]}, False
    return tools, kind == "auto"


def tools_prompt(raw_tools: list[dict], callable_tools: dict[str, dict], allow_answer: bool) -> str:
    """The system-prompt lines that tell the model its tools and the reply format the grammar enforces."""
    lines = []
    for tool in raw_tools:
        if tool["name"] in callable_tools:
            params = ", ".join(tool["input_schema"].get("properties") or {})
            desc = (tool.get("description") or "").strip()
            lines.append(f"- {tool['name']}({params})" + (f": {desc}" if desc else ""))
    how = 'Reply with exactly one JSON object: {"tool": NAME, "args": {...}} to call a tool'
    how += ', or {"answer": TEXT} to reply to the user.' if allow_answer else "."
    return how + "\nTools:\n" + "\n".join(lines)


def _positive_int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise bad_request(f"{where}: must be a positive integer, got {value!r}")
    return value


def _stop_sequences(value: object) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(s, str) and s for s in value):
        raise bad_request("stop_sequences: must be a list of non-empty strings")
    return value


def parse_request(body: object, *, need_max_tokens: bool = True) -> MessagesRequest:
    """Validate a Messages API body; ApiError(400) names the first bad field."""
    if not isinstance(body, dict):
        raise bad_request("the request body must be a JSON object")
    if too_deep(body):
        raise bad_request(f"the body nests lists and objects deeper than {MAX_DEPTH} levels")
    model = body.get("model", "default")
    if not isinstance(model, str) or not model:
        raise bad_request("model: must be a model name (\"default\" is the served model)")
    max_tokens = _positive_int(body.get("max_tokens"), "max_tokens") if need_max_tokens else 1
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise bad_request("stream: must be true or false")
    raw_tools = body.get("tools") or []
    tools, allow_answer = _tool_choice(body.get("tool_choice"), _parse_tools(raw_tools))
    prompt = tools_prompt(raw_tools, tools, allow_answer) if tools else ""
    chat = to_chat(body.get("system"), body.get("messages"), prompt, answers_as_json=bool(tools))
    return MessagesRequest(model, chat, max_tokens, tools, allow_answer, _stop_sequences(body.get("stop_sequences")),
                           stream)
