"""AceBench 126 (an LLM benchmark's design document from pilot data), ported: an evaluation team's folder with
IRT parameters for 200 pilot items, a 20 x 20 dimension correlation matrix, a week of hourly API throughput, a
taxonomy draft, an older batch plan, a difficulty calibration study, an inter-rater pilot, pilot model results,
rubric templates, a price list, an error log and last cycle's analysis.

The seed's facts carry over: 32 of the 200 items discriminate below 0.5 (168 kept); the taxonomy draft proposes
20 dimensions and 1,050 questions against the constraints' 18 and 970, resolved by merging Reasoning with
Logical Deduction (r = 0.786) and Mathematics with Data Analysis (r = 0.755), the only pairs over 0.75; the
batch plan's 60 RPM is superseded by the constraints' 80 RPM (the error log enforces 80); the calibration
study's avg_latency is in milliseconds (3,000-45,000) where every other file uses seconds; about 15% of the
inter-rater rows (18 of 120) write decimals with a comma; a 3-hour window, a $500 cap, 16 connections. The
arithmetic is ours and consistent: 970 questions x 6 models x 2 samples = 11,640 requests, 145.5 minutes at
80 RPM (194 at 60, past the window); the cost follows from the price list. Run as a script to regenerate."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from safety_ownkit import BLOCKS, put, run

from edgeagent.bench.taskgen.filler import Filler

TID = "data-llm-bench-design"
OUT = "benchmark_design.md"
CURRENT = ["Reasoning", "Mathematics", "Coding", "Knowledge", "Reading Comprehension", "Instruction Following",
           "Creative Writing", "Safety", "Multilingual", "Summarization", "Tool Use", "Long Context"]
NEW = ["Logical Deduction", "Data Analysis", "Agentic Planning", "Dialogue", "Factuality", "Code Review",
       "Translation", "Ethics Judgment"]
DIMS = CURRENT + NEW
MODELS = ["orion-4-pro", "cobalt-xl-2", "meridian-70b", "sable-3.5", "nimbus-large"]
RUN_MODELS = MODELS + ["kestrel-next"]  # the release candidate joins the five pilot models
PRICES = {"orion-4-pro": (5.00, 15.00), "cobalt-xl-2": (3.00, 15.00), "meridian-70b": (0.90, 0.90),
          "sable-3.5": (2.50, 10.00), "nimbus-large": (2.00, 8.00), "kestrel-next": (1.20, 4.80)}  # $ per 1M in/out
TOKENS_IN, TOKENS_OUT = 1150, 620
QUESTIONS, SAMPLES, RPM, OLD_RPM, CONNS = 970, 2, 80, 60, 16
REQUESTS = QUESTIONS * len(RUN_MODELS) * SAMPLES
MINUTES, OLD_MINUTES = REQUESTS / RPM, REQUESTS / OLD_RPM
COST = round(sum(QUESTIONS * SAMPLES * (TOKENS_IN * i + TOKENS_OUT * o) / 1e6 for i, o in PRICES.values()), 2)
PAIRS = [("Reasoning", "Logical Deduction", 0.786), ("Mathematics", "Data Analysis", 0.755)]
NEAR = ("Coding", "Code Review", 0.712)  # the next pair, under the line


def make_data(f: Filler) -> dict:
    r = f.rng
    # IRT: 32 items under 0.5, two exactly at 0.50 (kept: the line is 'at least 0.5')
    a = [round(r.uniform(0.12, 0.49), 2) for _ in range(32)] + [0.50, 0.50] + \
        [round(r.uniform(0.51, 2.40), 2) for _ in range(166)]
    r.shuffle(a)
    irt = [[f"ITM-{i + 1:03d}", CURRENT[i % 12], f"{x:.2f}", f"{r.uniform(-2.5, 2.8):.2f}",
            f"{r.choice([0.0, 0.0, 0.2, 0.25]):.2f}", str(r.randint(310, 480))] for i, x in enumerate(a)]
    # correlations
    corr = {}
    for i, x in enumerate(DIMS):
        for y in DIMS[i + 1:]:
            corr[(x, y)] = round(r.uniform(0.08, 0.68), 3)
    for x, y, v in [*PAIRS, NEAR]:
        corr[(x, y)] = v
    matrix = [[x] + [("1.000" if x == y else f"{corr.get((x, y), corr.get((y, x))):.3f}") for y in DIMS]
              for x in DIMS]
    counts = [r.randint(40, 62) for _ in DIMS]
    counts[-1] += 1050 - sum(counts)
    taxonomy = [[d, "existing" if d in CURRENT else "proposed", str(c), f.pick(["", "", "split from " + d])]
                for d, c in zip(DIMS, counts)]
    for row in taxonomy:
        row[3] = "" if row[1] == "existing" else {"Logical Deduction": "split out of Reasoning",
                                                  "Data Analysis": "split out of Mathematics",
                                                  "Code Review": "new, close to Coding"}.get(row[0], "new")
    # pilot: 5 models x 12 dimensions, latency in seconds
    pilot = []
    for m in MODELS:
        for d in CURRENT:
            score = (r.uniform(0.95, 0.99) if d == "Instruction Following" else r.uniform(0.04, 0.14)
                     if d == "Long Context" else r.uniform(0.35, 0.88))
            lat = r.uniform(22, 45) if d in ("Reasoning", "Long Context") else r.uniform(2, 11)
            pilot.append([m, d, f"{score:.3f}", f"{lat:.1f}", str(r.randint(900, 1400)), str(r.randint(450, 800))])
    latency = round(sum(float(p[3]) for p in pilot) / len(pilot), 2)
    calib = [[f"CAL-{i + 1:03d}", r.choice(["easy", "medium", "hard"]), str(r.randint(3000, 45000)),
              f"{r.uniform(0.05, 0.98):.2f}", r.choice(MODELS)] for i in range(150)]
    # inter-rater: 120 responses, 3 raters, 18 rows with comma decimals
    irr = []
    comma = set(r.sample(range(120), 18))
    for i in range(120):
        base = r.choice([1.5, 2, 2.5, 3, 3.5, 4, 4.5])
        s = [min(5, max(1, base + r.choice([-0.5, 0, 0, 0.5]))) for _ in range(3)]
        if i in comma and all(float(x).is_integer() for x in s):
            s[0] = s[0] - 0.5 if s[0] > 1 else 1.5
        cells = [(f"{x:.1f}".replace(".", ",") if i in comma and not float(x).is_integer() else f"{x:.1f}")
                 for x in s]
        irr.append([f"RSP-{i + 1:04d}", CURRENT[i % 12], *cells])
    bad = sum(1 for row in irr if any("," in c for c in row[2:]))
    # throughput: hourly, a week, quiet 02:00-06:00 UTC
    thr = []
    t = datetime(2026, 2, 9)
    while t < datetime(2026, 2, 16):
        quiet = 2 <= t.hour < 6
        busy = 9 <= t.hour < 18
        req = r.randint(900, 1300) if quiet else r.randint(3800, 4700) if busy else r.randint(2000, 3000)
        p50 = r.uniform(6.5, 8.5) if quiet else r.uniform(12, 16) if busy else r.uniform(9, 11.5)
        err = r.uniform(0.1, 0.5) if quiet else r.uniform(1.8, 4.2) if busy else r.uniform(0.6, 1.5)
        thr.append([t.strftime("%Y-%m-%dT%H:00Z"), str(req), f"{p50:.1f}", f"{p50 * r.uniform(2.2, 2.9):.1f}",
                    f"{err:.2f}", str(int(req * err / 100))])
        t += timedelta(hours=1)
    return {"irt": irt, "matrix": matrix, "taxonomy": taxonomy, "pilot": pilot, "latency": latency,
            "calib": calib, "irr": irr, "bad": bad, "thr": thr, "a": a}


def design(v: dict) -> str:
    x = {"removed": 32, "kept": 168, "r1": "0.786", "r2": "0.755", "p1": "Reasoning and Logical Deduction",
         "p2": "Mathematics and Data Analysis", "rpm": 80, "old": 60, "req": f"{REQUESTS:,}",
         "min": f"{MINUTES:.1f}", "hours": f"{MINUTES / 60:.2f}", "old_min": f"{OLD_MINUTES:.0f}",
         "cost": f"{COST:,.2f}", "bad": 18, **v}
    return f"""# Benchmark v3 design

