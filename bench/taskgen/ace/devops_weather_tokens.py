"""AceBench 115: the weather skill floods the chat (46 hourly parameters for 7 days, raw output, a parser that
dumps the whole JSON); prune the config, implement the parser's compact one-line summary, and update the skill
doc. Offline as in the original: nothing is fetched; the parser is graded by reading its code, never running it.

Bulk: the cached API response the config produces (~9,000 lines of JSON), the agent's token-usage log
(~2,500 lines, weather calls at 15-17k tokens each), two other skills and the fetch scripts."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main, write_steps

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-115-weather-tokens"
ESSENTIAL = ["temperature_2m", "apparent_temperature", "relative_humidity_2m", "wind_speed_10m",
             "wind_direction_10m", "weather_code"]
JUNK = ["precipitation_probability", "precipitation", "rain", "showers", "snowfall", "snow_depth", "dew_point_2m",
        "pressure_msl", "surface_pressure", "cloud_cover", "cloud_cover_low", "cloud_cover_mid", "cloud_cover_high",
        "visibility", "evapotranspiration", "et0_fao_evapotranspiration", "vapour_pressure_deficit",
        "wind_speed_80m", "wind_speed_120m", "wind_speed_180m", "wind_direction_80m", "wind_direction_120m",
        "wind_direction_180m", "wind_gusts_10m", "temperature_80m", "temperature_120m", "temperature_180m",
        "soil_temperature_0cm", "soil_temperature_6cm", "soil_temperature_18cm", "soil_temperature_54cm",
        "soil_moisture_0_to_1cm", "soil_moisture_1_to_3cm", "soil_moisture_3_to_9cm", "soil_moisture_9_to_27cm",
        "soil_moisture_27_to_81cm", "shortwave_radiation", "direct_radiation", "diffuse_radiation",
        "global_tilted_irradiance", "direct_normal_irradiance", "cape"]
HOURLY = ESSENTIAL[:3] + JUNK[:20] + ESSENTIAL[3:] + JUNK[20:-2]  # 46
DAILY = ["weather_code", "temperature_2m_max", "temperature_2m_min", "apparent_temperature_max",
         "apparent_temperature_min", "sunrise", "sunset", "daylight_duration", "sunshine_duration", "uv_index_max",
         "uv_index_clear_sky_max", "precipitation_sum", "rain_sum", "showers_sum", "snowfall_sum",
         "precipitation_hours", "precipitation_probability_max", "wind_speed_10m_max", "wind_gusts_10m_max",
         "wind_direction_10m_dominant", "shortwave_radiation_sum", "et0_fao_evapotranspiration"]  # 22
assert len(HOURLY) == 46 and len(DAILY) == 22, (len(HOURLY), len(DAILY))


def config_text(hourly, daily=DAILY, current=ESSENTIAL, fmt="raw", filt="false", inc_hourly="true",
                inc_daily="true", max_tokens="null", days=7) -> str:
    out = ["# Weather skill configuration (Open-Meteo)", "provider: open-meteo",
           "endpoint: https://api.open-meteo.com/v1/forecast", "location:", "  default_city: Beijing",
           "  latitude: 39.9042", "  longitude: 116.4074", "timezone: Asia/Shanghai", f"forecast_days: {days}",
           "units:", "  temperature: celsius", "  wind_speed: kmh", "current_params:"]
    out += [f"  - {p}" for p in current] + ["hourly_params:"] + [f"  - {p}" for p in hourly]
    out += ["daily_params:"] + [f"  - {p}" for p in daily]
    out += ["output:", f"  format: {fmt}", f"  filter_fields: {filt}", f"  include_hourly: {inc_hourly}",
            f"  include_daily: {inc_daily}", f"  max_tokens: {max_tokens}", "cache:", "  dir: data/cache",
            "  ttl_minutes: 30"]
    return "\n".join(out) + "\n"


PARSER = '''\
"""Turn an Open-Meteo forecast response into what the agent shows the user."""

import json
import sys


def parse_weather(data, city="Beijing"):
    # TODO: Add filtering/summarization to reduce token usage
    return json.dumps(data, indent=2)


if __name__ == "__main__":
    print(parse_weather(json.load(sys.stdin), *sys.argv[1:2]))
'''

FETCH = """\
#!/usr/bin/env bash
# Fetch the forecast for a city's coordinates and pipe it through the parser.
set -euo pipefail
LAT="${{1:-39.9042}}"; LON="${{2:-116.4074}}"; CITY="${{3:-Beijing}}"
HOURLY="{}"
DAILY="{}"
URL="https://api.open-meteo.com/v1/forecast?latitude=${{LAT}}&longitude=${{LON}}&current={}&hourly=${{HOURLY}}&daily=${{DAILY}}&forecast_days=7&timezone=Asia%2FShanghai"
curl -s "$URL" | python3 "$(dirname "$0")/parse_response.py" "$CITY"
""".format(",".join(HOURLY), ",".join(DAILY), ",".join(ESSENTIAL))

WTTR = """\
#!/usr/bin/env bash
# Fallback when Open-Meteo is down: wttr.in's JSON.
set -euo pipefail
CITY="${1:-Beijing}"
ENCODED=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$CITY")
curl -s "https://wttr.in/${ENCODED}?format=j1"
"""

SKILL = """\
---
name: weather
description: Weather for a city from Open-Meteo, with wttr.in as a fallback.
---

