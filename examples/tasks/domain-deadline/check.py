def check(workspace, answer):
    return 1.0 if answer and "12 december" in " ".join(answer.lower().split()) else 0.0
