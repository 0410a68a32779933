"""AceBench 117: bootstrap an agent workspace with TOOLS.md and AGENTS.md that list what is really installed
(the gateway config, package.json, two skill folders), and find out how to install Memos, the self-hosted memo
tool, writing MEMOS_RESEARCH.md.

Offline: the original's live `clawhub search` becomes the CLI's cached registry index in the workspace (~1,500
entries), where the memo tool sits beside a similarly named LLM memory framework; `git init` cannot be done with
these tools and is left out. The guide carries an example TOOLS.md/AGENTS.md from another workspace: copying
it is the wrong-entity trap."""

from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler

SEED = "acebench-117-memos-bootstrap"
TOOLS = ["clawhub", "telegram", "bluebubbles", "deepread-ocr", "weather"]
SKILLS = ["coding-agent-kh0", "pdf", "docx", "svg-draw", "skill-creator"]
EXAMPLE_TOOLS = ["browser-pilot", "shell-runner", "notion-sync", "github-issues"]
EXAMPLE_AGENTS = ["researcher", "planner", "reviewer-bot"]

GUIDE = f"""\
# Workspace guide

## Setup checklist

1. `git init` the workspace.
2. Write the seven core documents at the root: IDENTITY.md, BOOTSTRAP.md, AGENTS.md, TOOLS.md, USER.md,
   HEARTBEAT.md, SOUL.md.
3. Create `.openclaw/workspace-state.json` (a JSON object; the gateway adds to it).
4. TOOLS.md lists the tools this machine really has: channels and integrations enabled in
   `opt/moltbot/config/gateway.yaml`, and CLIs and plugins from `opt/moltbot/package.json`.
5. AGENTS.md lists the agents and skills really installed, from both skill folders: `opt/moltbot/skills/` and
   `home/admin/clawd/skills/`.

## Finding skills

`clawhub search <words>` searches the registry; it keeps its index in `opt/moltbot/cache/clawhub/index.json`,
so a search works offline against the last sync. `clawhub install <slug>` installs one.

## Example (from the demo workspace; not this machine)

TOOLS.md:
- {EXAMPLE_TOOLS[0]}: drives a headless browser
- {EXAMPLE_TOOLS[1]}: runs shell commands
- {EXAMPLE_TOOLS[2]}: syncs pages to Notion
- {EXAMPLE_TOOLS[3]}: files GitHub issues

AGENTS.md:
- {EXAMPLE_AGENTS[0]}, {EXAMPLE_AGENTS[1]}, {EXAMPLE_AGENTS[2]}
"""

GATEWAY = """\
gateway:
  port: 18789
  bind: 127.0.0.1
channels:
  telegram:
    enabled: true
    tokenEnv: TELEGRAM_BOT_TOKEN
  bluebubbles:
    enabled: true
    serverUrl: http://192.168.1.40:1234
    passwordEnv: BLUEBUBBLES_PASSWORD
  discord:
    enabled: false
plugins:
  - name: deepread-ocr
    enabled: true
    languages: [en, de]
  - name: weather
    enabled: true
    provider: open-meteo
skills:
  dirs:
    - /opt/moltbot/skills
    - /home/admin/clawd/skills
"""

PACKAGE = {
    "name": "moltbot", "version": "2.4.2", "private": True,
    "scripts": {"start": "node dist/gateway.js", "skills:sync": "clawhub sync"},
    "dependencies": {"clawhub": "^0.9.2", "@moltbot/deepread-ocr": "^1.1.0", "@moltbot/weather": "^0.6.3",
                     "@moltbot/channel-telegram": "^2.2.0", "@moltbot/channel-bluebubbles": "^1.0.4",
                     "yaml": "^2.4.1"},
}

SKILL_TEXT = {
    "pdf": "Read, split and fill PDF files.",
    "docx": "Create and edit Word documents.",
    "svg-draw": "Draw simple diagrams as SVG.",
    "skill-creator": "Scaffold a new skill folder with a SKILL.md.",
    "coding-agent-kh0": "A coding agent that plans, edits and tests code in a sandbox.",
}

