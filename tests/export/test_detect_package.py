"""The detector set: built-in rows walked by one loop, detectors added by dotted path in config, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.errors import BadInput
from edgeagent.export.detect.builtin import BUILTIN, default_detectors, load_detector
from edgeagent.export.detect.spans import Span


class TagWidgets:
    """A configured detector: every "widget-N" is a WIDGET."""

    name = "widgets"

    def detect(self, text: str) -> list[Span]:
        start = text.find("widget-")
        return [Span(start, start + 8, "WIDGET", self.name)] if start >= 0 else []


class NotADetector:
    pass


def broken_factory():
    raise RuntimeError("model file missing")


HERE = __name__  # the dotted paths below name this module


def test_every_builtin_row_is_built_in_order():
    names = [d.name for d in default_detectors()]
    assert names[:3] == ["detect-secrets", "provider-keys", "presidio"]
    assert len(BUILTIN) >= 3 and all(":" in row.target for row in BUILTIN)


def test_a_detector_is_added_by_dotted_path_after_the_builtins():
    detectors = default_detectors(paths=[f"{HERE}:TagWidgets"])
    assert detectors[-1].name == "widgets"
    assert isinstance(load_detector(f"{HERE}:TagWidgets"), TagWidgets)


@pytest.mark.parametrize("path, expected", [
    ("no_such_module_xyz:Thing", "cannot import no_such_module_xyz"),
    (f"{HERE}:Missing", "has no Missing"),
    (f"{HERE}:NotADetector", "not a detector"),
    (f"{HERE}:broken_factory", "failed to build (RuntimeError: model file missing)"),
    ("just-a-name", "expected \"package.module:Class\""),
])
def test_a_bad_dotted_path_is_a_one_line_error_naming_it(path, expected):
    with pytest.raises(BadInput) as e:
        default_detectors(paths=[path])
    assert path in str(e.value) and expected in str(e.value) and "\n" not in str(e.value)


def test_config_detectors_reach_redact(home):
    home.mkdir(parents=True)
    (home / "config.toml").write_text(f'[export]\ndetectors = ["{HERE}:TagWidgets"]\n')
    r = CliRunner().invoke(cli, ["redact", "--json", "-"], input="ship widget-7 to the depot\n")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["text"] == "ship <WIDGET_1> to the depot\n"


@pytest.mark.parametrize("value, expected", [
    ('["nocolon"]', "export.detectors[0] 'nocolon': expected"),
    ("[3]", "export.detectors[0] 3: must be a string"),
    ('["no_such_module_xyz:Thing"]', "cannot import no_such_module_xyz"),
])
def test_bad_config_detectors_are_one_line_errors(home, value, expected):
    home.mkdir(parents=True)
    (home / "config.toml").write_text(f"[export]\ndetectors = {value}\n")
    r = CliRunner().invoke(cli, ["redact", "-"], input="hello\n")
    assert r.exit_code == 2 and expected in r.stderr, r.output
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_importing_the_package_loads_no_heavy_library():
    code = ("import sys; import edgeagent.export.detect; "
            "print(sorted(m for m in ('presidio_analyzer', 'spacy', 'detect_secrets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_vendor_rules_fail_loudly_if_detect_secrets_changes_its_regex_count(monkeypatch):
    from detect_secrets.plugins import aws

    from edgeagent.export.detect import secrets

    monkeypatch.setattr(aws.AWSKeyDetector, "denylist", [*aws.AWSKeyDetector.denylist, aws.AWSKeyDetector.denylist[0]])
    with pytest.raises(RuntimeError, match="detect-secrets 1.5.x"):
        secrets._Plugins()


def test_redact_time_prints_one_line_on_stderr(home):
    r = CliRunner().invoke(cli, ["redact", "--time", "-"], input="the build finished\n")
    assert r.exit_code == 0 and r.stdout == "the build finished\n"
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith("redact: ") and " s from process start (19 characters, " in line
