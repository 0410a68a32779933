"""Sampling helpers shared by the meters.

``integrate_trapezoid`` / ``integrate_domains`` turn power samples into joules,
``PeriodicSampler`` polls a read function on a background thread, and ``ToolStream``
runs a monitoring tool (tegrastats, macmon, powermetrics) and collects its parsed records
with their arrival times.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Generic, TypeVar

from edgeagent.meters.base import MeterUnavailable

T = TypeVar("T")
_MAX_RECORD = 1 << 20  # bytes; a powermetrics plist is ~10 KB, a tegrastats line < 1 KB


def integrate_trapezoid(times: Sequence[float], watts: Sequence[float]) -> float:
    """Joules from power samples (seconds, watts) by the trapezoid rule; spacing may be uneven."""
    if len(times) != len(watts):
        raise ValueError(f"times and watts differ in length ({len(times)} != {len(watts)})")
    joules = 0.0
    for i in range(1, len(times)):
        dt = times[i] - times[i - 1]
        if dt < 0:
            raise ValueError(f"sample times must not decrease (index {i}: {times[i - 1]} -> {times[i]})")
        joules += 0.5 * (watts[i] + watts[i - 1]) * dt
    return joules


def integrate_domains(times: Sequence[float], samples: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Trapezoid joules per domain from samples of {domain: watts}; every sample must name the same domains."""
    if len(times) != len(samples):
        raise ValueError(f"times and samples differ in length ({len(times)} != {len(samples)})")
    if not samples:
        return {}
    keys = list(samples[0])
    for i, s in enumerate(samples):
        if set(s) != set(keys):
            # A rail appearing or vanishing mid-window would silently skew the total.
            raise ValueError(f"sample {i} has domains {sorted(s)}, expected {sorted(keys)}")
    return {k: integrate_trapezoid(times, [s[k] for s in samples]) for k in keys}


