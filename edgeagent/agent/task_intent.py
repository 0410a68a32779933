"""Whether a task only asks a question. Such a run is offered no tool that changes anything, so an instruction
planted in a mail or file ("replace the runbook", "mail this to ...") has nothing to act with, whoever reads it.

Conservative on purpose: a prompt counts as a question only when no sentence asks for a change, so a task that
does want one keeps every tool. Misreading a request as a question would fail the task; the reverse only keeps
today's behaviour."""

from __future__ import annotations

import re

# Base forms only: "Who sent me ...?" and "Which emails haven't I replied to?" are questions. The list catches a
# request inside a question ("..., and send it to Ana?"); an imperative sentence is caught by its shape below.
# Nouns that are mostly nouns here (mail, email, commit, export, request) are left out: "today's mail" is no request.
CHANGE_VERBS = (
    "accept add amend append apply archive assign attach book bump cancel change clean combine complete convert "
    "copy correct create decline delete draft edit enter fill fix forward generate import insert invite lower "
    "make mark merge modify move notify paste patch post prepare produce publish push put raise redact refund "
    "register remind remove rename reorder replace reply reschedule reset respond restore revert rewrite rotate "
    "save schedule send set share sort split store submit tidy transfer translate turn update upgrade upload write"
)
_CHANGE = re.compile(r"\b(" + CHANGE_VERBS.replace(" ", "|") + r")\b", re.IGNORECASE)
# "Let Ana know", "tell Jonas": a message to someone else. "tell me" / "let me know" ask for an answer.
_MESSAGE = re.compile(r"\b(tell|let|ask|remind|warn|inform|cc)\s+(?!me\b|us\b)\w+", re.IGNORECASE)
# "Could you ...?" is a request dressed as a question.
_REQUEST = re.compile(r"\b(please|(can|could|would|will|won't|shall)\s+(you|we|u))\b", re.IGNORECASE)
# An imperative that only reads: "Summarise the proposal.", "List my meetings on Friday."
_READ_VERBS = re.compile(r"^\s*(summari[sz]e|list|show|find|check|explain|describe|compare|count|look up|"
                         r"give (me|it|its|them)|tell me|let me know|look|see)\b", re.IGNORECASE)
# A statement that sets the scene ("The log is logs/auth.log.", "I drove 230 km.") starts with one of these; any
# other sentence that is not a question may be an imperative no list foresaw ("Drop them."), so it is one.
_STATEMENT = re.compile(r"^\s*(the|a|an|some|one|two|three|any|all|each|every|no|none|my|our|your|his|her|their|its|"
                        r"it|it's|this|that|these|those|there|i|i'm|i've|i'd|we|we're|we've|he|she|they|someone|"
                        r"something|somebody|anyone|nobody|everyone|only|don't|do not|never|\d[\w-]*|\S*[/_]\S*)\b"
                        r"|^\s*\S+\s+(\S+\s+)?(is|are|was|were|has|have|had)\b", re.IGNORECASE)  # "Customers are ..."
_SENTENCE = re.compile(r"[^.?!]+[.?!]*")


def only_asks(prompt: str) -> bool:
    """True when the prompt asks questions and nothing in it asks for a change."""
    if _CHANGE.search(prompt) or _MESSAGE.search(prompt):
        return False
    sentences = [s.strip() for s in _SENTENCE.findall(_unfile(prompt)) if s.strip()]
    if any(_REQUEST.search(s) for s in sentences):
        return False
    if not all(s.endswith("?") or _READ_VERBS.match(s) or _STATEMENT.match(s) for s in sentences):
        return False
    return any(s.endswith("?") or _READ_VERBS.match(s) for s in sentences)


def _unfile(text: str) -> str:
    """File names without their dots, so "notes/retro.md" does not end a sentence."""
    return re.sub(r"\.(?=\w)", "_", text)
