"""The cloud client: the official anthropic SDK, pointed at Anthropic or any compatible endpoint.

Only the export layer may import this module; a test enforces it."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import anthropic

from edgeagent import paths
from edgeagent.config import load_toml, tomllib
from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.export.cloud_target import CloudTarget

LOCAL_KEY = "edgeagent-local"  # sent to endpoints that need no key, such as `edgeagent serve`


class CloudError(EdgeAgentError):
    """The cloud did not give a usable answer; the caller falls back to the edge."""


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cache_write: float
    cache_read: float


class Pricing:
    """USD per million tokens, from the packaged table overlaid with $EDGEAGENT_HOME/pricing.toml."""

    def __init__(self, table: dict[str, Price]) -> None:
        self.table = table

    @classmethod
    def load(cls, override: Path | None = None) -> Pricing:
        packaged = resources.files("edgeagent").joinpath("pricing.toml").read_text()
        models = dict(tomllib.loads(packaged)["models"])
        override = override or paths.home() / "pricing.toml"
        if override.is_file():
            models.update(load_toml(override).get("models", {}))
        table = {}
        for name, row in models.items():
            try:
                table[name] = Price(float(row["input"]), float(row["output"]),
                                    float(row.get("cache_write", row["input"] * 1.25)),
                                    float(row.get("cache_read", row["input"] * 0.1)))
            except (KeyError, TypeError, ValueError):
                raise BadInput(f"pricing for {name!r}: needs numeric input and output") from None
        return cls(table)

    def price(self, model: str) -> Price | None:
        keys = [k for k in self.table if model == k or model.startswith(k + "-")]
        return self.table[max(keys, key=len)] if keys else None

    def cost(self, model: str, usage: CloudUsage) -> float:
        p = self.price(model)
        if p is None:
            return 0.0
        return (usage.input_tokens * p.input + usage.output_tokens * p.output
                + usage.cache_write_tokens * p.cache_write + usage.cache_read_tokens * p.cache_read) / 1e6


@dataclass
class CloudUsage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0


@dataclass
class CloudReply:
    text: str
    blocks: list[dict] = field(default_factory=list)  # content blocks as plain dicts (text, tool_use)
    usage: CloudUsage = field(default_factory=CloudUsage)
    cost_usd: float = 0.0
    latency_s: float = 0.0
    stop_reason: str | None = None


class CloudClient:
    def __init__(self, target: CloudTarget, *, api_key: str = "", timeout_s: float = 60.0, max_retries: int = 2,
                 pricing: Pricing | None = None) -> None:
        self.target = target
        self.pricing = pricing or Pricing.load()
        if target.is_anthropic and self.pricing.price(target.model) is None:
            raise BadInput(f"no price for {target.model!r}; add it to {paths.home() / 'pricing.toml'}")
        key = api_key or os.environ.get("ANTHROPIC_API_KEY", "")
        if not key and target.is_anthropic:
            raise BadInput("the Anthropic cloud needs an API key: set ANTHROPIC_API_KEY or cloud.api_key in config")
        # Retries and timeouts are the SDK's own; the key lives only inside the SDK client.
        self._client = anthropic.Anthropic(api_key=key or LOCAL_KEY, base_url=target.base_url,
                                           timeout=timeout_s, max_retries=max_retries)

    def complete(self, system: str, messages: list[dict], *, max_tokens: int = 512,
                 tools: list[dict] | None = None, tool_choice: dict | None = None) -> CloudReply:
        # The system prompt is the stable prefix: mark it cacheable so repeated calls read it from cache.
        kw: dict = {"tools": tools} if tools else {}
        if tools and tool_choice:
            kw["tool_choice"] = tool_choice
        t0 = time.perf_counter()
        try:
            msg = self._client.messages.create(
                model=self.target.model, max_tokens=max_tokens,
                messages=messages,  # type: ignore[arg-type]  # plain dicts of the API's shape: the SDK types them as TypedDicts
                system=[{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}], **kw)
        except anthropic.APIConnectionError as e:  # includes timeouts
            raise CloudError(f"cloud unreachable at {self.target.destination} ({type(e).__name__})") from None
        except anthropic.APIStatusError as e:
            raise CloudError(f"cloud refused the request: HTTP {e.status_code} {_error_message(e)}") from None
        except (anthropic.APIError, ValueError) as e:  # ValueError: a body that is not JSON
            raise CloudError(f"malformed cloud reply ({type(e).__name__})") from None
        try:
            blocks = [b.model_dump(mode="json") for b in msg.content]
            u = msg.usage
            usage = CloudUsage(u.input_tokens or 0, u.output_tokens or 0, u.cache_read_input_tokens or 0,
                               u.cache_creation_input_tokens or 0)
        except (AttributeError, TypeError, ValueError) as e:  # the SDK does not validate bodies strictly
            raise CloudError(f"malformed cloud reply ({type(e).__name__})") from None
        if not blocks:
            raise CloudError("malformed cloud reply (no content)")
        text = "".join(b.get("text", "") for b in blocks if b.get("type") == "text")
        return CloudReply(text, blocks, usage, self.pricing.cost(self.target.model, usage),
                          time.perf_counter() - t0, msg.stop_reason)


def _error_message(e: anthropic.APIStatusError) -> str:
    body = e.body if isinstance(e.body, dict) else {}
    err = body["error"] if isinstance(body.get("error"), dict) else {}
    return " ".join(str(err.get("message") or e.message).split())[:200]
