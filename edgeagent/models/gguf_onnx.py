"""GGUF → int4 ONNX for ONNX Runtime GenAI, one tensor at a time (llama and qwen2 architectures).

The ORT GenAI model builder needs an fp32 Hugging Face folder (written by transformers from the GGUF) and
holds the whole fp32 graph in memory to quantize it: about 17 GB at peak for a 1.5B model, with torch. This
writes the same decoder graph (GroupQueryAttention with rotary, MatMulNBits, skip RMS norms, an int4 embedding
and an lm_head that computes only the last position's logits) straight from the GGUF: each weight is
dequantized with the `gguf` package, quantized to int4 blocks of 32 and appended to the data file, so memory
holds one tensor at a time and torch is never imported. Run as a subprocess by models/prepared.py:

    python -m edgeagent.models.gguf_onnx GGUF OUT_DIR
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

BLOCK = 32  # MatMulNBits / GatherBlockQuantized block size: the builder's default, and Q4_K's sub-block
ACCURACY_LEVEL = 4  # int8 activations on CPU: the builder's CPU default, and the fastest kernel
ALIGN = 4096  # each tensor starts on a page of the data file
ARCHITECTURES = ("llama", "qwen2")


@dataclass(frozen=True)
class Shape:
    arch: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    head: int
    ffn: int
    vocab: int
    context: int
    eps: float
    rope_theta: float


def read_shape(fields: dict) -> Shape:
    """The decoder's dimensions from GGUF metadata; anything this writer does not cover is refused."""
    arch = fields["general.architecture"]
    if arch not in ARCHITECTURES:
        raise ValueError(f"architecture {arch!r} is not one this converter writes ({', '.join(ARCHITECTURES)})")
    if any(k.startswith(f"{arch}.rope.scaling") for k in fields):
        raise ValueError("rope scaling is not supported by this converter")
    heads = int(fields[f"{arch}.attention.head_count"])
    hidden = int(fields[f"{arch}.embedding_length"])
    head = int(fields.get(f"{arch}.rope.dimension_count", hidden // heads))
    if head * heads != hidden:
        raise ValueError("a head size other than hidden / heads is not supported by this converter")
    vocab = int(fields.get(f"{arch}.vocab_size") or len(fields["tokenizer.ggml.tokens"]))
    return Shape(arch, int(fields[f"{arch}.block_count"]), hidden, heads,
                 int(fields.get(f"{arch}.attention.head_count_kv", heads)), head,
                 int(fields[f"{arch}.feed_forward_length"]), vocab, int(fields[f"{arch}.context_length"]),
                 float(fields[f"{arch}.attention.layer_norm_rms_epsilon"]),
                 float(fields.get(f"{arch}.rope.freq_base", 10000.0)))


def quantize_int4(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int4 in blocks of 32 along each row of w [N, K], as MatMulNBits reads it without zero points:
    the block's largest magnitude maps to -8, codes are stored +8 (0..15), two per byte, low nibble first.
    Returns (packed uint8 [N, K/32, 16], scales float32 [N, K/32])."""
    n, k = w.shape
    blocks = w.reshape(n, k // BLOCK, BLOCK).astype(np.float32, copy=False)
    peak = np.take_along_axis(blocks, np.abs(blocks).argmax(axis=-1)[..., None], axis=-1)[..., 0]
    scales = peak / -8.0
    inv = np.divide(1.0, scales, out=np.zeros_like(scales), where=scales != 0)
    codes = (np.clip(np.rint(blocks * inv[..., None]), -8, 7) + 8).astype(np.uint8)
    return codes[..., 0::2] | (codes[..., 1::2] << 4), scales.astype(np.float32)


def rope_caches(shape: Shape) -> tuple[np.ndarray, np.ndarray]:
    """cos and sin [context, head/2] for GroupQueryAttention's own rotary embedding."""
    inv = 1.0 / (shape.rope_theta ** (np.arange(0, shape.head, 2, dtype=np.float64) / shape.head))
    freqs = np.outer(np.arange(shape.context, dtype=np.float64), inv)
    return np.cos(freqs).astype(np.float32), np.sin(freqs).astype(np.float32)


# ---- reading the GGUF (in worker processes: each opens its own memory map)

_opened: dict[str, dict] = {}  # per worker process: GGUF path -> its tensors by name (memory-mapped)
ROWS = 4096  # rows dequantized at a time: a worker holds a few tens of MB, not a 933 MB fp32 embedding


def _rows(gguf: str, name: str) -> Iterator[np.ndarray]:
    """A GGUF tensor dequantized to float32 in chunks of rows, in PyTorch's [out, in] layout (a vector whole)."""
    from gguf import GGUFReader
    from gguf.quants import dequantize

    if gguf not in _opened:
        _opened.clear()
        _opened[gguf] = {t.name: t for t in GGUFReader(gguf).tensors}
    found = _opened[gguf][name]
    if found.data.ndim < 2:
        yield np.asarray(dequantize(found.data, found.tensor_type), dtype=np.float32)
        return
    for start in range(0, found.data.shape[0], ROWS):
        yield np.asarray(dequantize(found.data[start:start + ROWS], found.tensor_type), dtype=np.float32)


def _job(args: tuple[str, str, list[str]]) -> tuple[str, list[tuple[str, np.ndarray]]]:
    """One weight's tensors as stored: int4 codes and scales for a matrix (its GGUF parts stacked by rows, as
    q, k and v are packed into one MatMul), float32 for a vector."""
    gguf, kind, names = args
    if kind == "vector":
        return kind, [("", np.concatenate([c for n in names for c in _rows(gguf, n)]))]
    chunks = [quantize_int4(c) for n in names for c in _rows(gguf, n)]
    packed, scales = np.concatenate([q for q, _ in chunks]), np.concatenate([sc for _, sc in chunks])
    if kind == "embedding":  # GatherBlockQuantized reads signed int4 [V, H]: code - 8, as its low four bits
        return kind, [("q", packed.reshape(packed.shape[0], -1) ^ 0x88), ("scales", scales)]
    return kind, [("q", packed), ("scales", scales)]


# ---- the graph

class Writer:
    """Initializers go to the data file as they come; nodes and value infos collect into one GraphProto."""

    def __init__(self, data: Path) -> None:
        import onnx

        self.onnx = onnx
        self.h = onnx.helper
        self.file = data.open("wb")
        self.location = data.name
        self.inits: list = []
        self.nodes: list = []

    def init(self, name: str, array: np.ndarray, dtype: int | None = None, dims: tuple[int, ...] | None = None) -> str:
        tp = self.onnx.TensorProto()
        tp.name = name
        tp.data_type = dtype if dtype is not None else self.h.np_dtype_to_tensor_dtype(array.dtype)
        tp.dims.extend(dims if dims is not None else array.shape)
        if array.nbytes <= 64:  # constants stay in the graph: shape inference reads them
            tp.raw_data = np.ascontiguousarray(array).tobytes()
            self.inits.append(tp)
            return name
        pad = -self.file.tell() % ALIGN
        self.file.write(b"\0" * pad)
        offset = self.file.tell()
        raw = np.ascontiguousarray(array).tobytes()
        self.file.write(raw)
        tp.data_location = self.onnx.TensorProto.EXTERNAL
        for key, value in (("location", self.location), ("offset", str(offset)), ("length", str(len(raw)))):
            tp.external_data.add(key=key, value=value)
        self.inits.append(tp)
        return name

    def node(self, op: str, inputs: list[str], name: str, outputs: int = 1, domain: str = "", **attrs) -> list[str]:
        outs = [f"{name}/output_{i}" for i in range(outputs)]
        self.nodes.append(self.h.make_node(op, inputs, outs, name=name, domain=domain or None, **attrs))
        return outs


def _jobs(gguf: str, s: Shape, names: set[str]) -> Iterator[tuple[str, tuple[str, str, list[str]]]]:
    """Every weight in the order the graph uses it: (initializer prefix, (gguf, kind, GGUF tensor names))."""
    yield "model.embed_tokens", (gguf, "embedding", ["token_embd.weight"])
    for i in range(s.layers):
        b = f"blk.{i}"
        yield f"model.layers.{i}.input_layernorm", (gguf, "vector", [f"{b}.attn_norm.weight"])
        yield f"model.layers.{i}.attn.qkv_proj", (gguf, "matrix", [f"{b}.attn_{x}.weight" for x in "qkv"])
        if f"{b}.attn_q.bias" in names:
            yield f"model.layers.{i}.attn.qkv_proj.bias", (gguf, "vector", [f"{b}.attn_{x}.bias" for x in "qkv"])
        yield f"model.layers.{i}.attn.o_proj", (gguf, "matrix", [f"{b}.attn_output.weight"])
        yield f"model.layers.{i}.post_attention_layernorm", (gguf, "vector", [f"{b}.ffn_norm.weight"])
        yield f"model.layers.{i}.mlp.gate_proj", (gguf, "matrix", [f"{b}.ffn_gate.weight"])
        yield f"model.layers.{i}.mlp.up_proj", (gguf, "matrix", [f"{b}.ffn_up.weight"])
        yield f"model.layers.{i}.mlp.down_proj", (gguf, "matrix", [f"{b}.ffn_down.weight"])
    yield "model.norm", (gguf, "vector", ["output_norm.weight"])
    # A model whose GGUF has no output.weight ties its lm_head to the embedding.
    yield "lm_head", (gguf, "matrix", ["output.weight" if "output.weight" in names else "token_embd.weight"])


def unsupported(gguf: Path) -> str | None:
    """Why this converter can't write `gguf` (the ORT GenAI builder then converts it), or None when it can."""
    from gguf import GGUFReader

    try:
        reader = GGUFReader(str(gguf))
    except (ValueError, OSError) as e:
        return f"unreadable GGUF: {e}"
    fields = {k: f.contents() for k, f in reader.fields.items() if not k.startswith("tokenizer.ggml")}
    fields["tokenizer.ggml.tokens"] = reader.fields["tokenizer.ggml.tokens"].data if \
        "tokenizer.ggml.tokens" in reader.fields else []
    try:
        read_shape(fields)
    except (ValueError, KeyError) as e:
        return str(e)
    kind = reader.fields["tokenizer.ggml.model"].contents() if "tokenizer.ggml.model" in reader.fields else None
    if kind != "gpt2" or "tokenizer.ggml.merges" not in reader.fields:
        return f"its tokenizer is {kind or 'not named'}, not byte-level BPE with merges"
    return None


def build(gguf: Path, out: Path, workers: int = 0, progress=print) -> None:
    """Write model.onnx, model.onnx.data and genai_config.json for `gguf` into `out` (tokenizer files are
    written beside them by `write_tokenizer`)."""
    import onnx
    from gguf import GGUFReader

    reader = GGUFReader(str(gguf))
    fields = {k: f.contents() for k, f in reader.fields.items() if not k.startswith("tokenizer.ggml.merges")}
    names = {t.name for t in reader.tensors}
    s = read_shape(fields)
    del reader
    out.mkdir(parents=True, exist_ok=True)
    w = Writer(out / "model.onnx.data")
    h, T = onnx.helper, onnx.TensorProto
    mask = "attention_mask"
    one = w.init("/model/constants/INT64/[1]", np.array([1], dtype=np.int64))
    one_s = w.init("/model/constants/INT64/1", np.array(1, dtype=np.int64))
    last = w.init("/model/constants/INT64/-1", np.array(-1, dtype=np.int64))
    total = w.node("ReduceSum", [mask, one], "/model/attn_mask/ReduceSum", keepdims=0)[0]
    seqlens = w.node("Cast", [w.node("Sub", [total, one], "/model/attn_mask/Sub")[0]], "/model/attn_mask/Sub/Cast",
                     to=T.INT32)[0]
    width = w.node("Gather", [w.node("Shape", [mask], "/model/attn_mask/Shape")[0], one_s], "/model/attn_mask/Gather",
                   axis=0)[0]
    total_len = w.node("Cast", [width], "/model/attn_mask/Gather/Cast", to=T.INT32)[0]
    cos, sin = rope_caches(s)
    cos_cache, sin_cache = w.init("cos_cache", cos), w.init("sin_cache", sin)
    jobs = list(_jobs(str(gguf), s, names))
    progress(f"@phase quantizing {len(jobs)} tensors to int4 and writing them")
    with ProcessPoolExecutor(max_workers=workers or min(4, os.cpu_count() or 1)) as pool:
        done = pool.map(_job, [job for _, job in jobs])  # in order; at most a few tensors in flight
        weights = {}
        for n, ((prefix, (_, kind, parts)), (_, arrays)) in enumerate(zip(jobs, done), 1):
            weights[prefix] = _store(w, prefix, kind, arrays, parts)
            progress(f"tensors {n}/{len(jobs)} [")  # a tqdm-like count: models/progress.py reads it
    hidden = _decoder(w, s, weights, seqlens, total_len, cos_cache, sin_cache)
    pruned = w.node("Unsqueeze", [w.node("Gather", [hidden, last], "/lm_head/prune/Gather", axis=1)[0], one],
                    "/lm_head/prune/Unsqueeze")[0]
    w.node("MatMulNBits", [pruned, *weights["lm_head"]], "/lm_head/MatMul_Q4", domain="com.microsoft",
           K=s.hidden, N=s.vocab, bits=4, block_size=BLOCK, accuracy_level=ACCURACY_LEVEL)
    w.nodes[-1].output[0] = "logits"
    w.file.close()
    kv: list[str | int | None] = ["batch_size", s.kv_heads, "past_sequence_length", s.head]
    inputs = [h.make_tensor_value_info("input_ids", T.INT64, ["batch_size", "sequence_length"]),
              h.make_tensor_value_info(mask, T.INT64, ["batch_size", "total_sequence_length"])]
    outputs = [h.make_tensor_value_info("logits", T.FLOAT, ["batch_size", 1, s.vocab])]
    for i in range(s.layers):
        for kind in ("key", "value"):
            inputs.append(h.make_tensor_value_info(f"past_key_values.{i}.{kind}", T.FLOAT, kv))
            outputs.append(h.make_tensor_value_info(f"present.{i}.{kind}", T.FLOAT,
                                                    ["batch_size", s.kv_heads, "total_sequence_length", s.head]))
    graph = h.make_graph(w.nodes, "main_graph", inputs, outputs, w.inits)
    model = h.make_model(graph, opset_imports=[h.make_opsetid("", 21), h.make_opsetid("com.microsoft", 1)],
                         producer_name="edgeagent", ir_version=10)
    onnx.save_model(model, str(out / "model.onnx"))  # the initializers already point into model.onnx.data
    (out / "genai_config.json").write_text(json.dumps(genai_config(s, fields), indent=4))


def _store(w: Writer, prefix: str, kind: str, arrays: list[tuple[str, np.ndarray]], parts: list[str]) -> list[str]:
    """Write one weight's arrays; returns the initializer names the nodes read."""
    import onnx

    if kind == "vector":
        name = prefix if prefix.endswith(".bias") else f"{prefix}.weight"
        return [w.init(name, arrays[0][1])]
    (_, q), (_, scales) = arrays
    if kind == "embedding":
        rows = q.shape[0]
        return [w.init(f"{prefix}.weight_Q4", q, onnx.TensorProto.INT4, (rows, q.shape[1] * 2)),
                w.init(f"{prefix}.weight_scales", scales)]
    return [w.init(f"{prefix}.MatMul.weight_Q4", q), w.init(f"{prefix}.MatMul.weight_scales", scales)]


def _decoder(w: Writer, s: Shape, weights: dict, seqlens: str, total_len: str, cos: str, sin: str) -> str:
    """Embedding, the layers and the final norm; returns the normed hidden state."""
    ms = "com.microsoft"
    x = w.node("GatherBlockQuantized", [weights["model.embed_tokens"][0], "input_ids", weights["model.embed_tokens"][1]],
               "/model/embed_tokens/Gather_Q4", domain=ms, block_size=BLOCK, gather_axis=0, quantize_axis=1)[0]
    normed = w.node("SimplifiedLayerNormalization", [x, *weights["model.layers.0.input_layernorm"]],
                    "/model/layers.0/input_layernorm/LayerNorm", epsilon=s.eps, axis=-1, stash_type=1)[0]
    residual = x

    def matmul(inp: str, prefix: str, n: int, k: int) -> str:
        return w.node("MatMulNBits", [inp, *weights[prefix]], f"/{prefix.replace('.', '/')}/MatMul_Q4", domain=ms,
                      K=k, N=n, bits=4, block_size=BLOCK, accuracy_level=ACCURACY_LEVEL)[0]

    for i in range(s.layers):
        p = f"model.layers.{i}"
        qkv = matmul(normed, f"{p}.attn.qkv_proj", (s.heads + 2 * s.kv_heads) * s.head, s.hidden)
        if f"{p}.attn.qkv_proj.bias" in weights:
            qkv = w.node("Add", [qkv, *weights[f"{p}.attn.qkv_proj.bias"]], f"/{p}/attn/qkv_proj/Add")[0]
        attn, _, _ = w.node("GroupQueryAttention",
                            [qkv, "", "", f"past_key_values.{i}.key", f"past_key_values.{i}.value", seqlens, total_len,
                             cos, sin], f"/{p}/attn/GroupQueryAttention", outputs=3, domain=ms, num_heads=s.heads,
                            kv_num_heads=s.kv_heads, scale=float(s.head ** -0.5), local_window_size=-1, softcap=0.0,
                            do_rotary=1, rotary_interleaved=int(s.arch == "llama"))
        # llama GGUFs keep q and k permuted for interleaved rotary pairs (llama.cpp's convention); qwen2's are not.
        gqa = w.nodes[-1]
        gqa.output[1], gqa.output[2] = f"present.{i}.key", f"present.{i}.value"
        o = matmul(attn, f"{p}.attn.o_proj", s.hidden, s.hidden)
        normed, _, _, residual = w.node("SkipSimplifiedLayerNormalization",
                                        [residual, o, *weights[f"{p}.post_attention_layernorm"]],
                                        f"/{p}/post_attention_layernorm/SkipLayerNorm", outputs=4, domain=ms,
                                        epsilon=s.eps)
        gate = matmul(normed, f"{p}.mlp.gate_proj", s.ffn, s.hidden)
        up = matmul(normed, f"{p}.mlp.up_proj", s.ffn, s.hidden)
        silu = w.node("Mul", [gate, w.node("Sigmoid", [gate], f"/{p}/mlp/act_fn/Sigmoid")[0]], f"/{p}/mlp/act_fn/Mul")[0]
        down = matmul(w.node("Mul", [silu, up], f"/{p}/mlp/Mul")[0], f"{p}.mlp.down_proj", s.hidden, s.ffn)
        norm = f"model.layers.{i + 1}.input_layernorm" if i + 1 < s.layers else "model.norm"
        name = f"/model/layers.{i + 1}/input_layernorm/SkipLayerNorm" if i + 1 < s.layers else "/model/norm/SkipLayerNorm"
        normed, _, _, residual = w.node("SkipSimplifiedLayerNormalization", [residual, down, *weights[norm]], name,
                                        outputs=4, domain=ms, epsilon=s.eps)
    for node in w.nodes:  # outputs no node reads are left unnamed, as ORT expects of optional outputs
        if node.op_type == "SkipSimplifiedLayerNormalization":
            node.output[1] = node.output[2] = ""
    return normed


def genai_config(s: Shape, fields: dict) -> dict:
    """ORT GenAI's genai_config.json for this decoder, in the builder's form."""
    eos = int(fields["tokenizer.ggml.eos_token_id"])
    return {
        "model": {
            "bos_token_id": int(fields.get("tokenizer.ggml.bos_token_id", eos)), "context_length": s.context,
            "decoder": {
                "session_options": {"log_id": "onnxruntime-genai", "provider_options": []},
                "filename": "model.onnx", "head_size": s.head, "hidden_size": s.hidden,
                "inputs": {"input_ids": "input_ids", "attention_mask": "attention_mask",
                           "past_key_names": "past_key_values.%d.key", "past_value_names": "past_key_values.%d.value"},
                "outputs": {"logits": "logits", "present_key_names": "present.%d.key",
                            "present_value_names": "present.%d.value"},
                "num_attention_heads": s.heads, "num_hidden_layers": s.layers, "num_key_value_heads": s.kv_heads,
            },
            "eos_token_id": eos, "pad_token_id": int(fields.get("tokenizer.ggml.padding_token_id", eos)),
            "type": s.arch, "vocab_size": s.vocab,
        },
        "search": {
            "diversity_penalty": 0.0, "do_sample": False, "early_stopping": True, "length_penalty": 1.0,
            "max_length": s.context, "min_length": 0, "no_repeat_ngram_size": 0, "num_beams": 1,
            "num_return_sequences": 1, "past_present_share_buffer": True, "repetition_penalty": 1.0,
            "temperature": 1.0, "top_k": 50, "top_p": 1.0,
        },
    }


def write_tokenizer(gguf: Path, out: Path) -> None:
    """tokenizer.json, tokenizer_config.json and the chat template from the GGUF's own metadata (byte-level BPE,
    which `unsupported` checks), as transformers would convert them, without importing it."""
    from gguf import GGUFReader

    from edgeagent.models import gguf_tokenizer

    reader = GGUFReader(str(gguf))
    gguf_tokenizer.write({k: f.contents() for k, f in reader.fields.items()
                          if k.startswith(("tokenizer.", "general.architecture"))}, out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python -m edgeagent.models.gguf_onnx GGUF OUT_DIR")
    src, dest = Path(sys.argv[1]), Path(sys.argv[2])
    print("@phase reading the tokenizer from the GGUF", flush=True)
    write_tokenizer(src, dest)
    build(src, dest, progress=lambda line: print(line, flush=True))
