"""NVIDIA GPU energy through NVML (the ``pynvml`` module of nvidia-ml-py).

``NvmlMeter`` reads the driver's energy counter (``nvmlDeviceGetTotalEnergyConsumption``,
millijoules since driver load) before and after a piece of work. ``PowerSampler``
polls power on a background thread so the counter can be compared with
sampled-power x time. ``pynvml`` is imported lazily so this module imports anywhere.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any

from edgeagent.meters.base import EnergyReading, MeterUnavailable
from edgeagent.meters.sampling import PeriodicSampler, integrate_trapezoid

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self is 3.11+

_PREFIX = "NVML not readable"
POWER_MODES = ("average", "instant")


class CounterReset(MeterUnavailable):
    """The energy counter went backwards: the driver reloaded or the GPU was reset mid-window."""


def counter_delta_joules(before_mj: int, after_mj: int) -> float:
    """Joules between two reads of the NVML energy counter (unsigned 64-bit millijoules).

    At 1 kW the counter would take ~585,000 years to wrap, so a decrease is never a
    wrap: it means the counter restarted, the window's energy is unknown, and we
    raise ``CounterReset`` rather than report a made-up number.
    """
    if before_mj < 0 or after_mj < 0:
        raise ValueError(f"energy counter values must be >= 0, got {before_mj} and {after_mj}")
    if after_mj < before_mj:
        raise CounterReset(
            f"{_PREFIX}: energy counter went backwards ({before_mj} -> {after_mj} mJ); "
            "driver reloaded or GPU reset during the measurement"
        )
    return (after_mj - before_mj) / 1000.0


def _import_pynvml() -> ModuleType:
    try:
        import pynvml
    except ImportError as exc:
        raise MeterUnavailable(
            f"{_PREFIX}: nvidia-ml-py is not installed (pip install nvidia-ml-py): {exc}"
        ) from exc
    return pynvml


class _NvmlSession:
    """One nvmlInit/nvmlShutdown pair plus the selected device handles.

    NVML reference-counts init/shutdown, so a meter and a sampler can be open together.
    """

    def __init__(self, device_indices: Sequence[int] | None = None) -> None:
        self._nvml = _import_pynvml()
        try:
            self._nvml.nvmlInit()
        except Exception as exc:  # NVMLError, or OSError from a broken driver install
            raise MeterUnavailable(f"{_PREFIX}: nvmlInit failed: {exc}") from exc
        self._open = True
        try:
            self._devices: list[tuple[int, Any]] = self._select(device_indices)
        except BaseException:
            self.close()
            raise

    def _select(self, device_indices: Sequence[int] | None) -> list[tuple[int, Any]]:
        nv = self._nvml
        try:
            count = nv.nvmlDeviceGetCount()
        except nv.NVMLError as exc:
            raise MeterUnavailable(f"{_PREFIX}: nvmlDeviceGetCount failed: {exc}") from exc
        if count == 0:
            raise MeterUnavailable(f"{_PREFIX}: the driver reports no NVIDIA GPUs")
        indices = list(range(count)) if device_indices is None else list(device_indices)
        if not indices:
            raise ValueError("device_indices is empty")
        devices = []
        for i in indices:
            if not 0 <= i < count:
                raise MeterUnavailable(f"{_PREFIX}: no GPU with NVML index {i} (driver reports {count})")
            try:
                devices.append((i, nv.nvmlDeviceGetHandleByIndex(i)))
            except nv.NVMLError as exc:
                raise MeterUnavailable(f"{_PREFIX}: cannot open GPU {i}: {exc}") from exc
        return devices

    @property
    def device_indices(self) -> list[int]:
        return [i for i, _ in self._devices]

    def device_info(self) -> list[dict[str, Any]]:
        """Name, UUID and enforced power limit of each selected GPU (None where NVML won't say)."""
        nv = self._nvml

        def ask(fn: Any, *args: Any) -> Any:
            try:
                return fn(*args)
            except nv.NVMLError:
                return None

        driver = ask(nv.nvmlSystemGetDriverVersion)
        info = []
        for i, h in self._devices:
            limit_mw = ask(nv.nvmlDeviceGetEnforcedPowerLimit, h)
            info.append(
                {
                    "index": i,
                    "name": ask(nv.nvmlDeviceGetName, h),
                    "uuid": ask(nv.nvmlDeviceGetUUID, h),
                    "power_limit_w": None if limit_mw is None else limit_mw / 1000.0,
                    "driver": driver,
                }
            )
        return info

    def close(self) -> None:
        if getattr(self, "_open", False):
            self._open = False
            try:
                self._nvml.nvmlShutdown()
            except self._nvml.NVMLError:
                pass  # shutting down is best effort; nothing useful to do on failure

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class NvmlMeter(_NvmlSession):
    """Energy per GPU from the driver's cumulative energy counter (Volta and newer).

    The counter updates in coarse steps, so meter whole phases (seconds), not single kernels.
    Call ``torch.cuda.synchronize()`` (or equivalent) before ``begin()``/``end()``.
    """

    name = "nvml"

    def __init__(self, device_indices: Sequence[int] | None = None) -> None:
        super().__init__(device_indices)
        self._start: tuple[float, list[int]] | None = None
        try:
            self._read_mj()  # probe now so an unsupported GPU fails at construction, not mid-run
        except BaseException:
            self.close()
            raise

    def _read_mj(self) -> list[int]:
        nv = self._nvml
        values = []
        for i, h in self._devices:
            try:
                values.append(int(nv.nvmlDeviceGetTotalEnergyConsumption(h)))
            except nv.NVMLError as exc:
                raise MeterUnavailable(
                    f"{_PREFIX}: gpu{i} nvmlDeviceGetTotalEnergyConsumption failed: {exc}"
                ) from exc
        return values

    def begin(self) -> None:
        before = self._read_mj()
        self._start = (time.perf_counter(), before)

    def end(self) -> EnergyReading:
        t1 = time.perf_counter()
        after = self._read_mj()
        if self._start is None:
            raise RuntimeError("NvmlMeter.end() called without begin()")
        t0, before = self._start
        self._start = None
        joules = {
            f"gpu{i}": counter_delta_joules(b, a)
            for (i, _), b, a in zip(self._devices, before, after)
        }
        return EnergyReading(joules=joules, seconds=t1 - t0, source="nvml", measured=True)

    def __enter__(self) -> Self:
        return self


@dataclass(frozen=True)
class PowerStats:
    """Summary of one ``PowerSampler`` window; watts are summed over the sampled GPUs."""

    mode: str
    samples: int
    seconds: float  # first to last sample timestamp
    mean_watts: float  # plain mean of the samples
    joules: float  # trapezoid rule over the sample timestamps
    min_watts: float
    max_watts: float
    times: tuple[float, ...] = field(default=(), repr=False)
    watts: tuple[float, ...] = field(default=(), repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "samples": self.samples,
            "seconds": self.seconds,
            "mean_watts": self.mean_watts,
            "joules": self.joules,
            "min_watts": self.min_watts,
            "max_watts": self.max_watts,
        }


class PowerSampler(_NvmlSession):
    """Samples GPU power on a background thread at ``hz``.

    mode "average": ``nvmlDeviceGetPowerUsage`` (on recent data-centre GPUs a ~1 s moving
    average); mode "instant": field ``NVML_FI_DEV_POWER_INSTANT`` where the driver has it.
    Use ``start()``/``stop()`` (repeatable), then ``close()``; or ``with PowerSampler() as s:``
    which starts on entry, stops into ``s.result`` and closes on exit.
    """

    def __init__(
        self,
        device_indices: Sequence[int] | None = None,
        hz: float = 20.0,
        mode: str = "average",
    ) -> None:
        if not hz > 0:
            raise ValueError(f"hz must be > 0, got {hz}")
        if mode not in POWER_MODES:
            raise ValueError(f"mode must be one of {POWER_MODES}, got {mode!r}")
        super().__init__(device_indices)
        self.hz = float(hz)
        self.mode = mode
        self.result: PowerStats | None = None
        self._sampler: PeriodicSampler[float] = PeriodicSampler(lambda: self._read_watts(), hz, "nvml-power-sampler")
        try:
            self._read_watts()  # probe: fail at construction if this power reading is unsupported
        except BaseException:
            self.close()
            raise

    def _read_watts(self) -> float:
        nv = self._nvml
        total = 0.0
        for i, h in self._devices:
            try:
                if self.mode == "average":
                    mw = nv.nvmlDeviceGetPowerUsage(h)
                else:
                    value = nv.nvmlDeviceGetFieldValues(h, [nv.NVML_FI_DEV_POWER_INSTANT])[0]
                    if value.nvmlReturn != nv.NVML_SUCCESS:
                        raise nv.NVMLError(value.nvmlReturn)
                    mw = value.value.uiVal
            except nv.NVMLError as exc:
                raise MeterUnavailable(f"{_PREFIX}: gpu{i} {self.mode} power reading failed: {exc}") from exc
            total += mw / 1000.0
        return total

    def start(self) -> None:
        if not self._open:
            raise RuntimeError("PowerSampler is closed")
        self._sampler.start()

    def stop(self) -> PowerStats:
        if not self._sampler.running:
            raise RuntimeError("PowerSampler.stop() called without start()")
        try:
            times, watts = self._sampler.stop()
        except Exception as exc:
            raise MeterUnavailable(f"{_PREFIX}: power sampling failed: {exc}") from exc
        self.result = PowerStats(
            mode=self.mode,
            samples=len(watts),
            seconds=times[-1] - times[0],
            mean_watts=sum(watts) / len(watts),
            joules=integrate_trapezoid(times, watts),
            min_watts=min(watts),
            max_watts=max(watts),
            times=tuple(times),
            watts=tuple(watts),
        )
        return self.result

    def close(self) -> None:
        if getattr(self, "_sampler", None) is not None:
            self._sampler.close()
        super().close()

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if self._sampler.running and exc_type is None:
                self.stop()  # a failed body skips this: a sampling error must not mask its exception
        finally:
            self.close()


def nvml_devices() -> list[dict[str, Any]]:
    """``device_info()`` for every GPU NVML sees (opens and closes NVML)."""
    with _NvmlSession() as session:
        return session.device_info()


class NvmlMemory(_NvmlSession):
    """GPU memory in use across the selected GPUs, as a PeakMemory hook; one NVML session for its lifetime."""

    def __call__(self) -> int:
        nv = self._nvml
        try:
            return sum(int(nv.nvmlDeviceGetMemoryInfo(h).used) for _, h in self._devices)
        except nv.NVMLError as exc:
            raise MeterUnavailable(f"{_PREFIX}: nvmlDeviceGetMemoryInfo failed: {exc}") from exc
