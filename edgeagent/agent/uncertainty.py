"""How unsure the edge model was of an action, from its per-token scores; the routers compare this to τ."""

from __future__ import annotations

import re
from collections.abc import Sequence

from edgeagent.backends.base import TokenScore

# entropy: at the first token of the tool name, the action's first real choice (under the grammar the
# literal first token is always "{"); nll: the mean negative log-probability of every action token.
MEASURES = ("entropy", "nll")
_TOOL_VALUE = re.compile(r'"(?:tool|name)"\s*:\s*"')  # generic and Hermes-style calls


def action_scores(scores: Sequence[TokenScore] | None) -> dict[str, float | None]:
    """The stored summary of one edge call: `first_entropy` and `mean_logprob` (None without scores)."""
    if not scores:
        return {"first_entropy": None, "mean_logprob": None}
    return {"first_entropy": scores[_decision_index(scores)].entropy,
            "mean_logprob": sum(s.logprob for s in scores) / len(scores)}


def _decision_index(scores: Sequence[TokenScore]) -> int:
    """The token that starts the tool name; the first token with a letter when the reply has no tool field."""
    text = "".join(s.text for s in scores)
    m = _TOOL_VALUE.search(text)
    start = 0
    for i, s in enumerate(scores):
        end = start + len(s.text)
        if m and end > m.end():
            return i
        if not m and re.search(r"[A-Za-z]", s.text):
            return i
        start = end
    return 0


def uncertainty(call: dict, measure: str) -> float | None:
    """The call's uncertainty under `measure` (higher is less sure), or None when it was not scored."""
    if measure == "entropy":
        return call.get("first_entropy")
    lp = call.get("mean_logprob")
    return None if lp is None else -lp
