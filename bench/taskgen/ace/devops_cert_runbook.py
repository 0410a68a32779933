"""Own task (DevOps): write the March certificate-rotation runbook: which active hosts' certificates expire before
31 March 2026 (from a ~300-row inventory, where retired hosts and April expiries are distractors), where each
one's certificate and key live (only in that host's nginx or HAProxy config in the infra repository, ~40
commits), how to request from the new issuing CA (a security team mail among ~60), and how to reload each kind of
server. The 2024 runbook in the repository names the old CA and old paths: the trap."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import busy_history, main, repo, write_steps

from edgeagent.bench.taskgen.filler import Filler, Mail, Person

SEED = "own-devops-cert-runbook"
TODAY = date(2026, 3, 3)
CA, CA_OLD, CA_MAIL = "Corp Issuing CA G3", "Corp Issuing CA G2", "pki-requests@corp.example"
DUE = [("shop-edge-01", "nginx", date(2026, 3, 9)), ("shop-edge-02", "nginx", date(2026, 3, 9)),
       ("api-gw-03", "haproxy", date(2026, 3, 17)), ("grafana-01", "nginx", date(2026, 3, 24)),
       ("mqtt-lb-02", "haproxy", date(2026, 3, 30))]
NEAR = [("shop-edge-03", "nginx", date(2026, 4, 2), "active"), ("api-gw-01", "haproxy", date(2026, 3, 12), "retired"),
        ("vpn-01", "nginx", date(2026, 2, 26), "retired"), ("kibana-01", "nginx", date(2026, 4, 14), "active")]


def _paths(host: str, kind: str) -> tuple[str, str]:
    if kind == "nginx":
        return f"/etc/pki/tls/certs/{host}.corp.example.crt", f"/etc/pki/tls/private/{host}.corp.example.key"
    return f"/etc/haproxy/certs/{host}.corp.example.pem", f"/etc/haproxy/certs/{host}.corp.example.pem"


def _conf(host: str, kind: str) -> str:
    crt, key = _paths(host, kind)
    if kind == "nginx":
        return (f"server {{\n    listen 443 ssl http2;\n    server_name {host}.corp.example;\n\n"
                f"    ssl_certificate     {crt};\n    ssl_certificate_key {key};\n    ssl_protocols TLSv1.2 TLSv1.3;\n\n"
                "    location / {\n        proxy_pass http://127.0.0.1:8080;\n    }\n}\n")
    return (f"global\n    log /dev/log local0\n\nfrontend https_in\n    bind *:443 ssl crt {crt} alpn h2,http/1.1\n"
            "    default_backend app\n\nbackend app\n    balance roundrobin\n    server a1 10.0.4.11:8080 check\n"
            "    server a2 10.0.4.12:8080 check\n")


OLD_RUNBOOK = f"""\
# Certificate rotation (2024)

1. Request the certificate from {CA_OLD} through the old portal.
2. Copy it to /etc/ssl/private/<host>.pem on the host.
3. Restart the web server: `service nginx restart`.
"""


def _inventory(rng: random.Random) -> tuple[list[list[str]], dict[str, str]]:
    rows, kinds = [], {}
    for h, k, d in DUE:
        rows.append([h, k, d.isoformat(), "active"])
        kinds[h] = k
    for h, k, d, s in NEAR:
        rows.append([h, k, d.isoformat(), s])
        kinds[h] = k
    words = ["app", "db", "cache", "search", "ci", "wiki", "git", "mail", "log", "auth", "pay", "cdn", "img", "ws"]
    while len(rows) < 300:
        h = f"{rng.choice(words)}-{rng.choice(['edge', 'lb', 'gw', 'int', 'ext'])}-{rng.randint(1, 40):02d}"
        if h in kinds:
            continue
        k = rng.choice(["nginx", "nginx", "haproxy"])
        d = TODAY + timedelta(days=rng.randint(35, 400)) if rng.random() < 0.85 else \
            TODAY - timedelta(days=rng.randint(10, 300))
        rows.append([h, k, d.isoformat(), "active" if d > TODAY else "retired"])
        kinds[h] = k
    rng.shuffle(rows)
    return rows, kinds


def _build(ws: Path) -> None:
    f = Filler(SEED)
    rng = random.Random(701)
    rows, kinds = _inventory(rng)
    files = {f"hosts/{h}/{'nginx.conf' if k == 'nginx' else 'haproxy.cfg'}": _conf(h, k) for h, k in kinds.items()}
    files["docs/runbooks/cert-rotation.md"] = OLD_RUNBOOK
    files["README.md"] = "# infra-config\n\nPer-host web server configs (hosts/<host>/), applied by the config job.\n"
    people = [f"{p.name} <{p.email}>" for p in (f.person(dept="Operations") for _ in range(4))]
    hist = busy_history(rng, people, datetime(2025, 11, 3, 9, 0), 40, files, {}, (20, 60))
    repo(ws.parent / "workspace.gitbundle", hist)
    (ws / "inventory").mkdir()
    (ws / "inventory" / "certificates.csv").write_text(
        "host,server,not_after,status\n" + "\n".join(",".join(r) for r in rows) + "\n")
    sec = Person("Security Team", "security@corp.example", f.company)
    mails = f.mailbox(60, datetime(2026, 1, 10), datetime(2026, 3, 2, 18))
    mails.append(Mail(sec, [f.me], "New issuing CA from 1 March", datetime(2026, 2, 20, 9, 30),
                      f"Hello,\n\nFrom 1 March 2026 all server certificates are issued by {CA}. {CA_OLD} stops "
                      f"issuing on 28 February. Send a CSR per host (2048-bit RSA or P-256) to {CA_MAIL} with the "
                      "host name in the subject; certificates come back within one working day, chain included.\n\n"
                      "Security Team", key="ca"))
    f.write_mailbox(ws / "inbox", mails)


CHECK = '''\
"""Own task: the March certificate-rotation runbook, runbooks/cert-rotation-2026-03.md (today is 3 March 2026).

