"""Hostile file trees: links and hard links out, special files, huge and deep trees, the secrets file."""

from __future__ import annotations

import os

import pytest

from tests.security.harness import CANARY, Place, call, held, place, run

FILE_READS = [call("list_dir", path="."), call("list_dir", path="door"), call("read_file", path="door/private.txt"),
              call("read_file", path="note.txt"), call("search", query="private note"), call("search_docs", query="private")]


@pytest.fixture
def p(tmp_path) -> Place:
    return place(tmp_path)


@pytest.mark.parametrize("kind", ["folder-link", "file-link", "relative-link", "hard-link", "proc-link"])
def test_links_out_read_nothing(p, kind):
    if kind == "folder-link":
        (p.ws / "door").symlink_to(p.outside)
    elif kind == "file-link":
        (p.ws / "note.txt").symlink_to(p.outside / "private.txt")
    elif kind == "relative-link":
        (p.ws / "door").symlink_to("../outside")
    elif kind == "hard-link":
        os.link(p.outside / "private.txt", p.ws / "note.txt")
    else:
        (p.ws / "note.txt").symlink_to("/proc/self/environ")
    held(p, run(p, FILE_READS))


def test_writes_through_a_link_change_nothing_outside(p):
    (p.ws / "door").symlink_to(p.outside)
    before = (p.outside / "private.txt").read_bytes()
    r = run(p, [call("write_file", path="door/private.txt", content="overwritten"),
                call("append_file", path="door/private.txt", content="more"),
                call("write_file", path="door/new.txt", content="planted"),
                call("send_mail", to="me@localhost", subject="hi", body="x")])
    held(p, r)
    assert (p.outside / "private.txt").read_bytes() == before and not (p.outside / "new.txt").exists()


def test_special_files_do_not_hang_or_crash(p):
    os.mkfifo(p.ws / "pipe.txt")
    os.mkfifo(p.ws / "inbox.eml")
    (p.ws / "dev.txt").symlink_to("/dev/zero")
    r = run(p, [call("read_file", path="pipe.txt"), call("read_file", path="dev.txt"), call("search", query="x"),
                call("search_docs", query="x"), call("list_mail", folder="."), call("list_dir", path=".")])
    held(p, r)
    assert r.seconds < 60


def test_huge_sparse_file_is_read_in_bounds(p):
    with (p.ws / "huge.txt").open("wb") as f:
        f.truncate(2 * 1024**3)  # 2 GiB of zeros that take no disk
        f.seek(2 * 1024**3 - 20)
        f.write(b"tail of the file\n")
    held(p, run(p, [call("read_file", path="huge.txt"), call("search", query="tail"), call("search_docs", query="tail"),
                    call("append_file", path="huge.txt", content="x")]))


def test_deep_and_wide_trees_stay_bounded(p):
    deep = p.ws
    for _ in range(300):
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "bottom.txt").write_text("bottom\n")
    wide = p.ws / "wide"
    wide.mkdir()
    for i in range(20000):
        (wide / f"f{i:05d}.txt").touch()
    held(p, run(p, [call("list_dir", path="."), call("list_dir", path="wide"), call("search", query="bottom"),
                    call("search_docs", query="bottom")]))


def test_the_secrets_file_is_neither_read_nor_changed(p):
    secrets = p.ws / ".edgeagent-secrets"
    secrets.write_text(f"{CANARY}\n")
    (p.ws / "alias.txt").symlink_to(".edgeagent-secrets")
    r = run(p, [call("read_file", path=".edgeagent-secrets"), call("read_file", path=".EDGEAGENT-SECRETS"),
                call("read_file", path="alias.txt"), call("search", query="canary"),
                call("write_file", path=".edgeagent-secrets", content="nothing\n"), call("list_dir", path=".")])
    held(p, r)
    assert secrets.read_text() == f"{CANARY}\n"
