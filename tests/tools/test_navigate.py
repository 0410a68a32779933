"""tree and read_files on real folders: what they show, the budgets they keep, and what they say they left out."""

from __future__ import annotations

import os

import pytest

from edgeagent.tools.base import ToolContext
from edgeagent.tools.navigate import (
    READ_FILES_CHARS,
    READ_FILES_MAX,
    TREE_CHARS,
    TREE_DEPTH,
    TREE_ENTRIES,
    expand,
    paths_read,
    read_files,
    tree,
)
from edgeagent.workspace.sandbox import ToolError


@pytest.fixture
def ws(tmp_path):
    root = tmp_path / "ws"
    (root / "notes" / "2024").mkdir(parents=True)
    (root / "notes" / "a.md").write_text("alpha\n")
    (root / "notes" / "b.md").write_text("bravo bravo\n")
    (root / "notes" / "2024" / "jan.md").write_text("january\n")
    (root / "todo.txt").write_text("x" * 10)
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return root


def test_tree_shows_nested_files_with_sizes_and_skips_git(ws):
    out = tree(ToolContext(ws), ".")
    assert out.splitlines() == ["./", "  notes/", "    2024/", "      jan.md (8 bytes)", "    a.md (6 bytes)",
                                "    b.md (12 bytes)", "  todo.txt (10 bytes)"]


def test_tree_summarises_folders_below_its_depth_by_count(ws):
    deep = ws / "d1" / "d2" / "d3" / "d4"
    deep.mkdir(parents=True)
    for i in range(3):
        (deep / f"f{i}.txt").write_text("x")
    out = tree(ToolContext(ws), "d1")
    assert f"{'  ' * TREE_DEPTH}d4/ (3 entries; call tree on it)" in out.splitlines()
    assert "f0.txt" not in out


def test_tree_counts_what_a_big_folder_holds_beyond_the_shown_entries(ws):
    big = ws / "big"
    big.mkdir()
    for i in range(TREE_ENTRIES + 7):
        (big / f"m{i:03}.eml").write_text("x")
    out = tree(ToolContext(ws), "big")
    assert out.count(".eml") == TREE_ENTRIES
    assert "... 7 more entries (list_dir shows them all)" in out


def test_tree_keeps_its_character_budget_and_says_where_to_look(ws):
    for d in range(12):
        sub = ws / "many" / f"folder-with-a-long-name-{d:02}"
        sub.mkdir(parents=True)
        for i in range(20):
            (sub / f"a-rather-long-file-name-{i:02}.txt").write_text("x")
    out = tree(ToolContext(ws), "many")
    assert len(out) <= TREE_CHARS + 200
    assert out.splitlines()[-1].strip().startswith(f"[cut at {TREE_CHARS} characters; call tree on many")


def test_tree_refuses_a_file_a_missing_folder_and_a_path_outside(ws):
    with pytest.raises(ToolError, match="is a file"):
        tree(ToolContext(ws), "todo.txt")
    with pytest.raises(ToolError, match="no such folder: nots; did you mean: notes/"):
        tree(ToolContext(ws), "nots")
    with pytest.raises(ToolError):
        tree(ToolContext(ws), "../")


def test_tree_does_not_follow_a_link_out_of_the_workspace(ws, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("s3cret")
    os.symlink(outside, ws / "escape")
    out = tree(ToolContext(ws), ".")
    assert "escape (link pointing outside the workspace)" in out and "secret.txt" not in out


def test_read_files_reads_a_list_and_a_glob_under_headers(ws):
    out = read_files(ToolContext(ws), "todo.txt, notes/*.md")
    assert out.splitlines()[0] == "=== todo.txt (10 bytes) ==="
    assert "=== notes/a.md (6 bytes) ===\nalpha" in out and "=== notes/b.md (12 bytes) ===\nbravo" in out
    # * crosses folders, as in the workspace-relative paths the other tools print
    assert "january" in out
    assert paths_read(out) == ["todo.txt", "notes/a.md", "notes/b.md", "notes/2024/jan.md"]


def test_read_files_keeps_its_budget_and_names_what_it_did_not_read(ws):
    for i in range(READ_FILES_MAX + 3):
        (ws / "notes" / f"n{i:02}.txt").write_text(f"note {i}\n" + "y" * 900)
    out = read_files(ToolContext(ws), "notes/n*.txt")
    assert len(out) <= READ_FILES_CHARS + 2000  # headers and the closing note on top of the content budget
    shown = paths_read(out)
    assert 0 < len(shown) <= READ_FILES_MAX
    tail = out.splitlines()[-1]
    assert tail.startswith("[not read, over this call's budget") and f"notes/n{READ_FILES_MAX + 2:02}.txt" in tail
    assert not set(shown) & set(tail.split(": ", 1)[1].split(", "))


def test_read_files_cuts_a_long_file_and_says_how_to_read_more(ws):
    (ws / "long.md").write_text("z" * 20000)
    out = read_files(ToolContext(ws), "long.md")
    assert "[... the file is 20000 bytes" in out or "read_file long.md shows more" in out
    assert len(out) < 4200


def test_read_files_reports_a_missing_file_beside_the_ones_it_read(ws):
    out = read_files(ToolContext(ws), "notes/a.md, nope.md")
    assert "alpha" in out and "=== nope.md: no such file: nope.md" in out
    assert paths_read(out) == ["notes/a.md"]
    with pytest.raises(ToolError, match="no such file"):
        read_files(ToolContext(ws), "nope.md")
    with pytest.raises(ToolError, match="no file matches"):
        read_files(ToolContext(ws), "*.pdf")
    with pytest.raises(ToolError, match="at least one file"):
        read_files(ToolContext(ws), " , ")


def test_read_files_never_reads_outside_or_git(ws, tmp_path):
    (tmp_path / "outside.txt").write_text("s3cret")
    out = read_files(ToolContext(ws), "../outside.txt, notes/a.md")
    assert "s3cret" not in out and "alpha" in out
    assert ".git/HEAD" not in expand(ToolContext(ws), "**")
    assert "refs/heads" not in read_files(ToolContext(ws), "*")
