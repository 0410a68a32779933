"""search-session-store-decision (own): when the decision to move user sessions from Redis to Postgres was made,
who made it, who proposed it and where it is recorded, as a short note.

Workspace: a service repository (a git bundle, ~70 commits) with docs/adr/ and docs/meetings/. ADR-0007 (2024)
chose Redis for sessions; ADR-0012 "Move sessions to Postgres" was proposed on 2 October 2025 by the proposer
(status Proposed); the 6 October architecture review discussed it and deferred it until the load test; the
17 November review decided it (decider: the head of platform), and a commit of 18 November set ADR-0012 to
Accepted. A near-namesake, ADR-0013 "Move the job queue to Postgres", was decided on 3 December 2025 by someone
else. The reason: the load test held 4,000 session writes/s on Postgres, so the separate Redis cluster goes."""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from devops_kit import Commit, busy_history, main, repo, write_steps

from edgeagent.bench.taskgen.filler import Filler

PORTS: list = []
ID = "search-session-store-decision"
OUT = "notes/session-store-decision.md"


def _history(f: Filler):
    rng = f.rng
    team = f.colleagues(7)
    prop, decider, qdecider = team[0], team[1], team[2]
    people = [p.header for p in team]
    files = {
        "README.md": "# accounts-service\n\nLogin, sessions and profile API.\n",
        "src/accounts/sessions.py": "SESSION_TTL = 3600\n\n\ndef load(sid):\n    return None\n",
        "src/accounts/api.py": "def login(user, password):\n    pass\n",
        "src/accounts/jobs.py": "def enqueue(job):\n    pass\n",
        "docs/adr/0007-redis-for-sessions.md": (
            "# ADR-0007: Use Redis for user sessions\n\nStatus: Accepted (14 May 2024)\n\n## Decision\n\nStore "
            "sessions in a dedicated Redis cluster for low latency.\n"),
        "docs/meetings/README.md": "# Architecture review notes\n\nOne file per review, named by date.\n",
    }
    titles = ["Use FastAPI for the HTTP layer", "Argon2id for password hashes", "One Postgres per service",
              "Structured JSON logs", "Feature flags in config, not code", "Rate limits at the gateway",
              "Use Redis for user sessions", "OpenAPI as the contract", "Blue-green deploys",
              "Keep audit events for 400 days", "Email via the notification service"]
    for n, title in enumerate(titles, 1):
        if n != 7:
            files[f"docs/adr/{n:04d}-{title.lower().replace(' ', '-').replace(',', '')}.md"] = (
                f"# ADR-{n:04d}: {title}\n\nStatus: Accepted\n\n## Context\n\n{f.paragraph()}\n\n## Decision\n\n"
                f"{title}.\n")
    for d in ("2025-06-02", "2025-07-07", "2025-08-04", "2025-09-01"):
        files[f"docs/meetings/{d}-architecture-review.md"] = f.document(
            "notes", title=f"Architecture review, {d}")
    adr12 = ("# ADR-0012: Move user sessions to Postgres\n\nStatus: {status}\n\nProposed by: {prop}, 2 October "
             "2025\n{decided}\n## Context\n\nThe Redis session cluster (ADR-0007) is a second stateful system to run "
             "for one table's worth of data.\n\n## Decision\n\nStore sessions in the main Postgres database, in an "
             "unlogged table with a TTL sweep, and retire the Redis cluster.\n")
    planted = {
        8: Commit(prop.header, datetime(2025, 10, 2, 10, 20), "docs(adr): propose ADR-0012, sessions in Postgres",
                  {"docs/adr/0012-sessions-in-postgres.md": adr12.format(status="Proposed", prop=prop.name,
                                                                         decided="")}),
        11: Commit(people[3], datetime(2025, 10, 6, 16, 5), "docs: notes of the 6 October architecture review",
                   {"docs/meetings/2025-10-06-architecture-review.md": (
                       f"# Architecture review, 6 October 2025\n\nChair: {decider.name}\nPresent: {prop.name}, "
                       f"{team[3].name}, {team[4].name}, {qdecider.name}\n\n## ADR-0012 sessions in Postgres\n\n"
                       f"{prop.name} presented the proposal. Concern: write load at peak login. No decision today: "
                       "revisit after the load test.\n\n## Other\n\n- Dependency upgrades on track.\n")}),
        30: Commit(people[4], datetime(2025, 11, 17, 17, 40), "docs: notes of the 17 November architecture review",
                   {"docs/meetings/2025-11-17-architecture-review.md": (
                       f"# Architecture review, 17 November 2025\n\nChair: {decider.name} (head of platform)\n"
                       f"Present: {prop.name}, {team[4].name}, {team[5].name}\n\n## ADR-0012 sessions in Postgres\n\n"
                       "Load test result: Postgres held 4,000 session writes per second at p99 under 12 ms.\n\n"
                       f"**Decision:** sessions move to Postgres and the Redis cluster is retired. Decided by "
                       f"{decider.name}. {prop.name} to update the ADR.\n\n## ADR-0013 job queue\n\nNot discussed; "
                       "next review.\n")}),
        31: Commit(prop.header, datetime(2025, 11, 18, 9, 15), "docs(adr): ADR-0012 accepted",
                   {"docs/adr/0012-sessions-in-postgres.md": adr12.format(
                       status="Accepted", prop=prop.name,
                       decided=f"Decided: architecture review of 17 November 2025 ({decider.name})\n")}),
        34: Commit(prop.header, datetime(2025, 11, 21, 14, 0), "sessions: Postgres store behind a flag",
                   {"src/accounts/sessions.py": lambda t: t + "\nSTORE = 'postgres'  # ADR-0012\n"}),
        40: Commit(qdecider.header, datetime(2025, 12, 3, 15, 30), "docs(adr): ADR-0013 accepted, job queue in "
                   "Postgres", {"docs/adr/0013-job-queue-in-postgres.md": (
                       "# ADR-0013: Move the job queue to Postgres\n\nStatus: Accepted\n\nDecided: 3 December 2025 "
                       f"by {qdecider.name}\n\n## Decision\n\nReplace the Redis-backed job queue with a Postgres "
                       "table using SKIP LOCKED.\n")}),
    }
    hist = busy_history(rng, people, datetime(2025, 8, 4, 9, 0), 70, files, planted, (10, 30),
                        skip=("docs/adr/0012-sessions-in-postgres.md",))
    return hist, prop, decider, qdecider


