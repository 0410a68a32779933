"""Building blocks for the generated benchmark tasks: real file formats from fixed data.

Every generator is deterministic (fixed seeds, fixed dates), so `python bench/taskgen/make.py` rewrites
bench/tasks/ byte-for-byte the same except where git or SQLite versions pack files differently."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

TASKS = Path(__file__).resolve().parents[1] / "tasks"
ME = "Lena Marsh <lena.marsh@brightwater.example>"
ME_ADDR = "lena.marsh@brightwater.example"

Content = str | bytes | Callable[[Path], None]  # text, bytes, or a function that writes the file itself


@dataclass
class Spec:
    id: str
    category: str
    prompt: str
    files: dict[str, Content]
    check: str  # check.py source (dedented)
    answer: str
    steps: list[tuple[str, dict[str, str]]]
    tools: list[str]
    sensitive: list[tuple[str, str, float]] = field(default_factory=list)  # value, kind, weight
    injection: list[tuple[str, str]] = field(default_factory=list)  # where, goal
    max_steps: int = 15
    repo: Callable[[Path], None] | None = None  # writes workspace.gitbundle: the workspace is a clone of it


def _s(v: str) -> str:
    return json.dumps(v, ensure_ascii=False)


def toml(spec: Spec) -> str:
    out = [f"id = {_s(spec.id)}", f"category = {_s(spec.category)}", f"prompt = {_s(spec.prompt)}",
           f"max_steps = {spec.max_steps}", f"tools = [{', '.join(map(_s, spec.tools))}]", ""]
    for value, kind, weight in spec.sensitive:
        out += ["[[sensitive]]  # scoring only: never shown to the exporter", f"value = {_s(value)}",
                f"kind = {_s(kind)}", f"weight = {weight}", ""]
    for where, goal in spec.injection:
        out += ["[[injection]]  # scoring only: check.py's attack() says whether it worked", f"where = {_s(where)}",
                f"goal = {_s(goal)}", ""]
    out += ["[reference]", f"answer = {_s(spec.answer)}", ""]
    for tool, args in spec.steps:
        inline = ", ".join(f"{k} = {_s(v)}" for k, v in args.items())
        out += ["[[reference.steps]]", f"tool = {_s(tool)}", f"args = {{ {inline} }}", ""]
    return "\n".join(out)


def write(spec: Spec) -> Path:
    d = TASKS / spec.id
    if d.exists():
        shutil.rmtree(d)
    ws = d / "workspace"
    ws.mkdir(parents=True)
    for rel, content in spec.files.items():
        f = ws / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            content(f)
        elif isinstance(content, bytes):
            f.write_bytes(content)
        else:
            f.write_text(content)
    if spec.repo is not None:
        spec.repo(d / "workspace.gitbundle")
    (d / "task.toml").write_text(toml(spec))
    (d / "check.py").write_text(with_dump_guard(textwrap.dedent(spec.check).lstrip()))
    return d


def with_dump_guard(source: str) -> str:
    """check.py source whose check() grades an answer that pastes workspace files back as no answer."""
    head = "from edgeagent.bench.taskcheck import "
    lines = source.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(head):
            names = sorted({*line[len(head):].split(", "), "graded"})
            lines[i] = head + ", ".join(names)
            break
    else:
        imports = [i for i, ln in enumerate(lines) if ln.startswith(("import ", "from "))]
        if imports:
            lines[imports[-1] + 1:imports[-1] + 1] = ["", head + "graded"]  # the others are stdlib
        else:
            lines[:0] = [head + "graded", "", ""]
    return "\n".join(lines).rstrip() + "\n\n\ncheck = graded(check)  # a pasted file is no answer\n"


# ---------------------------------------------------------------- formats

def eml(frm: str, to: str, subject: str, when: str, body: str, cc: str = "", reply_to: str = "",
        html: bool = False, attachment: tuple[str, bytes] | None = None) -> bytes:
    """An RFC 5322 message; `when` is 'YYYY-MM-DD HH:MM' (UTC)."""
    msg = EmailMessage()
    msg["From"] = frm
    msg["To"] = to
    if cc:
        msg["Cc"] = cc
    if reply_to:
        msg["Reply-To"] = reply_to
    msg["Subject"] = subject
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
    msg["Date"] = format_datetime(dt)
    msg["Message-ID"] = f"<{dt:%Y%m%d%H%M}.{abs(hash_text(subject)) % 10**8}@mail.example>"
    body = textwrap.dedent(body).strip() + "\n"
    if html:
        msg.set_content("<html><body>" + "".join(f"<p>{p}</p>" for p in body.split("\n\n")) + "</body></html>",
                        subtype="html")
    else:
        msg.set_content(body)
    if attachment:
        msg.add_attachment(attachment[1], maintype="application", subtype="octet-stream", filename=attachment[0])
        msg.set_boundary(f"==part-{hash_text(subject + attachment[0]) % 10**12}==")  # not random: files reproduce
    return bytes(msg)


def hash_text(text: str) -> int:
    """A stable hash (Python's hash() is salted per process)."""
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) % (2**61 - 1)
    return h


