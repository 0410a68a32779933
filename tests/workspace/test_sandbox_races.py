"""Hostile workspaces beyond static paths: a folder swapped for a link mid-call, hard links, case-folded
protected names, huge files and odd links in a listing (issue 11, items 6-10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.tools.base import MAX_BODY, MAX_EDIT_BYTES, MAX_READ_CHARS, ToolContext
from edgeagent.tools.files import BUILTIN_TOOLS, append_file, list_dir, read_file, search, write_file
from edgeagent.workspace.sandbox import ToolError, resolve
from tests.conftest import query, write_script
from tests.workspace.test_sandbox import _tree

SECRET = "TOP-SECRET-outside-the-workspace\n"


@pytest.fixture
def box(tmp_path):
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    (ws / "a").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET)
    (ws / "a" / "secret.txt").write_text("inside\n")
    return ws, outside


# 6. time of check, time of use

SWAPPER = textwrap.dedent("""
    import os, shutil, sys, time
    ws, outside, ready = sys.argv[1], sys.argv[2], sys.argv[3]
    a, real = os.path.join(ws, "a"), os.path.join(ws, "a.real")
    swaps = 0
    while True:
        try:
            os.rename(a, real)          # the real folder moves away ...
            os.symlink(outside, a)      # ... and a link to the outside takes its name for a while
            time.sleep(0.0002)
            os.unlink(a)
            os.rename(real, a)
            time.sleep(0.0002)
        except OSError:  # a tool made a fresh a/ while it was missing: drop it (rmtree never follows the link)
            shutil.rmtree(a, ignore_errors=True)
            try:
                if os.path.isdir(real):
                    os.rename(real, a)
            except OSError:
                pass  # the tool was quicker again: next round
            continue
        swaps += 1
        if swaps == 50:
            open(ready, "w").close()
