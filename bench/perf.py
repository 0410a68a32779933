"""Runtime overhead on a real model, measured side by side in one run.

    python -m edgeagent.bench.perf [--model smollm2-135m] [--steps 10] [--repeats 5] [--json]

(a) prefill and decode tok/s through the runtime / a bare ORT GenAI loop on the same prompt and the same loaded
    model, so on the same threads (goal >= 0.97)
(b) tokens prefilled over a trajectory / its final context length (goal <= 1.2; ~steps/2 without KV reuse)
(c) per-step overhead outside model calls: p50 ms and share of step time (goal < 2%)
(d) decode tok/s as a share of the bound this machine's memory bandwidth sets: a streaming copy on as many
    threads, ÷ the bytes a token reads (weights but gathered tables, and the KV cache) (goal >= 0.8)
(e) peak RSS of `edgeagent run` on the README's task, in its own process, ÷ the weights plus the KV cache its
    context is sized for (goal <= 1.25)
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from edgeagent import paths
from edgeagent.agent import prompting
from edgeagent.agent.callformat import action_schema
from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import get_strategy
from edgeagent.backends.onnx import OnnxGenAIBackend
from edgeagent.bench import sample_workspace
from edgeagent.config import load_config
from edgeagent.devices.bandwidth import measure_bandwidth
from edgeagent.devices.profiles import detect_machine, resolve_device
from edgeagent.devices.profiling import footprint
from edgeagent.meters.memory import module_argv_reporting_peak, read_peak_report
from edgeagent.models import prepared as models
from edgeagent.models.backend_choice import backend_choice
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.store.runs import Store
from edgeagent.tools.files import BUILTIN_TOOLS

TASK = "When is the quarterly review meeting and who owns the budget? Check the notes."
README_TASK = "When is the quarterly review meeting? Check notes.md."  # the README's first command


def trajectory(backend: OnnxGenAIBackend, steps: int, tmp: Path, sample: Path) -> dict:
    """Run the agent for `steps` steps in a copy of `sample`; time each step from the outside, model time from the
    store."""
    ws = tmp / "ws"
    shutil.copytree(sample, ws)
    store = Store(tmp / "perf.db")
    run_id = store.create_run(task=TASK, workspace=str(ws), strategy="edge", model=backend.model_name,
                              backend=backend.name, max_steps=steps)
    marks = [time.perf_counter()]
    Agent(store, backend, get_strategy("edge"), on_step=lambda s, c: marks.append(time.perf_counter())).run(run_id)
    calls, rows = store.model_calls(run_id), store.steps(run_id)
    walls = [b - a for a, b in itertools.pairwise(marks)]
    overheads = [w - c["duration_s"] for w, c in zip(walls, calls)]
    last = calls[-1]
    final_context = last["prompt_tokens"] + last["completion_tokens"]
    prefilled = sum(c["prompt_tokens"] - c["cached_tokens"] for c in calls)
    return {
        "steps": len(rows), "final_context_tokens": final_context, "prefilled_tokens": prefilled,
        "prefill_ratio": prefilled / final_context,
        "no_reuse_prefill_ratio": sum(c["prompt_tokens"] for c in calls) / final_context,
        "overhead_ms_p50": statistics.median(overheads) * 1000,
        "overhead_share_p50": statistics.median(o / w for o, w in zip(overheads, walls)),
        "step_ms_p50": statistics.median(walls) * 1000,
        "messages": prompting.messages(TASK, rows, BUILTIN_TOOLS),
    }


def bare_tps(og, model, tok, ids: list[int], schema: dict | None, max_tokens: int, context: int
             ) -> tuple[float, float, int]:
    """(prefill tok/s, decode tok/s, tokens) of the loop an application would write against ORT GenAI directly,
    with streaming detokenization."""
    import numpy as np

    params = og.GeneratorParams(model)
    params.set_search_options(max_length=context, do_sample=False)
    if schema:
        params.set_guidance("json_schema", json.dumps(schema, sort_keys=True))
    gen = og.Generator(model, params)
    t0 = time.perf_counter()
    gen.append_tokens(np.asarray(ids, dtype=np.int32))
    prefill = len(ids) / (time.perf_counter() - t0)
    stream, n, t_first = tok.create_stream(), 0, 0.0
    while not gen.is_done() and n < max_tokens:
        gen.generate_next_token()
        stream.decode(int(gen.get_next_tokens()[0]))
        n += 1
        t_first = t_first or time.perf_counter()
    return prefill, ((n - 1) / (time.perf_counter() - t_first) if n > 1 else 0.0), n


def decode_ratio(backend: OnnxGenAIBackend, messages: list[dict], schema: dict | None, repeats: int,
                 max_tokens: int) -> dict:
    import onnxruntime_genai as og

    # The same loaded model for both sides: a second ORT session's spinning thread pool would slow whichever
    # side runs next on a 2-core machine, and that is not what this ratio is about.
    model, tok = backend._model, backend._tok
    ids = backend.encode_messages(messages)
    ours, bare, ours_prefill, bare_prefill, lengths = [], [], [], [], []
    for i in range(repeats):  # interleaved, each side first in turn, so drift hits both alike
        for side in ((0, 1) if i % 2 == 0 else (1, 0)):
            if side == 0:
                backend.reset()
                _, last = backend.complete(messages, constraint=schema, max_tokens=max_tokens)
                assert last.usage is not None  # the last chunk of every call carries usage
                ours.append(last.usage.decode_tps)
                ours_prefill.append(last.usage.prefill_tps)
                out_tokens = last.usage.completion_tokens
            else:
                pre, tps, n = bare_tps(og, model, tok, ids, schema, max_tokens, backend.context_length)
                bare.append(tps)
                bare_prefill.append(pre)
        lengths.append((out_tokens, n))
    return {"runtime_tps": statistics.median(ours), "bare_tps": statistics.median(bare),
            "ratio": statistics.median(o / b for o, b in zip(ours, bare)), "tokens": lengths[0],
            "runtime_prefill_tps": statistics.median(ours_prefill), "bare_prefill_tps": statistics.median(bare_prefill),
            "prefill_ratio": statistics.median(o / b for o, b in zip(ours_prefill, bare_prefill)),
            "context_tokens": len(ids) + out_tokens}


def bandwidth_bound(backend: OnnxGenAIBackend, threads: int, decode_tps: float, context: int) -> dict:
    """Decode's share of what memory bandwidth allows at this context (the KV cache is read again each token)."""
    fp = footprint(backend)
    assert fp is not None  # an ORT GenAI folder always has its genai_config.json
    bandwidth = measure_bandwidth(threads)
    bound = bandwidth / fp.bytes_per_token(context)
    return {"bandwidth_gbs": bandwidth / 1e9, "read_per_token_mb": fp.bytes_per_token(context) / 1e6,
            "bound_tps": bound, "share": decode_tps / bound}


