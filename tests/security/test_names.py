"""Hostile names and characters: terminal escapes in names and content, undecodable names, and control or
unpaired characters in the model's own arguments. None may end a run in `error` or reach the user's terminal."""

from __future__ import annotations

import os

import pytest

from tests.security.harness import Place, call, cli, held, place, run

ESCAPES = "\x1b]0;owned\x07\x1b]52;c;ZWNobyBvd25lZA==\x07\x1b[2J\x9b31m"  # title, clipboard (OSC 52), clear, 8-bit CSI


@pytest.fixture
def p(tmp_path) -> Place:
    return place(tmp_path)


def test_terminal_escapes_never_reach_the_terminal(p):
    (p.ws / f"name{ESCAPES}.txt").write_text(f"content {ESCAPES} here\n")
    (p.ws / "plain.md").write_text(f"# Title {ESCAPES}\nbody\n")
    r = run(p, [call("list_dir", path="."), call("read_file", path="plain.md"), call("search", query="content")])
    held(p, r)
    run_id = r.run["run"]["id"]
    for args in (["show", run_id], ["runs"], ["audit", run_id]):
        shown = cli(p.script.parent, *args)
        assert shown.returncode == 0, shown.stderr
        for ch in ("\x1b", "\x9b", "\x07"):
            assert ch not in shown.stdout + shown.stderr, f"{args[0]} printed a raw control character"


def test_undecodable_and_odd_file_names(p):
    raw = os.fsencode(p.ws)
    for name in (b"bad-\xff\xfe.txt", b"new\nline.txt", b"tab\tname.txt", "ﬁle-ligature.txt".encode(),
                 "e\u0301-decomposed.txt".encode(), b"-rf.txt", b"--help.txt"):
        with open(raw + b"/" + name, "wb") as f:
            f.write(b"hello\n")
    held(p, run(p, [call("list_dir", path="."), call("search", query="hello"), call("read_file", path="-rf.txt"),
                    call("read_file", path="--help.txt"), call("search_docs", query="hello")]))


@pytest.mark.parametrize("value", ["\ud800", "a\udfffb", "\x0b", "\x1c", "\u2028", "\x00", "\x1b[2J", "\ufeff"],
                         ids=["lone-high", "lone-low", "vt", "fs", "line-sep", "nul", "escape", "bom"])
def test_odd_characters_in_arguments_are_tool_errors(p, value):
    (p.ws / "a.txt").write_text("hello\n")
    (p.ws / "people.vcf").write_text("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nEMAIL:ann@example.org\r\n"
                                     "END:VCARD\r\n")
    calls = [call("read_file", path=f"a{value}.txt"), call("write_file", path=f"b{value}.txt", content=f"x{value}y"),
             call("append_file", path="a.txt", content=value), call("search", query=f"hel{value}"),
             call("send_mail", to="ann@example.org", subject=f"hi{value}there", body=f"b{value}"),
             call("draft_mail", to=f"ann@example.org{value}", subject="s", body="b"),
             call("add_event", title=f"t{value}", start="2026-12-04 10:00", end="2026-12-04 11:00", location=value),
             call("query", sql=f"SELECT '{value}'"), call("find_contact", query=f"Ann{value}"),
             call("search_mail", query=value), call("git_log", path=value), call("list_dir", path=value)]
    held(p, run(p, calls))
