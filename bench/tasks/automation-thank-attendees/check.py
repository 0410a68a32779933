from edgeagent.bench.taskcheck import all_recipients, body, graded, sent_to

CAME = [('Sofia', 'sofia.lindgren@brightwater.example'), ('Birgit', 'birgit.aalto@kestrel-logistics.example'), ('Carmen', 'c.ortiz@fjordline.example'), ('Priyanka', 'priyanka.rao@kestrel-logistics.example')]
MISSED = ['jonas.weber@kestrel-logistics.example', 'lukas@designwerk.example']


def check(workspace, answer):
    score = 0.0
    for first, address in CAME:
        mails = sent_to(workspace, address)
        score += (0.7 * bool(mails) + 0.3 * any(first in body(m) for m in mails)) / len(CAME)
    return max(0.0, score - 0.25 * sum(m in all_recipients(workspace) for m in MISSED))


check = graded(check)  # a pasted file is no answer
