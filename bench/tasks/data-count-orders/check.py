import re


def check(workspace, answer):
    return 1.0 if answer and re.search(r"\b(4|four)\b", answer.lower()) else 0.0
