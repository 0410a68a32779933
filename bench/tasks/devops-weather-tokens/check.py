"""AceBench 115: the weather skill's token waste diagnosed and fixed in the config, the parser and the skill doc.

Weights from the original's judge rubric (its automated items check the same files):
- root cause 0.25: the answer names both causes, the oversized parameter request (46 hourly parameters over a
  7-day forecast, or the hourly and soil/radiation parameters) and the parser returning the whole JSON.
- config 0.30: hourly parameters cut to at most 8, none of the soil, radiation, multi-height wind,
  evapotranspiration or CAPE ones left, and the six essentials kept (in current_params or hourly_params) (0.15);
  output no longer raw, and hourly output off or a one-day forecast (0.15).
- parser 0.30: parse_weather reads the current block's fields (at least five of the six) and no longer calls
  json.dumps (0.20); it maps the weather code to words and builds one line (0.10). Read from the code, not run.
- skill doc 0.15: the 'return the full response' step is gone and the doc describes the compact line and its
  fields.
Re-weighted: the root-cause credit counts in proportion to the file fixes earned (a diagnosis with nothing fixed
is not the job asked for).
"""

import ast
import re

from edgeagent.bench.grading import has_number, says, says_any
from edgeagent.bench.taskcheck import graded, text

CFG = "skills/weather/config.yaml"
PARSER = "skills/weather/scripts/parse_response.py"
SKILL = "skills/weather/SKILL.md"
ESSENTIAL = ['temperature_2m', 'apparent_temperature', 'relative_humidity_2m', 'wind_speed_10m', 'wind_direction_10m', 'weather_code']
JUNK = re.compile(r"soil_|radiation|irradiance|_80m|_120m|_180m|evapotranspiration|\bcape\b|vapour_pressure")


def _yaml(t):
    """Top-level keys of a simple YAML file: lists (`- x` items), nested `k: v` maps, or scalars."""
    out, key = {}, None
    for ln in t.splitlines():
        if not ln.strip() or ln.lstrip().startswith("#"):
            continue
        line = ln.split(" #")[0].rstrip()
        if not line.startswith((" ", "\t", "-")):
            key, _, val = line.partition(":")
            key, val = key.strip(), val.strip()
            if val.startswith("["):
                out[key] = [v.strip().strip("\"'") for v in val.strip("[]").split(",") if v.strip()]
            else:
                out[key] = val.strip("\"'") if val else None
        elif key is not None:
            s = line.strip()
            if s.startswith("- "):
                out[key] = (out[key] if isinstance(out[key], list) else []) + [s[2:].strip().strip("\"'")]
            elif ":" in s:
                k, _, v = s.partition(":")
                out[key] = out[key] if isinstance(out[key], dict) else {}
                out[key][k.strip()] = v.strip().strip("\"'")
    return out


def _config(ws):
    cfg = _yaml(text(ws / CFG))
    hourly = cfg.get("hourly_params") or []
    hourly = hourly if isinstance(hourly, list) else []
    current = cfg.get("current_params") if isinstance(cfg.get("current_params"), list) else []
    params = len(hourly) <= 8 and not any(JUNK.search(p) for p in hourly) and bool(cfg) \
        and set(ESSENTIAL) <= set(hourly) | set(current)
    out = cfg.get("output") if isinstance(cfg.get("output"), dict) else {}
    fmt = str(out.get("format", "raw")).lower()
    lean = str(out.get("include_hourly", "true")).lower() in ("false", "no", "off") or \
        str(cfg.get("forecast_days", "7")) == "1"
    return 0.15 * params + 0.15 * (bool(out) and fmt not in ("raw", "json", "") and lean)


def _parser(ws):
    src = text(ws / PARSER)
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return 0.0
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "parse_weather"), None)
    if fn is None:
        return 0.0
    body = ast.get_source_segment(src, fn) or ""
    dumps = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "dumps"
                for n in ast.walk(fn))
    fields = sum(f in src for f in ESSENTIAL)
    reads = "current" in body and fields >= 5 and not dumps
    words = sum(w in src.lower() for w in ("clear", "cloud", "fog", "rain", "snow", "thunder", "drizzle", "overcast"))
    one_line = not re.search(r"\\n\"?\s*\.join|indent\s*=", body)
    return 0.20 * reads + 0.10 * (reads and words >= 3 and one_line)


def _skill(ws):
    t = text(ws / SKILL)
    return not says(t, "Return the full response to the user") and \
        says_any(t, "compact", "one line", "single line", "one-line", "single-line") and \
        says_any(t, "feels", "feels-like", "apparent") and says_any(t, "humidity") and says_any(t, "wind")


def check(ws, answer):
    fixes = _config(ws) + _parser(ws) + 0.15 * _skill(ws)
    a = answer or ""
    params = has_number(a, 46) or says_any(a, "hourly parameters", "hourly params", "hourly_params", "soil moisture",
                                           "soil_moisture", "radiation")
    dump = says_any(a, "json.dumps", "json dumps", "full json", "whole json", "entire json", "raw json", "TODO",
                    "dumps the", "returns everything", "whole response", "full response",
                    "raw response", "raw output", "entire response", "unfiltered", "no filtering", "doesn't filter",
                    "does not filter", "never filtered", "never filters", "not implemented")
    return fixes + 0.25 * (params and dump) * fixes / 0.75


check = graded(check)  # a pasted file is no answer
