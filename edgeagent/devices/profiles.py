"""Device profiles (device_profiles/*.toml), validated field by field, and which one describes this machine.

A profile is looked up by id, by alias (an alias shared by several profiles is settled by detecting this
machine), by a path to a TOML file, or by "auto". Detection reads files under a root directory so tests can
hand it a fake one; commands (sysctl) run only against the live root.
"""

from __future__ import annotations

import json
import math
import os
import platform
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, overload

import psutil

from edgeagent.backends.registry import NAMES as BACKENDS
from edgeagent.errors import BadInput

if sys.version_info >= (3, 11):
    import tomllib
else:  # Jetson images still ship Python 3.10
    import tomli as tomllib

METERS = ("ina3221", "tegrastats", "rapl", "nvml", "macmon", "powermetrics", "estimate")
ORT_PROVIDERS = ("cpu", "cuda", "NvTensorRtRtx")
FAMILIES = ("jetson", "apple", "pc")
SYSTEMS = ("Linux", "Darwin", "Windows", "any")
FAMILY_NOUN = {"jetson": "a Jetson", "apple": "a Mac with Apple silicon", "pc": "a PC"}
_ID = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_MISSING = object()


@dataclass(frozen=True)
class PowerMode:
    name: str
    watts: float  # the mode's cap; for uncapped MAXN modes, the published module maximum
    nvpmodel_id: int | None = None  # Jetson only


@dataclass(frozen=True)
class DetectHints:
    """What this machine must show for the profile to match; every hint given must hold."""

    system: str  # platform.system(), or "any"
    device_model: tuple[str, ...] = ()  # substrings of /proc/device-tree/model
    cpu_brand: tuple[str, ...] = ()  # whole CPU brand strings (sysctl machdep.cpu.brand_string)
    arch: tuple[str, ...] = ()  # platform.machine() values
    memory_gib: tuple[float, float] | None = None  # [low, high) of the memory the OS reports
    super_mode: bool | None = None  # Jetson Super configuration (MAXN_SUPER) present or absent
    battery: bool | None = None


@dataclass(frozen=True)
class BackendPrefs:
    preferred: str  # onnx | llamacpp | mlx
    ort_provider: str  # cpu | cuda | NvTensorRtRtx
    n_gpu_layers: int  # llama.cpp: -1 offloads every layer, 0 none
    threads: int  # 0: one per physical core, decided at run time


@dataclass(frozen=True)
class Budget:
    max_model_memory_share: float  # of memory_gb a model (weights + KV cache) may take
    power_cap_w: float  # 0: no cap of ours; the OS or nvpmodel governs
    context_limit: int  # tokens


@dataclass(frozen=True)
class DeviceProfile:
    """One device.

    estimate_watts is the typical device power at full load (every core busy, or the GPU decoding) and
    idle_watts the power at rest: the CPU-time estimate (edgeagent.meters.estimate) interpolates between
    them when no hardware counter is readable.
    """

    id: str
    name: str
    family: str
    aliases: tuple[str, ...]
    memory_gb: float
    memory_bandwidth_gbs: float
    power_modes: tuple[PowerMode, ...]
    default_power_mode: str
    meters: tuple[str, ...]
    estimate_watts: float
    idle_watts: float
    detect: DetectHints
    backend: BackendPrefs
    budget: Budget
    source: str

    def power_mode(self, name: str) -> PowerMode:
        for mode in self.power_modes:
            if mode.name.lower() == name.lower():
                return mode
        raise BadInput(f"{self.id}: no power mode {name!r}; modes: {', '.join(m.name for m in self.power_modes)}")

    @property
    def default_mode(self) -> PowerMode:
        return self.power_mode(self.default_power_mode)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _show(value: Any) -> str:
    return json.dumps(value, default=str)


