from edgeagent.bench.taskcheck import graded, rows

WANT = [('Priyanka Rao', 'priyanka.rao@kestrel-logistics.example', '358445309172'), ('Birgit Aalto', 'birgit.aalto@kestrel-logistics.example', '358407182264'), ('Jonas Weber', 'jonas.weber@kestrel-logistics.example', '4915122048831')]


def check(workspace, answer):
    table = rows(workspace / "kestrel-contacts.csv")
    if not table:
        return 0.0
    got = {(r.get("email") or "").strip().lower(): r for r in table}
    score = 0.0
    for name, email, phone in WANT:
        r = got.get(email)
        if r:
            digits = "".join(c for c in (r.get("phone") or "") if c.isdigit())
            score += (0.15 + 0.1 * (r.get("name", "").strip() == name) + 0.05 * (digits == phone))
    return score + 0.1 * (len(table) == len(WANT))


check = graded(check)  # a pasted file is no answer
