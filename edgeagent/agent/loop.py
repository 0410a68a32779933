"""The agent loop: decide, call the model, act in the workspace, make the step durable, repeat."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from edgeagent.agent.bodies import BODY_TOKENS, CUT, call_view, joined, split, turns, with_body
from edgeagent.agent.callformat import GENERIC, FormatError, check_call, format_for_template, template_tools
from edgeagent.agent.claims import amended, verdict
from edgeagent.agent.deliverables import Effect, effects_of, open_notes, still_open
from edgeagent.agent.guards import (
    allowed_tools,
    check_finish,
    check_overwrite,
    check_read_first,
    ended,
    repeated_step,
    withheld,
)
from edgeagent.agent.implied import implied, needs_reading, read_implied
from edgeagent.agent.outgoing import FindSecrets, secret_finder
from edgeagent.agent.prompting import fitted, messages
from edgeagent.agent.relisting import relisted
from edgeagent.agent.strategies import Decision, RunContext, Strategy
from edgeagent.agent.uncertainty import action_scores
from edgeagent.backends.base import Backend, Chunk, Usage
from edgeagent.devices.metering import Metering, Spent
from edgeagent.errors import CloudUnavailable, EdgeAgentError, StepFailed
from edgeagent.store.dbfile import now
from edgeagent.store.runs import Store
from edgeagent.tools.base import Tool, ToolContext
from edgeagent.tools.overview import overview
from edgeagent.tools.registry import (
    ASK_CLOUD,
    anthropic_tools,
    check_args,
    step_token_cap,
    tool_lines,
    tools_for,
    with_navigation,
)
from edgeagent.workspace.sandbox import ToolError
from edgeagent.workspace.snapshots import Snapshots

if TYPE_CHECKING:
    from edgeagent.export.exporter import Exporter

__all__ = ["Agent", "FormatError", "parse_action"]


def parse_action(text: str, finish_reason: str | None, tools: dict[str, Tool]) -> tuple[str, dict]:
    """(tool, args) from a reply in the generic format."""
    return GENERIC.parse(text, finish_reason, tools)


class Agent:
    def __init__(self, store: Store, backend: Backend, strategy: Strategy, *, exporter: Exporter | None = None,
                 tools: dict[str, Tool] | None = None, on_step: Callable[[dict, dict], None] | None = None,
                 max_tokens: int | None = None, metering: Metering | None = None, allow_hardlinks: bool = False,
                 tool_names: list[str] | None = None, on_fallback: Callable[[int, str], None] | None = None,
                 questions_read_only: bool = True, find_secrets: FindSecrets | None = None,
                 deliverables: bool = True, claim_check: bool = True, navigation: bool = False,
                 read_first: bool = False, free_text: bool = False, implied: bool = False) -> None:
        self.store, self.backend, self.strategy, self.exporter = store, backend, strategy, exporter
        asks = getattr(strategy, "asks_cloud", False) and exporter is not None and exporter.client is not None
        self.tools = tools or tools_for(with_cloud=asks, names=tool_names)  # tool_names: a task's `tools` list
        self.navigation = navigation  # [agent] navigation: tree, read_files, and re-listings answered by change
        self.read_first = read_first  # [agent] read_first: no file written before anything was read
        self.tools = with_navigation(self.tools) if navigation else self.tools
        self.free_text = free_text  # [agent] free_text: bodies written as plain text after the call (agent/bodies.py)
        self.format = format_for_template(getattr(backend, "template_source", None))  # the model's own call syntax
        self.called = call_view(self.tools)  # the tools as free_text's grammar admits their calls, built once
        declared = self.called if free_text else self.tools
        self.declared = template_tools(declared.values()) if self.format.declare == "template" else None
        self.on_step = on_step or (lambda step, call: None)
        self.on_fallback = on_fallback or (lambda idx, why: None)  # said as it happens: (step, why the cloud failed)
        self.max_tokens = max_tokens  # None: as long as the longest call the step's tools admit
        self.metering = metering or Metering(None)
        self.allow_hardlinks = allow_hardlinks  # [tools] allow_hardlinks
        self.questions_read_only = questions_read_only  # [tools] questions_read_only
        # What mail to outside addresses may not carry; without one, the workspace's declared secrets and the
        # export detectors' secret kinds (agent_for adds the config's and the run's secrets files).
        self.find_secrets = find_secrets
        self.deliverables, self.claim_check = deliverables, claim_check  # [agent]: loop rules; recording claims
        self.implied = implied  # [agent] implied: the model reads the deliverables of a task the parser finds none in
        self._finders: dict[str, FindSecrets] = {}
        self._elided: dict[str, int] = {}  # run id -> its oldest results dropped to fit the context (prompting.fitted)

    def run(self, run_id: str) -> dict:
        steps = self.store.steps(run_id)
        if steps and steps[-1]["ok"] and steps[-1]["tool"] == "finish":
            # The process died after the finish step was durable: the run is over, its answer stored; no new step.
            status, answer = "done", steps[-1]["observation"]
        else:
            status, answer = self._session(run_id, steps)
        self.store.update_run(run_id, status=status, answer=answer, finished_at=now(), **self._verdict(run_id, answer))
        return self.store.get_run(run_id)

    def _session(self, run_id: str, steps: list[dict]) -> tuple[str, str | None]:
        spent = Spent()
        try:
            with self.metering.window() as spent:
                context = RunContext(self.store, self.exporter, self.propose, self.backend.count_tokens,
                                     self.on_fallback, tool_lines(self.tools))
                self._take_overview(self.store.get_run(run_id), steps)
                self._take_implied(self.store.get_run(run_id), steps)
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

    def _take_implied(self, run: dict, steps: list[dict]) -> None:
        """Once per run, before its first step: the model's reading of what the task asks for without naming it,
        stored (its call as step -1's) so every step and a resume see the same; "" when nothing was asked."""
        if run.get("implied") is not None or not (self.deliverables and self.implied):
            return
        if steps or not needs_reading(run["task"]):
            self.store.update_run(run["id"], implied="")
            return
        t0 = time.perf_counter()
        with self.metering.window() as spent:
            text, last = read_implied(self.backend, run["task"])
        self._stored_call(run["id"], -1, text, last, t0, spent)
        self.store.update_run(run["id"], implied=text if last.finish_reason == "stop" else "")

    def _implied(self, run: dict) -> tuple:
        return implied(run["task"], run.get("implied")) if self.deliverables else ()

    def _loop(self, run: dict, steps: list[dict]) -> tuple[str, str | None]:
        while True:
            idx = len(steps)
            decision = self.strategy.decide(run, steps)
            status = ended(run, steps, decision)
            if status != "running":
                return status, None
            t0, started = time.perf_counter(), now()
            with self.metering.window() as spent:
                call, decision = self._model_call(run, steps, idx, decision)
                tool, args, ok, obs = self._act(call, run, steps)
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
        allowed = allowed_tools(self._offered(run), steps, run["max_steps"], run.get("plan"), edge=False,
                                still_open=bool(self._open(run, steps)))
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
        """The run's tools, less those the task's own words take away (guards.withheld)."""
        gone = withheld(run["task"], self.tools, self.questions_read_only)
        return {n: t for n, t in self.tools.items() if n not in gone} if gone else self.tools

    def _context(self, run: dict, steps: list[dict], idx: int) -> ToolContext:
        advisor = None
        exporter = self.exporter
        if exporter is not None:
            def advisor(question: str) -> str:
                return exporter.ask(idx, question, run["task"], steps, tool_lines(self.tools))
        # Files' content before a change is kept next to the database, for `edgeagent undo`.
        return ToolContext(Path(run["workspace"]), run["id"], idx, self.store, advisor,
                           Snapshots(self.store.path.parent / "snapshots"), self.allow_hardlinks, run["task"],
                           self._secrets_for(run["workspace"]))

    def _secrets_for(self, workspace: str) -> FindSecrets:
        if self.find_secrets is not None:
            return self.find_secrets
        if workspace not in self._finders:  # one per workspace: its detectors load once, on the first outside mail
            self._finders[workspace] = secret_finder(Path(workspace))
        return self._finders[workspace]

    def call_edge(self, run: dict, steps: list[dict], idx: int) -> dict:
        """The edge model proposes step `idx`'s action; stored before it is acted on."""
        t0 = time.perf_counter()
        fmt = self.format
        notes = open_notes(run["task"], steps, self.store.effects(run["id"]), self._offered(run),
                           self._implied(run)) if self.deliverables else None
        # A best answer beats ending at max_steps with none; greedy decoding in a loop never leaves it.
        allowed = allowed_tools(self._offered(run), steps, run["max_steps"], run.get("plan"),
                                still_open=bool(self._open(run, steps)))
        if self.free_text:  # only a tool with a free text changes; finish keeps its `blocked:`-only grammar
            allowed = [self.called[t.name] if t.body else t for t in allowed]
        texts = BODY_TOKENS if self.free_text and any(self.tools[t.name].body for t in allowed) else 0
        chat = self._fit(run, steps, notes, (self.max_tokens or step_token_cap(allowed)) + texts)
        kw = {"tools": self.declared, "prefix": fmt.prefix, "suffix": fmt.suffix} if fmt is not GENERIC else {}

        def propose(tools: list[Tool]) -> tuple[str, Chunk]:
            text, last = self.backend.complete(chat, constraint=fmt.schema(tools), logprobs=self.strategy.needs_scores,
                                               max_tokens=self.max_tokens or step_token_cap(tools), **kw)
            text += fmt.closing if last.finish_reason == "stop" else ""
            return fmt.prefix + text, last  # the whole call, tags and all: history renders it back verbatim

        with self.metering.window() as spent:
            text, last = propose(allowed)
            copied = self._copied(text, last.finish_reason, steps, self._elided.get(run["id"], 0))
            if copied is not None and len(allowed) > 1:
                # Greedy decoding copies a call it already made; that tool sits this step out and the model picks
                # again. Tokens and prefill describe the stored call; time and energy cover both proposals.
                text, last = propose([t for t in allowed if t.name != copied])
            if texts:
                text, last = self._with_body(chat, text, last)
        return self._stored_call(run["id"], idx, text, last, t0, spent, **action_scores(last.scores))

    def _stored_call(self, run_id: str, idx: int, text: str, last: Chunk, t0: float, spent: Spent,
                     **extra: float | None) -> dict:
        """An edge call's row, stored: its output, usage, time since `t0` and the energy `spent` measured."""
        u = last.usage.to_dict() if last.usage else {}
        fields = dict(run_id=run_id, step_idx=idx, side="edge", backend=self.backend.name,
                      model=self.backend.model_name, output=text, finish_reason=last.finish_reason,
                      duration_s=time.perf_counter() - t0, **u, **extra, **spent.fields())
        return {**fields, "id": self.store.add_model_call(**fields)}

    def _with_body(self, chat: list[dict], call: str, last: Chunk) -> tuple[str, Chunk]:
        """The call and, when its tool takes a free text, that text: asked for in a turn of its own and generated
        unconstrained, up to the model's end of turn or BODY_TOKENS. The final chunk is the text's, usage summed."""
        try:
            name, _ = self.format.parse(call, last.finish_reason, self.called)
        except FormatError:
            return call, last
        if self.tools[name].body is None:
            return call, last
        asked = chat + turns(joined(call, ""), self.format.tool_role)[:2]
        body, end = self.backend.complete(asked, max_tokens=BODY_TOKENS, tools=self.declared)
        a, b = last.usage or Usage(), end.usage or Usage()
        usage = Usage(a.prompt_tokens + b.prompt_tokens, a.cached_tokens + b.cached_tokens,
                      a.completion_tokens + b.completion_tokens, a.ttft_s, a.prefill_s + b.prefill_s,
                      a.decode_s + b.ttft_s + b.decode_s)
        return joined(call, body), Chunk("", usage=usage, finish_reason=end.finish_reason, scores=last.scores)

    def _parse(self, output: str, finish_reason: str | None) -> tuple[str, dict]:
        """(tool, args) of a stored output; a call with a free text gets it back under the tool's argument. A text
        cut at its budget is kept as written; a call the free-text grammar shaped is read with that grammar's tools."""
        call, body = split(output)
        if body is not None:
            name, args = self.format.parse(call, None, self.called)
            return name, with_body(name, args, body, self.tools)
        try:
            return self.format.parse(output, finish_reason, self.tools)
        except FormatError:
            if not self.free_text:
                raise
            name, args = self.format.parse(output, finish_reason, self.called)
            if self.tools[name].body is not None:
                raise FormatError(f"the {self.tools[name].body} of this {name} call was never written") from None
            return name, args

    def _fit(self, run: dict, steps: list[dict], notes: list[str] | None, reply_tokens: int) -> list[dict]:
        """The chat for the next call, the oldest results elided while it and the reply would overflow the
        backend's context; the count only grows within a session, so the prompt stays a prefix after a cut."""
        def build(k: int) -> list[dict]:
            return messages(run["task"], steps, self.tools, run.get("plan"), self.format, run["max_steps"],
                            run.get("overview"), notes, elided=k)

        length = getattr(self.backend, "context_length", 0)
        if length <= 0:
            return build(0)
        chat, self._elided[run["id"]] = fitted(
            build, lambda c: self.backend.count_tokens(self.backend.render(c, tools=self.declared)),
            length - reply_tokens, len(steps), self._elided.get(run["id"], 0))
        return chat

    def _copied(self, text: str, finish_reason: str | None, steps: list[dict], since: int = 0) -> str | None:
        """The tool, when this reply repeats the previous step's call or an earlier one nothing has changed since."""
        try:
            name, args = self._parse(text, finish_reason)
        except FormatError:
            return None
        if name in ("finish", ASK_CLOUD.name):
            return None
        last = steps[-1] if steps else None
        if last and last["tool"] == name and last["args"] == args:
            return name
        return name if repeated_step(name, args, steps, self.tools, since) is not None else None

    def _effects(self, run_id: str, steps: list[dict]) -> list[Effect]:
        return effects_of(steps, self.store.effects(run_id))

    def _open(self, run: dict, steps: list[dict]) -> list:
        """What the task asks to produce that no step has made yet; nothing when [agent] deliverables is off."""
        return still_open(run["task"], self._effects(run["id"], steps), self._offered(run),
                          self._implied(run)) if self.deliverables else []

    def _verdict(self, run_id: str, answer: str | None) -> dict:
        """How the run ended beyond its status: blocked, false claims, what was left open (claims.verdict)."""
        run, steps = self.store.get_run(run_id), self.store.steps(run_id)
        if answer is not None and steps and steps[-1]["tool"] == "finish" and steps[-1]["ok"]:
            answer = (steps[-1]["args"] or {}).get("answer", answer)  # the model's words, not the runtime's note
        fields = verdict(run["task"], answer, self._effects(run_id, steps), self._offered(run), self._implied(run))
        return fields if self.claim_check else {**fields, "false_claims": None, "open_deliverables": None}

    def _act(self, call: dict, run: dict, steps: list[dict]) -> tuple[str | None, dict | None, bool, str]:
        offered, ctx = self._offered(run), self._context(run, steps, len(steps))
        try:
            name, args = self._parse(call["output"], call["finish_reason"])
        except FormatError as e:
            return None, None, False, f"error: invalid tool call: {e}"
        if name not in offered:  # the grammar kept it out; a call stored before that, or a script, may not
            return name, args, False, (f"error: {name} changes things, and this task only asks a question; "
                                       "answer it with finish")
        try:
            check_args(args)  # before anything reads them: a lone surrogate fails every path, SQL or mail encoder
        except ToolError as e:
            return name, args, False, f"error: {e}"
        # Workspace tools only: the advisor's answer depends on the trajectory, so asking again may help.
        again = repeated_step(name, args, steps, self.tools, self._elided.get(run["id"], 0)) \
            if name != ASK_CLOUD.name else None
        if name == "finish" and self.deliverables:
            held = check_finish(run["task"], steps, self._effects(run["id"], steps), offered, args["answer"],
                                run["max_steps"], self.claim_check, self._implied(run))
            if held is not None:
                return name, args, False, held
        if again is not None:  # the same content again would only feed a greedy loop; not an error, no progress
            return name, args, True, (f"You already called {name} with these arguments at step {again}; its result "
                                      "is above and has not changed. Use it, try something else, or call finish "
                                      "with your answer.")
        try:
            check_overwrite(name, args, steps, ctx)
            if self.read_first:
                check_read_first(name, args, steps, run, self.tools)
            obs = self.tools[name].fn(ctx, **args)
            if name == "finish" and self.claim_check:  # never tell the user a claim no step backs
                obs = amended(obs, self._effects(run["id"], steps))
            if call["finish_reason"] == "length" and split(call["output"])[1] is not None:
                obs += CUT.format(tokens=BODY_TOKENS)
            return name, args, True, relisted(name, args, steps, obs) if self.navigation else obs
        except (ToolError, OSError) as e:
            return name, args, False, f"error: {e}"


