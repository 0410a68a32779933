"""What a task asks the run to produce (files to write or change, mail to send or draft, events to add), read
off its words, and which of those the run's steps have made. A small model stops early and says it is done;
the runtime keeps its own list instead of trusting the answer.

Deterministic and conservative: only what the text names explicitly (a path after a write verb, a send verb,
a calendar verb with an event noun) counts; a request it cannot read yields nothing, never a guess. A later
model reads the deliverables of a task the parser finds none in (implied.py); the functions below take them as
`implied`, used only when the words name none."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# What an output file is named like: a path whose last part has a known extension (not a domain or "e.g.").
EXTENSIONS = ("md|txt|csv|tsv|json|jsonl|yaml|yml|toml|ini|cfg|conf|ics|vcf|eml|html|htm|xml|py|js|ts|sh|sql|log|"
              "rst|org|tex|xlsx|docx|pdf|env")
PATH = re.compile(r"(?<![\w@/.:-])(/?(?:[\w.-]+/)*[\w-][\w.-]*\.(?:" + EXTENSIONS + r"))(?![\w/-])",
                  re.IGNORECASE)
ADDRESS = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
# Verbs that make or change a file (English, German, French imperatives and infinitives).
_WRITE = (r"write|save|store|put|create|make|produce|generate|export|record|append|add|update|edit|change|modify|"
          r"fix|correct|amend|rewrite|replace|fill|draft|"
          r"schreib\w*|speicher\w*|sicher\w*|erstell\w*|leg\w*|aktualisier\w*|änder\w*|bearbeit\w*|ergänz\w*|"
          r"trag\w*|füg\w*|korrigier\w*|notier\w*|"
          r"écri\w*|enregistr\w*|sauvegard\w*|cré\w*|mets|mettre|modifi\w*|corrig\w*|ajout\w*|rédig\w*|complèt\w*")
# Verbs that only read what they name: the nearest verb before a path decides whether it is input or output.
_READ = (r"read|open|look|check|see|review|summari[sz]e|use|compare|analy[sz]e|count|list|search|find|go|based|"
         r"lies|lese\w*|öffne\w*|prüf\w*|schau\w*|nutz\w*|verwende\w*|fasse\w*|"
         r"lis|lire|ouvr\w*|consult\w*|vérifi\w*|résum\w*|utilis\w*|regard\w*")
_VERB = re.compile(rf"\b(?:(?P<write>{_WRITE})|(?P<read>{_READ}))\b", re.IGNORECASE)
# A path right after one of these is where the content comes from.
_SOURCE = re.compile(r"\b(from|of|using|aus|von|vom|de|du|des|d'|à partir de)\s+(the\s+|der\s+|dem\s+|la\s+|le\s+)?$",
                     re.IGNORECASE)
# ... unless it names a place in the file: "add its section at the top of CHANGELOG.md", "à la fin du journal.md".
_PLACE = re.compile(r"\b(?:(?:top|end|bottom|start|beginning|head|foot)\s+of|(?:en haut|à la fin|au début|en bas)\s+"
                    r"(?:de|du|des)|(?:anfang|ende)\s+(?:von|vom|der|des))\s+(?:the\s+|der\s+|la\s+|le\s+)?$",
                    re.IGNORECASE)
# German puts the infinitive last: "... bitte in reports/x.md speichern".
_VERB_LAST = re.compile(r"^\s*(\S+\s+){0,2}?(speichern|schreiben|ablegen|aktualisieren|anlegen|erstellen|ergänzen|"
                        r"eintragen)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(don't|do not|never|not|without|nicht|kein\w*|nie|ne|n'|pas|jamais|sans)\b|\bn'",
                       re.IGNORECASE)
_NOT_A_NEGATION = re.compile(r"\b(don't|do not) forget( to)?\b|\bvergiss nicht\b|\bn'oublie pas( de)?\b",
                             re.IGNORECASE)
# Where a verb stands when it is one: first in its clause, or after "and", "please", "to" and the like; "the
# change log", "the sender" and "a reply" are nouns.
_LEAD = re.compile(r"(^|[,:;(]|\b(and|then|also|please|to|you|first|finally|now|just|und|dann|bitte|zu|et|puis|pour|"
                   r"de|me|mir|moi|nous|uns)\s)\s*$|\bd'$", re.IGNORECASE)
_SEND = re.compile(r"\b(send|e-?mail|mail|reply|respond|forward|notify|schick\w*|send\w*|antworte\w*|"
                   r"benachrichtig\w*|leite|envoi\w*|envoy\w*|répond\w*|transf[eè]r\w*|(?:write|schreib\w*|écri\w*)"
                   r"\s+(?:an?\s+|eine\s+|un\s+|une\s+)?(?:short\s+|kurze\s+|court\s+)?"
                   r"(?:e-?mail|mail|message|nachricht|courriel|note)\b)\b", re.IGNORECASE)
_DRAFT = re.compile(r"\b(draft|entwurf|entwirf|entwerfen|brouillon)\b", re.IGNORECASE)
_EVENT = re.compile(r"\b(add|schedule|book|put|create|set up|plan|trag\w*|leg\w*|erstell\w*|plane|buche|ajout\w*|"
                    r"planifi\w*|programm\w*|cré\w*|réserv\w*)\b(?:\W+\w+){0,6}?\W+(calendar|agenda|meeting|"
                    r"appointment|event|kalender|termin|besprechung|rendez-vous|réunion|événement|calendrier)\b"
                    r"(?!\s+(notes|minutes|summary|protokoll|notizen|compte))", re.IGNORECASE)
_NAME = re.compile(r"\b(?:to|an|à)\s+((?:[A-ZÄÖÜÉ][\w'-]+)(?:(?:,\s*|\s+(?:and|und|et)\s+)[A-ZÄÖÜÉ][\w'-]+)*)")
_REQUEST = re.compile(r"\b(please|bitte|s'il (te|vous) pla[iî]t|(can|could|would|will)\s+you|kannst du|könnten sie|"
                      r"pourrais-tu|pouvez-vous)\b", re.IGNORECASE)
_CONDITION = re.compile(r"\b(if|unless|in case|if needed|as needed|where needed|falls|wenn|sofern|gegebenenfalls|"
                        r"ggf|si|au besoin|le cas échéant)\b|\bs'il\b", re.IGNORECASE)
CALENDAR = re.compile(r"\b(calendar|agenda|event|meeting|appointment|kalender|termin|besprechung|calendrier|"
                      r"réunion|événement|rendez-vous)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^\n;]+?(?:[.?!](?=\s|$)|$|(?=[\n;]))")

FILE_TOOLS = ("write_file", "append_file")


@dataclass(frozen=True)
class FileDeliverable:
    """A file the task asks to create or change, by its workspace-relative path ("": one the task does not name,
    which any file the run writes meets; `asked` then quotes the words that ask for it)."""
    path: str
    asked: str = ""

    def label(self) -> str:
        return f"write {self.path}" if self.path else f'write or change a file, as asked: "{self.asked}"'


@dataclass(frozen=True)
class MessageDeliverable:
    """Mail to send (or only to draft), to the addresses or people the task names (empty: not said); `asked`:
    the words that ask for it, where the model read it (implied.py)."""
    draft: bool
    to: tuple[str, ...] = ()
    asked: str = ""

    def label(self) -> str:
        verb = "draft mail" if self.draft else "send mail"
        verb = f"{verb} to {', '.join(self.to)}" if self.to else verb
        return f'{verb}, as asked: "{self.asked}"' if self.asked else verb


@dataclass(frozen=True)
class EventDeliverable:
    """An event to add to the calendar; `asked` as for mail."""
    asked: str = ""

    def label(self) -> str:
        return f'add the event to the calendar, as asked: "{self.asked}"' if self.asked else \
            "add the event to the calendar"


Deliverable = FileDeliverable | MessageDeliverable | EventDeliverable


@dataclass(frozen=True)
class Effect:
    """One successful step that changed something: its tool, the file it wrote, the mail's recipients."""
    step: int
    tool: str
    path: str | None = None
    to: str = ""


