"""The built-in tools on a real workspace, the idempotency ledger, the action schema and parse_action."""

from __future__ import annotations

import hashlib
import json

import pytest

from edgeagent.agent.callformat import FormatError, action_schema
from edgeagent.agent.loop import parse_action
from edgeagent.store.runs import Store
from edgeagent.tools.base import MAX_READ_CHARS, ToolContext
from edgeagent.tools.files import BUILTIN_TOOLS, append_file, finish, list_dir, read_file, search, write_file
from edgeagent.workspace.sandbox import ToolError


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    (w / "docs").mkdir(parents=True)
    (w / "notes.md").write_text("# Notes\nBuy milk\nCall Alice\n")
    (w / "docs" / "plan.txt").write_text("step one\nALICE reviews\n")
    (w / "empty").mkdir()
    return w


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "state" / "edgeagent.db")


def ctx(ws, run_id="", step_idx=0, ledger=None):
    return ToolContext(ws, run_id, step_idx, ledger)


def _sha(b: bytes) -> str:
    return hashlib.sha256(b).hexdigest()


# list_dir

def test_list_dir_lists_workspace_relative_paths_with_sizes_sorted(ws):
    assert list_dir(ctx(ws), ".") == "docs/\nempty/\nnotes.md (28 bytes)"
    # Names come back as paths a tool can take as they are, not relative to the listed folder.
    assert list_dir(ctx(ws), "docs") == "docs/plan.txt (23 bytes)"
    assert read_file(ctx(ws), list_dir(ctx(ws), "docs").split(" (")[0]).startswith("step one")


def test_list_dir_says_a_file_is_not_a_folder_and_a_missing_path_does_not_exist(ws):
    assert list_dir(ctx(ws), "empty") == "empty/ is empty"
    with pytest.raises(ToolError, match=r"notes.md is a file, not a folder \(28 bytes\); read it with read_file"):
        list_dir(ctx(ws), "notes.md")
    with pytest.raises(ToolError, match="no such folder: missing; the workspace holds: docs/, empty/$"):
        list_dir(ctx(ws), "missing")
    with pytest.raises(ToolError, match="no such file: budget/sheet.xlsx; the workspace holds: notes.md$"):
        read_file(ctx(ws), "budget/sheet.xlsx")
    with pytest.raises(ToolError, match="no such folder: doc; did you mean: docs/"):
        list_dir(ctx(ws), "doc")


def test_the_workspace_may_be_called_workspace_unless_a_real_entry_has_that_name(ws):
    assert list_dir(ctx(ws), "workspace") == list_dir(ctx(ws), ".")
    assert list_dir(ctx(ws), "/workspace/") == list_dir(ctx(ws), ".")
    assert read_file(ctx(ws), "workspace/notes.md") == read_file(ctx(ws), "notes.md")
    (ws / "workspace").mkdir()
    assert list_dir(ctx(ws), "workspace") == "workspace/ is empty"


def test_list_dir_hides_leftover_temp_files_from_atomic_writes(ws):
    (ws / "empty" / ".edgeagent-abc123").write_text("half")
    assert list_dir(ctx(ws), "empty") == "empty/ is empty"


# read_file

def test_read_file_returns_text(ws):
    assert read_file(ctx(ws), "notes.md") == "# Notes\nBuy milk\nCall Alice\n"
    assert read_file(ctx(ws), "docs/plan.txt") == "step one\nALICE reviews\n"


def test_read_file_missing_file_suggests_near_names(ws):
    with pytest.raises(ToolError, match="no such file: note.md; did you mean: notes.md"):
        read_file(ctx(ws), "note.md")
    with pytest.raises(ToolError, match="no such file: plan.txt; did you mean: docs/plan.txt"):
        read_file(ctx(ws), "plan.txt")


def test_read_file_on_a_folder_says_what_it_holds(ws):
    with pytest.raises(ToolError, match=r"docs is a folder, not a file; it holds: docs/plan.txt \(23 bytes\)"):
        read_file(ctx(ws), "docs")


