import re

from edgeagent.bench.taskcheck import graded, text


def check(workspace, answer):
    doc = text(workspace / "compose.yaml")
    published = re.findall(r'-\s*"?(\d+):(\d+)"?', doc)
    hosts = [h for h, _ in published]
    if not doc or len(hosts) != 3 or len(set(hosts)) != 3:
        return 0.0  # a host port still taken twice, or a service's mapping lost
    api_ok = re.search(r'api:[\s\S]*?-\s*"?8080:8080"?', doc) is not None
    admin_ok = ("3000" in [c for _, c in published])
    return 0.5 + 0.3 * api_ok + 0.2 * admin_ok


check = graded(check)  # a pasted file is no answer