def norm_path(path: str) -> str:
    """A path as the ledger keeps it: relative, without ./ or a leading / or workspace/."""
    p = path.strip().replace("\\", "/")
    for prefix in ("./", "/workspace/", "workspace/", "/"):
        p = p.removeprefix(prefix)
    return p


@functools.lru_cache(maxsize=64)
def find_deliverables(task: str) -> tuple[Deliverable, ...]:
    """What the task explicitly asks to produce, in the order named; () when it asks for nothing or is unclear."""
    found: list[Deliverable] = []
    for sentence in (s.strip() for s in _SENTENCE.findall(task)):
        if not sentence or (sentence.endswith("?") and not _REQUEST.search(sentence)):
            continue  # a question produces an answer, not a file
        if _CONDITION.search(sentence):
            continue  # "update notes.md if it moved": whether it is owed depends on what the run finds
        clean = _NOT_A_NEGATION.sub(" ", sentence)
        found += _files(clean) + _messages(clean) + _events(clean)
    return tuple(dict.fromkeys(found))


def negated(text: str) -> bool:
    """Whether a negation stands in the text ("don't", "nicht", "pas")."""
    return _NEGATION.search(text) is not None


def _negated_before(text: str, at: int) -> bool:
    """A negation just before position `at`, within its clause: "skip what is not real, save x.md" negates
    the skipping, not the saving."""
    start = max(0, at - 12)
    cut = max(text.rfind(c, start, at) for c in ",;:")
    return negated(text[max(start, cut + 1):at])