class _Table:
    """One TOML table read field by field; every error names `file: section.field` on one line."""

    def __init__(self, where: str, data: dict, prefix: str = "") -> None:
        self.where, self.data, self.prefix = where, data, prefix
        self.seen: set[str] = set()

    def fail(self, key: str, problem: str) -> BadInput:
        return BadInput(f"{self.where}: {self.prefix}{key}: {problem}")

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.fail(key, "missing field")
            return default
        return self.data[key]

    def text(self, key: str, choices: tuple[str, ...] = (), default: Any = _MISSING) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a non-empty string, got {_show(value)}")
        if choices and value not in choices:
            raise self.fail(key, f"must be one of {', '.join(choices)}, got {_show(value)}")
        return value

    def number(self, key: str, low: float = 0.0, high: float | None = None, low_open: bool = False) -> float:
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"must be a number, got {_show(value)}")
        if not math.isfinite(value):  # nan compares false with every bound, so it would pass the check below
            raise self.fail(key, f"must be a finite number, got {value}")
        if (value <= low if low_open else value < low) or (high is not None and value > high):
            bound = f"{'above' if low_open else 'at least'} {low:g}"
            want = f"between {low:g} and {high:g}" if high is not None else bound
            raise self.fail(key, f"must be {want}, got {_show(value)}")
        return float(value)

    @overload
    def integer(self, key: str, low: int) -> int: ...
    @overload
    def integer(self, key: str, low: int, default: int | None) -> int | None: ...

    def integer(self, key: str, low: int, default: Any = _MISSING) -> int | None:
        value = self.raw(key, default)
        if value is None and default is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be an integer, got {_show(value)}")
        if value < low:
            raise self.fail(key, f"must be at least {low}, got {value}")
        return value

    def flag(self, key: str) -> bool | None:
        value = self.raw(key, None)
        if value is not None and not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {_show(value)}")
        return value

    def texts(self, key: str, default: Any = _MISSING) -> tuple[str, ...]:
        value = self.raw(key, default)
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(key, f"must be a list of strings, got {_show(value)}")
        return tuple(value)

    def table(self, key: str) -> _Table:
        value = self.raw(key)
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a table [{key}], got {_show(value)}")
        return _Table(self.where, value, f"{self.prefix}{key}.")

    def tables(self, key: str) -> list[_Table]:
        value = self.raw(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
            raise self.fail(key, f"must be one or more [[{key}]] tables")
        return [_Table(self.where, v, f"{self.prefix}{key}[{i}].") for i, v in enumerate(value)]

    def done(self) -> None:
        # Unknown fields are typos far more often than intent; a silently ignored one hides a wrong figure.
        for key in self.data:
            if key not in self.seen:
                raise self.fail(key, "unknown field")


def _power_modes(top: _Table, family: str) -> tuple[PowerMode, ...]:
    modes: list[PowerMode] = []
    for t in top.tables("power_modes"):
        mode = PowerMode(t.text("name"), t.number("watts", low_open=True), t.integer("nvpmodel_id", 0, None))
        if family == "jetson" and mode.nvpmodel_id is None:
            raise t.fail("nvpmodel_id", "missing field (Jetson modes carry their nvpmodel id)")
        if family != "jetson" and mode.nvpmodel_id is not None:
            raise t.fail("nvpmodel_id", "only Jetson profiles have nvpmodel ids")
        if any(m.name.lower() == mode.name.lower() for m in modes):
            raise t.fail("name", f"duplicate power mode {_show(mode.name)}")
        t.done()
        modes.append(mode)
    return tuple(modes)


def _meters(top: _Table) -> tuple[str, ...]:
    meters = top.texts("meters")
    for name in meters:
        if name not in METERS:
            raise top.fail("meters", f"unknown meter {_show(name)} (known: {', '.join(METERS)})")
    if len(set(meters)) != len(meters):
        raise top.fail("meters", "lists a meter twice")
    if not meters or meters[-1] != "estimate":
        # The estimate is the fallback that always works; without it a run on a bare machine has no energy row.
        raise top.fail("meters", f"must end with \"estimate\", got {_show(list(meters))}")
    return meters


def _detect(t: _Table) -> DetectHints:
    memory = t.raw("memory_gib", None)
    if memory is not None:
        ok = isinstance(memory, list) and len(memory) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in memory)
        if ok and not all(math.isfinite(v) for v in memory):
            raise t.fail("memory_gib", f"must be finite numbers, got {_show(memory)}")
        if not ok or not 0 <= memory[0] < memory[1]:
            raise t.fail("memory_gib", f"must be [low, high] GiB with low < high, got {_show(memory)}")
        memory = (float(memory[0]), float(memory[1]))
    hints = DetectHints(t.text("system", SYSTEMS), t.texts("device_model", []), t.texts("cpu_brand", []),
                        t.texts("arch", []), memory, t.flag("super"), t.flag("battery"))
    t.done()
    return hints


