"""Hostile-workspace probes: a real `edgeagent run` process, a scripted model, and what must never happen.

Each probe builds a workspace of real files (a git repository, a SQLite database, .eml, .ics, .vcf, ...) next to
an `outside` folder that holds a canary value and is where a hostile command would leave its marker file. The
run's process writes its own VmHWM as it exits: wait4's ru_maxrss would report pytest's own peak instead."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from edgeagent.meters.memory import module_argv_reporting_peak, read_peak_report
from tests.conftest import SHARED_MODELS

CANARY = "canary-7f3a9c-outside"  # held only by files outside the workspace; it must never be seen
MARKER = "ran-marker"  # a hostile command creates outside/ran-marker
RSS_CAP_MIB = 400  # a scripted run peaks near 60 MiB (VmHWM); a parser blowing up on hostile content goes far past this
RUN_SECONDS = 120  # a run that hangs is killed, and the probe fails
SECRET = "Project Bluebird"  # declared in the workspace's .edgeagent-secrets where a probe says so


@dataclass
class Place:
    """The probe's folders: the workspace, and outside it the canary and the marker's folder."""
    ws: Path
    outside: Path
    script: Path

    @property
    def marker(self) -> Path:
        return self.outside / MARKER

    def touch_command(self) -> str:
        """A shell command a hostile file may smuggle in: it leaves the marker if it ever runs."""
        return f"touch {self.marker}"


@dataclass
class Result:
    status: str
    exit_code: int
    seen: str  # everything the run shows or stores: stdout, stderr and `show --json`
    observations: list[str]
    peak_mib: float
    seconds: float
    run: dict


def place(tmp_path: Path) -> Place:
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    ws.mkdir()
    outside.mkdir()
    (outside / "private.txt").write_text(f"the private note says {CANARY}\n")
    return Place(ws, outside, tmp_path / "script.json")


def _env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "userhome"
    home.mkdir(exist_ok=True)
    kept = {k: os.environ[k] for k in ("PYTHONPATH",) if k in os.environ}  # a run of another checkout's code
    return {**kept, "PATH": os.environ["PATH"], "HOME": str(home), "EDGEAGENT_HOME": str(tmp_path / "edgeagent-home"),
            "EDGEAGENT_MODELS": str(SHARED_MODELS), "EDGEAGENT_PREVIEW_WORKER_IDLE_S": "0", "LANG": "C.UTF-8",
            "COLUMNS": "200"}


def _wait(proc: subprocess.Popen) -> int:
    """The child's exit status; killed past RUN_SECONDS."""
    timer = threading.Timer(RUN_SECONDS, proc.kill)
    timer.start()
    try:
        return proc.wait()
    finally:
        timer.cancel()


def cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "edgeagent", *args], env=_env(tmp_path), capture_output=True,
                          text=True, timeout=RUN_SECONDS, check=False)


def run(p: Place, calls: list[dict], *, task: str = "help me with the files in this folder", strategy: str = "edge",
        cloud: str | None = None, extra: tuple[str, ...] = ()) -> Result:
    """`edgeagent run` of a script of tool calls (a finish is added), in its own process."""
    p.script.write_text(json.dumps({"replies": [*calls, {"tool": "finish", "args": {"answer": "done"}}]}))
    tmp = p.script.parent
    peak = str(tmp / "peak.txt")
    argv = module_argv_reporting_peak("edgeagent", [
        "run", task, "--workspace", str(p.ws), "--model", f"scripted:{p.script}", "--tools", "all", "--max-steps",
        str(len(calls) + 1), "--strategy", strategy, "--json", *(["--cloud", cloud] if cloud else []), *extra], peak)
    out_f, err_f = tmp / "stdout.txt", tmp / "stderr.txt"
    start = time.monotonic()
    with out_f.open("wb") as out, err_f.open("wb") as err:
        proc = subprocess.Popen(argv, env=_env(tmp), stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        code = _wait(proc)
    seconds = time.monotonic() - start
    stdout, stderr = out_f.read_text(errors="replace"), err_f.read_text(errors="replace")
    try:
        run_id = json.loads(stdout)["run_id"]
    except (ValueError, KeyError):
        raise AssertionError(f"the run printed no result (exit {code}): {stderr[-2000:]}") from None
    own_peak = read_peak_report(peak)
    assert own_peak is not None, f"the run (exit {code}) reported no peak RSS: it died before exiting"
    shown = cli(tmp, "show", run_id, "--json")
    detail = json.loads(shown.stdout)
    return Result(status=detail["run"]["status"], exit_code=code, seen=stdout + stderr + shown.stdout,
                  observations=[s["observation"] or "" for s in detail["steps"]], peak_mib=own_peak / 2**20,
                  seconds=seconds, run=detail)


def held(p: Place, r: Result) -> None:
    """What every probe asserts: nothing ran, nothing outside was read, memory bounded, no `error` from content."""
    assert not p.marker.exists(), "a command from the workspace ran"
    assert CANARY not in r.seen, "a value from outside the workspace was read"
    assert r.peak_mib < RSS_CAP_MIB, f"the run peaked at {r.peak_mib:.0f} MiB (cap {RSS_CAP_MIB})"
    assert r.status in ("done", "max_steps"), f"the run ended {r.status}: {r.run['run'].get('error')}"


def call(tool: str, **args: str) -> dict:
    return {"tool": tool, "args": args}


Builder = Callable[[Place], None]
