"""AceBench 124: a memory architecture design document from a project folder that holds four traps.

The original is graded 0.45 by automatic checks and 0.55 by an LLM judge (traps 40%, technical depth 35%,
coherence 25%); the judged criteria become checks of the facts they ask for:
- values 0.45: episodic retention of a year (365 days, or 12 months) adopted; FTS5's index read as about 4.5 MB;
  LocalMind's 0.85 read as MB per 1,000 entries; one embedding dimension, 384. A design that misses any of them
  builds on a wrong figure and scores 0 in all.
- traps explained 0.22: the draft's 30-day retention called wrong; the 45 MB figure called an error; the GB/MB
  unit slip named; the lock timeouts put down to the prototype's concurrent writers (WAL, single writer), not to
  SQLite (0.055 each).
- technical depth 0.1925: the three layers (0.04); Markdown with YAML frontmatter (0.03); an offline embedding
  model by name (0.03); the 500 ms and 2 s latency budgets (0.03); each persona's 24-month storage from the
  simulation ({'researcher': 4.06, 'project_manager': 1.01, 'creative_writer': 0.76}) (0.0625).
- structure 0.1375: Directory Structure and Search headings (0.035); daily logging (0.035); distillation with the
  3-mention promotion threshold (0.035); cross-reference links (0.0325).
A document pasted from the sources scores 0.
"""

from edgeagent.bench.grading import has_duration, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'memory_architecture_design.md'
AT24 = {'researcher': 4.06, 'project_manager': 1.01, 'creative_writer': 0.76}
PROMOTE = 3


def _pasted(ws, got):
    words_ = tokens(got)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.name != OUT]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    mine = {tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}
    return len(mine & grams) >= 0.6 * len(mine)


def _paragraphs(t):
    return [p for p in t.split("\n\n") if p.strip()]


def _near(t, a, b):
    """Both phrases in one paragraph."""
    return any(says_any(p, *a) and says_any(p, *b) for p in _paragraphs(t))


def check(ws, answer):
    t = text(ws / OUT)
    if not t.strip() or _pasted(ws, t):
        return 0.0
    retention = [p.replace("/", ";") for p in _paragraphs(t) if says(p, "episodic") and says_any(p, "retention", "retain", "kept",
                                                                               "keep")]
    year = any(has_duration(p, 365 * 1440) or says_any(p, "12 months", "one year", "1 year", "a year")
               for p in retention) and not any(has_number(p, 365) and not has_number(p, 365, alone=True)
                                               for p in retention)
    values = (year and _near(t, ["FTS5"], ["4.5"]) and _near(t, ["LocalMind"], ["0.85 MB", "0.85MB", "MB"])
              and has_number(t, 384))
    if not values:
        return 0.0
    score = 0.45
    score += 0.055 * _near(t, ["30"], ["draft", "30-day", "30 day"])
    score += 0.055 * _near(t, ["45 MB", "45MB", "45"], ["error", "typo", "decimal", "implausible", "wrong",
                                                        "mistake", "misprint"])
    score += 0.055 * _near(t, ["LocalMind"], ["unit", "units", "GB"])
    score += 0.055 * (_near(t, ["lock", "locks", "lock timeout", "lock timeouts"],
                            ["WAL", "single writer", "single-writer", "concurrent", "connections"]))
    score += 0.04 * all(says(t, w) for w in ("working", "episodic", "semantic"))
    score += 0.03 * says_any(t, "frontmatter", "front matter", "front-matter")
    score += 0.03 * says_any(t, "MiniLM", "all-MiniLM-L6-v2", "GTE-small", "bge", "nomic")
    score += 0.03 * (says_any(t, "500 ms", "500ms", "0.5 s") and (has_duration(t, 2 / 60)
                                                                  or says_any(t, "2 s", "2s", "2,000 ms", "2000 ms")))
    score += 0.0625 * all(has_number(t, gb, tol=0.051) or has_number(t, gb * 1024, tol=60) for gb in AT24.values())
    heads = [ln for ln in t.splitlines() if ln.lstrip().startswith("#")]
    score += 0.035 * (any(says(h, "directory structure") for h in heads) and any(says(h, "search") for h in heads))
    score += 0.035 * _near(t, ["daily"], ["logging", "log", "logs"])
    score += 0.035 * (_near(t, ["distillation", "distil", "distill", "promotion", "promoted"], ["semantic"])
                      and _near(t, ["mention", "mentions", "mentioned", "sessions"], [str(PROMOTE), "three"]))
    score += 0.0325 * _near(t, ["cross-reference", "cross-references", "cross reference", "backlink", "backlinks"],
                            ["link", "links", "linked", "linking"])
    return score


check = graded(check)  # a pasted answer is no answer
