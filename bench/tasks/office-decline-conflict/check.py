from datetime import datetime

from edgeagent.bench.taskcheck import body, events, graded, mentions, sent_to


def check(workspace, answer):
    sent = sent_to(workspace, "priyanka.rao@kestrel-logistics.example")
    if not sent:
        return 0.0
    score = 0.4 + 0.2 * any(mentions(body(m), "afternoon") for m in sent)
    score += 0.2 * mentions(answer, "board")  # says what clashes
    # Declining means not booking the demo over the board prep.
    clash = [e for e in events(workspace) if e.get("uid") not in ("b1", "b2")
             and isinstance(e.get("start"), datetime) and e["start"] < datetime(2026, 1, 15, 11, 30)
             and e.get("end") and e["end"] > datetime(2026, 1, 15, 10, 30)]
    return score + 0.2 * (not clash)


check = graded(check)  # a pasted file is no answer