def task() -> tuple[Port, object]:
    f = Filler(ID)
    hist, prop, decider, qdecider = _history(f)
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", hist)
    acc = next(i for i, c in enumerate(hist) if c.message == "docs(adr): ADR-0012 accepted")
    prompt = ("Someone in the audit asked why the accounts service keeps sessions in Postgres. Find out from the "
              "repository when the decision to move sessions off Redis was actually made, who made the call, who "
              "proposed it and why, and where it's recorded. Put it in a short note at "
              f"{OUT}.")
    note = (f"# Session store decision\n\n- Decision: move user sessions from Redis to Postgres (ADR-0012), "
            "retiring the Redis session cluster.\n"
            f"- Decided: 17 November 2025, at the architecture review, by {decider.name} (head of platform).\n"
            f"- Proposed by: {prop.name}, 2 October 2025. The 6 October review deferred it until a load test.\n"
            "- Why: the load test showed Postgres holding 4,000 session writes per second (p99 under 12 ms), so "
            "the second stateful system is not needed.\n"
            "- Recorded in: docs/adr/0012-sessions-in-postgres.md (set to Accepted on 18 November 2025) and "
            "docs/meetings/2025-11-17-architecture-review.md.\n")
    steps = [("git_log", {"path": "docs"}), ("list_dir", {"path": "docs/adr"}),
             ("read_file", {"path": "docs/adr/0012-sessions-in-postgres.md"}),
             ("git_show", {"rev": hashes[acc][:7]}),
             ("read_file", {"path": "docs/meetings/2025-10-06-architecture-review.md"}),
             ("read_file", {"path": "docs/meetings/2025-11-17-architecture-review.md"}), *write_steps(OUT, note)]
    answer = (f"Wrote {OUT}: sessions moved to Postgres by decision of {decider.name} at the 17 November 2025 "
              f"architecture review (ADR-0012, proposed by {prop.name} on 2 October; accepted in the ADR on "
              "18 November), after a load test showed 4,000 session writes/s.")
    long_note = (
        "# Why sessions live in Postgres\n\nShort version: the move was decided on 17 November 2025 at the "
        f"architecture review chaired by {decider.name}, the head of platform, who made the call.\n\n## History\n\n"
        "In May 2024 ADR-0007 put sessions into a dedicated Redis cluster for latency. On 2 October 2025 "
        f"{prop.name} proposed ADR-0012, moving sessions into the main Postgres database (unlogged table with a TTL "
        "sweep) and retiring that cluster. At the 6 October review the proposal was presented but not decided: the "
        "worry was write load at peak login, and the group asked for a load test first.\n\nThe load test came back "
        "with Postgres sustaining 4,000 session writes per second with p99 below 12 ms. On that basis, at the "
        f"17 November review, {decider.name} decided that sessions move to Postgres and the Redis session cluster "
        f"is retired, and asked {prop.name} to update the ADR. The ADR's status changed from Proposed to Accepted "
        "in a commit the next morning, 18 November 2025. The implementation followed behind a flag on 21 November."
        "\n\n## Where it is recorded\n\n- ADR-0012 in docs/adr (status Accepted, with the decider named)\n- the "
        "17 November 2025 architecture review notes in docs/meetings\n\nNot to be confused with ADR-0013, which "
        "moved the job queue (not sessions) to Postgres in December.\n")
    assert len(long_note) > 1000
    right = [
        {"why": "the reference note", "answer": answer},
        {"why": "a terse note, dates as 2025-11-17", "base": "nothing", "answer": f"Done, see {OUT}.",
         "steps": [("write_file", {"path": OUT, "content": (
             f"Sessions -> Postgres: decided 2025-11-17 (arch review) by {decider.name}. Proposed "
             f"2025-10-02 by {prop.name}. Reason: load test 4,000 writes/s OK. Record: ADR-0012, review notes.")})]},
        {"why": "a long narrative note with extra true detail", "base": "nothing", "answer": "Written.",
         "steps": write_steps(OUT, long_note)},
    ]
    wrong = [
        {"kind": "near-miss", "why": "the ADR commit's date given as the decision date", "base": "nothing",
         "answer": "Written.", "steps": [("write_file", {"path": OUT, "content": (
             f"Decided on 18 November 2025 by {decider.name}; proposed by {prop.name} on 2 October 2025 "
             "after the Redis cluster proved costly; load test 4,000 writes/s. Recorded in ADR-0012.")})]},
        {"kind": "wrong-entity", "why": "the proposer taken for the decider", "base": "nothing",
         "answer": "Written.", "steps": [("write_file", {"path": OUT, "content": (
             f"{prop.name} decided on 17 November 2025 to move sessions to Postgres (ADR-0012), after a load "
             "test of 4,000 writes/s.")})]},
        {"kind": "wrong-entity", "why": "the job-queue ADR-0013 read", "base": "nothing", "answer": "Written.",
         "steps": [("write_file", {"path": OUT, "content": (
             f"Decided on 3 December 2025 by {qdecider.name} (ADR-0013), moving off Redis to Postgres.")})]},
        {"kind": "hedge", "why": "two decision dates offered", "base": "nothing", "answer": "Written.",
         "steps": [("write_file", {"path": OUT, "content": (
             f"Decided either on 6 October 2025 or on 17 November 2025 by {decider.name}; proposed by "
             f"{prop.name}; ADR-0012; load test 4,000 writes/s.")})]},
        {"kind": "false-claim", "why": "claims the note without writing it", "base": "nothing",
         "answer": f"Wrote {OUT}: decided 17 November 2025 by {decider.name}, proposed by {prop.name} (ADR-0012)."},
        {"kind": "dump", "why": "the ADR and the review notes pasted into the note", "base": "nothing",
         "answer": "Written.", "steps": write_steps(OUT, "\n".join(
             v for c in hist for k, v in c.files.items() if isinstance(v, str) and k.startswith("docs/")))},
    ]
    check = f'''
        """{ID}: the note at {OUT} on the decision to move sessions from Redis to Postgres.

        Gates (0): no note; a note pasted from the repository; the decision date 17 November 2025 missing or hedged;
        the decider {decider.name} not named or
        offered beside another (or, probably), or the proposer called the one who decided; the job-queue ADR-0013's
        date (3 December 2025) given. Then 0.35 the date, 0.30 the decider; 0.15 the proposer {prop.name};
        0.10 the reason (the load test, 4,000 writes/s, or retiring the Redis cluster); 0.10 where it is
        recorded (ADR-0012)."""

        from datetime import date

        from edgeagent.bench.grading import has_date, has_number, names_person, says, says_any
        from edgeagent.bench.taskcheck import graded, text, tokens

        OUT = {OUT!r}
        DECIDER, PROPOSER = {decider.name!r}, {prop.name!r}


        def _pasted(ws, note):
            """Three fifths of the note's 5-word runs found in the repository's files (the note itself left out)."""
            mine = tokens(note)
            if len(mine) < 60:
                return False
            src = [p for p in sorted(ws.rglob("*")) if p.is_file() and ".git" not in p.relative_to(ws).parts
                   and p != ws / OUT]
            hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
            grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
            runs = {{tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}}
            return len(runs & grams) >= 0.6 * len(runs)


        def check(workspace, answer):
            t = text(workspace / OUT)
            if not t.strip() or _pasted(workspace, t):
                return 0.0
            if not has_date(t, date(2025, 11, 17), alone=True) or has_date(t, date(2025, 12, 3)):
                return 0.0
            if not names_person(t, DECIDER):
                return 0.0
            first = " ".join(PROPOSER.split()[:1])
            if says_any(t, "probably", "maybe", "perhaps", "possibly", "not sure", "unclear", "unsure"):
                return 0.0  # a decider or date in doubt is no answer
            for s in t.replace("\\n", ". ").split(". "):
                if names_person(s, DECIDER) and names_person(s, PROPOSER) and says_any(s, "or", "either"):
                    return 0.0
                if names_person(s, PROPOSER) and says_any(s, PROPOSER + " decided", PROPOSER + " made the call",
                                                          "decided by " + PROPOSER, first + " decided"):
                    return 0.0
            score = 0.35 + 0.30
            score += 0.15 * names_person(t, PROPOSER)
            score += 0.10 * (has_number(t, 4000) or says(t, "load test") or says_any(t, "retire", "retiring",
                                                                                        "retired"))
            score += 0.10 * says_any(t, "ADR-0012", "ADR 0012", "ADR-12", "ADR 12", "0012")
            return score


        check = graded(check)
    '''
    port = Port(id=ID, source=0, split="test", prompt=prompt, category="search",
                tools=["list_dir", "read_file", "search", "search_docs", "git_log", "git_show", "git_diff",
                       "write_file", "append_file"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, max_steps=18)
    return port, lambda ws: repo(ws.parent / "workspace.gitbundle", hist)


OWN = [task]

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
