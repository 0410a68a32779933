from edgeagent.bench.taskcheck import graded, rows

EXPECT = {'kari.nord@webmail.example': '2026-01-09', 'p.osei@inbox.example': '2026-01-10', 'sam.lee@postbox.example': '2026-01-11', 'ana.m@mail.example': '2026-01-12'}


def check(workspace, answer):
    table = rows(workspace / "support-requests.csv")
    got = {(r.get("customer_email") or "").strip().lower(): (r.get("date") or "").strip() for r in table}
    found = [e for e in EXPECT if e in got]
    if not found:
        return 0.0
    score = 0.5 * len(found) / len(EXPECT) + 0.3 * sum(got[e] == EXPECT[e] for e in found) / len(EXPECT)
    return score + 0.2 * (len(table) == len(EXPECT))  # no newsletter or colleague rows


check = graded(check)  # a pasted file is no answer
