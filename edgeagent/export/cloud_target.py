"""A cloud target's shape, parsed without the SDK, so `--cloud` is checked before anything heavy loads."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

from edgeagent.errors import BadInput

TARGET_SHAPES = "anthropic:MODEL or http(s)://host:port[#MODEL]"
# An endpoint without #MODEL asks for `default`, which `edgeagent serve` answers with the model it serves.
TARGET_HELP = f"{TARGET_SHAPES} (no #MODEL: the server's default model)"


@dataclass(frozen=True)
class CloudTarget:
    model: str
    base_url: str | None  # None: the SDK default (or ANTHROPIC_BASE_URL)
    spec: str

    @property
    def destination(self) -> str:
        return f"{self.base_url or 'anthropic'}#{self.model}"

    @property
    def is_anthropic(self) -> bool:
        return self.base_url is None


def parse_target(spec: str) -> CloudTarget:
    """`anthropic:MODEL` or `http(s)://host:port#MODEL` (MODEL defaults to `default`)."""
    spec = spec.strip()
    if spec.startswith("anthropic:") and spec.split(":", 1)[1].strip():
        return CloudTarget(spec.split(":", 1)[1].strip(), None, spec)
    try:
        url = urlparse(spec)
        url.port  # noqa: B018 - raises ValueError for a port that is not a number or out of range
    except ValueError:
        url = None
    if url is not None and url.scheme in ("http", "https") and url.hostname:
        base = spec.split("#", 1)[0].rstrip("/")
        return CloudTarget(url.fragment or "default", base, spec)
    raise BadInput(f"cloud target {spec!r}: use {TARGET_SHAPES}")
