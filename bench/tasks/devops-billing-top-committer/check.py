from edgeagent.bench.taskcheck import graded, has_number, mentions

OTHERS = ['Mira Chen', 'Tomas Berg', 'Aiko Tanaka', 'Farid Haddad']


def check(workspace, answer):
    if sum(mentions(answer, o) for o in OTHERS) >= 3:
        return 0.0  # a pasted log names everyone
    return 0.6 * mentions(answer, "Daniel Kim") + 0.4 * has_number(answer, 5, tol=0)


check = graded(check)  # a pasted file is no answer
