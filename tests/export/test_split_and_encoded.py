"""Declared secrets and contact details never leave cut, split across parts, or in a common encoding (issue 27
items 5 and 6). Real exporter; the payload path over the anthropic SDK to the loopback cloud fixture."""

from __future__ import annotations

import functools
import html
import json
import re
import urllib.parse
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.export.cloud import CloudClient
from edgeagent.export.cloud_target import parse_target
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector
from edgeagent.export.exporter import Exporter, digest
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize
from edgeagent.store.runs import Store
from tests.conftest import write_script

SECRET = "Project Bluebird"
EMAIL = "priya.raman@acme-corp.com"


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors(DeclaredSecrets([SECRET]), models=False))


def squash(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).casefold()


def readable(text: str) -> str:
    """What a reader of `text` sees once every common encoding is undone (several times over, as a cloud might)."""
    for _ in range(3):
        text = html.unescape(urllib.parse.unquote(text))
        text = re.sub(r"\\+u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
        text = re.sub(r"\\+x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), text)
    return text


def exporter(home: Path, cloud_target: str, mode: str) -> tuple[Exporter, Store, str]:
    store = Store(home / "edgeagent.db")
    run_id = store.create_run(task="t", workspace=str(home), strategy="advisor", model="m", backend="b", max_steps=5)
    client = CloudClient(parse_target(cloud_target), max_retries=0)
    return Exporter(store, run_id, client, mode=mode, detectors=detectors()), store, run_id


def sent(store: Store, run_id: str) -> list[str]:
    return [row["payload"] for row in store.exports(run_id) if row["status"] == "sent"]


def strings(value) -> list[str]:
    """Every text in a payload or in what the cloud received, in order (not the keys nor the roles)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("type", "role", "model") for s in strings(v)]
    return []


def _step(idx: int, observation: str, path: str = "a.txt") -> dict:
    return {"idx": idx, "tool": "read_file", "args": {"path": path}, "observation": observation, "ok": True}


# ---- item 5: truncated and split secrets --------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_digest_sanitises_before_cutting_an_observation(home, cloud, mode):
    # The digest cut each observation at 120 characters first: "…" + "Project Blueb" left, no detector saw it.
    c = cloud(["ok"])
    ex, store, run_id = exporter(home, c.target, mode)
    obs = "x" * 107 + f" {SECRET} is the codename"
    assert ex.ask(1, "what next?", "t", [_step(0, obs)]) == "ok"
    seen = json.dumps(c.seen, ensure_ascii=False) + "".join(sent(store, run_id))
    assert "projectblue" not in squash(seen)
    assert "x …" in seen  # cut before the secret, marked as the digest marks it


@pytest.mark.parametrize("before, kept", [(115, False), (100, True)])
def test_digest_never_cuts_inside_a_secret_and_marks_the_cut(before, kept):
    from edgeagent.export.sanitize import private_spans  # new with the fix: the other tests also run without it

    registry = PlaceholderRegistry()

    def private(text: str) -> list[tuple[int, int]]:
        return [(s.start, s.end) for s in private_spans(text, "redact", detectors(), registry)]

    text = digest([_step(0, "y" * before + f" {SECRET} and more")], private=private)
    assert text.endswith("…") and (SECRET in text) == kept and "Blue" not in text.replace(SECRET, "")
    assert registry.entries() == []  # only read: the payload's own sanitising registers what it replaces


@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_two_observations_holding_the_halves_do_not_leave_the_secret(home, cloud, mode):
    c = cloud(["ok"])
    ex, store, run_id = exporter(home, c.target, mode)
    steps = [_step(0, "Project Blue", "a.txt"), _step(1, "bird", "b.txt")]
    assert ex.ask(2, "what next?", "t", steps) == "ok"
    seen = json.dumps(c.seen, ensure_ascii=False) + "".join(sent(store, run_id))
    assert "projectblue" not in squash(seen), seen


@pytest.mark.parametrize("strategy", ["advisor", "cloud"])
@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_a_run_reading_two_files_with_the_halves_sends_neither_whole(home, workspace, tmp_path, cloud, mode,
                                                                     strategy):
    # The probe: a hostile workspace whose two files hold "Project Blue" and "bird"; a real run sent both.
    # A second secret no entity model tags ("Project" reads as an organisation to spaCy, which hid the first).
    (workspace / ".edgeagent-secrets").write_text(f"{SECRET}\nzephyr lantern 42\n")
    (workspace / "a.txt").write_text("Project Blue\nzephyr lant")
    (workspace / "b.txt").write_text("bird\nern 42")
    reads = [{"tool": "read_file", "args": {"path": p}} for p in ("a.txt", "b.txt")]
    finish = {"tool": "finish", "args": {"answer": "done"}}
    edge = write_script(tmp_path / "edge.json", [*reads, {"tool": "ask_cloud", "args": {"question": "next?"}},
                                                 finish, finish])
    c = cloud(["ok"] if strategy == "advisor" else [*reads, finish])
    r = CliRunner().invoke(cli, ["run", "read both notes", "--workspace", str(workspace), "--model", edge,
                                 "--strategy", strategy, "--cloud", c.target, "--export-mode", mode, "--json"])
    assert r.exit_code == 0, r.output
    assert c.seen, "the cloud was never asked"
    seen = squash("".join(strings(c.seen)))
    assert "projectblue" not in seen and "zephyrlant" not in seen, seen


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("pieces", [["Project Blue", "bird"], ["Proj", "ect Bluebird"], ["Proje", "ct Blu", "ebird"]])
def test_a_secret_split_across_payload_parts_is_replaced(home, cloud, mode, pieces):
    # Each part alone holds too little of the secret; the payload joined (with or without separators) holds it all.
    c = cloud(["ok"])
    ex, store, run_id = exporter(home, c.target, mode)
    messages = [{"role": "user", "content": [{"type": "text", "text": p} for p in pieces]}]
    ex.call(0, "execute", "Act for the user.", messages)
    texts = strings(c.seen)
    assert "projectbluebird" not in squash("".join(texts)), texts
    assert any("<SECRET_1>" in t for t in texts)
    assert "projectbluebird" not in squash("".join(strings([json.loads(p) for p in sent(store, run_id)])))


@pytest.mark.parametrize("mode", ["off", "redact", "strict"])
@pytest.mark.parametrize("text, left", [
    ("the codename: Project Blue", "the codename: <SECRET_1>"),
    ("the codename: Project Bluebi…", "the codename: <SECRET_1>…"),  # detected as NFKC reads it ("..."), sent as written
    ("PROJECT BLUE\nand more", "<SECRET_1>\nand more"),
    ("ject Bluebird is next", "<SECRET_1> is next"),
    ("…oject Bluebird is next", "…<SECRET_1> is next"),
])
def test_a_prefix_or_suffix_of_a_secret_at_a_cut_is_the_secret(text, left, mode):
    assert sanitize(text, mode, detectors(), PlaceholderRegistry()).text == left


@pytest.mark.parametrize("text", [
    "the Project Blue team meets today",  # not at a cut: an ordinary phrase
    "a bird\nsang",  # under half of the secret
    "Projection",  # a longer word that begins like it
])
def test_ordinary_words_that_begin_or_end_like_a_secret_stay(text):
    result = sanitize(text, "strict", detectors(), PlaceholderRegistry())
    assert result.text == text and not result.refused


# ---- item 6: common encodings -------------------------------------------------------------------------------

ENCODED_SECRETS = [
    "Project%20Bluebird",
    "%50%72%6F%6A%65%63%74%20%42%6C%75%65%62%69%72%64",
    "Project&nbsp;Bluebird",
    "".join(f"&#{ord(ch)};" for ch in SECRET),
    "".join(f"&#x{ord(ch):x};" for ch in SECRET),
    "Proj\\u0065ct Bluebird",
    "Proj\\\\u0065ct Bluebird",  # escaped twice
    "Project\\x20Bluebird",
    "Proj&amp;#101;ct Bluebird",  # an entity of an entity
    "Proj%26%23101%3Bct Bluebird",  # an entity, percent-encoded
]
ENCODED_EMAILS = [
    "priya.raman\\u0040acme-corp.com",
    "priya.raman%40acme-corp.com",
    "priya.raman&#64;acme-corp.com",
    "priya.raman&commat;acme-corp.com",
    "priya.raman\\x40acme-corp.com",
]


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("encoded", ENCODED_SECRETS)
def test_an_encoded_declared_secret_is_replaced_in_its_encoded_form(encoded, mode):
    assert readable(encoded).replace("\xa0", " ") == SECRET  # the test's own decoder reads it
    result = sanitize(f"note: {encoded} ships", mode, detectors(), PlaceholderRegistry())
    assert result.text == "note: <SECRET_1> ships" and not result.refused


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("encoded", ENCODED_EMAILS)
def test_an_encoded_email_address_is_replaced_in_its_encoded_form(encoded, mode):
    assert readable(encoded) == EMAIL
    result = sanitize(f"write to {encoded} today", mode, detectors(), PlaceholderRegistry())
    assert result.text == "write to <EMAIL_1> today" and not result.refused


def test_off_mode_still_replaces_an_encoded_declared_secret():
    result = sanitize("Project%20Bluebird", "off", detectors(), PlaceholderRegistry())
    assert result.text == "<SECRET_1>"


@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_encoded_values_never_reach_the_cloud(home, cloud, mode):
    c = cloud(["ok"])
    ex, store, run_id = exporter(home, c.target, mode)
    content = " ".join([*ENCODED_SECRETS, *ENCODED_EMAILS])
    ex.call(0, "execute", "Act for the user.", [{"role": "user", "content": content}])
    seen = readable(json.dumps(c.seen, ensure_ascii=False))
    assert "projectbluebird" not in squash(seen) and "raman" not in seen.casefold(), seen
    assert "projectbluebird" not in squash(readable("".join(sent(store, run_id))))


def test_text_without_encodings_is_untouched_by_the_decoder():
    text = "100% done & dusted; C:\\temp\\x; &unknown; %zz"
    result = sanitize(text, "strict", detectors(), PlaceholderRegistry())
    assert result.text == text and not result.refused



@pytest.mark.parametrize("disguise", ["dribeulB%20tcejorP", "dribeulB&#32;tcejorP",
                                      "UHJvamVjdCBCbHVl&#89;mlyZA=="])
def test_strict_reads_a_disguise_inside_an_encoding(tmp_path, disguise):
    # Reversed or base64, then percent-encoded or an entity: strict's last look undoes the encoding first.
    ex = Exporter(Store(tmp_path / "e.db"), "", None, mode="strict", detectors=detectors())
    assert ex.preview(f"see {disguise}")[1] == ["SECRET"]
