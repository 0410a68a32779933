"""Prompt token ids built message by message, shared by the backends that keep a KV cache across calls."""

from __future__ import annotations

import json
from collections.abc import Callable

Render = Callable[..., str]  # render(messages, add_generation_prompt, tools=None) -> prompt text


def common_prefix(a: list[int], b: list[int]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class ChatTokens:
    """Encodes chats so a reply the model generated keeps the exact ids it was generated as.

    Re-encoding a reply's text can merge tokens differently than the model produced them, which would
    end KV reuse at that reply; encoding per message (found by rendering prefixes) avoids that.
    """

    def __init__(self, render: Render, encode: Callable[[str], list[int]], eos: set[int], eos_text: str) -> None:
        self._render = render
        self._encode = encode
        self._eos = eos
        self._eos_text = eos_text
        self._renders: list[tuple[str, str]] = []  # (message key, template rendered up to that message)
        # Each kept message's ids as first encoded: the KV cache holds those, so a reply remembered later
        # (a dropped proposal that copies it, a resumed run's first reply) must not re-encode it.
        self._ids: list[list[int]] = []
        self._encoded: dict[str, list[int]] = {}
        self._generated: dict[str, list[int]] = {}  # reply text -> the ids the model produced for it
        self._tools: list[dict] | None = None  # the tools the cached renders were made with

    def remember(self, text: str, ids: list[int]) -> None:
        """Record that the model produced `ids` (ending in EOS when it stopped) for the reply `text`."""
        self._generated[text] = list(ids)

    def _encode_text(self, text: str) -> list[int]:
        if text not in self._encoded:
            self._encoded[text] = [int(t) for t in self._encode(text)]
        return self._encoded[text]

    def _segments(self, messages: list[dict], tools: list[dict] | None) -> list[str]:
        """Per-message pieces of the rendered prompt, plus the generation prompt, found by prefix difference."""
        if tools != self._tools:
            self._renders, self._ids, self._tools = [], [], tools
        keys = [json.dumps(m, sort_keys=True) for m in messages]
        keep = 0
        while keep < min(len(keys), len(self._renders)) and self._renders[keep][0] == keys[keep]:
            keep += 1
        del self._renders[keep:], self._ids[keep:]
        full = self._render(messages, True, tools=tools)
        try:
            for j in range(keep, len(messages)):
                self._renders.append((keys[j], self._render(messages[: j + 1], False, tools=tools)))
        except Exception:  # noqa: BLE001 -- a template that refuses a partial chat (e.g. tools without a user turn yet)
            del self._renders[keep:], self._ids[keep:]
            return [full]
        segs, prev = [], ""
        for _, text in self._renders:
            if not text.startswith(prev):
                return [full]  # a template that is not prefix-stable: encode whole
            segs.append(text[len(prev):])
            prev = text
        return segs + [full[len(prev):]]

    def _reply(self, content: str) -> tuple[str, list[int]] | None:
        """The generated reply `content` starts with, and its ids: a call's closing tag is added after generation."""
        if content in self._generated:
            return content, self._generated[content]
        for text in reversed(self._generated):
            if text and content.startswith(text):
                return text, self._generated[text]
        return None

    def encode(self, messages: list[dict], tools: list[dict] | None = None) -> list[int]:
        """Token ids of the prompt; replies this backend generated keep their exact original ids."""
        segs = self._segments(messages, tools)
        if len(segs) != len(messages) + 1:
            return self._encode_text(segs[0])
        ids: list[int] = []
        for j, (msg, seg) in enumerate(zip(messages + [None], segs)):
            if j < len(self._ids):
                ids += self._ids[j]
                continue
            piece = self._piece(msg, seg)
            if msg is not None:
                self._ids.append(piece)
            ids += piece
        return ids

    def _piece(self, msg: dict | None, seg: str) -> list[int]:
        """One message's ids (or the generation prompt's, for None): a generated reply keeps the model's own."""
        content = msg.get("content") if msg and msg["role"] == "assistant" else None
        found = self._reply(content) if isinstance(content, str) else None
        if found is None or not isinstance(content, str) or (k := seg.find(content)) < 0:
            return self._encode_text(seg)
        text, gen = found
        rest = seg[k + len(text):]
        if gen and gen[-1] in self._eos:
            if len(text) < len(content):
                gen = gen[:-1]  # the end of generation is not where the rendered reply ends
            elif rest.startswith(self._eos_text):
                rest = rest[len(self._eos_text):]
        return self._encode_text(seg[:k]) + gen + self._encode_text(rest)