def _profile(data: dict, where: str) -> DeviceProfile:
    top = _Table(where, data)
    pid = top.text("id")
    if not _ID.match(pid):
        raise top.fail("id", f"must be lowercase letters, digits and dashes, got {_show(pid)}")
    family = top.text("family", FAMILIES)
    aliases = tuple(a.lower() for a in top.texts("aliases", []))
    modes = _power_modes(top, family)
    default = top.text("default_power_mode")
    if default.lower() not in {m.name.lower() for m in modes}:
        raise top.fail("default_power_mode", f"{_show(default)} is not among power_modes "
                                             f"({', '.join(m.name for m in modes)})")
    estimate = top.number("estimate_watts", low_open=True)
    idle = top.number("idle_watts")
    if idle > estimate:
        raise top.fail("idle_watts", f"must not exceed estimate_watts ({estimate:g}), got {idle:g}")
    b = top.table("backend")
    backend = BackendPrefs(b.text("preferred", BACKENDS), b.text("ort_provider", ORT_PROVIDERS),
                           b.integer("n_gpu_layers", -1), b.integer("threads", 0))
    b.done()
    g = top.table("budget")
    budget = Budget(g.number("max_model_memory_share", 0.0, 1.0, low_open=True), g.number("power_cap_w"),
                    g.integer("context_limit", 256))
    g.done()
    profile = DeviceProfile(
        id=pid, name=top.text("name"), family=family, aliases=aliases,
        memory_gb=top.number("memory_gb", low_open=True),
        memory_bandwidth_gbs=top.number("memory_bandwidth_gbs", low_open=True),
        power_modes=modes, default_power_mode=default, meters=_meters(top),
        estimate_watts=estimate, idle_watts=idle, detect=_detect(top.table("detect")),
        backend=backend, budget=budget, source=where)
    top.done()
    return profile


def _from_text(text: str, where: str) -> DeviceProfile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BadInput(f"{where}: not valid TOML ({e})") from None
    return _profile(data, where)


