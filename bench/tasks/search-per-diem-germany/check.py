from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if has_number(answer, 42) and not has_number(answer, 48):
        return 0.0  # the archived 2023 figure
    return 0.7 * has_number(answer, 48) + 0.3 * mentions(answer, "travel.md")


check = graded(check)  # a pasted file is no answer
