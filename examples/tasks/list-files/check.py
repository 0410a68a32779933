import re


def check(workspace, answer):
    # Two files, each named, is full marks; the right count alone is half.
    if not answer:
        return 0.0
    text = answer.lower()
    count = 0.5 if re.search(r"\b(2|two)\b", text) else 0.0
    return count + (0.5 if "notes.md" in text and "todo.md" in text else 0.0)
