"""Device profiles: built-ins load and carry published figures; detection from fake roots; resolution; errors."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from edgeagent.cli import devices as devices_cmd_module
from edgeagent.cli.devices import devices_cmd
from edgeagent.devices.profiles import (
    MachineFacts,
    builtin_profiles,
    detect_machine,
    load_profile,
    match_profile,
    resolve_device,
)
from edgeagent.errors import BadInput

JETSON_IDS = {
    "jetson-orin-nano-4gb", "jetson-orin-nano-4gb-super", "jetson-orin-nano-8gb", "jetson-orin-nano-8gb-super",
    "jetson-orin-nx-8gb", "jetson-orin-nx-8gb-super", "jetson-orin-nx-16gb", "jetson-orin-nx-16gb-super",
    "jetson-agx-orin-32gb", "jetson-agx-orin-64gb",
}
APPLE_IDS = {f"apple-{chip}{tier}" for chip in ("m1", "m2", "m3", "m4") for tier in ("", "-pro", "-max")}
ALL_IDS = JETSON_IDS | APPLE_IDS | {"x86-64-laptop", "generic-linux-cpu"}

# Device-tree model strings as Jetson Linux writes them (the file ends with a NUL byte).
NANO_DEVKIT = "NVIDIA Jetson Orin Nano Developer Kit\x00"
NANO_SUPER_DEVKIT = "NVIDIA Jetson Orin Nano Engineering Reference Developer Kit Super\x00"
NX_DEVKIT = "NVIDIA Jetson Orin NX Engineering Reference Developer Kit\x00"
AGX_DEVKIT = "NVIDIA Jetson AGX Orin Developer Kit\x00"
# MemTotal (kB), roughly what each module reports once the carve-outs are taken.
KB = {4: 3_540_000, 8: 7_802_880, 16: 16_010_000, 32: 31_000_000, 64: 64_335_000}
NANO_MODES = ["15W", "7W"]
NANO4_MODES = ["10W", "7W"]
NANO_SUPER_MODES = ["15W", "25W", "MAXN_SUPER", "7W"]
NX_MODES = ["MAXN", "10W", "15W", "25W"]
NX_SUPER_MODES = ["MAXN_SUPER", "10W", "15W", "25W", "40W"]
AGX_MODES = ["MAXN", "15W", "30W", "50W"]


def by_id(pid: str):
    return next(p for p in builtin_profiles() if p.id == pid)


def fake_root(base: Path, *, model: str | None = None, mem_kb: int | None = None, modes: list[str] | None = None,
              pmode: int | None = None, cpuinfo: str | None = None, supplies: dict | None = None) -> Path:
    """A directory laid out like / with only the files detection reads."""
    root = base / "root"
    root.mkdir()

    def put(rel: str, data: str) -> None:
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data.encode())

    if model is not None:
        put("proc/device-tree/model", model)
        put("etc/nv_tegra_release", "# R36 (release), REVISION: 4.3, GCID: 1, BOARD: generic, EABI: aarch64\n")
    if mem_kb is not None:
        put("proc/meminfo", f"MemTotal:       {mem_kb} kB\nMemFree:         123456 kB\n")
    if modes is not None:
        put("etc/nvpmodel.conf", "".join(f"< POWER_MODEL ID={i} NAME={n} >\nCPU_ONLINE CORE_0 1\n"
                                         for i, n in enumerate(modes)) + "< PM_CONFIG DEFAULT=0 >\n")
    if pmode is not None:
        put("var/lib/nvpmodel/status", f"pmode:{pmode:04d} fmode:quiet\n")
    if cpuinfo is not None:
        put("proc/cpuinfo", cpuinfo)
    for name, files in (supplies or {}).items():
        for key, value in files.items():
            put(f"sys/class/power_supply/{name}/{key}", value + "\n")
    return root


EPYC_CPUINFO = "".join(f"processor\t: {i}\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n\n"
                       for i in range(2))
EPYC = MachineFacts(system="Linux", machine="x86_64", memory_bytes=8 * 2**30, cpu_brand="AMD EPYC 7B13",
                    logical_cores=2, has_battery=False)


# ---- built-in profiles ----------------------------------------------------------------------------------------

def test_every_builtin_profile_loads_and_round_trips():
    profiles = builtin_profiles()
    assert {p.id for p in profiles} == ALL_IDS
    assert len(profiles) == len(ALL_IDS)
    for p in profiles:
        assert Path(p.source).stem == p.id
        assert load_profile(p.source) == p
        assert p.meters[-1] == "estimate"
        assert p.default_mode.name == p.default_power_mode


def test_ids_and_aliases_do_not_collide():
    ids = {p.id for p in builtin_profiles()}
    for p in builtin_profiles():
        assert not ids & set(p.aliases), p.id
        assert len(set(p.aliases)) == len(p.aliases), p.id


@pytest.mark.parametrize("pid, memory_gb, bandwidth", [
    ("jetson-orin-nano-4gb", 4, 34), ("jetson-orin-nano-4gb-super", 4, 51),
    ("jetson-orin-nano-8gb", 8, 68), ("jetson-orin-nano-8gb-super", 8, 102),
    ("jetson-orin-nx-8gb", 8, 102.4), ("jetson-orin-nx-16gb", 16, 102.4), ("jetson-orin-nx-16gb-super", 16, 102.4),
    ("jetson-agx-orin-32gb", 32, 204.8), ("jetson-agx-orin-64gb", 64, 204.8),
    ("apple-m1", 8, 68.25), ("apple-m1-pro", 16, 200), ("apple-m1-max", 32, 400),
    ("apple-m2", 8, 100), ("apple-m2-pro", 16, 200), ("apple-m2-max", 32, 400),
    ("apple-m3", 8, 100), ("apple-m3-pro", 18, 150), ("apple-m3-max", 48, 400),
    ("apple-m4", 16, 120), ("apple-m4-pro", 24, 273), ("apple-m4-max", 48, 546),
])
def test_published_memory_and_bandwidth(pid, memory_gb, bandwidth):
    p = by_id(pid)
    assert (p.memory_gb, p.memory_bandwidth_gbs) == (memory_gb, bandwidth)


@pytest.mark.parametrize("pid, modes", [
    ("jetson-orin-nano-8gb", {"15W": (15, 0), "7W": (7, 1)}),
    ("jetson-orin-nano-8gb-super", {"15W": (15, 0), "25W": (25, 1), "MAXN_SUPER": (25, 2), "7W": (7, 3)}),
    ("jetson-orin-nx-16gb", {"MAXN": (25, 0), "10W": (10, 1), "15W": (15, 2), "25W": (25, 3)}),
    ("jetson-orin-nx-16gb-super", {"MAXN_SUPER": (40, 0), "10W": (10, 1), "15W": (15, 2), "25W": (25, 3),
                                   "40W": (40, 4)}),
    ("jetson-agx-orin-32gb", {"MAXN": (40, 0), "15W": (15, 1), "30W": (30, 2), "40W": (40, 3)}),
    ("jetson-agx-orin-64gb", {"MAXN": (60, 0), "15W": (15, 1), "30W": (30, 2), "50W": (50, 3)}),
])
def test_jetson_power_modes(pid, modes):
    assert {m.name: (m.watts, m.nvpmodel_id) for m in by_id(pid).power_modes} == modes


def test_profiles_are_internally_sane():
    for p in builtin_profiles():
        assert 0 < p.memory_bandwidth_gbs <= 600 and 2 <= p.memory_gb <= 128, p.id
        assert 0 < p.budget.max_model_memory_share <= 0.8, p.id
        assert p.idle_watts < p.estimate_watts <= max(m.watts for m in p.power_modes), p.id
        assert p.budget.power_cap_w in (0, p.default_mode.watts), p.id
        if p.family == "jetson":
            assert p.meters[0] == "ina3221" and p.backend.n_gpu_layers == -1, p.id
            assert all(m.nvpmodel_id is not None for m in p.power_modes), p.id
        if p.family == "apple":
            assert p.backend.preferred == "mlx" and "macmon" in p.meters, p.id
    # Super raises the envelope (and on Orin Nano the memory clock) of the same module, never lowers it.
    for pid in ("jetson-orin-nano-4gb", "jetson-orin-nano-8gb", "jetson-orin-nx-8gb", "jetson-orin-nx-16gb"):
        plain, sup = by_id(pid), by_id(pid + "-super")
        assert sup.memory_bandwidth_gbs >= plain.memory_bandwidth_gbs
        assert max(m.watts for m in sup.power_modes) > max(m.watts for m in plain.power_modes)
        assert "MAXN_SUPER" in {m.name for m in sup.power_modes}


# ---- detection ------------------------------------------------------------------------------------------------

def test_detect_machine_reads_a_jetson_root(tmp_path):
    root = fake_root(tmp_path, model=NANO_SUPER_DEVKIT, mem_kb=KB[8], modes=NANO_SUPER_MODES, pmode=2,
                     cpuinfo="processor\t: 0\nprocessor\t: 1\n")
    facts = detect_machine(root)
    assert facts.device_model == "NVIDIA Jetson Orin Nano Engineering Reference Developer Kit Super"
    assert facts.tegra_release.startswith("# R36 (release), REVISION: 4.3")
    assert facts.nvpmodel_modes == ((0, "15W"), (1, "25W"), (2, "MAXN_SUPER"), (3, "7W"))
    assert facts.nvpmodel_mode == 2
    assert facts.memory_bytes == KB[8] * 1024
    assert facts.logical_cores == 2
    assert facts.is_jetson and facts.super_mode and facts.family == "jetson"
    assert not facts.has_battery


@pytest.mark.parametrize("model, gb, modes, expected", [
    (NANO_DEVKIT, 8, NANO_MODES, "jetson-orin-nano-8gb"),
    (NANO_DEVKIT, 4, NANO4_MODES, "jetson-orin-nano-4gb"),
    (NANO_SUPER_DEVKIT, 8, NANO_SUPER_MODES, "jetson-orin-nano-8gb-super"),
    (NANO_DEVKIT, 4, NANO_SUPER_MODES, "jetson-orin-nano-4gb-super"),
    (NANO_SUPER_DEVKIT, 8, None, "jetson-orin-nano-8gb-super"),  # no nvpmodel.conf: the model string decides
    (NX_DEVKIT, 16, NX_MODES, "jetson-orin-nx-16gb"),
    (NX_DEVKIT, 8, NX_MODES, "jetson-orin-nx-8gb"),
    (NX_DEVKIT, 16, NX_SUPER_MODES, "jetson-orin-nx-16gb-super"),
    (NX_DEVKIT, 8, NX_SUPER_MODES, "jetson-orin-nx-8gb-super"),
    (AGX_DEVKIT, 64, AGX_MODES, "jetson-agx-orin-64gb"),
    (AGX_DEVKIT, 32, AGX_MODES, "jetson-agx-orin-32gb"),
])
def test_jetson_model_and_memory_pick_the_profile(tmp_path, model, gb, modes, expected):
    facts = detect_machine(fake_root(tmp_path, model=model, mem_kb=KB[gb], modes=modes), machine="aarch64")
    assert resolve_device("auto", facts).id == expected
    assert resolve_device("jetson-orin", facts).id == expected


def test_super_conf_wins_over_the_model_string(tmp_path):
    # A Super device tree on a board whose nvpmodel.conf is the plain one runs the plain modes.
    facts = detect_machine(fake_root(tmp_path, model=NANO_SUPER_DEVKIT, mem_kb=KB[8], modes=NANO_MODES))
    assert resolve_device("auto", facts).id == "jetson-orin-nano-8gb"


@pytest.mark.parametrize("brand, expected", [
    ("Apple M1", "apple-m1"), ("Apple M1 Max", "apple-m1-max"), ("Apple M2", "apple-m2"),
    ("Apple M2 Pro", "apple-m2-pro"), ("Apple M3 Pro", "apple-m3-pro"), ("Apple M4", "apple-m4"),
    ("Apple M4 Max", "apple-m4-max"), ("Apple M1 (Virtual)", "apple-m1"),
])
def test_apple_brand_picks_the_profile(brand, expected):
    facts = MachineFacts(system="Darwin", machine="arm64", memory_bytes=32 * 2**30, cpu_brand=brand)
    assert resolve_device("auto", facts).id == expected
    assert resolve_device("mac", facts).id == expected


def test_detect_machine_uses_injected_sysctl(tmp_path):
    answers = {"machdep.cpu.brand_string": "Apple M2 Pro", "hw.memsize": str(32 * 2**30)}
    facts = detect_machine(tmp_path, system="Darwin", machine="arm64", sysctl=answers.get)
    assert (facts.cpu_brand, facts.memory_bytes, facts.family) == ("Apple M2 Pro", 32 * 2**30, "apple")
    assert resolve_device("auto", facts).id == "apple-m2-pro"


def test_an_unknown_apple_chip_matches_nothing():
    facts = MachineFacts(system="Darwin", machine="arm64", memory_bytes=192 * 2**30, cpu_brand="Apple M2 Ultra")
    assert match_profile(facts) is None
    with pytest.raises(BadInput, match=r"^auto: no built-in profile fits this machine \(Darwin arm64, Apple M2 Ultra"):
        resolve_device("auto", facts)


@pytest.mark.parametrize("supplies, expected", [
    ({"BAT0": {"type": "Battery"}, "AC": {"type": "Mains"}}, "x86-64-laptop"),
    ({"AC": {"type": "Mains"}}, "generic-linux-cpu"),
    ({}, "generic-linux-cpu"),
    # A wireless mouse reports a Battery with scope Device: still a desktop.
    ({"hidpp_battery_0": {"type": "Battery", "scope": "Device"}}, "generic-linux-cpu"),
    ({"macsmc-battery": {"type": "Battery", "scope": "System"}}, "x86-64-laptop"),
])
def test_battery_tells_laptop_from_generic(tmp_path, supplies, expected):
    root = fake_root(tmp_path, mem_kb=KB[16], cpuinfo=EPYC_CPUINFO, supplies=supplies)
    facts = detect_machine(root, machine="x86_64")
    assert (facts.cpu_brand, facts.logical_cores) == ("AMD EPYC 7B13", 2)
    assert resolve_device("auto", facts).id == expected


def test_equal_matches_are_refused():
    a = by_id("generic-linux-cpu")
    b = dataclasses.replace(a, id="twin")
    with pytest.raises(BadInput, match="fits several profiles equally; name one of: generic-linux-cpu, twin"):
        match_profile(EPYC, [a, b])


# ---- resolution -----------------------------------------------------------------------------------------------

def test_ids_and_single_aliases_resolve_without_detection():
    assert resolve_device("apple-m2", EPYC).id == "apple-m2"
    assert resolve_device("M2-Pro", EPYC).id == "apple-m2-pro"
    assert resolve_device("laptop", EPYC).id == "x86-64-laptop"
    assert resolve_device(" CPU ", EPYC).id == "generic-linux-cpu"
    assert resolve_device("jetson-orin-nano-8gb", EPYC).id == "jetson-orin-nano-8gb"


def test_a_shared_alias_on_the_wrong_machine_lists_its_profiles():
    with pytest.raises(BadInput) as e:
        resolve_device("jetson-orin", EPYC)
    msg = str(e.value)
    assert msg.startswith("jetson-orin: this machine is not a Jetson (Linux x86_64, AMD EPYC 7B13")
    assert "\n" not in msg
    assert set(msg.split("name one of: ")[1].split(", ")) == JETSON_IDS
    with pytest.raises(BadInput, match=r"^mac: this machine is not a Mac with Apple silicon .*apple-m4-max"):
        resolve_device("mac", EPYC)


def test_a_shared_alias_of_another_jetson_says_none_fits(tmp_path):
    agx = detect_machine(fake_root(tmp_path, model=AGX_DEVKIT, mem_kb=KB[64], modes=AGX_MODES))
    assert resolve_device("jetson-agx-orin", agx).id == "jetson-agx-orin-64gb"
    with pytest.raises(BadInput, match=r"^jetson-orin-nano: none of its profiles fits this machine "
                                       r"\(Linux, NVIDIA Jetson AGX Orin Developer Kit, 61\.4 GiB, no battery\); "
                                       r"name one of: jetson-orin-nano-4gb, jetson-orin-nano-4gb-super, "):
        resolve_device("jetson-orin-nano", agx)


def test_unknown_names_list_the_ids():
    with pytest.raises(BadInput, match=r"^tpu: unknown device; name one of: apple-m1, .*x86-64-laptop, auto, or a"):
        resolve_device("tpu", EPYC)


def test_paths_load_the_file(tmp_path, monkeypatch):
    text = Path(by_id("generic-linux-cpu").source).read_text().replace('id = "generic-linux-cpu"', 'id = "my-box"')
    (tmp_path / "box.toml").write_text(text)
    assert resolve_device(str(tmp_path / "box.toml")).id == "my-box"
    monkeypatch.chdir(tmp_path)
    assert resolve_device("box.toml").source == "box.toml"
    assert resolve_device("./box.toml").id == "my-box"
    with pytest.raises(BadInput, match=r"^missing\.toml: cannot read \(No such file or directory\)$"):
        resolve_device("missing.toml")


def test_auto_on_this_machine_is_the_generic_linux_cpu():
    # This test machine: an x86-64 AMD EPYC VM, no battery.
    facts = detect_machine()
    if (facts.system, facts.machine, facts.has_battery, facts.is_jetson) != ("Linux", "x86_64", False, False):
        pytest.skip(f"not a battery-less x86-64 Linux machine: {facts.summary()}")
    assert resolve_device().id == "generic-linux-cpu"


# ---- malformed profiles ---------------------------------------------------------------------------------------

VALID = """id = "test-board"
name = "Test board"
family = "jetson"
aliases = ["tb"]
memory_gb = 8
memory_bandwidth_gbs = 68
default_power_mode = "15W"
meters = ["ina3221", "estimate"]
estimate_watts = 10
idle_watts = 4

