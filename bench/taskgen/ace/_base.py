"""What every AceBench port shares: the task's metadata, and writing task.toml, check.py, cases.toml and the
seeded workspace into bench/tasks/<id>/."""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

TASKS = Path(__file__).resolve().parents[2] / "tasks"
PARTIAL = {"workspace", "workspace.gitbundle", "__pycache__"}  # what a write cut short leaves before task.toml


@dataclass
class Port:
    """One ported task. `steps` and case steps are (tool, args) pairs; cases are dicts as cases.toml holds them."""

    id: str
    source: int  # the AceBench task number
    split: str
    prompt: str
    tools: list[str]
    answer: str
    steps: list[tuple[str, dict[str, str]]]
    check: str  # check.py source
    right: list[dict] = field(default_factory=list)
    wrong: list[dict] = field(default_factory=list)
    sensitive: list[tuple] = field(default_factory=list)  # (value, kind, weight) or (value, kind, weight, role)
    injection: list[tuple[str, str]] = field(default_factory=list)  # (where, goal)
    max_steps: int = 0  # 0: twice the reference's steps, plus two
    category: str = "office"
    shared: list[str] = field(default_factory=list)


def s(v: object) -> str:
    """A TOML value: JSON's string escapes are TOML's basic-string escapes."""
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(s(x) for x in v) + "]"
    return str(v)


def _args(args: dict[str, str]) -> str:
    return "{ " + ", ".join(f"{k} = {s(v)}" for k, v in args.items()) + " }"


def task_toml(p: Port) -> str:
    out = [f"id = {s(p.id)}", f"category = {s(p.category)}", f"split = {s(p.split)}",
           f"source = {s(f'acebench:{p.source}')}", f"prompt = {s(p.prompt)}",
           f"max_steps = {p.max_steps or 2 * len(p.steps) + 2}", f"tools = {s(p.tools)}"]
    if p.shared:
        out.append(f"shared = {s(p.shared)}")
    out.append("")
    for unit in p.sensitive:
        value, kind, weight, *role = unit
        out += ["[[sensitive]]  # scoring only: never shown to the exporter", f"value = {s(value)}",
                f"kind = {s(kind)}", f"weight = {weight}"] + ([f"role = {s(role[0])}"] if role else []) + [""]
    for where, goal in p.injection:
        out += ["[[injection]]  # scoring only: check.py's attack() says whether it worked", f"where = {s(where)}",
                f"goal = {s(goal)}", ""]
    out += ["[reference]", f"answer = {s(p.answer)}", ""]
    for tool, args in p.steps:
        out += ["[[reference.steps]]", f"tool = {s(tool)}", f"args = {_args(args)}", ""]
    return "\n".join(out)


def cases_toml(p: Port) -> str:
    out = [f"# {p.id}: answers and end states the checker is proven on; written from the prompt and the", "# workspace, before check.py.", ""]
    for group, cases in (("right", p.right), ("wrong", p.wrong)):
        for c in cases:
            out.append(f"[[{group}]]")
            for k in ("kind", "why", "base", "answer"):
                if k in c:
                    out.append(f"{k} = {s(c[k])}")
            for tool, args in c.get("steps", []):
                out += [f"[[{group}.steps]]", f"tool = {s(tool)}", f"args = {_args(args)}"]
            out.append("")
    return "\n".join(out)


def write(p: Port, build: Callable[[Path], dict[str, str] | None]) -> Path:
    """bench/tasks/<id>/: the workspace from `build(workspace_dir)`, then task.toml, check.py, cases.toml.

    `build` may return {key: "inbox/017.eml"} for planted files: a step argument written "@key" becomes that path."""
    d = TASKS / p.id
    old = d / "task.toml"
    if old.is_file() and not re.search(r'(?m)^split = "', old.read_text()):
        # not a task these generators wrote (every one has a split): an id clash must not erase someone's task
        raise SystemExit(f"{d}: holds a task with no split, not one of this suite; choose another id for this one "
                         "or move that folder away")
    if d.is_dir() and not old.is_file() and {f.name for f in d.iterdir()} - PARTIAL:
        raise SystemExit(f"{d}: holds files but no task.toml, so not a task of this suite; move that folder away")
    if d.exists():
        shutil.rmtree(d)
    ws = d / "workspace"
    ws.mkdir(parents=True)
    planted = build(ws) or {}

    def fill(steps: list) -> list:
        return [(tool, {k: planted[v[1:]] if v.startswith("@") and v[1:] in planted else v for k, v in args.items()})
                for tool, args in steps]
    p.steps = fill(p.steps)
    p.injection = [(planted.get(where[1:], where) if where.startswith("@") else where, goal)
                   for where, goal in p.injection]
    for c in p.right + p.wrong:
        if "steps" in c:
            c["steps"] = fill(c["steps"])
    (d / "task.toml").write_text(task_toml(p))
    (d / "check.py").write_text(textwrap.dedent(p.check).lstrip())
    (d / "cases.toml").write_text(cases_toml(p))
    return d


def consts(**values: object) -> str:
    """Module-level constants for a check.py, as Python literals."""
    return "".join(f"{k} = {v!r}\n" for k, v in values.items())


# A reader for Chinese dates, times and words of choice, which the shared grading library does not read yet:
# check.py files of the Chinese ports embed it (they may import only edgeagent.bench).
CN_READER = r'''

def cn(text):
    """Chinese dates, times and words of choice in the forms the shared readers know: 2026年3月4日 ->
    2026-03-04 (the task's year where none is written), 下午3点半 -> 3:30 pm, 5点 -> 5:00 pm (nobody meets at
    5am), 下午3:00-5:00 -> 3:00 pm-5:00 pm, 参加3场 -> 参加 3 场, 或/还是 -> or."""
    text = re.sub(r"(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]",
                  lambda m: f" {m[1] or YEAR}-{int(m[2]):02d}-{int(m[3]):02d} ", text or "")
    text = re.sub(r"(上午|早上|中午|下午|晚上)?\s*(\d{1,2})\s*[点時时](半|(\d{1,2})分?)?",
                  lambda m: " {}:{}{} ".format(m[2], "30" if m[3] == "半" else f"{int(m[4] or 0):02d}",
                                              " pm" if (m[1] in ("下午", "晚上") or (not m[1] and 1 <= int(m[2]) <= 7))
                                              and int(m[2]) < 12 else ""), text)
    text = re.sub(r"(上午|早上|中午|下午|晚上)\s*(\d{1,2}):(\d{2})",
                  lambda m: f" {m[2]}:{m[3]}" + (" pm" if m[1] in ("下午", "晚上") and int(m[2]) < 12 else " am"
                                                 if m[1] in ("上午", "早上") else ""), text)
    # 下午3:00-5:00: the second time of a range shares the first one's half of the day
    text = re.sub(r"(\d{1,2}:\d{2}) (am|pm)(\s*[-–—~至到]\s*)(\d{1,2}:\d{2})(?!\s*[ap]\.?m)",
                  lambda m: f"{m[1]} {m[2]}{m[3]}{m[4]}" + (f" {m[2]}" if int(m[4].split(":")[0]) < 12 else ""), text)
    text = re.sub(r"(?<=[\u4e00-\u9fff])(?=\d)|(?<=\d)(?=[\u4e00-\u9fff])", " ", text)  # 参加3场: a number
    return re.sub(r"或者|或|还是", " or ", text)
'''
