from edgeagent.bench.taskcheck import graded, rows, text

CARDS = ['4628295415038379', '4355178682755162', '4900516009322678', '4350433680381912', '4850654348244523', '4124972271763751', '4851445786097695', '4614298559887972', '4352582669132431', '4573194835980579', '4576395600476440', '4733481684665222']
AMOUNTS = ['191.73', '8.83', '160.88', '199.37', '399.59', '171.13', '22.93', '199.13', '242.09', '232.92', '117.89', '384.29']


def check(workspace, answer):
    out = text(workspace / "payments-analytics.csv")
    if not out.strip():
        return 0.0
    digits = "".join(c for c in out if c.isdigit() or c == "\n")
    if any(c in "".join(out.split()) or c in digits for c in CARDS):
        return 0.1  # a full card number left in
    table = rows(workspace / "payments-analytics.csv")
    last4 = sum(any(r.get("card_number", "").endswith(c[-4:]) for r in table) for c in CARDS) / len(CARDS)
    kept = sum(any(r.get("amount_eur") == a for r in table) for a in AMOUNTS) / len(AMOUNTS)
    return 0.4 + 0.3 * last4 + 0.3 * kept


check = graded(check)  # a pasted file is no answer