# Weather

## Steps
1. Look up the city's coordinates (default Beijing).
2. Run `scripts/fetch_weather.sh <lat> <lon> <city>`; it reads `config.yaml` for the parameters.
3. Return the full response to the user.

## Fallback
If Open-Meteo fails, run `scripts/wttr_fetch.sh <city>`.

## Notes
Units come from `config.yaml` (Celsius, km/h).
"""

NEW_PARSER = '''\
"""Turn an Open-Meteo forecast response into one compact line of current conditions."""

import json
import sys

WMO = {0: "Clear sky", 1: "Mainly clear", 2: "Partly cloudy", 3: "Overcast", 45: "Fog", 48: "Rime fog",
       51: "Light drizzle", 53: "Drizzle", 55: "Dense drizzle", 61: "Light rain", 63: "Rain", 65: "Heavy rain",
       71: "Light snow", 73: "Snow", 75: "Heavy snow", 80: "Rain showers", 81: "Rain showers",
       82: "Violent rain showers", 95: "Thunderstorm", 96: "Thunderstorm with hail", 99: "Thunderstorm with hail"}
POINTS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def parse_weather(data, city="Beijing"):
    cur = data.get("current", {})
    temp = cur.get("temperature_2m")
    feels = cur.get("apparent_temperature")
    hum = cur.get("relative_humidity_2m")
    wind = cur.get("wind_speed_10m")
    deg = cur.get("wind_direction_10m")
    desc = WMO.get(cur.get("weather_code"), "Unknown")
    point = POINTS[round(deg / 45) % 8] if deg is not None else "?"
    return f"{city}: {desc}, {temp}°C (feels {feels}°C) | Wind {wind} km/h {point} | Humidity {hum}%"


if __name__ == "__main__":
    print(parse_weather(json.load(sys.stdin), *sys.argv[1:2]))
'''

NEW_SKILL = """\
---
name: weather
description: Current weather for a city in one compact line (Open-Meteo, wttr.in as fallback).
---

# Weather

## Steps
1. Look up the city's coordinates (default Beijing).
2. Run `scripts/fetch_weather.sh <lat> <lon> <city>`; `config.yaml` asks only for current conditions.
3. Reply with the single line `parse_response.py` prints, e.g.
   `Beijing: Partly cloudy, 14°C (feels 11°C) | Wind 23 km/h NE | Humidity 45%`.

## Fields
Temperature, feels-like temperature, wind speed and direction, humidity, and a short description from the
WMO weather code. Nothing else: no hourly or daily forecast, so a call costs a few dozen tokens, not thousands.