def _sourced(before: str) -> bool:
    """The path after `before` is where content comes from ("from notes.md"), not a place in it."""
    return _SOURCE.search(before) is not None and _PLACE.search(before) is None


def _verbs(rx: re.Pattern, text: str) -> list[re.Match]:
    """Matches of `rx` that stand where a verb stands (see _LEAD)."""
    return [m for m in rx.finditer(text) if _LEAD.search(text[:m.start()])]


def _files(sentence: str) -> list[Deliverable]:
    out: list[Deliverable] = []
    owned: set[int] = set()  # a write verb names one file: "update a.yaml with the ports in b.txt" owes a.yaml
    for m in PATH.finditer(sentence):
        before = sentence[:m.start()]
        verbs = _verbs(_VERB, before)
        if verbs:
            last = verbs[-1]
            wanted = last.group("write") is not None and not _sourced(before) and last.start() not in owned
            owned.add(last.start())
            denied = _negated_before(before, last.start())
        else:  # no verb before it: a German verb-last clause may still ask for it
            wanted = _VERB_LAST.match(sentence[m.end():]) is not None and not _sourced(before)
            denied = negated(sentence)
        if wanted and not denied:
            out.append(FileDeliverable(norm_path(m.group(1))))
    return out


# "schicke sie nicht ab", "send nothing"
_AFTER_NEGATION = re.compile(r"\b(nicht|nichts|pas|rien|jamais|nothing|no one|nobody)\b", re.IGNORECASE)
_TO_ME = re.compile(r"(-moi|\s+(to\s+)?(me|mir|moi)\b)", re.IGNORECASE)  # "reply to me": the answer is for the user
_ADDRESSED = re.compile(r"\s+(?:to|an|à)\s", re.IGNORECASE)
_MAIL_NOUN = re.compile(r"\b(e-?mail|mail|reply|message|antwort|nachricht|réponse|courriel)\b", re.IGNORECASE)


# Where the verb's own clause ends: "send it to Anna, but not to Tom" negates the second clause, not the sending.
_CLAUSE_END = re.compile(r"[,;:]|\s(?:but|aber|sondern|mais)\s", re.IGNORECASE)
# A recipient ruled out: "but not to Tom", "aber nicht an Tom", "mais pas à Tom", "not tom@x.org", "except Tom".
_NOT_RECIPIENT = re.compile(r"\b(?:not|never|nicht|pas|jamais|nie|except|außer|sauf)\b"
                            r"(?=\s+(?:\w+\s+){0,2}?(?:to|an|à|cc|bcc)\b|\s+(?:[A-ZÄÖÜÉ]|\S+@))")


