from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    path = workspace / "ines.txt"
    return 1.0 if path.is_file() and "ines.duarte@lumen-labs.example" in path.read_text(errors="replace") else 0.0


check = graded(check)  # a pasted file is no answer
