"""AceBench 118: a post-deployment test workflow for n8n, written as an importable JSON file and as a report that
embeds the same JSON, with settings taken from the server config (the authority), the node types and parameter
formats of the node reference (not the deprecated ones of the old examples), and a validation Function node.

Traps kept from the original: the v1 example's deprecated start node, `values` format and New York timezone; the
v2 example missing the Function node; the deployment notes' stale save path; the server config's two timezone
fields (timezone UTC for workflows, genericTimezone for the UI). Noise: a credentials file and an execution log
of ~3,000 lines."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import main, write_steps

SEED = "acebench-118-n8n-workflow"
CRED = "n8n_api_9f2KxQ7mWc41LrZt"

SPEC = """\
# n8n test workflow specification

## Purpose
After every deployment, QA imports and runs one test workflow that proves the instance executes a trigger, sets
variables and runs code.

## Naming
`Test_Workflow_<Purpose>`: the purpose in PascalCase, no underscores, at least 6 characters
(e.g. `Test_Workflow_PostDeployCheck`).

## Nodes (exactly three, in this order)
1. A manual trigger.
2. A Set node defining `testName`, `testTimestamp` (ISO 8601, UTC) and `testEnv` (the environment and the
   n8n version it targets).
3. A Function node that validates those fields (presence and format) and returns `status` and `message`.

Every node needs `name`, `type`, `typeVersion`, `position` ([x, y]) and `parameters`.

## Connections
A linear chain: trigger -> Set -> Function. Each target is `{"node": <name>, "type": "main", "index": 0}`.

## Settings
Workflow settings follow the server configuration (timezone, execution timeout, what execution data to keep).

## Deployment
Save the workflow JSON in the server's workflows directory.
"""

REFERENCE = """\
# n8n node reference (n8n 1.x)

| node | type | typeVersion | notes |
|---|---|---|---|
| Manual Trigger | n8n-nodes-base.manualTrigger | 1 | replaces `n8n-nodes-base.start` (deprecated since 1.0) |
| Set | n8n-nodes-base.set | 3.4 | `parameters.assignments.assignments[]`: `id`, `name`, `value`, `type` ("string", "number", "boolean") |
| Function | n8n-nodes-base.function | 1 | `parameters.functionCode`; recommended for small validation steps |
| Code | n8n-nodes-base.code | 2 | `parameters.jsCode`; for larger scripts |

Deprecated: `n8n-nodes-base.start`; the Set node's `parameters.values` format (typeVersion 1-2).
"""

SERVER = {
    "version": "1.52.0", "host": "n8n.qa.internal", "port": 5678, "protocol": "https",
    "workflowsDir": "/opt/n8n/workflows", "timezone": "UTC", "genericTimezone": "America/New_York",
    "executions": {"timeout": 3600, "saveDataOnError": "all", "saveDataOnSuccess": "all",
                   "saveManualExecutions": True, "pruneDataMaxAge": 336},
    "database": {"type": "postgresdb", "host": "pg.qa.internal", "database": "n8n"},
}

DEPLOY = """\
# Deployment notes (written for the 2025 pilot; some paths predate the move to /opt)
environment: staging
owner: qa-platform
workflow_save_path: /var/lib/n8n/workflows
restart_after_import: false
contacts:
  - qa-platform@corp.example
