"""Own task: /var/log on app-03 filling up; logrotate.d/orders-api back to the logging policy.

Items: the orders-api rule keeps 14 rotations (0.40, the fix: without it nothing counts); compression on (0.20);
daily rotation and the rule's other directives kept (0.10); every other service's rule unchanged (0.10); the
answer names the commit 145e6a7 (0.10) and its author Shawn Davies (0.10).
"""

import re

from edgeagent.bench.grading import names_person
from edgeagent.bench.taskcheck import graded, text

BAD, AUTHOR = '145e6a7', 'Shawn Davies'
OTHERS = {'logrotate.d/payments-api': '/var/log/payments-api/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 payments adm\n}\n', 'logrotate.d/search-api': '/var/log/search-api/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 search adm\n}\n', 'logrotate.d/nginx': '/var/log/nginx/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 nginx adm\n}\n', 'logrotate.d/worker': '/var/log/worker/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 worker adm\n}\n', 'logrotate.d/cron-jobs': '/var/log/cron-jobs/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 cron adm\n}\n', 'logrotate.d/auth-api': '/var/log/auth-api/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 auth adm\n}\n', 'logrotate.d/notifier': '/var/log/notifier/*.log {\n    daily\n    rotate 14\n    missingok\n    notifempty\n    compress\n    delaycompress\n    copytruncate\n    create 0640 notifier adm\n}\n'}
CHOICE = re.compile(r"\b(or|either|maybe|perhaps|possibly|might|could|unclear)\b", re.IGNORECASE)


def _directives(t):
    return [ln.split("#")[0].strip() for ln in t.splitlines() if ln.split("#")[0].strip()]


def check(ws, answer):
    d = _directives(text(ws / "logrotate.d/orders-api"))
    rot = [x for x in d if x.startswith("rotate ")]
    if rot != ["rotate 14"]:
        return 0.0
    compress = "compress" in d
    kept = "daily" in d and not any(x in d for x in ("weekly", "monthly", "yearly")) and \
        all(x in d for x in ("missingok", "notifempty", "copytruncate", "create 0640 orders adm")) and \
        any(x.startswith("/var/log/orders-api/") for x in d)
    others = all(text(ws / p) == body for p, body in OTHERS.items())
    a = answer or ""
    hedged = any(BAD in s and CHOICE.search(s) for s in re.split(r"(?<=[.!?])\s+|\n+", a))
    return 0.40 + 0.20 * compress + 0.10 * kept + 0.10 * others + \
        (0.10 * (BAD in a) + 0.10 * names_person(a, AUTHOR)) * (not hedged)


check = graded(check)  # a pasted file is no answer
