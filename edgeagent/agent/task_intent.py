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
# A sentence that starts as a question or a read ("Check the calendar, list the meetings, and email each
# organiser ...") may go on to ask for an effect in a later clause. Such a clause starts with a verb and its
# object: a word no closed class below holds, in its base form, then a determiner, a pronoun or a name. Which verb
# it is does not matter, so no list of verbs has to foresee it ("email", "ping", "chase", "loop in").
_CLAUSE = re.compile(r"\s*(?:[,;:]|\s(?:and|then)\s)\s*(?:(?:and|then|also|finally|afterwards|please)\s+)*",
                     re.IGNORECASE)
_OBJECT = (r"(the|a|an|each|every|all|both|any|some|them|him|her|it|this|that|these|those|my|our|their|his|its|your|"
           r"me|us|everyone|everybody|someone|somebody|anyone|[A-Z][a-z]+)\b")
_VERB_AND_OBJECT = re.compile(r"([a-z][a-z-]*)\s+((in|on|up|out|off|down|back|over)\s+)?" + _OBJECT)  # "loop in"
_FUNCTION_WORDS = (
    # wh-words, auxiliaries, modals and conjunctions: "..., and did she accept it?", "..., or should we ..."
    "who what when where which why how whose whom whether if unless because since while so but or nor not than "
    "as yet is are was were be been being am do does did has have had can could will would shall should may might "
    "must "
    # prepositions and the like: "..., and for each one the total", "..., with their phone numbers"
    "about above across after against along among around at before behind below beneath beside besides between "
    "beyond by during except excluding for from in including inside into like minus near of off on onto out over "
    "past per plus regarding since through throughout till to toward towards under until up upon via with within "
    "without "
    # pronouns, determiners, quantifiers and adverbs that can stand before one: "..., and all the invoices"
    "i you he she it we they me us him her them my your his its our their this that these those there here what "
    "the a an no all both each every either neither any some many much more most less least few several other "
    "another such only just also even especially mainly mostly roughly nearly almost exactly ideally maybe perhaps "
    "probably then now today tomorrow yesterday still already again too very really first last next once twice "
    "early late mid everything anything something nothing everyone anyone someone"
)
_NOT_A_VERB = frozenset(_FUNCTION_WORDS.split())
# A yes/no question governs the verbs joined to it: "Should we rent and insure the van?" asks, it does not ask for.
_YES_NO = re.compile(r"^\s*(is|are|was|were|do|does|did|has|have|had|should|shall|may|might|must)\b", re.IGNORECASE)
# A deliverable named by where it goes: "... saved as status/tickets.md", "The list goes into churn/march.csv".
# ("Look into logs/x.log" and "dig into" investigate; "the same as x.csv" and "such as" compare.)
_DESTINATION = re.compile(r"(?<!look )(?<!dig )(?<!same )(?<!such )\b(as|into)\s+(a\s+(new\s+)?file\s+)?"
                          r"[\w./-]*\w\.[a-z]\w{0,4}\b", re.IGNORECASE)
# A wish for an effect: "I need you to block the morning", "I want the summary mailed to the team". The thing
# wished for is a pronoun or a short noun phrase with no clause of its own ("the numbers we discussed in ...").
_WISH_TO = re.compile(r"\b(want|need|like|asked)\s+(you|u)\s+to\s+", re.IGNORECASE)
_WISH_DONE = re.compile(r"\b(want|need|'d like|would like)\s+(them|it|this|that|these|those|everything|"
                        r"(the|my|our|a|an|each|every|all|this|that|these|those)"
                        r"(\s+(?!(that|which|who|whom|we|i|you|they|he|she|it)\b)[\w'-]+){1,3})\s+"
                        r"(sent|put|set|made|done|written|\w+ed)\s+(to|as|in|into|on|for|by|before|every)\b",
                        re.IGNORECASE)
_READ_DONE = re.compile(r"(checked|reviewed|compared|explained|described|summari[sz]ed|listed|counted|analy[sz]ed|"
                        r"looked|examined|investigated|researched|verified)\s+\w+$", re.IGNORECASE)


def _asks_in_a_clause(sentence: str) -> bool:
    """A clause after the first that starts with a verb in its base form and the verb's object."""
    if sentence.endswith("?") and _YES_NO.match(sentence):
        return False
    for clause in _CLAUSE.split(sentence)[1:]:
        m = _VERB_AND_OBJECT.match(clause)  # lower case: a capitalised word there is a name ("..., and Bob ...")
        if not m or _READ_VERBS.match(clause):
            continue
        verb = m.group(1)
        inflected = re.search(r"(ed|\w{3}ing|[^su]s)$", verb) is not None  # "and cancelled it", "and owns the"
        if verb not in _NOT_A_VERB and not inflected:
            return True
    return False


def _wishes(prompt: str) -> bool:
    """A wish for an effect; "I need you to check ..." and "I'd like the contracts reviewed by Friday" ask a read."""
    if any(not _READ_VERBS.match(prompt[m.end():]) for m in _WISH_TO.finditer(prompt)):
        return True
    return any(not _READ_DONE.search(m.group(0)) for m in _WISH_DONE.finditer(prompt))


def only_asks(prompt: str) -> bool:
    """True when the prompt asks questions and nothing in it asks for a change."""
    if _CHANGE.search(prompt) or _MESSAGE.search(prompt) or _DESTINATION.search(prompt) or _wishes(prompt):
        return False
    sentences = [s.strip() for s in _SENTENCE.findall(_unfile(prompt)) if s.strip()]
    if any(_REQUEST.search(s) or _asks_in_a_clause(s) for s in sentences):
        return False
    if not all(s.endswith("?") or _READ_VERBS.match(s) or _STATEMENT.match(s) for s in sentences):
        return False
    return any(s.endswith("?") or _READ_VERBS.match(s) for s in sentences)


def _unfile(text: str) -> str:
    """File names without their dots, so "notes/retro.md" does not end a sentence."""
    return re.sub(r"\.(?=\w)", "_", text)