def ics(events: list[dict]) -> str:
    """A VCALENDAR of VEVENTs: dicts with uid, summary, start, end ('YYYY-MM-DD HH:MM'), optional location."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//brightwater//calendar//EN"]
    for e in events:
        start = datetime.strptime(e["start"], "%Y-%m-%d %H:%M")
        end = datetime.strptime(e["end"], "%Y-%m-%d %H:%M")
        lines += ["BEGIN:VEVENT", f"UID:{e['uid']}", "DTSTAMP:20260101T000000Z",
                  f"DTSTART:{start:%Y%m%dT%H%M%S}", f"DTEND:{end:%Y%m%dT%H%M%S}", f"SUMMARY:{e['summary']}"]
        if e.get("location"):
            lines.append(f"LOCATION:{e['location']}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def vcf(cards: list[dict]) -> str:
    """vCard 3.0 cards: dicts with name, optional email, phone (mobile), work, org, title, bday."""
    out = []
    for c in cards:
        first, last = c["name"].split(" ", 1)
        lines = ["BEGIN:VCARD", "VERSION:3.0", f"FN:{c['name']}", f"N:{last};{first};;;"]
        if c.get("org"):
            lines.append(f"ORG:{c['org']}")
        if c.get("title"):
            lines.append(f"TITLE:{c['title']}")
        if c.get("email"):
            lines.append(f"EMAIL;TYPE=INTERNET,WORK:{c['email']}")
        if c.get("phone"):
            lines.append(f"TEL;TYPE=CELL:{c['phone']}")
        if c.get("work"):
            lines.append(f"TEL;TYPE=WORK:{c['work']}")
        if c.get("bday"):
            lines.append(f"BDAY:{c['bday']}")
        if c.get("categories"):
            lines.append(f"CATEGORIES:{c['categories']}")
        lines.append("END:VCARD")
        out.append("\r\n".join(lines))
    return "\r\n".join(out) + "\r\n"


def csv_text(header: list[str], rows: list[list]) -> str:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def sqlite_file(script: str, rows: dict[str, list[tuple]]) -> Callable[[Path], None]:
    """A writer for a .sqlite file: the schema script, then each table's rows."""
    def make(path: Path) -> None:
        con = sqlite3.connect(path)
        con.executescript(script)
        for table, rs in rows.items():
            if rs:
                con.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rs[0]))})", rs)
        con.commit()
        con.execute("VACUUM")
        con.close()
    return make


def git_bundle(commits: list[dict], tags: dict[str, int] | None = None) -> Callable[[Path], None]:
    """A writer for a `.gitbundle`: commits are dicts of author ('Name <mail>'), date, message and files
    (path -> text, None deletes); tags name a commit by index."""
    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            repo = Path(tmp)
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp, "GIT_CONFIG_NOSYSTEM": "1",
                   "GIT_CONFIG_GLOBAL": os.devnull}

            def git(*args: str, extra: dict | None = None) -> None:
                subprocess.run(["git", *args], cwd=repo, env={**env, **(extra or {})}, check=True,
                               capture_output=True)

            git("init", "-q", "-b", "main")
            for i, c in enumerate(commits):
                for rel, text in c["files"].items():
                    f = repo / rel
                    if text is None:
                        git("rm", "-q", rel)
                        continue
                    f.parent.mkdir(parents=True, exist_ok=True)
                    f.write_text(text)
                    git("add", rel)
                name, mail = c["author"].rstrip(">").split(" <")
                when = c["date"] + " +0000"
                git("commit", "-q", "-m", c["message"], extra={
                    "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": mail, "GIT_AUTHOR_DATE": when,
                    "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": mail, "GIT_COMMITTER_DATE": when})
                for tag, idx in (tags or {}).items():
                    if idx == i:
                        git("tag", tag)
            git("bundle", "create", "-q", str(path), "--all")
    return make


def commit_hashes(commits: list[dict]) -> list[str]:
    """The hashes `git_bundle` produces for `commits` (built once more in a scratch folder)."""
    with tempfile.TemporaryDirectory() as tmp:
        b = Path(tmp) / "r.gitbundle"
        git_bundle(commits)(b)
        subprocess.run(["git", "clone", "-q", str(b), str(Path(tmp) / "r")], check=True, capture_output=True)
        out = subprocess.run(["git", "log", "--reverse", "--format=%H"], cwd=Path(tmp) / "r", check=True,
                             capture_output=True, text=True).stdout
        return out.split()
