"""Tool calls in the model's own format: detection, name-first schemas, parsing, and the loop around them."""

from __future__ import annotations

import json

import pytest

from edgeagent.agent.callformat import GENERIC, HERMES, FormatError, format_for_template, template_tools
from edgeagent.agent.loop import Agent
from edgeagent.agent.strategies import EdgeOnly
from edgeagent.backends.chat_template import ChatTemplate
from edgeagent.backends.chat_tokens import ChatTokens
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.store.runs import Store
from edgeagent.tools.base import MAX_STRING
from edgeagent.tools.files import BUILTIN_TOOLS

# A Hermes-style template written for these tests: tools declared in the system turn, calls in
# <tool_call> tags, results in <tool_response> inside a user turn (the shape Qwen2.5's template has).
HERMES_TEMPLATE = """{%- if tools %}<|im_start|>system
{{ messages[0].content if messages[0].role == 'system' else '' }}

# Tools
<tools>
{% for t in tools %}{{ t | tojson }}
{% endfor %}</tools>
Answer with <tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call><|im_end|>
{% endif %}
{%- for m in messages %}
{%- if m.role == 'system' and tools %}
{%- elif m.role == 'tool' %}<|im_start|>user
<tool_response>
{{ m.content }}
</tool_response><|im_end|>
{% else %}<|im_start|>{{ m.role }}
{{ m.content }}<|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif %}"""

CHATML = """{% for m in messages %}<|im_start|>{{ m.role }}
{{ m.content }}<|im_end|>
{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant
{% endif %}"""


def test_a_template_with_tool_call_tags_gets_the_hermes_format_and_others_the_generic_one():
    assert format_for_template(HERMES_TEMPLATE) is HERMES
    assert format_for_template(CHATML) is GENERIC
    assert format_for_template(None) is GENERIC


@pytest.mark.parametrize("fmt", [GENERIC, HERMES])
def test_schemas_put_the_tool_name_before_the_arguments_even_as_json_text(fmt):
    schema = fmt.schema(BUILTIN_TOOLS.values())
    for variant in schema["anyOf"]:
        assert list(variant["properties"]) == [fmt.name_key, fmt.args_key]
    text = json.dumps(schema)  # what ORT GenAI's guidance receives
    assert text.index(f'"{fmt.name_key}"') < text.index(f'"{fmt.args_key}"')
    write = next(v for v in schema["anyOf"] if v["properties"][fmt.name_key]["const"] == "write_file")
    assert list(write["properties"][fmt.args_key]["properties"]) == ["path", "content"]


def test_hermes_calls_round_trip_and_keep_their_tags():
    text = HERMES.render_call("write_file", {"path": "a.md", "content": "x"})
    assert text == '<tool_call>\n{"name": "write_file", "arguments": {"path": "a.md", "content": "x"}}\n</tool_call>'
    assert HERMES.parse(text, "stop", BUILTIN_TOOLS) == ("write_file", {"path": "a.md", "content": "x"})
    # Without the closing tag (cut at the grammar's end) it is still the same call.
    assert HERMES.parse(text.removesuffix("\n</tool_call>"), "stop", BUILTIN_TOOLS)[0] == "write_file"


def test_whatever_the_grammar_admits_the_parser_accepts_raw_line_breaks_in_strings():
    raw = '{"tool": "write_file", "args": {"path": "a.md", "content": "line one\r\nline two\ttab"}}'
    assert GENERIC.parse(raw, "stop", BUILTIN_TOOLS)[1]["content"] == "line one\r\nline two\ttab"


@pytest.mark.parametrize("text,match", [
    ('<tool_call>\n{"tool": "finish", "args": {"answer": "x"}}\n</tool_call>', "expected"),
    ('<tool_call>\n{"name": "finish", "arguments": {"answer": "x"}', "not JSON"),
    ('{"name": "rm", "arguments": {}}', "unknown tool"),
    ('{"name": "finish", "arguments": {"answer": 1}}', "must be strings"),
])
def test_hermes_parse_rejects_with_a_reason(text, match):
    with pytest.raises(FormatError, match=match):
        HERMES.parse(text, "stop", BUILTIN_TOOLS)


