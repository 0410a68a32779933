from edgeagent.bench.taskcheck import graded, text

MISSING = ['Olav Dahl', 'Marta Silva', 'Jakob Lund']
HAVE = ['Sofia Lindgren', 'Emeka Obi', 'Julia Nowak', 'Kenji Mori', 'Tomas Berg', 'Ruth Okafor', 'Hanna Berg', 'Lukas Brandt', 'Priyanka Rao', 'Birgit Aalto', 'Jonas Weber']


def check(workspace, answer):
    lines = [ln.strip().lower() for ln in text(workspace / "missing-email.txt").splitlines() if ln.strip()]
    if not lines:
        return 0.0
    found = sum(any(m.lower() in ln for ln in lines) for m in MISSING) / len(MISSING)
    wrong = sum(any(h.lower() in ln for ln in lines) for h in HAVE)
    return max(0.0, found - 0.2 * wrong)


check = graded(check)  # a pasted file is no answer
