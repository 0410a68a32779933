"""search-laptop-warranty (own): a colleague's laptop screen cracked after a fall; the user (IT support) replies
with the laptop's model and purchase date, the warranty policy version that applies, until when it is covered,
and whether this damage is covered.

Workspace: a mailbox (~100 messages) with the colleague's request (asset tag LT-04417), an IT announcement of the
2025 policy ("now covers accidental damage") that reads as if it applied to every laptop; asset_register.csv
(900 rows: the colleague's Vanta 14 G3 bought 18 June 2025 and deployed 8 July 2025, a near-tag LT-04471 bought
2 September 2025 for someone else, the colleague's retired Vanta 14 G2); policies/ with the warranty policy v2
(purchases 1 January 2023 to 30 June 2025: 24 months from the invoice date, hardware faults only, accidental
damage excluded) and v3 (purchases from 1 July 2025: 36 months, accidental damage included), and filler.
The purchase (invoice) date decides the version, so v2 applies: covered until 17 June 2027 for faults, and the
cracked screen is not covered."""

from __future__ import annotations

import csv
import io
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler, Mail

PORTS: list = []
ID = "search-laptop-warranty"

V2 = """# Hardware warranty policy

_Version 2 · effective 1 January 2023 · applies to equipment purchased 1 January 2023 to 30 June 2025_

## Scope

Company laptops, monitors and docking stations bought through IT procurement.

## Laptops

- Cover runs for 24 months from the purchase (invoice) date, ending the day before the second anniversary.
- Hardware faults are repaired or replaced by the manufacturer's depot service.
- **Accidental damage (drops, spills, cracked screens) is not covered.** Repairs are charged to the employee's
  cost centre after a quote from IT.
- The delivery or deployment date does not change the cover.

## Which version applies

The version in force on the purchase (invoice) date applies for the life of the device.
"""
V3 = """# Hardware warranty policy

_Version 3 · effective 1 July 2025 · applies to equipment purchased on or after 1 July 2025_

## What changed since version 2

Laptops bought from 1 July 2025 come with the extended vendor plan: 36 months of cover including accidental
damage. Devices bought earlier keep the cover of the version in force on their purchase (invoice) date.

## Laptops

- Cover runs for 36 months from the purchase (invoice) date.
- Hardware faults: next-business-day on-site repair.
- Accidental damage (drops, spills, cracked screens): covered, one claim per year.
"""
MODELS = ["Vanta 14 G3", "Vanta 14 G2", "Vanta 16 G3", "Orbis 13", "Orbis 15 Pro", "Kite 14"]


