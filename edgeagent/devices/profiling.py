"""`edgeagent profile`: how fast and how costly a model runs here, and whether it fits a device's budget.

Per context length: time to first token, prefill and decode tok/s from the backend's own timings,
energy per generated token (net of idle where an idle baseline was measured), peak memory, and the
roofline share: decode tok/s × bytes read per token ÷ memory bandwidth, against both the profile's nominal
figure and this machine's, measured with a streaming copy (a VM or a busy machine gets less than the hardware)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psutil

from edgeagent.backends.base import Backend
from edgeagent.devices.bandwidth import measure_bandwidth
from edgeagent.devices.metering import Metering
from edgeagent.devices.profiles import DeviceProfile

FILLER = ("The quarterly review moved to Friday at ten in room B. Priya owns the budget spreadsheet and wants "
          "the travel costs by Wednesday. The staging server runs Python 3.11 since last week. ")
ASK = "Now write a long numbered list of ideas for the team offsite, one per line."


@dataclass
class Footprint:
    weights_bytes: int  # model files on disk: what loading them holds in memory
    kv_bytes_per_position: int  # K and V of every layer for one position, read again each token
    read_bytes: int = 0  # weights each generated token reads: all but tables only ever gathered by row (0: all)

    def bytes_per_token(self, context: int) -> int:
        return (self.read_bytes or self.weights_bytes) + self.kv_bytes_per_position * context

    def memory_bytes(self, context: int) -> int:
        """What the weights and a KV cache of `context` positions take: the floor a process running it stays above."""
        return self.weights_bytes + self.kv_bytes_per_position * context


def gathered_bytes(onnx_file: Path) -> int:
    """Bytes of the initializers an ONNX graph only ever reads a row of (an embedding table behind a Gather), which
    a token does not read whole; 0 when the `onnx` package (the convert extra) is not installed to tell."""
    try:
        import onnx
    except ImportError:
        return 0
    graph = onnx.load(str(onnx_file), load_external_data=False).graph
    sizes = {}
    for init in graph.initializer:
        external = {e.key: e.value for e in init.external_data}
        sizes[init.name] = int(external["length"]) if "length" in external else len(init.raw_data)
    uses: dict[str, set[tuple[str, int]]] = {}
    for node in graph.node:
        for i, name in enumerate(node.input):
            uses.setdefault(name, set()).add((node.op_type, i))
    return sum(size for name, size in sizes.items()
               if uses.get(name) and all(op in ("Gather", "GatherBlockQuantized") and i == 0 for op, i in uses[name]))


def footprint(backend: Backend) -> Footprint | None:
    """Weights and KV-cache size from the model folder (ORT GenAI `genai_config.json` or HF `config.json`),
    or a GGUF file's metadata (llama.cpp keeps its KV cache in f16)."""
    gguf = Path(getattr(backend, "model_path", "") or ".")
    if gguf.suffix == ".gguf" and gguf.is_file():
        meta = getattr(getattr(backend, "_llm", None), "metadata", None) or {}
        arch = meta.get("general.architecture", "llama")
        try:
            layers, heads = int(meta[f"{arch}.block_count"]), int(meta[f"{arch}.attention.head_count"])
            kv_heads = int(meta.get(f"{arch}.attention.head_count_kv", heads))
            head = int(meta[f"{arch}.embedding_length"]) // heads
        except (KeyError, ValueError):
            return None
        return Footprint(gguf.stat().st_size, 2 * layers * kv_heads * head * 2)
    folder = Path(getattr(backend, "model_dir", "") or ".")
    weights = sum(p.stat().st_size for p in folder.iterdir()
                  if p.suffix in (".onnx", ".data", ".safetensors", ".gguf") or p.name.endswith(".onnx.data")) \
        if folder.is_dir() else 0
    try:
        if (folder / "genai_config.json").is_file():
            d = json.loads((folder / "genai_config.json").read_text())["model"]["decoder"]
            layers, kv_heads, head = d["num_hidden_layers"], d["num_key_value_heads"], d["head_size"]
            kv_bytes = 4  # ORT GenAI's CPU int4 models keep the KV cache in fp32
        elif (folder / "config.json").is_file():
            d = json.loads((folder / "config.json").read_text())
            layers, kv_heads = d["num_hidden_layers"], d.get("num_key_value_heads", d["num_attention_heads"])
            head = d.get("head_dim") or d["hidden_size"] // d["num_attention_heads"]
            kv_bytes = 2
        else:
            return None
    except (KeyError, ValueError, TypeError):
        return None
    onnx_file = folder / "model.onnx"
    read = weights - gathered_bytes(onnx_file) if onnx_file.is_file() else 0
    return Footprint(weights, 2 * layers * kv_heads * head * kv_bytes, read) if weights else None


