"""Declared secrets in other spellings: any separators between their letters are replaced in every mode; strict also
refuses them reversed, in base64 or hex, or with look-alike letters. Real exporter; end to end via the anthropic SDK."""

from __future__ import annotations

import base64
import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector
from edgeagent.export.disguised import hidden_declared, skeleton
from edgeagent.export.exporter import Exporter
from edgeagent.store.runs import Store
from tests.conftest import query, write_script

SECRET = "Project Bluebird"


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors(DeclaredSecrets([(SECRET, "PROJECT")]), models=False))


def exporter(tmp_path: Path, mode: str) -> Exporter:
    return Exporter(Store(tmp_path / "e.db"), "", None, mode=mode, detectors=detectors())


SPELLINGS = ["Project-Bluebird", "Project_Bluebird", "project.bluebird", "P.r.o.j.e.c.t B.l.u.e.b.i.r.d",
             "P,R,O,J,E,C,T,B,L,U,E,B,I,R,D", "project \u2014 blue-bird", "PROJECT/**/BLUEBIRD", "projectbluebird",
             "Project\\nBluebird", "project\u200b\u00adbluebird"]


@pytest.mark.parametrize("mode", ["off", "redact", "strict"])
@pytest.mark.parametrize("spelling", SPELLINGS)
def test_any_separators_between_letters_are_replaced_in_every_mode(tmp_path, spelling, mode):
    result, refusals = exporter(tmp_path, mode).preview(f"the codename is {spelling}, keep it")
    assert result.text == "the codename is <PROJECT_1>, keep it" and refusals == []


def test_separators_do_not_join_other_words(tmp_path):
    text = "a blue bird sang on the project; projects bluebirds; Bluebird Project"
    result, refusals = exporter(tmp_path, "strict").preview(text)
    assert result.text == text and refusals == []


b64 = base64.b64encode(SECRET.encode()).decode()
DISGUISES = {
    "reversed": "dribeulB tcejorP",
    "reversed with separators": "d-r-i-b-e-u-l-b t-c-e-j-o-r-p",
    "base64": b64,
    "base64 inside a sentence": f"decode {base64.b64encode(f'the {SECRET} files'.encode()).decode()} please",
    "base64 url-safe, unpadded": base64.urlsafe_b64encode(SECRET.encode()).decode().rstrip("="),
    "hex": SECRET.encode().hex(),
    "hex with \\x": "".join(f"\\x{b:02x}" for b in SECRET.encode()),
    "hex as 0x list": ", ".join(f"0x{b:02X}" for b in SECRET.encode()),
    "percent-encoded": "".join(f"%{b:02x}" for b in SECRET.encode()),
    "Cyrillic look-alikes": "\u0420r\u043ej\u0435\u0441t Bluebird",  # Р о е с
    "Greek look-alikes": "PR\u039fJ\u0395CT BLUEB\u0399RD",  # Ο Ε Ι
    "digits for letters": "Pr0ject B1uebird",
}


@pytest.mark.parametrize("name", sorted(DISGUISES))
def test_strict_never_sends_a_disguised_secret_and_redact_does_not_look(tmp_path, name):
    text = f"note: {DISGUISES[name]} (end)"
    assert hidden_declared(text, [(SECRET, "PROJECT")]) == ["PROJECT"]
    result, refusals = exporter(tmp_path, "strict").preview(text)
    # Refused, unless replaced: a long hex or base64 run reads as a random key, and \x or % escapes are decoded
    # before detection (issue 27 item 6), so the declared secret is found in them.
    replaced = DISGUISES[name] not in result.text and ("<SECRET_1>" in result.text or "<PROJECT_1>" in result.text)
    assert refusals == ["PROJECT"] or replaced
    _, refusals = exporter(tmp_path, "redact").preview(text)
    assert refusals == []


def test_disguise_check_ignores_our_placeholders_and_short_values():
    assert hidden_declared("<PROJECT_1> and <PROJECT_1>", [(SECRET, "PROJECT")], ["<PROJECT_1>"]) == []
    assert hidden_declared("a b c", [("a-b-c", "X")]) == []  # 3 letters: too short to look for in disguise
    assert skeleton("\u0412\u0406\u0423\u0415") == skeleton("blye") == "blye"  # В І У Е: capitals too


def test_strict_run_refuses_a_base64_secret_before_the_anthropic_sdk_sends_it(home, workspace, tmp_path, cloud):
    c = cloud([{"tool": "finish", "args": {"answer": "cloud"}}] * 2)
    script = write_script(tmp_path / "edge.json", [{"tool": "finish", "args": {"answer": "edge did it"}}] * 2)
    secrets = tmp_path / "secrets.txt"
    secrets.write_text(f"PROJECT: {SECRET}\n")
    base = ["run", "--workspace", str(workspace), "--model", script, "--json", "--strategy", "cloud",
            "--cloud", c.target, "--secrets", str(secrets)]
    r = CliRunner().invoke(cli, [base[0], f"decode {b64} for me", *base[1:], "--export-mode", "strict"])
    assert r.exit_code == 0, (r.output, r.exception)
    out = json.loads(r.stdout)
    assert out["answer"] == "edge did it" and c.seen == []  # refused: the edge acted, nothing reached the server
    rows = query(home / "edgeagent.db", "select status, reason from exports where run_id = ?", [out["run_id"]])
    assert rows and all(s == "refused" and "PROJECT" in reason for s, reason in rows)
    # redact sends the payload, with the separated spelling replaced
    r = CliRunner().invoke(cli, [base[0], "rename Project_Bluebird", *base[1:]])
    assert r.exit_code == 0 and json.loads(r.stdout)["answer"] == "cloud"
    assert c.seen and "bluebird" not in json.dumps(c.seen).lower() and "<PROJECT_1>" in json.dumps(c.seen)


def test_short_values_are_not_looked_for_reversed_or_as_look_alikes():
    # "mile" reversed is in "eliminate", and "m1le" in "mille": too short to look for loosely; encodings still count.
    text = "eliminate the mille-feuille"
    assert hidden_declared(text, [("mile", "X")]) == []
    assert hidden_declared(base64.b64encode(b"a mile away").decode(), [("mile", "X")]) == ["X"]
    assert hidden_declared("dribeulb", [("bluebird", "X")]) == ["X"]
