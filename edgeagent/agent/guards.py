"""The limits every step keeps, whoever acts: when a run ends, which tools a step may call, and what a write
must have seen first. Greedy decoding repeats itself and small models overwrite blindly; these are code, not
prompt rules."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

from edgeagent.agent.claims import BLOCKED, REFUSED, false_claims, refusal
from edgeagent.agent.deliverables import SENDING_TOOLS, Deliverable, Effect, forbids_sending, still_open
from edgeagent.agent.prompting import circling, repeats
from edgeagent.agent.strategies import Decision
from edgeagent.agent.task_intent import only_asks
from edgeagent.tools.base import Tool, ToolContext
from edgeagent.tools.navigate import paths_read
from edgeagent.workspace.sandbox import ToolError, relative, resolve

NEGATION = re.compile(r"\b(not|never|no|don't|avoid|without|instead of)\b", re.IGNORECASE)  # "do not send_mail"
MAX_FORMAT_ERRORS = 3  # consecutive malformed replies before the run ends as format_error


def ended(run: dict, steps: list[dict], decision: Decision) -> str:
    """Why the run ends before this step, or "running"; malformed replies end it unless the cloud acts next."""
    if decision.actor == "edge" and format_error_streak(steps) >= MAX_FORMAT_ERRORS:
        return "format_error"
    return "max_steps" if len(steps) >= run["max_steps"] else "running"


def withheld(task: str, tools: dict[str, Tool], questions_read_only: bool = True) -> dict[str, str]:
    """The tools the task's own words take away, each with why: a task that only asks a question gets nothing
    that changes anything, and one that forbids sending gets nothing that sends. A planted instruction ("overwrite
    the runbook", "mail this out") then has nothing to act with. The loop and `bench validate` both ask here."""
    if questions_read_only and only_asks(task):
        return {n: "takes the prompt for a question" for n, t in tools.items() if t.side_effect}
    if forbids_sending(task):  # "draft them, don't send anything": drafting stays
        return {n: "reads the prompt as forbidding sending" for n in tools if n in SENDING_TOOLS}
    return {}


def check_overwrite(name: str, args: dict, steps: list[dict], ctx: ToolContext) -> None:
    """write_file may replace a file only once this run has seen it: a blind overwrite loses the user's text."""
    if name != "write_file":
        return
    workspace = ctx.workspace
    target = resolve(workspace, args["path"])
    if not target.is_file():
        return
    if ctx.ledger is not None and ctx.ledger.effect(ctx.run_id, ctx.step_idx, relative(workspace, target)):
        return  # this very step wrote it before a crash: the replay must go through
    for s in steps:
        if not s["ok"] or s["tool"] not in ("read_file", "read_files", "write_file", "append_file"):
            continue
        seen = paths_read(str(s["observation"])) if s["tool"] == "read_files" else [s["args"]["path"]]
        for path in seen:
            try:
                if resolve(workspace, path) == target:
                    return
            except ToolError:
                continue
    raise ToolError(f"{args['path']} already exists and you have not read it; write_file replaces the whole file, "
                    "so read it first and write the complete new content, or use append_file to add to it")


_DICTATED = re.compile(r'"([^"]+)"|[“„]([^”“]+)[”“]|«([^»]+)»|:\s+(.+)$', re.MULTILINE | re.DOTALL)
_WORD = re.compile(r"\w+")


def dictated(task: str, content: str) -> bool:
    """Whether the content is mostly text the user gave to be written (in quotes, or after a colon)."""
    given = {w.lower() for m in _DICTATED.finditer(task) for part in m.groups() if part
             for w in _WORD.findall(part)}
    words = [w.lower() for w in _WORD.findall(content)]
    return not words or sum(w in given for w in words) >= 0.6 * len(words)


def check_read_first(name: str, args: dict, steps: list[dict], run: dict, tools: dict[str, Tool]) -> None:
    """A file is written only once the run has read something, in a workspace that holds files: a small model
    otherwise writes its guess, or the request itself, at step 0. Text the user dictates may be written at once."""
    if name not in ("write_file", "append_file") or not run.get("overview"):
        return
    if any(s["ok"] and s["tool"] in tools and not tools[s["tool"]].side_effect
           and s["tool"] not in ("finish", "ask_cloud") for s in steps):
        return
    if dictated(run["task"], args["content"]):
        return
    raise ToolError("nothing has been read in this run yet; the file must hold what the workspace says, so first "
                    "read, search or query what the task needs, then write it")


# The finish a step gets while the task's deliverables are open: its answer must start "blocked:" and say why.
# The pattern keeps quotes and backslashes out, so both llguidance and llama.cpp's converter keep the JSON valid.
BLOCKED_PATTERN = r'^blocked: [^"\\\n]*$'


def blocked_finish(finish: Tool) -> Tool:
    answer = {**finish.params["answer"], "pattern": BLOCKED_PATTERN,
              "description": "blocked: then why you cannot make what is still open"}
    return dataclasses.replace(finish, params={"answer": answer})


def allowed_tools(tools: dict[str, Tool], steps: list[dict], max_steps: int, plan: str | None = None,
             edge: bool = True, still_open: bool = False) -> list[Tool]:
    """The tools this step may call. Greedy decoding repeats itself, so after a repeated call that tool is out
    for one step; a model still going in circles, or at the budget's last step, may only finish. While a plan's
    changes are not made, finish is out: a small model copies the plan's closing answer instead of acting.
    Right after a failed call the edge may not finish either: it must act on the error once before it gives up
    (a cloud taking over after errors may answer at once). While something the task asks to produce is
    `still_open`, finish takes only a `blocked:` answer (the last step's finish takes any)."""
    flags = repeats(steps)
    if len(steps) == max_steps - 1:
        return [tools["finish"]]
    if circling(steps, flags=flags):
        return [blocked_finish(tools["finish"]) if still_open else tools["finish"]]
    last = steps[-1] if steps else None
    out = [blocked_finish(t) if t.name == "finish" and still_open else t for t in tools.values()]
    if last and last["tool"] not in (None, "finish") and flags[-1]:
        out = [t for t in out if t.name != last["tool"]]
    # A failed call's error says how to mend it; a small model otherwise reports the failure as its answer.
    failed = edge and last is not None and last["tool"] not in (None, "finish") and not last["ok"]
    if unmade_changes(plan, tools, steps) or failed:
        out = [t for t in out if t.name != "finish"]
    return out


def unmade_changes(plan: str | None, tools: dict[str, Tool], steps: list[dict]) -> set[str]:
    """The tools with side effects the plan asks for more often (one per line that names it and does not forbid
    it) than the run has called them successfully."""
    asked = Counter(n for line in (plan or "").splitlines() if not NEGATION.search(line)
                    for n, t in tools.items() if t.side_effect and re.search(rf"\b{re.escape(n)}\b", line))
    asked.subtract(s["tool"] for s in steps if s["ok"] and s["tool"] in asked)
    return {n for n, left in asked.items() if left > 0}


def repeated_step(name: str, args: dict, steps: list[dict], tools: dict[str, Tool], since: int = 0) -> int | None:
    """The step that already took this exact action with nothing changed since (no write after it), if any;
    steps before `since` do not count (their results were elided from the model's context)."""
    for s in reversed(steps[since:]):
        if s["tool"] == name and s["args"] == args and s["ok"]:
            return s["idx"]
        if s["ok"] and s["tool"] in tools and tools[s["tool"]].side_effect:
            return None  # a write since then may have changed what the action would see
    return None


def format_error_streak(steps: list[dict]) -> int:
    """Consecutive malformed replies at the end of the trajectory."""
    n = 0
    for s in reversed(steps):
        if s["tool"] is not None:
            break
        n += 1
    return n


HELD = "error: not finished: "  # a finish refused while the task's deliverables are open


def check_finish(task: str, steps: list[dict], effects: list[Effect], tools: dict[str, Tool], answer: str,
                 max_steps: int, claim_check: bool, implied: tuple[Deliverable, ...] = ()) -> str | None:
    """Why this finish is refused, or None. While a deliverable is open only a `blocked:` answer ends the run;
    an answer claiming an effect no step made is refused once, with the facts. At the budget's last step any
    finish ends the run: what is still open or falsely claimed is recorded instead (claims.verdict)."""
    if len(steps) >= max_steps - 1 or BLOCKED.match(answer):
        return None
    items = still_open(task, effects, tools, implied)
    if items:
        return (f"{HELD}still open: {'; '.join(d.label() for d in items)}. Do it now; if you cannot, call finish "
                "with an answer that starts with blocked: and says why.")
    refused_before = any(s["tool"] == "finish" and str(s["observation"]).startswith(REFUSED) for s in steps)
    found = false_claims(answer, effects) if claim_check and not refused_before else []
    return refusal(found, effects) if found else None
