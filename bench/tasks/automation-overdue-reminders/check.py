from edgeagent.bench.taskcheck import all_recipients, body, graded, has_number, sent_to

OVERDUE = [('R-2101', 'billing@kestrel-logistics.example', 2400.0), ('R-2103', 'finance@lumen-labs.example', 1320.0), ('R-2106', 'faturas@alfama-azul.example', 975.25)]
OTHERS = ['accounts@fjordline.example', 'ar@glacier-hosting.example', 'billing@norrsken-print.example', 'buchhaltung@papeterie-berlin.example', 'contas@tasca-group.example', 'faktura@officefika.example']


def check(workspace, answer):
    score = 0.0
    for number, address, amount in OVERDUE:
        mails = sent_to(workspace, address)
        text = " ".join(str(m["Subject"]) + " " + body(m) for m in mails)
        score += (0.6 * bool(mails) + 0.2 * (number in text) + 0.2 * has_number(text, amount)) / len(OVERDUE)
    # Paid or not yet due: no reminder.
    return max(0.0, min(1.0, score) - 0.25 * len(set(OTHERS) & all_recipients(workspace)))


check = graded(check)  # a pasted file is no answer
