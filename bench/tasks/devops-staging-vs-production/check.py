from edgeagent.bench.taskcheck import graded, mentions

DIFFER = ("workers", "pool_size", "new_checkout", "host")
SAME = ("timeout_s",)


def check(workspace, answer):
    found = sum(mentions(answer, k) for k in DIFFER) / len(DIFFER)
    if not found:
        return 0.0
    return max(0.0, found - 0.25 * sum(mentions(answer, k) for k in SAME))


check = graded(check)  # a pasted file is no answer
