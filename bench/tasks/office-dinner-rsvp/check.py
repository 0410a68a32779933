from edgeagent.bench.taskcheck import all_recipients, body, graded, mentions, sent_to


def check(workspace, answer):
    replies = sent_to(workspace, "oskar.lindqvist@brightwater.example")
    if not replies:
        return 0.0
    score = 0.5
    score += 0.3 * any(mentions(body(m), "vegetarian") for m in replies)
    # Oskar asked for replies to him, not to the whole company.
    score += 0.2 * ("all-staff@brightwater.example" not in all_recipients(workspace))
    return score


check = graded(check)  # a pasted file is no answer
