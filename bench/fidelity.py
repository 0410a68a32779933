"""How closely an int4 ONNX conversion follows the GGUF it was made from, token by token.

    python -m edgeagent.bench.fidelity ONNX_DIR [ONNX_DIR ...] --gguf FILE [--texts 6] [--tokens 400] [--json]

Texts are dev-split tasks of the shipped suite (the request and the start of two of its files, in the chat
format), never test tasks. Each text is run teacher-forced through llama.cpp on the GGUF (logits at every
position) and through ORT GenAI on each ONNX folder (one token appended at a time, since the converted graph
computes only the last position's logits). Printed per folder: how often both pick the same next token, and the
KL divergence of the ONNX distribution from llama.cpp's, mean and 95th percentile. Tasks solved stay the
measure that decides; this one separates conversions that a small task set scores alike.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from edgeagent.bench.plan import shipped_tasks
from edgeagent.bench.task import load_tasks
from edgeagent.errors import BadInput

SKIP = 16  # the first positions see too little context to say much about a conversion
TEXT_SUFFIXES = {".md", ".txt", ".csv", ".eml", ".yaml", ".yml", ".json", ".log", ".py", ".ics", ".vcf"}


def dev_texts(n: int) -> list[str]:
    """The first `n` dev tasks' requests, each with the first 1,200 characters of two of its text files."""
    out = []
    for task in [t for t in load_tasks([shipped_tasks()]) if t.split == "dev"][:n]:
        files = sorted(p for p in task.workspace.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES) \
            if task.workspace else []
        context = "".join(f"\n=== {p.name} ===\n{p.read_text(errors='replace')[:1200]}" for p in files[:2])
        out.append(f"<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n{task.prompt}\n"
                   f"{context}<|im_end|>\n<|im_start|>assistant\n")
    return out


def _log_softmax(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64) - x.max()
    return x - np.log(np.exp(x).sum())


def reference_logits(gguf: Path, seqs: list[list[int]]) -> list[np.ndarray]:
    from llama_cpp import Llama

    llm = Llama(str(gguf), n_ctx=max(len(s) for s in seqs) + 8, logits_all=True, verbose=False)
    out = []
    for s in seqs:
        llm.reset()
        llm.eval(s)
        out.append(np.array(llm.scores[:len(s)], dtype=np.float32))
    return out


def compare(folder: Path, seqs: list[list[int]], refs: list[np.ndarray]) -> dict:
    import onnxruntime_genai as og

    model = og.Model(str(folder))
    agree, kls, began = 0, [], time.perf_counter()
    for s, ref in zip(seqs, refs):
        params = og.GeneratorParams(model)
        params.set_search_options(max_length=len(s) + 8)
        gen = og.Generator(model, params)
        gen.append_tokens(np.asarray(s[:SKIP], dtype=np.int32))
        for i in range(SKIP, len(s)):
            ours = np.asarray(gen.get_logits()).reshape(-1)[:ref.shape[1]]
            agree += int(ours.argmax() == ref[i - 1].argmax())
            p, q = _log_softmax(ref[i - 1]), _log_softmax(ours)
            kls.append(float(np.sum(np.exp(p) * (p - q))))
            gen.append_tokens(np.asarray([s[i]], dtype=np.int32))
    return {"folder": str(folder), "positions": len(kls), "top1_agreement": agree / len(kls),
            "kl_mean": float(np.mean(kls)), "kl_p95": float(np.percentile(kls, 95)),
            "seconds": time.perf_counter() - began}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m edgeagent.bench.fidelity", description=__doc__.split("\n\n")[0])
    ap.add_argument("onnx", nargs="+", type=Path, help="ORT GenAI model folders converted from --gguf")
    ap.add_argument("--gguf", type=Path, required=True, help="the GGUF they were converted from")
    ap.add_argument("--texts", type=int, default=6, help="how many dev tasks to take texts from (default 6)")
    ap.add_argument("--tokens", type=int, default=400, help="tokens per text at most (default 400)")
    ap.add_argument("--json", action="store_true", help="one JSON object per folder")
    a = ap.parse_args(argv)
    try:
        for f in a.onnx:
            if not (f / "genai_config.json").is_file():
                raise BadInput(f"{f}: not an ORT GenAI model folder (no genai_config.json)")
        if not a.gguf.is_file():
            raise BadInput(f"{a.gguf}: no such GGUF file")
        import onnxruntime_genai as og

        tok = og.Tokenizer(og.Model(str(a.onnx[0])))
        seqs = [[int(t) for t in tok.encode(text)][:a.tokens] for text in dev_texts(a.texts)]
        refs = reference_logits(a.gguf, seqs)
    except (BadInput, ImportError) as e:
        sys.exit(f"error: {e}")
    for folder in a.onnx:
        r = compare(folder, seqs, refs)
        print(json.dumps(r) if a.json else
              f"{folder}: {r['positions']} positions, same next token {r['top1_agreement']:.1%}, "
              f"KL mean {r['kl_mean']:.4f} p95 {r['kl_p95']:.4f} ({r['seconds']:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
