"""search-dock-quotes (own): which supplier's quote for 600 docking stations is cheapest once the volume
discount and shipping are applied, with each supplier's landed total.

Workspace: a procurement mailbox (~110 messages: threads, newsletters, notifications) holding supplier A's quote
in a mail body and supplier C's revised quote (which replaces its February quote after a price rise); quotes/
holds quotes extracted from PDFs as text: B's quote for the requested Dock Pro 60, B's cheaper quote for the
lower-spec Dock 40 (the wrong model), and C's superseded February quote; docs/ holds the requisition and filler
documents. Totals for 600 × Dock Pro 60:
- A: 600 × 118.00 = 70,800, less 8% (500+ units) = 65,136, + 640 freight = EUR 65,776.00
- B: 600 × 112.00 = 67,200, no discount (5% from 1,000 units), + 9.00/unit freight 5,400 = EUR 72,600.00
- C (revised): 600 × 121.00 = 72,600, less 12% (500+) = 63,888, + 1,150 freight = EUR 65,038.00 (cheapest)
- C (superseded February quote, 115.00): 61,870.00, the distractor."""

from __future__ import annotations

import sys
from datetime import date, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _base import Port
from devops_kit import main

from edgeagent.bench.taskgen.filler import Filler, Mail

PORTS: list = []
ID = "search-dock-quotes"


def _setup():
    f = Filler(ID)
    a, b, c = f.vendors[0], f.vendors[1], f.vendors[2]
    ext = f.externals(3)
    reps = []
    for org in (a, b, c):
        p = f.person(domain=org.split()[0].lower().strip(",") + "-sales.example", org=org, dept="Sales")
        reps.append(p)
    return f, (a, b, c), reps, ext


