"""AceBench 113: turn on an external GPT-4o provider in an agent workspace (the .env, the agent config and
models.json, all three consistent, with the given endpoint and not the commented-out default), add a gateway
skill in the workspace's skill format, and bootstrap the workspace's core documents and state file.

Offline: the endpoint is never called; the test script's expected result is described instead. The original's
`git init` cannot be done with the tools here and is left out (its weight goes to the other bootstrap items).
Bulk: a gateway log of ~3,000 lines, three existing skills, memory notes and docs beside the configs."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-113-gateway-provider"
KEY = "sk-PLACEHOLDER_KEY_DO_NOT_USE"
BOT = "7734019925:AAH3kq_Zp1vXcR8uYtW2mLs0dNfE6bJgQoI"

ENV = f"""\
# Agent runtime environment (loaded by the gateway at start)
AGENT_NAME=atlas-desk
LOG_LEVEL=info
GATEWAY_PORT=18789
LOCAL_MODEL_URL=http://127.0.0.1:8080/v1
TELEGRAM_BOT_TOKEN={BOT}

# --- External model providers: uncomment and fill in to enable (see README) ---
# OPENAI_API_KEY=
# OPENAI_BASE_URL=https://api.openai.com
# ANTHROPIC_API_KEY=
# ANTHROPIC_BASE_URL=https://api.anthropic.com
"""

CONFIG = """\
agent:
  name: atlas-desk
  model: local/qwen2.5-1.5b-instruct
  workspace: /srv/agent/workspace
  maxTurns: 24
  # providers:
  #   - name: openai
  #     baseUrl: https://api.openai.com/v1
  #     apiKey: ${OPENAI_API_KEY}
  #     models:
  #       - gpt-4o
gateway:
  port: 18789
  bind: 127.0.0.1
  requestTimeoutSeconds: 60
heartbeat:
  intervalMinutes: 30
channels:
  telegram:
    enabled: true
    tokenEnv: TELEGRAM_BOT_TOKEN
skills:
  dirs:
    - skills
"""

MODELS = {
    "default": "local/qwen2.5-1.5b-instruct",
    "providers": [
        {"name": "local", "status": "active", "baseUrl": "http://127.0.0.1:8080/v1",
         "models": ["qwen2.5-1.5b-instruct", "qwen2.5-0.5b-instruct"]},
        {"name": "openai", "status": "not_configured", "models": ["gpt-4o", "gpt-4o-mini"]},
        {"name": "anthropic", "status": "not_configured", "models": ["claude-3-5-sonnet"]},
    ],
    "routing": {"fallback": "local", "maxContextTokens": 32768},
}

README = """\
# atlas-desk agent workspace

## Adding an external model provider

Three files describe a provider, and the gateway refuses to start when they disagree:

1. `.env`: `<PROVIDER>_API_KEY` and `<PROVIDER>_BASE_URL`. Base URLs end in `/v1`.
2. `.openclaw/config.yaml`: an entry under `agent.providers` with `name`, `baseUrl`, `apiKey` and `models`.
3. `models.json`: set the provider's `status` to `active` and add its `baseUrl`. Never put a key in
   models.json: the dashboard syncs that file.

Then run `python scripts/test_gpt4o.py`: it calls `GET <base>/models` and one chat completion. On a working
setup it prints `HTTP 200`, a model list that includes `gpt-4o`, and a one-line reply.

## Skills

Each skill is a folder `skills/<name>/` holding a `SKILL.md` with YAML front matter (`name`, `description`)
and sections on configuration, usage and limits. See `skills/searxng/` for a complete one.

## Bootstrapping a workspace

