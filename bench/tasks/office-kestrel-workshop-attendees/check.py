from edgeagent.bench.taskcheck import graded, mentions


def check(workspace, answer):
    score = 0.5 * mentions(answer, "Priyanka") + 0.5 * mentions(answer, "Birgit")
    # Jonas declined and Carmen is not from Kestrel: naming them as coming is wrong, saying so is fine.
    wrong = [n for n in ("Jonas", "Carmen") if mentions(answer, n)]
    told = any(mentions(answer, w) for w in ("declined", "can't", "not coming", "isn't", "not from"))
    return max(0.0, score - (0 if told else 0.25 * len(wrong))) if score else 0.0


check = graded(check)  # a pasted file is no answer
