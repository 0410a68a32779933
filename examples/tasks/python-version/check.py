def check(workspace, answer):
    return 1.0 if answer and "3.11" in answer else 0.0
