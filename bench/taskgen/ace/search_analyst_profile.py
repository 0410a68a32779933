"""AceBench 123: build a social media profile (JSON, after a template) for the community of analysts who cover a
chip maker, grounded in entity files, market data and reports that disagree in places.

The seed's workspace is a research folder; this port builds one of ~30 files: the template and generation rules,
two example profiles, three entity definitions (analysts, company, infrastructure project) and two other companies'
entities, market CSVs (74 analyst ratings, quarterly revenue by segment, institutional holders, the project's
phases in USD millions), a dated market-share report and an older one titled as authoritative, a consensus summary
with another target-price low, the product roadmap, and chat and news clippings. The three traps carry over: the
$155 low against the entity's $140, the 2023 91.7% share against the current 82.4%, and phase amounts in millions
that sum to $100 billion. The ratings' median is computed here from the rows written."""

from __future__ import annotations

import csv
import io
import json
import statistics
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: _base sits beside this file

from _base import Port, write

from edgeagent.bench.taskgen.filler import Filler, stable_seed

SEED = "acebench-123-analyst-profile"
OUT = "output/social_media_profile.json"
FIELDS = ["handle", "display_name", "profile_type", "bio", "topics", "pinned_content", "key_narratives",
          "follower_persona", "posting_style", "credibility_markers"]
FIRMS = ["Morgan Hale", "Baird & Lowe", "Crescent Securities", "Northgate Capital Markets", "Pemberton Research",
         "Ridgeline Partners", "Summit Equity Research", "Tidewater Securities", "Vantage Point Advisors",
         "Whitcombe & Co", "Alder Street Research", "Bexley Brothers", "Cardinal Markets", "Dunmore Equities"]
RATINGS = ["Buy"] * 38 + ["Outperform"] * 17 + ["Hold"] * 14 + ["Underperform"] * 3 + ["Sell"] * 2


def _targets() -> list[float]:
    import random
    rng = random.Random(stable_seed(SEED + "/targets"))
    out = [140.0, 432.78]
    while len(out) < 74:
        out.append(round(min(430.0, max(145.0, rng.gauss(312, 55))), 2))
    rng.shuffle(out)
    return out


TARGETS = _targets()
MEDIAN = statistics.median(TARGETS)


