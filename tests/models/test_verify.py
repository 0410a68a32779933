"""Weights are verified: every model file's sha256 is recorded at prepare/import/pull, re-checked on load when
its stat changed and always by `edgeagent models verify`; a bit-flipped file is refused by name."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.errors import ModelError
from edgeagent.models import manifest as manifest_mod
from edgeagent.models import prepared as models
from edgeagent.models.catalog import SMOKE_MODEL
from edgeagent.models.manifest import MANIFEST, check_manifest
from tests.conftest import SHARED_MODELS, query
from tests.models.test_catalog import chunked  # noqa: F401 (fixture: tiny catalog GGUF chunks in a local wheelhouse)


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_line_error(r, *contains: str) -> str:
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and "Traceback" not in r.output, err
    for c in contains:
        assert c in err, err
    return err


def flip_bit(path: Path, offset: int) -> None:
    """One bit changed in place: the size stays the same."""
    with path.open("r+b") as f:
        f.seek(offset)
        byte = f.read(1)[0]
        f.seek(offset)
        f.write(bytes([byte ^ 0x01]))


def files_of(folder: Path) -> dict:
    return json.loads((folder / MANIFEST).read_text())["files"]


@pytest.fixture
def own_models(tmp_path, monkeypatch, home) -> Path:
    root = tmp_path / "models"
    root.mkdir()
    monkeypatch.setenv("EDGEAGENT_MODELS", str(root))
    return root


@pytest.fixture
def tiny_onnx(own_models, tmp_path) -> Path:
    """A tiny ONNX Runtime GenAI-shaped folder imported as model `tiny`: real files, no real network in them."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "genai_config.json").write_text('{"model": {"type": "tiny"}}')
    (src / "model.onnx").write_bytes(bytes(range(256)) * 64)
    r = invoke("models", "import", src, "--name", "tiny")
    assert r.exit_code == 0, r.output
    return own_models / "tiny" / "onnx"


@pytest.fixture
def real_gguf(own_models) -> Path:
    """The real SmolLM2-135M GGUF folder (manifest included) copied from the shared models dir, not downloaded."""
    shared = SHARED_MODELS / SMOKE_MODEL / "gguf"
    if not (shared / MANIFEST).is_file():
        pytest.skip("the SmolLM2 GGUF is not prepared on this machine (edgeagent models prepare --backend llamacpp)")
    dest = own_models / SMOKE_MODEL / "gguf"
    shutil.copytree(shared, dest)
    return dest


@pytest.fixture
def hashes(monkeypatch) -> list[str]:
    """Names of the files hashed, as manifest checks read them."""
    seen: list[str] = []
    real = manifest_mod.sha256_file

    def spy(path, on_bytes=None):
        seen.append(path.name)
        return real(path, on_bytes)

    monkeypatch.setattr(manifest_mod, "sha256_file", spy)
    return seen


def test_import_records_sha256_size_and_stat_of_every_file(tiny_onnx):
    files = files_of(tiny_onnx)
    assert set(files) == {"genai_config.json", "model.onnx"}
    data = (tiny_onnx / "model.onnx").read_bytes()
    st = (tiny_onnx / "model.onnx").stat()
    assert files["model.onnx"] == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                                   "mtime_ns": st.st_mtime_ns, "ctime_ns": st.st_ctime_ns}


def test_catalog_prepare_records_the_gguf_hash(chunked):  # noqa: F811
    spec, whole, _ = chunked
    path = models.gguf_file(spec().name)
    assert files_of(path.parent)[path.name]["sha256"] == hashlib.sha256(whole).hexdigest()


def test_a_bit_flipped_file_of_the_same_size_is_refused_on_load_naming_it(tiny_onnx, workspace):
    flip_bit(tiny_onnx / "model.onnx", 5000)
    r = invoke("run", "t", "-w", workspace, "--model", "tiny", "--backend", "onnx")
    one_line_error(r, "model.onnx changed", "sha256", "import or pull it again with --force")
    db = Path(os.environ["EDGEAGENT_HOME"]) / "edgeagent.db"
    assert not db.exists() or query(db, "select count(*) from runs")[0][0] == 0


def test_the_real_gguf_bit_flipped_is_refused_by_llamacpp_load_and_by_verify(real_gguf, workspace):
    gguf = next(real_gguf.glob("*.gguf"))
    size = gguf.stat().st_size
    flip_bit(gguf, size // 2)
    assert gguf.stat().st_size == size
    r = invoke("run", "t", "-w", workspace, "--model", SMOKE_MODEL, "--backend", "llamacpp")
    one_line_error(r, gguf.name, "models prepare --force")
    r = invoke("models", "verify", SMOKE_MODEL)
    one_line_error(r, gguf.name)
    assert f"{SMOKE_MODEL}/gguf: CORRUPT" in r.stdout


def test_unchanged_files_are_not_hashed_again_on_load(tiny_onnx, hashes):
    assert check_manifest(tiny_onnx) is not None
    assert check_manifest(tiny_onnx) is not None
    assert hashes == []  # recorded at import, stat unchanged since


def test_a_changed_stat_hashes_that_file_once_then_not_again(tiny_onnx, hashes):
    st = (tiny_onnx / "model.onnx").stat()
    os.utime(tiny_onnx / "model.onnx", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # touched, same content
    check_manifest(tiny_onnx)
    assert hashes == ["model.onnx"]
    check_manifest(tiny_onnx)
    assert hashes == ["model.onnx"]  # the new stat was stored with the (same) hash


def test_restoring_the_mtime_after_a_flip_does_not_hide_it(tiny_onnx):
    p = tiny_onnx / "model.onnx"
    st = p.stat()
    flip_bit(p, 100)
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))  # mtime as recorded; ctime cannot be set back
    with pytest.raises(ModelError, match="model.onnx changed"):
        check_manifest(tiny_onnx)


