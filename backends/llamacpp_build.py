"""Which llama.cpp build llama-cpp-python carries, and a trial load of it, run as a child process.

A build compiled for another CPU (or one whose native kernels misbehave, as a -march=native build did on an
AVX-512 Xeon) dies with SIGILL or SIGSEGV inside its first eval, taking the agent's process with it. So the
first load of a model on a build is tried here, in a child: `python -m edgeagent.backends.llamacpp_build GGUF`.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

# ggml's x86 feature names (as llama_print_system_info prints them) and the /proc/cpuinfo flag of each.
X86_FLAGS = {
    "SSE3": "pni", "SSSE3": "ssse3", "AVX": "avx", "AVX_VNNI": "avx_vnni", "AVX2": "avx2", "F16C": "f16c",
    "FMA": "fma", "BMI2": "bmi2", "AVX512": "avx512f", "AVX512_VBMI": "avx512vbmi", "AVX512_VNNI": "avx512_vnni",
    "AVX512_BF16": "avx512_bf16", "AMX_INT8": "amx_int8",
}
REBUILD = 'CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install --force-reinstall --no-cache-dir --no-deps llama-cpp-python'


@dataclass(frozen=True)
class Build:
    kind: str  # native (every x86 feature this CPU has), generic (fewer), foreign (some this CPU lacks), unknown
    compiled: tuple[str, ...]  # the SIMD features compiled in
    detail: str  # one line for people

    def to_dict(self) -> dict:
        return {"kind": self.kind, "compiled": list(self.compiled), "detail": self.detail}


def compiled_features(system_info: str) -> list[str]:
    """The features a build reports as compiled in ("AVX2 = 1"), in its order."""
    return [name for name, on in re.findall(r"([A-Z][A-Z0-9_]*) = (\d)", system_info) if on == "1"]


def cpu_flags(cpuinfo: str) -> set[str]:
    """The first processor's flags in /proc/cpuinfo text (empty when it has none: not x86 Linux)."""
    found = re.search(r"^flags\s*:\s*(.*)$", cpuinfo, re.MULTILINE)
    return set(found.group(1).split()) if found else set()


def classify(compiled: list[str], flags: set[str]) -> Build:
    """Native, generic or foreign, judged on the x86 SIMD features ggml knows, against this CPU's flags."""
    simd = [f for f in compiled if f in X86_FLAGS]
    if not flags or not simd:
        return Build("unknown", tuple(compiled), f"compiled with {', '.join(compiled) or 'no reported features'}")
    lacking = [f for f in simd if X86_FLAGS[f] not in flags]
    unused = [f for f, flag in X86_FLAGS.items() if flag in flags and f not in simd]
    if lacking:
        return Build("foreign", tuple(simd), f"built for another CPU: uses {', '.join(lacking)}, which this CPU "
                     f"lacks; rebuild: {REBUILD}")
    if unused:
        return Build("generic", tuple(simd), f"generic ({', '.join(simd)}); this CPU also has {', '.join(unused)}")
    return Build("native", tuple(simd), f"native: every x86 feature this CPU has ({', '.join(simd)})")


def this_build() -> Build:
    """The installed llama-cpp-python's build, judged against this machine's CPU."""
    import llama_cpp

    info = llama_cpp.llama_print_system_info().decode(errors="replace")
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        cpuinfo = ""
    return classify(compiled_features(info), cpu_flags(cpuinfo))


def library_files() -> list[Path]:
    """The shared libraries of the installed build: what a rebuild replaces (their sizes and times key the check)."""
    import importlib.util

    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or spec.origin is None:
        return []
    lib = Path(spec.origin).parent / "lib"
    return sorted(p for p in lib.glob("*") if p.is_file()) if lib.is_dir() else []


def trial(gguf: str, threads: int) -> None:
    """Load `gguf` and evaluate a short prompt, as a run's first step would; exit 0 and print ok when it works."""
    import llama_cpp

    llm = llama_cpp.Llama(model_path=gguf, n_ctx=256, n_threads=threads, n_threads_batch=threads, verbose=False)
    prompt = llm.tokenize(b"The quarterly review is on Friday.", add_bos=True)
    llm.eval(prompt)
    llm.eval(prompt[-1:])  # one decode step too: a batch of one takes other kernels than prefill
    print("ok", flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python -m edgeagent.backends.llamacpp_build GGUF THREADS")
    trial(sys.argv[1], int(sys.argv[2]))
