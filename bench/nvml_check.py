"""Check NVML energy metering against a real GPU workload.

For each phase (idle, bf16 matmul load, bursty 50% duty-cycle load) this compares the
driver's energy counter (NvmlMeter) with sampled power x time and the trapezoid
integral of the samples (PowerSampler, "average" and, where supported, "instant").

    python -m edgeagent.bench.nvml_check        # or: python bench/nvml_check.py
    python bench/nvml_check.py --seconds 5 --json

Exit codes: 0 ok, 2 no usable GPU (no torch, no CUDA, or NVML not readable).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

try:
    from edgeagent.meters.base import MeterUnavailable
    from edgeagent.meters.nvml import NvmlMeter, PowerSampler, nvml_devices
except ImportError:
    # Run as a plain script without edgeagent installed: load only edgeagent/meters by path,
    # so the rest of the package (and its dependencies) is never needed.
    import importlib
    import importlib.util

    _meters_dir = Path(__file__).resolve().parent.parent / "edgeagent" / "meters"
    _spec = importlib.util.spec_from_file_location(
        "edgeagent.meters", _meters_dir / "__init__.py", submodule_search_locations=[str(_meters_dir)]
    )
    assert _spec is not None and _spec.loader is not None
    _pkg = importlib.util.module_from_spec(_spec)
    sys.modules["edgeagent.meters"] = _pkg
    _spec.loader.exec_module(_pkg)
    MeterUnavailable = importlib.import_module("edgeagent.meters.base").MeterUnavailable  # type: ignore[misc]  # the same class, loaded by path
    _nvml = importlib.import_module("edgeagent.meters.nvml")
    NvmlMeter, PowerSampler, nvml_devices = _nvml.NvmlMeter, _nvml.PowerSampler, _nvml.nvml_devices  # type: ignore[misc]

N = 8192  # matmul size: 2*N^3 FLOP per product
FLOP_PER_MATMUL = 2 * N**3
SYNC_EVERY = 16  # products queued between synchronizes: bounds the queue and the overshoot


def fail(message: str) -> NoReturn:
    print(f"nvml_check: {message}", file=sys.stderr)
    raise SystemExit(2)


def load_torch() -> Any:
    try:
        import torch
    except ImportError as exc:
        fail(f"no GPU check possible: torch is not installed ({exc})")
    if not torch.cuda.is_available():
        fail(f"no GPU check possible: torch {torch.__version__} sees no CUDA device")
    return torch


def nvml_index_for_cuda0(torch: Any) -> list[int] | None:
    """NVML index of torch's cuda:0, matched by UUID (CUDA and NVML may number GPUs differently)."""
    devices = nvml_devices()
    if len(devices) == 1:
        return [devices[0]["index"]]
    uuid = str(getattr(torch.cuda.get_device_properties(0), "uuid", "")).lower()
    for d in devices:
        if uuid and str(d["uuid"] or "").lower().removeprefix("gpu-") == uuid:
            return [d["index"]]
    return None  # unknown mapping: meter every GPU (the idle ones add their idle power)


def run_phase(
    name: str,
    seconds: float,
    work: Callable[[float], tuple[int, float]],
    meter: Any,
    samplers: list[Any],
    torch: Any,
) -> dict[str, Any]:
    torch.cuda.synchronize()
    for s in samplers:
        s.start()
    meter.begin()
    matmuls, busy_s = work(time.perf_counter() + seconds)
    torch.cuda.synchronize()  # all queued work is done before the counter is read
    reading = meter.end()
    stats = [s.stop() for s in samplers]

    counter_j = reading.total_joules
    row: dict[str, Any] = {
        "phase": name,
        "seconds": reading.seconds,
        "counter_joules": counter_j,
        "counter_watts": reading.watts,
        "matmuls": matmuls,
        "tflops": matmuls * FLOP_PER_MATMUL / reading.seconds / 1e12,  # over the whole phase
        "busy_fraction": busy_s / reading.seconds,  # share of the phase spent in matmul bursts
        "energy": reading.to_dict(),
        "sampled": {},
    }
    for st in stats:
        mean_x_t = st.mean_watts * reading.seconds
        row["sampled"][st.mode] = {
            **st.to_dict(),
            "mean_watts_x_seconds": mean_x_t,
            "ratio_counter_over_sampled": counter_j / mean_x_t if mean_x_t else None,
            "gap_pct": 100.0 * (counter_j / mean_x_t - 1.0) if mean_x_t else None,
            "trapezoid_gap_pct": 100.0 * (counter_j / st.joules - 1.0) if st.joules else None,
        }
    return row


