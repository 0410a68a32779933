"""Shared by the devops_* and automation_* task modules (this module holds no task: PORTS is empty).

- `emit(port, build, own=False)`: writes bench/tasks/<id>/ through `_base.write`; `own=True` records
  `source = "own"` (a task of ours, not a port), and a `build` may write `../workspace.gitbundle` beside the
  seed folder so the workspace itself is a git repository (the git tools read only the workspace's own .git).
- `repo(dest, commits)`: a reproducible git history (fixed names and dates) written as a bundle; returns the
  commit hashes, oldest first, for reference steps.
- `main(ports, argv)`: the `python bench/taskgen/ace/<module>.py [ID...]` entry every module has.
- `busy_history(...)`: dozens of filler commits around the planted ones, for histories of realistic length.

Ports list their task functions in PORTS (as make.py expects: each returns (Port, build)); tasks of our own list
them in OWN and leave PORTS empty, so a PORTS-driven writer never records them as "acebench:0". A Port of our own
carries source 0.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # _base sits beside this file

from _base import Port, write

PORTS: list = []


def emit(port: Port, build: Callable[[Path], object], own: bool = False) -> Path:
    d = write(port, build)
    if own:
        toml = d / "task.toml"
        toml.write_text(re.sub(r'(?m)^source = "acebench:\d+"$', 'source = "own"', toml.read_text(), count=1))
    return d


def main(ports: Sequence[Callable[[], tuple]], argv: Sequence[str] = ()) -> None:
    for make in ports:
        port, build = make()
        if not argv or port.id in argv or str(port.source) in argv:
            emit(port, build, own=port.source == 0)
            print(port.id, f"acebench:{port.source}" if port.source else "own")


@dataclass
class Commit:
    author: str  # "Name <mail>"
    when: datetime
    message: str
    files: dict[str, str | None] = field(default_factory=dict)  # path -> text; None deletes


def _env(tmp: str) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp, "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull, "TZ": "UTC", "LC_ALL": "C"}


def repo(dest: Path, commits: Sequence[Commit], tags: dict[str, int] | None = None) -> list[str]:
    """Build the history in a scratch folder and write it to `dest` as a bundle; the hashes, oldest first."""
    with tempfile.TemporaryDirectory() as tmp:
        r = Path(tmp) / "r"
        r.mkdir()
        env = _env(tmp)

        def git(*args: str, extra: dict | None = None) -> str:
            return subprocess.run(["git", "-c", "pack.threads=1", *args], cwd=r, env={**env, **(extra or {})},
                                  check=True, capture_output=True, text=True).stdout

        git("init", "-q", "-b", "main")
        hashes = []
        for i, c in enumerate(commits):
            for rel, text in c.files.items():
                if text is None:
                    git("rm", "-q", "--", rel)
                    continue
                f = r / rel
                f.parent.mkdir(parents=True, exist_ok=True)
                f.write_text(text)
                git("add", "--", rel)
            name, mail = c.author.rstrip(">").split(" <")
            when = c.when.strftime("%Y-%m-%dT%H:%M:%S") + " +0000"
            git("commit", "-q", "--allow-empty", "-m", c.message, extra={
                "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": mail, "GIT_AUTHOR_DATE": when,
                "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": mail, "GIT_COMMITTER_DATE": when})
            hashes.append(git("rev-parse", "HEAD").strip())
            for tag, idx in (tags or {}).items():
                if idx == i:
                    git("tag", tag)
        dest.parent.mkdir(parents=True, exist_ok=True)
        git("bundle", "create", "-q", str(dest.resolve()), "--all")
        return hashes



def write_steps(path: str, content: str, size: int = 1900) -> list[tuple[str, dict[str, str]]]:
    """write_file then append_file steps for `content`, each call within the tools' 2,000-character limit."""
    parts = [content[i:i + size] for i in range(0, len(content), size)] or [""]
    return [("write_file" if i == 0 else "append_file", {"path": path, "content": p}) for i, p in enumerate(parts)]


_MSGS = ["Fix flaky test", "Tidy imports", "Bump dependencies", "Log request ids", "Docs: clarify setup",
         "Refactor handler", "Add metrics for retries", "Rename variable for clarity", "CI: cache wheels",
         "Handle empty payloads", "Remove dead code", "Tighten input validation", "Update README",
         "Add unit tests for the parser", "Make timeouts configurable", "Improve error message",
         "Pin base image", "Lint fixes", "Split long function", "Add health check endpoint notes"]
_LINES = ["# retry once on a transient error", "# TODO: move to the shared client", "# keep in sync with the docs",
          "# values in milliseconds", "# see the runbook before changing", "# owned by the platform team",
          "# added after the January review", "# safe to remove after the migration"]


def busy_history(rng, people: Sequence[str], start: datetime, n: int, files: dict[str, str],
                 planted: dict[int, Commit] | None = None, gap_hours: tuple[int, int] = (6, 40),
                 skip: Sequence[str] = ()) -> list[Commit]:
    """`n` filler commits over `files` (small comment edits, realistic messages) from `start` on, with the
    `planted` commits at their indexes (their `when` kept if set after the previous commit, else moved on); a
    planted file may be a function of the file's text at that point, so its diff shows only its own change.
    Files in `skip` get no filler edits."""
    cur = dict(files)
    out = [Commit(people[0], start, "Initial commit", dict(files))]
    t = start
    planted = planted or {}
    for i in range(1, n):
        t += timedelta(hours=rng.randint(*gap_hours), minutes=rng.randint(0, 59))
        if i in planted:
            c = planted[i]
            if c.when <= out[-1].when:
                c.when = t
            t = c.when
            for k, v in list(c.files.items()):
                if callable(v):  # an edit of the file as it stands then
                    v = c.files[k] = v(cur.get(k, ""))
                if v is not None:
                    cur[k] = v
                else:
                    cur.pop(k, None)
            out.append(c)
            continue
        path = rng.choice(sorted(p for p in cur if not p.endswith((".json", ".csv")) and p not in skip))
        lines = cur[path].splitlines()
        pos = rng.randint(0, len(lines))
        comment = rng.choice(_LINES)
        if path.endswith((".md", ".txt")):
            comment = comment.lstrip("# ").capitalize() + "."
        elif path.endswith(".sql"):
            comment = "-- " + comment.lstrip("# ")
        elif path.endswith((".js", ".ts", ".go", ".java")):
            comment = "// " + comment.lstrip("# ")
        lines.insert(pos, comment)
        cur[path] = "\n".join(lines) + "\n"
        out.append(Commit(rng.choice(list(people)), t, rng.choice(_MSGS), {path: cur[path]}))
    return out
