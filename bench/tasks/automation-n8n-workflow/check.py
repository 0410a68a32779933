"""AceBench 118: the n8n test workflow, as output/test_workflow.json and inside output/n8n_workflow_report.md.

Weights (the original: automated items 0.55, three judge criteria 0.45; merged into deterministic items):
- workflow 0.30: exactly three nodes, every one with name, type, typeVersion, position [x, y] and parameters, of
  types manualTrigger, set and function (code accepted at half) (0.10); the Set node at typeVersion 3.4 with
  `assignments` entries of id, name, value and type "string": testName (not an example's), testTimestamp ISO 8601
  in UTC, testEnv holding "staging" and "1.52.0" (0.10); the Function code with try/catch, a format check of the
  timestamp, and status and message returned (0.05); a linear trigger -> Set -> Function chain of exactly two
  sources whose targets are {node, type, index} naming existing nodes (0.05).
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
SECRETS = ['n8n_api_9f2KxQ7mWc41LrZt', 'pg-Qa!2026-rotate']
EXAMPLE_NAMES = ("basic smoke", "partial run")
FIELDS = ("name", "type", "typeVersion", "position", "parameters")


def _load(t):
    try:
        d = json.loads(t)
    except ValueError:
        return None
    return d if isinstance(d, dict) else None


def _inline(report):
    for block in re.findall(r"```(?:json)?\s*\n(.*?)```", report, re.DOTALL):
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
    if not isinstance(v, str) or not re.search(r"(Z|\+00:00)$", v):
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
    assigns = ((setn.get("parameters") or {}).get("assignments") or {}).get("assignments")
    vals = {}
    set_ok = setn.get("typeVersion") == 3.4 and isinstance(assigns, list) and all(
        isinstance(a, dict) and set(a) >= {"id", "name", "value", "type"} and a["type"] == "string" for a in assigns)
    if set_ok:
        vals = {a["name"]: a["value"] for a in assigns}
        env = str(vals.get("testEnv", ""))
        set_ok = bool(str(vals.get("testName", "")).strip()) and \
            str(vals.get("testName", "")).strip().lower() not in EXAMPLE_NAMES and \
            _iso_utc(vals.get("testTimestamp")) and "staging" in env.lower() and "1.52.0" in env and \
            not re.search(r"prod|develop|\bdev\b|\bor\b", env.lower()) and \
            set(re.findall(r"\d+\.\d+\.\d+", env)) == {"1.52.0"}
    code = str((fn.get("parameters") or {}).get("functionCode") or (fn.get("parameters") or {}).get("jsCode") or "")
    code_ok = "try" in code and "catch" in code and "testName" in code and "testTimestamp" in code and \
        ("Date.parse" in code or "new Date" in code or "\\d{4}" in code) and "status" in code and "message" in code
    con = wf.get("connections") if isinstance(wf.get("connections"), dict) else {}
    names = {n["name"] for n in nodes}

    def target(src):
        try:
            ports = con[src]["main"]
            (only,) = ports
            (t,) = only
        except (KeyError, TypeError, ValueError):
            return None
        return t["node"] if isinstance(t, dict) and set(t) == {"node", "type", "index"} and t["type"] == "main" \
            and t["index"] == 0 and t["node"] in names else None
    chain = set(con) == {trig["name"], setn["name"]} and target(trig["name"]) == setn["name"] and \
        target(setn["name"]) == fn["name"]
    return types + 0.05 * code_ok + 0.05 * chain, set_ok


def _settings(wf):
    s = wf.get("settings") if isinstance(wf.get("settings"), dict) else {}
    return s.get("timezone") == "UTC" and "saveManualExecutions" in s and s.get("executionTimeout") in (3600, "3600") \
        and s.get("saveDataOnError") == "all" and s.get("saveDataOnSuccess") == "all"


def _sentences(t):
    return [x for x in re.split(r"(?<=[.!?])\s+|\n+", t) if x.strip()]


def _same(a, b):
    def shape(w):
        return (w.get("name"), sorted(str(n.get("type")) for n in w.get("nodes", []) if isinstance(n, dict)),
                sorted(w.get("connections", {})) if isinstance(w.get("connections"), dict) else None,
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
    name = bool(re.fullmatch(r"Test_Workflow_[A-Z][A-Za-z0-9]{5,}", str(wf.get("name", ""))))
    v1 = says_any(report, "n8n-nodes-base.start", "start node") and says_any(report, "deprecated") and \
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
