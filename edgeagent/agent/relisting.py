"""A listing asked for again after the run changed something is answered with what changed since.

Greedy decoding re-lists a folder after each write; the whole listing again adds nothing a small model can use,
and hides the one new line it needs to see."""

from __future__ import annotations

LISTINGS = ("list_dir", "tree")


def relisted(name: str, args: dict, steps: list[dict], observation: str) -> str:
    """The observation, or for a repeated listing only its changes since the same call last succeeded."""
    if name not in LISTINGS:
        return observation
    earlier = next((s for s in reversed(steps) if s["tool"] == name and s["args"] == args and s["ok"]), None)
    if earlier is None:
        return observation
    before, now = str(earlier["observation"]).splitlines(), observation.splitlines()
    had, has = set(before), set(now)
    gone, new = [x for x in before if x not in has], [x for x in now if x not in had]
    if not gone and not new:
        return f"nothing changed since step {earlier['idx']}; its listing above is still right"
    parts = [f"since step {earlier['idx']}, the rest unchanged:"]
    parts += [f"+ {x.strip()}" for x in new] + [f"- {x.strip()}" for x in gone]
    return "\n".join(parts)
