"""AceBench 105: an 8-slide SAM 3 deck from the repository, as markdown (slides.md).

The original: a gate (the file exists and has exactly 8 pages), then content coverage (weight 1) and visual
design (weight 2), both judged by a vision model on the rendered PDF. Re-weighted for a markdown deck: content
0.70, and slide structure 0.30 in place of visual design (a deck's text can show a consistent layout, not colour):
- content: the title slide names SAM 3 (0.10); an overview of promptable concept segmentation (0.12); the
  architecture (two of: detector, tracker, presence head/token, Perception Encoder/shared backbone, DETR; 0.12);
  results (about 2x, or the 30 ms speed; 0.12); the SA-Co dataset with its concept count (270K, or 4M labels;
  0.12); what is new over SAM 2 (a slide naming SAM 2 and concept / all-instance / text or exemplar prompts; 0.12).
- structure: every slide opens with a title (0.15); no slide over 120 words (0.15).
Slides are the '---'-separated sections (front matter left out), or else the level-1/2 headings.
Gates (0): no deck; not exactly 8 slides; a title slide that is not about SAM 3; a hedged key figure (the 2x or
the 270K offered beside another); SAM 2's figures (SA-V's 51K videos / 643K masklets) given for SA-Co; a deck
pasted from the repository's files.
"""

import re

from edgeagent.bench.grading import fold, has_number
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'slides.md'


def _slides(doc):
    t = doc.strip("\n")
    if t.startswith("---"):
        end = t.find("\n---", 3)
        if end > 0 and re.search(r"^\w+\s*:", t[3:end].strip(), re.MULTILINE):
            t = t[end + 4:]
    parts = [p for p in re.split(r"^\s*---+\s*$", t, flags=re.MULTILINE) if p.strip()]
    if len(parts) > 1:
        return parts
    out, cur = [], []
    for ln in t.splitlines():
        if re.match(r"#{1,2}\s", ln) and cur and any(x.strip() for x in cur):
            out.append("\n".join(cur))
            cur = []
        cur.append(ln)
    if any(x.strip() for x in cur):
        out.append("\n".join(cur))
    return out


def _pasted(ws, doc):
    mine = tokens(doc)
    if len(mine) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.name != OUT]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    own = {tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}
    return len(own & grams) >= 0.6 * len(own)


SAM3 = re.compile(r"\bsam\s?-?3\b", re.IGNORECASE)


def check(ws, answer):
    doc = text(ws / OUT)
    if not doc.strip() or _pasted(ws, doc):
        return 0.0
    slides = _slides(doc)
    if len(slides) != 8 or not SAM3.search(slides[0]):
        return 0.0
    folded = [fold(s) for s in slides]
    for s in slides:
        if has_number(s, 270000) and not has_number(s, 270000, alone=True):
            return 0.0
        if re.search(r"2\s?[x×]|twice|double", fold(s)) and re.search(r"2\s?[x×]\s*(or|to|-|–)\s*\d|\d\s?[x×]?\s*"
                                                                       r"(or|to)\s*2\s?[x×]", fold(s)):
            return 0.0
        if re.search(r"sa-?co", fold(s)) and (has_number(s, 51000) or has_number(s, 643000)) \
                and not re.search(r"sam\s?-?2|sa-?v\b", fold(s)):
            return 0.0
    score = 0.10
    score += 0.12 * any("concept" in f and re.search(r"segment|pcs", f) for f in folded)
    arch = [r"detector|detr", r"tracker", r"presence", r"perception encoder|backbone"]
    score += 0.12 * any(sum(bool(re.search(a, f)) for a in arch) >= 2 for f in folded)
    score += 0.12 * any(re.search(r"\b2\s?[x×]|\btwice\b|\bdoubl|30\s?ms", f) for f in folded)
    score += 0.12 * any(re.search(r"sa-?co", f) and (has_number(s, 270000) or has_number(s, 4000000)
                                                   or re.search(r"\b4\s?m\b|4 million", f))
                        for s, f in zip(slides, folded))
    score += 0.12 * any(re.search(r"sam\s?-?2", f) and re.search(r"concept|all (the )?instances|every instance|"
                                                                 r"text prompt|noun phrase|exemplar|open[- ]vocab", f)
                        for f in folded)
    def titled(s):
        first = next((ln for ln in s.splitlines() if ln.strip()), "")
        return bool(re.match(r"\s*(#{1,3}\s|\*\*|__)", first))
    score += 0.15 * all(titled(s) for s in slides)
    score += 0.15 * all(len(re.findall(r"\w+", s)) <= 120 for s in slides)
    return score


check = graded(check)  # a pasted file is no answer
