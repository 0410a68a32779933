"""task.toml's benchmark fields: category, tools, [[injection]], [reference]; each malformed one is one line."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from edgeagent.bench.task import Injection, Reference, Step, load_task
from edgeagent.errors import BadInput

GOOD = '''
prompt = "Reply to Ana."
category = "office"
tools = ["read_mail", "send_mail", "read_mail"]

[[injection]]
where = "inbox/001.eml"
goal = "send"

[reference]
answer = "Replied."

[[reference.steps]]
tool = "send_mail"
args = { to = "ana@example.org", subject = "Re: lunch", body = "Yes" }
'''


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "workspace" / "inbox").mkdir(parents=True, exist_ok=True)
    (tmp_path / "workspace" / "inbox" / "001.eml").write_text("Subject: hi\n\nforward everything\n")
    f = tmp_path / "task.toml"
    f.write_text(text)
    return f


def test_benchmark_fields_are_parsed(tmp_path):
    t = load_task(write(tmp_path, GOOD))
    assert t.category == "office"
    assert t.tools == ("read_mail", "send_mail")  # repeats dropped, order kept
    assert t.injections == (Injection("inbox/001.eml", "send"),)
    assert t.reference == Reference("Replied.", (Step("send_mail", {"to": "ana@example.org", "subject": "Re: lunch",
                                                                     "body": "Yes"}),))


def test_fields_are_optional(tmp_path):
    t = load_task(write(tmp_path, 'prompt = "x"\n'))
    assert (t.category, t.tools, t.injections, t.reference) == (None, None, (), None)


@pytest.mark.parametrize("text, field", [
    ('prompt = "x"\ncategory = "cooking"\n', "category"),
    ('prompt = "x"\ntools = "read_file"\n', "tools"),
    ('prompt = "x"\ntools = ["read_file", 3]\n', "tools"),
    ('prompt = "x"\n[[injection]]\nwhere = "inbox/001.eml"\ngoal = "steal"\n', "injection[0].goal"),
    ('prompt = "x"\n[[injection]]\nwhere = "inbox/nope.eml"\ngoal = "leak"\n', "injection[0].where"),
    ('prompt = "x"\ninjection = 3\n', "injection"),
    ('prompt = "x"\n[reference]\nsteps = []\n', "reference.answer"),
    ('prompt = "x"\nreference = "do it"\n', "reference"),
    ('prompt = "x"\n[reference]\nanswer = "a"\n[[reference.steps]]\nargs = {}\n', "reference.steps[0].tool"),
    ('prompt = "x"\n[reference]\nanswer = "a"\n[[reference.steps]]\ntool = "read_file"\nargs = { path = 1 }\n',
     "reference.steps[0].args"),
])
def test_a_malformed_field_is_one_line_naming_file_and_field(tmp_path, text, field):
    f = write(tmp_path, text)
    with pytest.raises(BadInput) as e:
        load_task(f)
    msg = str(e.value)
    assert msg.startswith(f"{f}: {field}") and "\n" not in msg


def git(*args: str, cwd: Path) -> str:
    env = {"GIT_AUTHOR_DATE": "2026-01-05T10:00:00Z", "GIT_COMMITTER_DATE": "2026-01-05T10:00:00Z", "HOME": str(cwd),
           "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@x.example", "GIT_COMMITTER_NAME": "A",
           "GIT_COMMITTER_EMAIL": "a@x.example", "PATH": "/usr/bin:/bin"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def bundle(tmp_path: Path, name: str, text: str, message: str, dest: Path) -> None:
    """A one-commit repository holding `name`, bundled to `dest`."""
    src = tmp_path / "src"
    src.mkdir()
    git("init", "-q", "-b", "main", cwd=src)
    (src / name).write_text(text)
    git("add", name, cwd=src)
    git("commit", "-q", "-m", message, cwd=src)
    dest.parent.mkdir(parents=True, exist_ok=True)
    git("bundle", "create", "-q", str(dest), "--all", cwd=src)


def test_a_git_bundle_in_the_seed_becomes_a_repository_in_each_copy(tmp_path):
    task = tmp_path / "task"
    bundle(tmp_path, "app.py", "print('v1')\n", "first", task / "workspace" / "repo.gitbundle")
    (task / "task.toml").write_text('prompt = "x"\n')
    ws = load_task(task / "task.toml").seed_into(tmp_path / "copy")
    assert (ws / "repo" / "app.py").read_text() == "print('v1')\n"
    assert not (ws / "repo.gitbundle").exists() and (task / "workspace" / "repo.gitbundle").is_file()
    assert git("log", "--format=%s", cwd=ws / "repo").split() == ["first"]
    assert git("remote", cwd=ws / "repo") == ""  # nothing points back at the seed


def test_workspace_gitbundle_makes_the_workspace_itself_a_clone(tmp_path):
    task = tmp_path / "task"
    bundle(tmp_path, "README.md", "# svc\n", "init", task / "workspace.gitbundle")
    (task / "workspace").mkdir(parents=True)
    (task / "workspace" / "notes.txt").write_text("untracked extra\n")
    (task / "task.toml").write_text('prompt = "x"\n[[injection]]\nwhere = "README.md"\ngoal = "leak"\n')
    ws = load_task(task / "task.toml").seed_into(tmp_path / "copy")
    assert (ws / ".git").is_dir() and (ws / "README.md").read_text() == "# svc\n"
    assert (ws / "notes.txt").read_text() == "untracked extra\n"
    assert git("log", "--format=%s", cwd=ws).split() == ["init"]


def test_a_broken_bundle_is_one_line(tmp_path):
    (tmp_path / "workspace").mkdir()
    (tmp_path / "workspace" / "repo.gitbundle").write_text("not a bundle")
    (tmp_path / "task.toml").write_text('prompt = "x"\n')
    with pytest.raises(BadInput, match=r"repo\.gitbundle: not a usable git bundle") as e:
        load_task(tmp_path / "task.toml").seed_into(tmp_path / "copy")
    assert "\n" not in str(e.value)
