"""Workspace confinement: hostile paths are refused, and refused writes touch nothing outside."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from edgeagent.tools.base import ToolContext
from edgeagent.tools.files import BUILTIN_TOOLS, append_file, list_dir, read_file, search, write_file
from edgeagent.workspace.sandbox import ToolError, resolve

SECRET = "TOP-SECRET-outside-the-workspace\n"


def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _tree(root: Path) -> dict[str, str]:
    """Every file under root with its content hash, and every folder: a snapshot to compare."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        out[rel] = f"link->{os.readlink(p)}" if p.is_symlink() else "dir" if p.is_dir() else _sha(p)
    return out


@pytest.fixture
def box(tmp_path):
    """A workspace next to an outside folder holding a secret file."""
    ws = tmp_path / "ws"
    outside = tmp_path / "outside"
    ws.mkdir()
    (outside / "sub").mkdir(parents=True)
    (outside / "secret.txt").write_text(SECRET)
    (outside / "sub" / "deep.txt").write_text(SECRET)
    (ws / "b.txt").write_text("inside b\n")
    (ws / "a").mkdir()
    (ws / "a" / "c.txt").write_text("inside c\n")
    return ws, outside


# resolve() itself

@pytest.mark.parametrize("rel", ["/etc/passwd", "/", "//etc/passwd"])
def test_absolute_paths_refused(box, rel):
    ws, _ = box
    with pytest.raises(ToolError, match="absolute"):
        resolve(ws, rel)


def test_absolute_path_into_the_workspace_is_still_refused(box):
    ws, _ = box
    with pytest.raises(ToolError, match="absolute"):
        resolve(ws, str(ws / "b.txt"))


@pytest.mark.parametrize("rel", ["..", "../x", "a/../../x", "a/../..", "./../ws/../../etc", "a/c.txt/../../../x"])
def test_dotdot_escapes_refused(box, rel):
    ws, _ = box
    with pytest.raises(ToolError, match="leaves the workspace"):
        resolve(ws, rel)


@pytest.mark.parametrize("rel", ["~", "~/x", "~root/.ssh/id_rsa"])
def test_home_paths_refused(box, rel):
    ws, _ = box
    with pytest.raises(ToolError):
        resolve(ws, rel)


@pytest.mark.parametrize("rel", ["a\x00b", "b.txt\x00../../etc/passwd", "\x00"])
def test_nul_byte_refused(box, rel):
    ws, _ = box
    with pytest.raises(ToolError, match="NUL"):
        resolve(ws, rel)


@pytest.mark.parametrize("rel", ["", "   ", "\n", None, 3, ["b.txt"]])
def test_empty_or_non_string_refused(box, rel):
    ws, _ = box
    with pytest.raises(ToolError, match="non-empty"):
        resolve(ws, rel)


def test_dotdot_that_stays_inside_is_allowed(box):
    ws, _ = box
    real = Path(os.path.realpath(ws))
    assert resolve(ws, "a/../b.txt") == real / "b.txt"
    assert resolve(ws, "./a/./c.txt") == real / "a" / "c.txt"
    assert resolve(ws, ".") == real
    assert resolve(ws, "a/..") == real
    assert resolve(ws, "new/dir/file.txt") == real / "new" / "dir" / "file.txt"  # need not exist yet


def test_workspace_given_through_a_symlink_still_confines(tmp_path, box):
    ws, _outside = box
    alias = tmp_path / "alias"
    alias.symlink_to(ws, target_is_directory=True)
    assert resolve(alias, "b.txt") == Path(os.path.realpath(ws / "b.txt"))
    with pytest.raises(ToolError):
        resolve(alias, "../outside/secret.txt")


def test_symlink_to_outside_file_refused(box):
    ws, outside = box
    (ws / "link.txt").symlink_to(outside / "secret.txt")
    with pytest.raises(ToolError, match="leaves the workspace"):
        resolve(ws, "link.txt")


def test_symlink_to_outside_dir_refused_for_paths_below_it(box):
    ws, outside = box
    (ws / "linkdir").symlink_to(outside, target_is_directory=True)
    for rel in ["linkdir", "linkdir/secret.txt", "linkdir/sub/deep.txt", "linkdir/new.txt", "linkdir/sub/.."]:
        with pytest.raises(ToolError, match="leaves the workspace"):
            resolve(ws, rel)


def test_dotdot_after_a_symlinked_dir_is_resolved_physically(box):
    # a2 -> outside/sub, so "a2/../secret.txt" is outside/secret.txt, not ws/secret.txt.
    ws, outside = box
    (ws / "a2").symlink_to(outside / "sub", target_is_directory=True)
    with pytest.raises(ToolError):
        resolve(ws, "a2/../secret.txt")


def test_symlinked_dir_chain_leaving_the_workspace_refused(box):
    ws, outside = box
    (ws / "l1").symlink_to(ws / "l2", target_is_directory=True)
    (ws / "l2").symlink_to(ws / "l3", target_is_directory=True)
    (ws / "l3").symlink_to(outside, target_is_directory=True)
    with pytest.raises(ToolError):
        resolve(ws, "l1/secret.txt")
    with pytest.raises(ToolError):
        resolve(ws, "l1")


