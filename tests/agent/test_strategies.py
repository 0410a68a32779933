"""Each strategy's defining behaviour, proven from the stored rows: scripted edge, scripted cloud over real HTTP."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from tests.conftest import query, write_script

EMAIL = "alice.kowalski@example.org"
PAD = {"tool": "finish", "args": {"answer": "edge slot the cloud used"}}  # edge script entries for cloud steps


def finish(answer: str = "done") -> dict:
    return {"tool": "finish", "args": {"answer": answer}}


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def run(tmp_path: Path, workspace: Path, edge: list, *extra: str, task: str = "tidy the notes") -> dict:
    script = write_script(tmp_path / "edge.json", edge)
    r = invoke("run", task, "--workspace", str(workspace), "--model", script, "--json", *extra)
    assert r.exit_code == 0, (r.output, r.exception)
    return json.loads(r.stdout)


def steps(home: Path, run_id: str) -> list[tuple]:
    return query(home / "edgeagent.db", "select idx, actor, reason, tool, export_id from steps where run_id = ? "
                 "order by idx", [run_id])


def exports(home: Path, run_id: str) -> list[tuple]:
    return query(home / "edgeagent.db", "select id, step_idx, purpose, status, mode, payload from exports "
                 "where run_id = ? order by id", [run_id])


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- edge


@pytest.mark.parametrize("strategy", [[], ["--strategy", "edge"]])
def test_edge_never_calls_the_cloud_even_with_one_configured(home, workspace, tmp_path, cloud, edge_seen, strategy):
    c = cloud(["never asked"])
    out = run(tmp_path, workspace, [{"tool": "list_dir", "args": {"path": "."}}, finish()], "--cloud", c.target,
              *strategy)
    assert out["status"] == "done" and out["exports"] == 0 and out["cloud_calls"] == 0
    assert exports(home, out["run_id"]) == [] and c.seen == []
    assert query(home / "edgeagent.db", "select count(*) from model_calls where side = 'cloud'")[0][0] == 0
    assert [s[1] for s in steps(home, out["run_id"])] == ["edge", "edge"]
    assert all("ask_cloud" not in m[0]["content"] for m in edge_seen)  # the tool is not even offered


# ---------------------------------------------------------------- sketch


PLAN = "1. Read notes.md. 2. Finish with the owner's name."


def test_sketch_exports_the_task_once_and_the_plan_reaches_the_edge(home, workspace, tmp_path, cloud, edge_seen):
    c = cloud([PLAN, "a second plan must never be asked for"])
    secret_line = (workspace / "notes.md").read_text().splitlines()[0]
    edge = [{"tool": "read_file", "args": {"path": "notes.md"}}, {"tool": "list_dir", "args": {"path": "."}}, finish()]
    out = run(tmp_path, workspace, edge, "--strategy", "sketch", "--cloud", c.target, task="who owns the notes?")
    assert out["status"] == "done" and out["cloud_calls"] == 1
    (row,) = exports(home, out["run_id"])
    _, _step_idx, purpose, status, _, payload = row
    assert (purpose, status) == ("plan", "sent") and len(c.seen) == 1
    body = json.loads(payload)
    assert body["messages"] == [{"role": "user", "content": "Task: who owns the notes?"}] and "tools" not in body
    assert secret_line not in payload and "notes.md" not in payload  # no workspace content, not even a name
    assert query(home / "edgeagent.db", "select plan from runs")[0][0] == PLAN
    assert len(edge_seen) == 3 and all(PLAN in m[1]["content"] for m in edge_seen)
    assert {(s[1], s[2]) for s in steps(home, out["run_id"])} == {("edge", "edge executes the cloud plan")}


def test_sketch_plan_survives_resume_and_is_not_fetched_again(home, workspace, tmp_path, cloud, edge_seen, crash):
    c = cloud([PLAN])
    script = write_script(tmp_path / "edge.json", [{"tool": "list_dir", "args": {"path": "."}},
                                                   {"tool": "read_file", "args": {"path": "notes.md"}}, finish()])
    crash.at(1)
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script, "--strategy", "sketch", "--cloud", c.target)
    assert r.exit_code != 0
    run_id = crash.heal()
    edge_seen.clear()
    r = invoke("resume", run_id, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["status"] == "done" and len(c.seen) == 1 and len(exports(home, run_id)) == 1
    assert len(edge_seen) == 1 and PLAN in edge_seen[0][1]["content"]  # step 1's call is reused; step 2 is new


WRITE = {"tool": "write_file", "args": {"path": "summary.md", "content": "owner: Alice\n"}}


def test_sketch_edge_makes_the_plans_changes_before_it_may_finish(home, workspace, tmp_path, cloud):
    plan = "1. read_file notes.md\n2. write_file summary.md with the owner\n3. write_file owners.md too\n4. finish"
    c = cloud([plan])
    # The edge would rather finish at once with the plan's closing words; with finish masked it writes, twice.
    other = {"tool": "write_file", "args": {"path": "owners.md", "content": "Alice\n"}}
    edge = [[finish("I wrote both"), WRITE], [finish("I wrote both"), other], [finish("I wrote both"), WRITE]]
    out = run(tmp_path, workspace, edge, "--strategy", "sketch", "--cloud", c.target)
    assert [s[3] for s in steps(home, out["run_id"])] == ["write_file", "write_file", "finish"]
    assert (workspace / "summary.md").read_text() == "owner: Alice\n"


def test_sketch_plan_line_that_forbids_a_change_does_not_require_it(home, workspace, tmp_path, cloud):
    c = cloud(["1. read_file notes.md\n2. Do not write_file anything; finish with the owner's name"])
    out = run(tmp_path, workspace, [[finish("Alice"), WRITE]], "--strategy", "sketch", "--cloud", c.target)
    assert [s[3] for s in steps(home, out["run_id"])] == ["finish"] and not (workspace / "summary.md").exists()


def test_sketch_planner_is_told_the_runs_own_tools_and_nothing_of_the_workspace(home, workspace, tmp_path, cloud):
    c = cloud(["1. query the orders\n2. finish with the total"])
    out = run(tmp_path, workspace, [finish("42")], "--strategy", "sketch", "--cloud", c.target, "--tools",
              "read_file,query")
    (row,) = exports(home, out["run_id"])
    system = json.loads(row[-1])["system"]
    # The planner can only plan what it knows exists: the run's tools, not a fixed list of file tools.
    assert "- query(sql):" in system and "- read_file(path):" in system and "- finish(answer):" in system
    assert "write_file" not in system and "list_dir" not in system and "ask_cloud" not in system
    assert "notes.md" not in row[-1]


def test_sketch_without_a_reachable_cloud_runs_on_the_edge(home, workspace, tmp_path):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[cloud]\nmax_retries = 0\ntimeout_s = 5\n")
    out = run(tmp_path, workspace, [finish()], "--strategy", "sketch", "--cloud",
              f"http://127.0.0.1:{closed_port()}#default")
    assert out["status"] == "done"
    assert [r[3] for r in exports(home, out["run_id"])] == ["failed"]
    assert steps(home, out["run_id"])[0][2] == "edge executes without a plan (cloud unavailable)"


# ---------------------------------------------------------------- advisor


def test_advisor_calls_the_cloud_only_when_the_edge_asks(home, workspace, tmp_path, cloud):
    c = cloud(["read todo.md first"])
    ask = {"tool": "ask_cloud", "args": {"question": "what next?"}}
    edge = [{"tool": "list_dir", "args": {"path": "."}}, ask, {"tool": "read_file", "args": {"path": "todo.md"}},
            ask, finish()]
    out = run(tmp_path, workspace, edge, "--strategy", "advisor", "--cloud", c.target)
    assert out["status"] == "done" and out["cloud_calls"] == 2 and len(c.seen) == 2
    rows = exports(home, out["run_id"])
    assert [(r[1], r[2]) for r in rows] == [(1, "advice"), (3, "advice")]
    cloud_steps = [r[0] for r in query(home / "edgeagent.db", "select step_idx from model_calls where side = 'cloud'")]
    assert cloud_steps == [1, 3]
    st = steps(home, out["run_id"])
    assert [s[1] for s in st] == ["edge"] * 5
    assert [(s[0], s[4]) for s in st if s[4]] == [(1, rows[0][0]), (3, rows[1][0])]
    assert st[1][2] == "edge asked the cloud" and st[0][2] != "edge asked the cloud"


def test_advisor_is_told_the_runs_tools(home, workspace, tmp_path, cloud):
    c = cloud(["call list_events"])
    edge = [{"tool": "ask_cloud", "args": {"question": "which tool shows my week?"}}, finish()]
    out = run(tmp_path, workspace, edge, "--strategy", "advisor", "--cloud", c.target, "--tools", "calendar")
    system = json.loads(exports(home, out["run_id"])[0][-1])["system"]
    assert "- list_events(start, end):" in system and "- add_event(" in system
    assert "read_file" not in system and "ask_cloud" not in system  # the advisor is not told to ask itself


# ---------------------------------------------------------------- cloud


def test_cloud_executes_every_step_with_restored_values(home, workspace, tmp_path, cloud, edge_seen):
    c = cloud([{"tool": "write_file", "args": {"path": "contact.txt", "content": "<EMAIL_1>"}},
               {"tool": "finish", "args": {"answer": "saved <EMAIL_1>"}}])
    out = run(tmp_path, workspace, [finish("the edge must not act")], "--strategy", "cloud", "--cloud", c.target,
              "--export-mode", "redact", task=f"Save the address {EMAIL} to contact.txt")
    assert out["status"] == "done" and out["answer"] == f"saved {EMAIL}"
    assert (workspace / "contact.txt").read_text() == EMAIL  # the cloud's placeholder, restored before acting
    assert edge_seen == []  # the edge model was never called
    rows, st = exports(home, out["run_id"]), steps(home, out["run_id"])
    assert [(s[1], s[3]) for s in st] == [("cloud", "write_file"), ("cloud", "finish")]
    assert [(r[1], r[2], r[3], r[4]) for r in rows] == [(0, "execute", "sent", "redact"), (1, "execute", "sent", "redact")]
    assert [s[4] for s in st] == [r[0] for r in rows]
    calls = query(home / "edgeagent.db", "select s.idx, m.side, m.export_id from steps s join model_calls m "
                  "on m.id = s.model_call_id order by s.idx")
    assert calls == [(0, "cloud", rows[0][0]), (1, "cloud", rows[1][0])]
    assert EMAIL not in json.dumps(c.seen) and all(EMAIL not in r[5] for r in rows)
    second = json.loads(rows[1][5])  # the trajectory: task, the cloud's tool_use, its tool_result
    assert [m["role"] for m in second["messages"]] == ["user", "assistant", "user"]
    assert second["messages"][1]["content"][0]["input"] == {"path": "contact.txt", "content": "<EMAIL_1>"}
    assert second["messages"][2]["content"][0]["type"] == "tool_result"
    assert second["tool_choice"] == {"type": "any"}  # the cloud must act on the step, not answer in prose
    assert {t["name"] for t in second["tools"]} == {"list_dir", "read_file", "search", "write_file", "append_file",
                                                     "finish"}


def test_executing_cloud_gets_the_overview_and_the_steps_limits(home, workspace, tmp_path, cloud):
    ls = {"tool": "list_dir", "args": {"path": "."}}
    c = cloud([ls, ls, {"tool": "read_file", "args": {"path": "notes.md"}}, finish("from the notes")])
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, "--max-steps", "4")
    assert out["status"] == "done" and out["answer"] == "from the notes"
    bodies = [json.loads(r[5]) for r in exports(home, out["run_id"])]
    first = bodies[0]["messages"][0]["content"]
    assert "notes.md" in first and first.endswith("Task: tidy the notes")  # the edge's overview, then the task
    offered = [{t["name"] for t in b["tools"]} for b in bodies]
    assert "list_dir" in offered[1] and "list_dir" not in offered[2]  # the repeated tool sits out a step
    assert offered[3] == {"finish"}  # the budget's last step: answer, do not loop to max_steps


def test_the_overview_leaves_redacted_like_the_rest(home, workspace, tmp_path, cloud):
    (workspace / f"{EMAIL}.vcf").write_text("BEGIN:VCARD\nEND:VCARD\n")  # a file named after a person
    c = cloud([finish("done")])
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target)
    (row,) = exports(home, out["run_id"])
    first = json.loads(row[5])["messages"][0]["content"]
    assert "notes.md" in first and "<EMAIL_1>.vcf" in first
    assert EMAIL not in row[5] and EMAIL not in json.dumps(c.seen)


def test_cloud_exports_in_mode_redact_unless_the_user_sets_one(home, workspace, tmp_path, cloud):
    c = cloud([finish("ok"), finish("ok")])
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, task=f"mail {EMAIL}")
    assert [r[4] for r in exports(home, out["run_id"])] == ["redact"] and EMAIL not in exports(home, out["run_id"])[0][5]
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, "--set", "export.mode=off",
              task=f"mail {EMAIL}")
    assert [r[4] for r in exports(home, out["run_id"])] == ["off"] and EMAIL in exports(home, out["run_id"])[0][5]
    (home / "config.toml").write_text('[export]\nmode = "strict"\n')
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, task="no secrets here")
    assert [r[4] for r in exports(home, out["run_id"])] == ["strict"]


def test_cloud_unreachable_falls_back_to_the_edge(home, workspace, tmp_path, edge_seen):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[cloud]\nmax_retries = 0\ntimeout_s = 5\n")
    out = run(tmp_path, workspace, [{"tool": "list_dir", "args": {"path": "."}}, finish("edge finished")],
              "--strategy", "cloud", "--cloud", f"http://127.0.0.1:{closed_port()}#default")
    assert out["status"] == "done" and out["answer"] == "edge finished" and len(edge_seen) == 2
    rows, st = exports(home, out["run_id"]), steps(home, out["run_id"])
    assert [r[3] for r in rows] == ["failed", "failed"]
    assert [s[1] for s in st] == ["edge", "edge"] and [s[4] for s in st] == [r[0] for r in rows]
    assert all("; cloud unavailable: " in s[2] and "unreachable" in s[2] and s[2].endswith("→ edge")
               for s in st)


def test_cloud_reply_without_a_tool_call_falls_back(home, workspace, tmp_path, cloud):
    c = cloud(["I would read the notes first.", finish("cloud finished")])
    out = run(tmp_path, workspace, [{"tool": "list_dir", "args": {"path": "."}}], "--strategy", "cloud",
              "--cloud", c.target)
    st = steps(home, out["run_id"])
    assert [s[1] for s in st] == ["edge", "cloud"] and "no usable tool call" in st[0][2]
    assert out["answer"] == "cloud finished"


# ---------------------------------------------------------------- handoff


def missing(i: int) -> dict:
    return {"tool": "read_file", "args": {"path": f"missing-{i}.md"}}


@pytest.mark.parametrize("k, extra", [(2, []), (1, ["--set", "strategy.handoff_k=1"])])
def test_handoff_after_errors_returns_control_after_k(home, workspace, tmp_path, cloud, k, extra):
    # The scripted cloud answers by turn: its reply i is for step i, so slots before the handoff are unused.
    c = cloud(["unused"] * 3 + [{"tool": "list_dir", "args": {"path": "."}},
                                {"tool": "read_file", "args": {"path": "notes.md"}}])
    edge = [missing(0), missing(1), missing(2)] + [PAD] * k + [finish("edge again")]
    out = run(tmp_path, workspace, edge, "--strategy", "handoff", "--cloud", c.target, *extra)
    assert out["status"] == "done" and out["answer"] == "edge again"
    st = steps(home, out["run_id"])
    assert [s[1] for s in st] == ["edge"] * 3 + ["cloud"] * k + ["edge"]
    assert st[3][2] == "handoff after 3 errors" and st[3 + k][2] == "control returns to edge"
    if k == 2:
        assert st[4][2] == "cloud step 2/2"
    assert [(r[1], r[2]) for r in exports(home, out["run_id"])] == [(3 + i, "execute") for i in range(k)]
    assert len(c.seen) == k
    settings = json.loads(query(home / "edgeagent.db", "select settings from runs")[0][0])
    assert (settings["strategy"]["handoff_n"], settings["strategy"]["handoff_k"]) == (3, k)


def test_handoff_after_repeated_actions(home, workspace, tmp_path, cloud):
    c = cloud(["unused"] * 2 + [{"tool": "read_file", "args": {"path": "todo.md"}}])
    same = {"tool": "list_dir", "args": {"path": "."}}
    out = run(tmp_path, workspace, [same, same, PAD, finish()], "--strategy", "handoff", "--cloud", c.target,
              "--set", "strategy.handoff_n=2", "--set", "strategy.handoff_k=1")
    st = steps(home, out["run_id"])
    assert [(s[1], s[3]) for s in st] == [("edge", "list_dir"), ("edge", "list_dir"), ("cloud", "read_file"),
                                         ("edge", "finish")]
    assert st[2][2] == "handoff after 2 repeated actions" and st[3][2] == "control returns to edge"


def test_handoff_rescues_malformed_replies_instead_of_ending(home, workspace, tmp_path, cloud):
    c = cloud(["unused"] * 3 + [finish("the cloud finished")])
    out = run(tmp_path, workspace, ["not json", "still not", "nope"], "--strategy", "handoff", "--cloud", c.target)
    assert out["status"] == "done" and out["answer"] == "the cloud finished"
    assert [s[1] for s in steps(home, out["run_id"])] == ["edge"] * 3 + ["cloud"]


def test_handoff_state_and_settings_survive_resume(home, workspace, tmp_path, cloud, crash):
    c = cloud(["unused"] * 3 + [{"tool": "list_dir", "args": {"path": "."}}, finish("cloud should not act")])
    script = write_script(tmp_path / "edge.json", [missing(0), missing(1), missing(2), PAD, finish("edge again")])
    crash.at(4)
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script, "--strategy", "handoff",
               "--cloud", c.target, "--set", "strategy.handoff_k=1")
    assert r.exit_code != 0
    run_id = crash.heal()
    r = invoke("resume", run_id, "--json")  # no --set: the stored k=1 applies
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answer"] == "edge again"
    assert [s[1] for s in steps(home, run_id)] == ["edge"] * 3 + ["cloud", "edge"]


# ---------------------------------------------------------------- settings and the timeline


@pytest.mark.parametrize("setting, message", [
    ("strategy.nope=1", "unknown field strategy.nope"),
    ("nosuch.key=1", "unknown section [nosuch]"),
    ("strategy.handoff_k=0", "strategy.handoff_k must be at least 1"),
    ("strategy.handoff_n=many", "strategy.handoff_n must be an integer"),
    ("export.mode=loud", "export.mode must be one of off, redact, strict"),
    ("backend.context_tokens=100", "backend.context_tokens must be 0 (the device's default) or at least 512"),
    ("handoff_k", "use section.key=value"),
])
def test_bad_set_is_one_line_and_exit_2(home, workspace, tmp_path, setting, message):
    script = write_script(tmp_path / "edge.json", [finish()])
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script, "--set", setting)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and message in r.stderr, r.stderr
    assert "Traceback" not in r.output
    assert not (home / "edgeagent.db").exists() or query(home / "edgeagent.db", "select count(*) from runs")[0][0] == 0


def test_config_strategy_section_is_validated_and_used(home, workspace, tmp_path, cloud):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[strategy]\nhandoff_n = 'three'\n")
    r = invoke("run", "t", "--workspace", str(workspace), "--model", write_script(tmp_path / "e.json", [finish()]))
    assert r.exit_code == 2 and "strategy.handoff_n must be an integer" in r.stderr
    (home / "config.toml").write_text("[strategy]\nhandoff_n = 1\nhandoff_k = 1\n")
    c = cloud(["unused", finish("cloud")])
    out = run(tmp_path, workspace, [missing(0)], "--strategy", "handoff", "--cloud", c.target)
    assert [s[2] for s in steps(home, out["run_id"])] == ["edge acts", "handoff after 1 errors"]


def test_cloud_strategies_need_a_cloud(home, workspace, tmp_path):
    for name in ("cloud", "sketch", "handoff", "advisor"):
        r = invoke("run", "t", "--workspace", str(workspace), "--model",
                   write_script(tmp_path / "e.json", [finish()]), "--strategy", name)
        assert r.exit_code == 2 and f"strategy {name} needs a cloud" in r.stderr


def test_show_renders_the_timeline(home, workspace, tmp_path, cloud):
    c = cloud(["unused"] * 3 + [{"tool": "list_dir", "args": {"path": "."}}])
    out = run(tmp_path, workspace, [missing(0), missing(1), missing(2), PAD, finish()], "--strategy", "handoff",
              "--cloud", c.target, "--set", "strategy.handoff_k=1")
    r = invoke("show", out["run_id"])
    assert r.exit_code == 0
    assert "handoff after 3 errors" in r.stdout and "control returns to edge" in r.stdout and "cloud" in r.stdout
    (eid,) = [s[4] for s in steps(home, out["run_id"]) if s[4]]
    assert f"#{eid}" in r.stdout
    runs = json.loads(invoke("runs", "--json").stdout)
    assert runs[0]["cloud_calls"] == 1 and runs[0]["exports"] == 1 and runs[0]["exported_bytes"] > 0
