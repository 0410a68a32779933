"""Prompt token ids built message by message, shared by the backends that keep a KV cache across calls."""

from __future__ import annotations

import json
from typing import Callable

Render = Callable[[list[dict], bool], str]


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
        self._encoded: dict[str, list[int]] = {}
        self._generated: dict[str, list[int]] = {}  # reply text -> the ids the model produced for it

    def remember(self, text: str, ids: list[int]) -> None:
        """Record that the model produced `ids` (ending in EOS when it stopped) for the reply `text`."""
        self._generated[text] = list(ids)

    def _encode_text(self, text: str) -> list[int]:
        if text not in self._encoded:
            self._encoded[text] = [int(t) for t in self._encode(text)]
        return self._encoded[text]

    def _segments(self, messages: list[dict]) -> list[str]:
        """Per-message pieces of the rendered prompt, plus the generation prompt, found by prefix difference."""
        keys = [json.dumps(m, sort_keys=True) for m in messages]
        keep = 0
        while keep < min(len(keys), len(self._renders)) and self._renders[keep][0] == keys[keep]:
            keep += 1
        del self._renders[keep:]
        for j in range(keep, len(messages)):
            self._renders.append((keys[j], self._render(messages[: j + 1], False)))
        full = self._render(messages, True)
        segs, prev = [], ""
        for _, text in self._renders:
            if not text.startswith(prev):
                return [full]  # a template that is not prefix-stable: encode whole
            segs.append(text[len(prev):])
            prev = text
        return segs + [full[len(prev):]]

    def encode(self, messages: list[dict]) -> list[int]:
        """Token ids of the prompt; replies this backend generated keep their exact original ids."""
        segs = self._segments(messages)
        if len(segs) != len(messages) + 1:
            return self._encode_text(segs[0])
        ids: list[int] = []
        for msg, seg in zip(messages + [None], segs):
            gen = self._generated.get(msg["content"]) if msg and msg["role"] == "assistant" else None
            k = seg.find(msg["content"]) if gen is not None else -1
            if k < 0:
                ids += self._encode_text(seg)
                continue
            rest = seg[k + len(msg["content"]):]
            if gen and gen[-1] in self._eos and rest.startswith(self._eos_text):
                rest = rest[len(self._eos_text):]
            ids += self._encode_text(seg[:k]) + gen + self._encode_text(rest)
        return ids
