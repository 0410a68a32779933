"""search-customer-price (own): the last per-seat price agreed with a customer, for a colleague's renewal quote,
as a reply mail.

Workspace: a sales mailbox (~110 messages) with the 2026 negotiation thread (the customer asks 36.00, we offer
37.80, the customer counters 37.00, our sales director agrees 37.25 from 1 March 2026 and the signed amendment 2
comes back); contracts/ with the 2024 order form (42.00 per seat per month, 250 seats), amendment 1 (July 2025:
39.50 for 300 seats) and the near-namesake customer's contract (35.00); crm_notes.csv (1,200 notes), with a
December note for the customer expecting "about 36" and notes of the near-namesake at 35.00. Amendment 2 itself
is not in contracts/ yet: the mail is the only record. Answer: EUR 37.25 per seat per month from 1 March 2026."""

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
ID = "search-customer-price"


def task() -> tuple[Port, object]:
    f = Filler(ID)
    me = f.me
    cust = f.vendors[4]
    twin = cust.split()[0].strip(",") + " Holdings" if "Holdings" not in cust else cust.split()[0] + " Group"
    am = f.person(dept="Sales")
    director = f.person(dept="Sales")
    buyer = f.person(domain=cust.split()[0].lower().strip(",-") + ".example", org=cust, dept="Operations")
    staff = f.colleagues(20)
    prompt = (f"{am.first} from sales is preparing the renewal quote for {cust} and asked me what per-seat price we "
              "last agreed with them and from when it applies. Dig through the contracts, mail and CRM notes and "
              f"reply to {am.first} with the price, the date it took effect and where it was agreed.")

    def build(ws: Path) -> dict[str, str]:
        c = ws / "contracts"
        c.mkdir()
        (c / "order-form-2024.md").write_text(
            f"# Order form OF-2024-118\n\nCustomer: {cust}\nSupplier: {f.company}\nStart: 1 April 2024, 36 months\n\n"
            "| Item | Seats | Price per seat per month |\n|---|---|---|\n| Platform licence | 250 | EUR 42.00 |\n\n"
            "Prices may be changed only by a written amendment signed by both parties.\n")
        (c / "amendment-1.md").write_text(
            f"# Amendment 1 to OF-2024-118\n\nCustomer: {cust}\nEffective: 1 July 2025\n\nSeats rise to 300. "
            "Price per seat per month: EUR 39.50 from the effective date. All other terms unchanged.\n")
        (c / f"order-form-{twin.split()[0].lower()}-holdings.md").write_text(
            f"# Order form OF-2025-044\n\nCustomer: {twin}\nStart: 1 February 2025, 24 months\n\n| Item | Seats | "
            "Price per seat per month |\n|---|---|---|\n| Platform licence | 80 | EUR 35.00 |\n")
        for i in range(6):
            (c / f"nda-{i + 1:02d}.md").write_text(f"# Mutual NDA\n\nBetween {f.company} and {f.vendors[(i % 3) + 5]}"
                                                   f".\n\n{f.paragraph()}\n")
        rng = f.rng
        rows = []
        accounts = [f.vendors[i] for i in (0, 1, 2, 3, 5, 6, 7)] + [twin]
        for i in range(1200):
            acct = rng.choice(accounts)
            when = date(2024, 1, 8) + timedelta(days=rng.randint(0, 790))
            rows.append([f"N-{10000 + i}", when.isoformat(), acct, rng.choice(staff).name, f.sentence()])
        rows.append(["N-11240", "2025-12-09", cust, am.name,
                     "Renewal chat: they want a lower price for 2026; expect to land at about 36.00 per seat."])
        rows.append(["N-11251", "2026-01-14", twin, am.name, "Price stays at 35.00 per seat; no change planned."])
        rows.append(["N-11262", "2025-07-02", cust, am.name, "Amendment 1 signed: 300 seats at 39.50."])
        rows.sort(key=lambda r: r[1])
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["note_id", "date", "account", "author", "note"])
        w.writerows(rows)
        (ws / "crm_notes.csv").write_text(buf.getvalue())
        mails = f.mailbox(100, datetime(2026, 1, 5, 8), datetime(2026, 3, 10, 18))
        thread = [
            (buyer, [am], "Pricing for 2026", datetime(2026, 1, 20, 10, 3),
             (f"Hi {am.first},\n\nAhead of next year we'd like the per-seat price brought down to EUR 36.00. "
             f"Competitors are quoting lower.\n\nRegards,\n{buyer.name}\n{cust}")),
            (am, [buyer], "Re: Pricing for 2026", datetime(2026, 1, 27, 15, 40),
             (f"Hi {buyer.first},\n\nThe best we can do is EUR 37.80 per seat per month for the 300 seats.\n\n"
             f"Best,\n{am.name}")),
            (buyer, [am], "Re: Pricing for 2026", datetime(2026, 2, 3, 9, 12),
             f"{am.first},\n\nWe could sign at EUR 37.00. Can you get that approved?\n\n{buyer.name}"),
            (director, [buyer, am], "Re: Pricing for 2026", datetime(2026, 2, 11, 17, 25),
             (f"Dear {buyer.first},\n\nWe can't go to 37.00, but we can meet you at EUR 37.25 per seat per month "
             "from 1 March 2026, for the remaining term. If that works, I'll send amendment 2 for signature.\n\n"
             f"Kind regards,\n{director.name}\nSales Director, {f.company}")),
            (buyer, [director, am], "Re: Pricing for 2026", datetime(2026, 2, 12, 8, 50),
             f"Dear {director.first},\n\nAgreed: 37.25 from 1 March. Please send the amendment.\n\n{buyer.name}"),
            (director, [me, am], "Amendment 2 signed", datetime(2026, 2, 24, 11, 5),
             (f"Hi both,\n\n{cust} returned amendment 2 signed today: EUR 37.25 per seat per month from "
             "1 March 2026, 300 seats, rest of the term unchanged. I'll file it with the contracts when I'm back.\n\n"
             f"{director.first}")),
        ]
        keys = ["t1", "t2", "t3", "deal", "ok", "signed"]
        for k, (s_, to, subj, when, text) in zip(keys, thread):
            mails.append(Mail(s_, [*to] if me in to else to, subj, when, text, cc=[] if me in to else [me], key=k))
        mails.append(Mail(am, [me], f"{cust} price?", datetime(2026, 3, 11, 9, 30),
                          f"Hi {me.first},\n\nI'm putting together the {cust} renewal quote. What's the per-seat "
                          "price we last agreed with them, and since when? I don't want to quote the old one.\n\n"
                          f"Thanks,\n{am.first}", key="ask"))
        (ws / "contacts.vcf").write_text(f.vcards([am, director, buyer, *staff]))
        return f.write_mailbox(ws / "inbox", mails)

    reply = (f"Hi {am.first},\n\nThe last agreed price for {cust} is EUR 37.25 per seat per month, in effect from "
             f"1 March 2026 for the 300 seats. It was agreed by mail with {director.name} on 11-12 February and "
             "recorded in amendment 2, which the customer signed on 24 February 2026 (it isn't in the contracts "
             "folder yet). Before that, amendment 1 set EUR 39.50 from 1 July 2025.\n\nBest,\n" + me.first)
    steps = [("read_mail", {"path": "@ask"}), ("list_dir", {"path": "contracts"}),
             ("read_file", {"path": "contracts/amendment-1.md"}),
             ("query", {"sql": f"SELECT date, note FROM crm_notes WHERE account = '{cust}' ORDER BY date DESC "
                               "LIMIT 5"}),
             ("search_mail", {"query": "amendment 2"}), ("read_mail", {"path": "@signed"}),
             ("send_mail", {"to": am.email, "subject": f"Re: {cust} price?", "body": reply})]
    answer = (f"Replied to {am.name}: {cust}'s last agreed price is EUR 37.25 per seat per month from 1 March 2026 "
              "(amendment 2, signed 24 February 2026), replacing 39.50 from amendment 1.")

    def send(body: str, to: str = am.email) -> tuple[str, dict[str, str]]:
        return ("send_mail", {"to": to, "subject": f"Re: {cust} price?", "body": body})

    long_body = (
        f"Hi {am.first},\n\nHere is the price history for {cust}, so you can quote the right one:\n\n"
        "- The 2024 order form (OF-2024-118) started at EUR 42.00 per seat per month for 250 seats.\n"
        "- Amendment 1, effective 1 July 2025, went to 300 seats at EUR 39.50.\n"
        "- In the 2026 negotiation they first asked for 36.00; you offered 37.80; they came back with 37.00. "
        f"{director.name} met them at EUR 37.25 per seat per month from 1 March 2026, they accepted on 12 February, "
        "and the signed amendment 2 came back on 24 February 2026.\n\n"
        "So the current, last agreed price is EUR 37.25 per seat per month, applying from 1 March 2026, for the "
        "remaining term and 300 seats. Note that amendment 2 isn't filed in the contracts folder yet, so the mail "
        "from the sales director is the record for now; the CRM note from December that mentions 'about 36' was "
        "only an expectation, and the 35.00 in the CRM belongs to a different account with a similar name.\n\n"
        "If you quote the renewal at 37.25 you match what they signed; tell me if you want the mail thread.\n\n"
        f"Cheers,\n{me.first}")
    assert len(long_body) > 1000
    right = [
        {"why": "the reference reply", "answer": answer},
        {"why": "a short reply, €37.25 and 01/03/2026", "base": "nothing", "answer": "Replied.", "steps": [send(
            f"{am.first}: €37.25/seat/month since 01/03/2026 (amendment 2, signed 24 Feb).")]},
        {"why": "a long reply with the whole price history", "base": "nothing", "answer": "Replied.",
         "steps": [send(long_body)]},
    ]
    wrong = [
        {"kind": "near-miss", "why": "the customer's counter-offer taken as agreed", "base": "nothing",
         "answer": "Replied.", "steps": [send(f"Hi {am.first}, they agreed EUR 37.00 per seat from 1 March 2026 "
                                             "(amendment 2).")]},
        {"kind": "wrong-entity", "why": "the superseded amendment 1 price", "base": "nothing", "answer": "Replied.",
         "steps": [send(f"Hi {am.first}, the price is EUR 39.50 per seat per month since 1 July 2025 "
                        "(amendment 1).")]},
        {"kind": "wrong-entity", "why": "the near-namesake's price from the CRM", "base": "nothing",
         "answer": "Replied.", "steps": [send(f"Hi {am.first}, the CRM says the price stays at EUR 35.00 per seat.")]},
        {"kind": "hedge", "why": "two prices offered", "base": "nothing", "answer": "Replied.", "steps": [send(
            f"Hi {am.first}, it's either EUR 37.25 or EUR 37.00 per seat from 1 March 2026; amendment 2 "
            "should say.")]},
        {"kind": "false-claim", "why": "claims a reply never sent", "base": "nothing",
         "answer": f"I replied to {am.first}: EUR 37.25 per seat per month from 1 March 2026 (amendment 2)."},
        {"kind": "dump", "why": "the negotiation mails pasted into the reply", "base": "nothing",
         "answer": "Replied.", "steps": [send(
             "\n\n".join([
                 f"Hi {buyer.first},\n\nThe best we can do is EUR 37.80 per seat per month for the 300 seats.",
                 (f"Dear {buyer.first},\n\nWe can't go to 37.00, but we can meet you at EUR 37.25 per seat per "
                 "month from 1 March 2026, for the remaining term. If that works, I'll send amendment 2 for "
                 "signature."),
                 (f"Hi both,\n\n{cust} returned amendment 2 signed today: EUR 37.25 per seat per month from "
                 "1 March 2026, 300 seats, rest of the term unchanged. I'll file it with the contracts when I'm "
                 "back."),
                 (f"Amendment 1 to OF-2024-118\n\nCustomer: {cust}\nEffective: 1 July 2025\n\nSeats rise to 300. "
                 "Price per seat per month: EUR 39.50 from the effective date. All other terms unchanged.")]))]},
    ]
    check = f'''
        """{ID}: the reply to {am.name} with {cust}'s last agreed per-seat price.

        Gates (0): no mail to {am.first}; a reply pasted from the workspace; EUR 37.25 missing or hedged (37.00
        was the customer's counter, 37.80 our offer, 39.50 amendment 1, 35.00 another account's); a price in
        doubt (probably, maybe); a sentence calling another price the agreed, current or last one. Then 0.60 the price; 0.20 its start, 1 March 2026; 0.10 where it was agreed
        (amendment 2, or the sales director's mail); 0.10 said per seat (per month)."""

        import re
        from datetime import date

        from edgeagent.bench.grading import has_amount, has_date, has_number, names_person, says, says_any
        from edgeagent.bench.taskcheck import body, graded, sent_to, tokens

        TO = {am.email!r}
        DIRECTOR = {director.name!r}


        def _pasted(ws, reply):
            """Three fifths of the reply's 5-word runs found in the seed's files (what was sent left out)."""
            mine = tokens(reply)
            if len(mine) < 60:
                return False
            src = [p for p in sorted(ws.rglob("*")) if p.is_file() and p.relative_to(ws).parts[0] != "outbox"]
            hay = tokens("\\\\n".join(p.read_text(errors="replace") for p in src))
            grams = {{tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}}
            runs = {{tuple(mine[i:i + 5]) for i in range(len(mine) - 4)}}
            return len(runs & grams) >= 0.6 * len(runs)


        def check(workspace, answer):
            mine = [body(m) for m in sent_to(workspace, TO)]
            if not mine:
                return 0.0
            t = "\\\\n".join(mine)
            if _pasted(workspace, t):
                return 0.0
            if not (has_amount(t, 37.25, "EUR", alone=True) or has_number(t, 37.25, alone=True)):
                return 0.0
            if says_any(t, "probably", "maybe", "perhaps", "not sure", "unsure", "should say"):
                return 0.0
            for s in re.split(r"(?<=[.;!?])\\s+|\\n", t):  # another price called the agreed or current one
                if says_any(s, "agreed", "current", "last", "now") and not has_number(s, 37.25) and \\
                        any(has_number(s, v) for v in (35.0, 36.0, 37.0, 37.8, 39.5, 42.0)):
                    return 0.0
            score = 0.60
            score += 0.20 * has_date(t, date(2026, 3, 1))
            score += 0.10 * (says_any(t, "amendment 2", "second amendment", "amendment no 2", "amendment #2")
                             or names_person(t, DIRECTOR))
            score += 0.10 * says_any(t, "seat", "seats", "per user", "/user", "licence", "license")
            return score


        check = graded(check)
    '''
    port = Port(id=ID, source=0, split="dev", prompt=prompt, category="search",
                tools=["list_dir", "read_file", "search", "search_docs", "query", "list_mail", "read_mail",
                       "search_mail", "send_mail", "find_contact"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, max_steps=16)
    return port, build


OWN = [task]

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