[detect]
system = "Linux"
device_model = ["Test"]

[[power_modes]]
name = "15W"
watts = 15
nvpmodel_id = 0

[[power_modes]]
name = "7W"
watts = 7
nvpmodel_id = 1

[backend]
preferred = "llamacpp"
ort_provider = "cuda"
n_gpu_layers = -1
threads = 6

[budget]
max_model_memory_share = 0.6
power_cap_w = 15
context_limit = 8192
"""


def test_the_template_is_valid(tmp_path):
    (tmp_path / "ok.toml").write_text(VALID)
    p = load_profile(tmp_path / "ok.toml")
    assert (p.id, p.aliases, p.default_mode.watts, p.budget.context_limit) == ("test-board", ("tb",), 15.0, 8192)


@pytest.mark.parametrize("old, new, error", [
    ('id = "test-board"', 'id = ', "not valid TOML (Invalid value (at line 1, column 6))"),
    ("memory_bandwidth_gbs = 68\n", "", "memory_bandwidth_gbs: missing field"),
    ("memory_gb = 8", 'memory_gb = "eight"', 'memory_gb: must be a number, got "eight"'),
    ("memory_gb = 8", "memory_gb = true", "memory_gb: must be a number, got true"),
    ("max_model_memory_share = 0.6", "max_model_memory_share = 1.5",
     "budget.max_model_memory_share: must be between 0 and 1, got 1.5"),
    ("max_model_memory_share = 0.6", "max_model_memory_share = 0",
     "budget.max_model_memory_share: must be between 0 and 1, got 0"),
    ('meters = ["ina3221", "estimate"]', 'meters = ["joulescope", "estimate"]',
     'meters: unknown meter "joulescope" (known: ina3221, tegrastats, rapl, nvml, macmon, powermetrics, estimate)'),
    ('meters = ["ina3221", "estimate"]', 'meters = ["estimate", "ina3221"]',
     'meters: must end with "estimate", got ["estimate", "ina3221"]'),
    ('preferred = "llamacpp"', 'preferred = "vllm"',
     'backend.preferred: must be one of onnx, llamacpp, mlx, got "vllm"'),
    ('ort_provider = "cuda"', 'ort_provider = "tensorrt"',
     'backend.ort_provider: must be one of cpu, cuda, NvTensorRtRtx, got "tensorrt"'),
    ("n_gpu_layers = -1", 'n_gpu_layers = "all"', 'backend.n_gpu_layers: must be an integer, got "all"'),
    ("threads = 6", "threads = 6.5", "backend.threads: must be an integer, got 6.5"),
    ("context_limit = 8192", "context_limit = 64", "budget.context_limit: must be at least 256, got 64"),
    ('default_power_mode = "15W"', 'default_power_mode = "MAXN"',
     'default_power_mode: "MAXN" is not among power_modes (15W, 7W)'),
    ("watts = 7\nnvpmodel_id = 1", "watts = 7",
     "power_modes[1].nvpmodel_id: missing field (Jetson modes carry their nvpmodel id)"),
    ("watts = 7\n", "watts = -7\n", "power_modes[1].watts: must be above 0, got -7"),
    ('system = "Linux"', 'sistem = "Linux"', "detect.system: missing field"),
    ('device_model = ["Test"]', 'device_model = ["Test"]\nmodel = "x"', "detect.model: unknown field"),
    ('device_model = ["Test"]', 'device_model = "Test"', 'detect.device_model: must be a list of strings, got "Test"'),
    ('device_model = ["Test"]', "memory_gib = [8, 4]",
     "detect.memory_gib: must be [low, high] GiB with low < high, got [8, 4]"),
    ("idle_watts = 4", "idle_watts = 40", "idle_watts: must not exceed estimate_watts (10), got 40"),
    ('family = "jetson"', 'family = "tpu"', 'family: must be one of jetson, apple, pc, got "tpu"'),
    ('id = "test-board"', 'id = "Test Board"', 'id: must be lowercase letters, digits and dashes, got "Test Board"'),
    ("[budget]\nmax_model_memory_share = 0.6\npower_cap_w = 15\ncontext_limit = 8192\n", "", "budget: missing field"),
])
def test_malformed_profiles_name_the_file_and_field(tmp_path, old, new, error):
    assert old in VALID
    path = tmp_path / "bad.toml"
    path.write_text(VALID.replace(old, new, 1))
    with pytest.raises(BadInput) as e:
        load_profile(path)
    assert str(e.value) == f"{path}: {error}"
    assert "\n" not in str(e.value)


def test_a_relative_path_is_named_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "device_profiles").mkdir()
    Path("device_profiles/foo.toml").write_text(VALID.replace("0.6", "1.5", 1))
    with pytest.raises(BadInput) as e:
        resolve_device("device_profiles/foo.toml")
    assert str(e.value) == "device_profiles/foo.toml: budget.max_model_memory_share: must be between 0 and 1, got 1.5"


# ---- the devices command --------------------------------------------------------------------------------------

def run_devices(*args: str):
    result = CliRunner().invoke(devices_cmd, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_devices_json_marks_exactly_this_machines_profile():
    data = json.loads(run_devices("--json"))
    marked = [p["id"] for p in data["profiles"] if p["match"]]
    assert marked == [data["match"]] == [resolve_device().id]
    assert {p["id"] for p in data["profiles"]} == ALL_IDS
    agx = next(p for p in data["profiles"] if p["id"] == "jetson-agx-orin-64gb")
    assert agx["memory_bandwidth_gbs"] == 204.8 and agx["backend"] == "llamacpp"
    assert {"name": "MAXN", "watts": 60.0, "nvpmodel_id": 0} in agx["power_modes"]
    assert data["machine"]["system"] and (data["meters"] is None) != (data["meters_error"] is None)


def test_devices_json_on_a_battery_less_epyc_marks_generic(monkeypatch):
    monkeypatch.setattr(devices_cmd_module, "detect_machine", lambda: EPYC)
    data = json.loads(run_devices("--json"))
    assert [p["id"] for p in data["profiles"] if p["match"]] == ["generic-linux-cpu"]


def test_devices_table_marks_one_row_and_reports_meters(monkeypatch):
    probe = types.ModuleType("edgeagent.meters.select")
    seen = []

    def probe_meters(root=Path("/"), profile_watts=None):
        seen.append(profile_watts)
        return {"rapl": "readable", "nvml": "no NVIDIA driver"}

    probe.probe_meters = probe_meters
    monkeypatch.setitem(sys.modules, "edgeagent.meters.select", probe)
    monkeypatch.setattr(devices_cmd_module, "detect_machine", lambda: EPYC)
    out = run_devices()
    assert out.count("▶") == 1
    marked = next(line for line in out.splitlines() if "▶" in line)
    assert "generic-linux-cpu" in marked
    assert "→ generic-linux-cpu" in out
    assert "meters:\n  ✓ rapl: readable\n  ✗ nvml: no NVIDIA driver\n" in out
    assert seen == [by_id("generic-linux-cpu").estimate_watts]  # the estimate meter gets the profile's figure


def test_devices_survives_a_missing_or_broken_meter_probe(monkeypatch):
    monkeypatch.setitem(sys.modules, "edgeagent.meters.select", None)  # import fails
    assert "meters: unknown (meter probe unavailable" in run_devices()
    broken = types.ModuleType("edgeagent.meters.select")
    broken.probe_meters = lambda root=Path("/"), profile_watts=None: 1 / 0
    monkeypatch.setitem(sys.modules, "edgeagent.meters.select", broken)
    assert json.loads(run_devices("--json"))["meters_error"] == "ZeroDivisionError: division by zero"
