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

KEY = 'sk-PLACEHOLDER_KEY_DO_NOT_USE'
DOCS = ("IDENTITY.md", "AGENTS.md", "TOOLS.md", "USER.md", "SOUL.md", "HEARTBEAT.md", "BOOTSTRAP.md")
SEED_FILES = ("README.md", ".env", ".openclaw/config.yaml", "models.json", "skills/searxng/SKILL.md",
              "skills/sample-skill/SKILL.md", "skills/weather/SKILL.md", "docs/routing-policy.md", "docs/status.md")


def _live(t):
    return [ln for ln in t.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def _env_ok(ws):
    kv = {}
    for ln in _live(text(ws / ".env")):
        k, _, v = ln.partition("=")
        kv[k.strip().removeprefix("export ").strip()] = v.strip().strip("\"'")
    base = kv.get("OPENAI_BASE_URL", "")
    return kv.get("OPENAI_API_KEY") == KEY and re.fullmatch(r"https://api\.zecoba\.com(/v1)?/?", base) is not None \
        and not any("api.openai.com" in v for v in kv.values())


def _config_ok(ws):
    live = "\n".join(_live(text(ws / ".openclaw/config.yaml")))
    return bool(re.search(r"(?m)^\s*providers:\s*$", live)) and bool(re.search(r"(?m)name:\s*[\"']?openai\b", live)) \
        and bool(re.search(r"(?m)baseUrl:\s*[\"']?https://api\.zecoba\.com", live)) \
        and bool(re.search(r"(?m)apiKey:\s*\S+", live)) and "api.openai.com" not in live


def _models_ok(ws):
    raw = text(ws / "models.json")
    try:
        data = json.loads(raw)
    except ValueError:
        return False
    provs = data.get("providers", []) if isinstance(data, dict) else []
    oa = [p for p in provs if isinstance(p, dict) and p.get("name") == "openai"]
    return len(oa) == 1 and oa[0].get("status") == "active" and "api.zecoba.com" in str(oa[0].get("baseUrl", "")) \
        and KEY not in raw and "sk-" not in raw and "api.openai.com" not in raw


def _seed_lines(ws):
    out = set()
    for p in SEED_FILES:
        out |= {ln.strip() for ln in text(ws / p).splitlines()}
    return out


def _own(t, seed):
    mine = [ln.strip() for ln in t.splitlines() if len(ln.strip()) >= 12]
    return len(t.strip()) > 50 and mine and sum(ln in seed for ln in mine) / len(mine) < 0.5


def _skill_ok(ws, seed):
    t = text(ws / "skills/llm-api-gateway/SKILL.md")
    fm = re.match(r"\s*---\s*\n(.*?)\n---", t, re.DOTALL)
    if not fm or not re.search(r"(?m)^name\s*:\s*\S", fm.group(1)) or \
            not re.search(r"(?m)^description\s*:\s*\S", fm.group(1)) or "api.zecoba.com" not in t or not _own(t, seed):
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
    verify = says_any(said, "test_gpt4o", "test_gpt4o.py", "test script", "connectivity test") and \
        (says_any(said, "200", "model list", "list of models", "models list", "chat completion") and
         not says_any(said, "I ran", "I executed", "ran the test", "executed the test", "test passed"))
    rest = 0.25 * _skill_ok(ws, seed) + 0.15 * docs + 0.10 * _state_ok(ws) + 0.15 * verify
    return 0.35 * done + rest * done


check = graded(check)  # a pasted file is no answer
