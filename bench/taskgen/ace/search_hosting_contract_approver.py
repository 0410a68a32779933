"""Own task: for an audit, who approved the hosting-contract renewal with a vendor, on what date, and whether the
approver had the authority for its value.

The workspace holds 24 contract summaries (text), among them the vendor's expired 2024 agreement and the 2026
renewal (EUR 184,000 a year); two versions of the delegation-of-authority policy (2022: the CFO signs up to EUR
150,000; 2025, current: up to EUR 250,000, the CEO above); an org chart of ~120 people with salaries; and a mailbox
of ~130 messages with the approval thread: the Head of IT endorses the renewal on 22 January (not enough for its
value), the CFO turns down the first quote of EUR 212,000 on 27 January, and approves the renegotiated EUR
184,000 on 3 February 2026; the contract is signed on 5 February.

Answer: approved by the CFO (the org chart's Chief Financial Officer) on 3 February 2026, EUR 184,000, within the
CFO's EUR 250,000 limit under the current policy."""

from __future__ import annotations

import sys
from datetime import date, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # _base and devops_kit sit beside this file

from _base import Port
from devops_kit import main, write_steps

from edgeagent.bench.taskgen.filler import DEPARTMENTS, Filler, Mail

ID = "search-hosting-contract-approver"
OUT = "audit-note.md"

DOA_2022 = """# Delegation of authority

_Version 1 · approved by the board 14 March 2022 · superseded by version 2_

| Commitment (annual value) | Who approves |
|---|---|
| up to EUR 50,000 | Head of the budget-holding department |
| up to EUR 150,000 | Chief Financial Officer |
| above EUR 150,000 | Chief Executive Officer |

Approvals must be given in writing (mail is enough) before the contract is signed.
"""

DOA_2025 = """# Delegation of authority

_Version 2 · approved by the board 9 September 2025 · current_

What changed since version 1: the CFO's limit rises from EUR 150,000 to EUR 250,000.

| Commitment (annual value) | Who approves |
|---|---|
| up to EUR 50,000 | Head of the budget-holding department |
| up to EUR 250,000 | Chief Financial Officer |
| above EUR 250,000 | Chief Executive Officer |

Approvals must be given in writing (mail is enough) before the contract is signed. A department head's
endorsement of a larger commitment is a recommendation, not an approval.
"""

KINDS = ["Master services agreement", "Data processing agreement", "Statement of work", "Software licence",
         "Support and maintenance agreement", "Consulting agreement", "Facilities services agreement"]


def _cast(f: Filler):
    team = f.colleagues(20)
    cfo, cit, proc, ceo = team[0], team[1], team[2], team[3]
    vendor = f.vendors[0]
    return team, cfo, cit, proc, ceo, vendor


def _contract(num, vendor, kind, start, end, value, owner, body):
    return (f"CONTRACT SUMMARY {num}\n\nCounterparty: {vendor}\nType: {kind}\nTerm: {start} to {end}\n"
            f"Annual value: EUR {value:,}\nBusiness owner: {owner}\n\n{body}\n")


