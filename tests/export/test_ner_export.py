"""Names in the user's mail leave the device only as placeholders: the advisor's digest and the cloud executor's
trajectory, through the real exporter with its default detectors (the entity model prepared), over loopback HTTP."""

from __future__ import annotations

import json
from pathlib import Path

from edgeagent.store.runs import Store
from tests.agent.test_strategies import exports, finish, run
from tests.conftest import query

NAMES = ("Sarah Connor", "Deutsche Bank", "Baltimore", "Bob")
MAIL = ("From: Sarah Connor <sarah.connor@example.org>\nSubject: the Deutsche Bank invoice for the Baltimore office\n\n"
        "Hi Bob, the bank wants the invoice by Friday.\n")


def _mail(workspace: Path) -> str:
    (workspace / "inbox").mkdir()
    (workspace / "inbox" / "001.eml").write_text(MAIL)
    return "inbox/001.eml"


def _placeholders(home: Path, run_id: str) -> dict[str, tuple[str, str]]:
    return {p: (kind, value) for p, kind, value in Store(home / "edgeagent.db").placeholders(run_id)}


def test_the_advisor_digest_carries_placeholders_for_names_in_mail(spacy_model, home, workspace, tmp_path, cloud):
    path = _mail(workspace)
    c = cloud(["Forward the invoice to <PERSON_1>."])
    edge = [{"tool": "read_file", "args": {"path": path}},
            {"tool": "ask_cloud", "args": {"question": "Who should get the invoice?"}}, finish()]
    out = run(tmp_path, workspace, edge, "--strategy", "advisor", "--cloud", c.target, "--export-mode", "redact",
              task="Answer the newest mail")
    assert out["status"] == "done" and out["cloud_calls"] == 1
    (row,) = exports(home, out["run_id"])
    payload, seen = row[5], json.dumps(c.seen, ensure_ascii=False)
    assert "read_file(path='inbox/001.eml') -> From:" in payload  # the digest holds the mail's first lines
    for name in NAMES:
        assert name not in payload and name not in seen
    held = _placeholders(home, out["run_id"])
    assert {value for kind, value in held.values()} >= set(NAMES)
    assert {held[p][0] for p in held if p in payload} >= {"PERSON", "ORG", "LOCATION", "EMAIL"}
    (obs,) = query(home / "edgeagent.db", "select observation from steps where run_id = ? and tool = 'ask_cloud'",
                   [out["run_id"]])[0]
    assert obs == f"Forward the invoice to {held['<PERSON_1>'][1]}."  # restored before the edge model reads it


def test_the_executor_trajectory_carries_placeholders_for_names_in_mail(spacy_model, home, workspace, tmp_path,
                                                                       cloud):
    path = _mail(workspace)
    c = cloud([{"tool": "read_file", "args": {"path": path}}, finish("<PERSON_1> wants the invoice")])
    out = run(tmp_path, workspace, [], "--strategy", "cloud", "--cloud", c.target, "--export-mode", "redact",
              task="Who wants the invoice? See the newest mail")
    assert out["status"] == "done"
    rows = exports(home, out["run_id"])
    assert [(r[2], r[3]) for r in rows] == [("execute", "sent"), ("execute", "sent")]
    trajectory = json.loads(rows[1][5])["messages"]
    result = trajectory[2]["content"][0]
    assert result["type"] == "tool_result" and result["content"].startswith("From: <PERSON_")
    seen = json.dumps(c.seen, ensure_ascii=False)
    for name in NAMES:
        assert name not in rows[1][5] and name not in seen
    held = _placeholders(home, out["run_id"])
    assert out["answer"] == f"{held['<PERSON_1>'][1]} wants the invoice"
