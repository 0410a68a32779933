from edgeagent.bench.taskcheck import graded, mentions

OPEN = ['Auditor visit', 'Travel freeze?']
DONE = ['Q1 headcount', 'Card limits', 'Board deck numbers']


def check(workspace, answer):
    score = 0.5 * sum(mentions(answer, s) for s in OPEN)
    # Naming the answered ones too is fine only when the answer says they were answered.
    told = any(mentions(answer, w) for w in ("replied to", "answered", "already"))
    wrong = 0 if told else sum(mentions(answer, s) for s in DONE)
    return max(0.0, score - 0.25 * wrong) if score else 0.0


check = graded(check)  # a pasted file is no answer