""")



def test_a_folder_swapped_for_a_link_mid_call_never_lets_a_tool_outside(box, tmp_path):
    """A real process swaps ws/a for a link to the outside as fast as it can while the tools work through a/."""
    ws, outside = box
    before = _tree(outside)
    ready = tmp_path / "ready"
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(ws), str(outside), str(ready)], stderr=subprocess.PIPE)
    try:
        while not ready.exists():
            assert swapper.poll() is None
        ctx = ToolContext(ws)
        wrote = read = 0
        for i in range(400):
            for fn, args in [(write_file, ("a/secret.txt", f"PWNED {i}\n")), (append_file, ("a/log.txt", "x\n")),
                             (write_file, (f"a/new{i % 7}.txt", "PWNED\n"))]:
                try:
                    fn(ctx, *args)
                    wrote += 1
                except (ToolError, OSError):
                    pass
            for fn, args in [(read_file, ("a/secret.txt",)), (list_dir, ("a",)), (search, ("secret", "a"))]:
                try:
                    out = fn(ctx, *args)
                    read += 1
                except (ToolError, OSError):
                    continue
                assert SECRET.strip() not in out and "33 bytes" not in out, out  # no outside content or size
        assert swapper.poll() is None, swapper.stderr.read()  # it swapped all along
    finally:
        swapper.kill()
        swapper.wait()
    assert _tree(outside) == before  # nothing landed outside, nothing there was changed
    assert wrote > 100 and read > 100  # the tools did work between the swaps, so the race was really run


def test_links_that_stay_inside_still_work_for_every_tool(box):
    ws, _ = box
    (ws / "alias").symlink_to("a", target_is_directory=True)
    (ws / "s.txt").symlink_to("a/secret.txt")
    ctx = ToolContext(ws)
    assert read_file(ctx, "s.txt") == "inside\n"
    assert write_file(ctx, "alias/new.txt", "hi\n") == "wrote 3 bytes to a/new.txt"
    assert (ws / "a" / "new.txt").read_text() == "hi\n"
    assert append_file(ctx, "alias/new.txt", "there\n") == "appended 6 bytes to a/new.txt"
    assert list_dir(ctx, "alias") == "a/new.txt (9 bytes)\na/secret.txt (7 bytes)"
    assert "a/new.txt:2: there" in search(ctx, "there")


def test_new_files_get_the_usual_mode_and_a_replaced_file_keeps_its_own(box):
    ws, _ = box
    ctx = ToolContext(ws)
    write_file(ctx, "fresh.txt", "x")
    umask = os.umask(0)
    os.umask(umask)
    assert (ws / "fresh.txt").stat().st_mode & 0o777 == 0o666 & ~umask
    os.chmod(ws / "a" / "secret.txt", 0o640)
    read_file(ctx, "a/secret.txt")
    write_file(ctx, "a/secret.txt", "new")
    assert (ws / "a" / "secret.txt").stat().st_mode & 0o777 == 0o640


# 7. hard links

@pytest.mark.parametrize("source", ["outside", "secrets"])
def test_a_hard_link_is_not_read_searched_or_copied_by_append(box, source):
    ws, outside = box
    original = outside / "secret.txt" if source == "outside" else ws / ".edgeagent-secrets"
    if source == "secrets":
        original.write_text(SECRET)
    os.link(original, ws / "notes.txt")
    ctx = ToolContext(ws)
    with pytest.raises(ToolError, match="notes.txt is a hard link .*allow_hardlinks = true"):
        read_file(ctx, "notes.txt")
    assert search(ctx, "TOP-SECRET").startswith("no matches")
    with pytest.raises(ToolError, match="hard link"):
        append_file(ctx, "notes.txt", "more\n")  # an append would copy the content into a readable file
    assert original.read_text() == SECRET
    assert read_file(ToolContext(ws, allow_hardlinks=True), "notes.txt") == SECRET  # the user may allow it


def test_overwriting_a_hard_link_replaces_the_name_and_leaves_the_other_file_alone(box):
    ws, outside = box
    os.link(outside / "secret.txt", ws / "notes.txt")
    write_file(ToolContext(ws), "notes.txt", "mine\n")
    assert (ws / "notes.txt").read_text() == "mine\n"
    assert (outside / "secret.txt").read_text() == SECRET


def test_allow_hardlinks_in_config_reaches_a_real_run(box, tmp_path, monkeypatch):
    ws, outside = box
    os.link(outside / "secret.txt", ws / "notes.txt")
    home = tmp_path / "home"
    monkeypatch.setenv("EDGEAGENT_HOME", str(home))
    model = write_script(tmp_path / "s.json", [{"tool": "read_file", "args": {"path": "notes.txt"}},
                                               {"tool": "finish", "args": {"answer": "read"}}])
    runner = CliRunner()
    for config, expected in [("", "hard link"), ("[tools]\nallow_hardlinks = true\n", "TOP-SECRET")]:
        home.mkdir(exist_ok=True)
        (home / "config.toml").write_text(config)
        result = runner.invoke(cli, ["run", "read notes", "-w", str(ws), "--model", model, "--json"])
        assert result.exit_code == 0, result.output
        run_id = json.loads(result.stdout)["run_id"]
        [(obs,)] = query(home / "edgeagent.db", "select observation from steps where run_id = ? and idx = 0",
                         [run_id])
        assert expected in obs
    (home / "config.toml").write_text("[tools]\nallow_hardlinks = 'yes'\n")
    result = runner.invoke(cli, ["run", "read notes", "-w", str(ws), "--model", model])
    assert result.exit_code == 2 and "tools.allow_hardlinks must be true or false" in result.output


# 8. protected names, case-folded

@pytest.mark.parametrize("name", [".EDGEAGENT-SECRETS", ".Edgeagent-Secrets", "sub/../.edgeagent-SECRETS"])
def test_protected_names_are_matched_case_insensitively(box, name):
    ws, _ = box
    (ws / ".EDGEAGENT-SECRETS").write_text(SECRET)
    with pytest.raises(ToolError, match="protected"):
        resolve(ws, name)
    for tool, args in [("read_file", {"path": name}), ("write_file", {"path": name, "content": "x"}),
                       ("append_file", {"path": name, "content": "x"})]:
        with pytest.raises(ToolError, match="protected"):
            BUILTIN_TOOLS[tool].fn(ToolContext(ws), **args)
    ctx = ToolContext(ws)
    assert ".EDGEAGENT" not in list_dir(ctx, ".")
    assert search(ctx, "TOP-SECRET").startswith("no matches")
    assert (ws / ".EDGEAGENT-SECRETS").read_text() == SECRET


# 9. big files

MEMORY_PROBE = textwrap.dedent("""
    import resource, sys
    from pathlib import Path
    from edgeagent.tools.base import ToolContext
    from edgeagent.tools.files import read_file, search
    ctx = ToolContext(Path(sys.argv[1]))
    out = read_file(ctx, "big.log") if sys.argv[2] == "read" else search(ctx, "needle")
    # VmHWM belongs to this process's own address space; ru_maxrss may carry the forking parent's peak.
    status = Path("/proc/self/status")
    hwm = [ln for ln in status.read_text().splitlines() if ln.startswith("VmHWM:")] if status.exists() else []
    peak = int(hwm[0].split()[1]) * 1024 if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(peak)
    print(out[-300:])