def test_a_cut_off_call_tells_the_model_how_to_write_long_content():
    with pytest.raises(FormatError, match="append_file"):
        HERMES.parse('{"name": "write_file", "arguments": {"path": "a", "content": "abc', "length", BUILTIN_TOOLS)


def test_template_tools_declare_every_tool_with_its_required_arguments():
    declared = template_tools(BUILTIN_TOOLS.values())
    assert [d["function"]["name"] for d in declared] == list(BUILTIN_TOOLS)
    write = declared[[d["function"]["name"] for d in declared].index("write_file")]["function"]
    assert write["parameters"]["required"] == ["path", "content"]
    assert "description" in write["parameters"]["properties"]["path"]


def test_chat_tokens_keep_generated_ids_when_a_closing_tag_follows_the_reply():
    """A reply generated after a forced prefix, then closed by a tag, renders back with its own ids."""
    template = ChatTemplate(HERMES_TEMPLATE)
    encode = lambda text: [ord(c) for c in text]  # a character tokenizer
    chat = ChatTokens(template.render, encode, eos={0}, eos_text="")
    base = [{"role": "system", "content": "S"}, {"role": "user", "content": "T"}]
    prompt = chat.encode(base, tools=None)
    gen_ids = [10_000 + i for i in range(5)]  # ids no character encoding produces
    reply = HERMES.prefix + "{...}"
    chat.remember(reply, encode(HERMES.prefix) + gen_ids + [0])
    later = chat.encode(base + [{"role": "assistant", "content": reply + HERMES.suffix},
                                {"role": "tool", "content": "R"}])
    held = prompt + encode(HERMES.prefix) + gen_ids
    assert later[:len(held)] == held  # the whole earlier context, the reply's own ids included, is reused
    assert 0 not in later  # the generation's end token is not where the rendered reply ends


def _run(tmp_path, replies, max_steps=6, template=HERMES_TEMPLATE, files=None):
    ws = tmp_path / "ws"
    ws.mkdir()
    for name, text in (files or {"notes.md": "The review is on Friday.\n"}).items():
        (ws / name).write_text(text)
    store = Store(tmp_path / "db" / "edgeagent.db")
    suffix = format_for_template(template).suffix  # what a real model's constrained reply ends with
    backend = ScriptedBackend([[json.dumps(a) + suffix for a in r] if isinstance(r, list) else json.dumps(r) + suffix
                               for r in replies], template=template)  # a list: alternatives, best first
    prompts: list[str] = []
    real = backend.generate

    def spy(messages, **kw):
        prompts.append(backend.render(messages, tools=kw.get("tools")) + kw.get("prefix", ""))
        return real(messages, **kw)

    backend.generate = spy
    # A request, not a bare question: these runs may write (a question alone would get no write tools).
    run_id = store.create_run(task="When is the review? Update notes.md if it moved.", workspace=str(ws),
                              strategy="edge", model="scripted", backend="scripted", max_steps=max_steps)
    run = Agent(store, backend, EdgeOnly()).run(run_id)
    return run, store.steps(run_id), backend, prompts


def test_the_agent_speaks_the_templates_format_end_to_end(tmp_path):
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    run, steps, backend, prompts = _run(tmp_path, [read, done])
    assert run["status"] == "done" and run["answer"] == "Friday"
    assert steps[0]["output"] == HERMES.render_call("read_file", {"path": "notes.md"})
    assert "# Tools" in prompts[0] and '"name": "write_file"' in prompts[0]
    assert prompts[0].endswith("<|im_start|>assistant\n<tool_call>\n")  # the call tag is forced, not chosen
    assert ('<tool_call>\n{"name": "read_file", "arguments": {"path": "notes.md"}}\n</tool_call><|im_end|>\n'
            '<|im_start|>user\n<tool_response>\nThe review is on Friday.\n') in prompts[1]
    assert prompts[1].startswith(prompts[0][:-len("<|im_start|>assistant\n<tool_call>\n")])  # history only grows
    assert all(c["prefix"] == HERMES.prefix and c["suffix"] == HERMES.suffix and c["tools"]
               for c in backend.call_kwargs)


