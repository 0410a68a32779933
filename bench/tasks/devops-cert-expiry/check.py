from edgeagent.bench.taskcheck import graded, mentions

SOON = ['docs.brightwater.example', 'billing.brightwater.example', 'cdn.brightwater.example']
LATER = ['api.brightwater.example', 'shop.brightwater.example', 'vpn-osl.brightwater.example', 'vpn-lis.brightwater.example', 'status.brightwater.example', 'mail.brightwater.example', 'grafana.brightwater.example', 'auth.brightwater.example', 'search.brightwater.example']


def check(workspace, answer):
    found = sum(mentions(answer, h) for h in SOON) / len(SOON)
    wrong = sum(mentions(answer, h) for h in LATER)
    return max(0.0, found - 0.25 * wrong)


check = graded(check)  # a pasted file is no answer
