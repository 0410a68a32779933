def check(workspace, answer):
    # A short summary.md that mentions something notes.md says.
    path = workspace / "summary.md"
    if not path.is_file():
        return 0.0
    text = path.read_text(errors="replace").lower()
    lines = [line for line in text.splitlines() if line.strip()]
    relevant = any(word in text for word in ("review", "budget", "staging", "python"))
    return 0.5 * (1 <= len(lines) <= 3) + 0.5 * relevant
