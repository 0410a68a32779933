"""The only door to the cloud: select what a purpose needs, substitute, enforce, record, send, restore."""

from __future__ import annotations

import bisect
import hashlib
import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from edgeagent.config import EXPORT_MODES, load_config
from edgeagent.errors import BadInput, CloudUnavailable, EdgeAgentError
from edgeagent.export.cloud_target import parse_target
from edgeagent.export.decode import detect_decoded
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector, Span, detect
from edgeagent.export.disguised import hidden_declared
from edgeagent.export.ner import has_entities
from edgeagent.export.normalize import normalize
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import Sanitized, private_spans, sanitize
from edgeagent.workspace.sandbox import WORKSPACE_SECRETS

if TYPE_CHECKING:  # the store only as a type: `edgeagent redact` never opens one, and sqlite_utils costs ~0.1 s
    from edgeagent.export import cloud as cloud_api
    from edgeagent.store.runs import Store

DIGEST_CHARS = 1000  # enough for the newest findings; the cloud never needs whole files to advise
DIGEST_ITEM_CHARS = 120  # of one step's arguments, and of its observation
# Read past the cut before cutting: long enough for any secret or key that starts before it (a PEM key is ~1.7k).
DIGEST_WINDOW = 2000
PrivateSpans = Callable[[str], Sequence[tuple[int, int]]]  # where a text holds what an export would replace
# {tools}: the run's own tools, one per line. Names and descriptions are code, not user data, and a cloud that is
# told only the file tools cannot plan a query, a calendar event or a mail.
ADVISOR_SYSTEM = (
    "You advise a small on-device agent that works on a user's workspace with these tools:\n{tools}\n"
    "Answer its question in at most five short sentences, naming concrete next tool calls. "
    "Tokens such as <EMAIL_n> or <SECRET_n> stand for private data the device keeps: use them verbatim."
)
PLANNER_SYSTEM = (
    "You plan for a small on-device agent that works on a user's workspace with these tools:\n{tools}\n"
    # Measured with a 1.5B planner: asked to name tools, it planned writes and mail no task asked for, and answers.
    "You cannot see the workspace: never guess what its files say or what the answer is. Reply with a numbered "
    "plan of at most five steps. Plan a change (writing a file, sending mail, adding an event) only where the task "
    "asks for it."
)

EXECUTOR_SYSTEM = (
    "You act for a user on the files in their workspace, one tool call per reply. The conversation so far shows "
    "the task, each tool call and its result. Make the next tool call; call finish with the answer when done. "
    "Tokens such as <EMAIL_n> or <SECRET_n> stand for private data the device keeps: use them verbatim."
)


def _cloud():
    # The anthropic SDK takes about a second to import: `redact` and runs without a cloud never pay for it.
    from edgeagent.export import cloud

    return cloud


class ExportRefused(EdgeAgentError):
    """The payload was not sent (strict mode, budget); the step falls back to the edge."""


@dataclass
class CloudAnswer:
    text: str  # restored: placeholders replaced by the real values
    blocks: list[dict]
    export_id: int
    call_id: int


def digest(steps: Sequence[dict], limit: int = DIGEST_CHARS, private: PrivateSpans | None = None) -> str:
    """A deterministic digest of findings: one line per successful step, newest kept when over the limit.

    `private` (the exporter's detection) reads each argument list and observation before it is cut, and a cut never
    falls inside what it found: a value that straddles the cut is left out whole. A cut is marked "…"."""
    text = ""
    for s in reversed(steps):  # newest first: only the lines kept are looked at
        if not s.get("tool") or s["tool"] == "ask_cloud":
            continue
        args = ", ".join(f"{k}={v!r}" for k, v in (s.get("args") or {}).items())
        line = f"- {s['tool']}({_cut(args, private)}) -> {_cut(_compact(str(s.get('observation', ''))), private)}"
        if len(text) + len(line) + 1 > limit:
            break
        text = line + "\n" + text
    return text.strip() or "(nothing yet)"


