"""Each catalog model's own tool-call format on every installed backend (real weights, real templates):
the rendered history only grows, every call parses, and the KV cache is reused across steps."""

from __future__ import annotations

import itertools

import pytest

from edgeagent.agent import prompting
from edgeagent.agent.callformat import HERMES, format_for_template, template_tools
from edgeagent.models import prepared as models
from edgeagent.tools.files import BUILTIN_TOOLS
from tests.backends.test_contract import INSTALLED
from tests.conftest import SHARED_MODELS

pytestmark = pytest.mark.model
MODEL = "qwen2.5-coder-0.5b"  # the smallest catalog model whose template declares tools (Hermes-style)
FAST = [b for b in INSTALLED if b != "mlx"]  # MLX's Linux CPU build runs a 0.5B model at ~1 tok/s


@pytest.fixture(scope="module", params=FAST)
def qwen(request):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EDGEAGENT_MODELS", str(SHARED_MODELS))
        models.ensure_prepared(MODEL, request.param)
        b = models.load_backend(MODEL, backend=request.param)
    yield b
    b.close()


def test_the_qwen_template_speaks_hermes_and_three_steps_reuse_the_cache(qwen):
    fmt = format_for_template(qwen.template_source)
    assert fmt is HERMES
    tools = template_tools(BUILTIN_TOOLS.values())
    observations = ["notes.md (218 bytes)\ntodo.md (134 bytes)", "# Team notes\n- The review moved to Friday.",
                    "error: no such file: x.md"]
    steps, usages, prompts = [], [], []
    qwen.reset()
    for i, obs in enumerate(observations):
        msgs = prompting.messages("When is the review? Check the notes.", steps, BUILTIN_TOOLS, None, fmt, 10)
        prompts.append(qwen.render(msgs, True, tools))
        text, last = qwen.complete(msgs, constraint=fmt.schema(BUILTIN_TOOLS.values()), max_tokens=256, tools=tools,
                                   prefix=fmt.prefix, suffix=fmt.suffix)
        assert last.finish_reason == "stop", text
        call = fmt.prefix + text + fmt.closing
        assert text.endswith("\n") and text.rstrip().endswith("}")  # the tag is written after the grammar ends
        name, args = fmt.parse(call, "stop", BUILTIN_TOOLS)
        steps.append({"idx": i, "actor": "edge", "tool": name, "args": args, "output": call, "observation": obs})
        usages.append(last.usage)
    gen_prompt = "<|im_start|>assistant\n"
    for before, after in itertools.pairwise(prompts):
        assert after.startswith(before.removesuffix(gen_prompt))  # history only grows
    for prev, u in itertools.pairwise(usages):
        assert u.cached_tokens >= prev.prompt_tokens  # the whole previous prompt came from the cache
    final = usages[-1].prompt_tokens + usages[-1].completion_tokens
    ratio = sum(u.prefilled_tokens for u in usages) / final
    print(f"{qwen.name}: prefilled / final context = {ratio:.3f}")
    assert ratio <= 1.2