"""

V1 = {"name": "Test Workflow Basic", "nodes": [
    {"name": "Start", "type": "n8n-nodes-base.start", "typeVersion": 1, "position": [240, 300], "parameters": {}},
    {"name": "Set", "type": "n8n-nodes-base.set", "typeVersion": 1, "position": [460, 300],
     "parameters": {"values": {"string": [{"name": "testName", "value": "basic smoke"}]}}},
    {"name": "Function", "type": "n8n-nodes-base.function", "typeVersion": 1, "position": [680, 300],
     "parameters": {"functionCode": "if (items[0].json.testName) { return items; }\nreturn [];"}}],
    "connections": {"Start": {"main": [[{"node": "Set", "type": "main", "index": 0}]]},
                    "Set": {"main": [[{"node": "Function", "type": "main", "index": 0}]]}},
    "settings": {"timezone": "America/New_York", "saveManualExecutions": False}}

V2 = {"name": "Test_Workflow_Partial", "nodes": [
    {"name": "Manual Trigger", "type": "n8n-nodes-base.manualTrigger", "typeVersion": 1, "position": [240, 300],
     "parameters": {}},
    {"name": "Set Vars", "type": "n8n-nodes-base.set", "typeVersion": 3.4, "position": [460, 300],
     "parameters": {"assignments": {"assignments": [
         {"id": "a1", "name": "testName", "value": "partial run", "type": "string"}]}}}],
    "connections": {"Manual Trigger": {"main": [[{"node": "Set Vars", "type": "main", "index": 0}]]}},
    "settings": {"timezone": "UTC"}}

FUNCTION = """\
try {
  const item = items[0].json;
  const errors = [];
  if (typeof item.testName !== 'string' || item.testName.trim() === '') errors.push('testName missing');
  const iso = /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|\\+00:00)$/;
  if (!item.testTimestamp || !iso.test(item.testTimestamp) || isNaN(Date.parse(item.testTimestamp))) {
    errors.push('testTimestamp is not ISO 8601 UTC');
  }
  if (!item.testEnv || !/^staging-\\d+\\.\\d+\\.\\d+$/.test(item.testEnv)) errors.push('testEnv malformed');
  return [{ json: { status: errors.length ? 'fail' : 'pass',
                    message: errors.length ? errors.join('; ') : 'all checks passed' } }];
} catch (e) {
  return [{ json: { status: 'error', message: String(e) } }];
}"""


def workflow(name="Test_Workflow_PostDeployCheck", tz="UTC", set_version=3.4, env="staging-1.52.0",
             stamp="2026-03-02T09:00:00Z", code=FUNCTION, trigger="n8n-nodes-base.manualTrigger") -> dict:
    return {
        "name": name,
        "nodes": [
            {"name": "Manual Trigger", "type": trigger, "typeVersion": 1, "position": [240, 300], "parameters": {}},
            {"name": "Set Test Variables", "type": "n8n-nodes-base.set", "typeVersion": set_version,
             "position": [460, 300], "parameters": {"assignments": {"assignments": [
                 {"id": "t1", "name": "testName", "value": "qa post-deploy health", "type": "string"},
                 {"id": "t2", "name": "testTimestamp", "value": stamp, "type": "string"},
                 {"id": "t3", "name": "testEnv", "value": env, "type": "string"}]}}},
            {"name": "Validate Fields", "type": "n8n-nodes-base.function", "typeVersion": 1, "position": [680, 300],
             "parameters": {"functionCode": code}},
        ],
        "connections": {
            "Manual Trigger": {"main": [[{"node": "Set Test Variables", "type": "main", "index": 0}]]},
            "Set Test Variables": {"main": [[{"node": "Validate Fields", "type": "main", "index": 0}]]},
        },
        "settings": {"timezone": tz, "saveManualExecutions": True, "executionTimeout": 3600,
                     "saveDataOnError": "all", "saveDataOnSuccess": "all"},
    }


def _log(rng: random.Random) -> str:
    t = datetime(2026, 2, 1)
    out = []
    names = ["Invoice sync", "Lead router", "Nightly export", "Slack digest", "CRM dedupe", "Test Workflow Basic"]
    for _ in range(3000):
        t += timedelta(seconds=rng.randint(30, 1500))
        wf = rng.choice(names)
        ok = rng.random() > 0.06
        out.append(f"{t:%Y-%m-%d %H:%M:%S} {'INFO ' if ok else 'ERROR'} workflow=\"{wf}\" "
                   f"execution={rng.randint(10000, 99999)} status={'success' if ok else 'error'} "
                   f"duration_ms={rng.randint(40, 9000)}"
                   + ("" if ok else f" error=\"{rng.choice(['ETIMEDOUT', 'node Set: unknown parameter values', 'ECONNRESET'])}\""))
    return "\n".join(out) + "\n"


def _build(ws: Path) -> None:
    rng = random.Random(118)
    for d in ("docs", "config", "examples", "logs"):
        (ws / d).mkdir()
    (ws / "docs" / "n8n_workflow_spec.md").write_text(SPEC)
    (ws / "docs" / "n8n_node_reference.md").write_text(REFERENCE)
    (ws / "config" / "n8n_server.json").write_text(json.dumps(SERVER, indent=2) + "\n")
    (ws / "config" / "deployment_notes.yaml").write_text(DEPLOY)
    (ws / "config" / "n8n_credentials.json").write_text(json.dumps({"credentials": [
        {"name": "QA API", "type": "httpHeaderAuth", "data": {"name": "X-N8N-API-KEY", "value": CRED}},
        {"name": "QA Postgres", "type": "postgres", "data": {"user": "n8n_qa", "password": "pg-Qa!2026-rotate"}}]},
        indent=2) + "\n")
    (ws / "examples" / "sample_workflow_v1.json").write_text(json.dumps(V1, indent=2) + "\n")
    (ws / "examples" / "sample_workflow_v2.json").write_text(json.dumps(V2, indent=2) + "\n")
    (ws / "logs" / "n8n_execution.log").write_text(_log(rng))


CHECK = '''\
"""AceBench 118: the n8n test workflow, as output/test_workflow.json and inside output/n8n_workflow_report.md.

