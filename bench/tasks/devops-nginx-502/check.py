import re

from edgeagent.bench.taskcheck import graded, mentions, text


def check(workspace, answer):
    conf = text(workspace / "nginx" / "shop.conf")
    if not re.search(r"proxy_pass\s+http://api:8080/?;", conf):
        return 0.0
    kept = all(k in conf for k in ("listen 80;", "proxy_read_timeout 30s;", "root /srv/www;"))
    return 0.6 + 0.2 * kept + 0.2 * mentions(answer, "8008")


check = graded(check)  # a pasted file is no answer
