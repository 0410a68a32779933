import re

from edgeagent.bench.taskcheck import graded, text

LOW = ['SKU-3128', 'SKU-3170', 'SKU-3177']
OTHERS = ['SKU-3100', 'SKU-3107', 'SKU-3114', 'SKU-3121', 'SKU-3135', 'SKU-3142', 'SKU-3149', 'SKU-3156', 'SKU-3163', 'SKU-3184', 'SKU-3191']


def check(workspace, answer):
    skus = set(re.findall(r"SKU-\d+", text(workspace / "reorder.csv")))
    if not skus:
        return 0.0
    return max(0.0, sum(s in skus for s in LOW) / len(LOW) - 0.2 * sum(s in skus for s in OTHERS))


check = graded(check)  # a pasted file is no answer