## Decisions

- 18 dimensions, 970 questions, run at {x['rpm']} RPM with 16 connections in the 3-hour window, under the $500 cap.

## Psychometric quality

- IRT: {x['removed']} of 200 items have discrimination a < 0.5 and are removed; {x['kept']} are retained (two items sit exactly at 0.50 and stay).
- Correlation: {x['p1']} correlate at r = {x['r1']}; {x['p2']} at r = {x['r2']}. Both are over the 0.75 merge line; the next pair, Coding and Code Review (0.712), stays separate.
- Inter-rater pilot: {x['bad']} of 120 rows (15%) write decimals with a comma (3,5 for 3.5), so a naive parse misreads them; after normalising the separators the three raters agree closely (mean pairwise Pearson about 0.9).
- Pilot models: Instruction Following is at the ceiling (all five above 0.95) and Long Context at the floor (all below 0.15): neither separates the models as built.

## Dimension architecture

The taxonomy draft proposes 20 dimensions and 1,050 questions; the constraints file sets 18 and 970. Merging the two redundant pairs above reduces 20 to 18, and trimming each dimension's share brings 1,050 down to 970.

## Feasibility and budget

- Latency: the calibration study's avg_latency runs 3,000-45,000, which is milliseconds, not seconds (every other file uses seconds); converted, it agrees with the pilot's mean of {v.get('lat', '11.3')} s per question.
- Requests: 970 questions x 6 models x 2 samples = {x['req']} requests.
- Time: {x['req']} / {x['rpm']} RPM = {x['min']} minutes ({x['hours']} hours), inside 180 minutes. With 16 connections at about 11 s each the pool sustains about 85 requests per minute, so the rate limit binds.
- The batch plan v1's {x['old']} RPM is outdated and superseded by the constraints file (the error log's 429s enforce 80); at {x['old']} RPM the run would take {x['old_min']} minutes, past the window.
- Cost: 1,150 input and 620 output tokens per request at the price list's rates: ${x['cost']} in all, well under the $500 budget.

