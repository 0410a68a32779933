"""Progress of a model preparation on stderr: the running phase as a bar where it has a count (packages,
bytes, tensors, layers) and as a spinner with its elapsed time otherwise. Each finished phase stays as one
line with the time it took, so a piped or logged stderr reads as a record of where the time went."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

if TYPE_CHECKING:
    from rich.progress_bar import ProgressBar
    from typing_extensions import Self

LineParser = Callable[[str], None]  # reads one line of a tool's output and moves the running phase


def took(seconds: float) -> str:
    """A duration as a person says it: 0.4 s, 12 s, 1 min 11 s."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


class _Bar(BarColumn):
    """The bar only where the phase has a count; a phase without one shows its spinner and time alone."""

    # The ignore: rich types BarColumn.render as ProgressBar, though a column may return any renderable
    def render(self, task: Task) -> ProgressBar | Text:  # type: ignore[override]
        return super().render(task) if task.total is not None else Text("")


class _Count(ProgressColumn):
    def render(self, task: Task) -> Text:
        if task.total is None:
            return Text("")
        if task.fields.get("unit") == "bytes":
            return DownloadColumn().render(task)
        unit = task.fields.get("unit") or ""
        return Text(f"{int(task.completed)}/{int(task.total)}{' ' + unit if unit else ''}", style="progress.download")


class Phases:
    """The phases of one preparation, shown on `console` (stderr by default) while it runs."""

    def __init__(self, console: Console | None = None) -> None:
        if console is None:
            from edgeagent.render import err

            console = err
        self.console = console
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._text = ""
        self._started = 0.0
        self._running = False
        self.times: list[tuple[str, float]] = []  # (phase, seconds) of each finished phase, in order

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.finish()
        self._stop()

    def start(self, text: str, total: int | None = None, unit: str = "") -> None:
        """Finish the running phase (if any) and start `text`; `total` gives it a bar."""
        self.finish()
        self._text, self._started, self._running = text, time.monotonic(), True
        if not self.console.is_terminal:
            return  # piped or logged: only the finished lines, no redrawn bar
        if self._progress is None:
            self._progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), _Bar(bar_width=28), _Count(),
                                      TimeElapsedColumn(), console=self.console, transient=True)
            self._progress.start()
        self._task = self._progress.add_task(escape(text), total=total, unit=unit)

    def update(self, done: int, total: int | None = None) -> None:
        """Move the running phase's bar to `done` (of `total`, when that became known only now)."""
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, completed=done, total=total)  # total=None leaves it as it is

    def finish(self, note: str = "") -> None:
        """The running phase is done: it stays as one line with its time."""
        if not self._running:
            return
        self._running = False
        spent = time.monotonic() - self._started
        if self._progress is not None and self._task is not None:
            self._progress.remove_task(self._task)
            self._task = None
        self.times.append((self._text, spent))
        suffix = f" ({escape(note)})" if note else ""
        self.console.print(f"[green]✓[/] {escape(self._text)}{suffix} [dim]{took(spent)}[/]", highlight=False)

    def _stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


# Parsers of the tools' output: each turns a line into the running phase's progress (or leaves it).

_TQDM = re.compile(r"(\d+)/(\d+) \[")
_PIP_FILE = re.compile(r"^\s*(?:Downloading|Using cached|Processing|File was already downloaded)\s+\S*?([\w.-]+\.whl)\b"
                       r"(?!\.metadata)")


def pip_files(phases: Phases, total: int) -> LineParser:
    """pip download names each wheel as it starts on it: the files before the current one are done."""
    seen: set[str] = set()

    def parse(line: str) -> None:
        m = _PIP_FILE.match(line)
        if m and m.group(1) not in seen:
            seen.add(m.group(1))
            phases.update(min(len(seen) - 1, total), total)

    return parse


def tqdm_counts(phases: Phases) -> LineParser:
    """A tqdm bar's `n/total [` (transformers dequantizing a GGUF tensor by tensor)."""

    def parse(line: str) -> None:
        m = _TQDM.search(line)
        if m:
            phases.update(int(m.group(1)), int(m.group(2)))

    return parse


def onnx_builder(phases: Phases, layers: int | None) -> LineParser:
    """The ORT GenAI builder reads the model layer by layer, then quantizes each layer's MatMuls to int4."""
    read, quantized = re.compile(r"^Reading (?:decoder )?layer (\d+)"), re.compile(
        r"complete quantization of /model/layers\.(\d+)/")
    counts = tqdm_counts(phases)

    def parse(line: str) -> None:
        if line.startswith("Reading embedding layer"):
            phases.start("building int4 ONNX: reading the layers", total=layers, unit="layers")
        elif line.startswith("Saving ONNX model"):
            phases.start("building int4 ONNX: quantizing each layer's MatMuls to int4 and saving", total=layers,
                         unit="layers")
        elif (m := read.match(line)) or (m := quantized.search(line)):
            phases.update(int(m.group(1)) + 1, layers)
        else:
            counts(line)  # "Loading weights: n/N [" while the builder reads the fp32 folder

    return parse


def marked_phases(phases: Phases, then: LineParser | None = None) -> LineParser:
    """A `@phase TEXT` line from our own converter starts a new phase; other lines go to `then`."""

    def parse(line: str) -> None:
        if line.startswith("@phase "):
            phases.start(line[len("@phase "):].strip())
        elif then is not None:
            then(line)

    return parse
