"""Peak memory over a window: sampled RSS, the kernel's high-water mark, and backend peaks.

``PeakMemory`` samples this process's RSS (optionally plus its children's) on a background
thread. RSS sampling can miss a spike shorter than the sample period, so it also compares
``ru_maxrss`` (the process's lifetime peak) at begin and end: if the lifetime peak rose
during the window, the new peak happened inside it and is exact. Backends add their own
figures (MLX peak, NVML used, NvMap used) through ``hooks``, called at ``end()``.
"""

from __future__ import annotations

import atexit
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import psutil

from edgeagent.meters.sampling import PeriodicSampler

try:
    import resource
except ImportError:  # Windows has no getrusage; psutil's peak working set is the same high-water mark
    resource = None  # type: ignore[assignment]


@dataclass(frozen=True)
class MemoryReading:
    """``peak_rss_bytes`` of the window; ``extra`` holds hook results by name (None if the hook failed)."""

    peak_rss_bytes: int
    source: str
    extra: dict[str, int | None] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"peak_rss_bytes": self.peak_rss_bytes, "source": self.source, **self.extra}
        if self.errors:
            out["errors"] = dict(self.errors)
        return out


def ru_maxrss_bytes() -> int:
    """Lifetime peak RSS of this process; Linux reports KiB, macOS bytes, Windows its peak working set."""
    if resource is None:
        return int(getattr(psutil.Process().memory_info(), "peak_wset", 0))
    raw = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(raw) if sys.platform == "darwin" else int(raw) * 1024


def own_peak_bytes() -> int:
    """This program's own peak RSS: VmHWM where /proc has it. ru_maxrss also holds the peak of whatever started it,
    since a vfork()ed child keeps its parent's high-water mark through exec."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return ru_maxrss_bytes()


def _write_peak(path: str) -> None:
    with open(path, "w") as f:
        f.write(str(own_peak_bytes()))


def module_argv_reporting_peak(module: str, args: list[str], report: str) -> list[str]:
    """argv of `python -m module args` that writes its own peak RSS in bytes to `report` as it exits: how a parent
    that has held gigabytes itself measures a child (wait4's ru_maxrss would give the parent's peak)."""
    code = ("import runpy, sys\n"
            "from edgeagent.meters.memory import report_peak_at_exit\n"
            f"report_peak_at_exit({report!r})\n"
            f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)\n")
    return [sys.executable, "-c", code, *args]


def report_peak_at_exit(path: str) -> None:
    atexit.register(_write_peak, path)


def read_peak_report(path: str) -> int | None:
    """The bytes a child started by ``module_argv_reporting_peak`` wrote; None if it died before it could."""
    try:
        return int(open(path).read())
    except (OSError, ValueError):
        return None


def rss_bytes(proc: psutil.Process, include_children: bool = False) -> int:
    """Current RSS of ``proc``, plus every live descendant's when asked (children that exit are skipped)."""
    total = proc.memory_info().rss
    if include_children:
        for child in proc.children(recursive=True):
            try:
                total += child.memory_info().rss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass  # exited between listing and reading, or not ours to read
    return total


class PeakMemory:
    """Peak RSS between ``begin()`` and ``end()``, sampled at ``hz``.

    ``hooks`` maps a name ("mlx_peak_bytes", "nvml_used_bytes", "nvmap_used_bytes") to a
    callable returning bytes or None; a hook that raises is recorded in ``errors``.
    """

    def __init__(
        self,
        hz: float = 50.0,
        hooks: Mapping[str, Callable[[], int | None]] | None = None,
        include_children: bool = False,
    ) -> None:
        self.hz = hz
        self.hooks = dict(hooks or {})
        self.include_children = include_children
        self._proc = psutil.Process()
        self._sampler: PeriodicSampler[int] = PeriodicSampler(
            lambda: rss_bytes(self._proc, include_children), hz, name="rss-sampler"
        )
        self._maxrss_before = 0

    def begin(self) -> None:
        self._maxrss_before = ru_maxrss_bytes()
        self._sampler.start()

    def end(self) -> MemoryReading:
        _, values = self._sampler.stop()
        peak = max(values)
        source = f"psutil-rss@{self.hz:g}Hz" + ("+children" if self.include_children else "")
        maxrss = ru_maxrss_bytes()
        # ru_maxrss covers only this process, so it can't speak for children.
        if not self.include_children and maxrss > self._maxrss_before and maxrss > peak:
            peak = maxrss
            source += "+ru_maxrss"
        extra: dict[str, int | None] = {}
        errors: dict[str, str] = {}
        for name, hook in self.hooks.items():
            try:
                value = hook()
                extra[name] = None if value is None else int(value)
            except Exception as exc:  # noqa: BLE001  (a backend's probe failing must not lose the RSS figure)
                extra[name] = None
                errors[name] = " ".join(f"{type(exc).__name__}: {exc}".split())
        return MemoryReading(peak_rss_bytes=int(peak), source=source, extra=extra, errors=errors)

    def close(self) -> None:
        self._sampler.close()
