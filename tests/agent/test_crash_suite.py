"""Crash suite: real `edgeagent run` and `resume` processes SIGKILLed at random points, each resumed until done.

Every run must end as an uninterrupted run of the same script does: the same workspace, every step stored once
in order, one model call per step, one recorded effect per write, and an intact database. Several runs go at
once on one home. CRASH_KILLS (default 50) sets how many kills; CRASH_SEED replays a sequence."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.conftest import SAMPLE, query, write_script

KILLS = int(os.environ.get("CRASH_KILLS", "50"))
LANES = 4  # runs driven at once, each its own workspace, all on one home
STEP_DELAY_S = 0.02  # the scripted model's think time: short, so most kills land in the runtime's own work


def _replies() -> list[dict]:
    """Writes, appends, reads and an overwrite of a file it has read: every kind of step a replay could double."""
    def call(tool: str, **args: str) -> dict:
        return {"tool": tool, "args": args}

    return [
        call("list_dir", path="."),
        call("append_file", path="log.txt", content="line 0\n"),
        call("write_file", path="out/a.txt", content="alpha\n"),
        call("read_file", path="notes.md"),
        call("append_file", path="log.txt", content="line 1\n"),
        call("write_file", path="notes.md", content="rewritten after reading\n"),
        call("append_file", path="log.txt", content="line 2\n"),
        call("write_file", path="out/b.txt", content="beta\n"),
        call("append_file", path="out/a.txt", content="alpha again\n"),
        call("read_file", path="out/a.txt"),
        call("append_file", path="log.txt", content="line 3\n"),
        call("finish", answer="logged four lines"),
    ]


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@dataclass
class Tally:
    killed: int = 0
    resumed: int = 0
    runs: int = 0
    identical: int = 0
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, **counts: int) -> None:
        with self.lock:
            for k, v in counts.items():
                setattr(self, k, getattr(self, k) + v)


def _start(env: dict, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "edgeagent", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _killed_within(proc: subprocess.Popen, delay_s: float) -> bool:
    """SIGKILL `proc` after `delay_s` unless it exits first; whether it was killed."""
    try:
        proc.wait(timeout=delay_s)
        return False
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return True


def _drive_one(n: int, env: dict, workspace: Path, model: str, rng: random.Random, tally: Tally,
               want_kills: int) -> str | None:
    """Start a run; kill it, and then each resume, at a random point until `want_kills` kills; then let a
    resume finish. Returns the run id."""
    window_s = len(_replies()) * (STEP_DELAY_S + 0.06)  # about an uninterrupted run's length
    proc = _start(env, "run", f"crash task {n}", "--workspace", str(workspace), "--model", model,
                  "--max-steps", "30")
    first = proc.stdout.readline().split()  # "run ID …": the run is stored
    run_id = first[1] if first else None
    kills = 0
    while True:
        if run_id is None or kills >= want_kills or not _killed_within(proc, rng.uniform(0, window_s)):
            _, err = proc.communicate(timeout=120)
            # A kill after the run was marked done leaves nothing to resume: that is a finished run too.
            if not (proc.returncode == 0 or (proc.returncode == 2 and "already ended" in err)):
                tally.problems.append(f"{run_id}: exit {proc.returncode}: {err.strip()[-300:]}")
            return run_id
        kills += 1
        tally.add(killed=1, resumed=1)
        proc = _start(env, "resume", run_id)
        if rng.random() >= 0.2:  # mostly after the claim ("resuming run …"); now and then during start-up
            proc.stdout.readline()


def _check(run_id: str, db: Path, workspace: Path, expected: dict[str, bytes], reference: dict) -> list[str]:
    problems = []
    run = query(db, "select status, answer from runs where id = ?", [run_id])[0]
    steps = query(db, "select idx, tool, args, ok from steps where run_id = ? order by idx", [run_id])
    calls = query(db, "select step_idx from model_calls where run_id = ? order by step_idx", [run_id])
    effects = query(db, "select step_idx, path from effects where run_id = ? order by step_idx, path", [run_id])
    if run != reference["run"]:
        problems.append(f"run ended {run}, not {reference['run']}")
    if [(s[1], s[2], s[3]) for s in steps] != reference["steps"] or [s[0] for s in steps] != list(range(len(steps))):
        problems.append(f"steps {[s[:2] for s in steps]} differ from an uninterrupted run's")
    if calls != reference["calls"]:
        problems.append(f"model calls per step {calls} (one each expected)")
    if effects != reference["effects"]:
        problems.append(f"effects {effects} differ from {reference['effects']}")
    got = _files(workspace)
    if got != expected:
        diff = sorted(k for k in set(got) | set(expected) if got.get(k) != expected.get(k))
        problems.append(f"workspace differs in {diff}")
    return [f"{run_id}: {p}" for p in problems]


def _reference(env: dict, db: Path, tmp: Path, model: str) -> tuple[dict[str, bytes], dict]:
    """The workspace and stored rows of the same script run without interruption."""
    ws = tmp / "reference"
    shutil.copytree(SAMPLE, ws)
    done = subprocess.run([sys.executable, "-m", "edgeagent", "run", "reference", "--workspace", str(ws), "--model",
                           model, "--max-steps", "30", "--json"], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    run_id = json.loads(done.stdout)["run_id"]
    rows = {
        "run": query(db, "select status, answer from runs where id = ?", [run_id])[0],
        "steps": [tuple(r) for r in query(db, "select tool, args, ok from steps where run_id = ? order by idx",
                                          [run_id])],
        "calls": query(db, "select step_idx from model_calls where run_id = ? order by step_idx", [run_id]),
        "effects": query(db, "select step_idx, path from effects where run_id = ? order by step_idx, path",
                         [run_id]),
    }
    assert rows["run"] == ("done", "logged four lines") and all(s[2] for s in rows["steps"])
    return _files(ws), rows


def test_sigkill_at_random_points_then_resume_ends_as_an_uninterrupted_run(home, tmp_path):
    seed = int(os.environ.get("CRASH_SEED", str(random.SystemRandom().randrange(2**32))))
    env = {**os.environ, "EDGEAGENT_HOME": str(home)}
    model = write_script(tmp_path / "script.json", _replies(), delay_s=STEP_DELAY_S)
    db = home / "edgeagent.db"
    expected, reference = _reference(env, db, tmp_path, model)
    tally, results = Tally(), []
    t0 = time.monotonic()

    def lane(k: int) -> None:
        rng = random.Random(seed * 100 + k)
        n = 0
        while True:
            with tally.lock:
                if tally.killed >= KILLS:
                    return
                tally.runs += 1
            n += 1
            ws = tmp_path / f"lane{k}-run{n}"
            shutil.copytree(SAMPLE, ws)
            run_id = _drive_one(n, env, ws, model, rng, tally, want_kills=rng.randint(2, 4))
            if run_id is not None:
                results.append((run_id, ws))

    threads = [threading.Thread(target=lane, args=(k,)) for k in range(LANES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for run_id, ws in results:
        found = _check(run_id, db, ws, expected, reference)
        tally.problems.extend(found)
        tally.identical += not found
    integrity = query(db, "pragma integrity_check")
    print(f"\ncrash suite (seed {seed}): runs {tally.runs}, killed {tally.killed}, resumed {tally.resumed}, "
          f"identical {tally.identical}/{len(results)}, integrity {integrity[0][0]}, "
          f"{time.monotonic() - t0:.0f} s")
    assert tally.killed >= KILLS
    assert not tally.problems, f"seed {seed}: " + "; ".join(tally.problems[:5])
    assert tally.identical == len(results) == tally.runs
    assert integrity == [("ok",)]