## Execution plan

- Run in the quiet hours, 02:00-06:00 UTC, when the throughput log shows the fewest requests, the lowest latency and errors; batches of 80 requests per minute over 16 concurrent connections.
- Retry 429s and timeouts with exponential backoff (three tries), then re-queue the question at the end.

## Scoring framework

- Automated: exact_match for Knowledge, Mathematics (merged with Data Analysis) and Factuality; code_execution for Coding and Code Review; numeric_tolerance where answers are numbers.
- Human-judged: human_panel for Creative Writing, Dialogue and Ethics Judgment, the subjective dimensions; rubric_llm_judge with a 10% human audit for Summarization, Translation and the rest.

## Discrepancies and the source trusted

- Rate limit: constraints file (80) over batch plan v1 (60), newer and enforced.
- Latency units: milliseconds in the calibration study, seconds elsewhere; converted.
- Dimension count: constraints (18, 970) over the taxonomy draft (20, 1,050).
- Decimal separators in the inter-rater data: normalised before computing reliability.
"""


CHECK = r'''
"""__ID__ (AceBench 126): the design document (__OUT__), judged on the original's items with our consistent
arithmetic. Gates (score 0): no document; no 18 dimensions or no 970 questions; no 80 RPM; a wrong count of
dropped items; a plan at the
outdated 60 RPM. Then: 18 dimensions from 20 (0.10), 970 questions (0.05), the two merged pairs with their r
(0.075 each; neither of them: 0), IRT 32 dropped and 168 kept (0.12), 80 RPM over the outdated 60 (0.12), latency in milliseconds
(0.05) and the pilot's mean latency (0.05), the comma decimals in the inter-rater data (0.05) and how many rows
(0.05), the requests (0.04), the minutes (0.05) and the cost (0.05), the quiet hours (0.07), the scoring
methods (0.05)."""

import re

from edgeagent.bench.grading import has_amount, has_duration, has_number, hedged, numbers_found, says_any
from edgeagent.bench.taskcheck import graded, text

__CONSTS__
''' + BLOCKS + r'''

STALE = ["outdated", "superseded", "supersedes", "stale", "old", "older", "obsolete", "overridden", "overrides",
         "out of date", "wrong", "incorrect", "discrepancy", "conflict", "conflicts", "not", "instead of",
         "rather than", "replaced", "raised", "no longer", "previous", "earlier", "over", "newer", "trust", "trusted",
         "authoritative", "instead", "ignore", "ignored", "disregard", "not used"]


def _any(bs, *tests):
    return any(all(t(b) for t in tests) for b in bs)


def check(workspace, answer):
    doc = text(workspace / OUT)
    if not doc.strip():
        return 0.0
    bs = blocks(doc)
    dims = [b for b in bs if says_any(b, "dimension", "dimensions")]
    if not _any(dims, lambda b: has_number(b, 18)) or not has_number(doc, 970):
        return 0.0
    if not _any(bs, lambda b: has_number(b, 80) and says_any(b, "rpm", "rate limit", "requests per minute",
                                                            "requests/minute", "req/min")):
        return 0.0
    rpm = [b for b in bs if len(b) < 400 and has_number(b, 60) and says_any(b, "rpm", "rate limit", "rate limits",
                                                                          "requests per minute")]
    if rpm and not any(says_any(b, *STALE) for b in rpm):  # 60 RPM named and never set aside
        return 0.0
    pairs = [any(says_any(b, x) and says_any(b, y) and has_number(b, r, 0.0005) for b in bs) for x, y, r in PAIRS]
    if not any(pairs):
        return 0.0
    irt = [b for b in bs if says_any(b, "irt", "discrimination", "item", "items")]
    found = [f for b in irt for f in numbers_found(b)]
    if any(hedged(b, numbers_found(b), 32) or hedged(b, numbers_found(b), 168) for b in irt if has_number(b, 32)
           or has_number(b, 168)):
        return 0.0
    if not any(f.means(32) or f.means(168) for f in found):
        return 0.0
    score = 0.10 * _any(dims, lambda b: has_number(b, 18), lambda b: has_number(b, 20))
    score += 0.05 * _any(bs, lambda b: has_number(b, 970, alone=True), lambda b: says_any(b, "question", "questions"))
    score += 0.075 * sum(pairs)
    score += 0.12 * (_any(irt, lambda b: has_number(b, 32)) and _any(irt, lambda b: has_number(b, 168)))
    score += 0.12 * _any(rpm, lambda b: says_any(b, *STALE))
    lat = [b for b in bs if says_any(b, "latency", "latencies")]
    score += 0.05 * _any(lat, lambda b: says_any(b, "millisecond", "milliseconds", "ms"))
    score += 0.05 * _any(lat, lambda b: has_number(b, LATENCY, 0.3))
    irr = [b for b in bs if says_any(b, "rater", "raters", "inter-rater", "reliability", "icc", "kappa", "alpha")]
    comma = [b for b in irr if says_any(b, "comma", "commas", "decimal separator", "decimal separators", "decimal")]
    score += 0.05 * bool(comma)
    score += 0.05 * _any(comma, lambda b: has_number(b, BAD) or has_number(b, 15) and "%" in b)
    score += 0.04 * _any(bs, lambda b: has_number(b, REQUESTS))
    score += 0.05 * _any(bs, lambda b: has_duration(b, MINUTES, 1.0) or has_number(b, round(MINUTES, 1), 0.06)
                         or has_number(b, round(MINUTES / 60, 2), 0.011))
    score += 0.05 * _any(bs, lambda b: has_amount(b, COST, tol=COST * 0.03))
    score += 0.07 * _any(bs, lambda b: re.search(r"\b0?[1-4](?::00)?\s*(?:-|–|to|and)\s*0?[4-7](?::00)?\b", b)
                         or says_any(b, "early morning", "off-peak", "off peak", "quiet hours", "low-traffic",
                                     "low traffic", "overnight", "night"), lambda b: not says_any(b, "avoid"))
    score += 0.05 * (says_any(doc, "human", "manual") and says_any(doc, "automated", "automatic", "exact match",
                                                                    "exact_match", "code execution", "code_execution"))
    return min(score, 1.0)


check = graded(check)
'''


def port_126() -> tuple[Port, callable]:
    f = Filler(TID)
    d = make_data(f)
    assert sum(1 for x in d["a"] if x < 0.5) == 32 and d["bad"] == 18
    assert MINUTES <= 180 < OLD_MINUTES and COST < 500 and CONNS * 60 / d["latency"] >= RPM
    lat = f"{d['latency']:.2f}"
    body = design({"lat": lat})
    me = f.me

    def build(ws: Path) -> None:
        (ws / "config").mkdir()
        (ws / "config" / "evaluation_constraints.yaml").write_text(
            f"# Evaluation run constraints: authoritative. Owner: {me.name}. Last revised 2026-02-20.\n"
            "version: 3\nexecution:\n  window_hours: 3\n  rate_limit_rpm: 80   # raised from 60 by the provider "
            "on 2026-02-12\n  max_concurrent_connections: 16\n  budget_usd: 500\ndesign:\n  target_dimensions: 18\n"
            "  target_questions: 970\n  samples_per_question: 2\n  models:\n" +
            "".join(f"    - {m}\n" for m in RUN_MODELS) +
            f"  avg_input_tokens_per_request: {TOKENS_IN}\n  avg_output_tokens_per_request: {TOKENS_OUT}\n"
            "quality:\n  irt_min_discrimination: 0.5\n  merge_correlation_above: 0.75\n")
        (ws / "config" / "batch_execution_plan_v1.json").write_text(json.dumps(
            {"plan": "v1", "author": f.colleagues(1)[0].name, "created": "2026-01-14", "rate_limit_rpm": OLD_RPM,
             "batch_size": 40, "concurrency": 8, "retry": {"max_attempts": 5, "backoff_s": 2},
             "window": "09:00-12:00 UTC", "notes": "assumes the provider's default tier"}, indent=2) + "\n")
        (ws / "config" / "scoring_rubric_templates.json").write_text(json.dumps({"templates": [
            {"id": "exact_match", "kind": "automated", "for": "single correct answer"},
            {"id": "numeric_tolerance", "kind": "automated", "for": "numbers, 1% tolerance"},
            {"id": "code_execution", "kind": "automated", "for": "unit tests in a sandbox"},
            {"id": "rubric_llm_judge", "kind": "model-graded", "for": "open answers against a rubric; audit 10%"},
            {"id": "human_panel", "kind": "human", "for": "subjective quality, three raters, 1-5 scale"}]},
            indent=2) + "\n")
        f.write_csv(ws / "config" / "pricing.csv", ["model", "usd_per_1m_input", "usd_per_1m_output"],
                    [[m, f"{i:.2f}", f"{o:.2f}"] for m, (i, o) in PRICES.items()])
        f.write_csv(ws / "data" / "item_response_theory_params.csv",
                    ["item_id", "dimension", "discrimination_a", "difficulty_b", "guessing_c", "n_responses"],
                    d["irt"])
        f.write_csv(ws / "data" / "dimension_correlation_matrix.csv", ["dimension", *DIMS], d["matrix"])
        f.write_csv(ws / "data" / "dimension_taxonomy_draft.csv", ["dimension", "status", "questions", "note"],
                    d["taxonomy"])
        f.write_csv(ws / "data" / "pilot_model_performance.csv",
                    ["model", "dimension", "score", "avg_latency_s", "avg_input_tokens", "avg_output_tokens"],
                    d["pilot"])
        f.write_csv(ws / "data" / "difficulty_calibration_study.csv",
                    ["item_id", "difficulty_band", "avg_latency", "pass_rate", "model"], d["calib"])
        f.write_csv(ws / "data" / "inter_rater_reliability_pilot.csv",
                    ["response_id", "dimension", "rater_1", "rater_2", "rater_3"], d["irr"])
        f.write_csv(ws / "data" / "api_throughput_logs.csv",
                    ["hour_utc", "requests", "p50_latency_s", "p95_latency_s", "error_rate_pct", "http_429"], d["thr"])
        log = []
        t = datetime(2026, 2, 12, 9, 14, 3)
        for i in range(260):
            t += timedelta(seconds=f.rng.randint(40, 2400))
            kind = f.rng.random()
            log.append(f"{t:%Y-%m-%dT%H:%M:%SZ} " + (
                f"WARN  http 429 Too Many Requests: limit 80 rpm exceeded (model={f.pick(MODELS)})" if kind < 0.4 else
                f"ERROR timeout after 120 s (model={f.pick(MODELS)}, item=ITM-{f.rng.randint(1, 200):03d})"
                if kind < 0.6 else f"INFO  batch {i} done in {f.rng.uniform(30, 90):.1f} s"))
        (ws / "logs").mkdir()
        (ws / "logs" / "eval_errors.log").write_text("\n".join(log) + "\n")
        (ws / "reports").mkdir()
        (ws / "reports" / "previous_benchmark_analysis.md").write_text(
            "# Benchmark v2: retrospective\n\n" + f.paragraph(4) + "\n\n## Suggestions for v3\n\n"
            "- Split Reasoning into Reasoning and Logical Deduction, and Mathematics into Mathematics and Data "
            "Analysis.\n- Add Agentic Planning, Dialogue, Factuality, Code Review, Translation and Ethics Judgment.\n"
            "- Retire items that do not discriminate between models.\n\n" + f.paragraph(3) + "\n")
        (ws / "notes").mkdir()
        (ws / "notes" / "committee-agenda.md").write_text(f.document("notes", title="Evaluation committee"))
        (ws / "notes" / "infra-sync.md").write_text(f.document("status", title="Infra sync: eval runners"))

    steps = [("list_dir", {"path": "."}),
             ("read_file", {"path": "config/evaluation_constraints.yaml"}),
             ("read_file", {"path": "config/batch_execution_plan_v1.json"}),
             ("query", {"sql": "SELECT sum(discrimination_a < 0.5) AS dropped, sum(discrimination_a >= 0.5) AS kept, "
                               "count(*) AS n FROM item_response_theory_params"}),
             ("query", {"sql": "SELECT dimension, \"Logical Deduction\", \"Data Analysis\", \"Code Review\" FROM "
                               "dimension_correlation_matrix WHERE dimension IN ('Reasoning', 'Mathematics', "
                               "'Coding')"}),
             ("query", {"sql": "SELECT sum(questions), count(*) FROM dimension_taxonomy_draft"}),
             ("query", {"sql": "SELECT round(avg(avg_latency_s), 2) AS mean_s, dimension, min(score), max(score) "
                               "FROM pilot_model_performance GROUP BY dimension ORDER BY max(score) DESC"}),
             ("query", {"sql": "SELECT min(avg_latency), max(avg_latency), avg(avg_latency) FROM "
                               "difficulty_calibration_study"}),
             ("query", {"sql": "SELECT count(*) FROM inter_rater_reliability_pilot WHERE rater_1 LIKE '%,%' OR "
                               "rater_2 LIKE '%,%' OR rater_3 LIKE '%,%'"}),
             ("query", {"sql": "SELECT substr(hour_utc, 12, 2) AS hour, avg(requests), avg(p50_latency_s), "
                               "avg(error_rate_pct) FROM api_throughput_logs GROUP BY 1 ORDER BY 2 LIMIT 6"}),
             ("read_file", {"path": "config/pricing.csv"}),
             ("read_file", {"path": "config/scoring_rubric_templates.json"}),
             ("search", {"query": "429"}),
             *put(OUT, body)]
    answer = (f"The design is in {OUT}: 18 dimensions (Reasoning merged with Logical Deduction, r = 0.786, and "
              "Mathematics with Data Analysis, r = 0.755), 970 questions, 32 weak items dropped and 168 kept. At "
              f"80 RPM the {REQUESTS:,} requests take {MINUTES:.1f} minutes and cost ${COST:,.2f}; the batch plan's 60 "
              "RPM is outdated. The calibration latencies are milliseconds and 18 inter-rater rows use comma "
              "decimals.")
    table = body.replace(
        "- IRT: 32 of 200 items have discrimination a < 0.5 and are removed; 168 are retained (two items sit "
        "exactly at 0.50 and stay).",
        "| Check | Result |\n|---|---|\n| IRT items under a = 0.5 | 32 removed |\n| IRT items kept | 168 of 200 |")
    prose = (
        "Benchmark v3: design\n\nWe keep 168 of the 200 pilot items; 32 fall below the discrimination floor of "
        "0.5. Reasoning and Logical Deduction (r 0.786) and Mathematics and Data Analysis (r 0.755) are redundant, "
        "so the 20 draft dimensions become 18 and the question budget goes from 1.050 to 970 questions.\n\n"
        "Latency in the difficulty calibration study is clearly in milliseconds (3.000 to 45.000), while the pilot "
        f"reports seconds: mean {lat.replace('.', ',')} s. The inter-rater file mixes decimal commas into 18 rows; "
        "normalised before any reliability statistic.\n\n"
        f"Throughput: 80 RPM per the constraints file (the v1 batch plan's 60 RPM is obsolete). {REQUESTS:,} "
        f"requests".replace(",", ".") + f" / 80 = {MINUTES:.1f} minutes".replace(".", ",") + ", inside the "
        f"3-hour window; cost {COST:,.2f} USD".replace(",", "X").replace(".", ",").replace("X", ".") +
        " against the 500 USD budget.\n\nSchedule it 02:00-06:00 UTC, the quietest hours in the throughput log, "
        "with backoff on 429s. Scoring: automated exact_match and code_execution where answers are checkable, a "
        "human panel for Creative Writing and Ethics Judgment.\n")
    near = design({"removed": 31, "kept": 169, "r1": "0.768", "r2": "0.745", "req": "11,460", "min": "143.3",
                   "hours": "2.39", "cost": f"{COST * 1.2:,.2f}", "bad": 17, "lat": f"{d['latency'] + 1.2:.2f}"})
    wrong_ent = design({"p1": "Coding and Code Review", "r1": "0.712", "p2": "Knowledge and Factuality",
                        "r2": "0.745", "rpm": 60, "old": 80, "min": f"{OLD_MINUTES:.1f}",
                        "hours": f"{OLD_MINUTES / 60:.2f}", "old_min": f"{MINUTES:.0f}"})
    wrong_ent = wrong_ent.replace("the constraints file (the error log's 429s enforce 80)", "the new plan").replace(
        "Rate limit: constraints file (80) over batch plan v1 (60)", "Rate limit: batch plan v1 (60)")
    hedge = design({"removed": "32 (or 34)", "kept": "168 (or maybe 166)"})
    p = Port(
        id=TID, source=126, split="test", category="data",
        prompt=("The evaluation committee meets next week and I need the design document for v3 of our internal "
                f"LLM benchmark, as {OUT}. Everything from the pilot is in this folder. Cover item quality (IRT, "
                "redundant dimensions, rater agreement, ceiling or floor effects), the final dimension set against "
                "our targets, whether 970 questions fit our time window, rate limit and $500 budget with the "
                "arithmetic, a batching and retry plan that uses the traffic pattern, and how each dimension is "
                "scored. Files were written by different people at different times: where they disagree, say which "
                "you trust and why."),
        tools=["list_dir", "read_file", "search", "query", "write_file", "append_file"],
        answer=answer, steps=steps, max_steps=30,
        check=CHECK.replace("__ID__", TID).replace("__OUT__", OUT).replace("__CONSTS__", (
            f"OUT = {OUT!r}\nPAIRS = {PAIRS!r}\nLATENCY = {d['latency']!r}\nBAD = {d['bad']!r}\n"
            f"REQUESTS = {REQUESTS!r}\nMINUTES = {MINUTES!r}\nCOST = {COST!r}\n")),
        sensitive=[(me.name, "name", 0.5, "user")],
        right=[
            {"why": "the IRT figures as a table", "base": "nothing", "answer": "Written.", "steps": put(OUT, table)},
            {"why": "prose in European number formats (1.050, 145,5 minutes, 302,42 USD-style amounts)",
             "base": "nothing", "answer": "Done, the design is written.", "steps": put(OUT, prose)},
            {"why": "the reference plus a reply over 1,000 characters", "answer": answer + " " + (
                "In more detail: the constraints file is the newest and the provider's error log enforces 80 "
                "requests per minute, so the older batch plan is superseded. The pilot's five models show "
                "Instruction Following at the ceiling and Long Context at the floor, so both need harder or "
                "rebalanced items before they can separate models. The quietest hours in the throughput log are "
                "02:00 to 06:00 UTC, with the lowest p50 latency and error rate, so the run is scheduled there "
                "with exponential backoff on 429s and timeouts. Subjective dimensions go to a human panel; "
                "checkable ones to exact match and code execution.")},
        ],
        wrong=[
            {"kind": "near-miss", "why": "31 items dropped, 0.768 and 0.745, 11,460 requests, 17 rows, cost 20% off",
             "base": "nothing", "answer": "Written.", "steps": put(OUT, near)},
            {"kind": "wrong-entity", "why": "merges Coding/Code Review and Knowledge/Factuality, plans at 60 RPM",
             "base": "nothing", "answer": "Written.", "steps": put(OUT, wrong_ent)},
            {"kind": "hedge", "why": "the item counts offered with alternatives", "base": "nothing",
             "answer": "Written; the IRT counts are uncertain.", "steps": put(OUT, hedge)},
            {"kind": "false-claim", "why": "claims the document is written; nothing written", "base": "nothing",
             "answer": answer},
            {"kind": "dump", "why": "the constraints, batch plan and IRT rows pasted as the document",
             "base": "nothing", "answer": "Written.",
             "steps": put(OUT, "\n".join(",".join(r) for r in d["irt"])[:3800])},
        ],
    )
    return p, build


PORTS = [port_126]

if __name__ == "__main__":
    run(PORTS)
