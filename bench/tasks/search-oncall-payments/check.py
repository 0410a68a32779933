from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    if not mentions(answer, "Tanaka"):
        return 0.0
    others = sum(mentions(answer, n) for n in ("Tomas Berg", "Ruth Okafor", "Daniel Kim"))
    return 1.0 if not others else 0.3  # naming the whole table is not an answer


check = graded(check)  # a pasted file is no answer
