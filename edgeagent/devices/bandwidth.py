"""This machine's memory bandwidth, measured: a streaming copy (STREAM's "copy") on one thread per physical core.

Decoding one token reads every weight once, so bandwidth ÷ bytes per token bounds decode tok/s; a profile's
nominal figure is the hardware's, and a VM or a busy machine gets less."""

from __future__ import annotations

import threading
import time

COPY_BYTES = 256 * 2**20  # per thread: far past every cache level, so the copy streams from memory


def measure_bandwidth(threads: int, seconds: float = 1.0, block_bytes: int = COPY_BYTES) -> float:
    """Bytes per second read and written by `threads` threads each copying its own buffer, best of a few passes."""
    import numpy as np

    n = block_bytes // 8
    pairs = [(np.ones(n), np.empty(n)) for _ in range(max(1, threads))]
    for src, dst in pairs:
        np.copyto(dst, src)  # touch every page first: the first pass would measure page faults

    def copy(src, dst, reps: int) -> None:
        for _ in range(reps):
            np.copyto(dst, src)  # numpy releases the GIL for a copy this large

    best, reps, deadline = 0.0, 1, time.perf_counter() + seconds
    while True:
        workers = [threading.Thread(target=copy, args=(s, d, reps)) for s, d in pairs]
        t0 = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        took = time.perf_counter() - t0
        best = max(best, 2 * block_bytes * reps * len(pairs) / took)  # each copy reads and writes the buffer
        if time.perf_counter() > deadline:
            return best
        reps = min(reps * 2, 8)
