from edgeagent.bench.taskcheck import graded, has_number, mentions


def check(workspace, answer):
    if any(mentions(answer, w) for w in ("not within", "over the limit", "exceed", "above the limit")):
        return 0.0  # 389 EUR for three nights is 129.67 a night, under 150
    return 0.6 * has_number(answer, 129.67, tol=0.01) + 0.4 * has_number(answer, 150)


check = graded(check)  # a pasted file is no answer
