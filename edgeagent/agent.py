"""The agent loop: decide, call the model, act in the workspace, make the step durable, repeat."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from edgeagent.backends.base import Backend, Chunk
from edgeagent.callformat import GENERIC, FormatError, check_call, format_for_template, template_tools
from edgeagent.errors import CloudUnavailable, EdgeAgentError, StepFailed
from edgeagent.metering import Metering, Spent
from edgeagent.prompting import circling, messages, repeats
from edgeagent.sandbox import ToolError, relative, resolve
from edgeagent.snapshots import Snapshots
from edgeagent.store import Store, now
from edgeagent.strategies import Decision, RunContext, Strategy
from edgeagent.task_intent import only_asks
from edgeagent.tools import ASK_CLOUD, Tool, ToolContext, anthropic_tools, step_token_cap, tool_lines, tools_for
from edgeagent.uncertainty import action_scores
from edgeagent.workspace_overview import overview

if TYPE_CHECKING:
    from edgeagent.export.exporter import Exporter

NEGATION = re.compile(r"\b(not|never|no|don't|avoid|without|instead of)\b", re.IGNORECASE)  # "do not send_mail"
MAX_FORMAT_ERRORS = 3  # consecutive malformed replies before the run ends as format_error
__all__ = ["Agent", "FormatError", "parse_action"]


def parse_action(text: str, finish_reason: str | None, tools: dict[str, Tool]) -> tuple[str, dict]:
    """(tool, args) from a reply in the generic format."""
    return GENERIC.parse(text, finish_reason, tools)


class Agent:
    def __init__(self, store: Store, backend: Backend, strategy: Strategy, *, exporter: Exporter | None = None,
                 tools: dict[str, Tool] | None = None, on_step: Callable[[dict, dict], None] | None = None,
                 max_tokens: int | None = None, metering: Metering | None = None, allow_hardlinks: bool = False,
                 tool_names: list[str] | None = None, on_fallback: Callable[[int, str], None] | None = None,
                 questions_read_only: bool = True) -> None:
        self.store, self.backend, self.strategy, self.exporter = store, backend, strategy, exporter
        asks = getattr(strategy, "asks_cloud", False) and exporter is not None and exporter.client is not None
        self.tools = tools or tools_for(with_cloud=asks, names=tool_names)  # tool_names: a task's `tools` list
        self.format = format_for_template(getattr(backend, "template_source", None))  # the model's own call syntax
        self.declared = template_tools(self.tools.values()) if self.format.declare == "template" else None
        self.on_step = on_step or (lambda step, call: None)
        self.on_fallback = on_fallback or (lambda idx, why: None)  # said as it happens: (step, why the cloud failed)
        self.max_tokens = max_tokens  # None: as long as the longest call the step's tools admit
        self.metering = metering or Metering(None)
        self.allow_hardlinks = allow_hardlinks  # [tools] allow_hardlinks
        self.questions_read_only = questions_read_only  # [tools] questions_read_only

    def run(self, run_id: str) -> dict:
        steps = self.store.steps(run_id)
        if steps and steps[-1]["ok"] and steps[-1]["tool"] == "finish":
            # The process died after the finish step was durable: the run is over, its answer stored; no new step.
            status, answer = "done", steps[-1]["observation"]
        else:
            status, answer = self._session(run_id, steps)
        self.store.update_run(run_id, status=status, answer=answer, finished_at=now())
        return self.store.get_run(run_id)

    def _session(self, run_id: str, steps: list[dict]) -> tuple[str, str | None]:
        spent = Spent()
        try:
            with self.metering.window() as spent:
                context = RunContext(self.store, self.exporter, self.propose, self.backend.count_tokens,
                                     self.on_fallback, tool_lines(self.tools))
                self._take_overview(self.store.get_run(run_id), steps)
                run = self.strategy.before_run(self.store.get_run(run_id), context)
                return self._loop(run, steps)
        except EdgeAgentError:
            raise
        except Exception as e:  # a bug in one step must not leave the run `running` forever
            raise StepFailed(f"step {len(steps)} failed: {type(e).__name__}: {e}; "
                             f"`edgeagent resume {run_id}` retries it") from e
        finally:  # a crashed or interrupted session's energy still counts toward the run
            self.store.add_run_energy(run_id, spent.fields())

    def _take_overview(self, run: dict, steps: list[dict]) -> None:
        """Once per run, before its first step; a run from before overviews existed keeps its prompt without one."""
        if run.get("overview") is None:
            text = "" if steps else overview(Path(run["workspace"]), self.tools)
            self.store.update_run(run["id"], overview=text)

    def _loop(self, run: dict, steps: list[dict]) -> tuple[str, str | None]:
        while True:
            idx = len(steps)
            decision = self.strategy.decide(run, steps)
            status = _ended(run, steps, decision)
            if status != "running":
                return status, None
            t0, started = time.perf_counter(), now()
            with self.metering.window() as spent:
                call, decision = self._model_call(run, steps, idx, decision)
                tool, args, ok, obs = self._act(call, self._context(run, steps, idx), steps, self._offered(run))
            reason = "edge asked the cloud" if tool == ASK_CLOUD.name else decision.reason
            step = self.store.add_step(
                run_id=run["id"], idx=idx, actor=decision.actor, reason=reason, model_call_id=call["id"],
                tool=tool, args=args, ok=int(ok), observation=obs, started_at=started, model_s=call["duration_s"],
                duration_s=time.perf_counter() - t0, export_id=self.store.last_export_id(run["id"], idx),
                **spent.fields())
            steps.append({**step, "output": call["output"]})
            self.on_step(steps[-1], call)
            if ok and tool == "finish":
                return "done", obs

    def _model_call(self, run: dict, steps: list[dict], idx: int, decision: Decision) -> tuple[dict, Decision]:
        """The call that chooses this step's action: the cloud's when the strategy says so and it answers usably."""
        decision = self._replayed(run, idx, decision)
        if decision.actor == "edge":
            edge = self.propose(run, steps, idx)
            decision = self.strategy.review(run, edge, decision)  # the step router may hand this step over
            if decision.actor == "edge":
                return edge, decision
        return self._cloud_or_edge(run, steps, idx, decision)

    def _replayed(self, run: dict, idx: int, decision: Decision) -> Decision:
        """A step whose cloud call failed before a crash replays on the edge, with the proposal stored then."""
        if (decision.actor == "cloud" and self.store.pending_call(run["id"], idx) is not None
                and self.store.cloud_failed(run["id"], idx)):
            self.on_fallback(idx, "the cloud failed this step before the run stopped")
            return Decision("edge", "cloud unavailable (replayed) → edge")
        return decision

    def _cloud_or_edge(self, run: dict, steps: list[dict], idx: int, decision: Decision) -> tuple[dict, Decision]:
        """The cloud's call; when it has no usable one, the edge's proposal, the reason said live and stored."""
        try:
            return self._call_cloud(run, steps, idx), decision
        except CloudUnavailable as e:
            self.on_fallback(idx, str(e))
            return self.propose(run, steps, idx), Decision("edge", f"{decision.reason}; cloud unavailable: {e} → edge")

    def propose(self, run: dict, steps: list[dict], idx: int) -> dict:
        """The edge's call for step `idx`: the one stored before a crash (so a replay does the same), else a new one."""
        return self.store.pending_call(run["id"], idx) or self.call_edge(run, steps, idx)

    def _call_cloud(self, run: dict, steps: list[dict], idx: int) -> dict:
        """One step executed by the cloud: its tool_use, already restored to real values, becomes the action."""
        if self.exporter is None:
            raise CloudUnavailable("no cloud is configured")
        # The step's limits hold whoever acts: a repeated tool sits out, and at the last step or in circles only
        # finish is offered, so a cloud cannot loop to max_steps without an answer either.
        allowed = _allowed(self._offered(run), steps, run["max_steps"], run.get("plan"), edge=False)
        acting = {t.name: t for t in allowed if t.name != ASK_CLOUD.name}  # the run's tools, the task's subset
        answer = self.exporter.execute(idx, run["task"], steps, anthropic_tools(acting), run.get("overview") or "")
        uses = [b for b in answer.blocks if b.get("type") == "tool_use"]
        use = uses[0] if uses else {}
        try:
            if not uses:
                raise FormatError("the reply holds no tool_use block")
            name, args = check_call(use.get("name"), use.get("input"), acting)
        except FormatError as e:
            raise CloudUnavailable(f"no usable tool call ({e})") from None
        call = self.store.model_call(answer.call_id)
        return {**call, "output": self.format.render_call(name, args), "duration_s": call["duration_s"] or 0.0}

    def _offered(self, run: dict) -> dict[str, Tool]:
        """The run's tools, less those that change anything when the task only asks a question: a planted
        instruction ("overwrite the runbook", "mail this out") then has nothing to act with."""
        if self.questions_read_only and only_asks(run["task"]):
            return {n: t for n, t in self.tools.items() if not t.side_effect}
        return self.tools

    def _context(self, run: dict, steps: list[dict], idx: int) -> ToolContext:
        advisor = None
        exporter = self.exporter
        if exporter is not None:
            def advisor(question: str) -> str:
                return exporter.ask(idx, question, run["task"], steps, tool_lines(self.tools))
        # Files' content before a change is kept next to the database, for `edgeagent undo`.
        return ToolContext(Path(run["workspace"]), run["id"], idx, self.store, advisor,
                           Snapshots(self.store.path.parent / "snapshots"), self.allow_hardlinks, run["task"])

    def call_edge(self, run: dict, steps: list[dict], idx: int) -> dict:
        """The edge model proposes step `idx`'s action; stored before it is acted on."""
        t0 = time.perf_counter()
        fmt = self.format
        chat = messages(run["task"], steps, self.tools, run.get("plan"), fmt, run["max_steps"], run.get("overview"))
        # A best answer beats ending at max_steps with none; greedy decoding in a loop never leaves it.
        allowed = _allowed(self._offered(run), steps, run["max_steps"], run.get("plan"))
        kw = {"tools": self.declared, "prefix": fmt.prefix, "suffix": fmt.suffix} if fmt is not GENERIC else {}

        def propose(tools: list[Tool]) -> tuple[str, Chunk]:
            text, last = self.backend.complete(chat, constraint=fmt.schema(tools), logprobs=self.strategy.needs_scores,
                                               max_tokens=self.max_tokens or step_token_cap(tools), **kw)
            text += fmt.closing if last.finish_reason == "stop" else ""
            return fmt.prefix + text, last  # the whole call, tags and all: history renders it back verbatim

        with self.metering.window() as spent:
            text, last = propose(allowed)
            copied = self._copied(text, last.finish_reason, steps)
            if copied is not None and len(allowed) > 1:
                # Greedy decoding copies a call it already made; that tool sits this step out and the model picks
                # again. Tokens and prefill describe the stored call; time and energy cover both proposals.
                text, last = propose([t for t in allowed if t.name != copied])
        u = last.usage.to_dict() if last.usage else {}
        fields = dict(run_id=run["id"], step_idx=idx, side="edge", backend=self.backend.name,
                      model=self.backend.model_name, output=text, finish_reason=last.finish_reason,
                      duration_s=time.perf_counter() - t0, **u, **action_scores(last.scores), **spent.fields())
        return {**fields, "id": self.store.add_model_call(**fields)}

    def _copied(self, text: str, finish_reason: str | None, steps: list[dict]) -> str | None:
        """The tool, when this reply repeats the previous step's call or an earlier one nothing has changed since."""
        try:
            name, args = self.format.parse(text, finish_reason, self.tools)
        except FormatError:
            return None
        if name in ("finish", ASK_CLOUD.name):
            return None
        last = steps[-1] if steps else None
        if last and last["tool"] == name and last["args"] == args:
            return name
        return name if _repeated(name, args, steps, self.tools) is not None else None

    def _act(self, call: dict, ctx: ToolContext, steps: list[dict], offered: dict[str, Tool]
             ) -> tuple[str | None, dict | None, bool, str]:
        try:
            name, args = self.format.parse(call["output"], call["finish_reason"], self.tools)
        except FormatError as e:
            return None, None, False, f"error: invalid tool call: {e}"
        if name not in offered:  # the grammar kept it out; a call stored before that, or a script, may not
            return name, args, False, (f"error: {name} changes things, and this task only asks a question; "
                                       "answer it with finish")
        # Workspace tools only: the advisor's answer depends on the trajectory, so asking again may help.
        again = _repeated(name, args, steps, self.tools) if name != ASK_CLOUD.name else None
        if again is not None:  # the same content again would only feed a greedy loop; not an error, no progress
            return name, args, True, (f"You already called {name} with these arguments at step {again}; its result "
                                      "is above and has not changed. Use it, try something else, or call finish "
                                      "with your answer.")
        try:
            _check_overwrite(name, args, steps, ctx)
            return name, args, True, self.tools[name].fn(ctx, **args)
        except (ToolError, OSError) as e:
            return name, args, False, f"error: {e}"


