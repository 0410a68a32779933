"""What a final answer says the run did ("The report has been written to reports/x.md", "I sent it to Ana"),
checked against what its steps did. A small model reports the work it meant to do; the runtime compares that
with the effects it recorded and refuses a claim it cannot find.

Only action claims count: the first person ("I saved", "ich habe ... gespeichert", "j'ai envoyé"), a perfect
passive ("has been written", "a été envoyé"), a bare past verb opening the sentence ("Wrote reports/x.md"), or
a passive naming where it went ("was saved to x.md"). A fact from the files ("the invoice was sent on May 3
by Ana") is not one."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from edgeagent.agent.deliverables import (
    ADDRESS,
    CALENDAR,
    FILE_TOOLS,
    PATH,
    Deliverable,
    Effect,
    norm_path,
    still_open,
)

# Past participles and past tenses by what they claim (English, German, French).
_SENT = (r"sent|emailed|e-mailed|mailed|forwarded|replied|gesendet|geschickt|verschickt|versendet|beantwortet|"
         r"weitergeleitet|envoyée?s?|transférée?s?|répondu")
_DRAFTED = r"drafted|entworfen"
_BOOKED = r"booked|scheduled|gebucht|geplant|eingeplant|planifiée?s?|réservée?s?|programmée?s?"
_WROTE = (r"written|wrote|saved|updated|created|appended|stored|recorded|filed|logged|generated|produced|exported|"
          r"added|geschrieben|gespeichert|aktualisiert|erstellt|angelegt|hinzugefügt|abgelegt|eingetragen|ergänzt|"
          r"écrite?s?|enregistrée?s?|mise? à jour|créée?s?|sauvegardée?s?|ajoutée?s?|rédigée?s?")
_CLAIM = re.compile(rf"\b(?:(?P<sent>{_SENT})|(?P<drafted>{_DRAFTED})|(?P<booked>{_BOOKED})|(?P<wrote>{_WROTE}))\b",
                    re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(i|i've|we|we've|ich|wir|j'ai|je|nous)\b|\bj'", re.IGNORECASE)
_PERFECT = re.compile(r"\b(has|have) been\b|\b(a|ont) été\b|\b(ist|sind|wurde|wurden)\b.*\bworden\b|\bis now\b",
                      re.IGNORECASE)
_PASSIVE = re.compile(r"\b(was|were|is|are|wurde|wurden|ist|sind|est|sont)\b", re.IGNORECASE)
_OPENS = re.compile(rf"^\W*(done\W+)?({_SENT}|{_DRAFTED}|{_BOOKED}|{_WROTE})\b", re.IGNORECASE)
# A headline naming the thing made, then the verb: "Draft sent to ana@x.example", "Summary saved to out/s.md".
_THING = (r"drafts?|repl(?:y|ies)|e-?mails?|mails?|messages?|summary|summaries|reports?|files?|notes?|lists?|"
          r"invit(?:e|ation)s?|events?|meetings?|reminders?|digests?|documents?|memos?|answers?|responses?|letters?|"
          r"plans?|tables?|agendas?|minutes|changelog|runbook|brief|[\w.-]+\.[a-z]{1,4}")
_HEADLINE = re.compile(rf"^\W*(?:(?:the|a|an|your|my|all|both|\d+)\s+)?(?:[\w-]+\s+)?(?P<thing>{_THING})\s+"
                       rf"(?:(?:has|have)\s+been\s+)?(?:{_SENT}|{_DRAFTED}|{_BOOKED}|{_WROTE})\b", re.IGNORECASE)
_FINITE = re.compile(r"\b(was|were|is|are|had|has|have|did|does|contain\w*|includ\w*|show\w*|said|says)\b",
                     re.IGNORECASE)
# Said before the verb, these make it no claim: "could not be saved", "once it is sent", "n'a pas été envoyé".
_NOT_DONE = re.compile(r"\b(not|never|no|unable|failed|cannot|would|will|should|shall|if|once|until|before|"
                       r"nicht|nichts|rien|kein\w*|konnte|würde|werde|wenn|sobald|falls|pas|jamais|pourrais|vais)\b|n't\b",
                       re.IGNORECASE)
_BY = re.compile(r"^\s+(by|von|par)\b", re.IGNORECASE)  # "was created by Alice": a fact about the file
# Right after the verb, these make it a denial: "I sent nothing", "saved no copy".
_NOTHING = re.compile(r"^\s+(nothing|none|no|nobody|nichts|niemandem|rien|aucune?)\b", re.IGNORECASE)
# Right before the verb, these put it in a clause that is not the run's act: "the line that logged the header",
# "asks for it to be mailed".
_CLAUSE = re.compile(r"\b(that|which|who|be|to|das|der|die|qui|que)\s+$", re.IGNORECASE)
# Just before a path: what the text was made from ("a summary of notes.md", "aus notes.md"), not the file made.
_SOURCE = re.compile(r"\b(of|from|von|aus|de|du|des)\s+(the\s+|der\s+|dem\s+|la\s+|le\s+|les\s+)?[`'\"]?$",
                     re.IGNORECASE)
_DRAFT_NOUN = re.compile(r"\b(draft|entwurf|brouillon)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^\n]+?(?:[.!?](?=\s|$)|$)")
BLOCKED = re.compile(r"^\s*blocked\s*:", re.IGNORECASE)  # how an answer says the task cannot be done
REFUSED = "error: not accepted: "  # how a finish refused for a claim begins: once per run, found again on resume


@dataclass(frozen=True)
class Claim:
    """One effect the answer says happened: its kind (file, send, draft, event), where or to whom, its words."""
    kind: str
    target: str | None
    text: str


def claims(answer: str) -> list[Claim]:
    """The action claims in a final answer, one per sentence that makes one."""
    out = []
    for sentence in (s.strip() for s in _SENTENCE.findall(answer or "")):
        m = next((m for m in _CLAIM.finditer(sentence) if not _CLAUSE.search(sentence[:m.start()])), None)
        if (m is None or sentence.endswith("?") or _NOT_DONE.search(sentence[:m.start()])
                or _BY.match(sentence[m.end():]) or _NOTHING.match(sentence[m.end():])):
            continue
        # The file a claim names is the one after its verb ("a summary of notes.md written to out.md"), unless that
        # one is a source: then the one before it ("summary.md has been created from notes.md").
        found = list(PATH.finditer(sentence))
        made = [p for p in found if p.start() >= m.end() and not _SOURCE.search(sentence[:p.start()])]
        paths = [norm_path(p.group(1)) for p in made or [p for p in found if p.start() < m.end()] or found]
        addresses = ADDRESS.findall(sentence)
        headline = _HEADLINE.match(sentence)
        if headline and _FINITE.search(sentence[headline.end():]):
            headline = None  # "The file sent to the vendor contained errors": the subject of a fact
        claimed = (_FIRST_PERSON.search(sentence) or _PERFECT.search(sentence) or _OPENS.match(sentence) or headline
                   or (_PASSIVE.search(sentence[:m.start()]) and (paths or addresses)))
        if not claimed:
            continue
        draft_sent = headline is not None and re.fullmatch(r"drafts?", headline.group("thing"), re.IGNORECASE)
        kind = "draft" if draft_sent else _kind(m, sentence, bool(paths))
        if kind is None:
            continue
        target = (addresses[0] if addresses else None) if kind in ("send", "draft") else \
            (paths[0] if paths and kind == "file" else None)
        out.append(Claim(kind, target, sentence))
    return out


def _kind(m: re.Match, sentence: str, has_path: bool) -> str | None:
    if m.group("sent"):
        return "send"
    if (m.group("drafted") or _DRAFT_NOUN.search(sentence)) and not has_path:
        return "draft"  # drafted with a path names files written, not mail
    if m.group("booked") or (CALENDAR.search(sentence) and not has_path):
        return "event"
    if re.fullmatch(r"added|hinzugefügt|ajoutée?s?|eingetragen", m.group("wrote") or "", re.IGNORECASE) and not has_path:
        return None  # "added" what, where? too vague to hold against the run
    return "file"


def backed(c: Claim, effects: list[Effect]) -> bool:
    """Whether a recorded effect makes the claim true: a write to that path, mail of that kind to that address."""
    if c.kind == "file":
        target = c.target
        if target is None:
            return bool(effects)  # "Filed.", "I logged it": too vague to say which effect, not a claim of nothing
        # A bare name is a file the run wrote in a folder too ("saved summary.md"); case aside, since a sentence
        # capitalises the path that opens it ("Reports/x.md has been written").
        target = target.lower()
        if target.endswith(".ics") and any(e.tool == "add_event" for e in effects):
            return True  # "added the meeting to calendar.ics": the calendar tool wrote it
        # Any effect's file counts: "saved it as drafts/001.eml" names the file the draft was stored in.
        return any(e.path is not None and (e.path.lower() == target or
                   ("/" not in target and e.path.lower().endswith("/" + target))) for e in effects)
    if c.kind in ("send", "draft"):
        tool = "send_mail" if c.kind == "send" else "draft_mail"
        return any(e.tool == tool and (c.target is None or c.target.lower() in e.to.lower()) for e in effects)
    return any(e.tool == "add_event" for e in effects)


def false_claims(answer: str, effects: list[Effect]) -> list[Claim]:
    return [c for c in claims(answer) if not backed(c, effects)]


def facts(effects: list[Effect]) -> str:
    """What the run did change, in a line the model can check its answer against."""
    def listed(tool: str, what: str) -> str | None:
        items = [e.path if e.tool in FILE_TOOLS else e.to for e in effects if e.tool == tool or
                 (tool == "write_file" and e.tool in FILE_TOOLS)]
        return f"{what} {', '.join(dict.fromkeys(i or '?' for i in items))}" if items else None

    events = sum(e.tool == "add_event" for e in effects)
    done = [x for x in (listed("write_file", "wrote"), listed("send_mail", "sent mail to"),
                        listed("draft_mail", "saved drafts to"),
                        f"added {events} calendar event{'s' * (events > 1)}" if events else None) if x]
    return "; ".join(done) if done else "nothing was written, sent or added"


def refusal(found: list[Claim], effects: list[Effect]) -> str:
    """The finish step's result when its answer claims what no step did: said once, with the facts."""
    said = "; ".join(f'"{c.text}"' for c in found[:3])
    return (f"{REFUSED}your answer says {said}, but this run {facts(effects)}. Do what is missing now, "
            "or call finish again with an answer that says only what was done.")