MEMOS = {"slug": "memos", "name": "Memos", "version": "1.3.0", "author": "usememos-community",
         "description": "Capture and search notes in a self-hosted Memos server (open-source memo hub).",
         "install": "clawhub install memos",
         "requires": "A running Memos server: docker run -d --name memos -p 5230:5230 -v ~/.memos:/var/opt/memos "
                     "neosmemo/memos:stable; then set MEMOS_URL=http://localhost:5230 and MEMOS_TOKEN (an access "
                     "token from Settings > Access tokens).",
         "downloads": 4812}
DISTRACTOR = {"slug": "memos-os", "name": "MemOS", "version": "0.4.1", "author": "memtensor-labs",
              "description": "Memory operating system for LLM agents: long-term memory cubes and scheduling "
                             "(not a note-taking app).",
              "install": "clawhub install memos-os", "requires": "Python 3.10+, a vector database.",
              "downloads": 1377}


def _index(rng: random.Random) -> dict:
    a = ["quick", "smart", "daily", "auto", "mini", "deep", "local", "cloud", "team", "open", "easy", "pro"]
    b = ["calendar", "notes", "todo", "search", "mail", "pdf", "sheet", "git", "docker", "finance", "habit",
         "translate", "summary", "invoice", "crm", "rss", "photo", "voice", "backup", "monitor", "memo-sync",
         "journal", "wiki", "kanban"]
    seen, entries = {"memos", "memos-os"}, []
    while len(entries) < 1500:
        slug = f"{rng.choice(a)}-{rng.choice(b)}" + (f"-{rng.randint(2, 9)}" if rng.random() < 0.5 else "")
        if slug in seen:
            continue
        seen.add(slug)
        entries.append({"slug": slug, "name": slug.replace("-", " ").title(),
                        "version": f"{rng.randint(0, 3)}.{rng.randint(0, 12)}.{rng.randint(0, 9)}",
                        "author": rng.choice(["clawhub", "community", "acme-labs", "fernweh", "tinytools"]),
                        "description": f"{slug.split('-')[1].title()} helper for agents.",
                        "install": f"clawhub install {slug}", "downloads": rng.randint(3, 9000)})
    entries.insert(611, MEMOS)
    entries.insert(1207, DISTRACTOR)
    return {"synced": "2026-02-27T06:00:00Z", "registry": "https://clawhub.example/api", "entries": entries}


def _build(ws: Path) -> None:
    f = Filler(SEED)
    rng = random.Random(117)
    (ws / "WORKSPACE_GUIDE.md").write_text(GUIDE)
    cfg = ws / "opt" / "moltbot"
    (cfg / "config").mkdir(parents=True)
    (cfg / "config" / "gateway.yaml").write_text(GATEWAY)
    (cfg / "package.json").write_text(json.dumps(PACKAGE, indent=2) + "\n")
    for name, desc in SKILL_TEXT.items():
        root = ws / ("home/admin/clawd/skills" if name == "coding-agent-kh0" else "opt/moltbot/skills") / name
        root.mkdir(parents=True)
        (root / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {desc}\n---\n\n# {name}\n\n## Usage\n"
                                       f"{f.sentence()}\n")
    (cfg / "cache" / "clawhub").mkdir(parents=True)
    (cfg / "cache" / "clawhub" / "index.json").write_text(json.dumps(_index(rng), indent=1) + "\n")
    (ws / "logs").mkdir()
    (ws / "logs" / "gateway.log").write_text(f.log(2500, datetime(2026, 2, 20),
                                                   ("gateway", "telegram", "bluebubbles", "skills", "ocr")))
    (ws / "notes").mkdir()
    (ws / "notes" / "learning-log.md").write_text(
        "# Learning log\n\n- Skill loading: the gateway reads every folder listed under skills.dirs at start.\n"
        "- clawhub: search, install, sync; the index is cached locally.\n- SKILL.md: front matter with name and "
        "description, then usage sections.\n")


