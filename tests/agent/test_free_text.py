"""[agent] free_text through the real loop with a scripted model: the call is written under the grammar without its
free text, the text follows in a turn of its own, unconstrained, and is written whole; history stays a prefix."""

from __future__ import annotations

import itertools
import json

from edgeagent.agent.bodies import BODY_TOKENS, MARK, PROMPT
from edgeagent.agent.guards import BLOCKED_PATTERN
from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.config import DEFAULTS
from edgeagent.store.runs import Store
from tests.agent.test_callformat import HERMES_TEMPLATE
from tests.agent.test_deliverables import prompts_seen

TASK = "Read notes.md and write a report on the open tickets to report.md."
# Longer than the grammar's 2,000 characters for a JSON string, with what JSON would have to escape; few tokens as
# the scripted model counts them (a word is one), so it fits the text's budget.
REPORT = "# Open_tickets\n" + "".join(f'- "{w}_ticket_number_{n}_is_open"\\team_{n % 3}\n'
                                     for n, w in zip(range(1, 61), itertools.cycle(["login", "export", "billing"])))


def call(tool: str, **args: str) -> str:
    return json.dumps({"tool": tool, "args": args})


def _run(tmp_path, replies, template=None, task=TASK, **kw):
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    (ws / "notes.md").write_text("Sixty tickets are open; billing questions go to ann@example.com.\n")
    store = Store(tmp_path / "db" / "edgeagent.db")
    backend = ScriptedBackend(replies, template=template)
    seen = prompts_seen(backend)
    run_id = store.create_run(task=task, workspace=str(ws), strategy="edge", model="scripted", backend="scripted",
                              max_steps=8)
    run = Agent(store, backend, EdgeOnly(), **kw).run(run_id)
    return run, store.steps(run_id), backend, seen, ws


def test_free_text_is_off_by_default():
    assert DEFAULTS["agent"]["free_text"] is False


def test_a_report_longer_than_the_grammar_allows_is_written_whole(tmp_path):
    assert len(REPORT) > 2000
    replies = [call("read_file", path="notes.md"), call("write_file", path="report.md"), REPORT,
               call("finish", answer="Wrote report.md.")]
    run, steps, backend, seen, ws = _run(tmp_path, replies, free_text=True)
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 1), ("write_file", 1), ("finish", 1)]
    assert (ws / "report.md").read_text() == REPORT.strip("\n")
    assert steps[1]["args"] == {"path": "report.md", "content": REPORT.strip("\n")}  # what the ledger and claims see
    assert run["status"] == "done" and not run["false_claims"]
    # The call's grammar has no content; the text's call has no grammar and a budget of its own.
    write = next(v for v in backend.call_kwargs[1]["constraint"]["anyOf"]
                 if v["properties"]["tool"]["const"] == "write_file")
    assert set(write["properties"]["args"]["properties"]) == {"path"}
    assert backend.call_kwargs[2]["constraint"] is None and backend.call_kwargs[2]["max_tokens"] == BODY_TOKENS
    # The text is asked for after the call, and every later prompt begins with every earlier one.
    assert seen[2][-2:] == [{"role": "assistant", "content": replies[1]}, {"role": "user", "content": PROMPT}]
    assert seen[3][-4:-1] == [{"role": "assistant", "content": replies[1]}, {"role": "user", "content": PROMPT},
                              {"role": "assistant", "content": REPORT}]
    for before, after in itertools.pairwise(seen):
        assert after[:len(before)] == before


def test_with_a_deliverable_open_finish_still_takes_only_a_blocked_answer(tmp_path):
    replies = [call("read_file", path="notes.md"), call("finish", answer="blocked: no report template")]
    _, steps, backend, _, _ = _run(tmp_path, replies, free_text=True)
    finishes = [v for kw in backend.call_kwargs[1:2] for v in kw["constraint"]["anyOf"]
                if v["properties"]["tool"]["const"] == "finish"]
    assert [f["properties"]["args"]["properties"]["answer"].get("pattern") for f in finishes] == [BLOCKED_PATTERN]
    assert steps[-1]["tool"] == "finish" and steps[-1]["ok"]


