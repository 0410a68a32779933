"""Provider key formats that detect-secrets 1.5 has no plugin for, so they are found whatever their entropy.

The patterns follow gitleaks' rule set (config/gitleaks.toml: anthropic-api-key, anthropic-admin-api-key,
openai-api-key, gcp-api-key, stripe-access-token, slack-app-token, slack-config-*-token,
slack-legacy-workspace-token, github-fine-grained-pat, huggingface-access-token, huggingface-organization-api-token),
widened to accept shorter bodies: a truncated or example key is still a key to the reader. detect-secrets keeps
what it has (GitHub ghp_/gho_, classic OpenAI keys, Slack xox[abposr], Stripe sk_live_, AWS key ids).
An AWS secret access key has no prefix; it is recognised by standing near its key id, with or without a keyword.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from edgeagent.export.detect.spans import Span

_B = r"(?<![A-Za-z0-9])"  # a key starts at a word edge: "my_hf_x" is not a Hugging Face token, "=hf_x" is


@dataclass(frozen=True)
class _Rule:
    name: str
    needle: str  # a literal every match contains: the regex runs only on texts that hold it
    pattern: re.Pattern[str]


RULES = (
    _Rule("anthropic", "sk-ant-", re.compile(_B + r"sk-ant-[a-z]+[0-9]*-[A-Za-z0-9_\-]{20,}")),
    _Rule("openai-project", "sk-", re.compile(_B + r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}")),
    _Rule("google", "AIza", re.compile(_B + r"AIza[0-9A-Za-z_\-]{30,}")),
    _Rule("stripe", "k_", re.compile(_B + r"(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}")),
    _Rule("slack-app", "xapp-", re.compile(_B + r"xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+", re.IGNORECASE)),
    _Rule("slack-config", "xoxe", re.compile(_B + r"xoxe(?:\.xox[bp])?-\d-[A-Z0-9]{40,}", re.IGNORECASE)),
    _Rule("slack-legacy", "xox", re.compile(_B + r"xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}")),
    _Rule("github-fine-grained", "github_pat_", re.compile(_B + r"github_pat_[A-Za-z0-9_]{22,}")),
    _Rule("huggingface", "hf_", re.compile(_B + r"hf_[A-Za-z0-9]{30,}")),
    _Rule("huggingface-org", "api_org_", re.compile(_B + r"api_org_[A-Za-z0-9]{30,}")),
)
# A secret access key is 40 base64 characters standing alone (key ids: detect-secrets' AWSKeyDetector pattern).
AWS_SECRET_RE = re.compile(r"(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]*[0-9])(?=[A-Za-z0-9/+]*[A-Za-z])[A-Za-z0-9/+]{40}"
                           r"(?![A-Za-z0-9/+=])")
AWS_PAIR_WINDOW = 200  # characters either side of a key id: the same config block, CSV row or env listing
# Every AWS key id detect-secrets knows is 20 capitals and digits: texts without such a run never import it
# (with `requests`, ~0.1 s of CPU per process).
_KEY_ID_SHAPE_RE = re.compile(r"[A-Z0-9]{20}")


@functools.cache
def _key_id_re() -> re.Pattern[str]:
    from detect_secrets.plugins.aws import AWSKeyDetector

    return AWSKeyDetector.denylist[0]


class ProviderKeys:
    """Detector (see detect.Detector) for the provider key formats above; every span is kind SECRET."""

    name = "provider-keys"

    def detect(self, text: str) -> list[Span]:
        spans = [Span(m.start(), m.end(), "SECRET", self.name)
                 for rule in RULES if rule.needle in text for m in rule.pattern.finditer(text)]
        return spans + self._aws_secrets(text)

    def _aws_secrets(self, text: str) -> list[Span]:
        if not _KEY_ID_SHAPE_RE.search(text):
            return []
        ids = [m.span() for m in _key_id_re().finditer(text)]
        if not ids:
            return []
        return [Span(m.start(), m.end(), "SECRET", self.name) for m in AWS_SECRET_RE.finditer(text)
                if any(start - AWS_PAIR_WINDOW <= m.end() and m.start() <= end + AWS_PAIR_WINDOW for start, end in ids)]