def task() -> tuple[Port, object]:
    f, (a, b, c), reps, _ = _setup()
    me = f.me
    prompt = (f"I need to place the order for the 600 Dock Pro 60 docking stations on the IT refresh requisition. "
              f"We got quotes from {a}, {b} and {c}. Work out each supplier's all-in total for 600 units, with "
              f"its volume discount and shipping applied, and tell me which one is cheapest. Use only the "
              f"current version of each quote.")

    def build(ws: Path) -> dict[str, str]:
        start, end = datetime(2026, 1, 12, 8), datetime(2026, 3, 13, 18)
        mails = f.mailbox(105, start, end)
        ra, rb, rc = reps
        mails.append(Mail(ra, [me], "Quote Q-2026-0314: Dock Pro 60 docking stations", datetime(2026, 2, 24, 10, 12),
                          f"Hi {me.first},\n\nThank you for your enquiry. Our quote for the Dock Pro 60 (USB-C, "
                          "dual 4K, 100 W PD):\n\n- Unit price: EUR 118.00 (ex VAT)\n- Volume discount: 8% on "
                          "orders of 500 units or more\n- Shipping: EUR 640.00 flat per order, delivered to your "
                          "warehouse\n- Lead time: 3 weeks; quote valid until 31 March 2026\n\nKind regards,\n"
                          f"{ra.name}\n{ra.title}, {a}", key="qa"))
        mails.append(Mail(rc, [me], "Revised quote RQ-7781 rev. 2 (replaces rev. 1): Dock Pro 60",
                          datetime(2026, 3, 4, 15, 40),
                          f"Dear {me.first},\n\nFollowing the component price increase we announced last month we "
                          "have to revise our quote RQ-7781 of 9 February. This revision replaces rev. 1 in full; "
                          "rev. 1 is withdrawn.\n\nDock Pro 60, revision 2:\n- Unit price: EUR 121.00 (was 115.00)\n"
                          "- Volume discount: 12% for 500 units or more (unchanged)\n- Freight: EUR 1,150.00 per "
                          "consignment (unchanged)\n- Valid until 10 April 2026\n\nApologies for the change.\n\n"
                          f"Best regards,\n{rc.name}\n{c}", key="qc2"))
        mails.append(Mail(rb, [me], "Re: docking stations", datetime(2026, 2, 26, 9, 5),
                          f"Hi {me.first},\n\nAttached are our two quotes as PDFs: QB-5520 for the Dock Pro 60 you "
                          "asked about, and QB-5521 for the Dock 40 in case a single-monitor model would do.\n\n"
                          f"Thanks,\n{rb.name}\n{b}"))
        mails.append(Mail(f.person(), [me], "IT refresh: docking stations",
                          datetime(2026, 2, 18, 11, 30),
                          f"Hi {me.first},\n\nThe requisition for the refresh is approved: 600 Dock Pro 60 units. "
                          "Please get three quotes and order from the cheapest all-in (discounts and delivery "
                          "included). The Dock 40 doesn't drive two screens, so it's out.\n\nThanks"))
        paths = f.write_mailbox(ws / "inbox", mails)
        q = ws / "quotes"
        q.mkdir()
        (q / "QB-5520_dock-pro-60.pdf.txt").write_text(
            f"{b.upper()}\nQUOTATION QB-5520\nDate: 25 February 2026\nCustomer: {f.company}\nAttn: {me.name}\n\n"
            "Item                      Qty     Unit price (EUR)\nDock Pro 60 docking station  600      112.00\n\n"
            "Volume pricing: 5% discount on orders of 1,000 units or more.\nDelivery: EUR 9.00 per unit, "
            "DDP.\nPayment: 30 days net. Prices exclude VAT.\nValid 45 days.\n")
        (q / "QB-5521_dock-40.pdf.txt").write_text(
            f"{b.upper()}\nQUOTATION QB-5521\nDate: 25 February 2026\nCustomer: {f.company}\n\n"
            "Item                      Qty     Unit price (EUR)\nDock 40 docking station (single display)  600"
            "      89.00\n\nVolume pricing: 5% discount on orders of 1,000 units or more.\nDelivery: EUR 6.00 "
            "per unit, DDP.\nValid 45 days.\n")
        (q / "RQ-7781_rev1.pdf.txt").write_text(
            f"{c}\nQuote RQ-7781 (revision 1)\n9 February 2026\nFor: {f.company}, {me.name}\n\n"
            "Dock Pro 60 docking station, quantity 600, unit price EUR 115.00\nDiscount: 12% for 500 units or "
            "more\nFreight: EUR 1,150.00 per consignment\nValid until 10 March 2026\n")
        (q / "QA-2025-117_monitors.pdf.txt").write_text(
            f"{a}\nQuotation QA-2025-117\n14 October 2025\n\n27-inch monitor, qty 120, EUR 189.00 each\n"
            "Volume discount 4% above 100 units. Shipping EUR 410.00.\n")
        d = ws / "docs"
        d.mkdir()
        for i in range(18):
            kind = ["notes", "status", "policy", "brief"][i % 4]
            (d / f"{kind}-{i + 1:02d}.md").write_text(f.document(kind, when=date(2026, 1, 5 + i)))
        (d / "purchasing-policy.md").write_text(
            "# Purchasing policy\n\n## Quotes\n\nOrders above EUR 25,000 need three written quotes. Compare quotes "
            "on the total landed cost: unit price after any volume discount, plus shipping and handling. Only the "
            "latest revision of a supplier's quote counts.\n")
        return {"qa": paths["qa"], "qc2": paths["qc2"]}

    answer = (f"{c} is cheapest: EUR 65,038.00 for 600 Dock Pro 60 (600 × 121.00 = 72,600 less 12% = 63,888, plus "
              f"1,150 freight), using its revised quote RQ-7781 rev. 2 (rev. 1 at 115.00 is withdrawn). {a}: "
              f"EUR 65,776.00 (70,800 less 8% = 65,136 + 640 shipping). {b}: EUR 72,600.00 (67,200, no discount "
              "below 1,000 units, + 5,400 delivery at 9.00/unit).")
    steps = [("search_mail", {"query": "quote"}), ("read_mail", {"path": "@qa"}), ("read_mail", {"path": "@qc2"}),
             ("list_dir", {"path": "quotes"}), ("read_file", {"path": "quotes/QB-5520_dock-pro-60.pdf.txt"}),
             ("read_file", {"path": "quotes/RQ-7781_rev1.pdf.txt"})]
    long_right = (
        "Here is the comparison for the 600 Dock Pro 60 docking stations, on total landed cost as the purchasing "
        "policy asks.\n\n"
        f"1. {c} — revised quote RQ-7781 rev. 2 of 4 March (it replaces rev. 1 of 9 February, which was withdrawn "
        "after their component price increase). Unit price EUR 121.00, so 600 units come to EUR 72,600.00. The "
        "12% volume discount applies from 500 units, taking it down to EUR 63,888.00. Freight is EUR 1,150.00 per "
        "consignment. All-in total: EUR 65,038.00.\n\n"
        f"2. {a} — quote Q-2026-0314. EUR 118.00 each, EUR 70,800.00 for 600. The 8% discount from 500 units "
        "brings it to EUR 65,136.00, and shipping is a flat EUR 640.00. All-in: EUR 65,776.00.\n\n"
        f"3. {b} — quote QB-5520 for the Dock Pro 60. EUR 112.00 each, EUR 67,200.00; their 5% discount only "
        "starts at 1,000 units so it doesn't apply. Delivery is EUR 9.00 per unit, EUR 5,400.00. All-in: "
        "EUR 72,600.00. (Their QB-5521 for the Dock 40 is cheaper but it is the single-display model, which the "
        "requisition rules out.)\n\n"
        f"Recommendation: order from {c}; it is EUR 738.00 cheaper than the runner-up. Note the rev. 2 quote is "
        "valid until 10 April 2026.")
    right = [
        {"why": "the reference wording", "answer": answer},
        {"why": "short, other currency form", "answer": f"Cheapest all-in is {c} at €65,038 (revised quote). "
         f"{a} comes to €65,776 and {b} to €72,600."},
        {"why": "a long worked comparison with extra true detail", "answer": long_right},
        {"why": "a table, amounts as 65.038,00 EUR", "answer": f"| Supplier | Total |\n|---|---|\n| {c} | "
         f"65.038,00 EUR |\n| {a} | 65.776,00 EUR |\n| {b} | 72.600,00 EUR |\n\n{c} is the cheapest; I used "
         "the updated rev. 2 price of 121.00."},
    ]
    wrong = [
        {"kind": "near-miss", "why": "C's freight left out", "answer": f"{c} is cheapest at EUR 63,888.00; {a} "
         f"EUR 65,776.00; {b} EUR 72,600.00."},
        {"kind": "wrong-entity", "why": "the superseded February quote used for C", "answer": f"{c} is cheapest "
         f"at EUR 61,870.00 (115.00 each, 12% off, 1,150 freight). {a}: EUR 65,776.00. {b}: EUR 72,600.00."},
        {"kind": "wrong-entity", "why": "A named cheapest after C's total is miscomputed", "answer": f"{a} is cheapest at EUR 65,776.00. {c} comes to EUR 66,038.00 and {b} to "
         "EUR 72,600.00."},
        {"kind": "hedge", "why": "two totals offered for C", "answer": f"{c} is cheapest at either EUR 61,870 or "
         f"EUR 65,038 depending on which quote counts; {a} EUR 65,776; {b} EUR 72,600."},
        {"kind": "false-claim", "why": "B's Dock 40 quote taken as the cheapest", "answer": f"{b} is cheapest: "
         "600 × 89.00 + 3,600 delivery = EUR 57,000.00."},
    ]
    check = f'''
        """{ID}: the cheapest all-in supplier for 600 Dock Pro 60 and each supplier's landed total.

        Gate (a wrong core fact scores 0): the answer names {c} and gives its total EUR 65,038.00 unhedged, and
        is not put in doubt (probably, maybe), and gives no figure from its withdrawn rev. 1 (61,870 or 115.00 as a unit price) unless it calls it old.
        Then 0.6 for the winner and its total; 0.15 {a}'s total 65,776.00; 0.15 {b}'s 72,600.00; 0.10 for saying
        the revised quote was used (revised, rev. 2, updated, latest, replaced, withdrawn, superseded).
        An answer naming another supplier as the cheapest with a lower total than C's (the Dock 40, 57,000) fails
        the gate through the total."""

        from edgeagent.bench.grading import has_amount, has_number, says, says_any
        from edgeagent.bench.taskcheck import graded

        WIN, A, B = {c!r}, {a!r}, {b!r}


        def _total(t, v):
            return has_amount(t, v, "EUR", alone=True) or has_number(t, v, alone=True)


        def check(workspace, answer):
            t = answer or ""
            if not says(t, WIN) or not _total(t, 65038):
                return 0.0
            if (has_number(t, 61870) or has_number(t, 57000)) and not says_any(
                    t, "withdrawn", "superseded", "old quote", "rev 1", "revision 1", "replaced", "no longer"):
                return 0.0
            if says_any(t, "probably", "maybe", "perhaps", "not sure", "unsure", "possibly"):
                return 0.0  # a winner in doubt is no answer
            score = 0.6
            score += 0.15 * (says(t, A) and _total(t, 65776))
            score += 0.15 * (says(t, B) and _total(t, 72600))
            score += 0.10 * says_any(t, "revised", "rev 2", "revision 2", "updated", "latest", "replaces",
                                     "replaced", "withdrawn", "superseded", "new price", "price increase")
            return score


        check = graded(check)
    '''
    port = Port(id=ID, source=0, split="dev", prompt=prompt, category="search",
                tools=["list_dir", "read_file", "search", "search_docs", "list_mail", "read_mail", "search_mail"],
                answer=answer, steps=steps, check=check, right=right, wrong=wrong, max_steps=16)
    return port, build


OWN = [task]

if __name__ == "__main__":
    main(OWN, sys.argv[1:])