def test_a_mail_body_in_the_models_template_format(tmp_path):
    body = 'Hi Ann,\n\nthe "billing" ticket is fixed.\n\nBest,\nLee'
    to = "ann@example.com"
    # A template model's replies: the JSON inside the call tags, which the loop forces before and writes after.
    draft = json.dumps({"name": "draft_mail", "arguments": {"to": to, "subject": "Billing"}}) + "\n"
    replies = [draft, body, json.dumps({"name": "finish", "arguments": {"answer": "Drafted it."}}) + "\n"]
    _, steps, backend, seen, ws = _run(tmp_path, replies, template=HERMES_TEMPLATE, free_text=True,
                                       tool_names=["draft_mail", "read_file"])
    assert [(s["tool"], s["ok"]) for s in steps] == [("draft_mail", 1), ("finish", 1)]
    assert steps[0]["args"] == {"to": to, "subject": "Billing", "body": body}
    drafted = next((ws / "drafts").iterdir()).read_text()
    assert "the \"billing\" ticket is fixed." in drafted
    # The request for the text is a tool turn, the text is not forced into the call tags, the tools declared to
    # the template are the ones the grammar admits.
    assert seen[1][-2:] == [{"role": "assistant", "content": f"<tool_call>\n{draft}</tool_call>"},
                            {"role": "tool", "content": PROMPT}]
    assert backend.call_kwargs[1]["prefix"] == "" and backend.call_kwargs[0]["prefix"].startswith("<tool_call>")
    declared = {t["function"]["name"]: t for t in backend.call_kwargs[0]["tools"]}
    assert "body" not in declared["draft_mail"]["function"]["parameters"]["properties"]


def test_without_free_text_a_call_missing_its_content_is_an_invalid_call(tmp_path):
    replies = [call("write_file", path="report.md"), call("finish", answer="blocked: nothing written")]
    _, steps, backend, _, ws = _run(tmp_path, replies)
    assert steps[0]["ok"] == 0 and "invalid tool call" in steps[0]["observation"]
    assert not (ws / "report.md").exists()
    assert all(kw["constraint"] is not None for kw in backend.call_kwargs)  # no free-text turn was asked for


def test_a_resumed_step_replays_the_stored_text(tmp_path):
    replies = [call("write_file", path="report.md"), "Two open.", call("finish", answer="Wrote report.md.")]
    run, steps, _, _, ws = _run(tmp_path, replies, free_text=True)
    store = Store(tmp_path / "db" / "edgeagent.db")
    stored = store.model_call(steps[0]["model_call_id"])["output"]
    assert stored == f"{replies[0]}{MARK}Two open."  # one stored call holds the call and its text
    assert (ws / "report.md").read_text() == "Two open." and run["status"] == "done"


def test_a_text_cut_at_its_budget_is_written_and_the_result_says_so(tmp_path):
    long_text = "word " * (BODY_TOKENS + 50)  # two scripted tokens a word: twice the budget
    replies = [call("write_file", path="report.md"), long_text, call("finish", answer="Wrote part of report.md.")]
    _, steps, _, _, ws = _run(tmp_path, replies, free_text=True)
    assert steps[0]["ok"] == 1 and f"budget of {BODY_TOKENS} tokens" in steps[0]["observation"]
    written = (ws / "report.md").read_text()
    assert 0 < len(written) < len(long_text) and long_text.startswith(written)


def test_a_text_wrapped_whole_in_one_code_fence_is_written_without_it(tmp_path):
    fenced = "```markdown\n# Brewing\nGreen: 80 C, 2 min.\n```"
    inner = "# Notes\n```\nkubectl get pods\n```\nDone."  # fences inside the text stay
    replies = [call("write_file", path="guide.md"), fenced, call("write_file", path="ops.md"), inner,
               call("finish", answer="Wrote guide.md and ops.md.")]
    _, steps, _, _, ws = _run(tmp_path, replies, free_text=True,
                              task="Write a brewing guide to guide.md and the ops notes to ops.md.")
    assert [s["ok"] for s in steps] == [1, 1, 1]
    assert (ws / "guide.md").read_text() == "# Brewing\nGreen: 80 C, 2 min."
    assert (ws / "ops.md").read_text() == inner
