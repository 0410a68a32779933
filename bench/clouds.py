"""Clouds a sweep can use on this machine: `oracle` (each task's reference solution, replayed), `local:MODEL`
(a bigger local model behind `edgeagent serve`), or any real target, passed through unchanged.

Both stand-ins answer the Anthropic Messages API on 127.0.0.1 and are reached through the normal cloud path (the
`anthropic` SDK in cloud.py, behind the exporter), so the ledger, exposure and cost are the real code's. Cost comes
from the pricing table: the served model id starts with the price card's model id (`claude-haiku-4-5-priced-...`),
and cloud.py prices an id by the longest table key it starts with. The oracle knows every answer: an answer key for
harness checks (cost, ledger, exposure), refused for sketch and advisor (plan.refuse_oracle), never a model. Asked
for a plan or advice all the same, it names the tools in order and nothing else: no argument, no answer."""

from __future__ import annotations

import ctypes
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from edgeagent import paths
from edgeagent.backends.base import Backend, Chunk, Usage
from edgeagent.bench import plan
from edgeagent.bench.task import Reference, Task
from edgeagent.config import load_config, load_toml, parse_overrides, tomllib
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.export.exporter import digest
from edgeagent.export.placeholders import PLACEHOLDER_RE
from edgeagent.models import prepared as model_registry
from edgeagent.serve.request import tool_call_text
from edgeagent.serve.server import make_server

# Price cards: rows of edgeagent/pricing.toml (Anthropic's published $/Mtok, anthropic.com/pricing, as packaged
# 2026-11; a user's $EDGEAGENT_HOME/pricing.toml overrides them for the card and cloud.py alike).
PRICE_CARDS = ("claude-haiku-4-5", "claude-3-5-haiku", "claude-sonnet-4-5")
DEFAULT_CARD = "claude-haiku-4-5"  # the current small cloud model
ORACLE = plan.ORACLE
LOCAL = "local:"
# A CPU prefill of a long file overran the 60 s default, and each SDK retry queued the same prefill again behind it:
# a shard sat 45 minutes. One generation at a time on loopback gains nothing from a retry.
LOCAL_CALL_LIMITS = ("cloud.timeout_s=900", "cloud.max_retries=0")
KEY_ENV = "ANTHROPIC_API_KEY"  # what cloud.py sends when config has no cloud.api_key
START_TIMEOUT_S = 1800.0  # a first use of a catalog model prepares it (conversion) before serving
STOP_TIMEOUT_S = 30.0
PR_SET_PDEATHSIG = 1  # linux/prctl.h
_SERVING = re.compile(r"^serving .* on (http://\S+) \(Anthropic Messages API\)$", re.MULTILINE)


@dataclass
class CloudStandIn:
    """What a sweep runs against: the target each task's runs get, how to label and price it."""

    target: str  # http://127.0.0.1:PORT#MODEL, or the spec itself for a real target ("" for none)
    label: str  # "oracle", "local:NAME", or the target
    price_card: dict | None = None  # {"name", "usd_per_mtok_in", "usd_per_mtok_out", "tokens"}
    upper_bound: bool = False
    per_task: bool = False  # the oracle: the served model id names the task whose solution it replays
    log: Path | None = None  # the local server's output
    pid: int | None = None  # the local server's process
    tasks: frozenset[str] = field(default_factory=frozenset)
    call_limits: tuple[str, ...] = ()  # --set defaults for its runs' cloud calls; the user's --set comes after

    def for_task(self, task_id: str) -> str:
        """The target for this task's runs; the oracle's model id ends with `oracle:TASK_ID`."""
        if not self.per_task:
            return self.target
        if task_id not in self.tasks:
            raise BadInput(f"--cloud {ORACLE}: task {task_id!r} was not given to the stand-in")
        return f"{self.target}:{task_id}"

    def target_for(self, task: Task) -> str:
        return self.for_task(task.id)


