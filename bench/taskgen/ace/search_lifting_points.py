"""AceBench 122: write proposal section 8.5 (top lifting points) for an anechoic chamber project from a folder of
specifications, standards excerpts, contractor notes, an old site survey and a previous project's schedule,
resolving the conflicts between them in the text.

The seed's workspace is a project folder; this port builds one of ~30 files: the approved requirements (YAML),
the project's general requirements, a national-standard excerpt, the 2021 preliminary survey with superseded
dimensions, contractor notes in centimetres, the hoist datasheet (JSON), load calculations and the previous
project's schedule (CSV), the QA requirements, the proposal outline and neighbouring sections, meeting notes and
unrelated specifications. The four traps carry over: outdated survey values, a spacing in cm, a safety factor of
3.0 in the standard against 4.0 for the project, and Q235B in the component spec against Q345B project-wide. The
layout quantities are computed here from the chamber and grid the files give."""

from __future__ import annotations

import csv
import io
import json
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: _base sits beside this file

from _base import Port, write

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-122-lifting-points"
OUT = "output/section_8_5_top_lifting_points.md"
LENGTH, WIDTH = 24.0, 12.0  # chamber, m
GRID = (3.0, 2.0)
OFFSET = (1.5, 1.0)
TRACK_CM, HANGER_CM = 1200, 100
N_STANDARD = (int((LENGTH - 2 * OFFSET[0]) / GRID[0]) + 1) * (int((WIDTH - 2 * OFFSET[1]) / GRID[1]) + 1)
N_HOIST = TRACK_CM // HANGER_CM + 1

YAML = f"""# Lifting point requirements, APC-2024-0087 (shielded anechoic chamber)
document: lifting_point_requirements
project: APC-2024-0087
revision: C
status: approved
issued: 2024-09-12
supersedes:
  - "Preliminary site survey report, 2021-05 (dimensions and capacities there are no longer valid)"
chamber:
  internal_length_m: {LENGTH:g}
  internal_width_m: {WIDTH:g}
  clear_height_m: 18
lifting_points:
  standard:
    arrangement: rectangular grid on the shielded ceiling
    grid_spacing_m: [{GRID[0]:g}, {GRID[1]:g}]   # along length, along width
    edge_offset_m: [{OFFSET[0]:g}, {OFFSET[1]:g}]  # first grid line from the walls
    capacity_t_min: 1.0
  hoist_track:
    capacity_t_min: 2.0
    hanger_spacing: "see contractor hoist coordination notes"
embed_plate:
  size_mm: [250, 250, 20]
  material: Q235B
  anchors: "4 x M20 headed studs, 150 mm"
shielding:
  bonding_resistance_mohm_max: 2.5
  shielding_effectiveness_db_min: 100
"""
GENERAL = """# Project general requirements: APC-2024-0087

_Revision B, issued 2024-08-30, approved by the client's engineer. This document governs where a component
specification differs._

## 4 Structural steel

4.1 All structural steel, including lifting point assemblies, embed plates and hoist track hangers, shall be
grade Q345B. A component specification that calls for a lower grade is overridden by this clause.

4.2 Welding to GB 50661; welders qualified for the grade in use.

4.3 Lifting attachments shall be designed for a safety factor of not less than 4.0 against the rated load. This
is a project requirement and is stricter than the national minimum.

## 5 Protection

5.1 Anti-corrosion: hot-dip galvanising, minimum 85 μm average coating, on all lifting steel not inside the
shielded volume; touch-up with zinc-rich paint after welding.

5.2 Fire protection: exposed structural steel above the chamber receives intumescent fire-retardant coating with
a 1.5 h rating.

## 6 Shielding integrity

6.1 Any attachment through or onto the shield must keep RF continuity: conductive bonding with a DC bonding
resistance of at most 2.5 mΩ per joint, and the shielding effectiveness of the enclosure (100 dB at 1 GHz) must
be re-verified after installation.
"""
GB = """# GB 50017 (excerpt used for lifting attachments)

Steel structures design code, clauses relevant to lifting lugs and attachments (paraphrased project extract).

- Lifting lugs, eyes and attachment plates: the design shall provide a safety factor of not less than 3.0
  against the rated load.
- Connection welds to be verified for combined shear and tension.
- Material properties per the steel grade in use (Q235B: fy = 235 MPa; Q345B: fy = 345 MPa).
"""
SURVEY = """# Preliminary site survey report

_Issued 2021-05-18 for the feasibility phase. Preliminary: values to be confirmed in the design phase._

## Building
- Clear height under the roof steel: 15 m.
- Proposed ceiling lifting grid: 2.5 m x 2.5 m.

## Lifting points (preliminary)
- Embed plates 200 x 200 x 16 mm.
- Standard point capacity 0.5 t.

## Notes
The survey was made before the chamber size was fixed; the shielded enclosure was then assumed 20 m long.
"""
CONTRACTOR = f"""# Hoist coordination notes (mechanical contractor)

Meeting 2024-10-08, hoist supplier and steel contractor.

- Monorail hoist track along the chamber centre line, track length {TRACK_CM} cm.
- Track hangers at {HANGER_CM} cm centres, first and last hanger at the track ends.
- Hanger plates welded to the embed plates; shim pack max 10 mm.
- The supplier's drawings give the track beam as 10 in deep (254 mm); our steel is I25a.
- Next step: confirm hanger capacity with the structural engineer.
"""
HOIST = {"document": "electric hoist datasheet", "model": "CD1-1.6-12", "rated_load_t": 1.6,
         "self_weight_kg": 185, "lifting_height_m": 12, "travel_speed_m_min": 20, "track_beam": "I25a",
         "power": "380 V / 50 Hz", "duty_class": "M3"}
