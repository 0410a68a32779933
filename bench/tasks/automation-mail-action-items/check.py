from edgeagent.bench.taskcheck import body, graded, mentions, sent_to

OWNERS = {'Tomas': 'tomas.berg@brightwater.example', 'Ruth': 'ruth.okafor@brightwater.example', 'Aiko': 'aiko.tanaka@brightwater.example'}
ITEMS = {'Tomas': ['billing cron', 'certificate expiry'], 'Ruth': ['Glacier renewal'], 'Aiko': ['LDAP certificate']}


def check(workspace, answer):
    score = 0.0
    for who, address in OWNERS.items():
        mails = sent_to(workspace, address)
        if not mails:
            continue
        text = " ".join(body(m) for m in mails)
        own = all(mentions(text, i) for i in ITEMS[who])
        others = any(mentions(text, i) for w, its in ITEMS.items() if w != who for i in its)
        score += (0.4 + 0.4 * own + 0.2 * (not others)) / len(OWNERS)
    return score


check = graded(check)  # a pasted file is no answer