def _messages(sentence: str) -> list[Deliverable]:
    sends = [m for m in _verbs(_SEND, sentence) if not _TO_ME.match(sentence[m.end():])]
    draft = _DRAFT.search(sentence)
    if draft is not None and not (_MAIL_NOUN.search(sentence) or _ADDRESSED.match(sentence[draft.end():])):
        draft = None  # "draft the announcement in notes.md" is a file; "a draft to the COO" is mail
    first = min((x for x in (sends[0] if sends else None, draft) if x is not None), key=lambda x: x.start(),
                default=None)
    if first is None:
        return []
    clause = sentence[first.start():first.start() + 40]
    if _AFTER_NEGATION.search(clause[:m.start()] if (m := _CLAUSE_END.search(clause)) else clause):
        return []  # "send nothing", "schick sie nicht ab"; "don't send" never matches: its verb is not in a verb's place
    if _negated_before(sentence, first.start()):
        return []
    rest = sentence[first.start():]
    if (cut := _NOT_RECIPIENT.search(rest)) is not None:
        rest = rest[:cut.start()]  # a recipient ruled out is not owed a mail
    to = tuple(ADDRESS.findall(rest))
    if not to:
        names = _NAME.search(rest)
        to = tuple(re.split(r",\s*|\s+(?:and|und|et)\s+", names.group(1))) if names else ()
    return [MessageDeliverable(draft=draft is not None, to=to)]


# "don't send anything", "send nothing", "nicht abschicken", "n'envoie rien": the user forbids sending at all. A
# prohibition with a person in it ("don't email anyone else", "don't send it to the client") forbids less, and is
# not matched.
_SEND_VERB = r"(?:send|e-?mail|mail|forward|schick\w*|send\w*|verschick\w*|envoi\w*|envoy\w*)"
_WHAT = (r"(?:\s+(?:anything|them|it|this|these|those|out|yet|anyone|anybody|sie|es|ab|(?:any\s+|the\s+)?"
         r"(?:drafts?|repl(?:y|ies)|e-?mails?|mails?|messages?)))*")