QA = """# Quality inspection requirements for lifting steel (APC-2024-0087)

- Weld NDT: 100% ultrasonic testing of full-penetration welds; 20% magnetic particle testing of fillet welds.
- Proof load test of every hoist track point and 10% of standard points at 1.25 x rated load, held for 10 min,
  with no permanent deformation.
- Bonding resistance measured at every lifting point after installation (acceptance: at most 2.5 mΩ).
- Coating thickness checked with a magnetic gauge, 5 readings per plate.
- In service: visual inspection every 6 months; load test and bonding re-measurement every 12 months.
"""
OUTLINE = """# Technical proposal: master outline (APC-2024-0087)

| Section | Title | Owner | Status |
|---|---|---|---|
| 8.1 | Shielded enclosure | Structural | Draft |
| 8.2 | Absorber installation | RF | Draft |
| 8.3 | Ventilation and waveguides | MEP | Final |
| 8.4 | Cable trays and filters | MEP | Final |
| 8.5 | Top lifting points | Structural | TBD |
| 8.6 | Lighting | MEP | Draft |
"""


def _schedule_prev() -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["point_id", "type", "grid_ref", "capacity_t", "embed_plate_mm", "material", "note"])
    for i in range(1, 41):
        w.writerow([f"LP-{i:02d}", "standard", f"{chr(65 + (i - 1) // 8)}{(i - 1) % 8 + 1}", "0.5", "200x200x16",
                    "Q235B", "project APC-2022-0031"])
    for i in range(1, 9):
        w.writerow([f"HT-{i:02d}", "hoist track", f"T{i}", "1.0", "200x200x16", "Q235B", "project APC-2022-0031"])
    return buf.getvalue()


def _loads() -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["case", "point_type", "rated_load_kN", "dynamic_factor", "design_load_kN", "note"])
    w.writerow(["L1", "standard", "9.81", "1.1", "10.8", "1.0 t rated"])
    w.writerow(["L2", "hoist track", "19.62", "1.25", "24.5", "2.0 t rated incl. hoist self weight"])
    w.writerow(["L3", "standard (old survey)", "4.91", "1.1", "5.4", "superseded, 0.5 t"])
    return buf.getvalue()