AMENDED = "\n\n[edgeagent: not done, though said above: "  # how the runtime marks an answer it had to correct


def amended(answer: str, effects: list[Effect]) -> str:
    """The answer the user gets when its claims still outrun the run's effects (refused once already, or at the
    step budget): the model's words, then the runtime's note of what was not done and what was."""
    wrong = false_claims(answer, effects)
    if not wrong:
        return answer
    said = "; ".join(f'"{c.text}"' for c in wrong[:3])
    return f"{answer}{AMENDED}{said}. What this run did: {facts(effects)}.]"


def verdict(task: str, answer: str | None, effects: list[Effect], tools: dict,
            implied: tuple[Deliverable, ...] = ()) -> dict[str, str | None]:
    """What a run's row records about how it ended: a `blocked:` answer's reason, the answer's claims no step
    backs, and what the task asked for that was never made (JSON lists; None when there is nothing to say)."""
    reason = BLOCKED.sub("", answer or "", count=1).strip() if answer and BLOCKED.match(answer) else None
    wrong = [c.text for c in false_claims(answer or "", effects)]
    left = [d.label() for d in still_open(task, effects, tools, implied)]
    return {"blocked": reason, "false_claims": json.dumps(wrong) if wrong else None,
            "open_deliverables": json.dumps(left) if left else None}