def price_card(name: str = DEFAULT_CARD) -> dict:
    """A card from the pricing table; BadInput naming the cards for any other name."""
    if name not in PRICE_CARDS:
        raise BadInput(f"unknown price card {name!r}; use one of {', '.join(PRICE_CARDS)}")
    rows = dict(tomllib.loads(resources.files("edgeagent").joinpath("pricing.toml").read_text())["models"])
    override = paths.home() / "pricing.toml"
    if override.is_file():
        rows.update(load_toml(override).get("models", {}))
    row = rows.get(name) or {}
    try:
        return {"name": name, "usd_per_mtok_in": float(row["input"]), "usd_per_mtok_out": float(row["output"])}
    except (KeyError, TypeError, ValueError):
        raise BadInput(f"pricing for {name!r}: needs numeric input and output") from None


@contextmanager
def start(spec: str, tasks: Sequence[Task], price_card_name: str | None = None,
          overrides: Sequence[str] = ()) -> Iterator[CloudStandIn]:
    """The cloud for a sweep, running for the block: `oracle` (`reference`, its old name), `local:MODEL`, or a
    target passed through.

    The price card is `price_card_name`, else bench.price_card from config and the sweep's --set `overrides`."""
    spec = (spec or "").strip()
    if not plan.is_oracle(spec) and not spec.startswith(LOCAL):
        yield CloudStandIn(spec, spec or "none")
        return
    config = load_config(overrides=parse_overrides(tuple(overrides)))
    card = price_card(price_card_name or config["bench"]["price_card"])
    key = config["cloud"]["api_key"] or secrets.token_urlsafe(24)  # cloud.py sends a configured key first
    with _client_env(key):
        if plan.is_oracle(spec):
            with _oracle(tasks, card, key) as stand_in:
                yield stand_in
        else:
            model = spec[len(LOCAL):].strip()
            if not model:
                raise BadInput("--cloud local:MODEL needs a model name, e.g. local:qwen2.5-coder-1.5b")
            with _local(model, card, key) as stand_in:
                yield stand_in


@contextmanager
def _client_env(key: str) -> Iterator[None]:
    """For the block: the stand-in's key where cloud.py reads it, and loopback past any $HTTP_PROXY (httpx
    would send 127.0.0.1 through it)."""
    names = (KEY_ENV, "NO_PROXY", "no_proxy")
    old = {n: os.environ.get(n) for n in names}
    os.environ[KEY_ENV] = key
    for n in names[1:]:
        os.environ[n] = ",".join(filter(None, [old[n], "127.0.0.1", "localhost"]))
    try:
        yield
    finally:
        for n, value in old.items():
            if value is None:
                os.environ.pop(n, None)
            else:
                os.environ[n] = value


# ---------------------------------------------------------------- token counts


class TokenCounter:
    """Counts with a prepared model's tokenizer.json where one is on this machine, else characters/4 (labelled)."""

    def __init__(self, tokenizer_file: Path | None = None) -> None:
        self._tok, self.label = None, "estimated tokens (characters/4): no local tokenizer was found"
        found = tokenizer_file or _tokenizer_file()
        if found is not None:
            try:
                from tokenizers import Tokenizer

                self._tok = Tokenizer.from_file(str(found))
                self.label = f"counted with the {found.parent.parent.name} tokenizer"
            except Exception:  # noqa: BLE001 - no tokenizers package or an unreadable file: the labelled estimate
                self._tok = None

    @property
    def estimated(self) -> bool:
        return self._tok is None

    def count(self, text: str) -> int:
        if self._tok is None:
            return (len(text) + 3) // 4
        return len(self._tok.encode(text, add_special_tokens=False).ids)


def _tokenizer_file() -> Path | None:
    names = [model_registry.DEFAULT_MODEL] + sorted(set(model_registry.EMBEDDED) - {model_registry.DEFAULT_MODEL})
    for name in names:
        for folder in (model_registry.hf_dir(name), model_registry.onnx_dir(name)):
            if (folder / "tokenizer.json").is_file():
                return folder / "tokenizer.json"
    return None


# ---------------------------------------------------------------- the oracle: reference solutions, replayed


def _wildcards(text: str) -> str:
    """A regex for `text` in which each redacted `<KIND_n>` stands for any text."""
    return "".join(".+?" if i % 3 == 1 else re.escape(part) if i % 3 == 0 else ""
                   for i, part in enumerate(PLACEHOLDER_RE.split(text)))


