"""Energy estimate from this process's CPU time and the device profile's power figures.

Used where no hardware counter is readable; every reading says ``measured=False``.

Model (linear in CPU utilisation, the usual first-order server/SoC power model):
the device draws ``watts_idle`` with nothing running and ``watts_active`` with all
``n_cores`` logical cores busy, so each busy core-second adds
``(watts_active - watts_idle) / n_cores`` joules. Over a window of ``wall`` seconds in which
this process (and its waited-for children) used ``cpu`` CPU-seconds::

    joules["cpu"]  = cpu * (watts_active - watts_idle) / n_cores
    joules["idle"] = wall * watts_idle            # only when watts_idle is given

Without ``watts_idle`` the whole active figure is shared per busy core
(``cpu * watts_active / n_cores``) and no idle term is added: the estimate is then the
process's pro-rata share of the device at full load. ``cpu`` is capped at ``wall * n_cores``: a child's CPU
time is counted when it is reaped, however long before the window it was spent. Work done on a GPU or accelerator
costs little CPU time, so this undercounts it; that is one reason it is labelled an estimate.
"""

from __future__ import annotations

import time

import psutil

from edgeagent.meters.base import EnergyReading

SOURCE = "estimate:cpu-time×profile-watts"


def process_cpu_seconds(proc: psutil.Process | None = None) -> float:
    """User + system CPU seconds of the process, plus those of its children that were waited for."""
    t = (proc or psutil.Process()).cpu_times()
    return t.user + t.system + t.children_user + t.children_system


def estimate_joules(
    cpu_seconds: float,
    wall_seconds: float,
    watts_active: float,
    watts_idle: float | None,
    n_cores: int,
) -> dict[str, float]:
    """The model in the module docstring, as {"cpu": J} or {"cpu": J, "idle": J}."""
    if cpu_seconds < 0 or wall_seconds < 0:
        raise ValueError(f"cpu_seconds and wall_seconds must be >= 0, got {cpu_seconds}, {wall_seconds}")
    if n_cores < 1:
        raise ValueError(f"n_cores must be >= 1, got {n_cores}")
    cpu_seconds = min(cpu_seconds, wall_seconds * n_cores)  # no window is busier than every core
    if watts_idle is None:
        return {"cpu": cpu_seconds * watts_active / n_cores}
    return {"cpu": cpu_seconds * (watts_active - watts_idle) / n_cores, "idle": wall_seconds * watts_idle}


class EstimateMeter:
    """CPU-time x profile-watts estimate; see the module docstring for the formula.

    ``n_cores`` defaults to this machine's logical core count; pass the profile's count
    when the power figure describes a different core count. ``cpu_seconds`` holds the
    last window's CPU time after ``end()``.
    """

    name = "estimate"

    def __init__(self, watts_active: float, watts_idle: float | None = None, n_cores: int | None = None) -> None:
        if not watts_active > 0:
            raise ValueError(f"watts_active must be > 0, got {watts_active}")
        if watts_idle is not None and not 0 <= watts_idle <= watts_active:
            raise ValueError(f"watts_idle must be between 0 and watts_active ({watts_active}), got {watts_idle}")
        cores = n_cores if n_cores is not None else (psutil.cpu_count(logical=True) or 1)
        if cores < 1:
            raise ValueError(f"n_cores must be >= 1, got {cores}")
        self.watts_active = float(watts_active)
        self.watts_idle = None if watts_idle is None else float(watts_idle)
        self.n_cores = int(cores)
        self._proc = psutil.Process()
        self._start: tuple[float, float] | None = None
        self.cpu_seconds = 0.0

    def begin(self) -> None:
        self._start = (time.perf_counter(), process_cpu_seconds(self._proc))

    def end(self) -> EnergyReading:
        t1, c1 = time.perf_counter(), process_cpu_seconds(self._proc)
        if self._start is None:
            raise RuntimeError("EstimateMeter.end() called without begin()")
        t0, c0 = self._start
        self._start = None
        self.cpu_seconds = max(0.0, c1 - c0)
        joules = estimate_joules(self.cpu_seconds, t1 - t0, self.watts_active, self.watts_idle, self.n_cores)
        return EnergyReading(joules=joules, seconds=t1 - t0, source=SOURCE, measured=False)