def build(ws: Path) -> dict[str, str]:
    f = Filler(ID)
    team, cfo, cit, proc, ceo, vendor = _cast(f)
    me = f.me
    rng = f.rng
    # org chart: the cast with fixed titles, the rest of the company around them
    titles = {cfo.name: ("Chief Financial Officer", "Finance", ceo.name),
              cit.name: ("Head of IT", "Operations", ceo.name),
              proc.name: ("Procurement Lead", "Operations", cfo.name),
              ceo.name: ("Chief Executive Officer", "Executive", "")}
    rows = []
    others = team[4:] + f.colleagues(100)
    for i, p in enumerate([ceo, cfo, cit, proc, me] + others):
        if p.name in titles:
            t, dept, mgr = titles[p.name]
        else:
            dept = rng.choice(list(DEPARTMENTS))
            t, mgr = rng.choice(DEPARTMENTS[dept]), rng.choice([cfo.name, cit.name] + [o.name for o in others[:12]])
        sal = 245000 if p is cfo else rng.randrange(42000, 160000, 500)
        rows.append([f"E{1040 + i * 7}", p.name, t, dept, mgr, p.city, str(sal)])
    head, rest = rows[:5], rows[5:]
    rng.shuffle(rest)
    org = rest[:30] + head[:2] + rest[30:70] + head[2:] + rest[70:]
    f.write_csv(ws / "org" / "org-chart.csv", ["employee_id", "name", "title", "department", "manager", "location",
                                               "salary_eur"], org)
    (ws / "org" / "team-directory.md").write_text(f.document("brief", title="How teams are organised"))

    c = ws / "contracts"
    c.mkdir()
    for k in range(22):
        v = rng.choice(f.vendors[1:])
        y = rng.choice([2023, 2024, 2025, 2026])
        num = f"CT-{y}-{rng.randint(1, 60):03d}"
        val = rng.randrange(8000, 240000, 500)
        c.joinpath(f"{num.lower()}-{v.split()[0].lower()}.txt").write_text(_contract(
            num, v, rng.choice(KINDS), f"{y}-{rng.randint(1, 12):02d}-01", f"{y + rng.choice([1, 2, 3])}-12-31",
            val, rng.choice(others).name, f.paragraph()))
    vslug = vendor.split()[0].lower()
    c.joinpath(f"ct-2024-031-{vslug}.txt").write_text(_contract(
        "CT-2024-031", vendor, "Cloud hosting services agreement", "2024-02-01", "2026-01-31", 139000, cit.name,
        "Managed hosting for the production and staging platforms. Approved by the then CFO under delegation of "
        "authority version 1; expired 31 January 2026."))
    c.joinpath(f"ct-2026-014-{vslug}.txt").write_text(_contract(
        "CT-2026-014", vendor, "Cloud hosting services agreement (renewal)", "2026-02-06", "2028-02-05", 184000,
        cit.name, "Renewal of CT-2024-031 with a larger storage tier. Signed by both parties on 5 February 2026. "
        "Approval: see the procurement file."))

    start, end = datetime(2026, 1, 5, 8), datetime(2026, 3, 13, 18)
    mails = f.mailbox(122, start, end, team[4:] + f.externals(8))
    sub = f"Approval needed: {vendor} hosting renewal (CT-2026-014)"
    mails += [
        Mail(proc, [cit, cfo], sub, datetime(2026, 1, 20, 10, 5),
             f"Hi {cit.first}, {cfo.first},\n\n{vendor} quoted EUR 212,000 a year for the two-year hosting "
             "renewal (the current agreement ends 31 January). Please approve or send back.\n\n"
             f"{proc.name}\nProcurement", cc=[me]),
        Mail(cit, [proc], "Re: " + sub, datetime(2026, 1, 22, 14, 40),
             f"{proc.first},\n\nApproved from IT's side: we need the storage tier. Over to {cfo.first}.\n\n"
             f"{cit.first}", cc=[me, cfo], key="it"),
        Mail(cfo, [proc], "Re: " + sub, datetime(2026, 1, 27, 9, 12),
             f"{proc.first},\n\nNot approved at EUR 212,000. Please go back to them: last term was 139k and I "
             f"won't sign off on a 50% jump.\n\n{cfo.first}", cc=[me, cit], key="no"),
        Mail(proc, [cfo], "Re: " + sub, datetime(2026, 2, 2, 16, 20),
             f"{cfo.first},\n\n{vendor} came back at EUR 184,000 a year, same scope, two years. OK to go ahead?"
             f"\n\n{proc.first}", cc=[me, cit]),
        Mail(cfo, [proc], "Re: " + sub, datetime(2026, 2, 3, 8, 47),
             f"{proc.first},\n\nApproved at EUR 184,000 a year. Go ahead and sign.\n\n{cfo.name}\nChief Financial "
             "Officer", cc=[me, cit], key="yes"),
        Mail(proc, [me], f"Signed: {vendor} hosting renewal", datetime(2026, 2, 5, 17, 2),
             f"Hi {me.first},\n\nBoth signatures are in as of today; the summary is filed as CT-2026-014.\n\n"
             f"{proc.first}"),
    ]
    mails.sort(key=lambda m: m.when)
    keys = f.write_mailbox(ws / "inbox", mails)
    p = ws / "policies"
    p.mkdir()
    (p / "delegation-of-authority-2022.md").write_text(DOA_2022)
    (p / "delegation-of-authority.md").write_text(DOA_2025)
    (p / "procurement-policy.md").write_text(f.document("policy", title="Procurement policy",
                                                         when=date(2025, 4, 2)))
    (p / "travel-policy.md").write_text(f.document("policy", title="Travel policy"))
    (ws / "notes").mkdir()
    (ws / "notes" / "audit-kickoff.md").write_text(f.document("notes", title="Audit kickoff notes"))
    (ws / "notes" / "it-status.md").write_text(f.document("status"))
    return keys