def load_profile(path: Path | str) -> DeviceProfile:
    """Read and validate one profile; any problem is a one-line BadInput naming the file and the field."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise BadInput(f"{path}: cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not valid TOML (not UTF-8 text)") from None
    return _from_text(text, str(path))


@lru_cache(maxsize=1)
def _builtins() -> tuple[DeviceProfile, ...]:
    found: dict[str, DeviceProfile] = {}
    folder = resources.files("edgeagent.device_profiles")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name.removesuffix(".toml")):
        if entry.name.endswith(".toml"):
            profile = _from_text(entry.read_text(encoding="utf-8"), str(entry))
            if profile.id in found:
                raise BadInput(f"{entry}: id: {profile.id} is also the id of {found[profile.id].source}")
            found[profile.id] = profile
    return tuple(found.values())


def builtin_profiles() -> list[DeviceProfile]:
    """The profiles shipped in device_profiles/, sorted by id."""
    return list(_builtins())


@dataclass(frozen=True)
class MachineFacts:
    """What detection saw; build one by hand to ask 'which profile would this machine get?'."""

    system: str  # platform.system()
    machine: str = ""  # platform.machine()
    device_model: str | None = None
    tegra_release: str | None = None  # first line of /etc/nv_tegra_release
    nvpmodel_modes: tuple[tuple[int, str], ...] = ()  # (id, name) from /etc/nvpmodel.conf
    nvpmodel_mode: int | None = None  # current mode id, /var/lib/nvpmodel/status
    memory_bytes: int | None = None
    cpu_brand: str | None = None
    logical_cores: int | None = None
    has_battery: bool = False

    @property
    def is_jetson(self) -> bool:
        return self.tegra_release is not None or "jetson" in (self.device_model or "").lower()

    @property
    def super_mode(self) -> bool:
        # nvpmodel.conf is the live power configuration; the model string is the fallback when it is unreadable.
        if self.nvpmodel_modes:
            return any("SUPER" in name.upper() for _, name in self.nvpmodel_modes)
        return bool(re.search(r"\bsuper\b", self.device_model or "", re.IGNORECASE))

    @property
    def memory_gib(self) -> float | None:
        return None if self.memory_bytes is None else self.memory_bytes / 2**30

    @property
    def family(self) -> str:
        if self.is_jetson:
            return "jetson"
        if self.system == "Darwin" and (self.cpu_brand or "").startswith("Apple"):
            return "apple"
        return "pc"

    def summary(self) -> str:
        parts = [f"{self.system} {self.machine}".strip(), self.device_model, self.cpu_brand,
                 f"{self.logical_cores} cores" if self.logical_cores else None,
                 f"{self.memory_gib:.1f} GiB" if self.memory_gib is not None else None,
                 "battery" if self.has_battery else "no battery"]
        return ", ".join(p for p in parts if p)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "nvpmodel_modes": [list(m) for m in self.nvpmodel_modes],
                "family": self.family, "super_mode": self.super_mode}


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None


def _sysctl(key: str) -> str | None:
    try:
        done = subprocess.run(["sysctl", "-n", key], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _cpuinfo(text: str | None) -> tuple[str | None, int | None]:
    if not text:
        return None, None
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields.setdefault(key.strip().lower(), value.strip())
    cores = sum(1 for line in text.splitlines() if line.split(":")[0].strip().lower() == "processor")
    brand = fields.get("model name") or fields.get("hardware") or fields.get("model")
    return brand or None, cores or None


def _has_battery(root: Path) -> bool:
    supplies = root / "sys" / "class" / "power_supply"
    try:
        entries = list(supplies.iterdir())
    except OSError:
        return False
    for entry in entries:
        kind = (_read(entry / "type") or "").strip()
        scope = (_read(entry / "scope") or "").strip()
        # A wireless mouse is a Battery too, with scope Device; only the system's own battery counts.
        if entry.name.startswith("BAT") or (kind == "Battery" and scope != "Device"):
            return True
    return False


def detect_machine(root: Path = Path("/"), *, system: str | None = None, machine: str | None = None,
                   sysctl: Callable[[str], str | None] | None = None) -> MachineFacts:
    """Gather MachineFacts from files under `root`; on a root other than / nothing is asked of the live OS."""
    root = Path(root)
    live = root == Path("/")
    system = system or (platform.system() if live else "Linux")
    machine = machine if machine is not None else (platform.machine() if live else "")
    if sysctl is None and live and system == "Darwin":
        sysctl = _sysctl

    model = (_read(root / "proc" / "device-tree" / "model") or "").replace("\x00", "").strip() or None  # ends in NUL
    release = _read(root / "etc" / "nv_tegra_release")
    release = release.strip().splitlines()[0] if release and release.strip() else None
    conf = _read(root / "etc" / "nvpmodel.conf") or ""
    modes = tuple((int(i), n) for i, n in re.findall(r"<\s*POWER_MODEL\s+ID=(\d+)\s+NAME=([^\s>]+)", conf))
    status = re.search(r"pmode:\s*(\d+)", _read(root / "var" / "lib" / "nvpmodel" / "status") or "")

    brand, cores = _cpuinfo(_read(root / "proc" / "cpuinfo"))
    memory = None
    if system == "Darwin" and sysctl:
        brand = sysctl("machdep.cpu.brand_string") or brand
        memsize = sysctl("hw.memsize") or ""
        memory = int(memsize) if memsize.isdigit() else None
    if memory is None and live:
        memory = psutil.virtual_memory().total
    elif memory is None:
        found = re.search(r"^MemTotal:\s*(\d+)\s*kB", _read(root / "proc" / "meminfo") or "", re.MULTILINE)
        memory = int(found.group(1)) * 1024 if found else None
    if live:
        cores = os.cpu_count() or cores

    if system == "Linux":
        battery = _has_battery(root)
    else:  # no sysfs: ask the OS, and only about the live machine
        battery = live and getattr(psutil, "sensors_battery", lambda: None)() is not None
    return MachineFacts(system=system, machine=machine, device_model=model, tegra_release=release,
                        nvpmodel_modes=modes, nvpmodel_mode=int(status.group(1)) if status else None,
                        memory_bytes=memory, cpu_brand=brand, logical_cores=cores, has_battery=battery)


def _brand(text: str | None) -> str:
    # Virtual machines append a note, e.g. "Apple M1 (Virtual)"; the chip name is what counts.
    return re.sub(r"\s*\(.*\)\s*$", "", " ".join((text or "").split())).lower()


def match_score(profile: DeviceProfile, facts: MachineFacts) -> int | None:
    """How many of the profile's detection hints this machine satisfies; None unless it satisfies all of them."""
    d = profile.detect
    checks = []
    if d.system != "any":
        checks.append(facts.system == d.system)
    if d.device_model:
        checks.append(any(s.lower() in (facts.device_model or "").lower() for s in d.device_model))
    if d.cpu_brand:
        checks.append(_brand(facts.cpu_brand) in {_brand(b) for b in d.cpu_brand})
    if d.arch:
        checks.append(facts.machine.lower() in {a.lower() for a in d.arch})
    if d.memory_gib:
        checks.append(facts.memory_gib is not None and d.memory_gib[0] <= facts.memory_gib < d.memory_gib[1])
    if d.super_mode is not None:
        checks.append(facts.super_mode == d.super_mode)
    if d.battery is not None:
        checks.append(facts.has_battery == d.battery)
    return len(checks) if checks and all(checks) else None


