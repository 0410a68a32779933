"""What the edge model sees: a system prompt with the tools, the task, then one turn per step."""

from __future__ import annotations

from .tools import Tool

SYSTEM = """You are a careful assistant working on the user's files in a folder called the workspace.
Each reply is exactly one tool call as JSON: {{"tool": NAME, "args": {{...}}}}.
Tools:
{tools}
Look at the files before answering. When you know the answer, call finish.
Example: {{"tool": "read_file", "args": {{"path": "notes.md"}}}}"""


def system_prompt(tools: dict[str, Tool]) -> str:
    lines = "\n".join(f"- {t.signature()}: {t.description}" for t in tools.values())
    return SYSTEM.format(tools=lines)


def messages(task: str, steps: list[dict], tools: dict[str, Tool]) -> list[dict]:
    """The chat for the next step; it only grows, so the backend can reuse its KV cache."""
    msgs = [{"role": "system", "content": system_prompt(tools)}, {"role": "user", "content": f"Task: {task}"}]
    for s in steps:
        msgs.append({"role": "assistant", "content": s["output"]})
        msgs.append({"role": "user", "content": f"Observation:\n{s['observation']}"})
    return msgs
