from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    took = mentions(answer, "CI matrix")
    done = any(mentions(answer, w) for w in ("2 October", "October 2", "2025-10-02", "done", "updated"))
    return 0.6 * took + 0.4 * (took and done)


check = graded(check)  # a pasted file is no answer
