"""Which llama.cpp build is installed: native, generic or foreign to this CPU.

The CPU side is read from /proc/cpuinfo files in their real format (tests/fixtures/cpuinfo: this machine's
AVX-512 EPYC, an AVX2-only Xeon, a Jetson Orin's ARM cores); the build side from the installed
llama-cpp-python's own system info."""

from __future__ import annotations

from pathlib import Path

import pytest

from edgeagent.backends.llamacpp_build import REBUILD, classify, compiled_features, cpu_flags, this_build

CPUINFO = Path(__file__).resolve().parents[1] / "fixtures" / "cpuinfo"
GENERIC = "CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | LLAMAFILE = 1 | OPENMP = 1 | "
NATIVE_ZEN4 = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | AVX512 = 1 | "
               "AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | ")


def flags(name: str) -> set[str]:
    return cpu_flags((CPUINFO / name).read_text())


def test_features_are_read_as_the_build_reports_them():
    assert compiled_features(GENERIC) == ["SSE3", "SSSE3", "AVX", "AVX2", "F16C", "FMA", "BMI2", "LLAMAFILE", "OPENMP"]
    assert compiled_features("CPU : AVX = 0 | AVX2 = 1 | ") == ["AVX2"]  # a 0 is not compiled in


def test_a_generic_build_on_an_avx512_cpu_says_what_it_leaves_unused():
    build = classify(compiled_features(GENERIC), flags("epyc-avx512.txt"))
    assert build.kind == "generic"
    assert "AVX512" in build.detail and "AVX512_VNNI" in build.detail and "AVX2" in build.detail


def test_a_build_with_every_feature_of_the_cpu_is_native():
    assert classify(compiled_features(NATIVE_ZEN4), flags("epyc-avx512.txt")).kind == "native"
    assert classify(compiled_features(GENERIC), flags("haswell-avx2.txt")).kind == "native"


def test_a_build_for_another_cpu_is_foreign_and_says_how_to_rebuild():
    build = classify(compiled_features(NATIVE_ZEN4), flags("haswell-avx2.txt"))
    assert build.kind == "foreign"
    assert "AVX512" in build.detail and REBUILD in build.detail


def test_arm_cpus_and_unknown_features_are_unknown_not_guessed():
    assert cpu_flags((CPUINFO / "jetson-orin-arm64.txt").read_text()) == set()
    arm = classify(["NEON", "ARM_FMA", "FP16_VA", "DOTPROD"], set())
    assert arm.kind == "unknown" and "NEON" in arm.detail


def test_the_installed_build_is_judged_against_this_machine():
    llama_cpp = pytest.importorskip("llama_cpp")
    build = this_build()
    reported = compiled_features(llama_cpp.llama_print_system_info().decode())
    assert set(build.compiled) <= set(reported)
    if Path("/proc/cpuinfo").is_file() and "AVX2" in reported:  # an x86 Linux build: not unknown
        assert build.kind in ("native", "generic"), build.detail  # it runs here, so it is not foreign