def _ended(run: dict, steps: list[dict], decision: Decision) -> str:
    """Why the run ends before this step, or "running"; malformed replies end it unless the cloud acts next."""
    if decision.actor == "edge" and _format_error_streak(steps) >= MAX_FORMAT_ERRORS:
        return "format_error"
    return "max_steps" if len(steps) >= run["max_steps"] else "running"


def _check_overwrite(name: str, args: dict, steps: list[dict], ctx: ToolContext) -> None:
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
        if s["ok"] and s["tool"] in ("read_file", "write_file", "append_file"):
            try:
                if resolve(workspace, s["args"]["path"]) == target:
                    return
            except ToolError:
                continue
    raise ToolError(f"{args['path']} already exists and you have not read it; write_file replaces the whole file, "
                    "so read it first and write the complete new content, or use append_file to add to it")


def _allowed(tools: dict[str, Tool], steps: list[dict], max_steps: int, plan: str | None = None,
             edge: bool = True) -> list[Tool]:
    """The tools this step may call. Greedy decoding repeats itself, so after a repeated call that tool is out
    for one step; a model still going in circles, or at the budget's last step, may only finish. While a plan's
    changes are not made, finish is out: a small model copies the plan's closing answer instead of acting.
    Right after a failed call the edge may not finish either: it must act on the error once before it gives up
    (a cloud taking over after errors may answer at once)."""
    flags = repeats(steps)
    if len(steps) == max_steps - 1 or circling(steps, flags=flags):
        return [tools["finish"]]
    last = steps[-1] if steps else None
    out = list(tools.values())
    if last and last["tool"] not in (None, "finish") and flags[-1]:
        out = [t for t in out if t.name != last["tool"]]
    # A failed call's error says how to mend it; a small model otherwise reports the failure as its answer.
    failed = edge and last is not None and last["tool"] not in (None, "finish") and not last["ok"]
    if _unmade_changes(plan, tools, steps) or failed:
        out = [t for t in out if t.name != "finish"]
    return out


def _unmade_changes(plan: str | None, tools: dict[str, Tool], steps: list[dict]) -> set[str]:
    """The tools with side effects the plan asks for more often (one per line that names it and does not forbid
    it) than the run has called them successfully."""
    asked = Counter(n for line in (plan or "").splitlines() if not NEGATION.search(line)
                    for n, t in tools.items() if t.side_effect and re.search(rf"\b{re.escape(n)}\b", line))
    asked.subtract(s["tool"] for s in steps if s["ok"] and s["tool"] in asked)
    return {n for n, left in asked.items() if left > 0}


def _repeated(name: str, args: dict, steps: list[dict], tools: dict[str, Tool]) -> int | None:
    """The step that already took this exact action with nothing changed since (no write after it), if any."""
    for s in reversed(steps):
        if s["tool"] == name and s["args"] == args and s["ok"]:
            return s["idx"]
        if s["ok"] and s["tool"] in tools and tools[s["tool"]].side_effect:
            return None  # a write since then may have changed what the action would see
    return None


def _format_error_streak(steps: list[dict]) -> int:
    """Consecutive malformed replies at the end of the trajectory."""
    n = 0
    for s in reversed(steps):
        if s["tool"] is not None:
            break
        n += 1
    return n
