from edgeagent.bench.taskcheck import graded, text

NEW = ['Fix crash on empty invoices', 'Add Norwegian translation', 'Speed up PDF rendering', 'Show due dates in reminders', 'Drop Python 3.8']
OLD = ['Initial import', 'Add CSV export']


def check(workspace, answer):
    notes = text(workspace / "RELEASE_NOTES.md").lower()
    if not notes.strip():
        return 0.0
    found = sum(m.lower() in notes for m in NEW) / len(NEW)
    return 0.8 * found + 0.2 * (found > 0 and not any(m.lower() in notes for m in OLD))


check = graded(check)  # a pasted file is no answer
