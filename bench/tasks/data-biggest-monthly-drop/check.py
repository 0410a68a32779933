from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    others = sum(mentions(answer, m) for m in ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-10', '2025-11', '2025-12'])
    named = (mentions(answer, "September") or mentions(answer, "2025-09")) and others < 3  # not the table
    return 0.6 * named + 0.4 * has_number(answer, 29.0, tol=0.06)


check = graded(check)  # a pasted file is no answer
