from edgeagent.bench.taskcheck import graded, mentions

NIGHT = ['daniel.kim']
DAY_ONLY = ['aiko.tanaka', 'hanna.berg', 'mira.chen', 'tomas.berg']


def check(workspace, answer):
    found = sum(mentions(answer, u.split(".")[0]) for u in NIGHT) / len(NIGHT)
    if not found:
        return 0.0
    return max(0.0, found - 0.25 * sum(mentions(answer, u.split(".")[0]) for u in DAY_ONLY))


check = graded(check)  # a pasted file is no answer
