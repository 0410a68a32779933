"""What the edge model sees: a system prompt with the tools, the task, then one turn per step."""

from __future__ import annotations

import json

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


def action_text(step: dict) -> str:
    """A step's action as the edge model writes it; a cloud step's tool call is shown the same way."""
    if step.get("actor") == "cloud" and step.get("tool"):
        return json.dumps({"tool": step["tool"], "args": step["args"]}, ensure_ascii=False)
    return step["output"]


def messages(task: str, steps: list[dict], tools: dict[str, Tool], plan: str | None = None) -> list[dict]:
    """The chat for the next step; it only grows, so the backend can reuse its KV cache."""
    user = f"Task: {task}" + (f"\n\nPlan (from a stronger model):\n{plan}" if plan else "")
    msgs = [{"role": "system", "content": system_prompt(tools)}, {"role": "user", "content": user}]
    for s in steps:
        msgs.append({"role": "assistant", "content": action_text(s)})
        msgs.append({"role": "user", "content": f"Observation:\n{s['observation']}"})
    return msgs
