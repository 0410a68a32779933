from edgeagent.bench.taskcheck import all_recipients, body, graded, sent_to


def check(workspace, answer):
    sent = sent_to(workspace, "noor.bakker@brightwater.example")
    if not sent:
        return 0.0
    score = 0.6 + 0.3 * any("88431" in body(m) for m in sent)
    return score + 0.1 * (all_recipients(workspace) == {"noor.bakker@brightwater.example"})


check = graded(check)  # a pasted file is no answer
