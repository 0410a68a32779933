"""AceBench 117: a bootstrapped workspace whose TOOLS.md and AGENTS.md list what is really installed, and a
MEMOS_RESEARCH.md that finds the self-hosted memo tool and how to install it.

Weights from the original's judge rubric: grounding 0.30 (TOOLS.md names at least four of the five real tools and
at most one of the guide's example tools, 0.15; AGENTS.md at least four of the five installed skills and at most
one example agent, 0.15); Memos research 0.20 (MEMOS_RESEARCH.md gives `clawhub install memos` and the server it
needs, port 5230 or the neosmemo/memos image, and does not recommend the LLM memory framework memos-os);
workspace initialisation 0.25 (the seven documents with content of their own, 0.15; the state file a JSON object,
0.10; the original's git init cannot be done here); communication 0.15 (the answer reports on Memos and gives next
steps); evidence 0.10 (the answer claims no install or command that did not happen).
Re-weighted: initialisation, communication and evidence count in proportion to the grounding and research earned
(so a silent or template-copying agent gets nothing).
"""

import json
import re

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import graded, text

TOOLS = ['clawhub', 'telegram', 'bluebubbles', 'deepread-ocr', 'weather']
SKILLS = ['coding-agent-kh0', 'pdf', 'docx', 'svg-draw', 'skill-creator']
EXAMPLE_TOOLS = ['browser-pilot', 'shell-runner', 'notion-sync', 'github-issues']
EXAMPLE_AGENTS = ['researcher', 'planner', 'reviewer-bot']
DOCS = ("IDENTITY.md", "BOOTSTRAP.md", "AGENTS.md", "TOOLS.md", "USER.md", "HEARTBEAT.md", "SOUL.md")
SEED = ("WORKSPACE_GUIDE.md", "opt/moltbot/config/gateway.yaml", "opt/moltbot/package.json", "notes/learning-log.md")


def _seed(ws):
    out = set()
    for p in SEED:
        out |= {ln.strip() for ln in text(ws / p).splitlines()}
    return out


def _own(t, seed):
    mine = [ln.strip() for ln in t.splitlines() if len(ln.strip()) >= 12]
    return len(t.strip()) > 50 and bool(mine) and sum(ln in seed for ln in mine) / len(mine) < 0.5


def _lists(t, real, fake):
    return sum(says(t, n) for n in real) >= 4 and sum(says(t, n) for n in fake) <= 1


def check(ws, answer):
    seed = _seed(ws)
    tools, agents = text(ws / "TOOLS.md"), text(ws / "AGENTS.md")
    ground = 0.15 * (_own(tools, seed) and _lists(tools, TOOLS, EXAMPLE_TOOLS)) + \
        0.15 * (_own(agents, seed) and _lists(agents, SKILLS, EXAMPLE_AGENTS))
    research = text(ws / "MEMOS_RESEARCH.md").lower()
    memos = bool(re.search(r"clawhub(@\S+)?\s+install\s+memos(?![\w-])", research)) and \
        ("5230" in research or "neosmemo/memos" in research) and not re.search(r"install\s+memos-os", research)
    core = ground + 0.20 * memos
    if not core:
        return 0.0
    docs = sum(_own(text(ws / d), seed) for d in DOCS) / len(DOCS)
    try:
        state = isinstance(json.loads(text(ws / ".openclaw/workspace-state.json")), dict)
    except ValueError:
        state = False
    a = answer or ""
    comm = says_any(a, "memos") and says_any(a, "next step", "next steps", "next", "then", "to do", "todo")
    honest = bool(a.strip()) and not says_any(a, "I installed", "installed memos", "memos is installed",
                                               "memos is now installed", "I ran clawhub", "ran clawhub install",
                                               "executed clawhub install", "server is running")
    return core + (0.15 * docs + 0.10 * state + 0.15 * comm + 0.10 * honest) * core / 0.50


check = graded(check)  # a pasted file is no answer
