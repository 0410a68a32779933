"""Text the user hands in (a task, a file or stdin to preview) must be UTF-8 text; anything else is a one-line BadInput."""

from __future__ import annotations

from edgeagent.errors import BadInput


def decode_text(data: bytes, where: str) -> str:
    """`data` as UTF-8 text, naming `where` and the first bad byte when it is not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput(f"{where}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None
    return check_text(text, where)


def check_text(text: str, where: str) -> str:
    """`text` unchanged if it is storable UTF-8 text without NUL bytes (what marks binary data)."""
    try:
        text.encode("utf-8")  # argv arrives with undecodable bytes as lone surrogates, which SQLite refuses
    except UnicodeEncodeError as e:
        raise BadInput(f"{where}: not UTF-8 text (an undecodable byte at character {e.start})") from None
    if "\x00" in text:
        raise BadInput(f"{where}: binary data (a NUL byte at character {text.index(chr(0))}), not text")
    return text
