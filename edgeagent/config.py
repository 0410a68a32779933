"""User configuration: $EDGEAGENT_HOME/config.toml, validated field by field."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from . import paths
from .errors import BadInput

if sys.version_info >= (3, 11):
    import tomllib
else:  # Jetson images still ship Python 3.10
    import tomli as tomllib

DEFAULTS: dict[str, dict[str, Any]] = {
    "cloud": {"target": "", "api_key": "", "budget_usd": 0.50, "timeout_s": 60.0, "max_retries": 2,
              "max_tokens": 512},
    "export": {"mode": "redact", "secrets": [], "secrets_file": ""},
}
EXPORT_MODES = ("off", "redact", "strict")


def load_toml(path: Path) -> dict:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise BadInput(f"{path}: not valid TOML ({e})") from None
    except OSError as e:
        raise BadInput(f"{path}: cannot read ({e.strerror})") from None


def config_path() -> Path:
    return paths.home() / "config.toml"


def load_config(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """Defaults overlaid with the user's file; a wrong type names the file and the field."""
    path = path or config_path()
    user = load_toml(path) if path.is_file() else {}
    merged = {section: dict(values) for section, values in DEFAULTS.items()}
    for section, values in user.items():
        if section not in DEFAULTS or not isinstance(values, dict):
            raise BadInput(f"{path}: unknown section [{section}]")
        for key, value in values.items():
            if key not in DEFAULTS[section]:
                raise BadInput(f"{path}: unknown field {section}.{key}")
            want = type(DEFAULTS[section][key])
            if want is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if not isinstance(value, want) or isinstance(value, bool) != (want is bool):
                raise BadInput(f"{path}: {section}.{key} must be a {want.__name__}")
            merged[section][key] = value
    if merged["export"]["mode"] not in EXPORT_MODES:
        raise BadInput(f"{path}: export.mode must be one of {', '.join(EXPORT_MODES)}")
    return merged