CHECK = '''\
"""search-hosting-contract-approver: the audit note on who approved the hosting renewal, when, with what authority.

Read from the note the user asked for (audit-note.md). The renewal (CT-2026-014, EUR 184,000 a year) was approved
by the CFO, {cfo}, on 3 February 2026; the Head of IT's 22 January endorsement is no approval under the
delegation of authority, and the CFO's 27 January mail turned the first quote down. The current policy (version
2) lets the CFO approve up to EUR 250,000.
- gates: the note names {cfo} and gives 3 February 2026 alone (the 22 or 27 January mails, or the 5 February
  signing, as the date, or a hedge between dates, scores 0); a note that carries the CFO's salary, or is pasted
  from the sources, scores 0.
- 0.35 the approver; 0.30 the approval date;
- 0.15 the approved value, EUR 184,000, alone (not the rejected 212,000 as a choice);
- 0.20 the authority: the CFO's limit of EUR 250,000 named, and the note says the approval was within it (and
  nowhere that it exceeded it). A note that judges the approval by the superseded EUR 150,000 limit alone scores 0.
"""

from datetime import date

from edgeagent.bench.grading import has_amount, has_date, names_person, says_any
from edgeagent.bench.taskcheck import graded, text, tokens

OUT = {out!r}
CFO = {cfo!r}
SALARY = 245000


def _pasted(ws, body):
    words_ = tokens(body)
    if len(words_) < 60:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.name != OUT]
    hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
    grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
    mine = {{tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}}
    return len(mine & grams) >= 0.6 * len(mine)


def check(ws, answer):
    body = text(ws / OUT)
    if not body.strip() or _pasted(ws, body) or has_amount(body, SALARY):
        return 0.0
    if not names_person(body, CFO) or not has_date(body, date(2026, 2, 3), alone=True):
        return 0.0
    if has_amount(body, 150000) and not has_amount(body, 250000):  # judged by the superseded 2022 limit
        return 0.0
    score = 0.35 + 0.30
    score += 0.15 * has_amount(body, 184000, alone=True)
    denied = says_any(body, "exceeded", "exceeds", "lacked", "not authorised", "not authorized", "did not have",
                      "didn't have", "had no authority", "without authority", "beyond")
    score += 0.20 * (has_amount(body, 250000) and not denied and says_any(
        body, "within", "below", "under", "inside", "covered", "authorised", "authorized", "had the authority",
        "has the authority", "in line", "compliant"))
    return score


check = graded(check)  # a pasted answer is no answer
'''

PROMPT = ("Internal audit is asking about our cloud hosting contract renewal with {vendor}. Find out who actually "
          "approved it and on what date, what value they approved, and whether that person had the authority to "
          f"approve that amount under our rules. Write it up as a short note in {OUT}.")


