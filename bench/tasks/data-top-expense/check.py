def check(workspace, answer):
    return 1.0 if answer and "travel" in answer.lower() else 0.0
