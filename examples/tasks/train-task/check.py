def check(workspace, answer):
    path = workspace / "done.md"
    return 1.0 if path.is_file() and "booked" in path.read_text(errors="replace").lower() else 0.0