Items: the hosts, exactly the five active ones expiring by 31 March and no other host of the inventory (0.35);
each of their certificate paths as their configs give them, and not the 2024 runbook's /etc/ssl/private (0.25);
the new CA ({ca}) and its request address, the retired one not recommended (0.15); the reload for each kind of
server, nginx and HAProxy, not a restart (0.25). The host list is the core: with the wrong hosts nothing counts.
"""

import re

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import graded, text

RUNBOOK = "runbooks/cert-rotation-2026-03.md"
DUE = {due!r}  # host -> certificate path
OTHERS = {others!r}
CA, CA_OLD, CA_MAIL = {ca!r}, {ca_old!r}, {ca_mail!r}


def _named(t, host):
    return re.search(r"(?<![\\w-])" + re.escape(host) + r"(?![\\w-])", t) is not None


def _pasted(r, ws):
    src = set()
    for p in ["docs/runbooks/cert-rotation.md", "inventory/certificates.csv", *(f"hosts/{{h}}/{{c}}" for h in DUE
                                                                          for c in ("nginx.conf", "haproxy.cfg"))]:
        src |= {{ln.strip() for ln in text(ws / p).splitlines()}}
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
                     for s in re.split(r"(?<=[.!?])\\s+|\\n+", r))
    ca = (CA.lower() in r.lower() or re.search(r"\\bG3\\b", r) is not None) and CA_MAIL in r and old_ok
    nginx = bool(re.search(r"nginx -s reload|systemctl reload nginx|service nginx reload", r))
    haproxy = bool(re.search(r"systemctl reload haproxy|service haproxy reload", r))
    restart = bool(re.search(r"(systemctl|service)\\s+restart\\s+(nginx|haproxy)|service (nginx|haproxy) restart", r))
    return 0.35 + 0.25 * paths + 0.15 * ca + 0.25 * (nginx and haproxy and not restart)


check = graded(check)  # a pasted file is no answer
'''


def _runbook(due=DUE, extra: str = "") -> str:
    lines = ["# Certificate rotation, March 2026", "",
             f"Certificates are now issued by {CA} ({CA_OLD} stopped issuing on 28 February).", "",
             "## Hosts due before 31 March", "", "| host | server | expires | certificate | key |", "|---|---|---|---|---|"]
    for h, k, d in due:
        crt, key = _paths(h, k)
        lines.append(f"| {h} | {k} | {d.isoformat()} | {crt} | {key} |")
    lines += ["", "## Steps per host", "",
              f"1. Create a CSR (RSA 2048 or P-256) with the host name as subject and send it to {CA_MAIL}.",
              ("2. Install the returned certificate with its chain at the path above (HAProxy: certificate, chain and "
              "key in the one .pem)."),
              "3. Check the config: `nginx -t` or `haproxy -c -f /etc/haproxy/haproxy.cfg`.",
              ("4. Reload, don't restart: `systemctl reload nginx` on nginx hosts, `systemctl reload haproxy` on "
              "HAProxy hosts."),
              "5. Verify: `openssl s_client -connect <host>.corp.example:443` shows the new expiry and issuer.", ""]
    return "\n".join(lines) + extra


def task():
    rb = _runbook()
    steps = [
        ("query", {"sql": "SELECT host, server, not_after FROM certificates WHERE status = 'active' AND not_after "
                          "<= '2026-03-31' ORDER BY not_after"}),
        ("search_mail", {"query": "issuing CA"}),
        ("read_file", {"path": "hosts/shop-edge-01/nginx.conf"}),
        ("read_file", {"path": "hosts/api-gw-03/haproxy.cfg"}),
        ("read_file", {"path": "hosts/grafana-01/nginx.conf"}),
        ("read_file", {"path": "hosts/mqtt-lb-02/haproxy.cfg"}),
        ("read_file", {"path": "docs/runbooks/cert-rotation.md"}),
        *write_steps("runbooks/cert-rotation-2026-03.md", rb),
    ]
    answer = ("Runbook written: five active certificates expire by 31 March (shop-edge-01 and -02 on 9 March, "
              "api-gw-03 on 17 March, grafana-01 on 24 March, mqtt-lb-02 on 30 March). CSRs go to "
              f"{CA_MAIL} ({CA}); reload nginx or HAProxy after installing. The 2024 runbook's CA and paths are out "
              "of date.")
    alt = ("# March cert rotation\n\nNew CA: " + CA + f"; request by mail to {CA_MAIL}.\n\n" + "\n".join(
        f"- {h} ({k}, expires {d:%d %b}): cert at {_paths(h, k)[0]}" for h, k, d in DUE) +
        "\n\nAfter installing: `nginx -s reload` (nginx) / `systemctl reload haproxy` (HAProxy).\n")
    right = [
        dict(why="the reference runbook, a short answer", answer="Runbook is in runbooks/."),
        dict(why="a bullet list instead of a table, nginx -s reload", base="nothing", answer="Done.",
             steps=[("write_file", {"path": "runbooks/cert-rotation-2026-03.md", "content": alt})]),
        dict(why="extra true detail: shop-edge-03 is due in April", answer=answer + " shop-edge-03 follows on 2 April."),
    ]
    near_due = [*DUE[:4], ("shop-edge-03", "nginx", date(2026, 4, 2))]
    wrong = [
        dict(kind="near-miss", why="a 30-day window from today: shop-edge-03 (2 April) in, mqtt-lb-02 out",
             base="nothing", answer="Runbook written.",
             steps=write_steps("runbooks/cert-rotation-2026-03.md", _runbook(near_due))),
        dict(kind="wrong-entity", why="the retired api-gw-01 included", base="nothing", answer="Runbook written.",
             steps=write_steps("runbooks/cert-rotation-2026-03.md",
                               _runbook([*DUE, ("api-gw-01", "haproxy", date(2026, 3, 12))]))),
        dict(kind="hedge", why="'maybe also shop-edge-03 and kibana-01'", base="nothing", answer="Runbook written.",
             steps=write_steps("runbooks/cert-rotation-2026-03.md",
                               _runbook(extra="\nPossibly also shop-edge-03 and kibana-01, to be safe.\n"))),
        dict(kind="false-claim", why="describes the runbook, wrote none", base="nothing", answer=answer),
        dict(kind="dump", why="the runbook is the old 2024 one pasted with the host list", base="nothing",
             answer="Runbook written.",
             steps=[("write_file", {"path": "runbooks/cert-rotation-2026-03.md",
                                    "content": OLD_RUNBOOK + "\n" + ", ".join(h for h, _k, _d in DUE) + "\n"})]),
    ]
    port = Port("devops-cert-runbook", 0, "test",
                ("A batch of our TLS certificates expires this month. Please write the rotation runbook for March as "
                 "runbooks/cert-rotation-2026-03.md: which hosts need a new certificate before 31 March, where each "
                 "one's certificate and key sit on the host, how we request certificates now, and how to reload each "
                 "kind of server afterwards. It's Tuesday 3 March 2026."),
                ["list_dir", "read_file", "search", "query", "git_log", "git_show", "list_mail", "read_mail",
                 "search_mail", "write_file", "append_file"],
                answer=answer, steps=steps,
                check=CHECK.format(due={h: _paths(h, k)[0] for h, k, _d in DUE},
                                   others=[h for h, _k, _d, _s in NEAR], ca=CA, ca_old=CA_OLD, ca_mail=CA_MAIL),
                right=right, wrong=wrong, category="devops")
    return port, _build


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