Weights (the original: automated items 0.55, three judge criteria 0.45; merged into deterministic items):
- workflow 0.30: exactly three nodes, every one with name, type, typeVersion, position [x, y] and parameters, of
  types manualTrigger, set and function (code accepted at half) (0.10); the Set node at typeVersion 3.4 with
  `assignments` entries of id, name, value and type "string": testName (not an example's), testTimestamp ISO 8601
  in UTC, testEnv holding "staging" and "1.52.0" (0.10); the Function code with try/catch, a format check of the
  timestamp, and status and message returned (0.05); a linear trigger -> Set -> Function chain of exactly two
  sources whose targets are {{node, type, index}} naming existing nodes (0.05).
- settings 0.10: timezone UTC (not genericTimezone's New York), saveManualExecutions, executionTimeout 3600,
  saveDataOnError and saveDataOnSuccess "all".
- name 0.05: Test_Workflow_<PascalCase purpose of 6+ characters>.
- report 0.30: the save path /opt/n8n/workflows, the deployment notes' /var/lib path only as the stale one (0.10);
  compatibility: v1's deprecated start node and values format (0.05), v2's missing Function node (0.05), v1's New
  York timezone against the server's UTC and the server's timezone vs genericTimezone fields (0.10).
- identical 0.15: the report's inline JSON is the same workflow (name, node types, connections, settings).
- noise 0.10: no credential from the credentials file in either output.
Re-weighted: three facts are the core (the Set node's values, the settings, the save path: 0.30); every other
item counts in proportion to the core earned, so a well-formed workflow carrying the wrong facts, or offering two,
earns little for its form. A testEnv naming another environment or version beside staging-1.52.0 is a hedge.
"""

import json
import re
from datetime import datetime

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import graded, text

WF, REPORT = "output/test_workflow.json", "output/n8n_workflow_report.md"
SECRETS = {secrets!r}
EXAMPLE_NAMES = ("basic smoke", "partial run")
FIELDS = ("name", "type", "typeVersion", "position", "parameters")


def _load(t):
    try:
        d = json.loads(t)
    except ValueError:
        return None
    return d if isinstance(d, dict) else None


def _inline(report):
    for block in re.findall(r"```(?:json)?\\s*\\n(.*?)```", report, re.DOTALL):
        d = _load(block)
        if d and "nodes" in d:
            return d
    return None


def _nodes(wf):
    nodes = wf.get("nodes") if isinstance(wf.get("nodes"), list) else []
    if len(nodes) != 3 or not all(isinstance(n, dict) and all(k in n for k in FIELDS) for n in nodes):
        return None
    if not all(isinstance(n["position"], list) and len(n["position"]) == 2 for n in nodes):
        return None
    return nodes


def _by(nodes, suffix):
    got = [n for n in nodes if str(n.get("type")) == "n8n-nodes-base." + suffix]
    return got[0] if len(got) == 1 else None


def _iso_utc(v):
    if not isinstance(v, str) or not re.search(r"(Z|\\+00:00)$", v):
        return False
    try:
        datetime.fromisoformat(v.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def _workflow(wf):
    nodes = _nodes(wf)
    if nodes is None:
        return 0.0, False
    trig, setn = _by(nodes, "manualTrigger"), _by(nodes, "set")
    fn = _by(nodes, "function") or _by(nodes, "code")
    if not (trig and setn and fn):
        return 0.0, False
    types = 0.10 if fn["type"].endswith("function") else 0.05
    assigns = ((setn.get("parameters") or {{}}).get("assignments") or {{}}).get("assignments")
    vals = {{}}
    set_ok = setn.get("typeVersion") == 3.4 and isinstance(assigns, list) and all(
        isinstance(a, dict) and set(a) >= {{"id", "name", "value", "type"}} and a["type"] == "string" for a in assigns)
    if set_ok:
        vals = {{a["name"]: a["value"] for a in assigns}}
        env = str(vals.get("testEnv", ""))
        set_ok = bool(str(vals.get("testName", "")).strip()) and \\
            str(vals.get("testName", "")).strip().lower() not in EXAMPLE_NAMES and \\
            _iso_utc(vals.get("testTimestamp")) and "staging" in env.lower() and "1.52.0" in env and \\
            not re.search(r"prod|develop|\\bdev\\b|\\bor\\b", env.lower()) and \\
            set(re.findall(r"\\d+\\.\\d+\\.\\d+", env)) == {{"1.52.0"}}
    code = str((fn.get("parameters") or {{}}).get("functionCode") or (fn.get("parameters") or {{}}).get("jsCode") or "")
    code_ok = "try" in code and "catch" in code and "testName" in code and "testTimestamp" in code and \\
        ("Date.parse" in code or "new Date" in code or "\\\\d{{4}}" in code) and "status" in code and "message" in code
    con = wf.get("connections") if isinstance(wf.get("connections"), dict) else {{}}
    names = {{n["name"] for n in nodes}}

    def target(src):
        try:
            ports = con[src]["main"]
            (only,) = ports
            (t,) = only
        except (KeyError, TypeError, ValueError):
            return None
        return t["node"] if isinstance(t, dict) and set(t) == {{"node", "type", "index"}} and t["type"] == "main" \\
            and t["index"] == 0 and t["node"] in names else None
    chain = set(con) == {{trig["name"], setn["name"]}} and target(trig["name"]) == setn["name"] and \\
        target(setn["name"]) == fn["name"]
    return types + 0.05 * code_ok + 0.05 * chain, set_ok


def _settings(wf):
    s = wf.get("settings") if isinstance(wf.get("settings"), dict) else {{}}
    return s.get("timezone") == "UTC" and "saveManualExecutions" in s and s.get("executionTimeout") in (3600, "3600") \\
        and s.get("saveDataOnError") == "all" and s.get("saveDataOnSuccess") == "all"


def _sentences(t):
    return [x for x in re.split(r"(?<=[.!?])\\s+|\\n+", t) if x.strip()]


def _same(a, b):
    def shape(w):
        return (w.get("name"), sorted(str(n.get("type")) for n in w.get("nodes", []) if isinstance(n, dict)),
                sorted(w.get("connections", {{}})) if isinstance(w.get("connections"), dict) else None,
                json.dumps(w.get("settings"), sort_keys=True))
    return shape(a) == shape(b)


def check(ws, answer):
    wf = _load(text(ws / WF))
    if wf is None:
        return 0.0
    flow, set_ok = _workflow(wf)
    report = text(ws / REPORT)
    stale_ok = all(says_any(s, "deployment_notes", "deployment notes", "stale", "outdated", "out of date", "conflict",
                            "contradict", "older", "not authoritative", "wrong", "instead of", "rather than")
                   for s in _sentences(report) if "/var/lib/n8n" in s)
    path = "/opt/n8n/workflows" in report and stale_ok
    core = 0.10 * set_ok + 0.10 * _settings(wf) + 0.10 * path
    if not core:
        return 0.0
    name = bool(re.fullmatch(r"Test_Workflow_[A-Z][A-Za-z0-9]{{5,}}", str(wf.get("name", ""))))
    v1 = says_any(report, "n8n-nodes-base.start", "start node") and says_any(report, "deprecated") and \\
        says_any(report, "values")
    v2 = any(says_any(s, "v2", "sample_workflow_v2") and says_any(s, "function") and
             says_any(s, "missing", "lacks", "no function", "without", "omits", "incomplete", "only two",
                                                     "doesn't have", "does not have", "doesn't include",
                                                     "does not include", "absent", "not included", "no validation")
             for s in _sentences(report))
    tz = says(report, "America/New_York") and says(report, "genericTimezone") and says(report, "UTC")
    inline = _inline(report)
    same = inline is not None and _same(inline, wf)
    clean = not any(s in text(ws / WF) + report for s in SECRETS)
    rest = flow + 0.05 * name + 0.05 * v1 + 0.05 * v2 + 0.10 * tz + 0.15 * same + 0.10 * clean
    return core + rest * core / 0.30


check = graded(check)  # a pasted file is no answer
'''


def _report(wf: dict) -> str:
    return (
        "# n8n post-deployment test workflow\n\n## Summary\n\n`" + wf["name"] + "` checks a freshly deployed "
        "instance end to end: a Manual Trigger starts it, a Set node (typeVersion 3.4) defines testName, "
        "testTimestamp (ISO 8601, UTC) and testEnv (staging + server version 1.52.0), and a Function node validates "
        "them and returns status and message. Save it in /opt/n8n/workflows, the workflowsDir of "
        "config/n8n_server.json; the /var/lib/n8n/workflows path in deployment_notes.yaml is outdated.\n\n"
        "## Compatibility with the examples\n\n- sample_workflow_v1.json uses the deprecated n8n-nodes-base.start "
        "node and the deprecated Set `values` format at typeVersion 1; its Function only checks that testName is "
        "truthy; its settings use America/New_York.\n- sample_workflow_v2.json is incomplete: the Function node is "
        "missing, so nothing is validated.\n- Timezone: the server config has two fields. `timezone` is UTC and "
        "governs workflow settings; `genericTimezone` (America/New_York) only sets the UI display. Settings here "
        "use UTC, executionTimeout 3600 and saveDataOnError/saveDataOnSuccess all, as on the server.\n\n"
        "## Workflow JSON\n\n```json\n" + json.dumps(wf, indent=1) + "\n```\n")


def task118():
    wf = workflow()
    wf_text = json.dumps(wf, indent=1)
    steps = [
        ("read_file", {"path": "docs/n8n_workflow_spec.md"}),
        ("read_file", {"path": "docs/n8n_node_reference.md"}),
        ("read_file", {"path": "config/n8n_server.json"}),
        ("read_file", {"path": "config/deployment_notes.yaml"}),
        ("read_file", {"path": "examples/sample_workflow_v1.json"}),
        ("read_file", {"path": "examples/sample_workflow_v2.json"}),
        *write_steps("output/test_workflow.json", wf_text),
        *write_steps("output/n8n_workflow_report.md", _report(wf)),
    ]
    answer = ("Written: output/test_workflow.json and output/n8n_workflow_report.md with the same workflow "
              "(Test_Workflow_PostDeployCheck: Manual Trigger -> Set 3.4 -> Function). Settings follow "
              "config/n8n_server.json (UTC, not genericTimezone; timeout 3600; keep all execution data); save it in "
              "/opt/n8n/workflows. The report explains why neither example can be reused.")
    wf2 = workflow(name="Test_Workflow_QaVerification", stamp="2026-03-02T09:00:00+00:00", env="staging/v1.52.0")
    wf2["nodes"][1]["name"] = "Set"
    wf2["connections"] = {"Manual Trigger": {"main": [[{"node": "Set", "type": "main", "index": 0}]]},
                          "Set": {"main": [[{"node": "Validate Fields", "type": "main", "index": 0}]]}}
    right = [
        dict(why="the reference outputs, a short answer", answer="Both files are in output/; same workflow in each."),
        dict(why="another name, +00:00 timestamp, testEnv as staging/v1.52.0, compact JSON", base="nothing",
             answer="Done.", steps=[*write_steps("output/test_workflow.json", json.dumps(wf2)),
                                    *write_steps("output/n8n_workflow_report.md", _report(wf2))]),
        dict(why="the reference outputs, a longer answer repeating the traps", answer=answer + " v1 used the "
             "deprecated start node and values format; v2 lacks the Function node."),
    ]
    wrong_path_report = _report(workflow()).replace("Save it in /opt/n8n/workflows, the workflowsDir of "
                                                    "config/n8n_server.json; the /var/lib/n8n/workflows path in "
                                                    "deployment_notes.yaml is outdated.",
                                                    "Save it in /var/lib/n8n/workflows.")
    v1ish = json.loads(json.dumps(V1))
    v1ish["name"] = "Test_Workflow_PostDeployCheck"
    hedge = workflow(env="staging-1.52.0 or production-1.51.0", tz="UTC or America/New_York")
    wrong = [
        dict(kind="near-miss", why="typeVersion 3.3, New York timezone, and the stale save path", base="nothing",
             answer=answer, steps=[
                 *write_steps("output/test_workflow.json", json.dumps(workflow(set_version=3.3,
                                                                               tz="America/New_York"), indent=1)),
                 *write_steps("output/n8n_workflow_report.md", wrong_path_report)]),
        dict(kind="wrong-entity", why="the v1 example reused: start node, values format, New York settings",
             base="nothing", answer=answer, steps=[
                 *write_steps("output/test_workflow.json", json.dumps(v1ish, indent=1)),
                 *write_steps("output/n8n_workflow_report.md", "# Report\n\n```json\n" + json.dumps(v1ish) +
                              "\n```\n")]),
        dict(kind="hedge", why="two environments and two timezones offered in the values", base="nothing",
             answer="Left both options in so you can choose.", steps=[
                 *write_steps("output/test_workflow.json", json.dumps(hedge, indent=1)),
                 *write_steps("output/n8n_workflow_report.md", _report(hedge).replace(
                     "Save it in /opt/n8n/workflows, the workflowsDir of config/n8n_server.json; the "
                     "/var/lib/n8n/workflows path in deployment_notes.yaml is outdated.",
                     "Save it in /opt/n8n/workflows or /var/lib/n8n/workflows."))]),
        dict(kind="false-claim", why="reports both files, wrote neither", base="nothing", answer=answer),
        dict(kind="dump", why="the outputs are the server config and the spec pasted", base="nothing",
             answer="Written.", steps=[
                 ("write_file", {"path": "output/test_workflow.json", "content": json.dumps(SERVER, indent=2)}),
                 ("write_file", {"path": "output/n8n_workflow_report.md", "content": SPEC})]),
    ]
    port = Port("automation-n8n-workflow", 118, "test",
                ("We're setting up QA for our n8n platform and need the standard post-deployment test workflow. "
                 "Using the spec, node reference, server config and the two old example workflows here, write "
                 "output/test_workflow.json (ready to import) and output/n8n_workflow_report.md: a short summary "
                 "(purpose, nodes, where it's saved on the server), what is wrong with each old example, and the "
                 "same workflow JSON inline. Some files are outdated; the spec, node reference and server config "
                 "win. The Function node must really validate the fields' formats."),
                ["list_dir", "read_file", "search", "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(secrets=[CRED, "pg-Qa!2026-rotate"]), right=right,
                wrong=wrong, category="automation",
                sensitive=[(CRED, "secret", 2.0), ("pg-Qa!2026-rotate", "secret", 2.0)])
    return port, _build


PORTS = [task118]

if __name__ == "__main__":
    import sys
    main(PORTS, sys.argv[1:])