def build(ws: Path) -> dict[str, str]:
    f = Filler(SEED)
    files = {
        "specs/lifting_point_requirements.yaml": YAML,
        "specs/project_general_requirements.md": GENERAL,
        "standards/gb50017_excerpt.md": GB,
        "data/old_site_survey_report.md": SURVEY,
        "contractor/hoist_coordination_notes.md": CONTRACTOR,
        "specs/electric_hoist_spec.json": json.dumps(HOIST, indent=2) + "\n",
        "specs/qa_inspection_requirements.md": QA,
        "proposal/master_outline.md": OUTLINE,
        "reference/previous_project_lifting_schedule.csv": _schedule_prev(),
        "data/load_calculation.csv": _loads(),
    }
    for rel, text in files.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(text)
    others = [("proposal/section_8_3_ventilation.md", "Section 8.3 Ventilation and waveguides"),
              ("proposal/section_8_4_cable_trays.md", "Section 8.4 Cable trays and filters"),
              ("specs/lighting_spec.md", "Lighting specification"), ("specs/absorber_spec.md", "Absorber specification"),
              ("specs/door_spec.md", "Shielded door specification"), ("notes/client_kickoff.md", "Client kickoff"),
              ("notes/site_meeting_2024-10.md", "Site meeting October"), ("notes/design_review_2.md", "Design review 2"),
              ("notes/rf_test_plan.md", "RF test plan"), ("specs/hvac_loads.md", "HVAC loads"),
              ("notes/procurement_status.md", "Procurement status"), ("specs/fire_alarm.md", "Fire alarm interface"),
              ("notes/risk_register.md", "Risk register"), ("specs/grounding.md", "Grounding and earthing"),
              ("notes/schedule_update.md", "Schedule update"), ("specs/floor_loading.md", "Floor loading")]
    for i, (rel, title) in enumerate(others):
        kind = "notes" if rel.startswith("notes") else f.pick(["brief", "status", "policy"])
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(f.document(kind, title=title, when=date(2024, 6, 3) + timedelta(days=i * 9)))
    (ws / "output").mkdir(exist_ok=True)
    (ws / "output" / "README.md").write_text("Finished proposal sections go here.\n")
    return {}


CHECK = '''\
"""AceBench 122: proposal section 8.5, top lifting points, from conflicting project documents.

The original is graded 0.45 by automatic checks and 0.55 by an LLM judge (conflicts 40%, coherence 35%,
completeness 25%); its judged criteria become checks of the facts they ask for, with those weights:
- values 0.45 (the automatic items): clear height 18 m; grid 3 m x 2 m; embed plate 250 x 250 x 20 mm; standard
  points >= 1.0 t and hoist track points >= 2.0 t; hoist hangers every 1 m (100 cm converted); Q345B adopted;
  safety factor 4.0 adopted (not hedged against 3.0); 15 m never given as the clear height. A section that misses
  or misstates any of them adopts a wrong design value and scores 0 in all.
- conflicts 0.22: the 2021 survey called outdated; the 100 cm contractor value converted; GB 50017's 3.0 against
  the project's 4.0; Q235B in the component spec against Q345B project-wide (0.055 each).
- coherence 0.19: {n_standard} standard points from the grid and chamber (0.07); {n_hoist} hoist track points
  (0.06); a schedule table (0.06).
- completeness 0.14: bonding resistance 2.5 mΩ at the shield (0.035); fire rating 1.5 h and 85 μm galvanising
  (0.035); NDT, 1.25 x proof load held 10 min (0.035); maintenance intervals (0.035).
A section pasted from the sources scores 0.
"""

from edgeagent.bench.grading import has_duration, has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = {out!r}
OLD = ("2021", "outdated", "superseded", "preliminary", "old survey", "site survey", "no longer", "obsolete",
       "not used", "previous")


def _pasted(ws, got):
    words_ = tokens(got)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.relative_to(ws).as_posix() != OUT]
    hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
    grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
    mine = {{tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}}
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
    sf_pars = [p.replace("/", ";") for p in t.split("\\n\\n") if says(p, "safety factor")]
    sf = any(has_number(p, 4.0, alone=True) for p in sf_pars) and \\
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
    score += 0.07 * has_number(t, {n_standard})
    score += 0.06 * has_number(t, {n_hoist})
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
'''

PROMPT = ("Section 8.5 'Top Lifting Points' of our APC-2024-0087 anechoic chamber proposal is still TBD. Please write "
          "it as a client-ready chapter from the project files: design basis and standards, layout and quantities, "
          "embed plates, capacities, safety factor, shielding integrity, fire and corrosion protection, inspection, "
          "maintenance and a schedule table. The files disagree in places: say which value you adopt and why. "
          f"Save it to {OUT}.")


