"""The statistics behind `bench report`: Student-t confidence intervals, pass^k and Pareto frontiers.

Exact for the integer degrees of freedom a report needs, so the bounds can be checked by hand."""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Sequence
from math import comb


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with integer df, by the closed-form series (Abramowitz & Stegun 26.7.3)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:  # odd: (2/π)(θ + sinθ·cosθ·(1 + 2/3 c² + 2·4/(3·5) c⁴ + …))
        term, total = 1.0, 1.0 if df > 1 else 0.0
        for j in range(1, (df - 1) // 2):
            term *= c2 * (2 * j) / (2 * j + 1)
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)
    term, total = 1.0, 1.0  # even: sinθ·(1 + 1/2 c² + 1·3/(2·4) c⁴ + …)
    for j in range(1, df // 2):
        term *= c2 * (2 * j - 1) / (2 * j)
        total += term
    return math.sin(theta) * total


@functools.cache  # a report asks for the same few df many times
def t_quantile(df: int, level: float = 0.95) -> float:
    """The t with P(|T| < t) = level: 12.706 for df 1, 2.045 for df 29 at 95%."""
    lo, hi = 0.0, 1e4
    for _ in range(200):  # bisection: the two-sided probability rises monotonically with t
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _t_two_sided(mid, df) < level else (lo, mid)
    return (lo + hi) / 2


def t_interval(xs: Sequence[float], level: float = 0.95, bounds: tuple[float, float] = (0.0, 1.0)
               ) -> tuple[float, float] | None:
    """mean ± t·s/√n, clipped to `bounds` (scores live in [0, 1]); None below two values."""
    if len(xs) < 2:
        return None
    half = t_quantile(len(xs) - 1, level) * statistics.stdev(xs) / math.sqrt(len(xs))
    mean = statistics.fmean(xs)
    return max(bounds[0], mean - half), min(bounds[1], mean + half)


def pass_hat_k_per_task(counts: Sequence[tuple[int, int]], k: int) -> list[float]:
    """Per task with at least k tries, from (passes, tries): C(c, k)/C(n, k), the chance that k tries drawn
    without replacement from its n all pass (the unbiased estimate of τ-bench's pass^k)."""
    return [comb(c, k) / comb(n, k) for c, n in counts if n >= k >= 1]


def pass_hat_k(counts: Sequence[tuple[int, int]], k: int) -> float | None:
    """pass^k over tasks: the mean of the per-task chances; with n = k for every task, the share of tasks
    passed every time. None when no task has k tries."""
    per_task = pass_hat_k_per_task(counts, k)
    return statistics.fmean(per_task) if per_task else None


def pass_hat_k_interval(counts: Sequence[tuple[int, int]], k: int, level: float = 0.95
                        ) -> tuple[float, float] | None:
    """A t-interval for pass^k over tasks (each task's chance is one value), clipped to [0, 1]."""
    return t_interval(pass_hat_k_per_task(counts, k), level)


def pareto(points: Sequence[tuple[float, float]]) -> list[int]:
    """Indices of the points (cost, utility) that no other point beats: no lower-or-equal cost with higher-or-equal
    utility, one of them strictly; ordered by cost. Cost is anything to minimise (USD, exposure)."""
    front = []
    for i, (c, u) in enumerate(points):
        beaten = any((c2 <= c and u2 >= u) and (c2 < c or u2 > u) for c2, u2 in points)
        if not beaten:
            front.append(i)
    return sorted(front, key=lambda i: points[i])