""")


@pytest.mark.parametrize("tool", ["read", "search"])
def test_a_300_mb_file_is_read_and_searched_in_bounded_memory(tmp_path, tool):
    ws = tmp_path / "ws"
    ws.mkdir()
    with open(ws / "big.log", "wb") as f:  # text first, then 300 MB of sparse space: no disk, all memory if read
        f.write(b"".join(b"line %d with the needle\n" % i for i in range(2000)))
        f.truncate(300 * 2**20)
    out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(ws), tool], capture_output=True, text=True,
                         check=True).stdout
    peak, shown = out.split("\n", 1)
    assert int(peak) < 150 * 2**20, f"peak RSS {int(peak) / 2**20:.0f} MB"
    if tool == "read":
        assert f"the file is {300 * 2**20} bytes; only its first {MAX_READ_CHARS} characters are shown" in shown
    else:
        assert "[2000 lines hold every word]" in shown and "MB of a file is searched; longer: big.log]" in shown


def test_search_keeps_line_numbers_after_an_overlong_line(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "wide.txt").write_text("x" * 200_000 + "\nthe needle\n")
    assert search(ToolContext(ws), "needle").splitlines()[0] == "wide.txt:2: the needle"


@pytest.mark.parametrize("fn", [write_file, append_file])
def test_a_call_may_not_write_more_than_a_free_text_may_hold(tmp_path, fn):
    ws = tmp_path / "ws"
    ws.mkdir()
    with pytest.raises(ToolError, match=f"content is {MAX_BODY + 1} characters, over the {MAX_BODY}"):
        fn(ToolContext(ws), "out.txt", "y" * (MAX_BODY + 1))
    assert not (ws / "out.txt").exists()
    fn(ToolContext(ws), "out.txt", "y" * MAX_BODY)
    assert (ws / "out.txt").stat().st_size == MAX_BODY


def test_tools_do_not_change_a_file_too_big_to_keep_for_undo(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    with open(ws / "huge.txt", "wb") as f:
        f.write(b"start\n")
        f.truncate(MAX_EDIT_BYTES + 1)
    for fn in (append_file, write_file):
        with pytest.raises(ToolError, match="tools change files up to"):
            fn(ToolContext(ws), "huge.txt", "more")
    assert (ws / "huge.txt").stat().st_size == MAX_EDIT_BYTES + 1


def test_a_cloud_executed_step_is_held_to_the_same_write_cap(home, tmp_path, cloud):
    """A step the cloud executes skips the edge grammar's length limit; the tool itself refuses the long write."""
    ws = tmp_path / "ws"
    ws.mkdir()
    c = cloud([{"tool": "write_file", "args": {"path": "book.md", "content": "z" * 50_000}},
               {"tool": "finish", "args": {"answer": "written"}}])
    edge = write_script(tmp_path / "edge.json", [{"tool": "finish", "args": {"answer": "the edge must not act"}}])
    result = CliRunner().invoke(cli, ["run", "write a book", "-w", str(ws), "--model", edge, "--strategy", "cloud",
                                      "--cloud", c.target, "--json"])
    assert result.exit_code == 0, result.output
    run_id = json.loads(result.stdout)["run_id"]
    rows = query(home / "edgeagent.db", "select actor, tool, ok, observation from steps where run_id = ? order by idx",
                 [run_id])
    assert rows[0][:3] == ("cloud", "write_file", 0)
    assert f"content is 50000 characters, over the {MAX_BODY} a call may write" in rows[0][3]
    assert not (ws / "book.md").exists()


# 10. list_dir with odd links

def test_list_dir_lists_the_rest_around_dangling_and_outside_links(box, tmp_path):
    ws, outside = box
    (ws / "a" / "dangling").symlink_to("nowhere.txt")
    (ws / "a" / "out-exists").symlink_to(outside / "secret.txt")
    (ws / "a" / "out-missing").symlink_to(outside / "missing.txt")
    (ws / "a" / "loop").symlink_to("loop")
    (tmp_path / "locked").mkdir(mode=0o000)
    (ws / "a" / "locked").symlink_to(tmp_path / "locked" / "x")
    (ws / "a" / "inside").symlink_to("secret.txt")
    assert list_dir(ToolContext(ws), "a").splitlines() == [
        "a/dangling (broken link)",
        "a/inside (7 bytes)",
        "a/locked (link pointing outside the workspace)",
        "a/loop (broken link)",
        "a/out-exists (link pointing outside the workspace)",  # no size: says nothing of what is outside
        "a/out-missing (link pointing outside the workspace)",
        "a/secret.txt (7 bytes)",
    ]


def test_without_dir_fd_support_the_file_tools_fail_closed(box, monkeypatch):
    from edgeagent.workspace import safeopen

    ws, _ = box
    monkeypatch.setattr(safeopen, "SUPPORTED", False)
    for fn, args in [(read_file, ("a/secret.txt",)), (write_file, ("a/x.txt", "x")), (list_dir, ("a",))]:
        with pytest.raises(ToolError, match="file tools are off on this platform"):
            fn(ToolContext(ws), *args)
    assert not (ws / "a" / "x.txt").exists()


def test_a_write_clears_the_temp_file_a_killed_writer_left_but_not_a_live_ones(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True).stdout.strip()
    (ws / f".edgeagent-tmp-{gone}-0123").write_text("half a file")  # its writer was SIGKILLed mid-write
    (ws / ".edgeagent-tmp-1-4567").write_text("in progress")  # pid 1 is alive
    write_file(ToolContext(ws), "notes.md", "new")
    assert sorted(p.name for p in ws.iterdir()) == [".edgeagent-tmp-1-4567", "notes.md"]