def test_a_repeated_identical_action_is_answered_with_a_note_not_the_same_content(tmp_path):
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    _, steps, _, _ = _run(tmp_path, [read, read, done])
    assert steps[1]["observation"].startswith("You already called read_file with these arguments at step 0")
    assert "Friday" not in steps[1]["observation"]


def test_a_repeat_after_a_write_runs_again_because_the_file_may_have_changed(tmp_path):
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    write = {"name": "append_file", "arguments": {"path": "notes.md", "content": "Moved to Monday.\n"}}
    done = {"name": "finish", "arguments": {"answer": "Monday"}}
    _, steps, _, _ = _run(tmp_path, [read, write, read, done])
    assert steps[2]["ok"] == 1 and "Moved to Monday." in steps[2]["observation"]


def test_the_last_steps_say_how_many_remain_and_the_last_may_only_finish(tmp_path):
    reads = [{"name": "search", "arguments": {"query": f"word{i}"}} for i in range(3)]
    done = {"name": "finish", "arguments": {"answer": "best guess"}}
    run, _steps, backend, prompts = _run(tmp_path, reads + [done], max_steps=4)
    assert run["status"] == "done" and run["answer"] == "best guess"
    assert "[2 steps left.]" in prompts[2]
    assert "[1 step left: the next call must be finish" in prompts[3]
    last = backend.call_kwargs[3]["constraint"]["anyOf"]
    assert [v["properties"]["name"]["const"] for v in last] == ["finish"]
    assert len(backend.call_kwargs[0]["constraint"]["anyOf"]) == len(BUILTIN_TOOLS)


def test_a_step_may_generate_a_whole_file_of_the_longest_content_the_grammar_admits(tmp_path):
    done = {"name": "finish", "arguments": {"answer": "ok"}}
    _, _, backend, _ = _run(tmp_path, [done])
    assert backend.call_kwargs[0]["max_tokens"] > MAX_STRING


def test_the_generic_format_for_a_template_without_tools(tmp_path):
    run, _steps, backend, prompts = _run(tmp_path, [{"tool": "finish", "args": {"answer": "Friday"}}],
                                        template=CHATML)
    assert run["answer"] == "Friday"
    assert backend.call_kwargs[0]["prefix"] == "" and backend.call_kwargs[0]["tools"] is None
    assert '{"tool": NAME, "args": {ARGUMENTS}}' in prompts[0]
    # No example path a small model could parrot: a file name appears only where the workspace overview lists it.
    instructions, overview = prompts[0].split("Workspace files", 1)
    assert "notes.md" not in instructions and "notes.md" in overview.split("Task:")[0]


def _names(call):
    return [v["properties"]["name"]["const"] for v in call["constraint"]["anyOf"]]


def test_a_copied_call_is_proposed_again_without_that_tool_and_only_the_new_call_is_stored(tmp_path):
    look = {"name": "list_dir", "arguments": {"path": "."}}
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    run, steps, backend, prompts = _run(tmp_path, [look, [look, read], done])
    assert [s["tool"] for s in steps] == ["list_dir", "read_file", "finish"] and run["answer"] == "Friday"
    assert "list_dir" in _names(backend.call_kwargs[1])  # the first proposal may copy
    assert "list_dir" not in _names(backend.call_kwargs[2]) and "finish" in _names(backend.call_kwargs[2])
    assert len(backend.call_kwargs) == 4 and "already called" not in prompts[-1]
    assert steps[1]["output"] == HERMES.render_call("read_file", {"path": "notes.md"})