def run_rss(model: str, backend: OnnxGenAIBackend, context: int, sample: Path) -> dict:
    """Peak RSS of a whole `edgeagent run` of the README's task against the weights plus the KV cache ORT GenAI
    allocates for `context` positions. The run reports its own VmHWM: wait4 would give this process's peak (the
    model is loaded here too), which a child inherits through vfork and exec."""
    fp = footprint(backend)
    assert fp is not None  # an ORT GenAI folder always has its genai_config.json
    with tempfile.TemporaryDirectory() as tmp:
        ws, out, err = Path(tmp) / "ws", Path(tmp) / "out", Path(tmp) / "err"
        shutil.copytree(sample, ws)
        t0 = time.perf_counter()
        report = str(Path(tmp) / "peak")
        argv = module_argv_reporting_peak("edgeagent", ["run", README_TASK, "--workspace", str(ws), "--model", model,
                                                        "--backend", "onnx", "--json"], report)
        with out.open("w") as o, err.open("w") as e:
            child = subprocess.Popen(argv, stdout=o, stderr=e,
                                     env={**os.environ, "EDGEAGENT_HOME": str(Path(tmp) / "home"),
                                          "EDGEAGENT_MODELS": str(paths.models_dir())})  # the prepared model
            child.wait()
        wall = time.perf_counter() - t0
        if child.returncode != 0:
            raise SystemExit(f"edgeagent run failed: {(err.read_text().strip().splitlines() or ['?'])[-1]}")
        answer = json.loads(out.read_text()).get("answer", "")
        peak = read_peak_report(report)
    if peak is None:
        raise SystemExit("edgeagent run exited without reporting its peak RSS")
    floor = fp.memory_bytes(context)
    return {"peak_rss_bytes": peak, "weights_bytes": fp.weights_bytes, "kv_bytes": floor - fp.weights_bytes,
            "ratio": peak / floor, "wall_s": wall, "answer": answer}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=SMOKE_MODEL,
                    help="a catalog model (prepared for onnx on first use) or an ORT GenAI model folder")
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--workspace", type=Path, default=None,
                    help="the sample workspace to copy (default: the source checkout's examples/sample-workspace)")
    args = ap.parse_args()
    sample = sample_workspace(args.workspace)
    # Loaded as a run loads it: the device profile's threads and a context sized to the run.
    _, options = backend_choice("onnx", load_config(), resolve_device("auto", detect_machine()))
    backend = models.load_backend(args.model, backend="onnx", options=options)
    assert isinstance(backend, OnnxGenAIBackend)
    with tempfile.TemporaryDirectory() as tmp:
        traj = trajectory(backend, args.steps, Path(tmp), sample)
    msgs = traj.pop("messages")
    constrained = decode_ratio(backend, msgs, action_schema(BUILTIN_TOOLS), args.repeats, 256)
    free = decode_ratio(backend, msgs[:2], None, args.repeats, 128)
    bound = bandwidth_bound(backend, options["threads"], free["runtime_tps"], free["context_tokens"])
    rss = run_rss(args.model, backend, options["context_tokens"], sample)
    result = {"model": args.model, "threads": options["threads"], "trajectory": traj, "decode_constrained": constrained,
              "decode_free": free, "bandwidth_bound": bound, "run_rss": rss}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    t = traj
    print(f"trajectory: {t['steps']} steps, final context {t['final_context_tokens']} tokens")
    print(f"(a) decode tok/s runtime/bare, constrained: {constrained['runtime_tps']:.1f}/{constrained['bare_tps']:.1f}"
          f" = {constrained['ratio']:.3f}   free text: {free['runtime_tps']:.1f}/{free['bare_tps']:.1f}"
          f" = {free['ratio']:.3f}   (goal >= 0.97)")
    print(f"(b) prefilled/final context: {t['prefilled_tokens']}/{t['final_context_tokens']} = "
          f"{t['prefill_ratio']:.3f}   without reuse it would be {t['no_reuse_prefill_ratio']:.2f}   (goal <= 1.2)")
    print(f"    prefill tok/s runtime/bare, free text: {free['runtime_prefill_tps']:.1f}/{free['bare_prefill_tps']:.1f}"
          f" = {free['prefill_ratio']:.3f}   ({args.model}, {options['threads']} threads)")
    print(f"(c) overhead per step outside model calls: p50 {t['overhead_ms_p50']:.2f} ms = "
          f"{t['overhead_share_p50'] * 100:.2f}% of a {t['step_ms_p50']:.0f} ms step   (goal < 2%)")
    print(f"(d) decode {free['runtime_tps']:.1f} tok/s of a bound of {bound['bound_tps']:.1f} "
          f"({bound['bandwidth_gbs']:.1f} GB/s measured ÷ {bound['read_per_token_mb']:.0f} MB a token reads at "
          f"{free['context_tokens']} tokens) = {bound['share']:.2f}   (goal >= 0.8)")
    mib = 1 << 20
    print(f"(e) peak RSS of `edgeagent run` (README task, {rss['wall_s']:.1f} s): {rss['peak_rss_bytes'] / mib:,.0f} MiB"
          f" ÷ (weights {rss['weights_bytes'] / mib:,.0f} + KV {rss['kv_bytes'] / mib:,.0f} MiB for "
          f"{options['context_tokens']} tokens) = {rss['ratio']:.2f}   (goal <= 1.25)")


if __name__ == "__main__":
    main()
