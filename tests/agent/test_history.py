"""The edge's prompt after a resume or a cloud handoff is, text for text, what an uninterrupted run renders."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from edgeagent.agent.callformat import HERMES
from edgeagent.backends.chat_template import ChatTemplate
from edgeagent.backends.chat_tokens import ChatTokens
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.cli import cli
from tests.agent.test_callformat import HERMES_TEMPLATE

READ_NOTES = {"name": "read_file", "arguments": {"path": "notes.md"}}
READ_TODO = {"name": "read_file", "arguments": {"path": "todo.md"}}
LIST = {"name": "list_dir", "arguments": {"path": "."}}


def done(answer: str = "done") -> dict:
    return {"name": "finish", "arguments": {"answer": answer}}


def missing(i: int) -> dict:
    return {"name": "read_file", "arguments": {"path": f"missing-{i}.md"}}


@pytest.fixture
def prompts(monkeypatch) -> dict[str, dict[int, str]]:
    """Each edge prompt as the model sees it (template, tools and forced call tag), keyed by run and step."""
    seen: dict[str, dict[int, str]] = {}
    real = ScriptedBackend.generate

    def spy(self, messages, **kw):
        if self.model_name.startswith("scripted:"):  # the edge; not the cloud stand-in
            step = sum(1 for m in messages if m["role"] == "assistant")
            seen.setdefault(self.model_name, {})[step] = self.render(messages, tools=kw.get("tools")) + kw["prefix"]
        return real(self, messages, **kw)

    monkeypatch.setattr(ScriptedBackend, "generate", spy)
    return seen


def script(path, replies) -> str:
    """A scripted edge that speaks the Hermes template's call format, as Qwen2.5 does."""
    path.write_text(json.dumps({"replies": [json.dumps(r) + "\n" for r in replies], "chat_template": HERMES_TEMPLATE}))
    return f"scripted:{path}"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_prompts_after_a_resume_are_the_uninterrupted_runs(home, workspace, tmp_path, prompts, crash):
    # Step 3 repeats step 0: its proposal is dropped and the model asked again, as after a real resume.
    replies = [READ_NOTES, READ_TODO, LIST, READ_NOTES, READ_TODO, done()]
    r = invoke("run", "t", "--workspace", str(workspace), "--model", script(tmp_path / "a.json", replies), "--json")
    assert r.exit_code == 0, r.output
    crash.at(2)  # the process dies while storing step 2; its stored call is replayed, step 3 is asked anew
    invoke("run", "t", "--workspace", str(workspace), "--model", script(tmp_path / "b.json", replies), "--json")
    r = invoke("resume", crash.heal(), "--json")
    assert r.exit_code == 0, r.output
    whole, resumed = prompts["scripted:a.json"], prompts["scripted:b.json"]
    assert sorted(resumed) == sorted(whole) == list(range(len(replies)))
    for k in range(len(replies)):
        assert resumed[k] == whole[k], f"step {k}"


def test_prompts_after_control_returns_from_the_cloud_are_an_edge_only_runs(home, workspace, tmp_path, prompts,
                                                                            cloud):
    """The cloud's steps render as the edge would have written them; the prompt before the handoff stays a prefix."""
    c = cloud(["unused"] * 3 + [{"tool": "list_dir", "args": {"path": "."}},
                                {"tool": "read_file", "args": {"path": "notes.md"}}])
    pad = done("an edge slot the cloud used")
    handoff = script(tmp_path / "h.json", [missing(0), missing(1), missing(2), pad, pad, READ_TODO, done()])
    r = invoke("run", "t", "--workspace", str(workspace), "--model", handoff, "--json", "--strategy", "handoff",
               "--cloud", c.target)
    assert r.exit_code == 0, r.output
    edge = script(tmp_path / "e.json", [missing(0), missing(1), missing(2), LIST, READ_NOTES, READ_TODO, done()])
    r = invoke("run", "t", "--workspace", str(workspace), "--model", edge, "--json")
    assert r.exit_code == 0, r.output
    h, e = prompts["scripted:h.json"], prompts["scripted:e.json"]
    assert sorted(h) == [0, 1, 2, 5, 6]  # steps 3 and 4 were the cloud's
    for k in sorted(h):
        assert h[k] == e[k], f"step {k}"
    reply_2 = json.dumps(missing(2)) + "\n"
    assert h[5].startswith(h[2] + reply_2)  # all the edge's KV before the handoff is reused


# ---------------------------------------------------------------- token ids: what the KV cache holds stays put

GEN_PROMPT = "<|im_start|>assistant\n"
BASE = [{"role": "system", "content": "S"}, {"role": "user", "content": "T"}]
REPLY = HERMES.prefix + '{"name": "read_file", "arguments": {"path": "notes.md"}}\n'


def turn(reply: str, result: str) -> list[dict]:
    return [{"role": "assistant", "content": reply + HERMES.closing}, {"role": "tool", "content": result}]


def encode(text: str) -> list[int]:
    return [ord(c) for c in text]  # a character tokenizer: any other ids stand for a model's own merges


def chat_tokens() -> ChatTokens:
    return ChatTokens(ChatTemplate(HERMES_TEMPLATE).render, encode, eos={0}, eos_text="")


def test_a_resumed_history_keeps_its_ids_when_a_copy_of_an_old_reply_is_generated():
    """After a resume the history is encoded afresh; a dropped proposal that copies step 0 must not re-encode it."""
    chat = chat_tokens()
    history = BASE + turn(REPLY, "R0")
    first = chat.encode(history)
    held = first[:-len(GEN_PROMPT)]
    chat.remember(REPLY, encode(HERMES.prefix) + [10_000 + i for i in range(5)] + [0])  # merged unlike encode()
    later = chat.encode(history + turn(HERMES.prefix + '{"name": "list_dir", "arguments": {"path": "."}}\n', "R1"))
    assert later[:len(held)] == held


def test_a_reply_generated_twice_with_other_ids_keeps_the_ids_the_cache_holds():
    chat = chat_tokens()
    chat.remember(REPLY, encode(HERMES.prefix) + [10_000 + i for i in range(5)] + [0])
    history = BASE + turn(REPLY, "R0")
    held = chat.encode(history)[:-len(GEN_PROMPT)]
    assert 10_000 in held  # step 0 is encoded as it was generated
    chat.remember(REPLY, encode(HERMES.prefix) + [20_000 + i for i in range(5)] + [0])  # the same call again
    later = chat.encode(history + turn(REPLY, "R1"))
    assert later[:len(held)] == held