def task() -> tuple[Port, object]:
    f = Filler(ID)
    me = f.me
    col = f.person(dept="Marketing")
    other = f.person(dept="Finance")
    staff = f.colleagues(60)
    prompt = (f"{col.name} just wrote that their laptop screen cracked when it fell off the desk. Please look "
              "up the laptop, check which version of our hardware warranty policy applies to it and until when it "
              "is under warranty, and reply saying whether this repair is covered and what happens next.")

    def build(ws: Path) -> dict[str, str]:
        rng = f.rng
        rows = []
        for i in range(900):
            p = rng.choice(staff)
            bought = date(2022, 1, 3) + timedelta(days=rng.randint(0, 1500))
            kind = rng.choice(["laptop", "laptop", "laptop", "monitor", "dock"])
            model = rng.choice(MODELS) if kind == "laptop" else rng.choice(["U27 monitor", "P24 monitor"]) \
                if kind == "monitor" else "Dock Pro 60"
            tag = {"laptop": "LT", "monitor": "MN", "dock": "DK"}[kind] + f"-{rng.randint(1000, 9999):05d}"
            deployed = bought + timedelta(days=rng.randint(3, 30))
            status = "retired" if bought.year == 2022 and rng.random() < 0.4 else "in use"
            rows.append([tag, kind, model, p.name, p.dept, bought.isoformat(), deployed.isoformat(),
                         f"PO-{rng.randint(20000, 49999)}", status])
        rows = [r for r in rows if r[0] not in ("LT-04417", "LT-04471", "LT-02210")]
        rows.insert(412, ["LT-04417", "laptop", "Vanta 14 G3", col.name, col.dept, "2025-06-18", "2025-07-08",
                          "PO-41872", "in use"])
        rows.insert(415, ["LT-04471", "laptop", "Vanta 14 G3", other.name, other.dept, "2025-09-02", "2025-09-09",
                          "PO-42260", "in use"])
        rows.insert(130, ["LT-02210", "laptop", "Vanta 14 G2", col.name, col.dept, "2022-03-14", "2022-03-21",
                          "PO-23318", "retired"])
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["asset_tag", "type", "model", "assigned_to", "department", "purchase_date", "deployed_date",
                    "po_number", "status"])
        w.writerows(rows)
        (ws / "asset_register.csv").write_text(buf.getvalue())
        pol = ws / "policies"
        pol.mkdir()
        (pol / "hardware-warranty-v2.md").write_text(V2)
        (pol / "hardware-warranty-v3.md").write_text(V3)
        for i in range(14):
            kind = ["policy", "notes", "status", "brief"][i % 4]
            (pol if kind == "policy" else ws / "docs").mkdir(exist_ok=True)
            (pol if kind == "policy" else ws / "docs").joinpath(f"{kind}-{i + 1:02d}.md").write_text(
                f.document(kind, when=date(2025, 9, 1) + timedelta(days=9 * i)))
        mails = f.mailbox(95, datetime(2026, 1, 5, 8), datetime(2026, 3, 12, 18))
        mails.append(Mail(f.person(dept="Operations"), [me, *staff[:6]], "New laptop warranty: accidental damage now "
                          "covered", datetime(2025, 7, 1, 9, 0),
                          "Hi all,\n\nGood news: from today our laptop warranty includes accidental damage (drops, "
                          "spills, cracked screens) for 36 months. See the updated hardware warranty policy for "
                          "details.\n\nIT Operations"))
        mails.append(Mail(col, [me], "Laptop screen cracked", datetime(2026, 3, 13, 9, 47),
                          f"Hi {me.first},\n\nMy laptop slid off the desk this morning and the screen is cracked "
                          "right across. It still boots but I can barely read anything. The sticker on the bottom "
                          "says LT-04417. I thought the new warranty covers this? Can you tell me what to do?\n\n"
                          f"Thanks,\n{col.first}", key="ask"))
        (ws / "contacts.vcf").write_text(f.vcards([col, other, *staff]))
        return f.write_mailbox(ws / "inbox", mails)

    reply = (f"Hi {col.first},\n\nSorry to hear about the screen. Your laptop, LT-04417, is a Vanta 14 G3 bought on "
             "18 June 2025 (invoice date; it was deployed on 8 July). The warranty version in force on the purchase "
             "date applies, so it falls under version 2 of our hardware warranty policy, not the version 3 plan "
             "that started on 1 July 2025. Under version 2 it is under warranty until 17 June 2027, for hardware "
             "faults only: accidental damage such as a cracked screen is not covered.\n\nNext step: I'll ask IT for "
             "a repair quote, which is charged to your cost centre once you approve it. Please back up anything "
             "local in the meantime.\n\nBest,\n" + me.first)
    steps = [("search_mail", {"query": "laptop screen cracked"}), ("read_mail", {"path": "@ask"}),
             ("query", {"sql": "SELECT * FROM asset_register WHERE asset_tag = 'LT-04417'"}),
             ("list_dir", {"path": "policies"}), ("read_file", {"path": "policies/hardware-warranty-v3.md"}),
             ("read_file", {"path": "policies/hardware-warranty-v2.md"}),
             ("send_mail", {"to": col.email, "subject": "Re: Laptop screen cracked", "body": reply})]
    answer = (f"Replied to {col.name}: LT-04417 is a Vanta 14 G3 bought 18 June 2025, so policy version 2 applies "
              "(warranty until 17 June 2027, hardware faults only); the cracked screen is accidental damage and "
              "is not covered, so IT will quote a repair charged to the cost centre.")

    def send(body: str, to: str = col.email) -> tuple[str, dict[str, str]]:
        return ("send_mail", {"to": to, "subject": "Re: Laptop screen cracked", "body": body})

    long_body = (f"Hello {col.first},\n\nI looked into this for you. The asset register lists LT-04417 as a Vanta 14 "
                 "G3 assigned to you, purchased on 2025-06-18 under PO-41872 and handed out on 8 July 2025. I "
                 "know the IT announcement of 1 July made it sound as if every laptop now has accidental-damage "
                 "cover, but the new plan (policy version 3) only applies to laptops bought on or after 1 July 2025. "
                 "The policy is explicit that the version in force on the invoice date applies for the life of the "
                 "device, and the deployment date does not change that. So yours is under version 2.\n\nWhat that "
                 "means: your laptop is under warranty for 24 months from purchase, that is until 17 June 2027, "
                 "but that cover is for hardware faults repaired through the manufacturer's depot service. "
                 "Accidental damage, including drops and cracked screens, is excluded, so this repair is not "
                 "covered by the warranty.\n\nWhat happens next: IT will get you a quote for the screen "
                 "replacement; once you approve it, the cost is charged to your cost centre. If the laptop later "
                 "develops a genuine hardware fault before June 2027, that would still be covered. Until the "
                 "repair, please keep working files synced so nothing is lost, and tell me if you need a loaner."
                 f"\n\nBest regards,\n{me.first}")
    right = [
        {"why": "the reference reply", "answer": answer},
        {"why": "a short reply, the date as 18/06/2025 and cover to June 2027", "base": "nothing",
         "answer": "Sent the answer.", "steps": [send(
             f"Hi {col.first}, LT-04417 (Vanta 14 G3) was purchased 18/06/2025, so the v2 warranty policy applies: "
             "warranty to 17/06/2027 for hardware faults, but accidental damage like your cracked screen isn't "
             "covered. IT will quote the repair for your cost centre.")]},
        {"why": "a long reply with extra true detail", "base": "nothing", "answer": "Replied.",
         "steps": [send(long_body)]},
    ]
    wrong = [
        {"kind": "near-miss", "why": "the deployment date taken for the purchase date, so v3 and covered",
         "base": "nothing", "answer": "Replied.", "steps": [send(
             f"Hi {col.first}, your Vanta 14 G3 (LT-04417) was bought on 8 July 2025, so version 3 applies: "
             "warranty until 7 July 2028 including accidental damage. The screen repair is covered.")]},
        {"kind": "wrong-entity", "why": "the near-tag LT-04471 read", "base": "nothing", "answer": "Replied.",
         "steps": [send(f"Hi {col.first}, your laptop was purchased on 2 September 2025, so policy version 3 "
                        "applies until 1 September 2028 and accidental damage is covered.")]},
        {"kind": "hedge", "why": "two purchase dates offered", "base": "nothing", "answer": "Replied.",
         "steps": [send(f"Hi {col.first}, your laptop was bought on 18 June 2025 or 8 July 2025; version 2 may "
                        "apply, so the cracked screen is probably not covered.")]},
        {"kind": "false-claim", "why": "claims a reply that was never sent", "base": "nothing",
         "answer": f"I replied to {col.name}: bought 18 June 2025, v2 applies, warranty until 17 June 2027, and "
                   "the cracked screen is not covered."},
        {"kind": "dump", "why": "the policy text pasted as the reply", "base": "nothing", "answer": "Replied.",
         "steps": [send(V2 + "\n" + V3)]},
        {"kind": "wrong-entity", "why": "sent to the wrong person", "base": "nothing", "answer": "Replied.",
         "steps": [send("Hi, LT-04417 was bought 18 June 2025; version 2 applies, warranty until 17 June 2027, "
                        "and the cracked screen is not covered.", to=other.email)]},
    ]
    check = f'''
        """{ID}: the reply to {col.name} about the cracked laptop screen.

        Gate (0): no mail to the colleague; a mail pasted from the workspace; a purchase date other than 18 June 2025 given
        as the purchase date (8 July is the deployment date, 2 September another laptop's); a reply that calls the
        repair covered or applies version 3. Then: 0.30 the purchase date 18 June 2025 unhedged; 0.30 the repair is not covered;
        0.20 warranty until 17 (or 18) June 2027; 0.10 version 2 of the policy named; 0.10 the model Vanta 14 G3."""

        from datetime import date

        from edgeagent.bench.grading import has_date, says, says_any
        from edgeagent.bench.taskcheck import body, graded, sent_to, tokens

        TO = {col.email!r}

        NOT = ("not covered", "isn't covered", "is not covered", "not be covered", "won't be covered",
               "will not be covered", "excluded", "exclude", "excludes", "isn't included", "not included",
               "no accidental damage", "doesn't cover", "does not cover", "not under warranty")


        def _pasted(ws, reply):
            """Three fifths of the reply's 5-word runs found in the seed's files (what was sent left out)."""
            mine = tokens(reply)
            if len(mine) < 60:
                return False
            src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.relative_to(ws).parts[0] != "outbox"]
            hay = tokens("\\n".join(p.read_text(errors="replace") for p in src))
            grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
            runs = {{tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}}
            return len(runs & grams) >= 0.6 * len(runs)


        def check(workspace, answer):
            mine = [body(m) for m in sent_to(workspace, TO)]
            if not mine:
                return 0.0
            t = "\\n".join(mine)
            if _pasted(workspace, t):
                return 0.0
            if not has_date(t, date(2025, 6, 18), alone=True) or has_date(t, date(2025, 9, 2)):
                return 0.0
            if says_any(t, "repair is covered", "screen is covered", "damage is covered", "repair will be covered",
                        "covered under version 3", "covered by version 3", "version 3 applies", "v3 applies"):
                return 0.0
            no = says_any(t, *NOT)
            if not no:
                return 0.0
            score = 0.30 + 0.30
            score += 0.20 * (has_date(t, date(2027, 6, 17), alone=True) or has_date(t, date(2027, 6, 18), alone=True)
                             or (says_any(t, "June 2027") and not says_any(t, "2028")))
            score += 0.10 * says_any(t, "version 2", "v2", "policy 2", "2023 policy", "previous policy",
                                     "older policy", "old policy")
            score += 0.10 * says(t, "Vanta 14 G3")
            return score


        check = graded(check)
    '''
    port = Port(id=ID, source=0, split="test", prompt=prompt, category="search",
                tools=["list_dir", "read_file", "search", "search_docs", "query", "list_mail", "read_mail",
                       "search_mail", "send_mail", "find_contact"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, max_steps=16)
    return port, build


OWN = [task]

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