def print_table(rows: list[dict[str, Any]]) -> None:
    head = (
        f"{'phase':<8} {'mode':<8} {'s':>6} {'counter J':>10} {'W':>7} {'mean W':>7} "
        f"{'meanW*s J':>10} {'trapz J':>10} {'n':>5} {'ratio':>6} {'gap%':>7} {'trapz%':>7} {'TFLOP/s':>8} {'busy%':>6}"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        for mode, s in r["sampled"].items():
            ratio = "-" if s["ratio_counter_over_sampled"] is None else f"{s['ratio_counter_over_sampled']:.3f}"
            gap = "-" if s["gap_pct"] is None else f"{s['gap_pct']:+.1f}"
            tgap = "-" if s["trapezoid_gap_pct"] is None else f"{s['trapezoid_gap_pct']:+.1f}"
            print(
                f"{r['phase']:<8} {mode:<8} {r['seconds']:>6.2f} {r['counter_joules']:>10.1f} "
                f"{r['counter_watts']:>7.1f} {s['mean_watts']:>7.1f} {s['mean_watts_x_seconds']:>10.1f} "
                f"{s['joules']:>10.1f} {s['samples']:>5d} {ratio:>6} {gap:>7} {tgap:>7} {r['tflops']:>8.1f} {100 * r['busy_fraction']:>6.0f}"
            )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0,
                    help="length of the full-load phase; idle is 0.3x and bursty 0.5x of it (default 10)")
    ap.add_argument("--hz", type=float, default=20.0, help="power sampling rate (default 20)")
    ap.add_argument("--json", action="store_true", help="print the JSON result to stdout instead of the table")
    ap.add_argument("--out", default="nvml_check.json",
                    help="JSON path when $OUT is unset (default ./nvml_check.json); with $OUT set, $OUT/nvml_check.json")
    args = ap.parse_args(argv)
    if args.seconds <= 0:
        ap.error("--seconds must be > 0")

    torch = load_torch()
    try:
        indices = nvml_index_for_cuda0(torch)
        meter = NvmlMeter(indices)
    except MeterUnavailable as exc:
        fail(str(exc))
    try:
        samplers = [PowerSampler(indices, hz=args.hz, mode="average")]
    except MeterUnavailable as exc:
        meter.close()
        fail(str(exc))
    notes = []
    try:
        samplers.append(PowerSampler(indices, hz=args.hz, mode="instant"))
    except MeterUnavailable as exc:
        notes.append(f"instant power not sampled: {exc}")

    dev = torch.device("cuda:0")
    torch.manual_seed(0)
    a = torch.randn(N, N, device=dev, dtype=torch.bfloat16)  # random data: zeros draw less power
    b = torch.randn(N, N, device=dev, dtype=torch.bfloat16)
    c = torch.empty(N, N, device=dev, dtype=torch.bfloat16)

    def load(deadline: float, duty: float = 1.0, period: float = 0.2) -> tuple[int, float]:
        # duty < 1: run for duty*period, sleep the rest, to make power swing within the phase;
        # bursts end on a synchronize, so the real busy share is measured and reported
        count, busy = 0, 0.0
        while time.perf_counter() < deadline:
            t0 = time.perf_counter()
            burst_end = t0 + duty * period if duty < 1.0 else deadline
            while time.perf_counter() < min(burst_end, deadline):
                for _ in range(SYNC_EVERY):
                    torch.matmul(a, b, out=c)
                torch.cuda.synchronize()
                count += SYNC_EVERY
            busy += time.perf_counter() - t0
            if duty < 1.0:
                time.sleep(max(0.0, min(deadline, t0 + period) - time.perf_counter()))
        return count, busy

    def idle(deadline: float) -> tuple[int, float]:
        time.sleep(max(0.0, deadline - time.perf_counter()))
        return 0, 0.0

    t_start = time.perf_counter()
    load(time.perf_counter() + 1.0)  # warm-up: cuBLAS heuristics, clocks up
    torch.cuda.synchronize()
    time.sleep(1.0)  # let power fall back before the idle phase
    phases = [
        ("idle", 0.3 * args.seconds, idle),
        ("load", args.seconds, load),
        ("bursty", 0.5 * args.seconds, lambda d: load(d, duty=0.5)),
    ]
    try:
        rows = [run_phase(name, secs, work, meter, samplers, torch) for name, secs, work in phases]
        info = meter.device_info()
    except MeterUnavailable as exc:
        fail(str(exc))
    finally:
        for s in samplers:
            s.close()
        meter.close()

    result = {
        "gpu": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "nvml_devices": info,
        "matmul": {"n": N, "dtype": "bfloat16"},
        "hz": args.hz,
        "wall_seconds": time.perf_counter() - t_start,
        "notes": notes,
        "phases": rows,
    }
    out_path = Path(os.environ["OUT"]) / "nvml_check.json" if os.environ.get("OUT") else Path(args.out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text(json.dumps(result, indent=2))

    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['gpu']}  torch {result['torch']}  NVML GPUs {[d['index'] for d in info]}  "
              f"driver {info[0]['driver'] if info else '?'}  power limit {info[0]['power_limit_w'] if info else '?'} W")
        print_table(rows)
        for n in notes:
            print(f"note: {n}")
        print("ratio = counter J / (mean sampled W x s); gap% = 100*(ratio-1); trapz% = counter vs trapezoid J")
        print(f"wrote {out_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
