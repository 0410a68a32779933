from edgeagent.bench.taskcheck import graded, has_number, numbers


def check(workspace, answer):
    # The exact count; a list of candidate counts is not one (dates and status codes may appear).
    others = [n for n in numbers(answer) if n not in (4, 5, 11, 2026) and not 500 <= n <= 599]
    return 1.0 if has_number(answer, 4, tol=0) and len(others) <= 1 else 0.0


check = graded(check)  # a pasted file is no answer