def _csv(head: list[str], rows: list[list]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(head)
    w.writerows(rows)
    return buf.getvalue()


def build(ws: Path) -> dict[str, str]:
    f = Filler(SEED)
    files: dict[str, str] = {}
    files["data/social_media/profile_template.json"] = json.dumps({
        "schema_version": "1.2",
        "fields": {
            "handle": "string, starts with @, max 30 chars", "display_name": "string",
            "profile_type": "one of: individual, institutional, community",
            "bio": "string, max 200 characters", "topics": "array of 3-10 strings",
            "pinned_content": "string: the post pinned to the top of the profile",
            "key_narratives": "array of strings, each grounded in data", "follower_persona": "string",
            "posting_style": "string", "credibility_markers": "array of at least 2 strings"}}, indent=2) + "\n"
    files["config/generation_rules.yaml"] = (
        "# Rules for generated profiles\nbio_max_chars: 200\ntopics_min_count: 3\ntopics_max_count: 10\n"
        "credibility_markers_min_count: 2\ntone:\n  institutional: professional, data-first, no hype\n"
        "  retail: casual allowed\nconflict_resolution:\n"
        "  - Entity definitions in data/entities are the primary source for entity attributes.\n"
        "  - Summaries, chats and notes are secondary; where they disagree with an entity file, the entity wins.\n"
        "  - For market metrics, use the most recently dated source, whatever its title.\n"
        "  - Check units in CSV headers before quoting amounts.\n")
    files["reports/previous_social_profiles/hedge_fund_profile.json"] = json.dumps({
        "handle": "@QuantEdgeCapital", "display_name": "QuantEdge Capital", "profile_type": "institutional",
        "bio": "Systematic macro and semiconductor strategies. Data over narratives.",
        "topics": ["semiconductors", "rates", "factor investing"],
        "pinned_content": "Our Q3 letter: why memory cycles still drive chip earnings.",
        "key_narratives": ["Memory pricing leads accelerator demand by two quarters."],
        "follower_persona": "allocators and PMs", "posting_style": "weekly charts, sober commentary",
        "credibility_markers": ["SEC-registered adviser", "10-year track record"]}, indent=2) + "\n"
    files["reports/previous_social_profiles/retail_investor_profile.json"] = json.dumps({
        "handle": "@ChipStockChad", "display_name": "Chad | chips & charts", "profile_type": "individual",
        "bio": "Buying the dip since 2019. Not financial advice!!", "topics": ["stocks", "memes", "AI"],
        "pinned_content": "NVTK to the moon? Thread below", "key_narratives": ["Vibes are bullish."],
        "follower_persona": "retail traders", "posting_style": "emoji-heavy, daily",
        "credibility_markers": ["50k followers"]}, indent=2) + "\n"
    files["data/entities/analysts_entity.json"] = json.dumps({
        "entity_id": "analysts", "type": "community", "covers": "NovaTech (NVTK)", "sector": "Technology",
        "analyst_count": 74, "target_price_range": {"low": 140.0, "high": 432.78, "currency": "USD"},
        "as_of": "2025-01-15", "rating_skew": "Buy/Outperform majority"}, indent=2) + "\n"
    files["data/entities/novatech_entity.json"] = json.dumps({
        "entity_id": "novatech", "name": "NovaTech", "ticker": "NVTK", "industry": "AI accelerators and GPUs",
        "market_cap_usd": "2.8T", "products": ["GX200 accelerator", "Obsidian architecture"],
        "software_ecosystem": "PUMA", "recent_trend": "datacenter revenue declined in Q3 and Q4 2024 after a Q2 peak",
        "hq": "Santa Clara"}, indent=2) + "\n"
    files["data/entities/starbridge_project.json"] = json.dumps({
        "entity_id": "starbridge", "name": "Starbridge", "sponsor": "FrontierAI", "type": "AI infrastructure",
        "total_investment_usd": "100 billion", "chips": "NovaTech GX200", "phases": 5,
        "phase_detail": "data/market/starbridge_investment_phases.csv"}, indent=2) + "\n"
    files["data/entities/helix_entity.json"] = json.dumps({
        "entity_id": "helix", "name": "Helix Semiconductor", "ticker": "HLXS", "analyst_count": 31,
        "target_price_range": {"low": 22.5, "high": 61.0}}, indent=2) + "\n"
    files["data/entities/orbitron_entity.json"] = json.dumps({
        "entity_id": "orbitron", "name": "Orbitron Systems", "ticker": "ORBS", "market_share_ai_accelerators": "6.1%"},
        indent=2) + "\n"
    rows = []
    for i, t in enumerate(TARGETS):
        rows.append([f"A{i + 1:03d}", f.fake.name(), FIRMS[i % len(FIRMS)], RATINGS[i], f"{t:.2f}",
                     (date(2024, 11, 1) + timedelta(days=(i * 5) % 75)).isoformat()])
    files["data/market/analyst_ratings_detail.csv"] = _csv(
        ["analyst_id", "analyst", "firm", "rating", "target_price_usd", "updated"], rows)
    rev = [["2023-Q4", 14.5, 2.9, 1.1], ["2024-Q1", 18.4, 2.6, 1.2], ["2024-Q2", 22.6, 2.9, 1.3],
           ["2024-Q3", 20.8, 3.3, 1.4], ["2024-Q4", 18.9, 3.5, 1.4]]
    files["data/market/revenue_breakdown.csv"] = _csv(
        ["quarter", "datacenter_usd_bn", "gaming_usd_bn", "other_usd_bn"], rev)
    files["data/market/institutional_holdings.csv"] = _csv(
        ["holder", "shares_mn", "pct_outstanding"],
        [["Vanguard", 2150, "8.8%"], ["BlackStone Capital", 1870, "7.6%"], ["StateStreet", 980, "4.0%"],
         ["Fidelia Investments", 720, "2.9%"], ["Norges Fund", 410, "1.7%"]])
    phases = [["Phase 1", "2025", 18500], ["Phase 2", "2026", 22000], ["Phase 3", "2027", 24500],
              ["Phase 4", "2028", 20500], ["Phase 5", "2029", 14500]]
    files["data/market/starbridge_investment_phases.csv"] = _csv(["phase", "year", "amount_usd_millions"], phases)
    files["data/context/market_share_report.json"] = json.dumps({
        "title": "AI accelerator market share", "date": "2024-12-01", "source": "IndustryScope",
        "shares": {"NovaTech": "82.4%", "Orbitron": "6.1%", "Helix": "4.3%", "others": "7.2%"}}, indent=2) + "\n"
    files["reports/OFFICIAL_market_share_analysis.md"] = (
        "# OFFICIAL Market Share Analysis: AI Accelerators\n\n_Authoritative reference edition, published March 2023_"
        "\n\nNovaTech holds 91.7% of the AI accelerator market, with Orbitron at 3.9%.\n\nThis edition is the "
        "reference for all 2023 planning documents.\n")
    files["reports/consensus_summary.md"] = (
        "# Street consensus (informal summary)\n\nCompiled from broker notes, January 2025.\n\n- Target range: "
        "$155 - $432.78\n- Consensus: Buy\n- Note: one low outlier target excluded by the compiler.\n")
    files["data/context/product_roadmap.yaml"] = (
        "products:\n  GX200:\n    memory: 192 GB HBM3e\n    architecture: Obsidian\n    availability: volume in 2025\n"
        "  Obsidian:\n    type: architecture\n    successor_due: 2026\nsoftware:\n  PUMA:\n    version: 13.2\n"
        "    note: developer ecosystem and libraries\n")
    files["notes/chat_export_research_desk.txt"] = (
        "[09:12] dev: low end of the target range is 155 right?\n[09:13] mia: I think so, that's what the summary "
        "says\n[09:20] dev: and share is like 91.7%\n[09:21] mia: maybe, that was the big official report\n")
    for i in range(12):
        d = date(2024, 9, 2) + timedelta(days=i * 11)
        files[f"notes/news_clip_{i:02d}.md"] = f.document(f.pick(["brief", "status", "notes"]),
                                                          title=f"News clip {d:%d %b %Y}", when=d)
    for rel, text in files.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(text)
    (ws / "output").mkdir(exist_ok=True)
    (ws / "output" / ".keep").write_text("")
    return {}


CHECK = '''\
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
- data synthesis 0.175: median target about ${median:.0f}; GX200; Obsidian; an institutional holder; the Buy or
  Outperform skew (0.035 each).
- template and tone 0.125: every template field present (0.075); an institutional or community profile type
  (0.05).
"""

import json

from edgeagent.bench.grading import has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text

OUT = {out!r}
FIELDS = {fields!r}
MEDIAN = {median!r}


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
    t = "\\n".join(strings)
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
    t = "\\n".join(_strings(data))
    both = t + "\\n" + (answer or "")
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
'''

PROMPT = ("Build a social media profile for the community of 74 sell-side analysts who cover NovaTech, following our "
          "profile template and generation rules, and ground every number in the research files (target range, "
          "market share, the Starbridge project, revenue trend, products). Some files disagree or are outdated: tell "
          f"me which figures you set aside and why. Save the JSON to {OUT}.")


def _profile(**over) -> dict:
    p = {
        "handle": "@NVTKAnalystDesk",
        "display_name": "NovaTech Analyst Community",
        "profile_type": "community",
        "bio": "74 sell-side analysts covering NovaTech (NVTK). Targets $140-$432.78, mostly Buy/Outperform. "
               "Data-first views on AI chips.",
        "topics": ["NovaTech", "AI accelerators", "GX200", "PUMA ecosystem", "datacenter GPUs", "Starbridge"],
        "pinned_content": f"Consensus view: most of the 74 analysts rate NVTK Buy or Outperform; median target "
                          f"${MEDIAN:.0f}, range $140 to $432.78. Watch the datacenter revenue decline in Q3-Q4 2024 "
                          "against Starbridge demand.",
        "key_narratives": [
            "NovaTech holds 82.4% of the AI accelerator market (December 2024).",
            "Datacenter revenue declined in Q3 and Q4 2024 after peaking in Q2.",
            "Starbridge, FrontierAI's $100 billion AI infrastructure project, runs on GX200 chips.",
            "The Obsidian architecture and the PUMA software ecosystem (v13.2) keep developers locked in.",
            "Vanguard, BlackStone Capital and StateStreet are the largest institutional holders."],
        "follower_persona": "institutional investors, portfolio managers and industry watchers",
        "posting_style": "measured, data-led threads after earnings and rating changes",
        "credibility_markers": ["74 analysts from 14 firms", "targets drawn from the ratings file",
                                "sources dated and cross-checked"],
    }
    p.update(over)
    return p


def port():
    good = json.dumps(_profile(), indent=2)
    answer = (f"Saved {OUT}. Set aside: the consensus summary's $155 low (the analysts entity gives $140, and the "
              "ratings file has a $140 target); the 2023 'official' 91.7% market share (the December 2024 report "
              "says 82.4%); and the Starbridge phase amounts are in USD millions, summing to 100,000, i.e. $100 "
              "billion, not $100 million.")
    steps = [
        ("list_dir", {"path": "."}),
        ("read_file", {"path": "data/social_media/profile_template.json"}),
        ("read_file", {"path": "config/generation_rules.yaml"}),
        ("read_file", {"path": "reports/previous_social_profiles/hedge_fund_profile.json"}),
        ("read_file", {"path": "data/entities/analysts_entity.json"}),
        ("read_file", {"path": "data/entities/novatech_entity.json"}),
        ("read_file", {"path": "data/entities/starbridge_project.json"}),
        ("query", {"sql": "SELECT COUNT(*), MIN(CAST(target_price_usd AS REAL)), MAX(CAST(target_price_usd AS REAL)) "
                          "FROM analyst_ratings_detail"}),
        ("query", {"sql": "SELECT rating, COUNT(*) FROM analyst_ratings_detail GROUP BY rating"}),
        ("query", {"sql": "SELECT SUM(amount_usd_millions) FROM starbridge_investment_phases"}),
        ("read_file", {"path": "data/market/revenue_breakdown.csv"}),
        ("read_file", {"path": "data/context/market_share_report.json"}),
        ("read_file", {"path": "reports/OFFICIAL_market_share_analysis.md"}),
        ("read_file", {"path": "reports/consensus_summary.md"}),
        ("read_file", {"path": "data/context/product_roadmap.yaml"}),
        ("write_file", {"path": OUT, "content": good}),
    ]
    check = CHECK.format(out=OUT, fields=FIELDS, median=MEDIAN)
    compact = json.dumps(_profile(
        handle="@NovaTechStreet", profile_type="institutional",
        bio="The 74 analysts who cover NovaTech: price targets from $140 to $432.78, AI chips, PUMA and Starbridge.",
        key_narratives=["Market share: 82.4% as of Dec 2024.", "Data center revenue is declining since Q2 2024.",
                        "Starbridge: a $100B build-out on GX200 (Obsidian).", "Holders led by Vanguard."],
        pinned_content=f"Median target ${MEDIAN:.2f}; the Buy/Outperform majority holds."))
    right = [
        dict(why="compact JSON, other wording, '$100B', 'data center ... declining'", base="nothing",
             answer="Saved. I ignored $155 (summary) for $140 (entity), 91.7% (2023) for 82.4%, and read the phase "
                    "CSV's units as millions: the sum is 100,000 million, $100 billion.",
             steps=[("write_file", {"path": OUT, "content": compact})]),
        dict(why="fields in another order, written in two parts", base="nothing", answer=answer,
             steps=[("write_file", {"path": OUT, "content": json.dumps(dict(reversed(list(_profile().items()))),
                                                                        indent=1)[:700]}),
                    ("append_file", {"path": OUT, "content": json.dumps(dict(reversed(list(_profile().items()))),
                                                                         indent=1)[700:]})]),
        dict(why="the reference end state with other words for the conflicts",
             answer="Profile saved. Conflicts: $155 vs the entity's $140 (took 140), 91.7% from the old 2023 report "
                    "vs 82.4% (took 82.4), and the phases are USD millions that total $100 billion."),
    ]
    wrong = [
        dict(kind="near-miss", why="a bio of 231 characters, over the 200 limit", base="nothing", answer=answer,
             steps=[("write_file", {"path": OUT, "content": json.dumps(_profile(
                 bio="74 sell-side analysts covering NovaTech (NVTK), the AI accelerator leader. Targets $140-$432.78, "
                     "mostly Buy/Outperform. Data-first views on GX200, PUMA, Starbridge and the datacenter cycle, "
                     "updated after every print."), indent=2)})]),
        dict(kind="wrong-entity", why="takes the 2023 'official' 91.7% share", base="nothing", answer="Saved.",
             steps=[("write_file", {"path": OUT, "content": good.replace("82.4%", "91.7%")})]),
        dict(kind="wrong-entity", why="reads the phase CSV as $100 million", base="nothing", answer="Saved.",
             steps=[("write_file", {"path": OUT, "content": good.replace("$100 billion", "$100 million")})]),
        dict(kind="hedge", why="gives the low end as $140 or $155", base="nothing", answer="Saved.",
             steps=[("write_file", {"path": OUT, "content": json.dumps(_profile(
                 bio="74 analysts covering NovaTech (NVTK). Targets $140 or $155 to $432.78; mostly Buy.",
                 pinned_content="Range: low of $155 or maybe $140; high $432.78. Datacenter revenue declined "
                                "in Q3-Q4 2024."), indent=2).replace("$100 billion", "$100 billion")})]),
        dict(kind="false-claim", why="says the profile is saved but wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="pastes the entity files instead of a profile", base="nothing", answer="Saved.",
             steps=[("write_file", {"path": OUT, "content": "[" + ", ".join(
                 json.dumps(x) for x in ({"entity_id": "analysts", "analyst_count": 74},
                                         {"entity_id": "novatech", "software_ecosystem": "PUMA"})) + "]"})]),
    ]
    return Port("search-analyst-profile", 123, "dev", PROMPT,
                ["list_dir", "read_file", "search", "search_docs", "query", "write_file", "append_file"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, sensitive=[], category="search",
                max_steps=34), build


PORTS = [port]

if __name__ == "__main__":
    for make in PORTS:
        task, fn = make()
        print(write(task, fn))