def _same_call(sent: tuple[str, dict], step_tool: str, step_args: dict) -> bool:
    """The call the conversation shows is this reference step; a redacted `<KIND_n>` stands for any text."""
    tool, args = sent
    if tool != step_tool or set(args) != set(step_args):
        return False
    for k, v in args.items():
        pattern = _wildcards(str(v))
        if re.fullmatch(pattern, str(step_args[k]), re.DOTALL) is None:
            return False
    return True


def _calls(chat: list[dict]) -> list[tuple[str, dict]]:
    """The tool calls in a conversation that succeeded, in order: assistant JSON calls whose observation is no error."""
    out = []
    for i, m in enumerate(chat):
        if m["role"] != "assistant":
            continue
        try:
            call = json.loads(m["content"])
        except ValueError:
            continue
        following = chat[i + 1]["content"] if i + 1 < len(chat) else ""
        if isinstance(call, dict) and isinstance(call.get("tool"), str) and isinstance(call.get("args"), dict) \
                and not following.startswith("Observation:\nerror:"):
            out.append((call["tool"], call["args"]))
    return out


def next_step(ref: Reference, chat: list[dict]) -> int:
    """How many reference steps the conversation has already done, in order (other calls in between are skipped)."""
    done = 0
    for call in _calls(chat):
        if done < len(ref.steps) and _same_call(call, ref.steps[done].tool, ref.steps[done].args):
            done += 1
    return done


def plan_text(ref: Reference, findings: str = "") -> str:
    """The reference as an outline: which tools, in which order, never their arguments nor the answer (an
    oracle's plan must not carry the answer key to the edge). Steps the findings already show are left out."""
    todo = list(ref.steps)
    while todo and _shown(digest([{"tool": todo[0].tool, "args": todo[0].args, "observation": ""}]).rstrip(" ->"),
                          findings):
        todo.pop(0)
    lines = [f"{i}. {s.tool}" for i, s in enumerate(todo, 1)]
    lines.append(f"{len(todo) + 1}. finish, with the answer you found")
    return "Plan, one tool per step:\n" + "\n".join(lines)


def _shown(call: str, findings: str) -> bool:
    """A findings line shows this call (`- tool(args)`), its redacted `<KIND_n>` values standing for any text."""
    if call in findings:
        return True
    for line in findings.splitlines():
        shown = line.split(" -> ", 1)[0].strip()
        pattern = _wildcards(shown)
        if shown.startswith("- ") and re.fullmatch(pattern, call, re.DOTALL):
            return True
    return False


class ReferenceBackend(Backend):
    """Answers as a cloud would for one task: the next reference call when tools are offered, else the plan."""

    name = "reference"

    def __init__(self, task: Task, counter: TokenCounter) -> None:
        self.task, self.counter, self.model_name = task, counter, f"reference:{task.id}"

    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        return "\n\n".join(m["content"] for m in messages)

    def count_tokens(self, text: str) -> int:
        return self.counter.count(text)

    def generate(self, messages: list[dict], *, constraint: dict | None = None, max_tokens: int = 256,
                 logprobs: bool = False, tools: list[dict] | None = None, prefix: str = "",
                 suffix: str = "") -> Iterator[Chunk]:
        ref = self.task.reference
        assert ref is not None  # only tasks with a reference solution are served
        if constraint is not None:  # the cloud executes a step: serve_reply turns this JSON into a tool_use block
            i = next_step(ref, messages)
            step = ref.steps[i] if i < len(ref.steps) else None
            reply = tool_call_text(step.tool, step.args) if step else tool_call_text("finish", {"answer": ref.answer})
        else:
            reply = plan_text(ref, messages[-1]["content"])
        # Never cut at max_tokens: counted with another model's tokenizer, a reply Claude writes within the limit
        # (an 870-character CSV) can count more here, and an upper bound must not fail on that.
        usage = Usage(prompt_tokens=self.count_tokens(self.render(messages)), completion_tokens=self.counter.count(reply))
        yield Chunk(reply, usage=usage, finish_reason="stop")


