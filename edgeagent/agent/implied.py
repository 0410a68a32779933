"""Deliverables a task asks for without naming them ("set Fernhill up in the vendor master and let AP know"):
read once by the edge model, under a JSON grammar, when the deterministic parser (deliverables.py) finds nothing
in a task that is not only a question. The reading is stored with the run, so every step, a resume and the run's
verdict see the same list.

The model lists each change with the request's own words for it, and only what those words back is owed: a
quote must stand in the task verbatim and not under a negation, an event's quote must speak of the calendar or a
booking, and a send the task forbids is never owed. No path is ever invented: any file the run writes meets a
file it owes, and the open line quotes what was asked."""

from __future__ import annotations

import functools
import json
import re

from edgeagent.agent.deliverables import (
    CALENDAR,
    Deliverable,
    EventDeliverable,
    FileDeliverable,
    MessageDeliverable,
    find_deliverables,
    forbids_sending,
    negated,
)
from edgeagent.agent.task_intent import only_asks
from edgeagent.backends.base import Backend, Chunk

ACTIONS = ("write_file", "send_mail", "draft_mail", "add_event")
SCHEMA = {
    "type": "object",
    "properties": {"asks": {"type": "array", "maxItems": 3, "items": {
        "type": "object",
        "properties": {"action": {"enum": list(ACTIONS)}, "quote": {"type": "string", "maxLength": 90}},
        "required": ["action", "quote"], "additionalProperties": False}}},
    "required": ["asks"],
    "additionalProperties": False,
}
MAX_TOKENS = 160  # three quoted changes fit; a reading cut short is read as none
# Examples of the project's own, in no benchmark task: without them a 1.5B model marks every kind as asked.
INSTRUCTION = """You read one request a user gave their assistant, and list the changes it asks the assistant to \
make in the workspace: write_file (create or change a file, a list, a tracker, a config), send_mail (mail \
someone), draft_mail (a mail draft, not sent), add_event (a calendar entry). For each, quote the request's own \
words that ask for it. Reading, checking, finding, explaining, or telling the user something is no change: a \
request that only asks for those lists nothing.

Examples:
Request: Which invoices are overdue? Tell me who owes the most.
{"asks": []}
Request: Put the new hire's start date into the onboarding tracker and let the landlord know the heating is fixed.
{"asks": [{"action": "write_file", "quote": "Put the new hire's start date into the onboarding tracker"}, \
{"action": "send_mail", "quote": "let the landlord know"}]}
Request: Look over the lease and explain the notice period to me.
{"asks": []}"""
_BOOKING = re.compile(r"\b(book|schedule|block|reserve|buch\w*|plan\w*|réserv\w*|planifi\w*)\b", re.IGNORECASE)
_SPACE = re.compile(r"\s+")


def needs_reading(task: str) -> bool:
    """Whether the model is asked at all: the parser found nothing, and the task asks for more than an answer."""
    return not find_deliverables(task) and not only_asks(task)


def read_implied(backend: Backend, task: str) -> tuple[str, Chunk]:
    """The model's reading of the task (JSON text as generated) and the call's final chunk, for its usage."""
    chat = [{"role": "system", "content": INSTRUCTION}, {"role": "user", "content": f"Request: {task}"}]
    return backend.complete(chat, constraint=SCHEMA, max_tokens=MAX_TOKENS)


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def _backed(action: str, quote: str, task: str) -> bool:
    """Whether the task's words back the change: the quote stands in it, unnegated; an event's speaks of one."""
    if len(_flat(quote)) < 6 or _flat(quote) not in _flat(task) or negated(quote):
        return False
    return action != "add_event" or bool(CALENDAR.search(quote) or _BOOKING.search(quote))


@functools.lru_cache(maxsize=64)
def implied(task: str, stored: str | None) -> tuple[Deliverable, ...]:
    """What a stored reading owes ("" or None: nothing), one deliverable per kind, each with its quote."""
    try:
        asks = json.loads(stored or "{}").get("asks")
    except (ValueError, AttributeError):
        return ()
    found: dict[str, Deliverable] = {}
    for ask in asks if isinstance(asks, list) else []:
        action, quote = (ask.get("action"), ask.get("quote")) if isinstance(ask, dict) else (None, None)
        if action not in ACTIONS or not isinstance(quote, str) or action in found or not _backed(action, quote, task):
            continue
        if action == "send_mail" and forbids_sending(task):
            continue
        q = _SPACE.sub(" ", quote).strip()
        found[action] = FileDeliverable("", q) if action == "write_file" else EventDeliverable(q) \
            if action == "add_event" else MessageDeliverable(draft=action == "draft_mail", asked=q)
    return tuple(found.values())
