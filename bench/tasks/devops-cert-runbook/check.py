"""Own task: the March certificate-rotation runbook, runbooks/cert-rotation-2026-03.md (today is 3 March 2026).

Items: the hosts, exactly the five active ones expiring by 31 March and no other host of the inventory (0.35);
each of their certificate paths as their configs give them, and not the 2024 runbook's /etc/ssl/private (0.25);
the new CA (Corp Issuing CA G3) and its request address, the retired one not recommended (0.15); the reload for each kind of
server, nginx and HAProxy, not a restart (0.25). The host list is the core: with the wrong hosts nothing counts.
"""

import re

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import graded, text

RUNBOOK = "runbooks/cert-rotation-2026-03.md"
DUE = {'shop-edge-01': '/etc/pki/tls/certs/shop-edge-01.corp.example.crt', 'shop-edge-02': '/etc/pki/tls/certs/shop-edge-02.corp.example.crt', 'api-gw-03': '/etc/haproxy/certs/api-gw-03.corp.example.pem', 'grafana-01': '/etc/pki/tls/certs/grafana-01.corp.example.crt', 'mqtt-lb-02': '/etc/haproxy/certs/mqtt-lb-02.corp.example.pem'}  # host -> certificate path
OTHERS = ['shop-edge-03', 'api-gw-01', 'vpn-01', 'kibana-01']
CA, CA_OLD, CA_MAIL = 'Corp Issuing CA G3', 'Corp Issuing CA G2', 'pki-requests@corp.example'


def _named(t, host):
    return re.search(r"(?<![\w-])" + re.escape(host) + r"(?![\w-])", t) is not None


def _pasted(r, ws):
    src = set()
    for p in ["docs/runbooks/cert-rotation.md", "inventory/certificates.csv", *(f"hosts/{h}/{c}" for h in DUE
                                                                          for c in ("nginx.conf", "haproxy.cfg"))]:
        src |= {ln.strip() for ln in text(ws / p).splitlines()}
    mine = [ln.strip() for ln in r.splitlines() if len(ln.strip()) >= 12]
    return bool(mine) and sum(ln in src for ln in mine) / len(mine) >= 0.5


def check(ws, answer):
    r = text(ws / RUNBOOK)
    if _pasted(r, ws):
        return 0.0
    if not all(_named(r, h) for h in DUE) or any(_named(r, h) for h in OTHERS):
        return 0.0
    paths = all(p in r for p in DUE.values()) and "/etc/ssl/private" not in r
    old_ok = not any(CA_OLD.lower() in s.lower() and not says_any(s, "no longer", "stopped", "stops", "retired",
                                                                   "old", "not", "instead", "replaced")
                     for s in re.split(r"(?<=[.!?])\s+|\n+", r))
    ca = (CA.lower() in r.lower() or re.search(r"\bG3\b", r) is not None) and CA_MAIL in r and old_ok
    nginx = bool(re.search(r"nginx -s reload|systemctl reload nginx|service nginx reload", r))
    haproxy = bool(re.search(r"systemctl reload haproxy|service haproxy reload", r))
    restart = bool(re.search(r"(systemctl|service)\s+restart\s+(nginx|haproxy)|service (nginx|haproxy) restart", r))
    return 0.35 + 0.25 * paths + 0.15 * ca + 0.25 * (nginx and haproxy and not restart)


check = graded(check)  # a pasted file is no answer