def _compact(text: str) -> str:
    """`text` with runs of spaces as one and blank lines dropped; line breaks stay (indented under the step's line),
    since where a line ends is where a text was cut, and a piece of a secret there is the secret."""
    return "\n  ".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def _cut(text: str, private: PrivateSpans | None, limit: int = DIGEST_ITEM_CHARS) -> str:
    """`text` cut to `limit` characters, marked "…"; never inside a span `private` finds in it (or its start)."""
    if len(text) <= limit:
        return text
    end = limit
    if private is not None:
        text = normalize(text[: limit + DIGEST_WINDOW])  # the offsets `private` gives are of the text it reads
        for start, stop in private(text):
            if start < end < stop:
                end = start
    return text[:end] + "…"


def select(purpose: str, task: str, steps: Sequence[dict], question: str = "",
           tools: str = "", overview: str = "", private: PrivateSpans | None = None) -> tuple[str, list[dict]]:
    """The minimal context per purpose: the question, task and digest for advice; the task and tools for a plan.
    `tools` lists the run's tools for the planner and the advisor (`tools.registry.tool_lines`); the built-in ones if empty.
    An executing cloud also gets the run's workspace overview, the context the edge acts with. `private`: see `digest`."""
    if purpose in ("advice", "plan") and not tools:
        from edgeagent.tools.files import BUILTIN_TOOLS
        from edgeagent.tools.registry import tool_lines

        tools = tool_lines(BUILTIN_TOOLS)
    if purpose == "advice":
        text = f"Task: {task}\n\nFindings so far:\n{digest(steps, private=private)}\n\nQuestion: {question}"
        return ADVISOR_SYSTEM.format(tools=tools), [{"role": "user", "content": text}]
    if purpose == "plan":
        return PLANNER_SYSTEM.format(tools=tools), [{"role": "user", "content": f"Task: {task}"}]
    if purpose == "execute":
        return EXECUTOR_SYSTEM, trajectory(task, steps, overview)
    raise BadInput(f"unknown export purpose {purpose!r}")


def trajectory(task: str, steps: Sequence[dict], overview: str = "") -> list[dict]:
    """The whole run as Messages API turns: each step a tool_use and its tool_result (or plain text if malformed)."""
    msgs: list[dict] = [{"role": "user", "content": (f"{overview}\n\n" if overview else "") + f"Task: {task}"}]
    for s in steps:
        if s.get("tool"):
            use_id = f"toolu_{s['idx']}"
            msgs.append({"role": "assistant", "content": [
                {"type": "tool_use", "id": use_id, "name": s["tool"], "input": s.get("args") or {}}]})
            msgs.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": use_id, "content": str(s["observation"]),
                 "is_error": not s["ok"]}]})
        else:
            msgs.append({"role": "assistant", "content": str(s.get("output") or "(no reply)")})
            msgs.append({"role": "user", "content": str(s["observation"])})
    return msgs


def _map_strings(value: Any, fn) -> Any:
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, list):
        return [_map_strings(v, fn) for v in value]
    if isinstance(value, dict):
        return {k: (v if k in ("type", "role", "id", "name", "tool_use_id", "cache_control") else _map_strings(v, fn))
                for k, v in value.items()}
    return value


def split_secrets(parts: Sequence[str], declared: Sequence[Detector]) -> dict[int, list[Span]]:
    """Spans, per part, of the declared secrets that the parts hold only together: found in the parts joined as
    they are and joined by line breaks (a cut, for `DeclaredSecrets`' pieces), decoded too, and crossing a part's
    edge. A secret inside one part is left to that part's own sanitising."""
    if len(parts) < 2 or not declared:
        return {}
    found: dict[int, list[Span]] = {}
    for sep in ("", "\n"):
        joined = sep.join(parts)
        offsets = list(itertools.accumulate((len(p) + len(sep) for p in parts[:-1]), initial=0))
        for span in [*detect(joined, declared), *detect_decoded(joined, declared)]:
            first = bisect.bisect_right(offsets, span.start) - 1
            last = bisect.bisect_right(offsets, span.end - 1) - 1
            for i in range(first, last + 1) if first != last else ():
                lo, hi = max(span.start, offsets[i]) - offsets[i], min(span.end, offsets[i] + len(parts[i])) - offsets[i]
                if lo < hi:
                    found.setdefault(i, []).append(Span(lo, hi, span.kind, span.source))
    return found