def test_read_file_missing_or_directory(ws):
    with pytest.raises(ToolError, match="no such file"):
        read_file(ctx(ws), "nope.txt")
    with pytest.raises(ToolError, match="is a folder"):
        read_file(ctx(ws), "docs")


def test_read_file_truncates_long_files_and_says_how_much_is_hidden(ws):
    text = "".join(f"{i:05d}\n" for i in range(1000))  # 6000 chars
    (ws / "big.txt").write_text(text)
    out = read_file(ctx(ws), "big.txt")
    assert out.startswith(text[:MAX_READ_CHARS])
    assert out == text[:MAX_READ_CHARS] + f"\n[... {len(text) - MAX_READ_CHARS} more characters not shown]"
    assert "00999" not in out


def test_read_file_exactly_at_limit_is_not_truncated(ws):
    text = "x" * MAX_READ_CHARS
    (ws / "edge.txt").write_text(text)
    assert read_file(ctx(ws), "edge.txt") == text


def test_read_file_refuses_binary(ws):
    (ws / "img.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(ToolError, match="binary"):
        read_file(ctx(ws), "img.png")


def test_read_file_replaces_invalid_utf8_instead_of_crashing(ws):
    (ws / "latin1.txt").write_bytes("café".encode("latin-1"))
    assert read_file(ctx(ws), "latin1.txt") == "caf\ufffd"


# write_file / append_file

def test_write_file_creates_parents_and_overwrites(ws):
    assert write_file(ctx(ws), "out/deep/r.txt", "héllo") == "wrote 6 bytes to out/deep/r.txt"
    assert (ws / "out" / "deep" / "r.txt").read_text() == "héllo"
    write_file(ctx(ws), "out/deep/r.txt", "bye")
    assert (ws / "out" / "deep" / "r.txt").read_text() == "bye"
    # the atomic replace leaves no temp file behind
    assert sorted(p.name for p in (ws / "out" / "deep").iterdir()) == ["r.txt"]


def test_write_and_append_refuse_a_directory(ws):
    with pytest.raises(ToolError, match="is a folder; give a file name inside it"):
        write_file(ctx(ws), "docs", "x")
    with pytest.raises(ToolError, match="is a folder; give a file name inside it"):
        append_file(ctx(ws), "docs", "x")
    assert (ws / "docs" / "plan.txt").read_text() == "step one\nALICE reviews\n"


def test_append_file_creates_then_appends(ws):
    assert append_file(ctx(ws), "log.txt", "a\n") == "appended 2 bytes to log.txt"
    append_file(ctx(ws), "log.txt", "b\n")
    assert (ws / "log.txt").read_text() == "a\nb\n"
    append_file(ctx(ws), "notes.md", "Pay rent\n")
    assert (ws / "notes.md").read_text() == "# Notes\nBuy milk\nCall Alice\nPay rent\n"


# search

def test_search_is_case_insensitive_with_path_and_line(ws):
    assert search(ctx(ws), "alice") == "docs/plan.txt:2: ALICE reviews\nnotes.md:3: Call Alice\n[2 lines hold every word]"


def test_search_no_match_and_empty_query(ws):
    assert search(ctx(ws), "zebra").startswith("no matches for 'zebra'")
    with pytest.raises(ToolError, match="empty"):
        search(ctx(ws), "   ")


def test_search_skips_binary_files_and_git(ws):
    (ws / "blob.bin").write_bytes(b"alice\x00\x01\x02")
    (ws / ".git").mkdir()
    (ws / ".git" / "config").write_text("alice = git internals\n")
    out = search(ctx(ws), "alice")
    assert "blob.bin" not in out and ".git" not in out
    assert out.splitlines()[-1] == "[2 lines hold every word]"  # the two real hits only


def test_search_caps_matches_at_30(ws):
    (ws / "many.txt").write_text("".join(f"needle {i}\n" for i in range(100)))
    out = search(ctx(ws), "needle").splitlines()
    assert len(out) == 32
    assert out[0] == "many.txt:1: needle 0"
    assert out[29] == "many.txt:30: needle 29"
    assert out[-2:] == ["[more matches not shown]", "[100 lines hold every word]"]  # the count covers them all


def test_search_finds_the_words_in_any_order(ws):
    (ws / "team.md").write_text("Intro\nPriya owns the budget spreadsheet.\nThe budget is tight.\n")
    out = search(ctx(ws), "budget spreadsheet owner")
    assert out.splitlines()[0] == "team.md:2: Priya owns the budget spreadsheet."  # "owner" finds "owns"
    assert "tight" not in out  # one word of three is not enough
    assert search(ctx(ws), "Who owns the spreadsheet?") == ("team.md:2: Priya owns the budget spreadsheet.\n"
                                                           "[1 line holds every word]")


def test_search_with_no_line_holding_every_word_shows_the_closest_and_says_so(ws):
    (ws / "team.md").write_text("Priya owns the budget spreadsheet.\n")
    out = search(ctx(ws), "budget spreadsheet deadline")
    assert out.splitlines() == ["[no line holds all of: budget, spreadsheet, deadline; lines holding most of them]",
                                "team.md:1: Priya owns the budget spreadsheet."]


def test_search_does_not_list_every_line_of_a_file_named_like_the_query(ws):
    assert search(ctx(ws), "plan").startswith("no matches")  # only the file's name (docs/plan.txt) says "plan"
    # The name helps rank a line that holds another of the words.
    assert search(ctx(ws), "plan alice").splitlines() == ["docs/plan.txt:2: ALICE reviews", "notes.md:3: Call Alice",
                                                          "[1 line holds every word]"]


def test_search_that_finds_no_line_names_the_files_whose_names_match(ws):
    (ws / "todo.md").write_text("1. Book the train.\n2. Call the bank.\n")
    out = search(ctx(ws), "todo list items")
    assert out.startswith("no matches") and out.endswith("files whose names hold some of the words (read them): todo.md")


def test_search_matches_names_without_separators_and_else_shows_the_files(ws):
    (ws / "todo.md").write_text("1. Book the train.\n")
    assert search(ctx(ws), "to-do list").endswith("(read them): todo.md")
    assert search(ctx(ws), "weather forecast").endswith("look at the files: docs/, empty/, notes.md, todo.md")


def test_search_stems_only_common_suffixes(ws):
    (ws / "t.md").write_text("Book the train.\nSend travel costs.\n")
    assert search(ctx(ws), "train").splitlines()[0:2] == ["t.md:1: Book the train.", "[1 line holds every word]"]


def test_search_in_calendars_contacts_and_mail_shows_the_lines_around_a_match(ws):
    (ws / "cal.ics").write_text("BEGIN:VEVENT\nDTSTART:20261202T143000Z\nSUMMARY:Design review\n"
                                "LOCATION:Room Orion\nEND:VEVENT\n")
    assert search(ctx(ws), "design review").splitlines()[:5] == [
        "cal.ics-1- BEGIN:VEVENT", "cal.ics-2- DTSTART:20261202T143000Z", "cal.ics:3: SUMMARY:Design review",
        "cal.ics-4- LOCATION:Room Orion", "cal.ics-5- END:VEVENT"]


def test_search_within_a_path(ws):
    assert search(ctx(ws), "alice", "docs").splitlines()[0] == "docs/plan.txt:2: ALICE reviews"
    assert search(ctx(ws), "alice", "notes.md").splitlines()[0] == "notes.md:3: Call Alice"


def test_finish_returns_the_answer(ws):
    assert finish(ctx(ws), "42 apples") == "42 apples"


# the idempotency ledger, with a real Store

def test_append_replayed_in_the_same_step_applies_once(ws, store):
    c = ctx(ws, "run-1", 3, store)
    append_file(c, "log.txt", "line\n")
    # The process died after the effect but before the step was durable; the step is replayed.
    append_file(ctx(ws, "run-1", 3, store), "log.txt", "line\n")
    assert (ws / "log.txt").read_text() == "line\n"
    row = store.effect("run-1", 3, "log.txt")
    assert row["before_sha"] is None
    assert row["after_sha"] == _sha(b"line\n")


def test_append_in_a_later_step_or_another_run_appends_again(ws, store):
    append_file(ctx(ws, "run-1", 3, store), "log.txt", "line\n")
    append_file(ctx(ws, "run-1", 4, store), "log.txt", "line\n")
    append_file(ctx(ws, "run-2", 3, store), "log.txt", "line\n")
    assert (ws / "log.txt").read_text() == "line\n" * 3


def test_intent_recorded_but_not_applied_is_applied_on_replay(ws, store):
    # Crash between recording the intent and replacing the file: the file is still the old one.
    (ws / "log.txt").write_text("old\n")
    store.add_effect("run-1", 0, "log.txt", _sha(b"old\n"), _sha(b"old\nnew\n"))
    append_file(ctx(ws, "run-1", 0, store), "log.txt", "new\n")
    assert (ws / "log.txt").read_text() == "old\nnew\n"
    append_file(ctx(ws, "run-1", 0, store), "log.txt", "new\n")
    assert (ws / "log.txt").read_text() == "old\nnew\n"


def test_write_file_replay_leaves_the_same_file(ws, store):
    write_file(ctx(ws, "r", 1, store), "out.txt", "final\n")
    first = (ws / "out.txt").stat().st_mtime_ns
    write_file(ctx(ws, "r", 1, store), "out.txt", "final\n")
    assert (ws / "out.txt").read_text() == "final\n"
    assert (ws / "out.txt").stat().st_mtime_ns == first  # skipped, not rewritten
    assert store.effect("r", 1, "out.txt")["after_sha"] == _sha(b"final\n")


def test_ledger_keys_are_workspace_relative_paths(ws, store):
    append_file(ctx(ws, "r", 0, store), "docs/../docs/plan.txt", "more\n")
    assert store.effect("r", 0, "docs/plan.txt") is not None
    append_file(ctx(ws, "r", 0, store), "docs/plan.txt", "more\n")  # same file, other spelling: still once
    assert (ws / "docs" / "plan.txt").read_text() == "step one\nALICE reviews\nmore\n"


def test_without_a_ledger_every_call_applies(ws):
    append_file(ctx(ws, "r", 0), "log.txt", "x")
    append_file(ctx(ws, "r", 0), "log.txt", "x")
    assert (ws / "log.txt").read_text() == "xx"


# the action schema

def test_action_schema_has_one_variant_per_tool():
    schema = action_schema(BUILTIN_TOOLS)
    variants = schema["anyOf"]
    assert [v["properties"]["tool"] for v in variants] == [{"const": n} for n in BUILTIN_TOOLS]
    assert set(BUILTIN_TOOLS) == {"list_dir", "read_file", "search", "write_file", "append_file", "finish"}
    for v, tool in zip(variants, BUILTIN_TOOLS.values()):
        assert v["type"] == "object"
        assert v["required"] == ["tool", "args"]
        assert v["additionalProperties"] is False
        args = v["properties"]["args"]
        assert args["type"] == "object"
        assert args["additionalProperties"] is False
        assert args["required"] == list(tool.params)
        assert set(args["properties"]) == set(tool.params)
        assert all(p["type"] == "string" and p["maxLength"] > 0 for p in args["properties"].values())
    json.dumps(schema)  # the schema goes to the grammar compiler as JSON


def test_action_schema_required_args_per_tool():
    by_name = {v["properties"]["tool"]["const"]: v["properties"]["args"]["required"]
               for v in action_schema(BUILTIN_TOOLS)["anyOf"]}
    assert by_name == {"list_dir": ["path"], "read_file": ["path"], "search": ["query"],
                       "write_file": ["path", "content"], "append_file": ["path", "content"], "finish": ["answer"]}


def test_action_schema_for_a_subset_of_tools():
    subset = {k: BUILTIN_TOOLS[k] for k in ["read_file", "finish"]}
    assert [v["properties"]["tool"]["const"] for v in action_schema(subset)["anyOf"]] == ["read_file", "finish"]


# parse_action

def _ok(obj, finish_reason="stop"):
    return parse_action(json.dumps(obj), finish_reason, BUILTIN_TOOLS)


def test_parse_action_accepts_a_valid_call():
    assert _ok({"tool": "read_file", "args": {"path": "a.txt"}}) == ("read_file", {"path": "a.txt"})
    args = {"path": "a", "content": ""}
    assert _ok({"tool": "write_file", "args": args}) == ("write_file", args)


@pytest.mark.parametrize("text,match", [
    ("not json", "not JSON"),
    ('{"tool": "finish", "args": {"answer": "x"}', "not JSON"),
    ("", "not JSON"),
    ('["finish", {"answer": "x"}]', "expected"),
    ('"finish"', "expected"),
    ('{"tool": "finish"}', "expected"),
    ('{"tool": "finish", "args": "x"}', "expected"),
    ('{"tool": "rm_rf", "args": {"path": "."}}', "unknown tool"),
    ('{"args": {"path": "."}}', "unknown tool"),
    ('{"tool": ["read_file"], "args": {"path": "a"}}', "unknown tool"),
    ('{"tool": {"name": "read_file"}, "args": {"path": "a"}}', "unknown tool"),
    ('{"tool": "read_file", "args": {}}', "missing"),
    ('{"tool": "write_file", "args": {"path": "a"}}', "missing"),
    ('{"tool": "read_file", "args": {"path": "a", "mode": "r"}}', "unexpected"),
    ('{"tool": "read_file", "args": {"path": 3}}', "must be strings"),
    ('{"tool": "read_file", "args": {"path": null}}', "must be strings"),
    ('{"tool": "finish", "args": {"answer": ["a"]}}', "must be strings"),
    ('{"tool": "finish", "args": {"answer": {"x": 1}}}', "must be strings"),
])
def test_parse_action_rejects(text, match):
    with pytest.raises(FormatError, match=match):
        parse_action(text, "stop", BUILTIN_TOOLS)


def test_parse_action_rejects_a_cut_off_reply_even_if_it_parses():
    with pytest.raises(FormatError, match="cut off"):
        parse_action(json.dumps({"tool": "finish", "args": {"answer": "x"}}), "length", BUILTIN_TOOLS)


def test_search_stems_longer_suffixes_only_down_to_a_longer_stem(ws):
    (ws / "t.md").write_text("Renew the domain before 12 December.\nThe tot is asleep.\n")
    assert search(ctx(ws), "domain renewal date").splitlines()[1] == "t.md:1: Renew the domain before 12 December."
    assert search(ctx(ws), "total").startswith("no matches")  # "total" is not cut down to "tot"


def test_search_names_a_file_whose_name_is_inside_a_hyphenated_word(ws):
    (ws / "todo.md").write_text("1. Book the train.\n")
    assert search(ctx(ws), "to-do-list").endswith("(read them): todo.md")


def test_writing_an_address_nothing_holds_is_refused_and_the_file_is_untouched(ws):
    (ws / "team.md").write_text("Priya <priya@corp.example> owns the budget.\n")
    with pytest.raises(ToolError, match="ines.duarte@example.com: no file in the workspace"):
        write_file(ctx(ws), "ines.txt", "Ines Duarte <ines.duarte@example.com>\n")
    assert not (ws / "ines.txt").exists()
    with pytest.raises(ToolError, match="ines.duarte@example.com"):
        append_file(ctx(ws), "team.md", "Ines <ines.duarte@example.com>\n")
    assert (ws / "team.md").read_text() == "Priya <priya@corp.example> owns the budget.\n"
    assert write_file(ctx(ws), "priya.txt", "PRIYA@corp.example\n") == "wrote 19 bytes to priya.txt"
