"""AceBench 122: proposal section 8.5, top lifting points, from conflicting project documents.

The original is graded 0.45 by automatic checks and 0.55 by an LLM judge (conflicts 40%, coherence 35%,
completeness 25%); its judged criteria become checks of the facts they ask for, with those weights:
- values 0.45 (the automatic items): clear height 18 m; grid 3 m x 2 m; embed plate 250 x 250 x 20 mm; standard
  points >= 1.0 t and hoist track points >= 2.0 t; hoist hangers every 1 m (100 cm converted); Q345B adopted;
  safety factor 4.0 adopted (not hedged against 3.0); 15 m never given as the clear height. A section that misses
  or misstates any of them adopts a wrong design value and scores 0 in all.
- conflicts 0.22: the 2021 survey called outdated; the 100 cm contractor value converted; GB 50017's 3.0 against
  the project's 4.0; Q235B in the component spec against Q345B project-wide (0.055 each).
- coherence 0.19: 48 standard points from the grid and chamber (0.07); 13 hoist track points
  (0.06); a schedule table (0.06).
- completeness 0.14: bonding resistance 2.5 mΩ at the shield (0.035); fire rating 1.5 h and 85 μm galvanising
  (0.035); NDT, 1.25 x proof load held 10 min (0.035); maintenance intervals (0.035).
A section pasted from the sources scores 0.
"""

from edgeagent.bench.grading import has_duration, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = 'output/section_8_5_top_lifting_points.md'
OLD = ("2021", "outdated", "superseded", "preliminary", "old survey", "site survey", "no longer", "obsolete",
       "not used", "previous")


def _pasted(ws, got):
    words_ = tokens(got)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.relative_to(ws).as_posix() != OUT]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    mine = {tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}
    return len(mine & grams) >= 0.6 * len(mine)


def _sentences(t):
    return [s for ln in t.splitlines() for s in ln.replace("; ", ". ").split(". ")]


def _lines(t, *terms):
    return [s for s in _sentences(t) if says_any(s, *terms)]


def _values(t):
    height = says_any(t, "18 m", "18m", "18 metres", "18 meters", "18.0 m", "18 metre", "18 meter", "18.0m")
    grid = says_any(t, "3 m x 2 m", "3m x 2m", "3 x 2 m", "3 m × 2 m", "3m×2m", "3 × 2 m", "3×2 m", "3 m by 2 m",
                    "3.0 m x 2.0 m", "3.0 m × 2.0 m", "3 by 2 m", "3.0 × 2.0 m", "3.0 x 2.0 m", "3.0m × 2.0m",
                    "3,000 mm x 2,000 mm", "3000 x 2000 mm", "3000 × 2000 mm")
    plate = says_any(t, "250 x 250 x 20 mm", "250 × 250 × 20 mm", "250x250x20 mm", "250×250×20 mm", "250x250x20mm",
                     "250×250×20mm", "250 mm x 250 mm x 20 mm", "250 mm × 250 mm × 20 mm", "250 x 250 x 20mm",
                     "250 × 250 × 20mm", "250 x 250 x 20 thick", "250 × 250 × t20")
    one_t = says_any(t, "1.0 t", "1 t", "1.0t", "1t", "1 tonne", "1.0 tonne", "1,000 kg", "1000 kg", "1 ton", "1.0 ton",
                     "1.0 tons")
    two_t = says_any(t, "2.0 t", "2 t", "2.0t", "2t", "2 tonnes", "2.0 tonnes", "2,000 kg", "2000 kg", "2 tons",
                     "2.0 tons", "2 ton", "2.0 ton")
    hoist = _lines(t, "hoist", "track", "hanger", "hangers")
    spacing = any(says_any(ln, "1 m", "1.0 m", "1m", "1 metre", "1,000 mm", "1000 mm") for ln in hoist)
    steel = says(t, "Q345B")
    sf_pars = [p.replace("/", ";") for p in t.split("\n\n") if says(p, "safety factor")]
    sf = any(has_number(p, 4.0, alone=True) for p in sf_pars) and \
        not any(has_number(p, 4.0) and not has_number(p, 4.0, alone=True) for p in sf_pars)
    fifteen = _lines(t, "15 m", "15m", "15 metres", "15 meters")
    no_old = all(says_any(ln, *OLD) for ln in fifteen)
    return all((height, grid, plate, one_t, two_t, spacing, steel, sf, no_old))


def check(ws, answer):
    t = text(ws / OUT)
    if not t.strip() or _pasted(ws, t) or not _values(t):
        return 0.0
    score = 0.45
    score += 0.055 * (says_any(t, "2021", "site survey", "preliminary survey", "old survey")
                      and says_any(t, "outdated", "superseded", "no longer valid", "obsolete", "out of date",
                                   "replaced", "not used"))
    score += 0.055 * says_any(t, "100 cm", "100cm", "1200 cm", "centimetres", "centimeters")
    score += 0.055 * (says(t, "GB 50017") and says_any(t, "3.0") and says_any(t, "4.0"))
    score += 0.055 * (says(t, "Q235B") and says(t, "Q345B"))
    score += 0.07 * has_number(t, 48)
    score += 0.06 * has_number(t, 13)
    score += 0.06 * (sum(1 for ln in t.splitlines() if ln.strip().startswith("|") and ln.count("|") >= 4) >= 4)
    score += 0.035 * (says(t, "bonding") and has_number(t, 2.5))
    score += 0.035 * (says(t, "fire") and (has_duration(t, 90) or says_any(t, "1.5 h", "1.5h", "1.5-hour"))
                      and says_any(t, "galvanised", "galvanized", "galvanising", "galvanizing") and has_number(t, 85))
    score += 0.035 * (has_number(t, 1.25) and has_duration(t, 10) and says_any(t, "NDT", "ultrasonic", "UT"))
    score += 0.035 * (says_any(t, "maintenance", "in service", "in-service")
                      and (has_duration(t, 6 * 30 * 1440) or says_any(t, "6 months", "six months", "every 12 months",
                                                                      "annually", "annual", "12 months")))
    return score


check = graded(check)  # a pasted answer is no answer