@dataclass
class Point:
    context_tokens: int
    ttft_s: float
    prefill_tps: float
    decode_tps: float
    generated: int
    joules: float
    joules_per_token: float
    net_joules_per_token: float | None
    watts: float
    roofline: float | None  # decode's share of the bound the profile's nominal bandwidth sets
    peak_rss_bytes: int
    decode_bound_tps: float | None = None  # this machine's measured bandwidth ÷ bytes read per token
    roofline_measured: float | None = None  # decode tok/s ÷ decode_bound_tps


@dataclass
class Report:
    device: str
    machine: str
    power_mode: str
    model: str
    backend: str
    load_s: float
    model_memory_bytes: int
    energy_source: str
    energy_measured: bool
    idle_watts: float | None
    points: list[Point] = field(default_factory=list)
    verdict: str = ""
    fits: bool = True
    backend_peak_bytes: int | None = None  # what the backend's own allocator reports (MLX)
    notes: list[str] = field(default_factory=list)
    bandwidth_nominal_gbs: float = 0.0  # the device profile's figure
    bandwidth_measured_gbs: float | None = None  # a streaming copy here, one thread per core the backend uses
    weights_bytes: int | None = None  # the model's files
    weights_read_per_token_bytes: int | None = None  # of them, what one generated token reads
    memory_expected_bytes: int | None = None  # weights + the KV cache the backend holds (its whole context)

    def to_dict(self) -> dict:
        return asdict(self)