class PeriodicSampler(Generic[T]):
    """Calls ``read()`` at ``hz`` on a background thread between ``start()`` and ``stop()``.

    ``start()`` and ``stop()`` each take one sample on the caller's thread, so the samples
    span the whole window. An exception in the thread ends sampling and is re-raised by ``stop()``.
    """

    def __init__(self, read: Callable[[], T], hz: float, name: str = "sampler") -> None:
        if not hz > 0:
            raise ValueError(f"hz must be > 0, got {hz}")
        self._read = read
        self.hz = float(hz)
        self.name = name
        self._times: list[float] = []
        self._values: list[T] = []
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._error: BaseException | None = None

    def _take(self) -> None:
        value = self._read()
        self._times.append(time.perf_counter())
        self._values.append(value)

    def _run(self) -> None:
        period = 1.0 / self.hz
        next_t = self._times[-1] + period
        # Absolute deadlines keep the rate from drifting; Event.wait lets stop() cut in at once.
        while not self._stop.wait(max(0.0, next_t - time.perf_counter())):
            try:
                self._take()
            except BaseException as exc:  # noqa: BLE001 -- kept and re-raised by stop() in the caller's thread
                self._error = exc
                return
            next_t += period
            now = time.perf_counter()
            if next_t < now:  # fell behind (GIL, slow read): skip missed ticks rather than burst
                next_t = now + period

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        if self._thread is not None:
            raise RuntimeError(f"{self.name} already started")
        self._times, self._values, self._error = [], [], None
        self._stop.clear()
        self._take()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def stop(self) -> tuple[list[float], list[T]]:
        """Stop sampling and return (times, values), first and last taken on the caller's thread."""
        if self._thread is None:
            raise RuntimeError(f"{self.name}.stop() called without start()")
        self._stop.set()
        self._thread.join()
        self._thread = None
        if self._error is not None:
            raise self._error
        self._take()
        return list(self._times), list(self._values)

    def close(self) -> None:
        """Stop the thread without a final sample (for error paths)."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None


class ToolStream(Generic[T]):
    """Runs a monitoring tool and parses each record of its stdout as it arrives.

    Records are split on ``sep`` (newline, or NUL for powermetrics plists) and timed by
    arrival (``time.perf_counter()`` when read). Records that ``parse`` rejects with
    ``ValueError`` are kept in ``bad_records`` rather than stopping the stream, so a stray
    warning line doesn't end a measurement.
    """

    def __init__(
        self,
        argv: Sequence[str],
        parse: Callable[[bytes], T],
        label: str,
        sep: bytes = b"\n",
    ) -> None:
        self.argv = list(argv)
        self.label = label
        self._parse = parse
        self._sep = sep
        self._cond = threading.Condition()
        self._samples: list[tuple[float, T]] = []
        self.bad_records: list[str] = []
        self._eof = False
        self._stopping = False
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 -- closed by stop(); a file, not a pipe: a chatty tool can't block on it
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self._stderr
            )
        except OSError as exc:
            self._stderr.close()
            raise MeterUnavailable(f"{self.label}: cannot run {self.argv[0]}: {exc}") from exc
        self._thread = threading.Thread(target=self._reader, name=f"{self.label}-reader", daemon=True)
        self._thread.start()

    def _handle(self, record: bytes, t: float) -> None:
        if not record.strip():
            return
        try:
            value = self._parse(record)
        except Exception as exc:  # noqa: BLE001 -- any parser failure is a bad record, never a dead reader thread
            message = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
            with self._cond:
                self.bad_records.append(" ".join(message.split()))
            return
        with self._cond:
            self._samples.append((t, value))
            self._cond.notify_all()

    def _reader(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        buf = b""
        try:
            while True:
                chunk = os.read(fd, 65536)
                t = time.perf_counter()
                if not chunk:
                    break
                buf += chunk
                *records, buf = buf.split(self._sep)
                for record in records:
                    self._handle(record, t)
                if len(buf) > _MAX_RECORD:  # output that never separates records: drop, don't hoard
                    with self._cond:
                        self.bad_records.append(f"a record longer than {_MAX_RECORD} bytes without a separator")
                    buf = b""
            if buf.strip() and not self._stopping:
                # The tool ended on its own: its last record may lack a trailing separator.
                self._handle(buf, time.perf_counter())
        except OSError:
            pass  # the pipe closed under us while stopping
        finally:
            with self._cond:
                self._eof = True
                self._cond.notify_all()

    def samples(self) -> list[tuple[float, T]]:
        with self._cond:
            return list(self._samples)

    def _exit_note(self) -> str:
        proc = self._proc
        if proc is None or proc.poll() is None:
            note = "still running"
        else:
            note = f"exited with code {proc.returncode}"
        err = ""
        if self._stderr is not None and not self._stderr.closed:
            self._stderr.seek(0)
            lines = self._stderr.read()[-2000:].decode("utf-8", "replace").strip().splitlines()
            err = lines[-1].strip() if lines else ""
        if self.bad_records:
            note += f"; output not understood: {self.bad_records[0]}"
        return f"{note}: {err}" if err else note

    def wait_first(self, timeout: float) -> tuple[float, T]:
        """Block until the first parsed record; MeterUnavailable if none comes within ``timeout``."""
        with self._cond:
            self._cond.wait_for(lambda: bool(self._samples) or self._eof, timeout)
            if self._samples:
                return self._samples[0]
            eof = self._eof
        if eof:
            self._reap()
            what = "output ended without a usable sample"
        else:
            what = f"no usable sample within {timeout:g}s"
        note = self._exit_note()  # before stop(), so a hung tool reads "still running", not "killed"
        self.stop()
        raise MeterUnavailable(f"{self.label}: {what} ({note})")

    def _reap(self) -> None:
        # stdout closed: the tool is exiting; give it a moment so its exit code can be reported.
        if self._proc is not None:
            try:
                self._proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass

    def window(self, t_end: float, timeout: float) -> list[tuple[float, T]]:
        """Samples from the first through the first one that arrived at or after ``t_end``."""

        def done() -> bool:
            return self._eof or (bool(self._samples) and self._samples[-1][0] >= t_end)

        with self._cond:
            self._cond.wait_for(done, timeout)
            for i, (t, _) in enumerate(self._samples):
                if t >= t_end:
                    return list(self._samples[: i + 1])
            eof = self._eof
        if eof:
            self._reap()
        when = "before the tool's output ended" if eof else f"within {timeout:g}s"
        raise MeterUnavailable(
            f"{self.label}: no sample arrived after the window ended {when} ({self._exit_note()})"
        )

    def stop(self) -> None:
        self._stopping = True
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        if proc is not None and proc.stdout is not None:
            proc.stdout.close()

    def close(self) -> None:
        self.stop()
        if self._stderr is not None:
            self._stderr.close()


def probe_tool(argv: Sequence[str], parse: Callable[[bytes], T], label: str, timeout: float, sep: bytes = b"\n") -> T:
    """Run a tool until its first parsed record and return it (MeterUnavailable if it never comes)."""
    stream: ToolStream[T] = ToolStream(argv, parse, label, sep)
    stream.start()
    try:
        return stream.wait_first(timeout)[1]
    finally:
        stream.close()


def find_tool(executable: str, label: str, where_from: str, interval_ms: int | None = None) -> str:
    """The monitoring tool's path; MeterUnavailable saying where it comes from when it is not on PATH."""
    if interval_ms is not None and interval_ms < 1:
        raise ValueError(f"interval_ms must be >= 1, got {interval_ms}")
    path = shutil.which(executable)
    if path is None:
        raise MeterUnavailable(f"{label} not found on PATH ({where_from}): {executable}")
    return path


class StreamMeter:
    """begin()/end() around a ToolStream: window = first record after begin() .. first after end()."""

    name = "stream"

    def __init__(self, argv: list[str], parse: Any, sep: bytes, interval_ms: int, start_timeout: float) -> None:
        self.argv = argv
        self._parse = parse
        self._sep = sep
        self.interval_s = interval_ms / 1000.0
        self.start_timeout = start_timeout
        self._stream: ToolStream[Any] | None = None
        self.extra_joules: dict[str, float] = {}
        self.samples = 0
        self.skipped_records = 0

    def _probe(self) -> Any:
        return probe_tool(self.argv, self._parse, self.name, self.start_timeout, self._sep)

    def begin(self) -> None:
        if self._stream is not None:
            raise RuntimeError(f"{self.name}: begin() called twice without end()")
        stream: ToolStream[Any] = ToolStream(self.argv, self._parse, self.name, self._sep)
        stream.start()
        try:
            stream.wait_first(self.start_timeout)
        except BaseException:
            stream.close()
            raise
        self._stream = stream

    def _window(self) -> list[tuple[float, Any]]:
        t_end = time.perf_counter()
        stream = self._stream
        if stream is None:
            raise RuntimeError(f"{self.name}: end() called without begin()")
        self._stream = None
        try:
            window = stream.window(t_end, max(2.0, 5 * self.interval_s))
        finally:
            stream.close()
        self.samples = len(window)
        self.skipped_records = len(stream.bad_records)
        return window