def port():
    part1 = (
        "# 8.5 Top Lifting Points\n\n"
        "## 8.5.1 Design basis\n"
        "Governing documents: lifting point requirements Rev C (approved 2024-09-12), project general requirements "
        "Rev B, GB 50017 (steel structures), the hoist datasheet and the contractor's hoist coordination notes.\n\n"
        "Discrepancies resolved:\n"
        "- The 2021 preliminary site survey gives 15 m clear height, a 2.5 m x 2.5 m grid, 200 x 200 x 16 mm plates "
        "and 0.5 t points. It is superseded by Rev C and is not used.\n"
        "- The contractor notes give hanger spacing as 100 cm and track length as 1200 cm: converted, 1 m and 12 m.\n"
        "- GB 50017 requires a safety factor of at least 3.0; project requirement 4.3 requires 4.0. The project value "
        "is stricter and governs: the design safety factor is 4.0.\n"
        "- The component spec names Q235B for embed plates; project requirement 4.1 sets Q345B for all lifting steel "
        "and overrides it. Q345B is adopted.\n\n"
        "## 8.5.2 Layout\n"
        f"Chamber 24 m x 12 m, clear height 18 m. Standard points on a 3 m x 2 m grid, first lines 1.5 m and 1.0 m "
        f"from the walls: 8 x 6 = {N_STANDARD} standard points. One monorail hoist track, 12 m long on the centre "
        f"line, with hangers every 1 m: {N_HOIST} hoist track points.\n\n")
    part2 = (
        "## 8.5.3 Embed plates and capacities\n"
        "Embed plates 250 x 250 x 20 mm, Q345B, 4 x M20 headed studs. Standard points: rated capacity at least "
        "1.0 t. Hoist track points: at least 2.0 t (1.6 t hoist plus self weight and dynamic factor 1.25).\n\n"
        "## 8.5.4 Safety factor\n"
        "All attachments are designed with a safety factor of 4.0 on the rated load (project requirement, above "
        "the 3.0 minimum of GB 50017).\n\n"
        "## 8.5.5 Shielding integrity (EMC)\n"
        "Hanger and lug plates are bonded to the shield with conductive joints; DC bonding resistance at most "
        "2.5 mΩ per joint, and the enclosure's 100 dB shielding effectiveness is re-verified after installation.\n\n"
        "## 8.5.6 Fire and corrosion protection\n"
        "Exposed steel above the chamber receives intumescent coating with a 1.5 h fire rating. Lifting steel "
        "outside the shielded volume is hot-dip galvanised, 85 μm minimum, with zinc-rich touch-up after welding.\n\n")
    part3 = (
        "## 8.5.7 Quality inspection and acceptance\n"
        "NDT: 100% ultrasonic testing of full-penetration welds and 20% magnetic particle testing of fillet welds. "
        "Proof load test at 1.25 x rated load held for 10 min (every hoist track point, 10% of standard points), with "
        "no permanent deformation. Bonding resistance measured at every point.\n\n"
        "## 8.5.8 Maintenance\n"
        "Visual inspection every 6 months; load test and bonding re-measurement every 12 months.\n\n"
        "## 8.5.9 Lifting point schedule\n"
        "| Type | Quantity | Spacing | Capacity | Embed plate | Material |\n|---|---|---|---|---|---|\n"
        f"| Standard | {N_STANDARD} | 3 m x 2 m grid | >= 1.0 t | 250 x 250 x 20 mm | Q345B |\n"
        f"| Hoist track | {N_HOIST} | 1 m along the track | >= 2.0 t | 250 x 250 x 20 mm | Q345B |\n"
        f"| Total | {N_STANDARD + N_HOIST} | | | | |\n")
    doc = part1 + part2 + part3
    steps = [
        ("list_dir", {"path": "."}),
        ("read_file", {"path": "proposal/master_outline.md"}),
        ("read_file", {"path": "specs/lifting_point_requirements.yaml"}),
        ("read_file", {"path": "specs/project_general_requirements.md"}),
        ("read_file", {"path": "standards/gb50017_excerpt.md"}),
        ("read_file", {"path": "data/old_site_survey_report.md"}),
        ("read_file", {"path": "contractor/hoist_coordination_notes.md"}),
        ("read_file", {"path": "specs/electric_hoist_spec.json"}),
        ("read_file", {"path": "specs/qa_inspection_requirements.md"}),
        ("read_file", {"path": "reference/previous_project_lifting_schedule.csv"}),
        ("write_file", {"path": OUT, "content": part1}),
        ("append_file", {"path": OUT, "content": part2}),
        ("append_file", {"path": OUT, "content": part3}),
    ]
    check = CHECK.format(out=OUT, n_standard=N_STANDARD, n_hoist=N_HOIST)

    def doc_steps(d: str) -> list:
        return [("write_file", {"path": OUT, "content": d[:1900]}), ("append_file", {"path": OUT, "content": d[1900:3800]}),
                ("append_file", {"path": OUT, "content": d[3800:]})]
    alt = (doc.replace("3 m x 2 m", "3.0 m × 2.0 m").replace("250 x 250 x 20 mm", "250×250×20 mm")
           .replace("at least 1.0 t", "≥ 1 tonne").replace("hangers every 1 m", "hangers every 1.0 m")
           .replace("clear height 18 m", "clear height of 18 metres"))
    right = [
        dict(why="other unit forms (3.0 m × 2.0 m, 250×250×20 mm, 1 tonne, 18 metres)", base="nothing",
             answer="Section 8.5 is written.", steps=doc_steps(alt)),
        dict(why="the subsections in another order: schedule first", base="nothing", answer="Done.",
             steps=doc_steps(part1 + part3 + part2)),
        dict(why="the reference end state with a short answer in other words",
             answer=f"Section 8.5 is saved: {N_STANDARD} standard points on a 3 m x 2 m grid and {N_HOIST} hoist "
                    "points; Q345B, safety factor 4.0; the 2021 survey values are superseded."),
    ]
    wrong = [
        dict(kind="near-miss", why="embed plates 250 x 250 x 16 mm", base="nothing", answer="Written.",
             steps=doc_steps(doc.replace("250 x 250 x 20 mm", "250 x 250 x 16 mm"))),
        dict(kind="wrong-entity", why="the 100 cm hanger spacing read as 100 mm", base="nothing", answer="Written.",
             steps=doc_steps(doc.replace("hangers every 1 m", "hangers every 100 mm").replace(
                 "1 m and 12 m", "100 mm and 12 m").replace("1 m along the track", "100 mm along the track"))),
        dict(kind="wrong-entity", why="keeps the component spec's Q235B", base="nothing", answer="Written.",
             steps=doc_steps(doc.replace("Q345B", "Q235B"))),
        dict(kind="hedge", why="safety factor 3.0 or 4.0, to be confirmed", base="nothing", answer="Written.",
             steps=doc_steps(doc.replace("designed with a safety factor of 4.0 on the rated load",
                                         "designed with a safety factor of 3.0 or 4.0 on the rated load"))),
        dict(kind="near-miss", why="takes the survey's 15 m clear height", base="nothing", answer="Written.",
             steps=doc_steps(doc.replace("Chamber 24 m x 12 m, clear height 18 m.",
                                         "Chamber 24 m x 12 m, clear height 15 m."))),
        dict(kind="false-claim", why="says the section is saved but wrote nothing", base="nothing",
             answer=f"Section 8.5 is saved to {OUT}: 3 m x 2 m grid, 250 x 250 x 20 mm Q345B plates, 1.0 t and "
                    "2.0 t points, safety factor 4.0."),
        dict(kind="dump", why="pastes the requirements YAML and the old survey instead of writing the section",
             base="nothing", answer="Written.",
             steps=[("write_file", {"path": OUT, "content": YAML}), ("append_file", {"path": OUT, "content": SURVEY})]),
    ]
    return Port("search-lifting-points", 122, "test", PROMPT,
                ["list_dir", "read_file", "search", "search_docs", "query", "write_file", "append_file"],
                answer=(f"Wrote {OUT}: {N_STANDARD} standard points on a 3 m x 2 m grid (18 m clear height, >= 1.0 t) "
                        f"and {N_HOIST} hoist track points every 1 m (>= 2.0 t), 250 x 250 x 20 mm Q345B embed "
                        "plates, safety factor 4.0, bonding <= 2.5 mΩ, 1.5 h fire coating, 85 μm galvanising, "
                        "inspection and maintenance, and a schedule. Flagged: the 2021 survey is superseded, 100 cm "
                        "= 1 m, GB 50017's 3.0 vs the project's 4.0, Q235B vs Q345B."),
                steps=steps, check=check, right=right, wrong=wrong, sensitive=[], category="search",
                max_steps=28), build


PORTS = [port]

if __name__ == "__main__":
    for make in PORTS:
        task, fn = make()
        print(write(task, fn))