def test_symlink_chain_inside_the_workspace_is_allowed(box):
    ws, _ = box
    (ws / "l1").symlink_to("l2")
    (ws / "l2").symlink_to("b.txt")
    assert resolve(ws, "l1") == Path(os.path.realpath(ws / "b.txt"))
    assert read_file(ToolContext(ws), "l1") == "inside b\n"


def test_dangling_symlink_pointing_outside_refused(box):
    ws, outside = box
    (ws / "dangling").symlink_to(outside / "not-yet-there.txt")
    with pytest.raises(ToolError):
        resolve(ws, "dangling")


# the tools, with the same hostile paths

HOSTILE = ["/etc/passwd", "../outside/secret.txt", "a/../../outside/secret.txt", "~/secret.txt",
           "secret\x00.txt", "", "link.txt", "linkdir/secret.txt", "chain/secret.txt", "dangling"]


@pytest.fixture
def hostile_box(box):
    ws, outside = box
    (ws / "link.txt").symlink_to(outside / "secret.txt")
    (ws / "linkdir").symlink_to(outside, target_is_directory=True)
    (ws / "chain").symlink_to("linkdir", target_is_directory=True)
    (ws / "dangling").symlink_to(outside / "created-by-agent.txt")
    return ws, outside


@pytest.mark.parametrize("rel", HOSTILE)
def test_read_file_refuses_hostile_paths(hostile_box, rel):
    ws, _ = hostile_box
    with pytest.raises(ToolError):
        read_file(ToolContext(ws), rel)


@pytest.mark.parametrize("rel", HOSTILE + ["linkdir/new.txt", "chain/sub/new.txt", "../new.txt"])
@pytest.mark.parametrize("fn", [write_file, append_file])
def test_writes_through_hostile_paths_refused_and_outside_untouched(hostile_box, tmp_path, rel, fn):
    ws, outside = hostile_box
    before_outside, before_parent = _tree(outside), sorted(p.name for p in tmp_path.iterdir())
    before_ws = _tree(ws)
    with pytest.raises(ToolError):
        fn(ToolContext(ws), rel, "PWNED\n")
    assert _tree(outside) == before_outside
    assert (outside / "secret.txt").read_text() == SECRET
    assert not (outside / "created-by-agent.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == before_parent
    assert _tree(ws) == before_ws  # no temp file or half-written file left inside either


@pytest.mark.parametrize("rel", ["linkdir", "chain", "..", "/..", "linkdir/sub"])
def test_list_dir_refuses_outside_dirs(hostile_box, rel):
    ws, _ = hostile_box
    with pytest.raises(ToolError):
        list_dir(ToolContext(ws), rel)


def test_write_allowed_with_dotdot_that_stays_inside(box):
    ws, outside = box
    before = _tree(outside)
    write_file(ToolContext(ws), "a/../new.txt", "hello")
    assert (ws / "new.txt").read_text() == "hello"
    assert _tree(outside) == before


def test_refused_tool_call_through_the_tool_table(hostile_box):
    # The agent calls tools through BUILTIN_TOOLS; the same refusal must hold there.
    ws, outside = hostile_box
    with pytest.raises(ToolError):
        BUILTIN_TOOLS["write_file"].fn(ToolContext(ws), path="link.txt", content="x")
    assert (outside / "secret.txt").read_text() == SECRET


def test_search_does_not_read_through_symlinks_leaving_the_workspace(hostile_box):
    ws, _ = hostile_box
    (ws / "visible.txt").write_text("nothing secret here\n")
    out = search(ToolContext(ws), "TOP-SECRET")
    assert out.startswith("no matches for 'TOP-SECRET'")
    assert search(ToolContext(ws), "secret").splitlines()[0] == "visible.txt:1: nothing secret here"


def test_search_still_finds_inside_files_next_to_hostile_links(hostile_box):
    ws, _ = hostile_box
    (ws / "visible.txt").write_text("the TOP-SECRET word, but inside\n")
    assert search(ToolContext(ws), "top-secret").splitlines()[0] == "visible.txt:1: the TOP-SECRET word, but inside"


def test_search_refuses_an_outside_path_argument(hostile_box):
    ws, _ = hostile_box
    for rel in ["..", "linkdir", "link.txt", "/etc"]:
        with pytest.raises(ToolError):
            search(ToolContext(ws), "root", rel)


def test_workspace_secrets_file_is_out_of_the_agents_reach(tmp_path):
    """The declared-secrets file is for the export layer; the agent can neither read, find nor change it."""
    from edgeagent.tools.base import ToolContext
    from edgeagent.tools.files import BUILTIN_TOOLS

    ws = tmp_path / "ws"
    ws.mkdir()
    secrets = ws / ".edgeagent-secrets"
    secrets.write_text("Project Bluebird\n")
    (ws / "a.md").write_text("nothing here\n")
    ctx = ToolContext(ws)
    for name, args in [("read_file", {"path": ".edgeagent-secrets"}),
                       ("write_file", {"path": "./.edgeagent-secrets", "content": "x"}),
                       ("append_file", {"path": "sub/../.edgeagent-secrets", "content": "x"})]:
        with pytest.raises(ToolError, match="protected"):
            BUILTIN_TOOLS[name].fn(ctx, **args)
    assert ".edgeagent-secrets" not in BUILTIN_TOOLS["list_dir"].fn(ctx, path=".")
    assert BUILTIN_TOOLS["search"].fn(ctx, query="Bluebird").startswith("no matches")
    assert secrets.read_text() == "Project Bluebird\n"
