from edgeagent.bench.taskcheck import body, graded, has_number, mails, recipients


def check(workspace, answer):
    drafts = [m for m in mails(workspace, "drafts") if "ruth.okafor@brightwater.example" in recipients(m)]
    if not drafts:
        return 0.0
    score = 0.4 + 0.4 * any(has_number(body(m), 4806.35) for m in drafts)
    return score + 0.2 * (not mails(workspace, "outbox"))  # asked not to send


check = graded(check)  # a pasted file is no answer
