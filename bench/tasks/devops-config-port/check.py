import tomllib

from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    path = workspace / "config" / "server.toml"
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, ValueError):
        return 0.0
    if data.get("server", {}).get("port") != 9090:
        return 0.0  # the untouched seed keeps the rest of the file too: that alone earns nothing
    # The port changed, and the rest of the file survived the edit.
    return 0.7 + 0.15 * (data["server"].get("host") == "0.0.0.0") + 0.15 * (data.get("logging") == {"level": "info"})


check = graded(check)  # a pasted file is no answer