## Fallback
If Open-Meteo fails, run `scripts/wttr_fetch.sh <city>` (compact one-line format).
"""


def _cache(rng: random.Random) -> dict:
    t0 = datetime(2025, 1, 18)
    hours = [(t0 + timedelta(hours=h)).strftime("%Y-%m-%dT%H:%M") for h in range(168)]
    hourly = {"time": hours}
    for p in HOURLY:
        hourly[p] = [round(rng.uniform(-8, 12) if "temperature" in p else rng.uniform(0, 100), 1) for _ in hours]
    days = [(t0 + timedelta(days=d)).strftime("%Y-%m-%d") for d in range(7)]
    daily = {"time": days}
    for p in DAILY:
        daily[p] = [round(rng.uniform(0, 30), 1) for _ in days]
    return {"latitude": 39.875, "longitude": 116.375, "generationtime_ms": 0.812, "utc_offset_seconds": 28800,
            "timezone": "Asia/Shanghai", "timezone_abbreviation": "CST", "elevation": 47.0,
            "current_units": {p: "" for p in ESSENTIAL},
            "current": {"time": "2025-01-18T09:00", "interval": 900, "temperature_2m": -1.8,
                        "apparent_temperature": -6.4, "relative_humidity_2m": 31, "wind_speed_10m": 14.2,
                        "wind_direction_10m": 318, "weather_code": 2},
            "hourly_units": {p: "" for p in HOURLY}, "hourly": hourly, "daily_units": {p: "" for p in DAILY},
            "daily": daily}


def _usage(f: Filler, rng: random.Random) -> str:
    t = datetime(2026, 2, 2, 7, 0)
    out = []
    for _ in range(2500):
        t += timedelta(seconds=rng.randint(20, 900))
        tool = rng.choices(["weather", "search", "calendar", "mail", "notes"], [18, 25, 20, 25, 12])[0]
        tok = rng.randint(15200, 17400) if tool == "weather" else rng.randint(120, 2400)
        sess = f"s{rng.randint(1000, 9999)}"
        out.append(f"{t:%Y-%m-%dT%H:%M:%S} tool={tool} session={sess} output_tokens={tok}"
                   + (" truncated=true" if tok > 16000 else ""))
    return "\n".join(out) + "\n"


def _build(ws: Path) -> None:
    f = Filler(SEED)
    rng = random.Random(115)
    w = ws / "skills" / "weather"
    (w / "scripts").mkdir(parents=True)
    (w / "config.yaml").write_text(config_text(HOURLY))
    (w / "SKILL.md").write_text(SKILL)
    (w / "scripts" / "parse_response.py").write_text(PARSER)
    (w / "scripts" / "fetch_weather.sh").write_text(FETCH)
    (w / "scripts" / "wttr_fetch.sh").write_text(WTTR)
    (ws / "data" / "cache").mkdir(parents=True)
    (ws / "data" / "cache" / "weather_response_beijing_20250118.json").write_text(json.dumps(_cache(rng), indent=2))
    (ws / "logs").mkdir()
    (ws / "logs" / "token-usage.log").write_text(_usage(f, rng))
    for name, desc in (("calendar-digest", "Summarise the day's calendar in five lines."),
                       ("mail-triage", "Sort the inbox into reply-today, read-later and ignore.")):
        (ws / "skills" / name).mkdir(parents=True)
        (ws / "skills" / name / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {desc}\n---\n\n# {name}\n\n"
                                                       f"## Steps\n1. {f.sentence()}\n2. {f.sentence()}\n")
    (ws / "notes").mkdir()
    (ws / "notes" / "token-budget.md").write_text(
        "# Token budget\n\nEach tool reply should stay under 500 tokens; replies over 16,000 are truncated by the "
        "gateway and waste the context window.\n")


CHECK = '''\
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
ESSENTIAL = {essential!r}
JUNK = re.compile(r"soil_|radiation|irradiance|_80m|_120m|_180m|evapotranspiration|\\bcape\\b|vapour_pressure")


def _yaml(t):
    """Top-level keys of a simple YAML file: lists (`- x` items), nested `k: v` maps, or scalars."""
    out, key = {{}}, None
    for ln in t.splitlines():
        if not ln.strip() or ln.lstrip().startswith("#"):
            continue
        line = ln.split(" #")[0].rstrip()
        if not line.startswith((" ", "\\t", "-")):
            key, _, val = line.partition(":")
            key, val = key.strip(), val.strip()
            if val.startswith("["):
                out[key] = [v.strip().strip("\\"'") for v in val.strip("[]").split(",") if v.strip()]
            else:
                out[key] = val.strip("\\"'") if val else None
        elif key is not None:
            s = line.strip()
            if s.startswith("- "):
                out[key] = (out[key] if isinstance(out[key], list) else []) + [s[2:].strip().strip("\\"'")]
            elif ":" in s:
                k, _, v = s.partition(":")
                out[key] = out[key] if isinstance(out[key], dict) else {{}}
                out[key][k.strip()] = v.strip().strip("\\"'")
    return out


def _config(ws):
    cfg = _yaml(text(ws / CFG))
    hourly = cfg.get("hourly_params") or []
    hourly = hourly if isinstance(hourly, list) else []
    current = cfg.get("current_params") if isinstance(cfg.get("current_params"), list) else []
    params = len(hourly) <= 8 and not any(JUNK.search(p) for p in hourly) and bool(cfg) \\
        and set(ESSENTIAL) <= set(hourly) | set(current)
    out = cfg.get("output") if isinstance(cfg.get("output"), dict) else {{}}
    fmt = str(out.get("format", "raw")).lower()
    lean = str(out.get("include_hourly", "true")).lower() in ("false", "no", "off") or \\
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
    one_line = not re.search(r"\\\\n\\"?\\s*\\.join|indent\\s*=", body)
    return 0.20 * reads + 0.10 * (reads and words >= 3 and one_line)


def _skill(ws):
    t = text(ws / SKILL)
    return not says(t, "Return the full response to the user") and \\
        says_any(t, "compact", "one line", "single line", "one-line", "single-line") and \\
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
'''


def task115():
    new_cfg = config_text([], fmt="compact", filt="true", inc_hourly="false", inc_daily="false", max_tokens="500",
                          days=1, daily=[])
    new_cfg = new_cfg.replace("hourly_params:\n", "hourly_params: []\n").replace("daily_params:\n",
                                                                                 "daily_params: []\n")
    steps = [
        ("list_dir", {"path": "skills/weather"}),
        ("read_file", {"path": "skills/weather/SKILL.md"}),
        ("read_file", {"path": "skills/weather/config.yaml"}),
        ("read_file", {"path": "skills/weather/scripts/parse_response.py"}),
        ("read_file", {"path": "skills/weather/scripts/fetch_weather.sh"}),
        ("search", {"query": "tool=weather output_tokens"}),
        ("write_file", {"path": "skills/weather/config.yaml", "content": new_cfg}),
        ("write_file", {"path": "skills/weather/scripts/parse_response.py", "content": NEW_PARSER}),
        ("write_file", {"path": "skills/weather/SKILL.md", "content": NEW_SKILL}),
    ]
    answer = ("Two causes. config.yaml asked Open-Meteo for 46 hourly parameters (soil moisture, radiation, winds "
              "at 80-180 m, evapotranspiration...) over 7 days plus 22 daily ones, with output set to raw: about "
              "7,700 hourly values a call, 15-17k tokens in the usage log. And parse_response.py never filtered: "
              "its TODO was left and it returned json.dumps of the whole response. Now the config asks only the six "
              "current fields for one day (compact output, no hourly or daily data, 500-token cap), the parser "
              "prints one line (description, temperature, feels-like, wind speed and direction, humidity), and "
              "SKILL.md documents that line instead of returning the full response.")
    cfg_b = config_text(ESSENTIAL, fmt="compact", filt="true", inc_hourly="false", daily=DAILY[:3], days=1)
    parser_b = NEW_PARSER.replace('WMO = {0: "Clear sky"', 'WMO = {0: "Clear"').replace(
        'return f"{city}: {desc}, {temp}°C (feels {feels}°C) | Wind {wind} km/h {point} | Humidity {hum}%"',
        'return "{}: {} {}C, feels {}C, wind {} km/h {}, humidity {}%".format(city, desc, temp, feels, wind, point, '
        'hum)')
    skill_b = NEW_SKILL.replace("Reply with the single line", "Reply with the one-line summary")
    short = ("The config pulls 46 hourly params for a week and the parser just json.dumps everything (its TODO was "
             "never done). Fixed both and the skill doc.")
    right = [
        dict(why="the reference end state, a terse answer", answer=short),
        dict(why="essentials kept under hourly_params, include_hourly off, .format() instead of an f-string",
             base="nothing", answer=short,
             steps=[("write_file", {"path": "skills/weather/config.yaml", "content": cfg_b}),
                    ("write_file", {"path": "skills/weather/scripts/parse_response.py", "content": parser_b}),
                    ("write_file", {"path": "skills/weather/SKILL.md", "content": skill_b})]),
        dict(why="the causes put as 'soil moisture and radiation fields' and 'returns the raw JSON'",
             answer="It requested soil moisture, radiation and high-altitude wind fields every hour for 7 days, and "
                    "the parser returned the raw JSON untouched. Both fixed; the skill now documents a one-line "
                    "reply."),
    ]
    three = config_text(["temperature_2m", "relative_humidity_2m", "wind_speed_10m"],
                        current=["temperature_2m", "relative_humidity_2m", "wind_speed_10m"], fmt="compact",
                        inc_hourly="false", days=1, daily=[])
    parser_three = ('import json\n\n\ndef parse_weather(data, city="Beijing"):\n    cur = data["current"]\n'
                    '    return f"{city}: {cur[\'temperature_2m\']}C, wind {cur[\'wind_speed_10m\']} km/h, '
                    'humidity {cur[\'relative_humidity_2m\']}%"\n')
    hedge_parser = NEW_PARSER.replace(
        '    return f"{city}: {desc}', '    if "--raw" in sys.argv:\n        return json.dumps(data, indent=2)\n'
        '    return f"{city}: {desc}')
    wrong = [
        dict(kind="near-miss", why="prunes too far: feels-like, wind direction and the weather code dropped",
             base="nothing", answer=short,
             steps=[("write_file", {"path": "skills/weather/config.yaml", "content": three}),
                    ("write_file", {"path": "skills/weather/scripts/parse_response.py", "content": parser_three})]),
        dict(kind="wrong-entity", why="changes the wttr fallback and writes a new skill at the root instead",
             base="nothing", answer="The verbosity came from wttr.in's j1 JSON; switched it to a compact format.",
             steps=[("write_file", {"path": "skills/weather/scripts/wttr_fetch.sh",
                                    "content": WTTR.replace("?format=j1", "?format=%l:+%C+%t+%f+%w+%h")}),
                    ("write_file", {"path": "SKILL.md", "content": NEW_SKILL})]),
        dict(kind="hedge", why="keeps all 46 parameters 'in case' and a json.dumps path beside the compact line",
             base="nothing", answer="It's either the 46 hourly params or the json.dumps in the parser, so I kept "
                                    "both options: compact by default, raw on request.",
             steps=[*write_steps("skills/weather/config.yaml", config_text(HOURLY, fmt="compact", inc_hourly="false")),
                    ("write_file", {"path": "skills/weather/scripts/parse_response.py", "content": hedge_parser})]),
        dict(kind="false-claim", why="describes the fix but changed no file", base="nothing", answer=answer),
        dict(kind="dump", why="the skill doc replaced with the pasted config, the parser with the cached JSON's head",
             base="nothing", answer=short,
             steps=[("write_file", {"path": "skills/weather/SKILL.md", "content": config_text(HOURLY)[:1990]}),
                    ("write_file", {"path": "skills/weather/scripts/parse_response.py",
                                    "content": PARSER + "\n# " + ", ".join(HOURLY)})]),
    ]
    port = Port("devops-weather-tokens", 115, "test",
                ("The weather skill still answers with an enormous blob, thousands of tokens every single call. "
                 "Go through everything in skills/weather (config, scripts, the skill doc), work out why it is so "
                 "verbose, and fix it properly. All I want is the current conditions on one line: temperature, "
                 "feels-like, wind speed and direction, humidity and a short description."),
                ["list_dir", "read_file", "search", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(essential=ESSENTIAL), right=right, wrong=wrong,
                category="devops")
    return port, _build


PORTS = [task115]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
