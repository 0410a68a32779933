from edgeagent.taskcheck import has_number, numbers


def check(workspace, answer):
    # The exact count; a list of numbers is not one.
    small = [n for n in numbers(answer) if n not in (5, 11, 2026)]
    return 1.0 if has_number(answer, 4, tol=0) and len(small) <= 2 else 0.0