@contextmanager
def _oracle(tasks: Sequence[Task], card: dict, key: str) -> Iterator[CloudStandIn]:
    missing = [t.id for t in tasks if t.reference is None]
    if missing:
        raise BadInput(f"--cloud {ORACLE}: {len(missing)} task(s) have no [reference] solution, e.g. {missing[0]}")
    by_id, counter = {t.id: t for t in tasks}, TokenCounter()
    base = f"{card['name']}-priced-{ORACLE}"
    card = {**card, "tokens": counter.label}

    def loader(name: str) -> Backend:
        task = by_id.get(name.removeprefix(base + ":")) if name.startswith(base + ":") else None
        if task is None:
            raise BadInput(f"no such task; ask for {base}:TASK_ID")
        return ReferenceBackend(task, counter)

    server = make_server(loader, base, "127.0.0.1", 0, api_key=key)
    thread = threading.Thread(target=server.serve_forever, name="oracle-cloud", daemon=True)
    thread.start()
    try:
        yield CloudStandIn(f"{server.url}#{base}", ORACLE, card, upper_bound=True, per_task=True,
                           tasks=frozenset(by_id))
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# ---------------------------------------------------------------- a local model as the cloud


@contextmanager
def _local(model: str, card: dict, key: str, start_timeout_s: float = START_TIMEOUT_S) -> Iterator[CloudStandIn]:
    """`edgeagent serve` for MODEL on a free loopback port, stopped when the block ends (Ctrl-C included)."""
    name = f"{card['name']}-priced-{LOCAL}{Path(model).name if model.startswith('scripted:') else model}"
    log = Path(tempfile.mkstemp(prefix="edgeagent-local-cloud-", suffix=".log")[1])
    env = {**os.environ, "EDGEAGENT_SERVE_KEY": key}
    argv = [sys.executable, "-m", "edgeagent", "serve", "--model", model, "--host", "127.0.0.1", "--port", "0",
            "--served-model-name", name]
    with log.open("w") as out:
        # Its own session: the terminal's Ctrl-C reaches only us, and we stop it below, after the runs in flight.
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, preexec_fn=_die_with_parent)  # noqa: PLW1509
    try:
        url = _wait_serving(proc, log, model, start_timeout_s)
        _answers(url, key)
        yield CloudStandIn(f"{url}#{name}", f"{LOCAL}{model}",
                           {**card, "tokens": f"counted by the served model ({model})"}, log=log, pid=proc.pid,
                           call_limits=LOCAL_CALL_LIMITS)
    finally:
        _stop(proc)


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM when the sweep dies without stopping it (SIGKILL, the OOM killer)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass  # no prctl here: the server outlives a killed sweep, as any child would


def _wait_serving(proc: subprocess.Popen, log: Path, model: str, timeout_s: float) -> str:
    """The server's URL once it prints that it serves; its own last line as the error if it exits first."""
    deadline = time.monotonic() + timeout_s
    while True:
        text = log.read_text(errors="replace")
        if found := _SERVING.search(text):
            return found.group(1)
        if proc.poll() is not None:
            last = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("…")][-1:] or ["no output"]
            raise BadInput(f"--cloud local:{model}: edgeagent serve exited ({last[0].removeprefix('error: ')})")
        if time.monotonic() > deadline:
            raise EdgeAgentError(f"--cloud local:{model}: edgeagent serve did not start within {timeout_s:.0f}s "
                                 f"(its output: {log})")
        time.sleep(0.1)


def _answers(url: str, key: str) -> None:
    """The server lists its models with the sweep's key: it is up, and the key is the one it wants."""
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never through $HTTP_PROXY
    try:
        with direct.open(urllib.request.Request(f"{url}/v1/models", headers={"x-api-key": key}), timeout=30) as r:
            r.read()
    except OSError as e:  # urllib's errors (HTTP 401 included) are OSErrors
        raise EdgeAgentError(f"the local cloud at {url} does not answer ({e})") from None


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM (serve stops as cleanly as on Ctrl-C), then SIGKILL if it hangs; always reaped."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
