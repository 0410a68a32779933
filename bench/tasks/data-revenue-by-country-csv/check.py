from edgeagent.bench.taskcheck import graded, rows

WANT = {'DE': 10134.22, 'FR': 9158.1, 'NL': 4761.03, 'NO': 3204.03, 'PL': 9812.18, 'PT': 18887.2, 'SE': 22475.73}


def check(workspace, answer):
    table = rows(workspace / "revenue-by-country.csv")
    got = {}
    for r in table:
        try:
            got[r.get("country", "")] = float(r.get("revenue_eur", "").replace(",", ""))
        except ValueError:
            pass
    if not got:
        return 0.0
    right = sum(abs(got.get(c, -1) - v) < 0.011 for c, v in WANT.items()) / len(WANT)
    return 0.9 * right + 0.1 * (set(got) == set(WANT))


check = graded(check)  # a pasted file is no answer