def match_profile(facts: MachineFacts, profiles: list[DeviceProfile] | None = None) -> DeviceProfile | None:
    """The profile whose hints this machine satisfies most specifically; None when none fits."""
    scored = [(s, p) for p in (builtin_profiles() if profiles is None else profiles)
              if (s := match_score(p, facts)) is not None]
    if not scored:
        return None
    best = max(s for s, _ in scored)
    top = [p for s, p in scored if s == best]
    if len(top) > 1:
        raise BadInput(f"this machine ({facts.summary()}) fits several profiles equally; "
                       f"name one of: {', '.join(p.id for p in top)}")
    return top[0]


def _looks_like_path(name: str) -> bool:
    return name.endswith(".toml") or "/" in name or os.sep in name or name.startswith("~")


def resolve_device(name_or_path: str = "auto", facts: MachineFacts | None = None) -> DeviceProfile:
    """An id, an alias, a path to a profile TOML file, or "auto"; `facts` stand in for detecting this machine."""
    name = name_or_path.strip()
    if _looks_like_path(name):
        return load_profile(Path(name).expanduser())
    key, profiles = name.lower(), builtin_profiles()
    ids = ", ".join(p.id for p in profiles)
    if key == "auto":
        facts = facts or detect_machine()
        found = match_profile(facts, profiles)
        if found is None:
            raise BadInput(f"auto: no built-in profile fits this machine ({facts.summary()}); "
                           f"name one of: {ids}, or a profile TOML file")
        return found
    for p in profiles:
        if p.id == key:
            return p
    candidates = [p for p in profiles if key in p.aliases]
    if not candidates:
        raise BadInput(f"{name}: unknown device; name one of: {ids}, auto, or a profile TOML file")
    if len(candidates) == 1:
        return candidates[0]
    facts = facts or detect_machine()
    try:
        found = match_profile(facts, candidates)
    except BadInput:
        found = None
    if found is not None:
        return found
    families = {p.family for p in candidates}
    family = families.pop() if len(families) == 1 else None
    why = (f"this machine is not {FAMILY_NOUN[family]}" if family and family != facts.family
           else "none of its profiles fits this machine")
    raise BadInput(f"{name}: {why} ({facts.summary()}); name one of: {', '.join(p.id for p in candidates)}")