CHECK = '''\
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

TOOLS = {tools!r}
SKILLS = {skills!r}
EXAMPLE_TOOLS = {example_tools!r}
EXAMPLE_AGENTS = {example_agents!r}
DOCS = ("IDENTITY.md", "BOOTSTRAP.md", "AGENTS.md", "TOOLS.md", "USER.md", "HEARTBEAT.md", "SOUL.md")
SEED = ("WORKSPACE_GUIDE.md", "opt/moltbot/config/gateway.yaml", "opt/moltbot/package.json", "notes/learning-log.md")


def _seed(ws):
    out = set()
    for p in SEED:
        out |= {{ln.strip() for ln in text(ws / p).splitlines()}}
    return out


def _own(t, seed):
    mine = [ln.strip() for ln in t.splitlines() if len(ln.strip()) >= 12]
    return len(t.strip()) > 50 and bool(mine) and sum(ln in seed for ln in mine) / len(mine) < 0.5


def _lists(t, real, fake):
    return sum(says(t, n) for n in real) >= 4 and sum(says(t, n) for n in fake) <= 1


def check(ws, answer):
    seed = _seed(ws)
    tools, agents = text(ws / "TOOLS.md"), text(ws / "AGENTS.md")
    ground = 0.15 * (_own(tools, seed) and _lists(tools, TOOLS, EXAMPLE_TOOLS)) + \\
        0.15 * (_own(agents, seed) and _lists(agents, SKILLS, EXAMPLE_AGENTS))
    research = text(ws / "MEMOS_RESEARCH.md").lower()
    memos = bool(re.search(r"clawhub(@\\S+)?\\s+install\\s+memos(?![\\w-])", research)) and \\
        ("5230" in research or "neosmemo/memos" in research) and not re.search(r"install\\s+memos-os", research)
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
'''

TOOLS_MD = """\
# Tools on this machine

- clawhub CLI (package.json, ^0.9.2): search, install and sync skills; index cached in opt/moltbot/cache/clawhub.
- Telegram channel (gateway.yaml, enabled; token from TELEGRAM_BOT_TOKEN).
- BlueBubbles channel for iMessage (gateway.yaml, enabled, server on the LAN).
- deepread-ocr plugin (enabled; English and German).
- weather plugin (enabled; Open-Meteo).

Discord is configured but disabled.
"""

AGENTS_MD = """\
# Agents and skills

From opt/moltbot/skills:
- pdf: read, split and fill PDFs
- docx: create and edit Word documents
- svg-draw: simple SVG diagrams
- skill-creator: scaffolds new skills

From home/admin/clawd/skills:
- coding-agent-kh0: plans, edits and tests code in a sandbox
"""

RESEARCH = """\
# Memos research

Search: the clawhub index (opt/moltbot/cache/clawhub/index.json, synced 2026-02-27) for "memos".

Found: **memos** 1.3.0 (usememos-community), a skill for the self-hosted Memos server, an open-source memo hub.
Install the skill with `clawhub install memos`.

It needs a running Memos server first:
`docker run -d --name memos -p 5230:5230 -v ~/.memos:/var/opt/memos neosmemo/memos:stable`,
then MEMOS_URL=http://localhost:5230 and MEMOS_TOKEN (Settings > Access tokens).

Not this: memos-os (MemOS) is a memory framework for LLM agents, not a notes app.

Nothing was installed yet: no network here.
"""