def task():
    f = Filler(ID)
    _team, cfo, cit, proc, _ceo, vendor = _cast(f)
    note = (f"# Audit note: {vendor} hosting renewal (CT-2026-014)\n\n"
            f"- Approved by: {cfo.name}, Chief Financial Officer\n"
            "- Approval date: 3 February 2026 (written approval by mail, before signing on 5 February)\n"
            "- Value approved: EUR 184,000 a year, two-year term (the first quote of EUR 212,000 was turned down "
            "on 27 January)\n"
            "- Authority: under the current delegation of authority (version 2, September 2025) the CFO approves "
            "commitments up to EUR 250,000, so the approval was within the CFO's limit.\n"
            f"- Note: {cit.name} (Head of IT) endorsed the renewal on 22 January; that is a recommendation, not an "
            "approval, for a commitment of this size.\n")
    steps = [
        ("search_docs", {"query": f"{vendor} hosting contract renewal"}),
        ("read_file", {"path": f"contracts/ct-2026-014-{vendor.split()[0].lower()}.txt"}),
        ("search_mail", {"query": "CT-2026-014 approval"}),
        ("read_mail", {"path": "@yes"}),
        ("read_mail", {"path": "@no"}),
        ("query", {"sql": f"SELECT name, title, department FROM org_chart WHERE name = '{cfo.name}'"}),
        ("search_docs", {"query": "delegation of authority approval limits CFO"}),
        ("read_file", {"path": "policies/delegation-of-authority.md"}),
        *write_steps(OUT, note),
    ]
    answer = (f"Wrote {OUT}: the renewal was approved by {cfo.name}, CFO, on 3 February 2026 at EUR 184,000 a "
              "year, within the CFO's EUR 250,000 limit under the current delegation of authority.")
    long_note = note + (
        "\n## Trail\n\n"
        f"Procurement ({proc.name}) asked for approval on 20 January 2026 after {vendor} quoted EUR 212,000 a year. "
        f"The Head of IT replied on 22 January that IT approved from its side and passed it to {cfo.first}; under "
        "version 2 of the delegation of authority a department head can only approve up to EUR 50,000, and the "
        "policy says an endorsement of a larger commitment is a recommendation. On 27 January the CFO declined the "
        "quote and asked procurement to negotiate. The vendor came back at EUR 184,000 on 2 February, and the CFO "
        "approved that figure in writing the next morning. The contract summary shows signatures from both parties "
        "on 5 February and a term from 6 February 2026 to 5 February 2028. The 2022 version of the policy capped "
        "the CFO at EUR 150,000, which would have required the CEO, but it was superseded in September 2025 and "
        "does not apply to this approval.\n")
    assert len(long_note) > 1000
    right = [
        dict(why="the reference note", answer=answer),
        dict(why="a long note with the whole trail, the superseded limits and the other dates as context",
             base="nothing", answer="Done, the note is in audit-note.md.", steps=write_steps(OUT, long_note)),
        dict(why="terse, other forms: 03/02/2026, 184k, 250k", base="nothing", answer="Written.",
             steps=write_steps(OUT, f"Approver: {cfo.name.split()[-1]}, {cfo.name.split()[0]} (CFO). Date: "
                                    "2026-02-03. Value EUR 184k per year. CFO limit is EUR 250k under DoA v2, so "
                                    "the approval was within authority.\n")),
    ]
    wrong = [
        dict(kind="wrong-entity", why="the Head of IT's endorsement taken as the approval", base="nothing",
             answer="Written.", steps=write_steps(OUT, f"Approved by {cit.name}, Head of IT, on 22 January 2026, "
                                                       "EUR 212,000 a year.\n")),
        dict(kind="near-miss", why="the signing date instead of the approval date", base="nothing",
             answer="Written.", steps=write_steps(OUT, f"Approved by {cfo.name} (CFO) on 5 February 2026, EUR "
                                                       "184,000, within the CFO's EUR 250,000 limit.\n")),
        dict(kind="hedge", why="two dates offered", base="nothing", answer="Written.",
             steps=write_steps(OUT, f"Approved by {cfo.name} (CFO) on 27 January or 3 February 2026, EUR 184,000, "
                                    "within the EUR 250,000 limit.\n")),
        dict(kind="false-claim", why="claims the note, wrote nothing", base="nothing", answer=answer),
        dict(kind="wrong-entity", why="judged by the superseded 2022 limit: says the CFO exceeded EUR 150,000",
             base="nothing", answer="Written.",
             steps=write_steps(OUT, f"Approved by {cfo.name} (CFO) on 3 February 2026 at EUR 184,000. That "
                                    "exceeded the CFO's EUR 150,000 limit: it needed the CEO.\n")),
        dict(kind="dump", why="the policies pasted into the note", base="nothing", answer="Written.",
             steps=write_steps(OUT, DOA_2022 + "\n" + DOA_2025)),
        dict(kind="wrong-entity", why="right facts, but the CFO's salary from the org chart included",
             base="nothing", answer="Written.",
             steps=write_steps(OUT, note + f"\n{cfo.name}'s salary on the org chart: EUR 245,000.\n")),
    ]
    port = Port(ID, 0, "test", PROMPT.format(vendor=vendor),
                ["list_dir", "read_file", "search", "search_docs", "query", "list_mail", "read_mail", "search_mail",
                 "write_file", "append_file"],
                answer=answer, steps=steps, check=CHECK.format(out=OUT, cfo=cfo.name), right=right, wrong=wrong,
                sensitive=[("245000", "pii", 1.0)], category="search")
    return port, build


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
