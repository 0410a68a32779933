"""Provider keys are found by their format, not by luck with entropy: the formats detect-secrets lacks, AWS secret
keys next to their key id, and tokens in a path after `user/`. The end-to-end case goes through the anthropic SDK."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.spans import Detector, detect
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.provider_keys import ProviderKeys
from edgeagent.export.sanitize import sanitize
from tests.conftest import write_script


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors(models=False))


# Documentation-style keys: the right format, low entropy (repeated letters), so only a format rule finds them.
BODY = "ExampleKeyForDocsOnly" * 5
KEYS = {
    "anthropic": "sk-ant-api03-" + BODY[:93] + "AA",
    "anthropic admin": "sk-ant-admin01-" + BODY[:93] + "AA",
    "openai project": "sk-proj-" + BODY[:60],
    "openai service account": "sk-svcacct-" + BODY[:60],
    "google": "AIzaSy" + BODY[:33],
    "stripe test": "sk_test_" + BODY[:40],
    "stripe restricted": "rk_live_" + BODY[:60],
    "slack app": "xapp-1-A0123456789-1234567890123-" + "abcdef0123" * 6,
    "slack config": "xoxe.xoxp-1-" + "EXAMPLEKEY" * 16,
    "github fine-grained": "github_pat_11ABCDEFG0" + "_ExampleKeyForDocs" * 4,
    "hugging face": "hf_" + "ExampleKeyForDocsOnly"[:17] * 2,
}
AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"  # AWS's documented pair


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("name", sorted(KEYS))
def test_provider_key_is_replaced(name, mode):
    key = KEYS[name]
    registry = PlaceholderRegistry()
    result = sanitize(f"export TOKEN={key} # ci", mode, detectors(), registry)
    assert result.text == "export TOKEN=<SECRET_1> # ci" and not result.refused
    assert registry.restore(result.text) == f"export TOKEN={key} # ci"


@pytest.mark.parametrize("text", [
    f"{AWS_ID} {AWS_SECRET}",
    f"id,secret\n{AWS_ID},{AWS_SECRET}\n",
    f'{{"Id": "{AWS_ID}", "Value": "{AWS_SECRET}"}}',
])
def test_aws_secret_next_to_its_key_id_without_a_keyword(text):
    result = sanitize(text, "strict", detectors(), PlaceholderRegistry())
    assert AWS_SECRET not in result.text and AWS_ID not in result.text and not result.refused


def test_a_40_character_word_far_from_any_key_id_is_not_an_aws_secret():
    filler = "x " * 150
    text = f"{AWS_ID} {filler} {AWS_SECRET}"
    found = ProviderKeys().detect(text)
    assert found == []
    near = f"{AWS_ID} {AWS_SECRET}"
    assert [near[s.start:s.end] for s in ProviderKeys().detect(near)] == [AWS_SECRET]


@pytest.mark.parametrize("text", [
    "see user/a8f5f167f44f4964e6c998dee827110c please",
    "remote: git@host:user/9f86d081884c7d659a2feaa0c55ad015",
    "cd ~/user/3b5d5c3712955042212316173ccf37be/",
])
def test_token_after_a_user_path_segment(text):
    token = next(part for part in text.replace(" ", "/").split("/") if len(part) == 32)
    result = sanitize(text, "strict", detectors(), PlaceholderRegistry())
    assert token not in result.text and "<SECRET_1>" in result.text


@pytest.mark.parametrize("text", [
    "pip install scikit-learn; sk-learn is its old name",
    "from huggingface_hub import hf_hub_download",
    "def test_rk_live_reload(): task_test_runner(check_prod_ready)",
    "AIza is the prefix of Google API keys",
    "xoxb- tokens belong to bots; github_pat_ tokens are fine-grained",
    "ISBN 9780306406157 and order AKIA-123 shipped",
])
def test_ordinary_text_keeps_its_words(text):
    assert [s for s in detect(text, detectors()) if s.source == "provider-keys"] == []


def test_strict_run_sends_no_provider_key_through_the_anthropic_sdk(home, workspace, tmp_path, cloud):
    c = cloud([{"tool": "finish", "args": {"answer": "rotated"}}] * 2)
    script = write_script(tmp_path / "edge.json", [{"tool": "finish", "args": {"answer": "edge"}}] * 2)
    keys = [KEYS["anthropic"], KEYS["github fine-grained"], KEYS["hugging face"], AWS_SECRET]
    task = f"rotate {' and '.join(keys)} (key id {AWS_ID})"
    r = CliRunner().invoke(cli, ["run", task, "--workspace", str(workspace), "--model", script, "--json",
                                 "--strategy", "cloud", "--cloud", c.target, "--export-mode", "strict"])
    assert r.exit_code == 0, (r.output, r.exception)
    assert json.loads(r.stdout)["answer"] == "rotated"  # the payload was sent, not refused
    seen = json.dumps(c.seen)
    assert c.seen and not any(k in seen for k in [*keys, AWS_ID]) and "<SECRET_4>" in seen


def test_provider_rules_name_their_source():
    text = f"key {KEYS['anthropic']}"
    (span,) = detect(text, detectors())
    assert (span.source, span.kind, text[span.start:span.end]) == ("provider-keys", "SECRET", KEYS["anthropic"])


def test_module_stays_separate_for_the_detect_package_split():
    # provider_keys only needs Span from detect: a later split of detect.py moves it as it is.
    source = (Path(__file__).parents[2] / "edgeagent" / "export" / "provider_keys.py").read_text()
    assert [line for line in source.splitlines() if "edgeagent" in line and "import" in line] == [
        "from edgeagent.export.detect.spans import Span"]
