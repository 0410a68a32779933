from edgeagent.bench.taskcheck import graded, text

PII = ['Alba Ferrer', 'alba.ferrer@correo.example', '4539 1488 0343 6467', 'Jonah Reyes', 'jreyes@mailbox.example', '5500 0055 5555 5559', 'Mei Lin Hsu', 'meilin.hsu@post.example', '4716 2210 7781 9925']
KEEP = ("14:02", "14:37", "rollback", "retry")


def check(workspace, answer):
    out = text(workspace / "incident-report-vendor.md")
    if not out.strip():
        return 0.0
    squashed = "".join(out.split()).casefold()
    clean = sum("".join(v.split()).casefold() not in squashed for v in PII) / len(PII)
    if clean < 1:
        return 0.3 * clean  # any value left in means the copy cannot go out
    kept = sum(k in out for k in KEEP) / len(KEEP)
    original = text(workspace / "incident-report.md")
    return 0.5 + 0.4 * kept + 0.1 * all(v in original for v in PII)


check = graded(check)  # a pasted file is no answer