A fresh workspace gets seven documents at its root (IDENTITY.md, AGENTS.md, TOOLS.md, USER.md, SOUL.md,
HEARTBEAT.md, BOOTSTRAP.md) and `.openclaw/workspace-state.json`, a JSON object the gateway updates.
"""

TEST = '''\
"""Connectivity check for the OpenAI-compatible provider configured in .env."""

import json
import os
import urllib.request

base = os.environ["OPENAI_BASE_URL"].rstrip("/")
key = os.environ["OPENAI_API_KEY"]
req = urllib.request.Request(base + "/models", headers={"Authorization": f"Bearer {key}"})
with urllib.request.urlopen(req, timeout=20) as r:
    print("HTTP", r.status)
    print([m["id"] for m in json.load(r)["data"]])
body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "Say ok."}]}).encode()
req = urllib.request.Request(base + "/chat/completions", data=body,
                             headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
with urllib.request.urlopen(req, timeout=60) as r:
    print(json.load(r)["choices"][0]["message"]["content"])
'''

SEARXNG = """\
---
name: searxng
description: Search the web through the self-hosted SearXNG instance and return the top results.
---

# SearXNG search

## Configuration
`SEARXNG_URL` in `.env` (default http://127.0.0.1:8888).

## Usage
`GET $SEARXNG_URL/search?q=<query>&format=json`; keep the first five results (title, url, snippet).

## Limits
No more than 10 queries a minute. Never send private data in a query.
"""

SAMPLE = """\
---
name: sample-skill
description: A minimal example of the skill format.
---

# Sample skill

## When to use
Never; it shows the layout.

## Steps
1. Read the input.
2. Do the work.
3. Report back.
"""

WEATHER = """\
---
name: weather
description: Current conditions for a city from the local weather cache.
---

# Weather

## Usage
Read `data/weather/<city>.json` and report temperature, wind and conditions in one line.
"""

STATE = {"version": 1, "bootstrappedAt": "2026-03-02T09:00:00Z", "provider": "openai"}


def _build(ws: Path) -> None:
    f = Filler(SEED)
    (ws / ".openclaw").mkdir(parents=True)
    (ws / ".env").write_text(ENV)
    (ws / ".openclaw" / "config.yaml").write_text(CONFIG)
    (ws / "models.json").write_text(json.dumps(MODELS, indent=2) + "\n")
    (ws / "README.md").write_text(README)
    (ws / "scripts").mkdir()
    (ws / "scripts" / "test_gpt4o.py").write_text(TEST)
    for name, text in (("searxng", SEARXNG), ("sample-skill", SAMPLE), ("weather", WEATHER)):
        (ws / "skills" / name).mkdir(parents=True)
        (ws / "skills" / name / "SKILL.md").write_text(text)
    (ws / "logs").mkdir()
    (ws / "logs" / "gateway.log").write_text(f.log(3000, datetime(2026, 2, 10, 0, 0),
                                                   ("gateway", "router", "heartbeat", "skills", "telegram")))
    (ws / "memory").mkdir()
    for i, d in enumerate((date(2026, 2, 24), date(2026, 2, 26), date(2026, 3, 1))):
        (ws / "memory" / f"{d.isoformat()}.md").write_text(f.document("notes", when=d))
    (ws / "docs").mkdir()
    (ws / "docs" / "routing-policy.md").write_text(
        "# Routing policy\n\nPrompts stay on the local model unless they need long reasoning, code generation "
        "over 200 lines, or a language the local model handles poorly. Private data (contacts, mail bodies, "
        "credentials) never goes to an external provider; summarise or mask it first.\n\nThe external provider "
        "is rate-limited to 30 requests a minute; on HTTP 429 wait and retry at most twice, then fall back to "
        "the local model.\n")
    (ws / "docs" / "status.md").write_text(f.document("status", title="atlas-desk rollout"))


CHECK = '''\
"""AceBench 113: an external GPT-4o provider configured in three files, a gateway skill, a bootstrapped workspace.

Weights from the original's judge rubric (its automated items check the same artifacts):
- provider configuration 0.35: .env (OPENAI_API_KEY set, OPENAI_BASE_URL on api.zecoba.com), the agent config
  (an uncommented provider entry named openai with a zecoba baseUrl and an apiKey) and models.json (openai
  active with a zecoba baseUrl, no key in the file); a third each. A file that also points at api.openai.com
  fails: the commented-out default is the trap, and offering both URLs is no choice.
- skill 0.25: skills/llm-api-gateway/SKILL.md with front matter name and description, the endpoint, and at least
  three of: request format, response handling, errors or rate limits, when to stay local.
- bootstrap 0.25: the seven documents with content of their own (0.15) and .openclaw/workspace-state.json a JSON
  object (0.10). The original's git init cannot be done with these tools; its share moved to the documents.
- verification 0.15: the answer says what the test script would report live (HTTP 200, the model list or a chat
  completion) rather than claiming a live call.
Re-weighted: skill, bootstrap and verification count in proportion to the configuration files done right (a
workspace with docs but no working provider did not do the job). Documents mostly pasted from the seed count
as not written.
"""

import json
import re

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import graded, text

KEY = {key!r}
DOCS = ("IDENTITY.md", "AGENTS.md", "TOOLS.md", "USER.md", "SOUL.md", "HEARTBEAT.md", "BOOTSTRAP.md")
SEED_FILES = ("README.md", ".env", ".openclaw/config.yaml", "models.json", "skills/searxng/SKILL.md",
              "skills/sample-skill/SKILL.md", "skills/weather/SKILL.md", "docs/routing-policy.md", "docs/status.md")


def _live(t):
    return [ln for ln in t.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def _env_ok(ws):
    kv = {{}}
    for ln in _live(text(ws / ".env")):
        k, _, v = ln.partition("=")
        kv[k.strip().removeprefix("export ").strip()] = v.strip().strip("\\"'")
    base = kv.get("OPENAI_BASE_URL", "")
    return kv.get("OPENAI_API_KEY") == KEY and re.fullmatch(r"https://api\\.zecoba\\.com(/v1)?/?", base) is not None \\
        and not any("api.openai.com" in v for v in kv.values())


def _config_ok(ws):
    live = "\\n".join(_live(text(ws / ".openclaw/config.yaml")))
    return bool(re.search(r"(?m)^\\s*providers:\\s*$", live)) and bool(re.search(r"(?m)name:\\s*[\\"']?openai\\b", live)) \\
        and bool(re.search(r"(?m)baseUrl:\\s*[\\"']?https://api\\.zecoba\\.com", live)) \\
        and bool(re.search(r"(?m)apiKey:\\s*\\S+", live)) and "api.openai.com" not in live


def _models_ok(ws):
    raw = text(ws / "models.json")
    try:
        data = json.loads(raw)
    except ValueError:
        return False
    provs = data.get("providers", []) if isinstance(data, dict) else []
    oa = [p for p in provs if isinstance(p, dict) and p.get("name") == "openai"]
    return len(oa) == 1 and oa[0].get("status") == "active" and "api.zecoba.com" in str(oa[0].get("baseUrl", "")) \\
        and KEY not in raw and "sk-" not in raw and "api.openai.com" not in raw


def _seed_lines(ws):
    out = set()
    for p in SEED_FILES:
        out |= {{ln.strip() for ln in text(ws / p).splitlines()}}
    return out


def _own(t, seed):
    mine = [ln.strip() for ln in t.splitlines() if len(ln.strip()) >= 12]
    return len(t.strip()) > 50 and mine and sum(ln in seed for ln in mine) / len(mine) < 0.5


def _skill_ok(ws, seed):
    t = text(ws / "skills/llm-api-gateway/SKILL.md")
    fm = re.match(r"\\s*---\\s*\\n(.*?)\\n---", t, re.DOTALL)
    if not fm or not re.search(r"(?m)^name\\s*:\\s*\\S", fm.group(1)) or \\
            not re.search(r"(?m)^description\\s*:\\s*\\S", fm.group(1)) or "api.zecoba.com" not in t or not _own(t, seed):
        return False
    topics = [says_any(t, "chat/completions", "chat completions", "request format", "POST"),
              says_any(t, "choices", "response", "parse", "parsing"),
              says_any(t, "error", "errors", "retry", "429", "rate limit", "timeout"),
              says_any(t, "local", "locally", "on device", "on-device")]
    return sum(topics) >= 3


def _state_ok(ws):
    try:
        return isinstance(json.loads(text(ws / ".openclaw/workspace-state.json")), dict)
    except ValueError:
        return False


def check(ws, answer):
    done = (_env_ok(ws) + _config_ok(ws) + _models_ok(ws)) / 3
    if not done:
        return 0.0
    seed = _seed_lines(ws)
    docs = sum(bool(_own(text(ws / d), seed)) for d in DOCS) / len(DOCS)
    said = answer or ""
    verify = says_any(said, "test_gpt4o", "test_gpt4o.py", "test script", "connectivity test") and \\
        (says_any(said, "200", "model list", "list of models", "models list", "chat completion") and
         not says_any(said, "I ran", "I executed", "ran the test", "executed the test", "test passed"))
    rest = 0.25 * _skill_ok(ws, seed) + 0.15 * docs + 0.10 * _state_ok(ws) + 0.15 * verify
    return 0.35 * done + rest * done


check = graded(check)  # a pasted file is no answer
'''

DOC_TEXT = {
    "IDENTITY.md": "# Identity\n\nI am atlas-desk, a personal assistant agent running on this machine with a local "
                   "Qwen 2.5 model and, since today, an external GPT-4o provider behind the zecoba gateway.\n",
    "AGENTS.md": "# Agents\n\n- atlas-desk: the main agent (local model by default).\n- External GPT-4o via the "
                 "openai provider (api.zecoba.com), used only through the llm-api-gateway skill.\n",
    "TOOLS.md": "# Tools\n\n- Skills: searxng (web search), weather (cached conditions), llm-api-gateway (external "
                "GPT-4o), sample-skill (format example).\n- Channels: Telegram.\n- Gateway on 127.0.0.1:18789.\n",
    "USER.md": "# User\n\nThe owner of this workspace. Prefers that private data stays on the local model and that "
               "external calls are the exception, not the rule.\n",
    "SOUL.md": "# Soul\n\nBe useful, be brief, keep private things private. Prefer the local model; reach for the "
               "external one only when it clearly helps, and say so when you do.\n",
    "HEARTBEAT.md": "# Heartbeat\n\nEvery 30 minutes: check the gateway is up, the local model answers, and the "
                    "external provider's last call did not fail with 401 or 429.\n",
    "BOOTSTRAP.md": "# Bootstrap\n\n1. Configure providers in .env, .openclaw/config.yaml and models.json.\n"
                    "2. Add skills under skills/<name>/SKILL.md.\n3. Write the core documents and the state file.\n",
}

SKILL = """\
---
name: llm-api-gateway
description: Route a prompt to the external GPT-4o endpoint (api.zecoba.com) when the local model is not enough.
---

# LLM API gateway

## Configuration
- Base URL: `https://api.zecoba.com/v1` (`OPENAI_BASE_URL` in .env)
- Key: `OPENAI_API_KEY` in .env (and `apiKey` in .openclaw/config.yaml); never in models.json.
- Models: gpt-4o, gpt-4o-mini.

## Request format
OpenAI-compatible: `POST /v1/chat/completions` with `model`, `messages` and optional `temperature`, header
`Authorization: Bearer $OPENAI_API_KEY`.

## Response handling
Take `choices[0].message.content`; log `usage.total_tokens`.

## Errors and limits
401: bad key, stop. 429: wait and retry at most twice, then fall back to the local model. Timeouts after 60 s.
30 requests a minute.

## When to use it
Stay local for private data and short tasks; go external only for long reasoning or large code generation, with
private values masked first.
"""


def task113():
    env_new = ENV.replace("# OPENAI_API_KEY=\n# OPENAI_BASE_URL=https://api.openai.com\n",
                          f"OPENAI_API_KEY={KEY}\nOPENAI_BASE_URL=https://api.zecoba.com/v1\n")
    cfg_new = CONFIG.replace("""  # providers:
  #   - name: openai
  #     baseUrl: https://api.openai.com/v1
  #     apiKey: ${OPENAI_API_KEY}
  #     models:
  #       - gpt-4o
""", f"""  providers:
    - name: openai
      baseUrl: https://api.zecoba.com/v1
      apiKey: {KEY}
      models:
        - gpt-4o
        - gpt-4o-mini
""")
    models_new = json.loads(json.dumps(MODELS))
    models_new["providers"][1].update(status="active", baseUrl="https://api.zecoba.com/v1")
    models_txt = json.dumps(models_new, indent=2) + "\n"
    steps = [
        ("read_file", {"path": "README.md"}),
        ("read_file", {"path": ".env"}),
        ("read_file", {"path": ".openclaw/config.yaml"}),
        ("read_file", {"path": "models.json"}),
        ("read_file", {"path": "skills/searxng/SKILL.md"}),
        ("write_file", {"path": ".env", "content": env_new}),
        ("write_file", {"path": ".openclaw/config.yaml", "content": cfg_new}),
        ("write_file", {"path": "models.json", "content": models_txt}),
        ("write_file", {"path": "skills/llm-api-gateway/SKILL.md", "content": SKILL}),
    ] + [("write_file", {"path": k, "content": v}) for k, v in DOC_TEXT.items()] + [
        ("write_file", {"path": ".openclaw/workspace-state.json",
                        "content": json.dumps({"version": 1, "bootstrappedAt": "2026-03-02T09:00:00Z",
                                               "providers": ["local", "openai"]}, indent=2)}),
    ]
    answer = ("Done. The openai provider now points at https://api.zecoba.com/v1 in .env, .openclaw/config.yaml and "
              "models.json (status active; the key stays out of models.json), not the commented api.openai.com "
              "default. The llm-api-gateway skill is in skills/llm-api-gateway/SKILL.md, and the seven core docs and "
              ".openclaw/workspace-state.json are written. I made no live call: on a connected machine "
              "scripts/test_gpt4o.py should print HTTP 200, a model list including gpt-4o, and a one-line chat "
              "completion reply.")
    verify = ("Not run here (no network). Live, test_gpt4o.py would print HTTP 200, then a models list with gpt-4o "
              "and gpt-4o-mini, then the chat completion's reply.")

    def writes(env, cfg, models, with_docs=True):
        out = [("write_file", {"path": ".env", "content": env}),
               ("write_file", {"path": ".openclaw/config.yaml", "content": cfg}),
               ("write_file", {"path": "models.json", "content": models})]
        if with_docs:
            out += [("write_file", {"path": "skills/llm-api-gateway/SKILL.md", "content": SKILL})]
            out += [("write_file", {"path": k, "content": v}) for k, v in DOC_TEXT.items()]
            out += [("write_file", {"path": ".openclaw/workspace-state.json", "content": "{\"version\": 1}"})]
        return out

    env_alt = ENV.replace("# OPENAI_API_KEY=\n# OPENAI_BASE_URL=https://api.openai.com\n",
                          f"# OPENAI_BASE_URL=https://api.openai.com\nOPENAI_API_KEY=\"{KEY}\"\n"
                          "OPENAI_BASE_URL=https://api.zecoba.com\n")
    cfg_alt = CONFIG.replace("""  # providers:
  #   - name: openai
  #     baseUrl: https://api.openai.com/v1
  #     apiKey: ${OPENAI_API_KEY}
  #     models:
  #       - gpt-4o
""", """  providers:
    - name: "openai"
      baseUrl: "https://api.zecoba.com/v1"
      apiKey: ${OPENAI_API_KEY}
      models: [gpt-4o, gpt-4o-mini]
""")
    models_alt = dict(json.loads(json.dumps(MODELS)))
    models_alt["providers"][1] = {"name": "openai", "status": "active", "baseUrl": "https://api.zecoba.com/v1",
                                  "models": ["gpt-4o", "gpt-4o-mini"], "note": "configured 2026-03-02"}
    openai_env = ENV.replace("# OPENAI_API_KEY=\n# OPENAI_BASE_URL=https://api.openai.com\n",
                             f"OPENAI_API_KEY={KEY}\nOPENAI_BASE_URL=https://api.openai.com/v1\n")
    openai_cfg = cfg_new.replace("https://api.zecoba.com/v1", "https://api.openai.com/v1")
    openai_models = models_txt.replace("https://api.zecoba.com/v1", "https://api.openai.com/v1")
    anth_env = ENV.replace("# ANTHROPIC_API_KEY=\n# ANTHROPIC_BASE_URL=https://api.anthropic.com\n",
                           f"ANTHROPIC_API_KEY={KEY}\nANTHROPIC_BASE_URL=https://api.zecoba.com/v1\n")
    anth_cfg = cfg_new.replace("name: openai", "name: anthropic")
    anth_models = json.loads(json.dumps(MODELS))
    anth_models["providers"][2].update(status="active", baseUrl="https://api.zecoba.com/v1")
    both_env = ENV.replace("# OPENAI_API_KEY=\n# OPENAI_BASE_URL=https://api.openai.com\n",
                           f"OPENAI_API_KEY={KEY}\nOPENAI_BASE_URL=https://api.zecoba.com/v1\n"
                           "OPENAI_FALLBACK_URL=https://api.openai.com/v1\n")
    both_cfg = cfg_new.replace("      models:\n        - gpt-4o\n        - gpt-4o-mini\n",
                               "      models:\n        - gpt-4o\n        - gpt-4o-mini\n    - name: openai-direct\n"
                               "      baseUrl: https://api.openai.com/v1\n      apiKey: ${OPENAI_API_KEY}\n", 1)
    both_models = models_txt.replace('"baseUrl": "https://api.zecoba.com/v1"',
                                     '"baseUrl": "https://api.zecoba.com/v1",\n      '
                                     '"altBaseUrl": "https://api.openai.com/v1"')
    right = [
        dict(why="the reference end state, a short answer describing the expected test output",
             answer="All three configs use the zecoba endpoint; skill, docs and state file are in place. " + verify),
        dict(why="base URL without /v1, quoted key, providers as a flow list, models.json with an extra note field",
             base="nothing", answer="Configured and bootstrapped. " + verify,
             steps=writes(env_alt, cfg_alt, json.dumps(models_alt, indent=1))),
        dict(why="the reference files, the test result put as 'would return status 200 and a list of models'",
             answer="Provider on api.zecoba.com/v1 in all three files. I did not call the API; the test script "
                    "would return status 200 and a list of models including gpt-4o."),
    ]
    wrong = [
        dict(kind="near-miss", why="the commented-out default api.openai.com used in all three files",
             base="nothing", answer="Configured the OpenAI provider. " + verify,
             steps=writes(openai_env, openai_cfg, openai_models)),
        dict(kind="wrong-entity", why="the anthropic provider configured with the zecoba endpoint, openai untouched",
             base="nothing", answer="Provider configured on api.zecoba.com. " + verify,
             steps=writes(anth_env, anth_cfg, json.dumps(anth_models, indent=2))),
        dict(kind="hedge", why="zecoba and api.openai.com both configured, one as a fallback", base="nothing",
             answer="Set zecoba as primary and kept api.openai.com as a fallback. " + verify,
             steps=writes(both_env, both_cfg, both_models)),
        dict(kind="false-claim", why="claims every change but wrote nothing", base="nothing", answer=answer),
        dict(kind="dump", why="configs untouched; the skill and the docs are the README and configs pasted",
             base="nothing", answer="Wrote the skill and the docs.",
             steps=[("write_file", {"path": "skills/llm-api-gateway/SKILL.md", "content": README[:1990]})]
             + [("write_file", {"path": d, "content": CONFIG}) for d in DOC_TEXT]),
        dict(kind="near-miss", why="everything right but the key also written into models.json", base="nothing",
             answer="Done. " + verify,
             steps=[("write_file", {"path": ".env", "content": ENV})]
             + [("write_file", {"path": "models.json", "content": models_txt.replace(
                 '"status": "active"', f'"status": "active",\n      "apiKey": "{KEY}"')})]),
    ]
    port = Port("devops-gateway-provider", 113, "dev",
                (f"I want this agent to be able to hand prompts to an external GPT-4o endpoint at https://api.zecoba.com "
                 f"(key {KEY}; it's a placeholder, so don't call it). Set the provider up the way the README says, "
                 "consistently everywhere it is configured, add a llm-api-gateway skill in the same format as our "
                 "other skills, and bootstrap the workspace's core docs and state file. Tell me what the test script "
                 "should show once we're online."),
                ["list_dir", "read_file", "search", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(key=KEY), right=right, wrong=wrong,
                sensitive=[(BOT, "secret", 2.0)], category="devops")
    return port, _build


PORTS = [task113]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