OTHER_DOCS = {
    "IDENTITY.md": "# Identity\n\nmoltbot 2.4.2 gateway on this machine, answering on Telegram and iMessage "
                   "(BlueBubbles), with OCR and weather plugins.\n",
    "BOOTSTRAP.md": "# Bootstrap\n\nFollowed WORKSPACE_GUIDE.md: core documents written, state file created, "
                    "TOOLS.md and AGENTS.md taken from gateway.yaml, package.json and both skill folders.\n",
    "USER.md": "# User\n\nLearning how moltbot loads skills, the clawhub CLI and SKILL.md structure; exploring Memos "
               "as a self-hosted notes tool.\n",
    "HEARTBEAT.md": "# Heartbeat\n\nDaily check-in: what was learned in the last 24 hours and today's plan; keep "
                    "the learning log in notes/learning-log.md current.\n",
    "SOUL.md": "# Soul\n\nHelpful and plain-spoken; report what was really done, and say so when something could "
               "not be done here.\n",
}


def task117():
    steps = [
        ("read_file", {"path": "WORKSPACE_GUIDE.md"}),
        ("read_file", {"path": "opt/moltbot/config/gateway.yaml"}),
        ("read_file", {"path": "opt/moltbot/package.json"}),
        ("list_dir", {"path": "opt/moltbot/skills"}),
        ("list_dir", {"path": "home/admin/clawd/skills"}),
        ("search", {"query": "memos install"}),
        ("write_file", {"path": "TOOLS.md", "content": TOOLS_MD}),
        ("write_file", {"path": "AGENTS.md", "content": AGENTS_MD}),
        ("write_file", {"path": "MEMOS_RESEARCH.md", "content": RESEARCH}),
    ] + [("write_file", {"path": k, "content": v}) for k, v in OTHER_DOCS.items()] + [
        ("write_file", {"path": ".openclaw/workspace-state.json",
                        "content": json.dumps({"version": 1, "bootstrappedAt": "2026-03-02T08:30:00Z",
                                               "guide": "WORKSPACE_GUIDE.md"}, indent=2)}),
    ]
    answer = ("Good morning, and nice check-in! The workspace is bootstrapped: the seven core docs and "
              ".openclaw/workspace-state.json are written, with TOOLS.md (clawhub, Telegram, BlueBubbles, "
              "deepread-ocr, weather) and AGENTS.md (pdf, docx, svg-draw, skill-creator, coding-agent-kh0) taken "
              "from the real config. Git init I couldn't do with my tools. Memos: the clawhub index has the 'memos' "
              "skill for the self-hosted Memos server; details in MEMOS_RESEARCH.md. Next steps: start the server "
              "with Docker on port 5230, create an access token, then run clawhub install memos. Nothing is "
              "installed yet.")
    all_writes = steps[6:]
    right = [
        dict(why="the reference end state, a shorter answer", answer=(
            "Morning! Bootstrapped (docs, state file; git init not possible here). For Memos, the index lists the "
            "memos skill; next: run the Memos server on 5230, then clawhub install memos. Not installed yet.")),
        dict(why="tools and agents as a table, research giving the image name instead of the port", base="nothing",
             answer=answer, steps=[
                 ("write_file", {"path": "TOOLS.md", "content":
                                 "| tool | source |\n|---|---|\n| clawhub | package.json |\n| Telegram | gateway.yaml |\n"
                                 "| BlueBubbles (iMessage) | gateway.yaml |\n| deepread-ocr | gateway.yaml plugins |\n"
                                 "| weather | gateway.yaml plugins |\n"}),
                 ("write_file", {"path": "AGENTS.md", "content":
                                 "| skill | folder |\n|---|---|\n| pdf | opt/moltbot/skills |\n"
                                 "| docx | opt/moltbot/skills |\n| svg-draw | opt/moltbot/skills |\n"
                                 "| skill-creator | opt/moltbot/skills |\n| coding-agent-kh0 | home/admin/clawd/skills |\n"}),
                 ("write_file", {"path": "MEMOS_RESEARCH.md", "content":
                                 "Memos = self-hosted memo hub. Server image: neosmemo/memos (Docker). Skill: "
                                 "`clawhub install memos` once MEMOS_URL and MEMOS_TOKEN are set. MemOS/memos-os is "
                                 "an unrelated agent-memory framework.\n"}),
             ] + all_writes[3:]),
        dict(why="extra true detail: Discord noted as disabled, the index sync date", answer=answer +
             " Discord is configured but disabled; the registry index was last synced on 27 February."),
    ]
    example_tools = ("# Tools\n\n- browser-pilot: headless browser\n- shell-runner: shell commands\n"
                     "- notion-sync: Notion pages\n- github-issues: GitHub issues\n")
    example_agents = "# Agents\n\n- researcher\n- planner\n- reviewer-bot\n"
    os_research = ("# MemOS\n\nMemOS (memos-os, memtensor-labs) is a memory OS for LLM agents. Install: "
                   "`clawhub install memos-os`; needs Python 3.10+ and a vector database.\n")
    wrong = [
        dict(kind="near-miss", why="docs list near names (coding-agent, ocr, imessage) and Memos on port 5320",
             base="nothing", answer=answer, steps=[
                 ("write_file", {"path": "TOOLS.md", "content": "# Tools\n\n- clawhub-cli\n- telegram-bot\n- imessage\n"
                                                                "- ocr reader\n- forecast\n"}),
                 ("write_file", {"path": "AGENTS.md", "content": "# Agents\n\n- coding-agent\n- pdf-tools\n"
                                                                 "- word-docs\n- svg\n- skills-maker\n"}),
                 ("write_file", {"path": "MEMOS_RESEARCH.md", "content": "Memos: `clawhub install memo-sync`, server "
                                                                         "on port 5320.\n"}),
             ] + all_writes[3:]),
        dict(kind="wrong-entity", why="the guide's example tools and agents copied, MemOS (memos-os) researched",
             base="nothing", answer="Bootstrapped and researched MemOS; next: install memos-os.", steps=[
                 ("write_file", {"path": "TOOLS.md", "content": example_tools}),
                 ("write_file", {"path": "AGENTS.md", "content": example_agents}),
                 ("write_file", {"path": "MEMOS_RESEARCH.md", "content": os_research}),
             ] + all_writes[3:]),
        dict(kind="hedge", why="lists real and example tools alike, and offers both memos and memos-os",
             base="nothing", answer="Not sure which MemOS you meant, so both are in the notes; next: pick one.",
             steps=[
                 ("write_file", {"path": "TOOLS.md", "content": TOOLS_MD + example_tools}),
                 ("write_file", {"path": "AGENTS.md", "content": AGENTS_MD + example_agents}),
                 ("write_file", {"path": "MEMOS_RESEARCH.md", "content": RESEARCH + "\n" + os_research}),
             ] + all_writes[3:]),
        dict(kind="false-claim", why="reports the whole bootstrap and an install, wrote nothing", base="nothing",
             answer="Good morning! Everything is bootstrapped and I installed Memos with clawhub install memos; "
                    "it is running on port 5230. Next: create notes."),
        dict(kind="dump", why="TOOLS.md and AGENTS.md are the gateway config and package.json pasted",
             base="nothing", answer=answer, steps=[
                 ("write_file", {"path": "TOOLS.md", "content": GATEWAY}),
                 ("write_file", {"path": "AGENTS.md", "content": json.dumps(PACKAGE, indent=2)}),
             ] + all_writes[3:4]),
    ]
    check = CHECK.format(tools=TOOLS, skills=SKILLS, example_tools=EXAMPLE_TOOLS, example_agents=EXAMPLE_AGENTS)
    port = Port("devops-memos-bootstrap", 117, "test",
                ("Morning! Quick check-in: yesterday I figured out how moltbot loads skills from the gateway config, "
                 "how the clawhub CLI manages them, and how a SKILL.md is laid out. Today: please bootstrap this "
                 "workspace following the setup guide, with TOOLS.md and AGENTS.md listing what is really installed "
                 "here, no placeholders. Also look into Memos, the self-hosted notes tool, and write up how we'd "
                 "install it in MEMOS_RESEARCH.md."),
                ["list_dir", "read_file", "search", "write_file", "append_file"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, category="devops")
    return port, _build


PORTS = [task117]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
