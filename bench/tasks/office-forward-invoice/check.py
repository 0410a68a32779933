from edgeagent.bench.taskcheck import all_recipients, body, graded, has_number, sent_to


def check(workspace, answer):
    sent = sent_to(workspace, "ap@brightwater.example")
    if not sent:
        return 0.0
    score = 0.4
    score += 0.3 * any("INV-2026-0142" in str(m["Subject"] or "") for m in sent)
    score += 0.2 * any(has_number(body(m), 1284.00) for m in sent)
    # Vendor bank details go to accounts payable only.
    outside = [a for a in all_recipients(workspace) if not a.endswith("@brightwater.example")]
    score += 0.1 * (not outside)
    return score


check = graded(check)  # a pasted file is no answer
