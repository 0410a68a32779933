"""`edgeagent profile`: the measurements, the stored rows, the budget verdict and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.backends.onnx import OnnxGenAIBackend
from edgeagent.cli import cli
from edgeagent.devices.bandwidth import measure_bandwidth
from edgeagent.devices.profiles import builtin_profiles
from edgeagent.devices.profiling import footprint, gathered_bytes
from edgeagent.models.catalog import SMOKE_MODEL
from tests.conftest import query, write_script

FAST = ["--contexts", "64,200", "--decode-tokens", "16", "--idle-seconds", "0.2", "--json"]
SMOKE = ["--model", SMOKE_MODEL]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def tight_profile(tmp_path, **changes) -> str:
    src = next(p for p in builtin_profiles() if p.id == "generic-linux-cpu").source
    text = Path(src).read_text()
    for old, new in changes.items():
        text = text.replace(old, new)
    (tmp_path / "tight.toml").write_text(text.replace('id = "generic-linux-cpu"', 'id = "tight"'))
    return str(tmp_path / "tight.toml")


@pytest.mark.model
def test_profile_measures_the_real_model_and_stores_each_context(home, embedded_model):
    r = invoke("profile", *SMOKE, *FAST)
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["device"] == "generic-linux-cpu" and rep["backend"] == "onnx" and rep["load_s"] > 0
    assert rep["energy_measured"] is False and rep["energy_source"].startswith("estimate")  # no sensor on this VM
    assert [p["context_tokens"] for p in rep["points"]] == pytest.approx([64, 200], abs=3)
    fp = footprint(OnnxGenAIBackend(embedded_model))
    assert fp.weights_bytes > 50e6 and fp.kv_bytes_per_position == 2 * 30 * 3 * 64 * 4
    for p in rep["points"]:
        assert p["ttft_s"] > 0 and p["prefill_tps"] > 0 and p["decode_tps"] > 0 and p["joules_per_token"] > 0
        assert p["net_joules_per_token"] < p["joules_per_token"]  # idle power was subtracted
        assert p["roofline"] == pytest.approx(p["decode_tps"] * fp.bytes_per_token(p["context_tokens"]) / 51.2e9)
        # the bound this machine's measured bandwidth sets, and decode's share of it
        assert p["decode_bound_tps"] == pytest.approx(
            rep["bandwidth_measured_gbs"] * 1e9 / fp.bytes_per_token(p["context_tokens"]))
        assert p["roofline_measured"] == pytest.approx(p["decode_tps"] / p["decode_bound_tps"])
    assert rep["bandwidth_nominal_gbs"] == 51.2 and rep["bandwidth_measured_gbs"] > 0.5
    # The int4 embedding table (its own, beside the lm_head's copy) is only gathered: a token reads the rest
    gathered = gathered_bytes(embedded_model / "model.onnx")
    assert 0 < gathered < fp.weights_bytes / 4
    assert rep["weights_read_per_token_bytes"] == rep["weights_bytes"] - gathered and rep["weights_bytes"] == \
        fp.weights_bytes
    assert rep["memory_expected_bytes"] == fp.weights_bytes + fp.kv_bytes_per_position * 8192  # the KV it holds
    assert rep["fits"] and rep["verdict"].startswith("fits: "), rep["verdict"]
    rows = query(home / "edgeagent.db", "select device, context_tokens, decode_tps, energy_measured from profiles")
    assert [(d, c, m) for d, c, _, m in rows] == [("generic-linux-cpu", p["context_tokens"], 0) for p in rep["points"]]


@pytest.mark.model
def test_profile_says_why_a_model_does_not_fit(home, tmp_path, embedded_model):
    tight = tight_profile(tmp_path, **{"max_model_memory_share = 0.5": "max_model_memory_share = 0.001"})
    rep = json.loads(invoke("profile", "--device", tight, *SMOKE, *FAST).stdout)
    assert not rep["fits"] and rep["verdict"].startswith("does not fit: model memory")
    small_ctx = tight_profile(tmp_path, **{"context_limit = 8192": "context_limit = 256"})
    rep = json.loads(invoke("profile", "--device", small_ctx, *SMOKE, *FAST[:1], "64,300", *FAST[2:]).stdout)
    assert not rep["fits"] and "context" in rep["verdict"] and "limit 256" in rep["verdict"]


def test_profile_for_another_device_says_where_it_was_measured(home, tmp_path):
    script = write_script(tmp_path / "s.json", ["a long answer " * 20])
    rep = json.loads(invoke("profile", "--device", "apple-m2", "--model", script, *FAST).stdout)
    assert rep["device"] == "apple-m2" and any("not on Apple M2;" in n for n in rep["notes"])
    assert any("no roofline" in n for n in rep["notes"])  # a scripted model has no weights to read


@pytest.mark.parametrize("args, message", [
    (["--contexts", "abc"], "comma-separated"),
    (["--contexts", "8"], "at least 16"),
    (["--device", "toaster"], "toaster: unknown device"),
])
def test_profile_bad_input_is_one_line(home, tmp_path, args, message):
    r = invoke("profile", "--model", write_script(tmp_path / "s.json", ["x"]), *args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_a_table_only_gathered_by_row_is_not_read_per_token(tmp_path):
    onnx = pytest.importorskip("onnx")
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper

    embed = numpy_helper.from_array(np.zeros((1000, 16), np.float32), "embed")  # 64,000 bytes, gathered
    proj = numpy_helper.from_array(np.zeros((16, 16), np.float32), "proj")  # 1,024 bytes, multiplied
    tied = numpy_helper.from_array(np.zeros((1000, 16), np.float32), "tied")  # gathered and multiplied
    nodes = [helper.make_node("Gather", ["embed", "ids"], ["h"]), helper.make_node("MatMul", ["h", "proj"], ["y"]),
             helper.make_node("Gather", ["tied", "ids"], ["h2"]), helper.make_node("MatMul", ["h2", "tied"], ["z"])]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("ids", TensorProto.INT64, [1])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], [embed, proj, tied])
    onnx.save(helper.make_model(graph), str(tmp_path / "model.onnx"), save_as_external_data=True,
              location="model.onnx.data", size_threshold=0)
    assert gathered_bytes(tmp_path / "model.onnx") == 64_000


def test_the_streaming_copy_measures_a_bandwidth():
    first = measure_bandwidth(1, seconds=0.2, block_bytes=64 * 2**20)
    assert 1e8 < first < 1e13  # between 0.1 GB/s and 10 TB/s: a number, not a unit slip