def _prompt(backend: Backend, target: int) -> list[dict]:
    """A chat whose rendered prompt is close to `target` tokens: filler paragraphs, then single words to top up."""
    def chat(n: int, k: int) -> list[dict]:
        return [{"role": "user", "content": FILLER * n + "note " * k + ASK}]

    def size(msgs: list[dict]) -> int:
        return backend.count_tokens(backend.render(msgs))

    per = max(1, backend.count_tokens(FILLER))
    n = max(0, (target - size(chat(0, 0))) // per)
    while n and size(chat(n, 0)) > target:
        n -= 1
    k = 0
    for _ in range(4):  # tokenization is not additive across joins: correct a few times
        k = max(0, k + target - size(chat(n, k)))
        if size(chat(n, k)) >= target:
            break
    return chat(n, k)


def measure(load: Callable[[], Backend], profile: DeviceProfile, metering: Metering, *, contexts: list[int],
            decode_tokens: int = 64, idle_s: float = 2.0, on_stage: Callable[[str], None] = lambda s: None,
            threads: int = 1) -> tuple[Backend, Report, list[str]]:
    """Load the model and run one generation per context length, each in a fresh KV cache. `threads`: how many
    the backend runs, so the bandwidth probe streams with as many."""
    proc = psutil.Process()
    rss_before = proc.memory_info().rss
    on_stage(f"measuring memory bandwidth (a streaming copy on {threads} thread{'s' if threads != 1 else ''})")
    bandwidth = measure_bandwidth(threads)
    idle = None
    if idle_s > 0:
        on_stage(f"measuring idle power for {idle_s:g} s")
        with metering.window() as quiet:
            time.sleep(idle_s)
        idle = quiet.joules / quiet.seconds if quiet.seconds > 0 else None
    on_stage("loading the model")
    with metering.window() as loading:
        t0 = time.perf_counter()
        backend = load()
        load_s = time.perf_counter() - t0
    fp = footprint(backend)
    points, sources, measured = [], list(loading.sources), loading.measured
    peak = loading.peak_rss_bytes
    for ctx in contexts:
        on_stage(f"context {ctx}: prefill and {decode_tokens} tokens of decode")
        msgs = _prompt(backend, ctx)
        backend.reset()
        with metering.window() as spent:
            _, last = backend.complete(msgs, max_tokens=decode_tokens)
        u = last.usage
        assert u is not None  # the last chunk of every call carries usage
        n = max(1, u.completion_tokens)
        per_token = spent.joules / n
        net = (spent.joules - idle * spent.seconds) / n if idle is not None else None
        roof = bound = None
        if fp and profile.memory_bandwidth_gbs and u.decode_tps:
            roof = u.decode_tps * fp.bytes_per_token(u.prompt_tokens) / (profile.memory_bandwidth_gbs * 1e9)
        if fp:
            bound = bandwidth / fp.bytes_per_token(u.prompt_tokens)
        points.append(Point(u.prompt_tokens, u.ttft_s, u.prefill_tps, u.decode_tps, u.completion_tokens,
                            spent.joules, per_token, net, spent.joules / spent.seconds if spent.seconds else 0.0,
                            roof, spent.peak_rss_bytes, bound, u.decode_tps / bound if bound else None))
        sources += [s for s in spent.sources if s not in sources]
        measured = measured and spent.measured
        peak = max(peak, spent.peak_rss_bytes)
    # RSS growth undercounts in a process that already held a model (allocator pools are reused), so the
    # weights plus the KV cache at the longest context are a floor.
    floor = fp.memory_bytes(max(p.context_tokens for p in points)) if fp and points else 0
    report = Report(profile.id, "", "", getattr(backend, "model_name", ""), backend.name, load_s,
                    max(peak - rss_before, floor), "+".join(sources) or "none", measured, idle, points)
    peak_fn = getattr(backend, "peak_memory_bytes", None)
    report.backend_peak_bytes = int(peak_fn()) if callable(peak_fn) else None
    report.bandwidth_nominal_gbs, report.bandwidth_measured_gbs = profile.memory_bandwidth_gbs, bandwidth / 1e9
    if fp:
        held = getattr(backend, "context_length", 0) or max(p.context_tokens for p in points)
        report.weights_bytes, report.weights_read_per_token_bytes = fp.weights_bytes, fp.bytes_per_token(0)
        report.memory_expected_bytes = fp.memory_bytes(held)
    return backend, report, [] if fp else ["bytes per token unknown for this model format: no roofline"]


def verdict(report: Report, profile: DeviceProfile, power_mode_watts: float | None, context_limit: int,
            memory_gb: float | None = None) -> tuple[bool, str]:
    """Does the model fit the profile's budgets? The reason names the first budget it breaks.

    `memory_gb` overrides the profile's figure (this machine's real memory when the profile is its own)."""
    memory_gb = memory_gb or profile.memory_gb
    budget = memory_gb * 2**30 * profile.budget.max_model_memory_share
    used = report.model_memory_bytes
    watts = max((p.watts for p in report.points), default=0.0)
    cap = profile.budget.power_cap_w or power_mode_watts
    longest = max((p.context_tokens for p in report.points), default=0)
    mem = f"{used / 2**30:.2f} of {memory_gb:.3g} GB (budget {budget / 2**30:.1f} GB)"
    pw = f"{watts:.1f} W" + ("" if report.energy_measured else " (estimated)")
    pw += f" of {cap:g} W" if cap else ""
    if used > budget:
        return False, f"does not fit: model memory {mem}"
    if cap and watts > cap:
        return False, f"does not fit: power {pw}"
    if longest > context_limit:
        return False, f"does not fit: context {longest} tokens > limit {context_limit}"
    return True, f"fits: {mem}, {pw}, context {longest} ≤ {context_limit}"
