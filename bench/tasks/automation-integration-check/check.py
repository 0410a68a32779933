"""AceBench 120: is daily_stock_analysis integrated into the server? No: report, skill and a reply to the colleague.

Weights from the original's judge rubric:
- correctness 0.25: integration_report.md says daily_stock_analysis is not integrated (or not deployed, pending),
  claims nowhere that it is, and says what is done (local development, the Docker image) and what is missing
  (cron, compose service, systemd).
- evidence 0.30: the report cites at least three of the artifacts that show it (status.yaml, the crontab, the
  compose file, the project README, the absent systemd unit); two earn half.
- skill 0.25: skills/server-integration-checker/SKILL.md with front matter name and description and steps over
  at least three of: deployment status, cron, docker-compose, systemd, service list.
- communication 0.20: a mail to the colleague who asked, saying it is not integrated yet and what remains.
Re-weighted: skill and reply count in proportion to the report's correctness and evidence earned (a reply that
answers wrongly, or a skill with no answer, is not the job).
"""

import re

from edgeagent.bench.grading import says, says_any
from edgeagent.bench.taskcheck import body, graded, mails, recipients, text

ASKER = 'jill.hill@lawrence.example'
NEG = ("not integrated", "not been integrated", "not yet integrated", "isn't integrated", "hasn't been integrated",
       "not deployed", "not been deployed", "not yet deployed", "isn't deployed", "hasn't been deployed",
       "not_deployed", "pending", "not on the server", "not running")
POS = re.compile(r"\b(is|has been|was|already|now|fully)\s+(integrated|deployed|running|live|scheduled)\b", re.I)
HEDGE = re.compile(r"\b(partially|partly|maybe|probably|possibly|might|may|seems? to be|appears? to be)\b", re.I)


def _sentences(t):
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", t) if s.strip()]


def _verdict(t):
    """Says not integrated, and no sentence about it claims or half-claims the opposite."""
    said = False
    for s in _sentences(t):
        about = says_any(s, "daily_stock_analysis", "daily stock analysis", "it", "the service", "the project")
        if not about or says_any(s, "daily_stock_report", "daily stock report"):
            continue
        neg = says_any(s, *NEG)
        if (POS.search(s) and not neg) or (HEDGE.search(s) and says_any(s, "integrated", "deployed")):
            return False
        said = said or neg
    return said


def _done_missing(t):
    return says_any(t, "docker image", "image", "local development", "locally", "developed") and \
        says_any(t, "cron", "crontab") and says_any(t, "compose", "docker-compose") and \
        says_any(t, "systemd", "unit")


def check(ws, answer):
    r = text(ws / "integration_report.md")
    right = _verdict(r) and _done_missing(r)
    cites = sum(says_any(r, *names) for names in (("status.yaml", "deployment status", "pending_deployments"),
                                                  ("crontab", "crontab.txt"),
                                                  ("docker-compose.yml", "docker-compose", "compose file"),
                                                  ("README", "README.md"),
                                                  ("systemd",)))
    core = 0.25 * right + (0.30 if cites >= 3 else 0.15 if cites == 2 else 0.0) * right
    if not core:
        return 0.0
    sk = text(ws / "skills/server-integration-checker/SKILL.md")
    fm = re.match(r"\s*---\s*\n(.*?)\n---", sk, re.DOTALL)
    skill = bool(fm) and bool(re.search(r"(?m)^name\s*:\s*\S", fm.group(1))) and \
        bool(re.search(r"(?m)^description\s*:\s*\S", fm.group(1))) and \
        sum(says_any(sk, *w) for w in (("status",), ("cron", "crontab"), ("compose",), ("systemd",),
                                       ("service list", "services"))) >= 3
    replies = [body(m) for m in mails(ws, "outbox") if ASKER in recipients(m)]
    reply = len(replies) >= 1 and all(_verdict(b) for b in replies) and \
        any(says_any(b, "cron", "compose", "systemd", "deploy", "deployment") for b in replies)
    return core + (0.25 * skill + 0.20 * reply) * core / 0.55


check = graded(check)  # a pasted file is no answer
