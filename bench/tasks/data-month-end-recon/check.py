"""data-month-end-recon: the seed's three judged items (anomalies 0.35, reconciliation and root cause 0.35, actions 0.30) as
deterministic checks on the report the user asked for (reports/march-reconciliation.md). A finding is read from the lines or sections
that name its customer, transaction or item; an action counts only for a finding the report got right."""

import re
from datetime import date

from edgeagent.bench.grading import dates_found, has_number, says_any
from edgeagent.bench.taskcheck import graded, text

CUSTOMERS = ["CUS-1301", "CUS-1302", "CUS-1303", "CUS-1304", "CUS-1305"]
PROBLEM = ["anomaly", "duplicate", "double", "twice", "shortfall", "short", "underpaid", "missing", "mismatch",
           "discrepancy", "overcharged", "issue", "problem", "investigate", "unexplained", "suspicious"]
NORMAL = ["normal", "ok", "fine", "reconciles", "reconciled", "reconcile", "matches", "match", "balanced",
          "justified", "expected", "no issue", "no issues", "correct", "clean", "legitimate", "approved", "as due",
          "in order", "all good", "no action", "nothing to do", "consistent", "agree", "agrees"]


def _sections(report):
    out, cur = [], []
    for ln in report.splitlines():
        if ln.lstrip().startswith("#") and cur:
            out.append(cur)
            cur = []
        cur.append(ln)
    return out + ([cur] if cur else [])


def _about(report, any_of, none_of=()):
    """Sections, lines or clauses that name one of `any_of` and none of `none_of`."""
    def fits(chunk):
        return says_any(chunk, *any_of) and not (none_of and says_any(chunk, *none_of))
    out = []
    for sec in _sections(report):
        if fits("\n".join(sec)):
            out.append("\n".join(sec))
            continue
        for ln in sec:
            if fits(ln):
                out.append(ln)
            elif says_any(ln, *any_of):
                out += [c for c in re.split(r"(?<=[.;])\s+|\s+\|\s+", ln) if fits(c)]
    return out


def _on(units, day):
    return any(any(f.means(day) for f in dates_found(u, 2026)) or
               says_any(u, f"{day.month}/{day.day}", f"{day.day}/{day.month}") for u in units)


def check(workspace, answer):
    report = text(workspace / "reports/march-reconciliation.md")
    if not report.strip():
        return 0.0
    others = [c for c in CUSTOMERS if c != "CUS-1301"]
    dup = any(says_any(u, "duplicate", "duplicated", "double", "doubled", "twice", "two identical", "charged two")
              and has_number(u, 85000, alone=True)
              for u in _about(report, ["CUS-1301", "TXN-1301", "TXN-1302"], others))
    short = any(says_any(u, "short", "shortfall", "underpaid", "underpayment", "missing", "less", "outstanding",
                         "gap", "owes", "owed") and has_number(u, 30000, alone=True)
                for u in _about(report, ["CUS-1303", "TXN-1310"], [c for c in CUSTOMERS if c != "CUS-1303"]))
    proc = any(has_number(u, 7000, alone=True) for u in _about(report, ["TXN-1305", "ITEM-1303"]))
    # anomalies 0.35: the duplicate charge (0.15), the purchase/intake gap (0.10), the shortfall (0.10)
    score = 0.15 * dup + 0.10 * proc + 0.10 * short
    # reconciliation and root cause 0.35
    job = _about(report, ["JOB-1301"], ["JOB-1302"])
    recon = _about(report, ["INT-1303"], ["INT-1304"])
    chain = any(says_any(u, "fail", "failed", "failing", "failure", "failures", "down", "error") for u in job) and \
        _on(job, date(2026, 3, 21))
    nosync = any(has_number(u, 6, alone=True) and says_any(u, "day", "days") for u in recon) or \
        _on(recon, date(2026, 3, 20))
    invoice = any(says_any(u, "v2", "v3", "version", "deprecated", "retired", "incompatible", "incompatibility",
                           "410", "upgrade", "upgraded") for u in _about(report, ["JOB-1302", "INT-1304"],
                                                                         ["JOB-1301", "INT-1303"]))
    score += 0.07 * chain + 0.08 * nosync + 0.08 * invoice
    for cus in ("CUS-1302", "CUS-1304", "CUS-1305"):  # the accounts that reconcile, said to (0.04 each)
        units = _about(report, [cus], ["CUS-1301", "CUS-1303"])  # the sound ones may share a line
        score += 0.04 * (any(says_any(u, *NORMAL) for u in units) and
                         not any(says_any(u, *PROBLEM) and not says_any(u, *NORMAL) for u in units) and dup)
    # actions 0.30, 0.06 each, for findings the report got right
    score += 0.06 * (dup and any(says_any(u, "refund", "refunded", "reimburse", "return", "credit", "reverse")
                                 for u in _about(report, ["CUS-1301", "TXN-1302", "duplicate"], others)))
    score += 0.06 * (short and any(says_any(u, "contact", "call", "ask", "chase", "follow up", "follow-up", "remind",
                                            "confirm", "reach out", "dunning", "collect")
                                   for u in _about(report, ["CUS-1303"], [c for c in CUSTOMERS if c != "CUS-1303"])))
    score += 0.06 * (chain and nosync and any(says_any(u, "fix", "restore", "repair", "reconnect", "restart",
                                                         "re-run", "rerun", "resume", "recover")
                                              for u in _about(report, ["INT-1303", "JOB-1301"], ["INT-1304"])))
    score += 0.06 * (invoice and any(says_any(u, "v3", "upgrade", "migrate", "migration", "update the sdk",
                                              "update the client")
                                     for u in _about(report, ["INT-1304", "JOB-1302", "invoice"], ["INT-1303"])))
    score += 0.06 * (proc and any(says_any(u, "investigate", "check", "verify", "review", "query", "ask", "audit",
                                           "trace", "explain", "look into", "confirm")
                                  for u in _about(report, ["TXN-1305", "ITEM-1303"])))
    return min(score, 1.0)


check = graded(check)
