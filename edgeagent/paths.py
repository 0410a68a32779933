"""Where edgeagent keeps its data: one user dir, overridable for tests and shared installs."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def home() -> Path:
    """The user dir (`EDGEAGENT_HOME` overrides it)."""
    env = os.environ.get("EDGEAGENT_HOME")
    return Path(env).expanduser() if env else platformdirs.user_data_path("edgeagent")


def db_path() -> Path:
    return home() / "edgeagent.db"


def models_dir() -> Path:
    """Prepared models (`EDGEAGENT_MODELS` lets several homes share one cache)."""
    env = os.environ.get("EDGEAGENT_MODELS")
    return Path(env).expanduser() if env else home() / "models"
