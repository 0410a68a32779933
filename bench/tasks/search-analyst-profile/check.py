"""AceBench 123: a social media profile for the NovaTech analyst community, grounded in files that disagree.

The original is graded half by automatic checks and half by an LLM judge (trap reasoning 40%, data synthesis
35%, tone and template 25%); the judged criteria become checks of the facts they ask for:
- automatic items 0.50: the file is JSON with a bio about the analysts (at most 200 characters), the target range
  $140 to $432.78, 82.4% market share, Starbridge at $100 billion, PUMA, the datacenter revenue decline in one
  field, 3-10 topics, at least 2 credibility markers; the set-aside values ($155, 91.7%, $100 million) appear
  nowhere in the public profile (an answer may discuss them). A profile that fails any of them scores 0 in all
  (the original's exclusive penalties, made strict: a profile offering $140 or $155 is a hedge).
- trap reasoning 0.20: the answer or profile says which conflicting figures were set aside: $155, 91.7%, and the
  phase amounts being in millions (1/3 each).
- data synthesis 0.175: median target about $313; GX200; Obsidian; an institutional holder; the Buy or
  Outperform skew (0.035 each).
- template and tone 0.125: every template field present (0.075); an institutional or community profile type
  (0.05).
"""

import json

from edgeagent.bench.grading import has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = 'output/social_media_profile.json'
FIELDS = ['handle', 'display_name', 'profile_type', 'bio', 'topics', 'pinned_content', 'key_narratives', 'follower_persona', 'posting_style', 'credibility_markers']
MEDIAN = 313.155


def _strings(obj):
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, list):
        return [s for x in obj for s in _strings(x)]
    if isinstance(obj, dict):
        return [s for x in obj.values() for s in _strings(x)]
    return [str(obj)] if isinstance(obj, (int, float)) else []


def _load(ws):
    try:
        data = json.loads(text(ws / OUT))
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _core(data):
    strings = _strings(data)
    t = "\n".join(strings)
    bio = data.get("bio")
    topics, markers = data.get("topics"), data.get("credibility_markers")
    return all((
        isinstance(bio, str) and 0 < len(bio) <= 200 and says_any(bio, "analyst", "analysts"),
        has_number(t, 140), has_number(t, 432.78), not has_number(t, 155),
        has_number(t, 82.4), not has_number(t, 91.7),
        says(t, "Starbridge") and (has_number(t, 100e9) or says_any(t, "$100B", "100B", "100bn", "100 bn")),
        not has_number(t, 100e6),
        says(t, "PUMA"),
        any(says_any(s, "datacenter", "data center", "data-center", "DC revenue") and
            says_any(s, "decline", "declined", "declining", "declines") for s in strings),
        isinstance(topics, list) and 3 <= len(topics) <= 10,
        isinstance(markers, list) and len(markers) >= 2,
    ))


def check(ws, answer):
    data = _load(ws)
    if data is None or not _core(data):
        return 0.0
    t = "\n".join(_strings(data))
    both = t + "\n" + (answer or "")
    score = 0.50
    score += 0.2 / 3 * (has_number(both, 155) and has_number(both, 140))
    score += 0.2 / 3 * (has_number(both, 91.7) and says_any(both, "2023", "outdated", "stale", "older", "old"))
    score += 0.2 / 3 * (says_any(both, "millions", "million", "USD millions", "in millions") and
                        says_any(both, "unit", "units", "100,000", "100000", "sum", "sums", "total"))
    score += 0.035 * has_number(t, MEDIAN, tol=5)
    score += 0.035 * says(t, "GX200")
    score += 0.035 * says(t, "Obsidian")
    score += 0.035 * says_any(t, "Vanguard", "BlackStone Capital", "StateStreet", "institutional")
    score += 0.035 * (says_any(t, "Buy", "Outperform") and says_any(t, "majority", "skew", "skewed", "most", "bullish",
                                                                       "consensus"))
    score += 0.075 * all(k in data for k in FIELDS)
    score += 0.05 * says_any(str(data.get("profile_type", "")), "institutional", "community", "professional")
    return score


check = graded(check)  # a pasted answer is no answer
