import configparser

from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    cfg = configparser.ConfigParser()
    try:
        cfg.read_string((workspace / "monitoring" / "alerts.ini").read_text())
    except (OSError, configparser.Error):
        return 0.0
    th = {s: cfg.get(s, "threshold", fallback="").strip() for s in ("db-1", "db-2", "web-1", "web-2")}
    db = (th["db-1"] == "80") + (th["db-2"] == "80")
    if not db:
        return 0.0
    return 0.35 * db + 0.15 * (th["web-1"] == "90") + 0.15 * (th["web-2"] == "90")


check = graded(check)  # a pasted file is no answer
