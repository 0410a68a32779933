"""Chat templates rendered one way for every backend, as Hugging Face renders them (tools included).

ORT GenAI's and llama.cpp's own template engines differ from transformers' in details (tool
declarations, `tojson`), so the three backends would show one model three different prompts.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from edgeagent.errors import BadInput, ModelError


def _env():
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    # The settings Hugging Face chat templates are written for: block tags leave no stray whitespace.
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.loopcontrols"])

    def raise_exception(message: str):
        raise BadInput(f"chat template: {message}")

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        # transformers' tojson: key order kept, no HTML escaping (jinja's default does both differently).
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: time.strftime(fmt)
    return env


class ChatTemplate:
    """One model's chat template; `source` is the template text (the tool-call format is read from it)."""

    def __init__(self, source: str, bos_token: str = "", eos_token: str = "") -> None:
        self.source = source
        try:
            self._template = _env().from_string(source)
        except Exception as e:  # noqa: BLE001 -- jinja2's TemplateSyntaxError and friends
            raise ModelError(f"the model's chat template does not parse: {e}") from None
        self._bos, self._eos = bos_token, eos_token

    def render(self, messages: list[dict], add_generation_prompt: bool = True, tools: list[dict] | None = None) -> str:
        return self._template.render(messages=messages, add_generation_prompt=add_generation_prompt,
                                     tools=tools or None, bos_token=self._bos, eos_token=self._eos)


def folder_template(folder: Path) -> tuple[str, str, str] | None:
    """(template, bos, eos) from a Hugging Face tokenizer's files in `folder`, or None if it has none."""
    config: dict = {}
    cfg = folder / "tokenizer_config.json"
    if cfg.is_file():
        try:
            config = json.loads(cfg.read_text())
        except ValueError:
            config = {}
    source = config.get("chat_template")
    jinja = folder / "chat_template.jinja"  # newer transformers save the template beside the config
    if not source and jinja.is_file():
        source = jinja.read_text()
    if isinstance(source, list):  # named templates: take the default one
        source = next((t.get("template") for t in source if t.get("name") == "default"), None)
    if not isinstance(source, str) or not source:
        return None

    def token(key: str) -> str:
        value = config.get(key)
        return value.get("content", "") if isinstance(value, dict) else (value or "")

    return source, token("bos_token"), token("eos_token")
