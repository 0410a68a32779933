from edgeagent.bench.taskcheck import graded, rows

WANT = {'sofia.lindgren@brightwater.example': 'yes', 'emeka.obi@brightwater.example': 'no', 'julia.nowak@brightwater.example': 'yes', 'kenji.mori@brightwater.example': 'no', 'hanna.berg@brightwater.example': 'yes'}


def check(workspace, answer):
    got = {r.get("email", "").lower(): r.get("attending", "").lower() for r in rows(workspace / "rsvps.csv")}
    if not got:
        return 0.0
    return sum(0.4 * (e in got) + 0.6 * (got.get(e) == a) for e, a in WANT.items()) / len(WANT)


check = graded(check)  # a pasted file is no answer
