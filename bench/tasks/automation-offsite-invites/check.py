from edgeagent.bench.taskcheck import all_recipients, body, graded, mails, mentions

DESIGN = ['sofia.lindgren@brightwater.example', 'emeka.obi@brightwater.example', 'julia.nowak@brightwater.example', 'kenji.mori@brightwater.example']
OTHERS = ['tomas.berg@brightwater.example', 'ruth.okafor@brightwater.example', 'hanna.berg@brightwater.example', 'lukas@designwerk.example', 'priyanka.rao@kestrel-logistics.example', 'birgit.aalto@kestrel-logistics.example', 'jonas.weber@kestrel-logistics.example']


def check(workspace, answer):
    sent = all_recipients(workspace)
    score = 0.2 * sum(d in sent for d in DESIGN)
    if score:
        score += 0.2 * all(mentions(body(m), "Saltsjobaden") for m in mails(workspace))
    # Designwerk is an agency, not our Design department; nobody else gets the invitation.
    return max(0.0, score - 0.2 * sum(o in sent for o in OTHERS))


check = graded(check)  # a pasted file is no answer
