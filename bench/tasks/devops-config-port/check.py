import tomllib


def check(workspace, answer):
    path = workspace / "config" / "server.toml"
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, ValueError):
        return 0.0
    # The port changed, and the rest of the file survived the edit.
    return 0.7 * (data.get("server", {}).get("port") == 9090) + 0.3 * (data.get("server", {}).get("host") == "0.0.0.0")