_NO_SENDING = re.compile("|".join([
    (rf"\b(?:don't|do not|never|not|nicht|ne|n')\s+(?:yet\s+)?{_SEND_VERB}{_WHAT}\s*"  # "don't send them yet"
     r"(?=$|[.,;:!)(\n—–-]|\s+(?:yet|until|before|i'll|i will|we'll|just|only|noch|bis|avant|pas)\b)"),
    rf"\b{_SEND_VERB}\s+(?:nothing|nichts|rien)\b",  # "send nothing", "n'envoie rien"
    rf"\b(?:nichts|nicht)\s+(?:ab)?{_SEND_VERB}",  # "nichts verschicken", "nicht abschicken"
    # "schick sie nicht ab"
    rf"\b{_SEND_VERB}\s+(?:sie|es|ihn|die\s+\w+|das\s+\w+|den\s+\w+)?\s*(?:noch\s+)?nicht\s+ab\b",
    r"\bnothing\s+(?:is\s+to|should|must|may|can)\s+(?:be\s+)?(?:sent|e-?mailed|mailed)\b",
    rf"\bwithout\s+sending\b|\bohne\s+(?:sie\s+|es\s+)?(?:zu\s+)?{_SEND_VERB}",
    r"\bsans\s+(?:les\s+|l')?envoyer\b|\bne\s+(?:rien|pas)\s+envoyer\b",
    rf"\bkeine?\s+(?:e-?mails?|mails?|nachricht\w*)\s+(?:\w+\s+)?{_SEND_VERB}",  # "keine Mails verschicken"
]), re.IGNORECASE)
SENDING_TOOLS = frozenset({"send_mail"})  # what a task that forbids sending is not offered (draft_mail stays)
_BUT_SOMEONE = re.compile(r"^\s*(?:\w+\s+)?(?:else|but|except|other|außer|sauf)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def forbids_sending(task: str) -> bool:
    """The task forbids sending any mail, and asks to send none: the run is then not offered send_mail at all, so
    neither the model nor a planted instruction can send what the user said not to."""
    if any(isinstance(d, MessageDeliverable) and not d.draft for d in find_deliverables(task)):
        return False  # it also asks for a mail to go: the words forbid less than everything
    clean = _NOT_A_NEGATION.sub(" ", task)
    return any(not _BUT_SOMEONE.match(clean[m.end():]) for m in _NO_SENDING.finditer(clean))


def _events(sentence: str) -> list[Deliverable]:
    events = _verbs(_EVENT, sentence)
    if not events or _AFTER_NEGATION.search(events[0].group(0)):
        return []
    return [EventDeliverable()]


def effects_of(steps: list[dict], ledger: list[dict]) -> list[Effect]:
    """The successful steps that changed something, each with the path the ledger recorded for it (the path as
    resolved, so "/notes.md" and "notes.md" are one file; a mail's stored .eml too)."""
    written = {e["step_idx"]: e["path"] for e in ledger}
    out = []
    for s in steps:
        args = s.get("args") or {}
        if not s["ok"] or s["tool"] not in (*FILE_TOOLS, "send_mail", "draft_mail", "add_event"):
            continue
        path = written.get(s["idx"])
        if path is None and s["tool"] in FILE_TOOLS and isinstance(args.get("path"), str):
            path = norm_path(args["path"])
        out.append(Effect(s["idx"], s["tool"], path, str(args.get("to", ""))))
    return out


def met(d: Deliverable, effects: list[Effect]) -> bool:
    """Whether a step made it: a write to that very path, mail of that kind to each named address, an event."""
    if isinstance(d, FileDeliverable):
        return any(e.tool in FILE_TOOLS and (e.path == d.path or not d.path) for e in effects)
    if isinstance(d, MessageDeliverable):
        sent = [e.to.lower() for e in effects if e.tool == ("draft_mail" if d.draft else "send_mail")]
        addresses = [a.lower() for a in d.to if "@" in a]
        return bool(sent) and all(any(a in to for to in sent) for a in addresses)
    return any(e.tool == "add_event" for e in effects)


def makeable(d: Deliverable, tools: set[str] | dict) -> bool:
    """Whether the run has a tool that can make it: a run without mail tools owes no mail."""
    if isinstance(d, FileDeliverable):
        return any(t in tools for t in FILE_TOOLS)
    if isinstance(d, MessageDeliverable):
        return ("draft_mail" if d.draft else "send_mail") in tools
    return "add_event" in tools


def still_open(task: str, effects: list[Effect], tools: set[str] | dict,
               implied: tuple[Deliverable, ...] = ()) -> list[Deliverable]:
    """The task's deliverables (its words', else `implied`) this run's tools can make and its steps have not made."""
    return [d for d in find_deliverables(task) or implied if makeable(d, tools) and not met(d, effects)]


def open_line(items: list[Deliverable]) -> str:
    """The short note after a step's result while something is still owed."""
    return f"\n\n[open: {'; '.join(d.label() for d in items)}]" if items else ""


def open_notes(task: str, steps: list[dict], ledger: list[dict], tools: set[str] | dict,
               implied: tuple[Deliverable, ...] = ()) -> list[str]:
    """For each step, the open line as it stood right after that step: derived from stored facts only, so every
    earlier message renders the same at every later step and the KV cache's prefix holds."""
    wanted = [d for d in find_deliverables(task) or implied if makeable(d, tools)]
    if not wanted:
        return [""] * len(steps)
    effects = effects_of(steps, ledger)
    return [open_line([d for d in wanted if not met(d, [e for e in effects if e.step <= s["idx"]])]) for s in steps]
