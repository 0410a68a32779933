"""Model conversion steps run in a subprocess (heavy imports, noisy progress bars): GGUF -> HF folder."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def gguf_to_hf(gguf: Path, out: Path) -> None:
    """Dequantize a GGUF into an fp32 Hugging Face folder the ORT GenAI builder can read."""
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from transformers.utils import logging

    logging.disable_progress_bar()
    # "@phase" lines name each step for the parent's progress display (models.prepare); tqdm's counts follow.
    print("@phase reading the tokenizer from the GGUF", flush=True)
    tok = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    print("@phase dequantizing the GGUF's tensors to fp32", flush=True)
    model = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name)
    # The ignore: transformers types hf_quantizer without None, which is what an unquantized model holds
    model.hf_quantizer = None  # type: ignore[assignment]  # weights are dequantized: keep save_pretrained from re-labelling them
    print("@phase writing the fp32 Hugging Face folder (safetensors)", flush=True)
    model.save_pretrained(out)
    tok.save_pretrained(out)
    config = json.loads((out / "config.json").read_text())
    config.pop("quantization_config", None)  # the builder refuses "gguf"-quantized configs
    (out / "config.json").write_text(json.dumps(config, indent=2))


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "gguf-to-hf":
        sys.exit("usage: python -m edgeagent.models.convert gguf-to-hf GGUF OUT_DIR")
    gguf_to_hf(Path(sys.argv[2]), Path(sys.argv[3]))
