from edgeagent.bench.taskcheck import graded, rows

WANT = {'central': ['L-05', 'L-06'], 'north': ['L-01', 'L-03', 'L-07'], 'south': ['L-02', 'L-04']}


def check(workspace, answer):
    score = 0.0
    for region, ids in WANT.items():
        table = rows(workspace / "leads" / f"{region}.csv")
        got = sorted(r.get("id", "") for r in table)
        cols = bool(table) and set(table[0]) == {"id", "company", "email", "region"}
        score += (0.7 * (got == ids) + 0.3 * cols) / len(WANT)
    return score


check = graded(check)  # a pasted file is no answer
