import re

from edgeagent.bench.taskcheck import graded, has_number, rows

TRIP = [23.40, 389.00, 41.80, 4.60]


def check(workspace, answer):
    table = rows(workspace / "expenses-lisbon.csv")
    amounts = []
    for r in table:
        try:
            amounts.append(float((r.get("amount_eur") or "").replace(",", "")))
        except ValueError:
            pass
    score = 0.4 * sum(any(abs(a - t) < 0.005 for a in amounts) for t in TRIP) / len(TRIP)
    if any(abs(a - 58.20) < 0.005 for a in amounts):  # the Berlin receipt is not part of the trip
        score /= 2
    if table:
        score += 0.15 * (set(table[0]) == {"date", "vendor", "amount_eur"})
        score += 0.15 * all(re.fullmatch(r"2026-01-0[5-8]", (r.get("date") or "").strip()) for r in table)
    score += 0.3 * has_number(answer, 458.80)
    return score


check = graded(check)  # a pasted file is no answer
