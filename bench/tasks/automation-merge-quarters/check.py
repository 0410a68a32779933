from edgeagent.bench.taskcheck import graded, rows, text

IDS = ['Q1-000', 'Q1-001', 'Q1-002', 'Q1-003', 'Q1-004', 'Q1-005', 'Q2-000', 'Q2-001', 'Q2-002', 'Q2-003', 'Q2-004', 'Q2-005', 'Q2-006', 'Q2-007', 'Q2-008', 'Q3-000', 'Q3-001', 'Q3-002', 'Q3-003', 'Q3-004', 'Q3-005', 'Q4-000', 'Q4-001', 'Q4-002', 'Q4-003', 'Q4-004', 'Q4-005', 'Q4-006', 'Q4-007', 'Q4-008']


def check(workspace, answer):
    table = rows(workspace / "sales" / "2025.csv")
    if not table:
        return 0.0
    got = [r.get("order_id", "") for r in table]
    found = sum(i in got for i in IDS) / len(IDS)
    headers = text(workspace / "sales" / "2025.csv").count("order_id,")
    return 0.7 * found + 0.2 * (headers == 1) + 0.1 * (len(got) == len(IDS))


check = graded(check)  # a pasted file is no answer
