"""Text helpers the detectors share: case folding that keeps offsets, whole-token search, word sets."""

from __future__ import annotations


def word_set(words: str) -> frozenset[str]:
    """The whitespace-separated words of a literal list, for membership tests."""
    return frozenset(words.split())


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold_case(text: str) -> str:
    """Lower-cased with offsets kept (str.lower() can change lengths outside ASCII): case-insensitive rules run
    case-sensitive regexes on this, which Python's re scans several times faster than (?i) alternations."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)


def occurrences(text: str, value: str) -> list[tuple[int, int]]:
    """Where `value` stands in `text` as a token of its own (not inside a longer word, path or dotted name);
    str.find runs in C, a regex alternation compiled per text would not."""
    found = []
    i = text.find(value)
    while i >= 0:
        end = i + len(value)
        before, after = text[i - 1 : i], text[end : end + 2]
        if not (before and (before.isalnum() or before in "_.-")) and not (
            after[:1] and (after[:1].isalnum() or after[:1] in "_-" or after[:1] == "." and after[1:2].isalnum())
        ):
            found.append((i, end))
        i = text.find(value, i + 1)
    return found
