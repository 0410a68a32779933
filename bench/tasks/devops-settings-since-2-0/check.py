from edgeagent.taskcheck import has_number, mentions


def check(workspace, answer):
    parts = [mentions(answer, "cache_ttl") and has_number(answer, 300, tol=0),
             mentions(answer, "max_upload") and has_number(answer, 25, tol=0),
             mentions(answer, "region")]
    if not any(parts):
        return 0.0
    return sum(parts) / 3
