from edgeagent.bench.taskcheck import graded, text

SECRETS = ['ana.m@mail.example', 'kari.nord@webmail.example', 'p.osei@inbox.example', 'sess_0f42907a70c3', 'sess_6b0a830e07bc', 'sess_6b4c4a23d596', 'sess_892fd23f0824', 'sess_c7a2b2f14c94', 'sess_d3ac0f21ddb6']
ERROR_TIMES = ['2026-01-11T10:03:00Z', '2026-01-11T10:10:00Z', '2026-01-11T10:19:00Z', '2026-01-11T10:29:00Z', '2026-01-11T10:38:00Z', '2026-01-11T10:46:00Z']


def check(workspace, answer):
    out = text(workspace / "logs" / "vendor-share.log")
    if not out.strip():
        return 0.0
    if any(s in out for s in SECRETS):
        return 0.1  # one address or token left in means it cannot be shared
    got = [ln for ln in out.splitlines() if ln.strip()]
    errors = sum(any(ln.startswith(t) and "ERROR" in ln for ln in got) for t in ERROR_TIMES) / len(ERROR_TIMES)
    return 0.3 + 0.5 * errors + 0.1 * (not any("INFO" in ln for ln in got)) + 0.1 * ("[REDACTED]" in out)


check = graded(check)  # a pasted file is no answer