def test_verify_hashes_everything_even_when_the_stat_looks_unchanged(tiny_onnx):
    p = tiny_onnx / "model.onnx"
    flip_bit(p, 100)
    # Bit rot the file system cannot see: the stored stat matches the file, so a load does not re-hash.
    mf = json.loads((tiny_onnx / MANIFEST).read_text())
    st = p.stat()
    mf["files"]["model.onnx"].update(mtime_ns=st.st_mtime_ns, ctime_ns=st.st_ctime_ns)
    (tiny_onnx / MANIFEST).write_text(json.dumps(mf))
    assert check_manifest(tiny_onnx) is not None
    r = invoke("models", "verify")
    one_line_error(r, "model.onnx changed")
    r = invoke("models", "verify", "tiny", "--json")
    assert r.exit_code == 2
    out = json.loads(r.stdout)  # one object: the rows and the error together
    [row] = out["models"]
    assert row["state"] == "corrupt" and "model.onnx" in row["error"]
    assert out["code"] == 2 and out["error"] == row["error"] == r.stderr.strip().removeprefix("error: ")


def test_verify_of_healthy_models_exits_0_with_a_line_each(tiny_onnx, real_gguf):
    r = invoke("models", "verify")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        f"{SMOKE_MODEL}/gguf: ok (1 file, {next(real_gguf.glob('*.gguf')).stat().st_size / 1e6:.1f} MB)",
        "tiny/onnx: ok (2 files, 0.0 MB)"]
    r = invoke("models", "verify", "tiny", "--json")
    assert r.exit_code == 0
    assert [(m["name"], m["state"], m["files"]) for m in json.loads(r.stdout)["models"]] == [("tiny", "ok", 2)]


def test_an_old_manifest_gets_hashes_on_first_verify_and_says_so(tiny_onnx):
    mf = json.loads((tiny_onnx / MANIFEST).read_text())
    mf["files"] = {rel: e["size"] for rel, e in mf["files"].items()}  # as written before hashes were kept
    (tiny_onnx / MANIFEST).write_text(json.dumps(mf))
    listed = json.loads(invoke("models", "list", "--json").stdout)
    assert [m["state"] for m in listed] == ["unverified"]
    r = invoke("models", "verify", "tiny")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "tiny/onnx: ok (2 files, 0.0 MB); sha256 recorded now for 2 (its manifest had none)"
    data = (tiny_onnx / "model.onnx").read_bytes()
    assert files_of(tiny_onnx)["model.onnx"]["sha256"] == hashlib.sha256(data).hexdigest()
    assert invoke("models", "verify", "tiny").stdout.strip() == "tiny/onnx: ok (2 files, 0.0 MB)"
    assert [m["state"] for m in json.loads(invoke("models", "list", "--json").stdout)] == ["ok"]
    flip_bit(tiny_onnx / "model.onnx", 7)
    one_line_error(invoke("models", "verify", "tiny"), "model.onnx changed")


def test_an_old_catalog_manifest_is_checked_against_the_catalog_hash_not_trusted(real_gguf):
    mf = json.loads((real_gguf / MANIFEST).read_text())
    mf["files"] = {rel: (e["size"] if isinstance(e, dict) else e) for rel, e in mf["files"].items()}
    (real_gguf / MANIFEST).write_text(json.dumps(mf))
    gguf = next(real_gguf.glob("*.gguf"))
    flip_bit(gguf, 1_000_000)
    one_line_error(invoke("models", "verify"), gguf.name)
    assert "sha256" not in json.dumps(files_of(real_gguf))  # nothing recorded for a file that does not match


def test_prepare_force_fetches_a_damaged_catalog_gguf_again(chunked):  # noqa: F811
    spec, whole, _ = chunked
    m = spec()
    path = models.gguf_file(m.name)
    flip_bit(path, 100)
    with pytest.raises(ModelError, match=f"{path.name} changed"):
        models.gguf_file(m.name)
    assert models.gguf_file(m.name, force=True).read_bytes() == whole


def test_verify_of_an_unknown_model_and_a_damaged_manifest_are_one_line(tiny_onnx):
    one_line_error(invoke("models", "verify", "nosuch"), "no prepared model 'nosuch'")
    (tiny_onnx / MANIFEST).write_text('{"files": {"model.onnx": {"size": "big"}}}')
    one_line_error(invoke("models", "verify", "tiny"), "damaged manifest")
    (tiny_onnx / MANIFEST).write_text("{truncated")
    r = invoke("models", "list", "--json")
    assert r.exit_code == 0, r.output
    assert [m["state"] for m in json.loads(r.stdout)] == ["corrupt"]
