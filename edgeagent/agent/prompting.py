"""What the edge model sees: a system prompt, the task, then one call and one result per step.

Calls and results are written in the model's own tool-call format (edgeagent/callformat.py). Nothing
here quotes an example path or value: a small model copies examples whatever the task says.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from edgeagent.agent.bodies import turns
from edgeagent.agent.callformat import GENERIC, CallFormat, system_tools
from edgeagent.tools.base import Tool

SYSTEM = """You are a careful assistant working on the user's files in their workspace folder. Paths are \
relative to the workspace: a file at its top is named by its file name alone. Work in steps, one tool call \
per reply: look at the files the task needs, do what it asks, then call finish with a short, complete \
answer for the user. Every fact you write or answer must come from the files: never invent one. Do not \
repeat a call whose result you already have."""

GENERIC_CALLS = """
Each reply is exactly one tool call as JSON: {{"tool": NAME, "args": {{ARGUMENTS}}}}. Tools:
{tools}"""

LAST_STEPS = 3  # from this many steps before the budget ends, each result says how many remain
ELIDED = "[the result of step {idx} was dropped to fit the model's context; call the tool again if you need it]"
CIRCLES = 3  # trailing steps that each repeat an earlier action: the model is going in circles


def system_prompt(tools: dict[str, Tool], fmt: CallFormat = GENERIC) -> str:
    if fmt.declares_tools:
        return SYSTEM  # the chat template declares the tools in the model's own words
    lines = "\n".join(f"- {t.signature()}: {t.description}" for t in tools.values())
    return SYSTEM + GENERIC_CALLS.format(tools=lines)


def action_text(step: dict, fmt: CallFormat = GENERIC) -> str:
    """A step's action as the edge model writes it; a cloud step's tool call is shown the same way."""
    if step.get("actor") == "cloud" and step.get("tool"):
        return fmt.render_call(step["tool"], step["args"])
    return step["output"]


def budget_note(idx: int, max_steps: int | None) -> str:
    """Said after step `idx`'s result near the end of the budget; derived from stored facts, so it renders the same."""
    if not max_steps:
        return ""
    left = max_steps - idx - 1
    if left == 1:
        return "\n\n[1 step left: the next call must be finish, with your best answer.]"
    if 1 < left <= LAST_STEPS:
        return f"\n\n[{left} steps left.]"
    return ""


def repeats(steps: list[dict]) -> list[bool]:
    """For each step, whether it took an action (tool and arguments) some earlier step already took; one pass."""
    seen: set[str] = set()
    flags = []
    for s in steps:
        key = json.dumps([s.get("tool"), s.get("args")], sort_keys=True)
        flags.append(s.get("tool") is not None and key in seen)
        seen.add(key)
    return flags


def circling(steps: list[dict], n: int = CIRCLES, flags: list[bool] | None = None) -> bool:
    """Whether the last n steps each repeated an action taken before them (A,A,A or A,B,A,B)."""
    flags = repeats(steps) if flags is None else flags
    return len(steps) > n and all(flags[len(steps) - n:len(steps)])


def loop_note(steps: list[dict], i: int, flags: list[bool]) -> str:
    """Said after step i's result when the steps up to it go in circles; the next call may only finish."""
    if circling(steps[: i + 1], flags=flags[: i + 1]):
        return "\n\n[You are repeating earlier calls: the next call must be finish, with your best answer.]"
    return ""


def messages(task: str, steps: list[dict], tools: dict[str, Tool], plan: str | None = None,
             fmt: CallFormat = GENERIC, max_steps: int | None = None, overview: str | None = None,
             notes: list[str] | None = None, elided: int = 0) -> list[dict]:
    """The chat for the next step; it only grows, so the backend can reuse its KV cache. `notes[i]` follows
    step i's result (what the task still owes, as it stood then), so no earlier message ever changes. The
    results of the first `elided` steps are replaced by a marker, so a long run fits the model's context."""
    user = (f"{overview}\n\n" if overview else "") + f"Task: {task}"
    user += f"\n\nPlan (from a stronger model):\n{plan}" if plan else ""
    msgs = [{"role": "system", "content": system_prompt(tools, fmt)}, {"role": "user", "content": user}]
    if fmt.declare == "system":
        msgs[0]["tools"] = system_tools(tools.values())
    flags = repeats(steps)
    for i, s in enumerate(steps):
        msgs += turns(action_text(s, fmt), fmt.tool_role)  # a call with a free text is three turns
        shown = ELIDED.format(idx=i) if i < elided else str(s["observation"])
        result = shown + (notes[i] if notes else "") + (budget_note(i, max_steps)
                                                                         or loop_note(steps, i, flags))
        if fmt.tool_role == "tool":
            msgs.append({"role": "tool", "content": result})
        else:
            msgs.append({"role": "user", "content": f"Observation:\n{result}"})
    return msgs


def fitted(build: Callable[[int], list[dict]], size: Callable[[list[dict]], int], room: int, n_steps: int,
           start: int = 0) -> tuple[list[dict], int]:
    """The chat `build(k)` for the least k >= `start` whose `size` is within `room`, eliding the oldest results
    first; the latest result is never elided (a chat that still does not fit is the backend's to refuse)."""
    k = start
    chat = build(k)
    while size(chat) > room and k < n_steps - 1:
        k += 1
        chat = build(k)
    return chat, k