def test_a_call_copied_even_when_proposed_again_is_answered_by_a_note_and_that_tool_sits_out_a_step(tmp_path):
    look = {"name": "list_dir", "arguments": {"path": "."}}
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    _, steps, backend, _prompts = _run(tmp_path, [look, look, read, done])  # a script ignores the grammar
    assert steps[1]["tool"] == "list_dir" and steps[1]["observation"].startswith("You already called list_dir")
    assert "list_dir" not in _names(backend.call_kwargs[3]) and "finish" in _names(backend.call_kwargs[3])
    assert "list_dir" in _names(backend.call_kwargs[4])  # the ban lasts one step


def test_a_finish_or_a_write_after_a_change_is_never_proposed_again(tmp_path):
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    write = {"name": "append_file", "arguments": {"path": "notes.md", "content": "x"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    _, steps, backend, _ = _run(tmp_path, [read, write, read, done])  # the write changed what a read shows
    assert [s["tool"] for s in steps] == ["read_file", "append_file", "read_file", "finish"]
    assert len(backend.call_kwargs) == 4


def test_right_after_a_failed_call_finish_is_not_offered_so_the_error_is_acted_on(tmp_path):
    wrong = {"name": "read_file", "arguments": {"path": "note.md"}}
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    gave_up = {"name": "finish", "arguments": {"answer": "The file could not be read."}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    run, steps, backend, _ = _run(tmp_path, [wrong, [gave_up, read], done])
    assert [(s["tool"], s["ok"]) for s in steps] == [("read_file", 0), ("read_file", 1), ("finish", 1)]
    assert run["answer"] == "Friday"
    assert "finish" not in _names(backend.call_kwargs[1]) and "read_file" in _names(backend.call_kwargs[1])
    assert len(backend.call_kwargs) == 3 and "finish" in _names(backend.call_kwargs[2])  # back after a good call


def test_going_in_circles_leaves_only_finish_and_says_so(tmp_path):
    look = {"name": "list_dir", "arguments": {"path": "notes.md"}}  # fails: never answered "already called"
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    run, steps, backend, prompts = _run(tmp_path, [look, read, look, read, look, done], max_steps=20)
    assert run["answer"] == "Friday" and len(steps) == 6
    # Step 2 repeated step 0 and failed (so finish sits out too), then step 3 repeated step 1.
    assert _names(backend.call_kwargs[3]) == [n for n in BUILTIN_TOOLS if n not in ("list_dir", "finish")]
    assert _names(backend.call_kwargs[4]) == [n for n in BUILTIN_TOOLS if n not in ("list_dir", "read_file", "finish")]
    assert _names(backend.call_kwargs[6]) == ["finish"]  # steps 2, 3 and 4 all repeated earlier calls
    assert "[You are repeating earlier calls: the next call must be finish" in prompts[6]
    assert "repeating" not in prompts[5]  # (call 4 proposed step 3 again: a script ignores the grammar)


def test_a_leading_slash_names_the_workspace_root_and_a_missing_guess_lists_what_it_holds(tmp_path):
    from edgeagent.tools.base import ToolContext
    from edgeagent.tools.files import list_dir, read_file
    from edgeagent.workspace.sandbox import ToolError

    (tmp_path / "notes.md").write_text("x")
    ctx = ToolContext(tmp_path)
    assert read_file(ctx, "/notes.md") == read_file(ctx, "/workspace/notes.md") == "x"
    assert read_file(ctx, str(tmp_path / "notes.md")) == "x"  # the workspace's own absolute path
    assert list_dir(ctx, "/").startswith("notes.md")
    with pytest.raises(ToolError, match="no such folder.*the workspace holds: notes.md"):
        list_dir(ctx, "/staging")
    with pytest.raises(ToolError, match="absolute paths are not allowed.*the workspace holds: notes.md"):
        read_file(ctx, "/etc/passwd")  # the workspace has no etc/ folder: a system path, refused
    with pytest.raises(ToolError, match="leaves the workspace"):
        read_file(ctx, "/../notes.md")


def test_write_file_may_not_replace_a_file_the_run_has_not_read(tmp_path):
    blind = {"name": "write_file", "arguments": {"path": "notes.md", "content": "port = 1"}}
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    write = {"name": "write_file", "arguments": {"path": "notes.md", "content": "The review is on Monday.\n"}}
    new = {"name": "write_file", "arguments": {"path": "new.md", "content": "fresh"}}
    done = {"name": "finish", "arguments": {"answer": "ok"}}
    _, steps, _, _ = _run(tmp_path, [blind, new, read, write, done])
    assert steps[0]["ok"] == 0 and "already exists and you have not read it" in steps[0]["observation"]
    assert steps[1]["ok"] == 1 and steps[3]["ok"] == 1  # a new file, and a file read first, are fine
    assert (tmp_path / "ws" / "notes.md").read_text() == "The review is on Monday.\n"


# Written for this test in the shape of Llama 3.1's template: tools go into the first user turn (and a chat
# without one is refused), a call is a bare JSON object with "parameters", results come back as ipython.
LLAMA3_TEMPLATE = """{{- bos_token }}
{%- if messages[0]['role'] == 'system' %}{%- set system = messages[0]['content'] %}{%- set messages = messages[1:] %}
{%- else %}{%- set system = '' %}{%- endif %}
<|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\n{{ system }}<|eot_id|>
{%- if tools %}{%- if messages | length == 0 %}{{ raise_exception('no first user message for the tools') }}{%- endif %}
{%- set first = messages[0]['content'] %}{%- set messages = messages[1:] %}
<|start_header_id|>user<|end_header_id|>\n\nRespond with {"name": function name, "parameters": arguments}.
{% for t in tools %}{{ t | tojson }}\n{% endfor %}{{ first }}<|eot_id|>
{%- endif %}
{%- for m in messages %}
{%- if m.role == 'tool' %}<|start_header_id|>ipython<|end_header_id|>\n\n{{ m.content }}<|eot_id|>
{%- else %}<|start_header_id|>{{ m.role }}<|end_header_id|>\n\n{{ m.content }}<|eot_id|>{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n{% endif %}"""


def test_a_llama3_style_template_gets_bare_json_calls_with_parameters_and_ipython_results(tmp_path):
    from edgeagent.agent.callformat import LLAMA3

    assert format_for_template(LLAMA3_TEMPLATE) is LLAMA3
    read = {"name": "read_file", "parameters": {"path": "notes.md"}}
    done = {"name": "finish", "parameters": {"answer": "Friday"}}
    run, steps, backend, prompts = _run(tmp_path, [read, done], template=LLAMA3_TEMPLATE)
    assert run["answer"] == "Friday" and steps[0]["tool"] == "read_file"
    assert '"name": "finish"' in prompts[0] and prompts[0].endswith("<|start_header_id|>assistant<|end_header_id|>\n\n")
    assert ('{"name": "read_file", "parameters": {"path": "notes.md"}}<|eot_id|><|start_header_id|>ipython'
            '<|end_header_id|>\n\nThe review is on Friday.') in prompts[1]
    assert backend.call_kwargs[0]["prefix"] == "" and backend.call_kwargs[0]["tools"]


def test_chat_tokens_encode_whole_when_a_template_refuses_a_partial_chat():
    template = ChatTemplate(LLAMA3_TEMPLATE)
    chat = ChatTokens(template.render, lambda text: [ord(c) for c in text], eos={0}, eos_text="")
    msgs = [{"role": "system", "content": "S"}, {"role": "user", "content": "T"}]
    tools = template_tools(BUILTIN_TOOLS.values())
    assert chat.encode(msgs, tools) == [ord(c) for c in template.render(msgs, True, tools)]


# Written for this test in the shape of Phi-4-mini's template: tools are a JSON string under the system
# message's "tools" key, every turn is <|role|>content<|end|>.
PHI4_TEMPLATE = """{% for message in messages %}{% if message['role'] == 'system' and 'tools' in message and \
message['tools'] is not none %}{{ '<|' + message['role'] + '|>' + message['content'] + '<|tool|>' + message['tools'] \
+ '<|/tool|>' + '<|end|>' }}{% else %}{{ '<|' + message['role'] + '|>' + message['content'] + '<|end|>' }}{% endif %}\
{% endfor %}{% if add_generation_prompt %}{{ '<|assistant|>' }}{% else %}{{ eos_token }}{% endif %}"""


def test_a_phi4_mini_style_template_gets_tools_in_the_system_message_and_calls_in_tool_call_tags(tmp_path):
    from edgeagent.agent.callformat import PHI4

    assert format_for_template(PHI4_TEMPLATE) is PHI4
    read = {"name": "read_file", "arguments": {"path": "notes.md"}}
    done = {"name": "finish", "arguments": {"answer": "Friday"}}
    run, steps, backend, prompts = _run(tmp_path, [read, done], template=PHI4_TEMPLATE)
    assert run["status"] == "done" and run["answer"] == "Friday" and steps[0]["tool"] == "read_file"
    declared = json.loads(prompts[0].split("<|tool|>")[1].split("<|/tool|>")[0])
    assert [t["name"] for t in declared] == list(BUILTIN_TOOLS) and declared[0]["parameters"]
    assert prompts[0].endswith("<|assistant|><|tool_call|>[")  # the call tag and list are forced
    assert steps[0]["output"] == '<|tool_call|>[{"name": "read_file", "arguments": {"path": "notes.md"}}]<|/tool_call|>'
    assert "<|tool|>The review is on Friday.\n" in prompts[1]  # the result comes back as a tool turn
    assert prompts[1].startswith(prompts[0][:-len("<|assistant|><|tool_call|>[")])  # history only grows
    assert backend.call_kwargs[0]["tools"] is None and backend.call_kwargs[0]["suffix"] == "]"


def test_phi4_parse_refuses_two_calls_in_one_list():
    from edgeagent.agent.callformat import PHI4

    two = '<|tool_call|>[{"name": "finish", "arguments": {"answer": "a"}}, {"name": "finish", "arguments": {}}]'
    with pytest.raises(FormatError):
        PHI4.parse(two + PHI4.closing, "stop", BUILTIN_TOOLS)


# Written for this test in the shape of Gemma 3's template: no tool support, the system prompt is folded
# into the first user turn, and roles must alternate.
GEMMA3_TEMPLATE = """{{ bos_token }}{%- if messages[0]['role'] == 'system' -%}\
{%- set first = messages[0]['content'] + '\\n\\n' -%}{%- set loop_messages = messages[1:] -%}\
{%- else -%}{%- set first = '' -%}{%- set loop_messages = messages -%}{%- endif -%}
{%- for message in loop_messages -%}\
{%- if (message['role'] == 'user') != (loop.index0 % 2 == 0) -%}{{ raise_exception('roles must alternate') }}{%- endif -%}\
{%- set role = 'model' if message['role'] == 'assistant' else message['role'] -%}\
{{ '<start_of_turn>' + role + '\\n' + (first if loop.first else '') }}{{ message['content'] | trim }}<end_of_turn>\n\
{%- endfor -%}{%- if add_generation_prompt -%}{{ '<start_of_turn>model\\n' }}{%- endif -%}"""


def test_a_gemma3_style_template_without_tools_gets_the_generic_format_with_alternating_turns(tmp_path):
    assert format_for_template(GEMMA3_TEMPLATE) is GENERIC
    read = {"tool": "read_file", "args": {"path": "notes.md"}}
    done = {"tool": "finish", "args": {"answer": "Friday"}}
    run, _steps, _backend, prompts = _run(tmp_path, [read, done], template=GEMMA3_TEMPLATE)
    assert run["status"] == "done" and run["answer"] == "Friday"
    assert prompts[0].count("<start_of_turn>user") == 1 and "read_file(path)" in prompts[0]
    assert "<start_of_turn>user\nObservation:\nThe review is on Friday." in prompts[1]
