"""search-laptop-warranty: the reply to Justin Page about the cracked laptop screen.

Gate (0): no mail to the colleague; a mail pasted from the workspace; a purchase date other than 18 June 2025 given
as the purchase date (8 July is the deployment date, 2 September another laptop's); a reply that calls the
repair covered or applies version 3. Then: 0.30 the purchase date 18 June 2025 unhedged; 0.30 the repair is not covered;
0.20 warranty until 17 (or 18) June 2027; 0.10 version 2 of the policy named; 0.10 the model Vanta 14 G3."""

from datetime import date

from edgeagent.bench.grading import has_date, says, says_any
from edgeagent.bench.taskcheck import body, graded, sent_to, tokens

TO = 'jpage@andersonbailey.example'

NOT = ("not covered", "isn't covered", "is not covered", "not be covered", "won't be covered",
       "will not be covered", "excluded", "exclude", "excludes", "isn't included", "not included",
       "no accidental damage", "doesn't cover", "does not cover", "not under warranty")


def _pasted(ws, reply):
    """Three fifths of the reply's 5-word runs found in the seed's files (what was sent left out)."""
    mine = tokens(reply)
    if len(mine) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.relative_to(ws).parts[0] != "outbox"]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    runs = {tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}
    return len(runs & grams) >= 0.6 * len(runs)


def check(workspace, answer):
    mine = [body(m) for m in sent_to(workspace, TO)]
    if not mine:
        return 0.0
    t = "\n".join(mine)
    if _pasted(workspace, t):
        return 0.0
    if not has_date(t, date(2025, 6, 18), alone=True) or has_date(t, date(2025, 9, 2)):
        return 0.0
    if says_any(t, "repair is covered", "screen is covered", "damage is covered", "repair will be covered",
                "covered under version 3", "covered by version 3", "version 3 applies", "v3 applies"):
        return 0.0
    no = says_any(t, *NOT)
    if not no:
        return 0.0
    score = 0.30 + 0.30
    score += 0.20 * (has_date(t, date(2027, 6, 17), alone=True) or has_date(t, date(2027, 6, 18), alone=True)
                     or (says_any(t, "June 2027") and not says_any(t, "2028")))
    score += 0.10 * says_any(t, "version 2", "v2", "policy 2", "2023 policy", "previous policy",
                             "older policy", "old policy")
    score += 0.10 * says(t, "Vanta 14 G3")
    return score


check = graded(check)