def load_declared(secrets: Sequence[str] = (), files: Sequence[Path] = ()) -> DeclaredSecrets | None:
    values = list(secrets)
    declared = [DeclaredSecrets(values)] if values else []
    for f in files:
        if f.is_file():
            try:
                declared.append(DeclaredSecrets.from_file(f))
            except ValueError as e:
                raise BadInput(f"{f}: {e}") from None
    if not declared:
        return None
    return DeclaredSecrets([entry for d in declared for entry in d.entries])


MEMO_TEXTS = 4096  # texts whose spans an exporter keeps (a run's payload parts; cleared when full)
UNCHECKED_NAMES = "names nobody checked (no entity model: `edgeagent models prepare en-core-web-sm`)"


class Exporter:
    def __init__(self, store: Store | None, run_id: str, client: cloud_api.CloudClient | None, *, mode: str,
                 detectors: Sequence[Detector], budget_usd: float | None = None, max_tokens: int = 512,
                 names_required: bool = False) -> None:
        """`names_required`: strict refuses every payload when no detector finds names (a run's and a preview's
        default set, where the entity model should be; a hand-built set is taken as it is)."""
        if mode not in EXPORT_MODES:
            raise BadInput(f"export mode {mode!r}: use {', '.join(EXPORT_MODES)}")
        self.names_unchecked = names_required and not has_entities(list(detectors))
        self.store, self.run_id, self.client = store, run_id, client
        self.mode, self.detectors, self.budget_usd, self.max_tokens = mode, list(detectors), budget_usd, max_tokens
        # private: the request restated by the edge model (set `restate` to the run's own), then redact's detectors.
        self.sanitize_mode = "redact" if mode == "private" else mode
        self.restate: Callable[[str], str] | None = None
        self.registry = PlaceholderRegistry(self._db.placeholders(run_id) if run_id else [])
        # Each call re-sends the run's earlier turns: what the detectors found in a text is found once.
        self._found: dict[tuple, list] = {}

    @property
    def _db(self) -> Store:
        """The run's store: whatever records an export needs one (`edgeagent redact` makes an exporter without)."""
        assert self.store is not None
        return self.store

    @classmethod
    def for_run(cls, store: Store, run: dict, config: dict | None = None) -> Exporter:
        """The exporter a stored run was started with: its cloud target, mode, budget and secrets."""
        config = config or load_config()
        files = [Path(run["workspace"]) / WORKSPACE_SECRETS]
        for f in (config["export"]["secrets_file"], run.get("secrets_file")):
            if f:
                p = Path(f).expanduser()
                if not p.is_file():
                    raise BadInput(f"secrets file {p} not found")
                files.append(p)
        declared = load_declared(config["export"]["secrets"], files)
        client = None
        if run.get("cloud"):
            c = config["cloud"]
            cloud_api = _cloud()
            client = cloud_api.CloudClient(parse_target(run["cloud"]), api_key=c["api_key"],
                                           timeout_s=c["timeout_s"], max_retries=c["max_retries"])
        return cls(store, run["id"], client, mode=run.get("export_mode") or config["export"]["mode"],
                   detectors=default_detectors(declared, paths=config["export"].get("detectors", ())),
                   budget_usd=run.get("budget_usd"),
                   max_tokens=config["cloud"]["max_tokens"], names_required=True)

    def preview(self, text: str) -> tuple[Sanitized, list[str]]:
        """What would leave for `text`, and why strict mode would refuse it; the checks a real export runs."""
        result = sanitize(self._request(text), self.sanitize_mode, self.detectors, self.registry)
        return result, self._refusals(result.residual, result.text)

    def _request(self, task: str) -> str:
        """The user's request as it may leave: in private mode, restated by the edge model."""
        if self.mode != "private":
            return task
        if self.restate is None:
            from edgeagent.export.restate import Restater

            self.restate = Restater()
        return self.restate(task)

    def _refusals(self, residual: list, sent_text: str) -> list[str]:
        if self.mode != "strict":
            return []
        placeholders = [p for p, _, _ in self.registry.entries()]
        declared = [entry for d in self.detectors if isinstance(d, DeclaredSecrets) for entry in d.entries]
        # `sent_text` keeps the user's characters where normalising changed none of what was found; read it normalised.
        found = sorted({s.kind for s in residual} | set(hidden_declared(normalize(sent_text), declared, placeholders)))
        # Strict promises nothing private leaves; without the entity model nobody looked for names.
        return [*found, UNCHECKED_NAMES] if self.names_unchecked else found

    def _private(self, text: str) -> list[tuple[int, int]]:
        """Where normalised `text` holds what this export would replace (nothing is replaced, nor registered)."""
        return [(s.start, s.end) for s in private_spans(text, self.sanitize_mode, self.detectors, self.registry)]

    def _sanitize_payload(self, system: str, messages: list[dict], tools: list[dict] | None):
        used: list[str] = []
        residual = []
        parts: list[str] = []
        _map_strings([system, messages], lambda text: parts.append(normalize(text)))
        # A declared secret split across parts ("Project Blue" | "bird") is one text to the cloud, which reads the
        # payload whole: each part gets its piece of what the joined payload holds.
        pieces = split_secrets(parts, [d for d in self.detectors if isinstance(d, DeclaredSecrets)])
        index = iter(range(len(parts)))

        def one(text: str) -> str:
            if len(self._found) > MEMO_TEXTS:
                self._found.clear()
            s = sanitize(text, self.sanitize_mode, self.detectors, self.registry, pieces.get(next(index), ()),
                         self._found)
            used.extend(p for p in s.placeholders if p not in used)
            residual.extend(s.residual)
            return s.text

        payload = {"system": one(system), "messages": _map_strings(messages, one)}
        if tools:
            payload["tools"] = tools
        return payload, used, residual

    def call(self, step_idx: int, purpose: str, system: str, messages: list[dict],
             tools: list[dict] | None = None, tool_choice: dict | None = None) -> CloudAnswer:
        """Send one payload; ExportRefused or cloud.CloudError when nothing usable came back."""
        if self.client is None:
            raise ExportRefused("no cloud is configured")
        known = len(self.registry.entries())
        payload, used, residual = self._sanitize_payload(system, messages, tools)
        if tools and tool_choice:
            payload["tool_choice"] = tool_choice
        self._db.add_placeholders(self.run_id, self.registry.entries()[known:], known)
        body = json.dumps({"model": self.client.target.model, **payload}, sort_keys=True, ensure_ascii=False)
        row = {"run_id": self.run_id, "step_idx": step_idx, "purpose": purpose,
               "destination": self.client.target.destination, "mode": self.mode,
               "sha256": hashlib.sha256(body.encode()).hexdigest(), "bytes": len(body.encode()),
               "placeholders": json.dumps(used), "payload": body}
        spent = self._db.cloud_cost(self.run_id)
        reason = None
        residual = self._refusals(residual, json.dumps(payload, ensure_ascii=False))
        if residual:
            reason = f"strict mode: payload still contains {', '.join(residual)}"
        elif self.budget_usd is not None and spent >= self.budget_usd:
            reason = f"budget: spent ${spent:.4f} of ${self.budget_usd:.4f}"
        if reason:
            self._db.add_export(**row, status="refused", reason=reason)
            raise ExportRefused(reason)
        # Recorded before sending: if the process dies mid-call, the audit still shows what may have left.
        export_id = self._db.add_export(**row, status="sending")
        try:
            reply = self.client.complete(payload["system"], payload["messages"], max_tokens=self.max_tokens,
                                         tools=tools, tool_choice=tool_choice)
        except _cloud().CloudError as e:
            self._db.finish_export(export_id, status="failed", reason=str(e))
            self._db.add_model_call(run_id=self.run_id, step_idx=step_idx, side="cloud", backend="anthropic-sdk",
                                      model=self.client.target.model, export_id=export_id, error=str(e))
            raise
        u = reply.usage
        context_tokens = u.input_tokens + u.cache_read_tokens + u.cache_write_tokens
        self._db.finish_export(export_id, status="sent", tokens=context_tokens)
        call_id = self._db.add_model_call(
            run_id=self.run_id, step_idx=step_idx, side="cloud", backend="anthropic-sdk",
            model=self.client.target.model, output=json.dumps(reply.blocks), finish_reason=reply.stop_reason,
            # Stored like an edge call: prompt_tokens is the whole context (Anthropic's input_tokens excludes
            # cache reads and writes), cached_tokens the part served from cache.
            prompt_tokens=context_tokens,
            completion_tokens=u.output_tokens,
            cache_read_tokens=u.cache_read_tokens, cache_write_tokens=u.cache_write_tokens,
            cached_tokens=u.cache_read_tokens, cost_usd=reply.cost_usd, duration_s=reply.latency_s,
            export_id=export_id)
        return self._restored(reply.blocks, export_id, call_id)

    def _restored(self, blocks: list[dict], export_id: int, call_id: int) -> CloudAnswer:
        # Placeholders become real values here, before anything the cloud suggested can run locally.
        restored = _map_strings(blocks, self.registry.restore)
        text = "".join(b.get("text", "") for b in restored if b.get("type") == "text")
        return CloudAnswer(text, restored, export_id, call_id)

    def _reuse_or_call(self, step_idx: int | None, purpose: str, system: str, messages: list[dict],
                       tools: list[dict] | None = None, tool_choice: dict | None = None) -> CloudAnswer:
        prior = self._db.answered(self.run_id, purpose, step_idx)
        if prior is not None:  # replayed after a crash: the answer already came back once
            return self._restored(json.loads(prior["output"]), prior["export_id"], prior["id"])
        return self.call(0 if step_idx is None else step_idx, purpose, system, messages, tools, tool_choice)

    def plan(self, task: str, tools: str = "") -> str:
        """Sketch's one plan for the run, from the task and the run's tools; "" when the cloud gave none. Never raises."""
        system, messages = select("plan", self._request(task), [], tools=tools)
        try:
            return self._reuse_or_call(None, "plan", system, messages).text.strip()
        except (ExportRefused, _cloud().CloudError):
            return ""

    def execute(self, step_idx: int, task: str, steps: Sequence[dict], tools: list[dict],
                overview: str = "") -> CloudAnswer:
        """The cloud takes step `step_idx` seeing the overview and the trajectory; raises like `call`."""
        system, messages = select("execute", self._request(task), steps, overview=overview)
        try:
            # The cloud must act on this step, so it is asked for a tool call, not prose.
            return self._reuse_or_call(step_idx, "execute", system, messages, tools, {"type": "any"})
        except (ExportRefused, _cloud().CloudError) as e:
            raise CloudUnavailable(str(e)) from None

    def ask(self, step_idx: int, question: str, task: str, steps: Sequence[dict], tools: str = "") -> str:
        """The advisor path: an answer for the edge model, or why there is none. Never raises."""
        prior = self._db.cloud_call(self.run_id, step_idx)
        if prior is not None:  # replayed step after a crash: the answer already came back once
            return self._restored(json.loads(prior["output"]), prior["export_id"], prior["id"]).text
        if not question.strip():
            return "error: ask_cloud needs a question"
        system, messages = select("advice", self._request(task), steps, question, tools, private=self._private)
        try:
            answer = self.call(step_idx, "advice", system, messages)
        except (ExportRefused, _cloud().CloudError) as e:
            return f"cloud unavailable ({e}); continue on your own"
        return answer.text.strip() or "(the cloud gave an empty answer)"
